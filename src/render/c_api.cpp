// The C API of the renderer: ckey_style_*, ckey_render_*, ckey_file_write.
#include <ckey/render.h>

#include "../codec/symbol_handle.hpp"
#include "../core/guard.hpp"
#include "../core/buffer.hpp"
#include "export.hpp"
#include "raster.hpp"
#include "style_check.hpp"

#include <cstring>

using ckey::guarded;
using ckey::require;
using ckey::symbol_of;

namespace {

ckey::Style style_or_plain(const ckey_style *style) {
    return style ? *style : ckey::style_preset(CKEY_STYLE_PLAIN);
}

void check_policy(int policy) {
    if (policy < 0 || policy > 2)
        ckey::fail(CKEY_INVALID_PARAMETER, "policy ", policy, " is unknown; allowed: 0 coverage, 1 binary, 2 hybrid");
}

}  // namespace

extern "C" ckey_status ckey_style_init(ckey_style *out_style, int preset) {
    return guarded([&] {
        require(out_style, "out_style");
        *out_style = ckey::style_preset(preset);
    });
}

extern "C" ckey_status ckey_style_check(const ckey_symbol *symbol, const ckey_style *style, int transparent,
                                        const uint32_t *backdrop, ckey_style *out_style,
                                        ckey_style_report *out_report) {
    return guarded([&] {
        require(style, "style");
        const ckey::Symbol &s = symbol_of(symbol);
        ckey::StyleCheck check = ckey::check_style(s, *style, transparent != 0, backdrop);
        if (out_style) *out_style = check.drawn;
        if (out_report) *out_report = check.report;
        ckey::fail_if_refused(check, *style);
    });
}

extern "C" ckey_status ckey_render_min_size(const ckey_symbol *symbol, int *out_size) {
    return guarded([&] {
        require(out_size, "out_size");
        *out_size = ckey::min_raster_size(symbol_of(symbol));
    });
}

extern "C" ckey_status ckey_render_pixels(const ckey_symbol *symbol, const ckey_style *style, int size, int policy,
                                          int transparent, uint8_t *buffer, size_t bytes_per_row, size_t buffer_size) {
    return guarded([&] {
        const ckey::Symbol &s = symbol_of(symbol);
        require(buffer, "buffer");
        check_policy(policy);
        ckey::validate_raster_size(s, size);
        if (bytes_per_row < size_t(size) * 4)
            ckey::fail(CKEY_INVALID_ARGUMENT, "bytes_per_row is ", bytes_per_row, "; size ", size, " needs at least ",
                       size_t(size) * 4);
        if (buffer_size < bytes_per_row * size_t(size))
            ckey::fail(CKEY_INVALID_ARGUMENT, "buffer_size is ", buffer_size, "; ", size, " rows of ", bytes_per_row,
                       " bytes need ", bytes_per_row * size_t(size));
        ckey::Style drawn = ckey::resolve_style(s, style_or_plain(style), transparent != 0, nullptr);
        ckey::rasterize(s, drawn, size, policy, transparent != 0, buffer, bytes_per_row);
    });
}

extern "C" ckey_status ckey_render_png(const ckey_symbol *symbol, const ckey_style *style, int size, int policy,
                                       int transparent, int dpi, uint8_t **out_data, size_t *out_length) {
    return guarded([&] {
        require(out_data, "out_data");
        require(out_length, "out_length");
        *out_data = nullptr;
        *out_length = 0;
        const ckey::Symbol &s = symbol_of(symbol);
        check_policy(policy);
        ckey::Style drawn = ckey::resolve_style(s, style_or_plain(style), transparent != 0, nullptr);
        std::vector<uint8_t> png = ckey::render_png(s, drawn, size, policy, transparent != 0, dpi);
        *out_data = ckey::malloc_copy(png.data(), png.size());
        *out_length = png.size();
    });
}

extern "C" ckey_status ckey_render_svg(const ckey_symbol *symbol, const ckey_style *style, double scale,
                                       int transparent, char **out_text) {
    return guarded([&] {
        require(out_text, "out_text");
        *out_text = nullptr;
        const ckey::Symbol &s = symbol_of(symbol);
        ckey::Style drawn = ckey::resolve_style(s, style_or_plain(style), transparent != 0, nullptr);
        std::string svg = ckey::render_svg(s, drawn, scale, transparent != 0);
        *out_text = ckey::malloc_copy(svg);
    });
}

extern "C" ckey_status ckey_render_pdf(const ckey_symbol *symbol, const ckey_style *style, double width_points,
                                       int transparent, uint8_t **out_data, size_t *out_length) {
    return guarded([&] {
        require(out_data, "out_data");
        require(out_length, "out_length");
        *out_data = nullptr;
        *out_length = 0;
        const ckey::Symbol &s = symbol_of(symbol);
        ckey::Style drawn = ckey::resolve_style(s, style_or_plain(style), transparent != 0, nullptr);
        std::vector<uint8_t> pdf = ckey::render_pdf(s, drawn, width_points, transparent != 0);
        *out_data = ckey::malloc_copy(pdf.data(), pdf.size());
        *out_length = pdf.size();
    });
}

