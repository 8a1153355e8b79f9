#include "../../../../src/actions/request_info.cpp"
