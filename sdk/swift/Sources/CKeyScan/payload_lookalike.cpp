#include "../../../../src/payload/lookalike.cpp"
