// Reading image files into luminance: PNG (libpng), JPEG (libjpeg, EXIF
// orientation honoured), PGM and PPM (binary P5/P6 and ASCII P2/P3).
#pragma once

#include "gray_image.hpp"

#include <string>
#include <vector>

namespace ckey {

// Detects the format from the file's first bytes. Throws ckey::Error:
// CKEY_IO_ERROR when the file cannot be read, CKEY_IMAGE_FORMAT when it is
// not a supported image or is corrupt or truncated, CKEY_IMAGE_TOO_LARGE over
// 100 megapixels.
GrayImage read_image_file(const std::string &path);

// The same from bytes in memory (used by the fuzz targets).
GrayImage read_image_bytes(const uint8_t *data, size_t length);

GrayImage read_png(const uint8_t *data, size_t length);
// Any PNG as straight-alpha RGBA8 (rows of width * 4 bytes); refuses images of
// more than max_pixels before decoding them. Also reads logos for the renderer.
std::vector<uint8_t> read_png_rgba(const uint8_t *data, size_t length, int &width, int &height,
                                   long long max_pixels);
GrayImage read_jpeg(const uint8_t *data, size_t length);
GrayImage read_pnm(const uint8_t *data, size_t length);

// Rotates/mirrors to undo an EXIF orientation (1...8).
GrayImage apply_exif_orientation(const GrayImage &image, int orientation);

}  // namespace ckey
