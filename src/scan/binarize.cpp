#include "binarize.hpp"

#include <algorithm>

namespace ckey {

void decimate(const GrayImage &in, GrayImage &out) {
    out.width = in.width / 2;
    out.height = in.height / 2;
    out.pixels.resize(static_cast<size_t>(out.width) * out.height);
    for (int y = 0; y < out.height; ++y) {
        const uint8_t *a = &in.pixels[static_cast<size_t>(2 * y) * in.width];
        const uint8_t *b = a + in.width;
        uint8_t *dst = &out.pixels[static_cast<size_t>(y) * out.width];
        for (int x = 0; x < out.width; ++x)
            dst[x] = static_cast<uint8_t>((a[2 * x] + a[2 * x + 1] + b[2 * x] + b[2 * x + 1] + 2) >> 2);
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

void binarize(const GrayImage &image, Ternary &out, int kTile) {
    const int w = image.width, h = image.height;
    const int tw = (w + kTile - 1) / kTile, th = (h + kTile - 1) / kTile;
    std::vector<uint8_t> tmin(static_cast<size_t>(tw) * th), tmax(tmin.size());
    // Per tile row: the column-wise extremes over its rows first (whole-row
    // loops the compiler vectorises), then each tile's extremes across columns.
    std::vector<uint8_t> colmin(w), colmax(w);
    for (int ty = 0; ty < th; ++ty) {
        const int y0 = ty * kTile, y1 = std::min(h, y0 + kTile);
        const uint8_t *first = &image.pixels[static_cast<size_t>(y0) * w];
        std::copy(first, first + w, colmin.begin());
        std::copy(first, first + w, colmax.begin());
        for (int y = y0 + 1; y < y1; ++y) {
            const uint8_t *row = &image.pixels[static_cast<size_t>(y) * w];
            for (int x = 0; x < w; ++x) {
                colmin[x] = std::min(colmin[x], row[x]);
                colmax[x] = std::max(colmax[x], row[x]);
            }
        }
        for (int tx = 0; tx < tw; ++tx) {
            const int x0 = tx * kTile, x1 = std::min(w, x0 + kTile);
            uint8_t lo = colmin[x0], hi = colmax[x0];
            for (int x = x0 + 1; x < x1; ++x) {
                lo = std::min(lo, colmin[x]);
                hi = std::max(hi, colmax[x]);
            }
            tmin[ty * tw + tx] = lo;
            tmax[ty * tw + tx] = hi;
        }
    }
    // Spread extremes over 3 x 3 tiles so an edge on a tile border is seen by both sides.
    std::vector<uint8_t> nmin(tmin.size()), nmax(tmax.size());
    for (int ty = 0; ty < th; ++ty)
        for (int tx = 0; tx < tw; ++tx) {
            int lo = 255, hi = 0;
            for (int dy = -1; dy <= 1; ++dy)
                for (int dx = -1; dx <= 1; ++dx) {
                    int y = ty + dy, x = tx + dx;
                    if (x < 0 || y < 0 || x >= tw || y >= th) continue;
                    lo = std::min<int>(lo, tmin[y * tw + x]);
                    hi = std::max<int>(hi, tmax[y * tw + x]);
                }
            nmin[ty * tw + tx] = static_cast<uint8_t>(lo);
            nmax[ty * tw + tx] = static_cast<uint8_t>(hi);
        }
    out.width = w;
    out.height = h;
    out.cells.resize(static_cast<size_t>(w) * h);
    // Per tile row, each pixel column's threshold (0 where the neighbourhood
    // is too flat, which nothing is below): then one branch-free loop per row.
    std::vector<uint8_t> threshold(w), flat(w);
    for (int ty = 0; ty < th; ++ty) {
        for (int tx = 0; tx < tw; ++tx) {
            const int lo = nmin[ty * tw + tx], hi = nmax[ty * tw + tx];
            const bool low_contrast = hi - lo < std::max(kMinContrast, hi / 8);
            const uint8_t t = low_contrast ? 0 : static_cast<uint8_t>((lo + hi + 1) / 2);
            for (int x = tx * kTile; x < std::min(w, (tx + 1) * kTile); ++x) {
                threshold[x] = t;
                flat[x] = low_contrast ? kUnknown : 0;
            }
        }
        for (int y = ty * kTile; y < std::min(h, (ty + 1) * kTile); ++y) {
            const uint8_t *row = &image.pixels[static_cast<size_t>(y) * w];
            uint8_t *dst = &out.cells[static_cast<size_t>(y) * w];
            for (int x = 0; x < w; ++x)
                dst[x] = static_cast<uint8_t>(flat[x] | (row[x] < threshold[x] ? kDark : kLight));
        }
    }
}

}  // namespace ckey
