#include "../../../../src/certify/grade_measure.cpp"
