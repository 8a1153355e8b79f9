#include "../../../../src/codec/field.cpp"
