#include "../../../../src/render/atomic_file.cpp"
