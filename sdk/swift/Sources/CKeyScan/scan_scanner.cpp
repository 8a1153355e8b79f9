#include "../../../../src/scan/scanner.cpp"
