#include "../../../../src/scan/read_modules.cpp"
