// An 8-bit luminance image, the scanner's only input form.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace ckey {

struct GrayImage {
    int width = 0;
    int height = 0;
    std::vector<uint8_t> pixels;  // row-major, stride = width

    uint8_t at(int x, int y) const { return pixels[static_cast<size_t>(y) * width + x]; }
};

// Converts any supported buffer (see ckey_pixel_format) to luminance. Colour
// is drawn over white first, so transparency reads as white. Throws
// ckey::Error for bad sizes, strides or formats.
GrayImage to_gray(const uint8_t *pixels, int width, int height, size_t bytes_per_row, int format);

// Checks width/height/stride against the limits; bytes_per_pixel is the
// format's size. Throws with a message naming the bad value.
void check_dimensions(int width, int height, size_t bytes_per_row, int bytes_per_pixel);

}  // namespace ckey
