#include "../../../../src/payload/tel.cpp"
