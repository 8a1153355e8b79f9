#include "binarize.hpp"

#include <algorithm>
#include <cstring>

namespace ckey {

namespace {

// One output row from two input rows. The restrict pointers tell the
// compiler the rows do not overlap, so it vectorises the loop (it did not
// when the rows were read through the images' vectors).
// Each pair of pixels is loaded as one 16-bit word and split by mask and
// shift (the same sum either byte order gives): compilers vectorise that
// well, where two byte loads 2 apart vectorise poorly (1.4x slower at -O3).
void decimate_row(const uint8_t *__restrict a, const uint8_t *__restrict b, uint8_t *__restrict dst, int n) {
    for (int x = 0; x < n; ++x) {
        uint16_t p, q;
        std::memcpy(&p, a + 2 * x, 2);
        std::memcpy(&q, b + 2 * x, 2);
        dst[x] = static_cast<uint8_t>(((p & 0xff) + (p >> 8) + (q & 0xff) + (q >> 8) + 2) >> 2);
    }
}

void darkest_row(const uint8_t *__restrict a, const uint8_t *__restrict b, uint8_t *__restrict dst, int n) {
    for (int x = 0; x < n; ++x)
        dst[x] = std::min(std::min(a[2 * x], a[2 * x + 1]), std::min(b[2 * x], b[2 * x + 1]));
}

}  // namespace

void decimate(const GrayImage &in, GrayImage &out) {
    out.width = in.width / 2;
    out.height = in.height / 2;
    out.pixels.resize(static_cast<size_t>(out.width) * out.height);
    const uint8_t *src = in.pixels.data();
    uint8_t *dst = out.pixels.data();
    for (int y = 0; y < out.height; ++y) {
        const uint8_t *a = src + static_cast<size_t>(2 * y) * in.width;
        decimate_row(a, a + in.width, dst + static_cast<size_t>(y) * out.width, out.width);
    }
}

void decimate_darkest(const GrayImage &in, GrayImage &out) {
    out.width = in.width / 2;
    out.height = in.height / 2;
    out.pixels.resize(static_cast<size_t>(out.width) * out.height);
    for (int y = 0; y < out.height; ++y) {
        const uint8_t *a = &in.pixels[static_cast<size_t>(2 * y) * in.width];
        darkest_row(a, a + in.width, &out.pixels[static_cast<size_t>(y) * out.width], out.width);
    }
}

void smooth(const GrayImage &in, GrayImage &out) {
    const int w = in.width, h = in.height;
    out.width = w;
    out.height = h;
    out.pixels.resize(in.pixels.size());
    if (w < 2 || h < 2) {
        out.pixels = in.pixels;
        return;
    }
    // Horizontal [1 2 1] of each row computed once, kept in a 3-row ring.
    std::vector<uint16_t> ring(static_cast<size_t>(w) * 3);
    auto horizontal = [&](int y, uint16_t *dst) {
        const uint8_t *src = &in.pixels[static_cast<size_t>(y) * w];
        dst[0] = static_cast<uint16_t>(3 * src[0] + src[1]);
        for (int x = 1; x + 1 < w; ++x) dst[x] = static_cast<uint16_t>(src[x - 1] + 2 * src[x] + src[x + 1]);
        dst[w - 1] = static_cast<uint16_t>(src[w - 2] + 3 * src[w - 1]);
    };
    // Row r (from -1 to h, clamped) lives in slot (r + 1) % 3.
    horizontal(0, &ring[0]);
    horizontal(0, &ring[static_cast<size_t>(w)]);
    horizontal(1, &ring[2 * static_cast<size_t>(w)]);
    for (int y = 0; y < h; ++y) {
        const uint16_t *up = &ring[static_cast<size_t>(y % 3) * w];
        const uint16_t *mid = &ring[static_cast<size_t>((y + 1) % 3) * w];
        const uint16_t *down = &ring[static_cast<size_t>((y + 2) % 3) * w];
        uint8_t *dst = &out.pixels[static_cast<size_t>(y) * w];
        for (int x = 0; x < w; ++x) dst[x] = static_cast<uint8_t>((up[x] + 2 * mid[x] + down[x] + 8) >> 4);
        // Row y + 2 takes the slot of row y - 1, no longer needed.
        if (y + 1 < h) horizontal(std::min(y + 2, h - 1), &ring[static_cast<size_t>(y % 3) * w]);
    }
}

namespace {

// out[i] = min (or max) of in[i - 1 ... i + 1] within [0, n): a 3-wide
// window, edges clamped. Whole-array loops the compiler vectorises (the
// restrict pointers let it).
template <typename Pick>
void spread3(const uint8_t *__restrict in, uint8_t *__restrict out, int n, Pick pick) {
    if (n == 1) {
        out[0] = in[0];
        return;
    }
    out[0] = pick(in[0], in[1]);
    for (int i = 1; i + 1 < n; ++i) out[i] = pick(pick(in[i - 1], in[i]), in[i + 1]);
    out[n - 1] = pick(in[n - 2], in[n - 1]);
}

const auto kMin = [](uint8_t a, uint8_t b) { return std::min(a, b); };
const auto kMax = [](uint8_t a, uint8_t b) { return std::max(a, b); };

// out[i] = pick of the three rows at i.
template <typename Pick>
void pick3(const uint8_t *__restrict up, const uint8_t *__restrict mid, const uint8_t *__restrict down,
           uint8_t *__restrict out, int n, Pick pick) {
    for (int i = 0; i < n; ++i) out[i] = pick(pick(up[i], mid[i]), down[i]);
}

// Each tile's min and max (the rows are padded to whole tiles), into
// s.tmin and s.tmax: per tile row, the column-wise extremes over its rows,
// then each tile's extremes across its Tile columns.
template <int Tile>
void tile_extremes(const GrayImage &image, BinarizeScratch &s, int tw, int th) {
    const int w = image.width, h = image.height;
    uint8_t *colmin = s.colmin.data(), *colmax = s.colmax.data();
    for (int ty = 0; ty < th; ++ty) {
        const int y0 = ty * Tile, y1 = std::min(h, y0 + Tile);
        const uint8_t *first = &image.pixels[static_cast<size_t>(y0) * w];
        std::copy(first, first + w, colmin);
        std::copy(first, first + w, colmax);
        std::fill(colmin + w, colmin + tw * Tile, first[w - 1]);
        std::fill(colmax + w, colmax + tw * Tile, first[w - 1]);
        for (int y = y0 + 1; y < y1; ++y) {
            const uint8_t *row = &image.pixels[static_cast<size_t>(y) * w];
            for (int x = 0; x < w; ++x) {
                colmin[x] = std::min(colmin[x], row[x]);
                colmax[x] = std::max(colmax[x], row[x]);
            }
        }
        uint8_t *lo = &s.tmin[static_cast<size_t>(ty) * tw], *hi = &s.tmax[static_cast<size_t>(ty) * tw];
        for (int tx = 0; tx < tw; ++tx) {
            uint8_t a = colmin[tx * Tile], b = colmax[tx * Tile];
            for (int k = 1; k < Tile; ++k) {
                a = std::min(a, colmin[tx * Tile + k]);
                b = std::max(b, colmax[tx * Tile + k]);
            }
            lo[tx] = a;
            hi[tx] = b;
        }
    }
}

// Spreads the extremes over 3 x 3 tiles so an edge on a tile border is seen
// by both sides: across each tile row, then down each tile column (the
// result goes back into s.tmin and s.tmax).
void spread_extremes(BinarizeScratch &s, int tw, int th) {
    for (int ty = 0; ty < th; ++ty) {
        const size_t row = static_cast<size_t>(ty) * tw;
        spread3(&s.tmin[row], &s.spread_min[row], tw, kMin);
        spread3(&s.tmax[row], &s.spread_max[row], tw, kMax);
    }
    for (int ty = 0; ty < th; ++ty) {
        const size_t up = static_cast<size_t>(std::max(ty - 1, 0)) * tw, mid = static_cast<size_t>(ty) * tw;
        const size_t down = static_cast<size_t>(std::min(ty + 1, th - 1)) * tw;
        pick3(&s.spread_min[up], &s.spread_min[mid], &s.spread_min[down], &s.tmin[mid], tw, kMin);
        pick3(&s.spread_max[up], &s.spread_max[mid], &s.spread_max[down], &s.tmax[mid], tw, kMax);
    }
}

template <int Tile>
void binarize_tiles(const GrayImage &image, Ternary &out, BinarizeScratch &s, int min_contrast) {
    const int w = image.width, h = image.height;
    const int tw = (w + Tile - 1) / Tile, th = (h + Tile - 1) / Tile;
    const size_t tiles = static_cast<size_t>(tw) * th;
    s.tmin.resize(tiles);
    s.tmax.resize(tiles);
    s.spread_min.resize(tiles);
    s.spread_max.resize(tiles);
    s.colmin.resize(static_cast<size_t>(tw) * Tile);
    s.colmax.resize(s.colmin.size());
    tile_extremes<Tile>(image, s, tw, th);
    spread_extremes(s, tw, th);
    out.width = w;
    out.height = h;
    out.cells.resize(static_cast<size_t>(w) * h);
    // Per tile row, each pixel column's threshold (0 where the neighbourhood
    // is too flat, which nothing is below): then one branch-free loop per row.
    uint8_t *threshold = s.colmin.data(), *flat = s.colmax.data();
    for (int ty = 0; ty < th; ++ty) {
        const uint8_t *lo = &s.tmin[static_cast<size_t>(ty) * tw], *hi = &s.tmax[static_cast<size_t>(ty) * tw];
        for (int tx = 0; tx < tw; ++tx) {
            const int l = lo[tx], u = hi[tx];
            const bool low_contrast = u - l < std::max(min_contrast, u / kContrastDivisor);
            const uint8_t t = low_contrast ? 0 : static_cast<uint8_t>((l + u + 1) / 2);
            const uint8_t f = low_contrast ? kUnknown : 0;
            for (int k = 0; k < Tile; ++k) {
                threshold[tx * Tile + k] = t;
                flat[tx * Tile + k] = f;
            }
        }
        for (int y = ty * Tile; y < std::min(h, (ty + 1) * Tile); ++y) {
            const uint8_t *row = &image.pixels[static_cast<size_t>(y) * w];
            uint8_t *dst = &out.cells[static_cast<size_t>(y) * w];
            for (int x = 0; x < w; ++x)
                dst[x] = static_cast<uint8_t>(flat[x] | (row[x] < threshold[x] ? kDark : kLight));
        }
    }
}

}  // namespace

void binarize(const GrayImage &image, Ternary &out, BinarizeScratch &scratch, int tile, int min_contrast) {
    if (tile == 3) binarize_tiles<3>(image, out, scratch, min_contrast);
    else binarize_tiles<4>(image, out, scratch, min_contrast);
}

void binarize(const GrayImage &image, Ternary &out, int tile) {
    BinarizeScratch scratch;
    binarize(image, out, scratch, tile);
}

}  // namespace ckey
