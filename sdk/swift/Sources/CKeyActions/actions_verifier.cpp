#include "../../../../src/actions/verifier.cpp"
