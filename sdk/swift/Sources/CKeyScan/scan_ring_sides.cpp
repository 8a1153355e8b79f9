#include "../../../../src/scan/ring_sides.cpp"
