#include "../../../../src/render/style.cpp"
