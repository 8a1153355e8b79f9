#include "../../../../src/scan/candidates.cpp"
