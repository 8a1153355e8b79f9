#include "../../../../src/payload/text.cpp"
