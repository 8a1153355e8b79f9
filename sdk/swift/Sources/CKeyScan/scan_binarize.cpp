#include "../../../../src/scan/binarize.cpp"
