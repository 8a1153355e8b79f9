#include "read_format.hpp"

#include "../codec/field.hpp"
#include "sampler.hpp"

#include <algorithm>
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

FormatHit read_format(const GrayImage &image, const Quad &quad, int bend_axis, double phi) {
    FormatHit best;
    // Readings that used more sides win; then the lower cost.
    long best_rank = 1L << 40;
    uint8_t cells[kFormatCells];
    for (int hyp = 0; hyp < 8; ++hyp) {
        Homography plain;
        if (!hypothesis_homography(quad, hyp & 3, hyp >= 4, plain)) continue;
        const CanvasMap h(plain, bend_axis, phi);
        std::vector<float> inks, backgrounds;
        for (int i = 0; i < kFormatCells; ++i) {
            int x, y;
            format_cell_origin(i, x, y);
            double rx, ry, qx, qy;
            references(i, rx, ry, qx, qy);
            float ink = sample_cell(image, h, rx, ry, 0.2);
            float background = sample_cell(image, h, qx, qy, 0.3);
            cells[i] = darkness(sample_cell(image, h, x + 0.5, y + 0.5, 0.2), ink, background);
            inks.push_back(ink);
            backgrounds.push_back(background);
        }
        FormatReading reading = format_decode(cells);
        const long rank = ((4L - reading.sides_used) * 128 + reading.errors) * (1L << 24) + reading.cost;
        if (reading.found && rank < best_rank) {
            best_rank = rank;
            best.found = true;
            best.info = format_unpack(reading.word);
            best.map = h;
            best.mirrored = hyp >= 4;
            best.cost = reading.cost;
            best.ink = median(inks);
            best.background = median(backgrounds);
        }
    }
    return best;
}

LocatorHit read_locator(const GrayImage &image, const Quad &quad) {
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
                double x = r[j].x, y = r[j].y;
                for (int turn = 0; turn < s; ++turn) {  // rotate the side about the centre
                    double nx = 31.0 - y;
                    y = x;
                    x = nx;
                }
                float v = sample_bilinear(image, h.map(x, y));
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
    const double pitch = static_cast<double>(kFieldUnits) / kLocatorCells;
    uint8_t cells[64];
    for (int hyp = 0; hyp < 8; ++hyp) {
        Homography hh;
        if (!hypothesis_homography(quad, hyp & 3, hyp >= 4, hh)) continue;
        for (int r = 0; r < 8; ++r)
            for (int c = 0; c < 8; ++c)
                cells[r * 8 + c] = darkness(sample_cell(image, hh, kFieldOrigin + (c + 0.5) * pitch,
                                                        kFieldOrigin + (r + 0.5) * pitch, 0.25 * pitch),
                                            ink, background);
        ModuleDecode decoded = decode_modules(FormatInfo{1, 0, fixed_level(1), 0, 0}, cells, 64);
        if (decoded.ok) {
            hit.found = true;
            hit.decoded = std::move(decoded);
            hit.h = hh;
            hit.mirrored = hyp >= 4;
            return hit;
        }
    }
    return hit;
}

}  // namespace ckey
