#include "../../../../src/render/logo.cpp"
