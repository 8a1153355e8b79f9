#include "../../../../src/payload/web.cpp"
