#include "../../../../src/certify/camera_scene.cpp"
