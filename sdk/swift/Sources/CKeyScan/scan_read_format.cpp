#include "../../../../src/scan/read_format.cpp"
