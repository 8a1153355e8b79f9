#include "../../../../src/image/atomic_file.cpp"
