#include "../../../../src/image/png_reader.cpp"
