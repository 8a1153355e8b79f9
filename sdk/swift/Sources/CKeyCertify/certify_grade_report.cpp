#include "../../../../src/certify/grade_report.cpp"
