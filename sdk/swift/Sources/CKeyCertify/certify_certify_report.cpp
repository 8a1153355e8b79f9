#include "../../../../src/certify/certify_report.cpp"
