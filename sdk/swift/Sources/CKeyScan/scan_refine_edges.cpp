#include "../../../../src/scan/refine_edges.cpp"
