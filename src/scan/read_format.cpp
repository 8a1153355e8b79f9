#include "read_format.hpp"

#include "../codec/field.hpp"
#include "equalise.hpp"
#include "sampler.hpp"

#include <algorithm>
#include <array>
#include <vector>

namespace ckey {

const Quad kCanvasRingCorners{Point{2, 2}, Point{29, 2}, Point{29, 29}, Point{2, 29}};

bool hypothesis_homography(const Quad &quad, int rotation, bool mirrored, Homography &out) {
    std::vector<Point> src(kCanvasRingCorners.begin(), kCanvasRingCorners.end()), dst(4);
    for (int i = 0; i < 4; ++i) dst[i] = quad[mirrored ? (rotation - i + 4) % 4 : (i + rotation) % 4];
    return fit_homography(src, dst, out);
}

namespace {

float median(std::vector<float> v) {
    std::nth_element(v.begin(), v.begin() + v.size() / 2, v.end());
    return v[v.size() / 2];
}

// Ring (ink) and margin (background) reference points beside band cell i.
void references(int i, double &rx, double &ry, double &qx, double &qy) {
    int x, y;
    format_cell_origin(i, x, y);
    double cx = x + 0.5, cy = y + 0.5;
    switch (i / kFormatCellsPerSide) {
    case 0: rx = cx; ry = 2.5; qx = cx; qy = 1.0; break;
    case 1: rx = 28.5; ry = cy; qx = 30.0; qy = cy; break;
    case 2: rx = cx; ry = 28.5; qx = cx; qy = 30.0; break;
    default: rx = 2.5; ry = cy; qx = 1.0; qy = cy; break;
    }
}

}  // namespace

// Hypothesis h = rotation k (+4 when mirrored) maps the canvas onto itself
// by T_h (rotate (x, y) -> (31 - y, x) k times, after transposing when
// mirrored), so every hypothesis reads the same physical cells in another
// order: sample once, then permute. perm[h][i] = physical cell read as i.
const std::array<std::array<uint8_t, kFormatCells>, 8> &band_permutations() {
    static const auto table = [] {
        std::array<std::array<uint8_t, kFormatCells>, 8> perm{};
        auto index_of = [](int x, int y) {
            for (int i = 0; i < kFormatCells; ++i) {
                int cx, cy;
                format_cell_origin(i, cx, cy);
                if (cx == x && cy == y) return i;
            }
            return 0;
        };
        for (int h = 0; h < 8; ++h)
            for (int i = 0; i < kFormatCells; ++i) {
                int x, y;
                format_cell_origin(i, x, y);
                if (h >= 4) std::swap(x, y);
                for (int k = 0; k < (h & 3); ++k) {
                    int nx = 30 - y;
                    y = x;
                    x = nx;
                }
                perm[h][i] = static_cast<uint8_t>(index_of(x, y));
            }
        return perm;
    }();
    return table;
}

namespace {

// Decodes the band (darkness per physical cell) under the 8 orientation
// hypotheses into best: readings that used more sides win, then fewer wrong
// cells, then cost. h is hypothesis 0's map.
void pick_hypothesis(const Quad &quad, const CanvasMap &h, int bend_axis, double phi, bool bowed,
                     const uint8_t *physical, FormatHit &best) {
    long best_rank = 1L << 40;
    uint8_t cells[kFormatCells];
    const auto &perm = band_permutations();
    for (int hyp = 0; hyp < 8; ++hyp) {
        for (int i = 0; i < kFormatCells; ++i) cells[i] = physical[perm[hyp][i]];
        FormatReading reading = format_decode(cells);
        const long rank = ((4L - reading.sides_used) * 128 + reading.errors) * (1L << 24) + reading.cost;
        if (!reading.found || rank >= best_rank) continue;
        Homography hh;
        if (!hypothesis_homography(quad, hyp & 3, hyp >= 4, hh)) continue;
        best_rank = rank;
        best.found = true;
        best.info = format_unpack(reading.word);
        if (bowed) {
            // Bows are measured on the unturned canvas: keep that map and
            // turn the canvas before it.
            best.map = h;
            best.map.turns = hyp & 3;
            best.map.transpose = hyp >= 4;
        } else {
            // The bend's axis in this hypothesis's canvas: a quarter turn or a
            // transpose swaps x and y (the bend is symmetric, so direction is moot).
            const bool swap = ((hyp & 1) != 0) != (hyp >= 4);
            const int axis = bend_axis == 0 ? 0 : swap ? 3 - bend_axis : bend_axis;
            best.map = CanvasMap(hh, axis, phi);
        }
        best.mirrored = hyp >= 4;
        best.cost = reading.cost;
    }
}

// Under blur a dark band cell between light ones never gets as dark as the
// continuous ring beside it, so judged against the ring it reads as
// uncertain. Per side, the levels become the means of the 6 darkest and the
// 6 lightest of its 24 cells, when those differ by at least kMinCellSpread
// grey levels (a side with under 6 cells of one colour reads less surely;
// acceptance is unchanged). False (physical unchanged) when no side does.
constexpr int kCellsPerLevel = 6;
constexpr float kMinCellSpread = 12;

bool cell_levels(const float *value, bool inverted, uint8_t *physical) {
    bool changed = false;
    for (int side = 0; side < 4; ++side) {
        float sorted[kFormatCellsPerSide];
        std::copy_n(value + side * kFormatCellsPerSide, kFormatCellsPerSide, sorted);
        std::sort(sorted, sorted + kFormatCellsPerSide);
        float lo = 0, hi = 0;
        for (int k = 0; k < kCellsPerLevel; ++k) {
            lo += sorted[k];
            hi += sorted[kFormatCellsPerSide - 1 - k];
        }
        lo /= kCellsPerLevel;
        hi /= kCellsPerLevel;
        if (std::fabs(hi - lo) < kMinCellSpread) continue;
        // Ink is the ring's side: the light level for light-on-dark symbols.
        for (int j = 0; j < kFormatCellsPerSide; ++j) {
            const int i = side * kFormatCellsPerSide + j;
            physical[i] = inverted ? darkness(value[i], hi, lo) : darkness(value[i], lo, hi);
        }
        changed = true;
    }
    return changed;
}

}  // namespace

FormatHit read_format(const GrayImage &image, const Quad &quad, int bend_axis, double phi, const SideBows *bows) {
    FormatHit best;
    Homography plain;
    if (!hypothesis_homography(quad, 0, false, plain)) return best;
    CanvasMap h(plain, bend_axis, phi);
    if (bows) {
        h.bowed = true;
        h.bows = *bows;
    }
    // The band under hypothesis 0, with the ring and margin beside each cell
    // as its local ink and background levels.
    float value[kFormatCells];
    uint8_t physical[kFormatCells];
    std::vector<float> inks, backgrounds;
    for (int i = 0; i < kFormatCells; ++i) {
        int x, y;
        format_cell_origin(i, x, y);
        double rx, ry, qx, qy;
        references(i, rx, ry, qx, qy);
        float ink = sample_cell(image, h, rx, ry, 0.2);
        float background = sample_cell(image, h, qx, qy, 0.3);
        value[i] = sample_cell(image, h, x + 0.5, y + 0.5, 0.2);
        physical[i] = darkness(value[i], ink, background);
        inks.push_back(ink);
        backgrounds.push_back(background);
    }
    pick_hypothesis(quad, h, bend_axis, phi, bows != nullptr, physical, best);
    if (!best.found && cell_levels(value, median(inks) > median(backgrounds), physical))
        pick_hypothesis(quad, h, bend_axis, phi, bows != nullptr, physical, best);
    if (best.found) {
        best.ink = median(inks);
        best.background = median(backgrounds);
    }
    return best;
}

namespace {

// Most nibble errors a mirrored Profile 1 reading may correct (spec 14.8):
// camera frames are seldom mirrored, and the four mirrored hypotheses double
// the odds that clutter reads as a locator. At 1 their share of those odds
// is a hundredth (226 words of 16^7 per codeword, not 23,851). The camera
// benchmark's symbol-free frames (seeds 28000) held an inverted QR code whose
// dark quiet zone read as a locator's ring and its modules, mirrored, as a
// word 2 nibbles from a codeword.
constexpr int kLocatorMirroredMaxErrors = 1;

// The locator's 8 x 8 cells decoded from their samples under the eight
// orientations. As for the band: each hypothesis reads the same cells
// permuted. A quarter turn takes cell (r, c) to (c, 7 - r); a transpose to (c, r).
bool read_locator_cells(const Quad &quad, const std::vector<float> &samples, float ink, float background,
                        LocatorHit &hit) {
    uint8_t physical[64], cells[64];
    for (int i = 0; i < 64; ++i) physical[i] = darkness(samples[i], ink, background);
    for (int hyp = 0; hyp < 8; ++hyp) {
        for (int r = 0; r < 8; ++r)
            for (int c = 0; c < 8; ++c) {
                int pr = r, pc = c;
                if (hyp >= 4) std::swap(pr, pc);
                for (int k = 0; k < (hyp & 3); ++k) {
                    int nr = pc;
                    pc = 7 - pr;
                    pr = nr;
                }
                cells[r * 8 + c] = physical[pr * 8 + pc];
            }
        ModuleDecode decoded = decode_modules(FormatInfo{1, 0, fixed_level(1), 0, 0}, cells, 64);
        const bool mirrored = hyp >= 4;
        Homography hh;
        if (decoded.ok && (!mirrored || decoded.errors <= kLocatorMirroredMaxErrors) &&
            hypothesis_homography(quad, hyp & 3, mirrored, hh)) {
            hit.found = true;
            hit.decoded = std::move(decoded);
            hit.h = hh;
            hit.mirrored = mirrored;
            return true;
        }
    }
    return false;
}

// The 64 cells sampled on one map, read as sampled, then equalised: a
// small locator's cells are two or three pixels, and blur mixes each with
// its neighbours.
bool read_locator_map(const GrayImage &image, const Quad &quad, const CanvasMap &map, float ink,
                      float background, LocatorHit &hit) {
    const double pitch = static_cast<double>(kFieldUnits) / kLocatorCells;
    std::vector<float> samples(kLocatorCells * kLocatorCells);
    for (int r = 0; r < kLocatorCells; ++r)
        for (int c = 0; c < kLocatorCells; ++c)
            samples[r * kLocatorCells + c] = sample_cell(image, map, kFieldOrigin + (c + 0.5) * pitch,
                                                         kFieldOrigin + (r + 0.5) * pitch, 0.25 * pitch);
    return read_locator_cells(quad, samples, ink, background, hit) ||
           read_locator_cells(quad, equalise_modules(samples, kLocatorCells, nullptr), ink, background, hit);
}

}  // namespace

LocatorHit read_locator(const GrayImage &image, const Quad &quad, int bend_axis) {
    LocatorHit hit;
    Homography h;
    if (!hypothesis_homography(quad, 0, false, h)) return hit;
    // Levels from the thick ring's middle (3.0) and the margin (1.0), and
    // the ring's inner half (3.3) must be ink nearly all round: Profiles 0,
    // 2 and 3 have their format band there (about half ink), so they fail.
    std::vector<float> ring, margin, inner;
    for (int s = 0; s < 4; ++s)
        for (int k = 0; k < 12; ++k) {
            double t = 5.0 + 21.0 * k / 11.0;
            Point r[3] = {{t, 3.0}, {t, 1.0}, {t, 3.3}};
            for (int j = 0; j < 3; ++j) {
                const Point p = turn_canvas(r[j], s);
                float v = sample_bilinear(image, h.map(p.x, p.y));
                (j == 0 ? ring : j == 1 ? margin : inner).push_back(v);
            }
        }
    float ink = median(ring), background = median(margin);
    int solid = 0;
    for (float v : inner) solid += darkness(v, ink, background) >= 110;
    // Under ~1.5 px per unit blur mixes the ring's inner half with the cells
    // beside it; there the Reed-Solomon check carries more of the weight.
    const double unit = length(quad[1] - quad[0]) / 27.0;
    if (solid < static_cast<int>(inner.size() * (unit >= 1.5 ? 0.75 : 0.55))) return hit;
    // The cells on the flat map, then under cylindrical bends (a marker on
    // a bottle: the ring's refined corners are the arc's chord, and the
    // cells between are compressed toward two sides).
    if (read_locator_map(image, quad, CanvasMap(h), ink, background, hit) || bend_axis == 0) return hit;
    for (double phi : kBends)
        if (read_locator_map(image, quad, CanvasMap(h, bend_axis, phi), ink, background, hit)) return hit;
    return hit;
}

}  // namespace ckey
