// Reading image files into luminance: PNG (libpng), JPEG (libjpeg: grey,
// RGB, CMYK and YCCK; EXIF orientation honoured), PGM and PPM (binary P5/P6
// and ASCII P2/P3). Every reader streams from a ByteSource into the grey
// image, so peak memory is the image plus a constant, whatever the format.
#pragma once

#include "byte_source.hpp"
#include "gray_image.hpp"

#include <string>
#include <vector>

namespace ckey {

// Detects the format from the first bytes. Throws ckey::Error:
// CKEY_IO_ERROR when the file cannot be read or is not a regular file (path
// "-" is standard input), CKEY_IMAGE_FORMAT when it is not a supported image
// or is corrupt or truncated, CKEY_IMAGE_TOO_LARGE over 100 megapixels.
GrayImage read_image_file(const std::string &path);
GrayImage read_image(ByteSource &source);

// The same from bytes in memory (used by the fuzz targets).
GrayImage read_image_bytes(const uint8_t *data, size_t length);

GrayImage read_png(ByteSource &source);
GrayImage read_jpeg(ByteSource &source);
GrayImage read_pnm(ByteSource &source);
GrayImage read_png(const uint8_t *data, size_t length);
GrayImage read_jpeg(const uint8_t *data, size_t length);
GrayImage read_pnm(const uint8_t *data, size_t length);

// Any PNG as straight-alpha RGBA8 (rows of width * 4 bytes); refuses images of
// more than max_pixels before decoding them. Reads logos for the renderer.
std::vector<uint8_t> read_png_rgba(const uint8_t *data, size_t length, int &width, int &height,
                                   long long max_pixels);

// Rotates/mirrors in place to undo an EXIF orientation (1...8), with at most
// width * height / 8 bytes of extra memory.
void apply_exif_orientation(GrayImage &image, int orientation);

}  // namespace ckey
