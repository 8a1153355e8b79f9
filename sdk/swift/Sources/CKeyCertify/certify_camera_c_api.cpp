#include "../../../../src/certify/camera_c_api.cpp"
