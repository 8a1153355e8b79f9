#include "../../../../src/scan/sampler.cpp"
