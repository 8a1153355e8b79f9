#include "../../../../src/render/svg_writer.cpp"
