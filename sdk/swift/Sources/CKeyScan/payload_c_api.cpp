#include "../../../../src/payload/c_api.cpp"
