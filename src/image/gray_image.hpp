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

// Converts any supported buffer (see ckey_pixel_format) of `length` bytes to
// luminance. Colour is drawn over white first, so transparency reads as
// white. Throws ckey::Error for bad sizes, strides, lengths or formats.
GrayImage to_gray(const uint8_t *pixels, size_t length, int width, int height, size_t bytes_per_row, int format);
// The same into `out`, whose buffer is reused: a camera frame then costs a
// copy, not a fresh allocation whose pages fault in on every frame.
void to_gray(const uint8_t *pixels, size_t length, int width, int height, size_t bytes_per_row, int format,
             GrayImage &out);

// One row of `width` pixels in `format` to luminance in dst (width bytes).
void row_to_gray(const uint8_t *row, int width, int format, uint8_t *dst);

// The bytes per pixel of a format's first plane (1 or 4); throws
// CKEY_INVALID_PARAMETER naming the allowed formats for an unknown one.
int bytes_per_pixel(int format);

// Checks width/height/stride against the limits; bytes_per_pixel is the
// format's size. Throws with a message naming the bad value.
void check_dimensions(int width, int height, size_t bytes_per_row, int bytes_per_pixel);

// check_dimensions, and that `height` rows of `bytes_per_row` (the last one
// only `width` pixels long) fit in a buffer of buffer_length bytes, with
// overflow-safe arithmetic.
void check_buffer(size_t buffer_length, int width, int height, size_t bytes_per_row, int bytes_per_pixel);

}  // namespace ckey
