#include "../../../../src/render/png_writer.cpp"
