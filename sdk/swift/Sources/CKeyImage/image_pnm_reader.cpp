#include "../../../../src/image/pnm_reader.cpp"
