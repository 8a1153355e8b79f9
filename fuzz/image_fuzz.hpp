// Shared body of the image-file fuzz targets (png_fuzz, jpeg_fuzz, pnm_fuzz):
// decode the bytes with one reader, check the image it returns, then scan it.
//
// A reader may only succeed with a consistent GrayImage or throw ckey::Error
// with CKEY_IMAGE_FORMAT or CKEY_IMAGE_TOO_LARGE; anything else aborts (an
// uncaught exception of another type is reported by libFuzzer as a crash).
// Images up to 512 x 512 pixels are also scanned through the C API (larger
// ones only slow the run down; the readers' size limit is what matters there).
#pragma once

#include <ckey/ckey.h>

#include "core/error.hpp"
#include "image/image_file.hpp"

#include <cstdio>
#include <cstdlib>

namespace fuzz {

inline ckey_decoder *decoder() {
    static ckey_decoder *d = [] {
        ckey_decoder *made = nullptr;
        if (ckey_decoder_create(&made) != CKEY_OK) std::abort();
        return made;
    }();
    return d;
}

template <typename Reader>
int decode_and_scan(Reader reader, const uint8_t *data, size_t size) {
    ckey::GrayImage image;
    try {
        image = reader(data, size);
    } catch (const ckey::Error &e) {
        if (e.code() != CKEY_IMAGE_FORMAT && e.code() != CKEY_IMAGE_TOO_LARGE) {
            std::fprintf(stderr, "unexpected status %d: %s\n", static_cast<int>(e.code()), e.what());
            std::abort();
        }
        if (e.what()[0] == '\0') std::abort();
        return 0;
    }
    if (image.width <= 0 || image.height <= 0) std::abort();
    if (static_cast<long long>(image.width) * image.height > CKEY_MAX_PIXELS) std::abort();
    if (image.pixels.size() != static_cast<size_t>(image.width) * image.height) std::abort();
    if (static_cast<long long>(image.width) * image.height > 512 * 512) return 0;

    ckey_results *results = nullptr;
    int flags = size % 2 ? CKEY_SCAN_ALL : CKEY_SCAN_ALL | CKEY_SCAN_THOROUGH;
    int status = ckey_decoder_scan(decoder(), image.pixels.data(), image.pixels.size(), image.width, image.height,
                                   static_cast<size_t>(image.width), CKEY_PIXELS_GRAY8, flags, &results);
    if (status != CKEY_OK) {
        std::fprintf(stderr, "scan of a decoded image failed: %d %s\n", status, ckey_last_error());
        std::abort();
    }
    size_t count = 0;
    if (ckey_results_get_count(results, &count) != CKEY_OK) std::abort();
    for (size_t i = 0; i < count; ++i) {
        const uint8_t *payload = nullptr;
        size_t length = 0;
        if (ckey_results_get_payload(results, i, &payload, &length) != CKEY_OK) std::abort();
    }
    ckey_results_destroy(results);
    return 0;
}

}  // namespace fuzz
