#include "../../../../src/codec/encodation.cpp"
