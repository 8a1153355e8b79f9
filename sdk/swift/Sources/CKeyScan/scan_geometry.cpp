#include "../../../../src/scan/geometry.cpp"
