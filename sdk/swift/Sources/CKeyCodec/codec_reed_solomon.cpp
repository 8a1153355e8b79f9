#include "../../../../src/codec/reed_solomon.cpp"
