#include "../../../../src/image/pixel_formats.cpp"
