#include "../../../../src/certify/c_api.cpp"
