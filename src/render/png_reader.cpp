// Reading a PNG (for logos) into straight-alpha RGBA8 with libpng's simplified API.
#include "export.hpp"

#include "../codec/status.hpp"

#include <png.h>

namespace ckey {

std::vector<uint8_t> decode_png_rgba(const uint8_t *data, size_t length, int &width, int &height) {
    if (data == nullptr || length < 8 || png_sig_cmp(data, 0, 8) != 0)
        fail(CKEY_IMAGE_FORMAT, "the data (", length, " bytes) is not a PNG: the signature is missing");
    png_image image{};
    image.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_memory(&image, data, length))
        fail(CKEY_IMAGE_FORMAT, "the PNG could not be read: ", image.message);
    if (image.width > 4096 || image.height > 4096) {
        png_image_free(&image);
        fail(CKEY_IMAGE_TOO_LARGE, "the PNG is ", image.width, " x ", image.height, " px; logos may be at most 4096 x 4096");
    }
    image.format = PNG_FORMAT_RGBA;
    std::vector<uint8_t> rgba(PNG_IMAGE_SIZE(image));
    if (!png_image_finish_read(&image, nullptr, rgba.data(), 0, nullptr))
        fail(CKEY_IMAGE_FORMAT, "the PNG is corrupt: ", image.message);
    width = static_cast<int>(image.width);
    height = static_cast<int>(image.height);
    return rgba;
}

}  // namespace ckey
