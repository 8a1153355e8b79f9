#include "../../../../src/payload/punycode.cpp"
