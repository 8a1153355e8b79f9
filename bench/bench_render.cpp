// Render benchmark: medians of repeated runs on one thread.
//   1024 px RGBA (coverage) for a version 10 symbol, plain and concept
//   PNG encoding of those pixels (and the share spent in zlib/libpng)
//   SVG and PDF generation; 1,000 PNGs at 512 px (a printing run)
#include "codec/symbol.hpp"
#include "render/export.hpp"
#include "render/raster.hpp"
#include "render/style.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <functional>
#include <string>
#include <vector>

using namespace ckey;

namespace {

double median_ms(int runs, const std::function<void()> &body) {
    std::vector<double> times;
    for (int i = 0; i < runs; ++i) {
        auto start = std::chrono::steady_clock::now();
        body();
        times.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
    }
    std::sort(times.begin(), times.end());
    return times[times.size() / 2];
}

}  // namespace

int main() {
    const std::string text = "https://openckey.org/bench/v10";
    Symbol sym = encode_symbol(reinterpret_cast<const uint8_t *>(text.data()), text.size(), {0, 10, 1, 0});
    const Style plain = style_preset(CKEY_STYLE_PLAIN), metal = style_preset(CKEY_STYLE_CONCEPT);
    std::vector<uint8_t> px(1024 * 1024 * 4);
    std::printf("CKey render benchmark (version 10, %d x %d modules), medians\n", sym.n, sym.n);
    for (auto [name, style] : {std::pair{"plain", plain}, std::pair{"concept", metal}}) {
        double raster = median_ms(31, [&] { rasterize(sym, style, 1024, CKEY_RASTER_COVERAGE, false, px.data(), 4096); });
        size_t bytes = 0;
        double png = median_ms(11, [&] { bytes = encode_png(px.data(), 1024, 1024, 4096, 300).size(); });
        std::printf("  %-8s 1024 px RGBA render  %8.2f ms\n", name, raster);
        std::printf("  %-8s 1024 px PNG encode   %8.2f ms (%zu bytes)\n", name, png, bytes);
    }
    for (auto [name, style] : {std::pair{"plain", plain}, std::pair{"concept", metal}}) {
        size_t svg_bytes = 0, pdf_bytes = 0;
        double svg = median_ms(21, [&] { svg_bytes = render_svg(sym, style, 8, false).size(); });
        double pdf = median_ms(21, [&] { pdf_bytes = render_pdf(sym, style, 144, false).size(); });
        std::printf("  %-8s SVG %8.2f ms (%zu bytes), PDF %8.2f ms (%zu bytes)\n", name, svg, svg_bytes, pdf, pdf_bytes);
    }
    std::vector<Symbol> batch;
    for (int i = 0; i < 1000; ++i) {
        std::string payload = "https://openckey.org/t/" + std::to_string(100000 + i);
        batch.push_back(encode_symbol(reinterpret_cast<const uint8_t *>(payload.data()), payload.size(), {0, 0, 1, 0}));
    }
    size_t total = 0;
    double render_only = 0;
    auto start = std::chrono::steady_clock::now();
    std::vector<uint8_t> small(512 * 512 * 4);
    for (const Symbol &s : batch) {
        auto t0 = std::chrono::steady_clock::now();
        rasterize(s, plain, 512, CKEY_RASTER_COVERAGE, false, small.data(), 2048);
        render_only += std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
        total += encode_png(small.data(), 512, 512, 2048, 300).size();
    }
    double all = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    std::printf("  batch    1000 PNGs at 512 px  %8.0f ms total (%.2f ms each; rasterizing %.0f ms, PNG %.0f ms; %zu bytes)\n",
                all, all / 1000, render_only, all - render_only, total);
    return 0;
}
