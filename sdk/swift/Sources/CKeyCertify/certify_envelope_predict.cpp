#include "../../../../src/certify/envelope_predict.cpp"
