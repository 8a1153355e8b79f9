#include "../../../../src/actions/base64url.cpp"
