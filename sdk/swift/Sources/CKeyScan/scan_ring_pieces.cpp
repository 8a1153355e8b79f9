#include "../../../../src/scan/ring_pieces.cpp"
