// Unit tests of the key and module readings (stage 7) and of the fixed
// detection stages against direct definitions: the fast forms (lattice
// searches, reused samples, vectorised loops) must give exactly what the
// plain definitions give.
#include "check.hpp"
#include "synth.hpp"

#include "codec/symbol.hpp"
#include "scan/binarize.hpp"
#include "scan/read_format.hpp"
#include "scan/read_modules.hpp"

#include <algorithm>
#include <random>

namespace {

using synth::random_image;

// A version-3 symbol drawn slightly rotated, its band read through the ring's
// true corners: the map the module readings start from.
struct Placed {
    ckey::Symbol symbol;
    ckey::GrayImage image;
    ckey::FormatHit format;
};

Placed placed_symbol(double angle, double noise) {
    const std::string text = "https://openckey.org/keys/lattice/test/0123456789";
    Placed p;
    p.symbol = ckey::encode_symbol(reinterpret_cast<const uint8_t *>(text.data()), text.size(), {0, 3, 1, 0});
    p.image = synth::frame(p.symbol, 400, 400, 310, 200, 200, angle);
    if (noise > 0) synth::add_noise(p.image, noise, 7);
    const double unit = 310.0 / 31, cs = std::cos(angle), sn = std::sin(angle);
    ckey::Quad quad;
    for (int i = 0; i < 4; ++i) {
        const double u = (ckey::kCanvasRingCorners[i].x - 15.5) * unit, v = (ckey::kCanvasRingCorners[i].y - 15.5) * unit;
        quad[i] = {200 + cs * u - sn * v, 200 + sn * u + cs * v};
    }
    p.format = ckey::read_format(p.image, quad);
    return p;
}

}  // namespace

TEST(decimate_matches_direct_average_at_every_pixel) {
    for (auto [w, h] : {std::pair{37, 23}, std::pair{2, 2}, std::pair{1281, 9}, std::pair{3, 64}}) {
        const auto a = random_image(w, h, 3);
        ckey::GrayImage b;
        ckey::decimate(a, b);
        REQUIRE(b.width == w / 2 && b.height == h / 2);
        int bad = 0;
        for (int y = 0; y < b.height; ++y)
            for (int x = 0; x < b.width; ++x)
                bad += b.at(x, y) !=
                       (a.at(2 * x, 2 * y) + a.at(2 * x + 1, 2 * y) + a.at(2 * x, 2 * y + 1) + a.at(2 * x + 1, 2 * y + 1) + 2) / 4;
        CHECK_EQ(bad, 0);
    }
}

namespace {

// Pixels of a whose class in t differs from the tile rule of spec 14.2
// step 3 with the given contrast floor, computed directly.
int direct_rule_mismatches(const ckey::GrayImage &a, const ckey::Ternary &t, int tile, int floor) {
    const int w = a.width, h = a.height;
    const int tw = (w + tile - 1) / tile, th = (h + tile - 1) / tile;
    int bad = 0;
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
            int lo = 255, hi = 0;
            for (int ty = std::max(0, y / tile - 1); ty <= std::min(th - 1, y / tile + 1); ++ty)
                for (int tx = std::max(0, x / tile - 1); tx <= std::min(tw - 1, x / tile + 1); ++tx)
                    for (int yy = ty * tile; yy < std::min(h, (ty + 1) * tile); ++yy)
                        for (int xx = tx * tile; xx < std::min(w, (tx + 1) * tile); ++xx) {
                            lo = std::min<int>(lo, a.at(xx, yy));
                            hi = std::max<int>(hi, a.at(xx, yy));
                        }
            uint8_t want = ckey::kUnknown;
            if (hi - lo >= std::max(floor, hi / ckey::kContrastDivisor))
                want = a.at(x, y) < (lo + hi + 1) / 2 ? ckey::kDark : ckey::kLight;
            bad += t.cells[static_cast<size_t>(y) * w + x] != want;
        }
    return bad;
}

}  // namespace

TEST(binarize_matches_direct_tile_rule) {
    // The rule of spec 14.2 written out: the min and max over the 3 x 3 tiles
    // around a pixel's tile (clamped at the edges), unknown under the
    // contrast floor, else dark below the middle; with the usual floor and
    // with the thin rings' higher one (spec 14.3 step 7).
    ckey::BinarizeScratch scratch;
    for (int floor : {ckey::kMinContrast, ckey::kThinMinContrast})
        for (int tile : {3, 4})
            for (auto [w, h] : {std::pair{50, 31}, std::pair{7, 5}, std::pair{64, 64}}) {
                auto a = random_image(w, h, 11 + tile);
                // Smooth regions too (a range of 4 and of 12), so both unknown
                // and classified pixels occur under either floor.
                for (int y = 0; y < h; ++y)
                    for (int x = 0; x < w / 2; ++x)
                        a.pixels[static_cast<size_t>(y) * w + x] =
                            static_cast<uint8_t>(120 + (x + y) % (y < h / 2 ? 5 : 13));
                ckey::Ternary t;
                ckey::binarize(a, t, scratch, tile, floor);
                CHECK_EQ(direct_rule_mismatches(a, t, tile, floor), 0);
            }
}

TEST(keys_are_found_where_the_symbol_puts_them) {
    const Placed p = placed_symbol(0.05, 3);
    REQUIRE(p.format.found);
    const auto keys = ckey::find_keys(p.image, p.format.map, p.format.info, p.format.ink, p.format.background, 0.6);
    REQUIRE(!keys.empty());
    const double pitch = 23.0 / p.symbol.n;
    for (const auto &k : keys) {
        CHECK(k.valid);
        // The map is the true one: every correction stays well under half a
        // module (a key matched one module off would be a full pitch away).
        CHECK(std::fabs(k.dx) <= 0.3 * pitch && std::fabs(k.dy) <= 0.3 * pitch);
        CHECK(k.background - k.ink > 100);
    }
    // Without a search the levels are read where the map puts each key.
    const auto placed = ckey::find_keys(p.image, p.format.map, p.format.info, p.format.ink, p.format.background, 0);
    REQUIRE(placed.size() == keys.size());
    for (const auto &k : placed) {
        CHECK(k.valid && k.dx == 0 && k.dy == 0);
        CHECK(k.background - k.ink > 100);
    }
}

TEST(a_wider_key_search_reusing_a_lattice_matches_one_without) {
    for (double angle : {0.0, 0.3}) {
        const Placed p = placed_symbol(angle, 6);
        REQUIRE(p.format.found);
        const auto &f = p.format;
        std::vector<ckey::KeyLattice> lattices;
        const auto near = ckey::find_keys(p.image, f.map, f.info, f.ink, f.background, 0.6, &lattices);
        CHECK(near == ckey::find_keys(p.image, f.map, f.info, f.ink, f.background, 0.6));
        REQUIRE(lattices.size() == near.size());
        for (const auto &l : lattices) CHECK_EQ(l.half, 13);  // 3 coarse steps + two modules of 5
        const auto far = ckey::find_keys(p.image, f.map, f.info, f.ink, f.background, 1.2, &lattices);
        CHECK(far == ckey::find_keys(p.image, f.map, f.info, f.ink, f.background, 1.2));
        for (const auto &l : lattices) CHECK_EQ(l.half, 16);
    }
}

namespace {

// Every attempt on one key search's samples (kept) decodes exactly as the
// same attempt sampled afresh: the samples, levels and equalised samples
// are the same whether they are kept or made again.
void check_same_decode(const ckey::ModuleDecode &kept, const ckey::ModuleDecode &fresh) {
    CHECK_EQ(kept.ok, fresh.ok);
    CHECK(kept.payload == fresh.payload);
    CHECK_EQ(kept.errors, fresh.errors);
    CHECK_EQ(kept.erasures, fresh.erasures);
    CHECK_EQ(kept.correction_margin, fresh.correction_margin);
}

}  // namespace

TEST(module_samples_on_the_map_are_reused_exactly) {
    const Placed p = placed_symbol(0.2, 4);
    REQUIRE(p.format.found);
    const auto &f = p.format;
    const auto placed = ckey::find_keys(p.image, f.map, f.info, f.ink, f.background, 0);
    const auto near = ckey::find_keys(p.image, f.map, f.info, f.ink, f.background, 0.6);
    const size_t cells = static_cast<size_t>(p.symbol.n) * p.symbol.n;
    ckey::ModuleSamples on_map;
    const auto first = ckey::read_modules(p.image, f.map, f.info, placed, false, &on_map);
    REQUIRE(first.ok);
    CHECK(first.payload == p.symbol.payload);
    CHECK_EQ(on_map.values.size(), cells);
    CHECK_EQ(on_map.lo.size(), cells);
    CHECK(on_map.equalised.empty());  // made only when an attempt equalises
    // Readings 1 and 2, equalised, and reading 2 as read: kept and afresh.
    for (const auto levels : {ckey::Levels::keys, ckey::Levels::neighbours})
        for (const bool equalise : {false, true}) {
            const auto kept = ckey::read_modules(p.image, f.map, f.info, placed, false, &on_map, levels, equalise);
            const auto fresh = ckey::read_modules(p.image, f.map, f.info, placed, false, nullptr, levels, equalise);
            check_same_decode(kept, fresh);
        }
    CHECK_EQ(on_map.equalised.size(), cells);
    // Readings 3 and 5 (near keys followed; key levels, then neighbour levels).
    ckey::ModuleSamples followed;
    CHECK(ckey::read_modules(p.image, f.map, f.info, near, true, &followed).ok);
    CHECK_EQ(followed.values.size(), cells);
    CHECK(followed.values != on_map.values);  // the followed keys moved the sampling points
    for (const bool equalise : {false, true}) {
        const auto kept =
            ckey::read_modules(p.image, f.map, f.info, near, true, &followed, ckey::Levels::neighbours, equalise);
        const auto afresh =
            ckey::read_modules(p.image, f.map, f.info, near, true, nullptr, ckey::Levels::neighbours, equalise);
        CHECK(kept.ok);
        check_same_decode(kept, afresh);
    }
}

TEST(neighbour_levels_read_through_a_shadow_band_between_keys) {
    // A band of 30% transmission across the field between two rows of keys:
    // every key reads in full light, so levels mixed from the keys call the
    // shaded paper ink. Levels from each module's neighbours do not.
    Placed p = placed_symbol(0.0, 0);
    REQUIRE(p.format.found);
    const auto &f = p.format;
    const ckey::FieldLayout &layout = ckey::field_layout(f.info.profile, f.info.version, f.info.layout);
    const double pitch = 23.0 / layout.n, unit = 310.0 / 31;
    // Image rows of the canvas between the first two key rows, keys excluded.
    auto image_y = [&](double module) { return 200 + (ckey::kFieldOrigin + module * pitch - 15.5) * unit; };
    const int y0 = static_cast<int>(image_y(layout.key_centres[0] + 3)),
              y1 = static_cast<int>(image_y(layout.key_centres[1] - 2));
    REQUIRE(y1 - y0 > 40);
    for (int y = y0; y < y1; ++y)
        for (int x = 0; x < p.image.width; ++x) {
            uint8_t &v = p.image.pixels[static_cast<size_t>(y) * p.image.width + x];
            v = static_cast<uint8_t>(v * 0.3);
        }
    const auto keys = ckey::find_keys(p.image, f.map, f.info, f.ink, f.background, 0);
    for (const auto &k : keys) CHECK(k.valid && k.background - k.ink > 100);
    ckey::ModuleSamples on_map;
    CHECK(!ckey::read_modules(p.image, f.map, f.info, keys, false, &on_map).ok);
    const auto shaded = ckey::read_modules(p.image, f.map, f.info, keys, false, &on_map, ckey::Levels::neighbours);
    CHECK(shaded.ok);
    CHECK(shaded.payload == p.symbol.payload);
}
