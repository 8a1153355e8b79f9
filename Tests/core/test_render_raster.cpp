// The rasterizer: module-level round trips at every style, policies,
// transparency, determinism (stored hashes), seams and size limits.
#include "check.hpp"
#include "test_render_support.hpp"

#include "codec/decode.hpp"
#include "codec/field.hpp"
#include "codec/format.hpp"
#include "core/error.hpp"
#include "render/scene.hpp"

#include <cstdio>
#include <set>

using namespace ckey;
using namespace render_test;

namespace {

const uint8_t *at(const std::vector<uint8_t> &px, int size, int x, int y) { return px.data() + (size_t(y) * size + x) * 4; }

uint32_t color_at(const std::vector<uint8_t> &px, int size, int x, int y) {
    const uint8_t *p = at(px, size, x, y);
    return (uint32_t(p[0]) << 16) | (uint32_t(p[1]) << 8) | p[2];
}

// Pixel containing the point (num / den) units at s px per unit.
int pixel_of(int64_t num, int64_t den, int s) { return static_cast<int>(num * s / den); }

// Renders with the binary policy at an integer number of px per unit and
// reads every module centre and format-cell centre back.
void module_level_check(const Symbol &sym, const Style &style, const std::string &label) {
    const int n = sym.n;
    const int s = std::max(2, (3 * n + 22) / 23);  // at least 3 px per module
    const int size = 31 * s;
    auto px = pixels(sym, style, size, CKEY_RASTER_BINARY);
    std::set<uint32_t> colors;
    for (size_t i = 0; i < px.size(); i += 4) colors.insert((uint32_t(px[i]) << 16) | (px[i + 1] << 8) | px[i + 2]);
    std::set<uint32_t> allowed{style.background, style.ink, style.ring_color, style.key_color};
    for (uint32_t c : colors) CHECK(allowed.count(c) == 1);
    std::vector<uint8_t> darkness(size_t(n) * n);
    int wrong = 0;
    for (int r = 0; r < n; ++r)
        for (int c = 0; c < n; ++c) {
            int x = pixel_of(int64_t(4 * n + 23 * c) * 2 + 23, 2 * n, s);
            int y = pixel_of(int64_t(4 * n + 23 * r) * 2 + 23, 2 * n, s);
            uint32_t got = color_at(px, size, x, y);
            bool dark = got != style.background;
            uint8_t m = sym.modules[size_t(r) * n + c];
            darkness[size_t(r) * n + c] = dark ? 255 : 0;
            if (dark != bool(m & 1)) ++wrong;
            if (dark && (m & 2) && got != style.key_color) ++wrong;
        }
    for (size_t i = 0; i < sym.format.size(); ++i) {
        int x, y;
        format_cell_origin(static_cast<int>(i), x, y);
        bool dark = color_at(px, size, x * s + s / 2, y * s + s / 2) != style.background;
        if (dark != bool(sym.format[i])) ++wrong;
    }
    // Ring on every side, quiet margin light.
    for (int k : {8, 15, 22}) {
        if (color_at(px, size, 2 * s + s / 2, k * s + s / 2) != style.ring_color) ++wrong;
        if (color_at(px, size, k * s + s / 2, 28 * s + s / 2) != style.ring_color) ++wrong;
        if (color_at(px, size, s, k * s) != style.background) ++wrong;
    }
    if (wrong) std::printf("  %s profile %d version %d layout %d: %d wrong\n", label.c_str(), sym.profile, sym.version,
                           sym.layout, wrong);
    CHECK_EQ(wrong, 0);
    ModuleDecode decoded = decode_modules({sym.profile, sym.version, sym.level, sym.layout, sym.mask}, darkness.data(),
                                          darkness.size());
    CHECK(decoded.ok);
    CHECK(decoded.payload == sym.payload);
}

}  // namespace

TEST(module_level_every_profile_version_and_style) {
    std::vector<Symbol> symbols;
    for (int v : {1, 2, 5, 10, 17, 24, 31})
        for (int layout : {0, 1}) symbols.push_back(encode("https://openckey.org/m/" + std::to_string(v), 0, v, v % 4, layout));
    symbols.push_back(encode("", 1));
    symbols.push_back(encode("Hello, CKey text profile", 2));
    symbols.push_back(encode(std::string(600, 'x') + "extended", 3));
    for (const auto &[label, style] : style_variants())
        for (const Symbol &sym : symbols) module_level_check(sym, style, label);
}

TEST(binary_has_exactly_two_colours_and_coverage_antialiases) {
    Symbol sym = encode("two colours", 0, 4);
    Style plain = style_preset(CKEY_STYLE_PLAIN);
    for (int size : {62, 100, 257}) {
        auto px = pixels(sym, plain, size, CKEY_RASTER_BINARY);
        std::set<uint32_t> colors;
        for (size_t i = 0; i < px.size(); i += 4) colors.insert(color_at(px, 1, 0, 0) * 0 + ((px[i] << 16) | (px[i + 1] << 8) | px[i + 2]));
        CHECK_EQ(colors.size(), size_t(2));
        auto cov = pixels(sym, plain, size, CKEY_RASTER_COVERAGE);
        std::set<int> greys;
        for (size_t i = 0; i < cov.size(); i += 4) greys.insert(cov[i]);
        CHECK(greys.size() > 2 || size % 31 == 0);
    }
}

TEST(hybrid_keeps_every_ray_at_least_one_pixel) {
    for (int layout : {0, 1}) {
        Symbol sym = encode("hybrid rays", 0, 1, 1, layout);
        const int size = min_raster_size(sym);
        CHECK_EQ(size, 31);
        auto hybrid = pixels(sym, style_preset(CKEY_STYLE_PLAIN), size, CKEY_RASTER_HYBRID);
        auto coverage = pixels(sym, style_preset(CKEY_STYLE_PLAIN), size, CKEY_RASTER_COVERAGE);
        // A top-side ray is 0.6 px wide and 0.85 px deep inside its pixel;
        // hybrid widens it to the whole pixel.
        for (int i = 0; i < kFormatCellsPerSide; ++i) {
            if (!sym.format[i]) continue;
            int x, y;
            format_cell_origin(i, x, y);
            int ink_hybrid = 255 - at(hybrid, size, x, y)[0], ink_coverage = 255 - at(coverage, size, x, y)[0];
            CHECK(ink_hybrid >= 210);   // 1 px x 0.85 px
            CHECK(ink_coverage <= 140); // 0.6 px x 0.85 px
        }
    }
}

TEST(transparent_background_has_zero_alpha_and_ink_keeps_colour) {
    Symbol sym = encode("transparent", 0, 3);
    Style metal = style_preset(CKEY_STYLE_CONCEPT);
    metal.shadow = 0;
    const int size = 310;
    auto px = pixels(sym, metal, size, CKEY_RASTER_COVERAGE, true);
    CHECK_EQ(int(at(px, size, 5, 5)[3]), 0);                  // quiet margin
    CHECK_EQ(int(at(px, size, 25, 155)[3]), 255);             // ring (2.5 units)
    int partial = 0;
    for (size_t i = 3; i < px.size(); i += 4) partial += px[i] > 0 && px[i] < 255;
    CHECK(partial > 100);  // antialiased in alpha
    // A plain transparent pixel is pure ink with alpha only.
    auto plain = pixels(sym, style_preset(CKEY_STYLE_PLAIN), size, CKEY_RASTER_COVERAGE, true);
    for (size_t i = 0; i < plain.size(); i += 4) CHECK(plain[i] == 0 && plain[i + 1] == 0 && plain[i + 2] == 0);
}

TEST(merged_squares_have_no_seams_at_odd_sizes) {
    Symbol sym = encode("seams", 0, 7);
    Style plain = style_preset(CKEY_STYLE_PLAIN);
    for (int size : {137, 250, 311, 1001}) {
        auto px = pixels(sym, plain, size, CKEY_RASTER_COVERAGE);
        const int n = sym.n;
        int seams = 0;
        // Each pixel wholly inside a 2x2 block of dark modules must be pure ink.
        for (int r = 0; r + 1 < n; ++r)
            for (int c = 0; c + 1 < n; ++c) {
                bool block = true;
                for (int k = 0; k < 4; ++k) block &= bool(sym.modules[size_t(r + k / 2) * n + c + k % 2] & 1);
                if (!block) continue;
                int x0 = static_cast<int>((int64_t(4 * n + 23 * c) * size + 31 * n - 1) / (31 * n));
                int x1 = static_cast<int>(int64_t(4 * n + 23 * (c + 2)) * size / (31 * n));
                int y0 = static_cast<int>((int64_t(4 * n + 23 * r) * size + 31 * n - 1) / (31 * n));
                int y1 = static_cast<int>(int64_t(4 * n + 23 * (r + 2)) * size / (31 * n));
                for (int y = y0; y < y1; ++y)
                    for (int x = x0; x < x1; ++x) seams += at(px, size, x, y)[0] != 0;
            }
        CHECK_EQ(seams, 0);
    }
}

// A fixed module pattern, independent of the codec's placement rules, so
// the hashes pin the renderer alone.
Symbol synthetic(int version) {
    Symbol s;
    s.profile = 0;
    s.version = version;
    s.n = 4 * version + 17;
    s.modules.resize(size_t(s.n) * s.n);
    uint32_t state = 12345;
    for (auto &m : s.modules) {
        state = state * 1103515245u + 12345u;
        m = (state >> 16) & 1;
    }
    for (int kr : {2, s.n - 3})
        for (int kc : {2, s.n - 3})
            for (int dr = -2; dr <= 2; ++dr)
                for (int dc = -2; dc <= 2; ++dc)
                    s.modules[size_t(kr + dr) * s.n + kc + dc] = uint8_t(2 | (key_module_dark(dr, dc) ? 1 : 0));
    s.format.resize(kFormatCells);
    for (int i = 0; i < kFormatCells; ++i) s.format[i] = uint8_t((i * 7 + i / 5) % 3 == 0);
    return s;
}

TEST(stored_hashes_pin_the_bytes) {
    // Integer arithmetic only: these must hold on every platform and compiler.
    struct Case { const char *name; int preset, version, size, policy; bool transparent; uint64_t hash; };
    const Case cases[] = {
        {"plain-coverage", 0, 10, 512, 0, false, 0xc0c06d34d83f1fc2ull},
        {"plain-binary", 0, 10, 300, 1, false, 0x9f959dfb5d4b96ebull},
        {"plain-hybrid", 0, 3, 77, 2, true, 0xe33c99e2e065e4c1ull},
        {"concept-coverage", 1, 10, 512, 0, false, 0x4fc391c8dec6190eull},
        {"concept-transparent", 1, 5, 333, 0, true, 0x603d80c9581b13ccull},
    };
    for (const Case &c : cases) {
        uint64_t h = fnv1a(pixels(synthetic(c.version), style_preset(c.preset), c.size, c.policy, c.transparent));
        if (h != c.hash) std::printf("  %s: 0x%016llxull\n", c.name, static_cast<unsigned long long>(h));
        CHECK_EQ(h, c.hash);
    }
}

TEST(size_limits_are_stated) {
    Symbol v31 = encode("big", 0, 31);
    CHECK_EQ(min_raster_size(v31), 191);  // ceil(31 * 141 / 23)
    try {
        validate_raster_size(v31, 190);
        CHECK(false);
    } catch (const Error &e) {
        CHECK_EQ(e.code(), CKEY_SIZE_TOO_SMALL);
        CHECK(std::string(e.what()).find("at least 191 px") != std::string::npos);
    }
    try {
        validate_raster_size(v31, 8193);
        CHECK(false);
    } catch (const Error &e) {
        CHECK_EQ(e.code(), CKEY_INVALID_ARGUMENT);
    }
    CHECK_EQ(min_raster_size(encode("", 3)), 282);
    CHECK_EQ(min_raster_size(encode("", 1)), 31);
}

TEST(scene_outlines_are_oriented_and_merged) {
    Symbol sym = encode("outlines", 0, 2);
    Scene scene = build_scene(sym, style_preset(CKEY_STYLE_PLAIN), 0);
    // Squares merge: far fewer outlines than dark modules.
    int dark = 0;
    for (uint8_t m : sym.modules) dark += m & 1;
    CHECK(scene.marks[kInk].size() * 3 < size_t(dark));
    CHECK(scene.marks[kKey].empty());  // plain: keys share the ink's outline
    int64_t total = 0;
    for (const Contour &c : scene.marks[kInk]) total += contour_area2(c);
    CHECK(total > 0);
    // The ring is one outer outline and one hole.
    CHECK(contour_area2(scene.marks[kRing][0]) > 0);
    CHECK(contour_area2(scene.marks[kRing][1]) < 0);
}
