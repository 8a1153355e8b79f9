#include "../../../../src/codec/crc32c.cpp"
