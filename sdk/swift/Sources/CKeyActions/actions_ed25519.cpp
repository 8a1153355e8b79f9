#include "../../../../src/actions/ed25519.cpp"
