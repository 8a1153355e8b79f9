#include "../../../../src/image/jpeg_reader.cpp"
