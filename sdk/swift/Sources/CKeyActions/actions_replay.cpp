#include "../../../../src/actions/replay.cpp"
