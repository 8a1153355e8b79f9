#include "../../../../src/certify/grade_c_api.cpp"
