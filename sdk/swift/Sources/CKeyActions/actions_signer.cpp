#include "../../../../src/actions/signer.cpp"
