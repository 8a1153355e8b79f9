#include "../../../../src/scan/small_blobs.cpp"
