#include "../../../../src/certify/camera_model.cpp"
