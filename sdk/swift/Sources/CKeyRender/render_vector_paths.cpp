#include "../../../../src/render/vector_paths.cpp"
