#include "../../../../src/payload/geo.cpp"
