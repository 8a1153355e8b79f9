#include "../../../../src/certify/camera_geometry.cpp"
