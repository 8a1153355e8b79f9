#include "../../../../src/payload/script.cpp"
