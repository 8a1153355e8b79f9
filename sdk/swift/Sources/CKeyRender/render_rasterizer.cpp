#include "../../../../src/render/rasterizer.cpp"
