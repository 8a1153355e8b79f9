#include "../../../../src/render/c_api.cpp"
