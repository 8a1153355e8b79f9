#include "../../../../src/codec/segments.cpp"
