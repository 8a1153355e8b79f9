#include "../../../../src/codec/blocks.cpp"
