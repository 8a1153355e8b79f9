#include "gray_image.hpp"

#include <ckey/image.h>

#include "../core/error.hpp"

#include <cstring>

namespace ckey {

namespace {

// Rec. 601 luma in fixed point (weights sum to 256).
inline int luma(int r, int g, int b) { return (77 * r + 150 * g + 29 * b + 128) >> 8; }

// Colour drawn over white: straight alpha mixes toward 255.
inline int over_white_straight(int c, int a) { return (c * a + 255 * (255 - a) + 127) / 255; }
// Premultiplied colour already holds c*a: add white's share.
inline int over_white_premultiplied(int c, int a) {
    int v = c + (255 - a);
    return v > 255 ? 255 : v;
}

}  // namespace

void check_dimensions(int width, int height, size_t bytes_per_row, int bytes_per_pixel) {
    if (width <= 0 || height <= 0)
        fail(CKEY_INVALID_ARGUMENT, "image size is ", width, " x ", height, "; width and height must be positive");
    if (static_cast<long long>(width) * height > CKEY_MAX_PIXELS)
        fail(CKEY_IMAGE_TOO_LARGE, "image is ", width, " x ", height, " = ", static_cast<long long>(width) * height,
             " pixels; the limit is ", CKEY_MAX_PIXELS, " (100 megapixels)");
    size_t row = static_cast<size_t>(width) * bytes_per_pixel;
    if (bytes_per_row < row)
        fail(CKEY_INVALID_ARGUMENT, "bytes_per_row is ", bytes_per_row, "; a row of ", width, " pixels at ",
             bytes_per_pixel, " bytes each needs at least ", row);
}

void check_buffer(size_t buffer_length, int width, int height, size_t bytes_per_row, int bytes_per_pixel) {
    check_dimensions(width, height, bytes_per_row, bytes_per_pixel);
    // The last row needs only its pixels, not a whole stride (CoreVideo's
    // planes may end there). Overflow-checked: strides come from callers.
    const size_t last_row = static_cast<size_t>(width) * bytes_per_pixel;
    const size_t rows_before = static_cast<size_t>(height) - 1;
    size_t needed = 0;
    if (__builtin_mul_overflow(rows_before, bytes_per_row, &needed) ||
        __builtin_add_overflow(needed, last_row, &needed))
        fail(CKEY_INVALID_ARGUMENT, "bytes_per_row ", bytes_per_row, " times ", height,
             " rows overflows the address space; pass the buffer's real stride");
    if (buffer_length < needed)
        fail(CKEY_INVALID_ARGUMENT, "the pixel buffer is ", buffer_length, " bytes; ", height, " rows at bytes_per_row ",
             bytes_per_row, " (", width, " pixels of ", bytes_per_pixel, " bytes in the last) need ", needed);
}

int bytes_per_pixel(int format) {
    if (format < CKEY_PIXELS_GRAY8 || format > CKEY_PIXELS_NV12_FULL)
        fail(CKEY_INVALID_PARAMETER, "pixel format ", format,
             " is unknown; allowed: 0 gray8, 1 RGBA, 2 BGRA, 3 ARGB, 4-6 their premultiplied forms, 7 NV12 video "
             "range, 8 NV12 full range");
    return format == CKEY_PIXELS_GRAY8 || format >= CKEY_PIXELS_NV12_VIDEO ? 1 : 4;
}

namespace {

void four_byte_row_to_gray(const uint8_t *row, int width, int format, uint8_t *dst) {
    // Channel offsets (r, g, b, a) for each 4-byte layout.
    int r = 0, g = 1, b = 2, a = 3;
    int base = format >= CKEY_PIXELS_RGBA8_PREMULTIPLIED ? format - 3 : format;
    if (base == CKEY_PIXELS_BGRA8) { r = 2; b = 0; }
    if (base == CKEY_PIXELS_ARGB8) { a = 0; r = 1; g = 2; b = 3; }
    const bool premultiplied = format >= CKEY_PIXELS_RGBA8_PREMULTIPLIED;
    for (int x = 0; x < width; ++x) {
        const uint8_t *p = row + 4 * x;
        int alpha = p[a];
        int rr = p[r], gg = p[g], bb = p[b];
        if (premultiplied) {
            rr = over_white_premultiplied(rr, alpha);
            gg = over_white_premultiplied(gg, alpha);
            bb = over_white_premultiplied(bb, alpha);
        } else if (alpha != 255) {
            rr = over_white_straight(rr, alpha);
            gg = over_white_straight(gg, alpha);
            bb = over_white_straight(bb, alpha);
        }
        dst[x] = static_cast<uint8_t>(luma(rr, gg, bb));
    }
}

}  // namespace

void row_to_gray(const uint8_t *row, int width, int format, uint8_t *dst) {
    switch (format) {
    case CKEY_PIXELS_GRAY8:
    case CKEY_PIXELS_NV12_FULL:
        std::memcpy(dst, row, static_cast<size_t>(width));
        break;
    case CKEY_PIXELS_NV12_VIDEO:
        for (int x = 0; x < width; ++x) {
            int v = (static_cast<int>(row[x]) - 16) * 255 / 219;
            dst[x] = static_cast<uint8_t>(v < 0 ? 0 : v > 255 ? 255 : v);
        }
        break;
    default:
        four_byte_row_to_gray(row, width, format, dst);
    }
}

void to_gray(const uint8_t *src, size_t length, int width, int height, size_t stride, int format, GrayImage &out) {
    const int bpp = bytes_per_pixel(format);
    require(src, "pixels");
    check_buffer(length, width, height, stride, bpp);
    out.width = width;
    out.height = height;
    out.pixels.resize(static_cast<size_t>(width) * height);
    for (int y = 0; y < height; ++y)
        row_to_gray(src + stride * y, width, format, out.pixels.data() + static_cast<size_t>(width) * y);
}

GrayImage to_gray(const uint8_t *src, size_t length, int width, int height, size_t stride, int format) {
    GrayImage image;
    to_gray(src, length, width, height, stride, format, image);
    return image;
}

}  // namespace ckey
