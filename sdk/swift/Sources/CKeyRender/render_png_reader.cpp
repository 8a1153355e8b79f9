#include "../../../../src/render/png_reader.cpp"
