#include "../../../../src/core/status.cpp"
