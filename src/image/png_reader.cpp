// PNG -> straight-alpha RGBA8 or luminance through libpng's simplified API,
// from memory. Any bit depth, palette, grey or colour; the size is checked
// before any pixel is decoded.
#include "image_file.hpp"

#include "../codec/status.hpp"

#include <png.h>

namespace ckey {

std::vector<uint8_t> read_png_rgba(const uint8_t *data, size_t length, int &width, int &height,
                                   long long max_pixels) {
    if (data == nullptr || length < 8 || png_sig_cmp(data, 0, 8) != 0)
        fail(CKEY_IMAGE_FORMAT, "the data (", length, " bytes) is not a PNG: the signature is missing");
    png_image image{};
    image.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_memory(&image, data, length))
        fail(CKEY_IMAGE_FORMAT, "corrupt PNG: ", image.message);
    if (static_cast<long long>(image.width) * image.height > max_pixels) {
        png_image_free(&image);
        fail(CKEY_IMAGE_TOO_LARGE, "PNG is ", image.width, " x ", image.height, " pixels; the limit is ", max_pixels,
             " pixels");
    }
    image.format = PNG_FORMAT_RGBA;
    std::vector<uint8_t> rgba(PNG_IMAGE_SIZE(image));
    if (!png_image_finish_read(&image, nullptr, rgba.data(), 0, nullptr))
        fail(CKEY_IMAGE_FORMAT, "corrupt PNG: ", image.message);
    width = static_cast<int>(image.width);
    height = static_cast<int>(image.height);
    return rgba;
}

GrayImage read_png(const uint8_t *data, size_t length) {
    int width = 0, height = 0;
    std::vector<uint8_t> rgba = read_png_rgba(data, length, width, height, CKEY_MAX_PIXELS);
    return to_gray(rgba.data(), width, height, static_cast<size_t>(width) * 4, CKEY_PIXELS_RGBA8);
}

}  // namespace ckey
