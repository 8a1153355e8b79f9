#include "../../../../src/codec/c_api.cpp"
