#include "../../../../src/image/c_api.cpp"
