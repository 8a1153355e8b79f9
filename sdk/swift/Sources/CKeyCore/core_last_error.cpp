#include "../../../../src/core/last_error.cpp"
