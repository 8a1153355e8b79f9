#include "../../../../src/render/pdf_writer.cpp"
