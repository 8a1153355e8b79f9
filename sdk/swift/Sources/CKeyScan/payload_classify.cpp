#include "../../../../src/payload/classify.cpp"
