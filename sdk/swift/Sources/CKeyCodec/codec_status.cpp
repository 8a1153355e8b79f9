#include "../../../../src/codec/status.cpp"
