#include "../../../../src/certify/camera_optics.cpp"
