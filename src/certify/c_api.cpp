// Certification: the style check, then camera-model readings of the real
// rendering over each backdrop, decoded by the real scanner.
#include <ckey/ckey.h>

#include "../codec/status.hpp"
#include "../scan/scanner.hpp"
#include "camera_model.hpp"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

namespace {

// Straight-alpha RGBA over an opaque colour, as luminance (Rec. 601).
ckey::GrayImage composite(const std::vector<uint8_t> &rgba, int size, uint32_t backdrop) {
    ckey::GrayImage g;
    g.width = g.height = size;
    g.pixels.resize(static_cast<size_t>(size) * size);
    const int br = (backdrop >> 16) & 255, bg = (backdrop >> 8) & 255, bb = backdrop & 255;
    for (size_t i = 0; i < g.pixels.size(); ++i) {
        const uint8_t *p = &rgba[4 * i];
        int a = p[3];
        int r = (p[0] * a + br * (255 - a) + 127) / 255, gg = (p[1] * a + bg * (255 - a) + 127) / 255,
            b = (p[2] * a + bb * (255 - a) + 127) / 255;
        g.pixels[i] = static_cast<uint8_t>((77 * r + 150 * gg + 29 * b + 128) >> 8);
    }
    return g;
}

uint8_t grey_of(uint32_t rgb) {
    return static_cast<uint8_t>((77 * ((rgb >> 16) & 255) + 150 * ((rgb >> 8) & 255) + 29 * (rgb & 255) + 128) >> 8);
}

void say(ckey_certify_report *r, const std::string &text) {
    std::snprintf(r->message, sizeof r->message, "%s", text.c_str());
}

}  // namespace

extern "C" int ckey_certify(const ckey_symbol *symbol, const ckey_style *style, int transparent,
                            const uint32_t *backdrops, size_t backdrop_count, ckey_style *out_style,
                            ckey_certify_report *out) {
    return ckey::guarded([&] {
        ckey::require(symbol, "symbol");
        ckey::require(out, "out_report");
        *out = ckey_certify_report{};
        out->worst_margin = -1;
        if (backdrop_count > 0) ckey::require(backdrops, "backdrops");
        if (backdrop_count > 64)
            ckey::fail(CKEY_INVALID_ARGUMENT, "backdrop_count is ", backdrop_count, "; at most 64 backdrops");
        ckey_style base;
        if (style == nullptr) {
            if (int s = ckey_style_init(&base, CKEY_STYLE_PLAIN); s != CKEY_OK) ckey::fail(static_cast<ckey_status>(s), ckey_last_error());
            style = &base;
        }
        if (transparent && backdrop_count == 0) {
            say(out, "not certified: a transparent symbol is certified only over the backdrops it will sit on, and "
                     "none were given");
            if (out_style) *out_style = *style;
            return;
        }
        // The backdrops to read over: the given ones when transparent, else the style's own background.
        std::vector<uint32_t> surfaces;
        if (transparent) surfaces.assign(backdrops, backdrops + backdrop_count);
        else surfaces.push_back(style->background);
        // The style check, once per surface; the adaptive policy may change the style.
        ckey_style drawn = *style;
        for (uint32_t surface : surfaces) {
            ckey_style adapted;
            ckey_style_report report;
            int status = ckey_style_check(symbol, &drawn, transparent, transparent ? &surface : nullptr, &adapted, &report);
            if (status == CKEY_STYLE_REFUSED) {
                say(out, std::string("not certified: the style check refused the style: ") + ckey_last_error());
                if (out_style) *out_style = drawn;
                return;
            }
            if (status != CKEY_OK) ckey::fail(static_cast<ckey_status>(status), ckey_last_error());
            if (report.adapted) out->adapted = 1;
            drawn = adapted;
        }
        if (out_style) *out_style = drawn;
        ckey_symbol_info info;
        if (int st = ckey_symbol_get_info(symbol, &info); st != CKEY_OK) ckey::fail(static_cast<ckey_status>(st), ckey_last_error());
        const uint8_t *payload = nullptr;
        size_t payload_length = 0;
        ckey_symbol_get_payload(symbol, &payload, &payload_length);
        ckey::Scanner scanner;
        std::string failures;
        out->worst_margin = 1 << 30;
        for (size_t b = 0; b < surfaces.size(); ++b) {
            ++out->backdrops_tested;
            for (int reading = 0; reading < 2; ++reading) {
                const double pixels_per_module = reading == 0 ? 3.0 : 4.0;
                int size = static_cast<int>(std::ceil(31.0 * info.modules / 23.0 * pixels_per_module));
                int min_size = 0;
                ckey_render_min_size(symbol, &min_size);
                size = std::clamp(std::max(size, min_size), 93, 2048);
                std::vector<uint8_t> rgba(static_cast<size_t>(size) * size * 4);
                int st = ckey_render_pixels(symbol, &drawn, size, CKEY_RASTER_COVERAGE, transparent, rgba.data(),
                                            static_cast<size_t>(size) * 4, rgba.size());
                if (st != CKEY_OK) ckey::fail(static_cast<ckey_status>(st), ckey_last_error());
                ckey::CameraModel model;
                model.rotation_degrees = reading == 0 ? 0 : 20;
                model.seed = static_cast<uint32_t>(17 + 31 * b + reading);
                ckey::GrayImage view = ckey::camera_view(composite(rgba, size, surfaces[b]), grey_of(surfaces[b]), model);
                ++out->readings;
                auto results = scanner.scan(view, false, true);
                bool ok = !results.empty() && results[0].payload.size() == payload_length &&
                          std::equal(results[0].payload.begin(), results[0].payload.end(), payload);
                if (ok) {
                    ++out->readings_passed;
                    out->worst_margin = std::min(out->worst_margin, results[0].margin);
                } else if (failures.size() < 300) {
                    char line[120];
                    std::snprintf(line, sizeof line, "%s#%06X at %.0f px/module%s", failures.empty() ? "" : "; ",
                                  static_cast<unsigned>(surfaces[b] & 0xFFFFFF), pixels_per_module,
                                  reading == 0 ? "" : " turned 20 degrees");
                    failures += line;
                }
            }
        }
        out->certified = out->readings_passed == out->readings ? 1 : 0;
        if (!out->certified) out->worst_margin = -1;
        char summary[512];
        if (out->certified)
            std::snprintf(summary, sizeof summary,
                          "certified: %d of %d camera-model readings over %d backdrop(s) decoded; smallest margin "
                          "left %d codewords%s",
                          out->readings_passed, out->readings, out->backdrops_tested, out->worst_margin,
                          out->adapted ? " (style adapted)" : "");
        else
            std::snprintf(summary, sizeof summary, "not certified: %d of %d camera-model readings failed to decode (%s)",
                          out->readings - out->readings_passed, out->readings, failures.c_str());
        say(out, summary);
    });
}
