#include "../../../../src/actions/c_api.cpp"
