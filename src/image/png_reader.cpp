// PNG -> luminance through libpng, from memory. Any bit depth, palette,
// grey or colour; alpha is drawn over white.
#include "image_file.hpp"

#include "../codec/status.hpp"

#include <png.h>

#include <csetjmp>
#include <cstring>
#include <string>

namespace ckey {

namespace {

struct Source {
    const uint8_t *data;
    size_t length;
    size_t offset;
    char message[200];
};

void read_bytes(png_structp png, png_bytep out, png_size_t count) {
    auto *src = static_cast<Source *>(png_get_io_ptr(png));
    if (count > src->length - src->offset) {
        std::snprintf(src->message, sizeof src->message, "truncated: the data ends at byte %zu", src->length);
        png_error(png, "truncated");
    }
    std::memcpy(out, src->data + src->offset, count);
    src->offset += count;
}

void on_error(png_structp png, png_const_charp message) {
    auto *src = static_cast<Source *>(png_get_io_ptr(png));
    if (src != nullptr && src->message[0] == '\0') std::snprintf(src->message, sizeof src->message, "%s", message);
    png_longjmp(png, 1);
}

void on_warning(png_structp, png_const_charp) {}

}  // namespace

GrayImage read_png(const uint8_t *data, size_t length) {
    Source src{data, length, 0, {0}};
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &src, on_error, on_warning);
    if (png == nullptr) throw std::bad_alloc();
    png_infop info = png_create_info_struct(png);
    if (info == nullptr) {
        png_destroy_read_struct(&png, nullptr, nullptr);
        throw std::bad_alloc();
    }
    // Declared before setjmp so a longjmp never skips their construction.
    std::vector<uint8_t> rgba;
    std::vector<png_bytep> rows;
    png_uint_32 width = 0, height = 0;
    bool too_large = false;
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_read_struct(&png, &info, nullptr);
        if (too_large)
            fail(CKEY_IMAGE_TOO_LARGE, "PNG is ", width, " x ", height, " pixels; the limit is 100 megapixels");
        fail(CKEY_IMAGE_FORMAT, "corrupt PNG: ", src.message[0] ? src.message : "libpng failed");
    }
    png_set_read_fn(png, &src, read_bytes);
    png_set_user_limits(png, 1000000, 1000000);
    png_read_info(png, info);
    width = png_get_image_width(png, info);
    height = png_get_image_height(png, info);
    if (static_cast<unsigned long long>(width) * height > CKEY_MAX_PIXELS) {
        too_large = true;
        png_error(png, "too large");
    }
    png_set_expand(png);
    png_set_strip_16(png);
    png_set_gray_to_rgb(png);
    png_set_add_alpha(png, 0xFF, PNG_FILLER_AFTER);
    png_set_interlace_handling(png);
    png_read_update_info(png, info);
    if (png_get_rowbytes(png, info) != static_cast<size_t>(width) * 4) png_error(png, "unexpected row layout");
    rgba.resize(static_cast<size_t>(width) * height * 4);
    rows.resize(height);
    for (png_uint_32 y = 0; y < height; ++y) rows[y] = rgba.data() + static_cast<size_t>(y) * width * 4;
    png_read_image(png, rows.data());
    png_destroy_read_struct(&png, &info, nullptr);
    return to_gray(rgba.data(), static_cast<int>(width), static_cast<int>(height), static_cast<size_t>(width) * 4,
                   CKEY_PIXELS_RGBA8);
}

}  // namespace ckey
