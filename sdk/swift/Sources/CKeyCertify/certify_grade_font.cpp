#include "../../../../src/certify/grade_font.cpp"
