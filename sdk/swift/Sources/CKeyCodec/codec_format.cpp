#include "../../../../src/codec/format.cpp"
