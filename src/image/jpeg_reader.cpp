// JPEG -> luminance through libjpeg, streamed from a ByteSource, with the
// EXIF orientation tag (APP1) applied so the image is upright as a viewer
// shows it. Grey, YCbCr and RGB files are decoded to grey by libjpeg; CMYK
// and YCCK files (Adobe's inverted form too) are converted here, row by row.
// A file that ends early or whose entropy data is corrupt is refused: libjpeg
// would otherwise fill the rest with grey and report success.
#include "image_file.hpp"

#include <ckey/image.h>

#include "../core/error.hpp"

#include <algorithm>
#include <csetjmp>
#include <cstdio>
#include <cstring>

#include <jpeglib.h>
#include <jerror.h>

namespace ckey {

namespace {

struct ErrorManager {
    jpeg_error_mgr base;
    std::jmp_buf jump;
    ckey_status code;
    char message[JMSG_LENGTH_MAX + 96];
};

[[noreturn]] void jump_out(j_common_ptr info, ckey_status code, const char *message) {
    auto *err = reinterpret_cast<ErrorManager *>(info->err);
    err->code = code;
    std::snprintf(err->message, sizeof err->message, "%s", message);
    std::longjmp(err->jump, 1);
}

void on_error(j_common_ptr info) {
    char text[JMSG_LENGTH_MAX];
    (*info->err->format_message)(info, text);
    char message[JMSG_LENGTH_MAX + 32];
    std::snprintf(message, sizeof message, "corrupt JPEG: %s", text);
    jump_out(info, CKEY_IMAGE_FORMAT, message);
}

// Warnings that mean pixels are missing or wrong are errors here. Others
// (extraneous bytes between markers, an odd JFIF revision) are common in
// files that decode fine, and are ignored.
void on_message(j_common_ptr info, int level) {
    if (level != -1) return;
    const int code = info->err->msg_code;
    if (code == JWRN_HIT_MARKER || code == JWRN_MUST_RESYNC || code == JWRN_HUFF_BAD_CODE ||
        code == JWRN_ARITH_BAD_CODE || code == JWRN_JPEG_EOF)
        on_error(info);
}

// Pulls bytes from the ByteSource; the end of the input before the image is
// complete is "truncated", never padding.
struct SourceManager {
    jpeg_source_mgr base;
    ByteSource *source;
    JOCTET buffer[16384];
};

void init_source(j_decompress_ptr) {}
void term_source(j_decompress_ptr) {}

boolean fill_input_buffer(j_decompress_ptr info) {
    auto *src = reinterpret_cast<SourceManager *>(info->src);
    size_t got = 0;
    char message[512] = "";
    ckey_status code = CKEY_IMAGE_FORMAT;
    try {
        got = src->source->read(src->buffer, sizeof src->buffer);
    } catch (const Error &e) {  // copied out: the jump leaves after the handler ends
        code = e.code();
        std::snprintf(message, sizeof message, "%s", e.what());
    }
    if (message[0] != '\0') jump_out(reinterpret_cast<j_common_ptr>(info), code, message);
    if (got == 0) {
        std::snprintf(message, sizeof message, "truncated JPEG: the file ends after %zu bytes, before the image is complete",
                      src->source->position());
        jump_out(reinterpret_cast<j_common_ptr>(info), CKEY_IMAGE_FORMAT, message);
    }
    src->base.next_input_byte = src->buffer;
    src->base.bytes_in_buffer = got;
    return TRUE;
}

void skip_input_data(j_decompress_ptr info, long count) {
    auto *src = reinterpret_cast<SourceManager *>(info->src);
    while (count > 0) {
        if (src->base.bytes_in_buffer == 0) fill_input_buffer(info);
        size_t take = std::min(static_cast<size_t>(count), src->base.bytes_in_buffer);
        src->base.next_input_byte += take;
        src->base.bytes_in_buffer -= take;
        count -= static_cast<long>(take);
    }
}

void attach_source(j_decompress_ptr info, SourceManager &src, ByteSource &source) {
    src.source = &source;
    src.base.init_source = init_source;
    src.base.fill_input_buffer = fill_input_buffer;
    src.base.skip_input_data = skip_input_data;
    src.base.resync_to_restart = jpeg_resync_to_restart;
    src.base.term_source = term_source;
    src.base.next_input_byte = nullptr;
    src.base.bytes_in_buffer = 0;
    info->src = &src.base;
}

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

// CMYK ink (0 = none) to luminance. Adobe applications store the inverse
// (255 = no ink), and say so with an APP14 marker.
void cmyk_row_to_gray(const uint8_t *cmyk, int width, bool adobe_inverted, uint8_t *dst) {
    for (int x = 0; x < width; ++x) {
        const uint8_t *p = cmyk + 4 * x;
        int c = p[0], m = p[1], y = p[2], k = p[3];
        if (!adobe_inverted) c = 255 - c, m = 255 - m, y = 255 - y, k = 255 - k;
        int r = c * k / 255, g = m * k / 255, b = y * k / 255;  // paper left by ink and black
        dst[x] = static_cast<uint8_t>((77 * r + 150 * g + 29 * b + 128) >> 8);
    }
}

// libjpeg keeps whole-image coefficient buffers for progressive files (6
// bytes per pixel for 4:2:0 colour); beyond this it fails rather than grow.
long decoder_memory_cap(const jpeg_decompress_struct &info) {
    return static_cast<long>(96L << 20) + static_cast<long>(info.image_width) * info.image_height / 2;
}

void read_rows(jpeg_decompress_struct &info, GrayImage &image, std::vector<uint8_t> &cmyk) {
    const bool is_cmyk = info.out_color_space == JCS_CMYK;
    while (info.output_scanline < info.output_height) {
        uint8_t *out = image.pixels.data() + static_cast<size_t>(info.output_scanline) * image.width;
        JSAMPROW row = is_cmyk ? cmyk.data() : out;
        if (jpeg_read_scanlines(&info, &row, 1) != 1) break;
        if (is_cmyk) cmyk_row_to_gray(cmyk.data(), image.width, info.saw_Adobe_marker, out);
    }
}

}  // namespace

GrayImage read_jpeg(ByteSource &source) {
    jpeg_decompress_struct info;
    ErrorManager err;
    SourceManager src;
    info.err = jpeg_std_error(&err.base);
    err.base.error_exit = on_error;
    err.base.emit_message = on_message;
    err.message[0] = '\0';
    GrayImage image;  // before setjmp: a longjmp never skips their construction
    std::vector<uint8_t> cmyk;
    volatile int orientation = 1;  // volatile: read after a possible longjmp
    if (setjmp(err.jump)) {
        const bool no_memory = err.base.msg_code == JERR_NO_BACKING_STORE;
        jpeg_destroy_decompress(&info);
        if (no_memory)
            fail(CKEY_IMAGE_TOO_LARGE, "progressive JPEG of ", image.width, " x ", image.height,
                 " pixels needs more decoder memory than the limit (96 MB + half a byte per pixel)");
        fail(err.code, err.message);
    }
    jpeg_create_decompress(&info);
    attach_source(&info, src, source);
    jpeg_save_markers(&info, JPEG_APP0 + 1, 0xFFFF);
    jpeg_read_header(&info, TRUE);
    for (jpeg_saved_marker_ptr m = info.marker_list; m != nullptr; m = m->next)
        if (m->marker == JPEG_APP0 + 1) orientation = exif_orientation(m->data, m->data_length);
    image.width = static_cast<int>(info.image_width);
    image.height = static_cast<int>(info.image_height);
    if (static_cast<unsigned long long>(info.image_width) * info.image_height > CKEY_MAX_PIXELS) {
        char message[96];
        std::snprintf(message, sizeof message, "JPEG is %d x %d pixels; the limit is 100 megapixels", image.width,
                      image.height);
        jump_out(reinterpret_cast<j_common_ptr>(&info), CKEY_IMAGE_TOO_LARGE, message);
    }
    const bool ink = info.jpeg_color_space == JCS_CMYK || info.jpeg_color_space == JCS_YCCK;
    info.out_color_space = ink ? JCS_CMYK : JCS_GRAYSCALE;
    info.mem->max_memory_to_use = decoder_memory_cap(info);
    jpeg_start_decompress(&info);
    image.width = static_cast<int>(info.output_width);
    image.height = static_cast<int>(info.output_height);
    image.pixels.resize(static_cast<size_t>(image.width) * image.height);
    if (ink) cmyk.resize(static_cast<size_t>(image.width) * 4);
    read_rows(info, image, cmyk);
    jpeg_finish_decompress(&info);
    jpeg_destroy_decompress(&info);
    apply_exif_orientation(image, orientation);
    return image;
}

}  // namespace ckey
