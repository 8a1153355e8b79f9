#include "../../../../src/render/paint.cpp"
