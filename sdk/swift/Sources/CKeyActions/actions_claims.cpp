#include "../../../../src/actions/claims.cpp"
