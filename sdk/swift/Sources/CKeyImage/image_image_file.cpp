#include "../../../../src/image/image_file.cpp"
