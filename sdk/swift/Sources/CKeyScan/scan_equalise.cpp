#include "../../../../src/scan/equalise.cpp"
