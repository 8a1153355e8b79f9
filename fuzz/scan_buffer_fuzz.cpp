// Fuzz target for ckey_decoder_scan, the pixel-buffer entry point.
//
// The first 8 bytes choose the call: width and height (1...256 each, so one
// run stays fast), extra bytes per row (0...15), the pixel format (any int in
// -1...9, so unknown formats are exercised too), the scan flags (0...7, so the
// bad bit 4 is refused) and a tail byte. The rest of the input is the pixels,
// repeated to fill the buffer. The buffer is exactly (height-1)*stride +
// width*bpp bytes, so AddressSanitizer sees any read past the last row.
// One call in 64 instead passes a too-small bytes_per_row or a zero/negative
// size and must be refused with CKEY_INVALID_ARGUMENT.
#include <ckey/ckey.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

namespace {

ckey_decoder *decoder() {
    static ckey_decoder *d = [] {
        ckey_decoder *made = nullptr;
        if (ckey_decoder_create(&made) != CKEY_OK) std::abort();
        return made;
    }();
    return d;
}

void check_results(ckey_results *results) {
    size_t count = 0;
    if (ckey_results_get_count(results, &count) != CKEY_OK) std::abort();
    for (size_t i = 0; i < count; ++i) {
        ckey_result_info info;
        if (ckey_results_get_info(results, i, &info) != CKEY_OK) std::abort();
        const uint8_t *data = nullptr;
        size_t length = 0;
        if (ckey_results_get_payload(results, i, &data, &length) != CKEY_OK) std::abort();
        if (length != info.payload_bytes) std::abort();
        volatile uint8_t sink = 0;
        for (size_t k = 0; k < length; ++k) sink ^= data[k];
        if (info.is_text != 0 && info.is_text != 1) std::abort();
    }
    ckey_result_info info;
    if (ckey_results_get_info(results, count, &info) == CKEY_OK) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 8) return 0;
    int width = 1 + data[0];
    int height = 1 + data[1];
    size_t pad = data[2] & 15;
    int format = static_cast<int>(data[3] % 11) - 1;
    int flags = data[4] & 7;
    int mode = data[5] & 63;
    const uint8_t *pixels_in = data + 8;
    size_t pixels_len = size - 8;

    const bool one_byte = format == CKEY_PIXELS_GRAY8 || format == CKEY_PIXELS_NV12_VIDEO ||
                          format == CKEY_PIXELS_NV12_FULL;
    const size_t bpp = one_byte ? 1 : 4;
    size_t stride = width * bpp + pad;
    size_t total = (height - 1) * stride + width * bpp;
    std::vector<uint8_t> buffer(total);
    for (size_t i = 0; i < total; ++i) buffer[i] = pixels_len ? pixels_in[i % pixels_len] : 0;

    ckey_results *results = nullptr;
    if (mode == 0 && format >= 0 && format <= 8) {
        // A bytes_per_row one short of a row, or a non-positive size: refused.
        int status = ckey_decoder_scan(decoder(), buffer.data(), total, width, height, width * bpp - 1, format, 0, &results);
        if (status != CKEY_INVALID_ARGUMENT || results != nullptr) std::abort();
        status = ckey_decoder_scan(decoder(), buffer.data(), total, -width, height, stride, format, 0, &results);
        if (status != CKEY_INVALID_ARGUMENT || results != nullptr) std::abort();
        status = ckey_decoder_scan(decoder(), buffer.data(), total, width, 0, stride, format, 0, &results);
        if (status != CKEY_INVALID_ARGUMENT || results != nullptr) std::abort();
        // A buffer one byte short of its last row, or a stride that overflows: refused.
        status = ckey_decoder_scan(decoder(), buffer.data(), total - 1, width, height, stride, format, 0, &results);
        if (status != CKEY_INVALID_ARGUMENT || results != nullptr) std::abort();
        status = ckey_decoder_scan(decoder(), buffer.data(), total, width, height + 1, SIZE_MAX / 2, format, 0,
                                   &results);
        if (status != CKEY_INVALID_ARGUMENT || results != nullptr) std::abort();
        return 0;
    }

    int status = ckey_decoder_scan(decoder(), buffer.data(), total, width, height, stride, format, flags, &results);
    const bool valid = format >= 0 && format <= 8 && (flags & ~3) == 0;
    if (!valid) {
        if (status == CKEY_OK || results != nullptr) std::abort();
        if (ckey_last_error()[0] == '\0') std::abort();
        return 0;
    }
    if (status != CKEY_OK || results == nullptr) {
        std::fprintf(stderr, "valid scan failed: %d %s\n", status, ckey_last_error());
        std::abort();
    }
    check_results(results);
    ckey_results_destroy(results);
    return 0;
}
