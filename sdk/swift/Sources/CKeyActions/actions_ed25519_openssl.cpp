#include "../../../../src/actions/ed25519_openssl.cpp"
