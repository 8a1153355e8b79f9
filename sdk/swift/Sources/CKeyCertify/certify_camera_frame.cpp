#include "../../../../src/certify/camera_frame.cpp"
