// Exact-area antialiasing with an integer cell accumulator: every edge adds
// its signed area to the cells it crosses and a running sum along each row
// gives each pixel's coverage. Coordinates are 1/256 px fixed point, so the
// bytes are the same on every platform, and outlines that share an edge
// (abutting modules) sum to full coverage: no seams.
#include "raster.hpp"

#include "../core/error.hpp"
#include "paint.hpp"
#include "scene.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace ckey {

namespace {

constexpr int kBand = 32;          // rows rasterized together (stays in cache)
constexpr int32_t kFull = 131072;  // a fully covered pixel: 256 * 512

struct Edge {
    int32_t x0, y0, x1, y1;  // 1/256 px, y0 < y1
    int32_t dir;
};

int64_t floor_div(int64_t a, int64_t b) { return a >= 0 ? a / b : -((-a + b - 1) / b); }

// Scene units to 1/256 px, rounded.
int32_t px_of(int64_t q, int size) { return static_cast<int32_t>(floor_div(q * size * 256 * 2 + 31 * kQ, 2 * 31 * kQ)); }

class Flattener {
public:
    Flattener(int size, std::vector<Edge> &out) : size_(size), out_(out) {}

    int32_t px(int64_t q) const { return px_of(q, size_); }

    void contour(const Contour &c, int32_t dx, int32_t dy) {
        Pt prev = c.start;
        int32_t px0 = px(int64_t(prev.x) + dx), py0 = px(int64_t(prev.y) + dy);
        const int32_t sx = px0, sy = py0;
        for (const Segment &s : c.segs) {
            int32_t x3 = px(int64_t(s.p.x) + dx), y3 = px(int64_t(s.p.y) + dy);
            if (!s.cubic) {
                line(px0, py0, x3, y3);
            } else {
                int64_t x1 = px(int64_t(s.c1.x) + dx), y1 = px(int64_t(s.c1.y) + dy);
                int64_t x2 = px(int64_t(s.c2.x) + dx), y2 = px(int64_t(s.c2.y) + dy);
                int64_t extent = std::max({std::abs(x1 - px0), std::abs(x2 - px0), std::abs(int64_t(x3) - px0),
                                           std::abs(y1 - py0), std::abs(y2 - py0), std::abs(int64_t(y3) - py0)});
                int64_t n = std::clamp<int64_t>(3 + extent / (256 * 3), 3, 48);
                int32_t lx = px0, ly = py0;
                for (int64_t i = 1; i <= n; ++i) {
                    int64_t j = n - i, n3 = n * n * n;
                    int64_t a = j * j * j, b = 3 * j * j * i, c2 = 3 * j * i * i, d = i * i * i;
                    int32_t x = static_cast<int32_t>(floor_div(2 * (a * px0 + b * x1 + c2 * x2 + d * x3) + n3, 2 * n3));
                    int32_t y = static_cast<int32_t>(floor_div(2 * (a * py0 + b * y1 + c2 * y2 + d * y3) + n3, 2 * n3));
                    if (i == n) { x = x3; y = y3; }
                    line(lx, ly, x, y);
                    lx = x;
                    ly = y;
                }
            }
            px0 = x3;
            py0 = y3;
        }
        line(px0, py0, sx, sy);
    }

private:
    void line(int32_t x0, int32_t y0, int32_t x1, int32_t y1) {
        if (y0 == y1) return;
        if (y0 < y1) out_.push_back({x0, y0, x1, y1, 1});
        else out_.push_back({x1, y1, x0, y0, -1});
    }
    int size_;
    std::vector<Edge> &out_;
};

// Adds one piece lying within a single cell column.
inline void piece(int32_t *acc, int width, int32_t xa, int32_t xb, int32_t dy) {
    int32_t lo = std::min(xa, xb);
    int32_t cell = lo >= 0 ? lo >> 8 : -1;
    if (cell < 0) { acc[0] += dy * 512; return; }
    if (cell >= width) return;
    int32_t fsum = xa + xb - 2 * (cell << 8);
    acc[cell] += dy * (512 - fsum);
    acc[cell + 1] += dy * fsum;
}

// The part of an edge inside one pixel row: local y from ya to yb (0...256).
void row_span(int32_t *acc, int width, int32_t xa, int32_t ya, int32_t xb, int32_t yb, int32_t dir) {
    int32_t lo = std::min(xa, xb), hi = std::max(xa, xb);
    int32_t first = static_cast<int32_t>(floor_div(lo, 256) + 1) * 256;
    if (xa == xb || first >= hi) { piece(acc, width, xa, xb, (yb - ya) * dir); return; }
    const int64_t dx = int64_t(xb) - xa, dyy = yb - ya;
    auto y_at = [&](int32_t x) { return ya + static_cast<int32_t>(floor_div(2 * dyy * (x - xa) + dx, 2 * dx)); };
    int32_t cx = xa, cy = ya;
    if (xa < xb) {
        for (int32_t x = first; x < xb; x += 256) {
            int32_t y = y_at(x);
            piece(acc, width, cx, x, (y - cy) * dir);
            cx = x; cy = y;
        }
    } else {
        int32_t last = static_cast<int32_t>(floor_div(hi - 1, 256)) * 256;
        for (int32_t x = last; x > xb; x -= 256) {
            int32_t y = y_at(x);
            piece(acc, width, cx, x, (y - cy) * dir);
            cx = x; cy = y;
        }
    }
    piece(acc, width, cx, xb, (yb - cy) * dir);
}

void accumulate(const std::vector<Edge> &edges, int32_t *acc, int width, int row0, int row1) {
    const int32_t ylo = row0 * 256, yhi = row1 * 256;
    const size_t stride = static_cast<size_t>(width) + 2;
    for (const Edge &e : edges) {
        if (e.y0 >= yhi) break;  // sorted by y0
        if (e.y1 <= ylo) continue;
        const int32_t top = std::max(e.y0, ylo), bottom = std::min(e.y1, yhi);
        const int64_t h = int64_t(e.y1) - e.y0, w = int64_t(e.x1) - e.x0;
        auto x_at = [&](int32_t y) {
            if (y == e.y0) return e.x0;
            if (y == e.y1) return e.x1;
            return e.x0 + static_cast<int32_t>(floor_div(2 * w * (y - e.y0) + h, 2 * h));
        };
        for (int32_t r = top >> 8; r <= (bottom - 1) >> 8; ++r) {
            int32_t ya = std::max(top, r * 256), yb = std::min(bottom, r * 256 + 256);
            int32_t *row = acc + static_cast<size_t>(r - row0) * stride;
            if (w == 0) piece(row, width, e.x0, e.x0, (yb - ya) * e.dir);
            else row_span(row, width, x_at(ya), ya - r * 256, x_at(yb), yb - r * 256, e.dir);
        }
    }
}

inline int coverage(int32_t sum, bool binary) {
    int32_t v = sum < 0 ? -sum : sum;
    if (binary) return v >= kFull / 2 ? 255 : 0;
    if (v >= kFull) return 255;
    return static_cast<int>((int64_t(v) * 255 + kFull / 2) / kFull);
}

inline int div255(int v) { return (v + 128 + ((v + 128) >> 8)) >> 8; }

struct Channel {
    uint32_t color = 0;
    bool sheen = false;
    std::vector<uint32_t> diagonal;  // colour per (x + y) when sheen
    std::vector<Edge> edges;
};

uint32_t isqrt64(uint64_t v) {
    uint64_t r = static_cast<uint64_t>(std::sqrt(static_cast<double>(v)));
    while (r * r > v) --r;
    while ((r + 1) * (r + 1) <= v) ++r;
    return static_cast<uint32_t>(r);
}

void draw_logo(const Style &style, const LogoPlacement &logo, int size, bool binary, uint8_t *out, size_t stride,
               int row0, int row1) {
    const int32_t x0 = px_of(logo.image.x0, size) >> 8, x1 = px_of(logo.image.x1, size) >> 8;
    const int32_t y0 = px_of(logo.image.y0, size) >> 8, y1 = px_of(logo.image.y1, size) >> 8;
    const int lw = style.logo_width, lh = style.logo_height;
    const int iw = std::max(1, x1 - x0), ih = std::max(1, y1 - y0);
    const uint8_t *src = style.logo_rgba;
    for (int y = std::max(y0, row0); y < std::min(y1, row1); ++y) {
        int64_t sy = ((int64_t(y - y0) * 2 + 1) * lh * 32768) / ih - 32768;
        sy = std::clamp<int64_t>(sy, 0, int64_t(lh - 1) << 16);
        int ya = static_cast<int>(sy >> 16), yb = std::min(ya + 1, lh - 1), fy = static_cast<int>(sy & 0xFFFF) >> 8;
        for (int x = std::max(x0, 0); x < std::min(x1, size); ++x) {
            int64_t sx = ((int64_t(x - x0) * 2 + 1) * lw * 32768) / iw - 32768;
            sx = std::clamp<int64_t>(sx, 0, int64_t(lw - 1) << 16);
            int xa = static_cast<int>(sx >> 16), xb = std::min(xa + 1, lw - 1), fx = static_cast<int>(sx & 0xFFFF) >> 8;
            const uint8_t *p[4] = {src + (size_t(ya) * lw + xa) * 4, src + (size_t(ya) * lw + xb) * 4,
                                   src + (size_t(yb) * lw + xa) * 4, src + (size_t(yb) * lw + xb) * 4};
            const int wgt[4] = {(256 - fx) * (256 - fy), fx * (256 - fy), (256 - fx) * fy, fx * fy};
            int64_t pr = 0, pg = 0, pb = 0, pa = 0;
            for (int k = 0; k < 4; ++k) {
                pa += int64_t(wgt[k]) * p[k][3];
                pr += int64_t(wgt[k]) * p[k][0] * p[k][3];
                pg += int64_t(wgt[k]) * p[k][1] * p[k][3];
                pb += int64_t(wgt[k]) * p[k][2] * p[k][3];
            }
            if (pa == 0) continue;
            int a = static_cast<int>((pa + 32768) >> 16);
            int r = static_cast<int>((pr + pa / 2) / pa), g = static_cast<int>((pg + pa / 2) / pa),
                b = static_cast<int>((pb + pa / 2) / pa);
            if (binary) a = a >= 128 ? 255 : 0;
            uint8_t *d = out + size_t(y) * stride + size_t(x) * 4;
            int da = d[3];
            int oa = a + div255(da * (255 - a));
            if (oa == 0) continue;
            auto over = [&](int s, int dc) { return (s * a * 255 + dc * da * (255 - a) + oa * 127) / (oa * 255); };
            d[0] = static_cast<uint8_t>(over(r, d[0]));
            d[1] = static_cast<uint8_t>(over(g, d[1]));
            d[2] = static_cast<uint8_t>(over(b, d[2]));
            d[3] = static_cast<uint8_t>(oa);
        }
    }
}

bool by_top(const Edge &a, const Edge &b) { return a.y0 < b.y0; }

// Everything a raster needs besides the accumulator: the marks' channels
// (marks of one colour share one; their union is exact), the shadow's edges,
// the background and its vignette, and for the common flat case a coverage
// to colour table. Built once per raster.
struct Layers {
    int size = 0;
    bool binary = false, transparent = false, flat = false, vignette = false;
    int shadow = 0, texture = 0;
    Rgb bg{};
    std::vector<Channel> channels;
    std::vector<Edge> shadow_edges;
    // Vignette colour by squared distance (no square root per pixel): entry i
    // is the colour at t = sqrt(i / 4096) of the half-diagonal.
    std::vector<uint32_t> vignette_lut;
    uint64_t d2_scale = 0;
    uint8_t flat_lut[256][4] = {};
};

void add_channels(Layers &l, const Scene &scene, const Style &style, bool effects) {
    const uint32_t colors[kMarkCount] = {style.ink, style.ring_color, style.key_color};
    for (int m = 0; m < kMarkCount; ++m) {
        size_t c = 0;
        while (c < l.channels.size() && l.channels[c].color != colors[m]) ++c;
        if (c == l.channels.size()) l.channels.push_back({colors[m], effects && style.bevel > 0, {}, {}});
        Flattener f(l.size, l.channels[c].edges);
        for (const Contour &contour : scene.marks[m]) f.contour(contour, 0, 0);
    }
    for (Channel &ch : l.channels) {
        std::sort(ch.edges.begin(), ch.edges.end(), by_top);
        if (!ch.sheen) continue;
        auto stops = sheen_stops(ch.color, style.bevel);
        ch.diagonal.resize(2 * size_t(l.size));
        for (int d = 0; d < 2 * l.size; ++d)
            ch.diagonal[d] = color_at(stops, static_cast<int32_t>((int64_t(2 * d + 1) * 65536) / (4 * l.size)));
    }
    if (l.shadow > 0) {
        Flattener f(l.size, l.shadow_edges);
        for (const auto &marks : scene.marks)
            for (const Contour &contour : marks) f.contour(contour, kShadowOffset, kShadowOffset);
        std::sort(l.shadow_edges.begin(), l.shadow_edges.end(), by_top);
    }
}

void add_background(Layers &l, const Style &style) {
    const uint64_t r_half = (uint64_t(l.size) * 92682 + 32768) >> 16;  // half-diagonal in half pixels
    l.d2_scale = (uint64_t(4096) << 32) / (r_half * r_half);
    if (l.vignette) {
        auto stops = vignette_stops(style);
        l.vignette_lut.resize(4097);
        for (uint64_t i = 0; i <= 4096; ++i) l.vignette_lut[i] = color_at(stops, static_cast<int32_t>(isqrt64(i << 20)));
    }
    if (!l.flat) return;
    const Rgb ink = rgb_of(l.channels[0].color), bg = l.bg;
    for (int a = 0; a < 256; ++a) {
        uint8_t *e = l.flat_lut[a];
        if (l.transparent) {
            e[0] = uint8_t(ink.r); e[1] = uint8_t(ink.g); e[2] = uint8_t(ink.b); e[3] = uint8_t(a);
        } else {
            e[0] = uint8_t(div255(bg.r * (255 - a) + ink.r * a));
            e[1] = uint8_t(div255(bg.g * (255 - a) + ink.g * a));
            e[2] = uint8_t(div255(bg.b * (255 - a) + ink.b * a));
            e[3] = 255;
        }
    }
}

Layers build_layers(const Scene &scene, const Style &style, int size, int policy, bool transparent) {
    Layers l;
    l.size = size;
    l.binary = policy == CKEY_RASTER_BINARY;
    l.transparent = transparent;
    const bool effects = !l.binary;
    l.shadow = effects ? style.shadow : 0;
    l.texture = effects ? style.texture : 0;
    l.vignette = effects && style.background != style.background_edge;
    l.bg = rgb_of(style.background);
    add_channels(l, scene, style, effects);
    l.flat = l.channels.size() == 1 && l.shadow == 0 && !l.vignette && l.texture == 0 && !l.channels[0].sheen;
    add_background(l, style);
    return l;
}

// Brushed grain: toward white or black by f/1000 (constant divisors).
void apply_texture(Rgb &m, int x, int y, int texture) {
    const int f = grain(x, y) * texture * 12 / 10000;
    if (f >= 0) {
        m.r += ((255 - m.r) * f * 2 + 1000) / 2000; m.g += ((255 - m.g) * f * 2 + 1000) / 2000;
        m.b += ((255 - m.b) * f * 2 + 1000) / 2000;
    } else {
        m.r -= (m.r * -f * 2 + 1000) / 2000; m.g -= (m.g * -f * 2 + 1000) / 2000;
        m.b -= (m.b * -f * 2 + 1000) / 2000;
    }
}

// The marks' colour at (x, y) from each channel's coverage cov (total > 0):
// the one covering channel's (the strongest when binary), else the
// coverage-weighted mean.
Rgb mark_colour(const Layers &l, const int *cov, int total, int best, int x, int y) {
    auto colour_of = [&](const Channel &ch) { return rgb_of(ch.sheen ? ch.diagonal[x + y] : ch.color); };
    int covering = 0, only = 0;
    for (size_t c = 0; c < l.channels.size(); ++c)
        if (cov[c]) { ++covering; only = static_cast<int>(c); }
    Rgb m{};
    if (l.binary || covering == 1) {
        m = colour_of(l.channels[l.binary ? best : only]);
    } else {
        for (size_t c = 0; c < l.channels.size(); ++c) {
            if (!cov[c]) continue;
            const Rgb k = colour_of(l.channels[c]);
            m.r += k.r * cov[c]; m.g += k.g * cov[c]; m.b += k.b * cov[c];
        }
        m.r = (m.r + total / 2) / total; m.g = (m.g + total / 2) / total; m.b = (m.b + total / 2) / total;
    }
    if (l.texture > 0) apply_texture(m, x, y, l.texture);
    return m;
}

// One output pixel: marks m at coverage A over the background (or over
// nothing when transparent), with the shadow's coverage sh under them.
void put_pixel(const Layers &l, uint8_t *d, Rgb m, int A, int sh, int x, int64_t dy2) {
    if (l.transparent) {
        const int alpha = A + div255(sh * (255 - A));
        if (alpha == 0) { d[0] = uint8_t(m.r); d[1] = uint8_t(m.g); d[2] = uint8_t(m.b); d[3] = 0; return; }
        d[0] = uint8_t((m.r * A * 2 + alpha) / (2 * alpha));
        d[1] = uint8_t((m.g * A * 2 + alpha) / (2 * alpha));
        d[2] = uint8_t((m.b * A * 2 + alpha) / (2 * alpha));
        d[3] = uint8_t(alpha);
        return;
    }
    if (A == 255) {
        d[0] = uint8_t(m.r); d[1] = uint8_t(m.g); d[2] = uint8_t(m.b); d[3] = 255;
        return;
    }
    Rgb b = l.bg;
    if (l.vignette) {
        const int64_t dx2 = int64_t(2 * x + 1 - l.size);
        uint64_t index = (uint64_t(dx2 * dx2 + dy2 * dy2) * l.d2_scale) >> 32;
        b = rgb_of(l.vignette_lut[std::min<uint64_t>(4096, index)]);
    }
    if (sh > 0) { b.r = div255(b.r * (255 - sh)); b.g = div255(b.g * (255 - sh)); b.b = div255(b.b * (255 - sh)); }
    d[0] = uint8_t(div255(b.r * (255 - A) + m.r * A));
    d[1] = uint8_t(div255(b.g * (255 - A) + m.g * A));
    d[2] = uint8_t(div255(b.b * (255 - A) + m.b * A));
    d[3] = 255;
}

// One row of a raster with effects or several channels. acc: the band's
// accumulator at this row; plane: floats between channel planes.
void shade_row(const Layers &l, const int32_t *acc, size_t plane, int y, uint8_t *dst) {
    const size_t nc = l.channels.size();
    int32_t sums[kMarkCount + 1] = {0, 0, 0, 0};
    const int64_t dy2 = int64_t(2 * y + 1 - l.size);
    for (int x = 0; x < l.size; ++x) {
        int total = 0, best = 0, best_a = 0, cov[kMarkCount];
        for (size_t c = 0; c < nc; ++c) {
            sums[c] += acc[c * plane + x];
            int a = coverage(sums[c], l.binary);
            cov[c] = a;
            if (a > best_a) { best_a = a; best = static_cast<int>(c); }
            total += a;
        }
        int sh = 0;
        if (l.shadow > 0) {
            sums[nc] += acc[nc * plane + x];
            sh = coverage(sums[nc], false) * l.shadow / 100;
        }
        const Rgb m = total > 0 ? mark_colour(l, cov, total, best, x, y) : rgb_of(l.channels[0].color);
        put_pixel(l, dst + 4 * x, m, std::min(total, 255), sh, x, dy2);
    }
}

}  // namespace

int min_raster_size(const Symbol &s) { return std::max(31, (31 * s.n + 22) / 23); }

void validate_raster_size(const Symbol &s, int size) {
    int min = min_raster_size(s);
    if (size > kMaxRasterSize)
        fail(CKEY_INVALID_ARGUMENT, "size is ", size, " px; allowed: ", min, "...", kMaxRasterSize);
    if (size < min)
        fail(CKEY_SIZE_TOO_SMALL, "size is ", size, " px; this symbol (", s.n, " x ", s.n,
             " modules) needs at least ", min, " px (1 px per module and per canvas unit)");
}

void rasterize(const Symbol &s, const Style &style, int size, int policy, bool transparent, uint8_t *out,
               size_t stride) {
    const int32_t min_mark =
        policy == CKEY_RASTER_COVERAGE ? 0 : static_cast<int32_t>((int64_t(31) * kQ + size - 1) / size);
    const Scene scene = build_scene(s, style, min_mark);
    const Layers l = build_layers(scene, style, size, policy, transparent);

    const size_t acc_stride = static_cast<size_t>(size) + 2, plane = kBand * acc_stride;
    const size_t nch = l.channels.size() + (l.shadow > 0 ? 1 : 0);
    std::vector<int32_t> acc(nch * plane);
    for (int row0 = 0; row0 < size; row0 += kBand) {
        const int row1 = std::min(size, row0 + kBand);
        std::fill(acc.begin(), acc.end(), 0);
        for (size_t c = 0; c < l.channels.size(); ++c)
            accumulate(l.channels[c].edges, acc.data() + c * plane, size, row0, row1);
        if (l.shadow > 0) accumulate(l.shadow_edges, acc.data() + l.channels.size() * plane, size, row0, row1);
        for (int y = row0; y < row1; ++y) {
            uint8_t *dst = out + size_t(y) * stride;
            const int32_t *row = acc.data() + size_t(y - row0) * acc_stride;
            if (!l.flat) {
                shade_row(l, row, plane, y, dst);
                continue;
            }
            // The common case: one flat colour on a flat background.
            int32_t sum = 0;
            for (int x = 0; x < size; ++x) {
                sum += row[x];
                std::memcpy(dst + 4 * x, l.flat_lut[coverage(sum, l.binary)], 4);
            }
        }
        if (scene.logo.present) draw_logo(style, scene.logo, size, l.binary, out, stride, row0, row1);
    }
}

}  // namespace ckey
