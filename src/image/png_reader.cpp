// PNG -> luminance through libpng, one row at a time from a ByteSource: any
// bit depth, palette, grey or colour, interlaced or not; the size is checked
// before any pixel is decoded. Also PNG -> straight-alpha RGBA8 from memory
// through the simplified API, for logos.
#include "image_file.hpp"

#include <ckey/image.h>

#include "../core/error.hpp"

#include <csetjmp>
#include <cstring>
#include <string>

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

namespace {

// What libpng's callbacks report back; they may not throw through C.
struct ReadState {
    ByteSource *source;
    ckey_status code = CKEY_IMAGE_FORMAT;
    std::string message;
};

void on_error(png_structp png, png_const_charp message) {
    auto *state = static_cast<ReadState *>(png_get_error_ptr(png));
    if (state->message.empty()) state->message = cat("corrupt PNG: ", message);
    png_longjmp(png, 1);
}

void on_warning(png_structp, png_const_charp) {}

void on_read(png_structp png, png_bytep out, size_t length) {
    auto *state = static_cast<ReadState *>(png_get_io_ptr(png));
    size_t got = 0;
    bool failed = false;
    try {
        got = state->source->read(out, length);
    } catch (const Error &e) {  // copied out: the jump leaves after the handler ends
        state->code = e.code();
        state->message = e.what();
        failed = true;
    }
    if (failed) png_longjmp(png, 1);
    if (got < length) {
        state->message = cat("truncated PNG: the file ends after ", state->source->position(), " bytes");
        png_longjmp(png, 1);
    }
}

// Every PNG becomes 8-bit RGBA rows (straight alpha), which row_to_gray then
// draws over white exactly as for an RGBA buffer.
void request_rgba8(png_structp png, png_infop info) {
    png_set_expand(png);  // palette -> RGB, grey below 8 bits -> 8, tRNS -> alpha
    png_set_scale_16(png);
    png_set_gray_to_rgb(png);
    png_set_add_alpha(png, 0xFF, PNG_FILLER_AFTER);
    png_read_update_info(png, info);
}

// Adam7: where pass p's pixels sit in the image.
constexpr int kStartX[7] = {0, 4, 0, 2, 0, 1, 0}, kStepX[7] = {8, 8, 4, 4, 2, 2, 1};
constexpr int kStartY[7] = {0, 0, 4, 0, 2, 0, 1}, kStepY[7] = {8, 8, 8, 4, 4, 2, 2};

struct Decode {
    png_structp png;
    png_infop info;
    GrayImage *image;
    std::vector<uint8_t> *rgba;  // one row of the widest pass
    std::vector<uint8_t> *gray;
};

void read_rows(const Decode &d) {
    const int w = d.image->width, h = d.image->height;
    if (png_get_interlace_type(d.png, d.info) == PNG_INTERLACE_NONE) {
        for (int y = 0; y < h; ++y) {
            png_read_row(d.png, d.rgba->data(), nullptr);
            row_to_gray(d.rgba->data(), w, CKEY_PIXELS_RGBA8, d.image->pixels.data() + static_cast<size_t>(y) * w);
        }
        return;
    }
    // Without interlace handling libpng hands over each pass's own rows;
    // they are scattered into place, so no full-size colour buffer is needed.
    for (int pass = 0; pass < 7; ++pass) {
        const int cols = (w - kStartX[pass] + kStepX[pass] - 1) / kStepX[pass];
        const int rows = (h - kStartY[pass] + kStepY[pass] - 1) / kStepY[pass];
        if (cols <= 0 || rows <= 0) continue;
        for (int r = 0; r < rows; ++r) {
            png_read_row(d.png, d.rgba->data(), nullptr);
            row_to_gray(d.rgba->data(), cols, CKEY_PIXELS_RGBA8, d.gray->data());
            uint8_t *out = d.image->pixels.data() + static_cast<size_t>(kStartY[pass] + r * kStepY[pass]) * w;
            for (int c = 0; c < cols; ++c) out[kStartX[pass] + c * kStepX[pass]] = (*d.gray)[c];
        }
    }
}

}  // namespace

GrayImage read_png(ByteSource &source) {
    ReadState state{&source, CKEY_IMAGE_FORMAT, {}};
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &state, on_error, on_warning);
    if (png == nullptr) throw std::bad_alloc();
    png_infop info = png_create_info_struct(png);
    GrayImage image;  // before setjmp: a longjmp never skips their construction
    std::vector<uint8_t> rgba, gray;
    volatile bool too_large = false;
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_read_struct(&png, &info, nullptr);
        if (too_large)
            fail(CKEY_IMAGE_TOO_LARGE, "PNG is ", image.width, " x ", image.height,
                 " pixels; the limit is 100 megapixels");
        fail(state.code, state.message);
    }
    if (info == nullptr) png_error(png, "out of memory");
    png_set_read_fn(png, &state, on_read);
    png_read_info(png, info);
    image.width = static_cast<int>(png_get_image_width(png, info));
    image.height = static_cast<int>(png_get_image_height(png, info));
    if (static_cast<long long>(image.width) * image.height > CKEY_MAX_PIXELS) {
        too_large = true;
        png_longjmp(png, 1);
    }
    request_rgba8(png, info);
    rgba.resize(static_cast<size_t>(image.width) * 4);
    gray.resize(static_cast<size_t>(image.width));
    image.pixels.resize(static_cast<size_t>(image.width) * image.height);
    read_rows(Decode{png, info, &image, &rgba, &gray});
    png_read_end(png, nullptr);
    png_destroy_read_struct(&png, &info, nullptr);
    return image;
}

}  // namespace ckey
