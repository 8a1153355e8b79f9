#include "../../../../src/render/style_check.cpp"
