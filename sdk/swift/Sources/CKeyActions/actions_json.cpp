#include "../../../../src/actions/json.cpp"
