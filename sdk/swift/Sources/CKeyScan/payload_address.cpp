#include "../../../../src/payload/address.cpp"
