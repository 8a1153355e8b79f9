#include "../../../../src/payload/sms.cpp"
