#include "../../../../src/certify/envelope_scene.cpp"
