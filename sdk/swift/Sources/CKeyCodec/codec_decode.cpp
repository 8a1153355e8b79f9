#include "../../../../src/codec/decode.cpp"
