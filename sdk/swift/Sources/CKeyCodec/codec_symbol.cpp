#include "../../../../src/codec/symbol.cpp"
