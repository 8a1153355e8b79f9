#include "../../../../src/render/marks.cpp"
