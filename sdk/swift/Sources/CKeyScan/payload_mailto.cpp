#include "../../../../src/payload/mailto.cpp"
