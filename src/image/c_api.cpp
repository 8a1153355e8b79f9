// The C API of image I/O: ckey_image_* and ckey_file_write.
#include <ckey/image.h>

#include "../core/buffer.hpp"
#include "../core/guard.hpp"
#include "atomic_file.hpp"
#include "gray_image.hpp"
#include "image_file.hpp"

using ckey::guarded;
using ckey::require;

extern "C" ckey_status ckey_image_bytes_per_pixel(int format, int *out_bytes) {
    return guarded([&] {
        require(out_bytes, "out_bytes");
        *out_bytes = ckey::bytes_per_pixel(format);
    });
}

extern "C" ckey_status ckey_image_check_size(int width, int height, int format) {
    return guarded([&] {
        const int bytes = ckey::bytes_per_pixel(format);
        ckey::check_dimensions(width, height, static_cast<size_t>(width > 0 ? width : 0) * bytes, bytes);
    });
}

extern "C" ckey_status ckey_file_write(const char *path, const uint8_t *data, size_t length) {
    return guarded([&] {
        require(path, "path");
        ckey::write_file_atomic(path, data, length);
    });
}

extern "C" ckey_status ckey_image_read_png(const uint8_t *data, size_t length, uint8_t **out_rgba,
                                           int *out_width, int *out_height) {
    return guarded([&] {
        require(out_rgba, "out_rgba");
        require(out_width, "out_width");
        require(out_height, "out_height");
        *out_rgba = nullptr;
        require(data, "data");
        int w = 0, h = 0;
        std::vector<uint8_t> rgba = ckey::read_png_rgba(data, length, w, h, 4096LL * 4096);
        if (w > 4096 || h > 4096)
            ckey::fail(CKEY_IMAGE_TOO_LARGE, "the PNG is ", w, " x ", h, " px; logos may be at most 4096 x 4096");
        *out_rgba = ckey::malloc_copy(rgba.data(), rgba.size());
        *out_width = w;
        *out_height = h;
    });
}
