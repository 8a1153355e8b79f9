// JPEG -> luminance through libjpeg, from memory, with the EXIF orientation
// tag (APP1) applied so the image is upright as a viewer shows it.
#include "image_file.hpp"

#include "../codec/status.hpp"

#include <csetjmp>
#include <cstdio>
#include <cstring>

#include <jpeglib.h>

namespace ckey {

namespace {

struct ErrorManager {
    jpeg_error_mgr base;
    std::jmp_buf jump;
    char message[JMSG_LENGTH_MAX];
};

void on_error(j_common_ptr info) {
    auto *err = reinterpret_cast<ErrorManager *>(info->err);
    (*info->err->format_message)(info, err->message);
    std::longjmp(err->jump, 1);
}

void on_message(j_common_ptr, int) {}

uint16_t read16(const uint8_t *p, bool little) { return little ? p[0] | p[1] << 8 : p[0] << 8 | p[1]; }
uint32_t read32(const uint8_t *p, bool little) {
    return little ? p[0] | p[1] << 8 | p[2] << 16 | static_cast<uint32_t>(p[3]) << 24
                  : static_cast<uint32_t>(p[0]) << 24 | p[1] << 16 | p[2] << 8 | p[3];
}

// The Orientation tag (0x0112) of IFD0 in an EXIF APP1 payload; 1 if absent.
int exif_orientation(const uint8_t *p, size_t n) {
    if (n < 14 || std::memcmp(p, "Exif\0\0", 6) != 0) return 1;
    const uint8_t *tiff = p + 6;
    size_t size = n - 6;
    bool little = tiff[0] == 'I' && tiff[1] == 'I';
    if (!little && !(tiff[0] == 'M' && tiff[1] == 'M')) return 1;
    uint32_t ifd = read32(tiff + 4, little);
    if (ifd > size - 2 || ifd < 8) return 1;
    uint16_t count = read16(tiff + ifd, little);
    for (uint32_t i = 0; i < count; ++i) {
        size_t entry = ifd + 2 + 12 * static_cast<size_t>(i);
        if (entry + 12 > size) break;
        if (read16(tiff + entry, little) == 0x0112) {
            int value = read16(tiff + entry + 8, little);
            return value >= 1 && value <= 8 ? value : 1;
        }
    }
    return 1;
}

}  // namespace

GrayImage read_jpeg(const uint8_t *data, size_t length) {
    jpeg_decompress_struct info;
    ErrorManager err;
    info.err = jpeg_std_error(&err.base);
    err.base.error_exit = on_error;
    err.base.emit_message = on_message;
    err.message[0] = '\0';
    GrayImage image;  // before setjmp: a longjmp never skips its construction
    volatile int orientation = 1;  // volatile: read after a possible longjmp
    volatile bool too_large = false;
    if (setjmp(err.jump)) {
        jpeg_destroy_decompress(&info);
        if (too_large)
            fail(CKEY_IMAGE_TOO_LARGE, "JPEG is ", image.width, " x ", image.height,
                 " pixels; the limit is 100 megapixels");
        fail(CKEY_IMAGE_FORMAT, "corrupt JPEG: ", err.message);
    }
    jpeg_create_decompress(&info);
    jpeg_mem_src(&info, data, static_cast<unsigned long>(length));
    jpeg_save_markers(&info, JPEG_APP0 + 1, 0xFFFF);
    jpeg_read_header(&info, TRUE);
    for (jpeg_saved_marker_ptr m = info.marker_list; m != nullptr; m = m->next)
        if (m->marker == JPEG_APP0 + 1) orientation = exif_orientation(m->data, m->data_length);
    info.out_color_space = JCS_GRAYSCALE;
    image.width = static_cast<int>(info.image_width);
    image.height = static_cast<int>(info.image_height);
    if (static_cast<unsigned long long>(info.image_width) * info.image_height > CKEY_MAX_PIXELS) {
        too_large = true;
        std::snprintf(err.message, sizeof err.message, "too large");
        std::longjmp(err.jump, 1);
    }
    jpeg_start_decompress(&info);
    image.width = static_cast<int>(info.output_width);
    image.height = static_cast<int>(info.output_height);
    image.pixels.resize(static_cast<size_t>(image.width) * image.height);
    while (info.output_scanline < info.output_height) {
        JSAMPROW row = image.pixels.data() + static_cast<size_t>(info.output_scanline) * image.width;
        jpeg_read_scanlines(&info, &row, 1);
    }
    jpeg_finish_decompress(&info);
    jpeg_destroy_decompress(&info);
    return apply_exif_orientation(image, orientation);
}

}  // namespace ckey
