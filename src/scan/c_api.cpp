// The C API of the scanner: ckey_decoder_* and ckey_results_*.
#include <ckey/scan.h>

#include "../codec/encodation.hpp"
#include "../core/guard.hpp"
#include "../image/image_file.hpp"
#include "scanner.hpp"

#include <cstring>

struct ckey_decoder {
    ckey::Scanner scanner;
    ckey::GrayImage frame;  // the last buffer's luminance, reused frame to frame
};

struct ckey_results {
    std::vector<ckey::ScanResult> items;
};

using ckey::guarded;

// The largest grey frame a decoder keeps between calls: 4096 x 4096.
constexpr size_t kKeptFramePixels = size_t{4096} * 4096;
using ckey::require;

namespace {

// True when the bytes are UTF-8 without control characters (tab, LF and CR allowed).
bool is_display_text(const uint8_t *data, size_t length) {
    if (!ckey::valid_utf8(data, length)) return false;
    for (size_t i = 0; i < length; ++i) {
        uint8_t b = data[i];
        if ((b < 0x20 && b != '\t' && b != '\n' && b != '\r') || b == 0x7F) return false;
        // C1 controls U+0080...U+009F are encoded as C2 80...C2 9F.
        if (b == 0xC2 && i + 1 < length && data[i + 1] >= 0x80 && data[i + 1] <= 0x9F) return false;
    }
    return true;
}

const ckey::ScanResult &item(const ckey_results *results, size_t index) {
    require(results, "results");
    if (index >= results->items.size())
        ckey::fail(CKEY_INVALID_ARGUMENT, "index is ", index, "; results holds ", results->items.size());
    return results->items[index];
}

void finish(ckey_decoder *decoder, const ckey::GrayImage &image, int flags, ckey_results **out) {
    if (flags & ~(CKEY_SCAN_ALL | CKEY_SCAN_THOROUGH))
        ckey::fail(CKEY_INVALID_PARAMETER, "flags is ", flags, "; allowed: CKEY_SCAN_ALL (1) | CKEY_SCAN_THOROUGH (2)");
    auto *results = new ckey_results{
        decoder->scanner.scan(image, (flags & CKEY_SCAN_ALL) != 0, (flags & CKEY_SCAN_THOROUGH) != 0)};
    *out = results;
}

}  // namespace

extern "C" ckey_status ckey_decoder_create(ckey_decoder **out_decoder) {
    return guarded([&] {
        require(out_decoder, "out_decoder");
        *out_decoder = new ckey_decoder{};
    });
}

extern "C" void ckey_decoder_destroy(ckey_decoder *decoder) { delete decoder; }

extern "C" ckey_status ckey_decoder_scan(ckey_decoder *decoder, const uint8_t *pixels, size_t buffer_length, int width,
                                         int height, size_t bytes_per_row, int format, int flags,
                                         ckey_results **out_results) {
    return guarded([&] {
        require(out_results, "out_results");
        *out_results = nullptr;
        require(decoder, "decoder");
        ckey::to_gray(pixels, buffer_length, width, height, bytes_per_row, format, decoder->frame);
        finish(decoder, decoder->frame, flags, out_results);
        // Camera frames (up to 4K) keep their buffer; a still image larger
        // than that gives it back rather than hold it for the decoder's life.
        if (decoder->frame.pixels.size() > kKeptFramePixels) decoder->frame = ckey::GrayImage{};
    });
}

extern "C" ckey_status ckey_decoder_scan_file(ckey_decoder *decoder, const char *path, int flags,
                                              ckey_results **out_results) {
    return guarded([&] {
        require(out_results, "out_results");
        *out_results = nullptr;
        require(decoder, "decoder");
        require(path, "path");
        ckey::GrayImage image = ckey::read_image_file(path);
        finish(decoder, image, flags, out_results);
    });
}

extern "C" void ckey_results_destroy(ckey_results *results) { delete results; }

extern "C" ckey_status ckey_results_get_count(const ckey_results *results, size_t *out_count) {
    return guarded([&] {
        require(results, "results");
        require(out_count, "out_count");
        *out_count = results->items.size();
    });
}

extern "C" ckey_status ckey_results_get_info(const ckey_results *results, size_t index, ckey_result_info *out) {
    return guarded([&] {
        const ckey::ScanResult &r = item(results, index);
        require(out, "out_info");
        *out = ckey_result_info{};
        out->profile = r.info.profile;
        out->version = r.info.version;
        out->level = r.info.level;
        out->layout = r.info.layout;
        out->inverted = r.inverted;
        out->mirrored = r.mirrored;
        for (int i = 0; i < 4; ++i)
            out->corners[i] = ckey_point{static_cast<float>(r.corners[i].x), static_cast<float>(r.corners[i].y)};
        out->errors_corrected = r.errors;
        out->erasures_filled = r.erasures;
        out->correction_margin = r.correction_margin;
        out->parity_per_block = r.parity_per_block;
        out->payload_bytes = r.payload.size();
        out->is_text = is_display_text(r.payload.data(), r.payload.size()) ? 1 : 0;
    });
}

extern "C" ckey_status ckey_results_get_payload(const ckey_results *results, size_t index, const uint8_t **out_data,
                                                size_t *out_length) {
    return guarded([&] {
        const ckey::ScanResult &r = item(results, index);
        require(out_data, "out_data");
        require(out_length, "out_length");
        *out_data = r.payload.data();
        *out_length = r.payload.size();
    });
}
