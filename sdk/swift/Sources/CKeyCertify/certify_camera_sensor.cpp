#include "../../../../src/certify/camera_sensor.cpp"
