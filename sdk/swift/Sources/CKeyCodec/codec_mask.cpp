#include "../../../../src/codec/mask.cpp"
