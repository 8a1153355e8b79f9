#include "../../../../src/image/byte_source.cpp"
