#include "../../../../src/certify/camera_render.cpp"
