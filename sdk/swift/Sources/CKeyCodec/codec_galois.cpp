#include "../../../../src/codec/galois.cpp"
