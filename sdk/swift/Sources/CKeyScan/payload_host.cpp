#include "../../../../src/payload/host.cpp"
