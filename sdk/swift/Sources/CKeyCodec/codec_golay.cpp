#include "../../../../src/codec/golay.cpp"
