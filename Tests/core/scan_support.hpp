// Helpers of the scan tests: render a symbol through the C API and scan a
// buffer through the C API, returning the payloads found.
#pragma once

#include <ckey/ckey.h>

#include <cstdint>
#include <string>
#include <vector>

namespace scan_support {

struct Rgba {
    int size = 0;
    std::vector<uint8_t> pixels;  // size * size * 4, straight alpha
};

// Renders `payload` with ckey_symbol_encode + ckey_render_pixels. An empty
// result (size 0) means a call failed; ckey_last_error() says why.
inline Rgba render(const std::string &payload, int size, int profile = 0, int version = 0, int level = 1,
                   int layout = 0, int preset = CKEY_STYLE_PLAIN, int policy = CKEY_RASTER_COVERAGE,
                   int transparent = 0) {
    Rgba out;
    ckey_symbol *symbol = nullptr;
    if (ckey_symbol_encode(reinterpret_cast<const uint8_t *>(payload.data()), payload.size(), profile, version, level,
                           layout, &symbol) != CKEY_OK)
        return out;
    ckey_style style;
    ckey_style_init(&style, preset);
    std::vector<uint8_t> pixels(static_cast<size_t>(size) * size * 4);
    int status = ckey_render_pixels(symbol, &style, size, policy, transparent, pixels.data(),
                                    static_cast<size_t>(size) * 4, pixels.size());
    ckey_symbol_destroy(symbol);
    if (status != CKEY_OK) return out;
    out.size = size;
    out.pixels = std::move(pixels);
    return out;
}

// Rec. 601 luma of an opaque RGBA rendering.
inline std::vector<uint8_t> luma(const Rgba &image) {
    std::vector<uint8_t> gray(static_cast<size_t>(image.size) * image.size);
    for (size_t i = 0; i < gray.size(); ++i) {
        const uint8_t *p = &image.pixels[i * 4];
        gray[i] = static_cast<uint8_t>((77 * p[0] + 150 * p[1] + 29 * p[2] + 128) >> 8);
    }
    return gray;
}

// Scans a buffer; returns the payloads found (empty on failure or nothing).
// The buffer's length is taken as exactly what the rows need.
inline std::vector<std::string> scan(ckey_decoder *decoder, const uint8_t *pixels, int width, int height,
                                     size_t bytes_per_row, int format, int flags = 0, int *status_out = nullptr) {
    std::vector<std::string> found;
    ckey_results *results = nullptr;
    const size_t bpp = format == CKEY_PIXELS_GRAY8 || format >= CKEY_PIXELS_NV12_VIDEO ? 1 : 4;
    const size_t length = width > 0 && height > 0 ? (height - 1) * bytes_per_row + width * bpp : 0;
    int status = ckey_decoder_scan(decoder, pixels, length, width, height, bytes_per_row, format, flags, &results);
    if (status_out) *status_out = status;
    if (status != CKEY_OK) return found;
    size_t count = 0;
    ckey_results_get_count(results, &count);
    for (size_t i = 0; i < count; ++i) {
        const uint8_t *data = nullptr;
        size_t length = 0;
        if (ckey_results_get_payload(results, i, &data, &length) == CKEY_OK)
            found.emplace_back(reinterpret_cast<const char *>(data), length);
    }
    ckey_results_destroy(results);
    return found;
}

}  // namespace scan_support
