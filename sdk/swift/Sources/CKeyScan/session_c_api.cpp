#include "../../../../src/session/c_api.cpp"
