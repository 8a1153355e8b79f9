#include "../../../../src/actions/reason.cpp"
