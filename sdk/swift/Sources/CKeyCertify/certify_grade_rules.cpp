#include "../../../../src/certify/grade_rules.cpp"
