#include "../../../../src/image/orientation.cpp"
