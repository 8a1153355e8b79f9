#include "../../../../src/actions/key_ring.cpp"
