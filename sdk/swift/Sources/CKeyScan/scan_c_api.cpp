#include "../../../../src/scan/c_api.cpp"
