#include "../../../../src/payload/mecard.cpp"
