#include "../../../../src/certify/grade_card.cpp"
