#include "read_modules.hpp"

#include "../codec/field.hpp"
#include "equalise.hpp"
#include "sampler.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <vector>

namespace ckey {

namespace {

// The coarse pass of find_key: the template at every position of a grid of
// 0.2 pitch within `reach` steps. A module is 5 grid steps, so the template
// points of all positions fall on one lattice of (2 reach + 21)^2 points,
// each sampled once (729 samples instead of 1,225 near, 1,089 instead of
// 4,225 far). Sums run in key_match's order, so the matches are the same.
// A lattice the same key's earlier search sampled (a smaller one) gives
// the points they share.
void coarse_key_search(const GrayImage &image, const CanvasMap &h, double x, double y, double pitch, bool inverted,
                       int reach, KeyLattice &kept, float &best, double &best_x, double &best_y) {
    constexpr int kPerModule = 5;
    const double step = pitch / kPerModule;
    const int half = reach + 2 * kPerModule, side = 2 * half + 1;
    const int old = kept.half <= half ? kept.half : -1, old_side = 2 * old + 1;
    std::vector<float> lattice(static_cast<size_t>(side) * side);
    for (int v = -half; v <= half; ++v)
        for (int u = -half; u <= half; ++u)
            lattice[static_cast<size_t>(v + half) * side + (u + half)] =
                std::abs(u) <= old && std::abs(v) <= old
                    ? kept.values[static_cast<size_t>(v + old) * old_side + (u + old)]
                    : sample_bilinear(image, h.map(x + u * step, y + v * step));
    int ink_count = 0;
    for (int dr = -2; dr <= 2; ++dr)
        for (int dc = -2; dc <= 2; ++dc) ink_count += key_module_dark(dr, dc);
    const int background_count = 25 - ink_count;
    for (int j = -reach; j <= reach; ++j)
        for (int i = -reach; i <= reach; ++i) {
            float ink = 0, background = 0;
            for (int dr = -2; dr <= 2; ++dr) {
                const float *row = &lattice[static_cast<size_t>(j + kPerModule * dr + half) * side + half + i];
                for (int dc = -2; dc <= 2; ++dc) {
                    const float v = row[kPerModule * dc];
                    if (key_module_dark(dr, dc)) ink += v;
                    else background += v;
                }
            }
            ink /= ink_count;
            background /= background_count;
            const float m = inverted ? ink - background : background - ink;
            if (m > best) { best = m; best_x = i * step; best_y = j * step; }
        }
    kept.half = half;
    kept.values = std::move(lattice);
}

KeyReading find_key(const GrayImage &image, const CanvasMap &h, double x, double y, double pitch, bool inverted,
                    double key_reach, KeyLattice &lattice) {
    KeyReading k;
    if (key_reach <= 0) {  // no search: the levels where the map puts the key
        k.valid = key_match(image, h, x, y, pitch, inverted, &k.ink, &k.background) > 0;
        return k;
    }
    double best_x = 0, best_y = 0;
    float best = -1e9f;
    // Coarse to fine: 0.2 of a pitch over the whole reach, then 0.1 and 0.05
    // around the best (67 positions near, 187 far; the single 0.15 grid took
    // 106 and 314). A 0.3 grid lost a damaged symbol in the camera benchmark.
    coarse_key_search(image, h, x, y, pitch, inverted, static_cast<int>(key_reach / 0.2 + 0.5), lattice, best,
                      best_x, best_y);
    for (const double fine : {0.1, 0.05}) {
        const double step = fine * pitch;
        const double cx = best_x, cy = best_y;
        for (int j = -1; j <= 1; ++j)
            for (int i = -1; i <= 1; ++i) {
                float m = key_match(image, h, x + cx + i * step, y + cy + j * step, pitch, inverted);
                if (m > best) { best = m; best_x = cx + i * step; best_y = cy + j * step; }
            }
    }
    k.dx = best_x;
    k.dy = best_y;
    key_match(image, h, x + best_x, y + best_y, pitch, inverted, &k.ink, &k.background);
    k.valid = best > 0;
    return k;
}

// Levels from the modules around each module instead of the keys': of the
// nine 3 x 3 windows of modules that hold it, the one whose samples split
// most cleanly in two (largest squared gap between the class means over the
// sum of their variances; split at the middle of the extremes) gives the
// mean of each class. A window across a shadow edge holds three or four
// levels and splits badly, so a module near the edge takes a window on its
// own side. Where no window has two classes (extremes closer than an eighth
// of the keys' contrast there), the keys' levels stay.
struct Split {
    float low = 0, high = 0, span = 0, quality = -1;  // quality -1: fewer than four samples, or all equal
};

Split split_window(const std::vector<float> &samples, const FieldLayout &f, int r0, int c0) {
    const int n = f.n;
    float v[9];
    int count = 0;
    for (int y = r0; y < r0 + 3; ++y)
        for (int x = c0; x < c0 + 3; ++x)
            if (!f.is_key[static_cast<size_t>(y) * n + x]) v[count++] = samples[static_cast<size_t>(y) * n + x];
    if (count < 4) return {};
    const auto [least, most] = std::minmax_element(v, v + count);
    const float middle = (*least + *most) / 2;
    float sum[2] = {0, 0}, squares[2] = {0, 0};
    int in[2] = {0, 0};
    for (int i = 0; i < count; ++i) {
        const int side = v[i] >= middle;
        sum[side] += v[i];
        squares[side] += v[i] * v[i];
        ++in[side];
    }
    Split s;
    s.span = *most - *least;
    if (in[0] == 0 || in[1] == 0) return s;  // all equal: no split, whatever the span asked
    s.low = sum[0] / in[0];
    s.high = sum[1] / in[1];
    const float spread = squares[0] / in[0] - s.low * s.low + squares[1] / in[1] - s.high * s.high;
    // 4: a floor of two grey levels of spread, so noise-free windows compare.
    s.quality = (s.high - s.low) * (s.high - s.low) / (std::max(spread, 0.0f) + 4);
    return s;
}

// Each window is split once (a module's nine windows are its neighbours'
// too); a module takes the best of its windows whose extremes are at least
// its own minimum span apart.
void neighbour_levels(const std::vector<float> &samples, const FieldLayout &f, std::vector<float> &lo,
                      std::vector<float> &hi) {
    const int n = f.n, m = n - 2;
    std::vector<Split> windows(static_cast<size_t>(m) * m);
    for (int r0 = 0; r0 < m; ++r0)
        for (int c0 = 0; c0 < m; ++c0) windows[static_cast<size_t>(r0) * m + c0] = split_window(samples, f, r0, c0);
    for (int r = 0; r < n; ++r)
        for (int c = 0; c < n; ++c) {
            const size_t i = static_cast<size_t>(r) * n + c;
            if (f.is_key[i]) continue;
            const float min_span = std::max(10.0f, std::fabs(hi[i] - lo[i]) / 8);
            const Split *best = nullptr;
            for (int r0 = std::max(0, r - 2); r0 <= std::min(r, n - 3); ++r0)
                for (int c0 = std::max(0, c - 2); c0 <= std::min(c, n - 3); ++c0) {
                    const Split &s = windows[static_cast<size_t>(r0) * m + c0];
                    if (s.span >= min_span && s.quality > (best ? best->quality : -1)) best = &s;
                }
            if (!best) continue;
            const bool inverted = lo[i] > hi[i];
            lo[i] = inverted ? best->high : best->low;
            hi[i] = inverted ? best->low : best->high;
        }
}

// Position of module coordinate v between key centres: index i and weight t.
void bracket(const std::vector<int> &centres, double v, int &i, double &t) {
    const int k = static_cast<int>(centres.size());
    i = 0;
    while (i + 2 < k && v > centres[i + 1]) ++i;
    t = (v - centres[i]) / static_cast<double>(centres[i + 1] - centres[i]);
    t = std::clamp(t, 0.0, 1.0);
}

// Every module's samples and the levels its four keys give it (bilinear
// between the key centres about it).
void sample_modules(const GrayImage &image, const CanvasMap &h, const FieldLayout &f,
                    const std::vector<KeyReading> &keys, bool follow_keys, ModuleSamples &out) {
    const int n = f.n, k = static_cast<int>(f.key_centres.size());
    const double pitch = static_cast<double>(kFieldUnits) / n;
    auto canvas = [&](double module) { return kFieldOrigin + (module + 0.5) * pitch; };
    const size_t cells = static_cast<size_t>(n) * n;
    out.values.assign(cells, 0);
    out.lo.assign(cells, 0);
    out.hi.assign(cells, 0);
    out.equalised.clear();
    const double spread = 0.22 * pitch;
    // Rows and columns bracket alike: each module index once.
    std::vector<int> key_before(n);
    std::vector<double> key_weight(n);
    for (int v = 0; v < n; ++v) bracket(f.key_centres, v, key_before[v], key_weight[v]);
    for (int r = 0; r < n; ++r) {
        const int ki = key_before[r];
        const double tr = key_weight[r];
        for (int c = 0; c < n; ++c) {
            if (f.is_key[r * n + c]) continue;
            const int kj = key_before[c];
            const double tc = key_weight[c];
            const KeyReading &a = keys[ki * k + kj], &b = keys[ki * k + kj + 1];
            const KeyReading &d = keys[(ki + 1) * k + kj], &e = keys[(ki + 1) * k + kj + 1];
            auto mix = [&](double va, double vb, double vd, double ve) {
                return (va * (1 - tc) + vb * tc) * (1 - tr) + (vd * (1 - tc) + ve * tc) * tr;
            };
            const double dx = follow_keys ? mix(a.dx, b.dx, d.dx, e.dx) : 0;
            const double dy = follow_keys ? mix(a.dy, b.dy, d.dy, e.dy) : 0;
            const size_t i = static_cast<size_t>(r) * n + c;
            out.lo[i] = static_cast<float>(mix(a.ink, b.ink, d.ink, e.ink));
            out.hi[i] = static_cast<float>(mix(a.background, b.background, d.background, e.background));
            out.values[i] = sample_cell(image, h, canvas(c) + dx, canvas(r) + dy, spread);
        }
    }
}

}  // namespace

float key_match(const GrayImage &image, const CanvasMap &h, double x, double y, double pitch, bool inverted,
                float *ink_out, float *background_out) {
    float ink = 0, background = 0;
    int ink_count = 0, background_count = 0;
    for (int dr = -2; dr <= 2; ++dr)
        for (int dc = -2; dc <= 2; ++dc) {
            float v = sample_bilinear(image, h.map(x + dc * pitch, y + dr * pitch));
            if (key_module_dark(dr, dc)) { ink += v; ++ink_count; }
            else { background += v; ++background_count; }
        }
    ink /= ink_count;
    background /= background_count;
    if (ink_out) *ink_out = ink;
    if (background_out) *background_out = background;
    return inverted ? ink - background : background - ink;
}

std::vector<KeyReading> find_keys(const GrayImage &image, const CanvasMap &h, const FormatInfo &info, float ink,
                                  float background, double key_reach, std::vector<KeyLattice> *lattices) {
    const FieldLayout &f = field_layout(info.profile, info.version, info.layout);
    const int n = f.n, k = static_cast<int>(f.key_centres.size());
    const double pitch = static_cast<double>(kFieldUnits) / n;
    const bool inverted = ink > background;
    auto canvas = [&](double module) { return kFieldOrigin + (module + 0.5) * pitch; };
    std::vector<KeyReading> keys(static_cast<size_t>(k) * k);
    std::vector<KeyLattice> own;
    std::vector<KeyLattice> &kept = lattices ? *lattices : own;
    kept.resize(keys.size());
    for (int i = 0; i < k; ++i)
        for (int j = 0; j < k; ++j) {
            KeyReading &key = keys[i * k + j];
            key = find_key(image, h, canvas(f.key_centres[j]), canvas(f.key_centres[i]), pitch, inverted, key_reach,
                           kept[i * k + j]);
            // A key counts when its contrast is at least a third of the ring's;
            // one that reads badly takes the ring's levels and no correction.
            if (key.valid && std::fabs(key.background - key.ink) < std::fabs(background - ink) / 3) key.valid = false;
            if (!key.valid) key = KeyReading{0, 0, ink, background, false};
        }
    return keys;
}

ModuleDecode read_modules(const GrayImage &image, const CanvasMap &h, const FormatInfo &info, float ink,
                          float background, bool follow_keys, double key_reach) {
    return read_modules(image, h, info, find_keys(image, h, info, ink, background, key_reach), follow_keys);
}

ModuleDecode read_modules(const GrayImage &image, const CanvasMap &h, const FormatInfo &info,
                          const std::vector<KeyReading> &keys, bool follow_keys, ModuleSamples *kept,
                          Levels levels, bool equalise) {
    const FieldLayout &f = field_layout(info.profile, info.version, info.layout);
    ModuleSamples own;
    ModuleSamples &m = kept ? *kept : own;
    if (m.values.empty()) sample_modules(image, h, f, keys, follow_keys, m);
    if (equalise && m.equalised.empty()) m.equalised = equalise_modules(m.values, f.n, f.is_key.data());
    const std::vector<float> &samples = equalise ? m.equalised : m.values;
    const size_t cells = samples.size();
    const float *lo = m.lo.data(), *hi = m.hi.data();
    std::vector<float> near_lo, near_hi;  // neighbour levels: the keys' where no window serves
    if (levels == Levels::neighbours) {
        near_lo = m.lo;
        near_hi = m.hi;
        neighbour_levels(samples, f, near_lo, near_hi);
        lo = near_lo.data();
        hi = near_hi.data();
    }
    std::vector<uint8_t> dark(cells, 0);
    for (size_t i = 0; i < cells; ++i)
        if (!f.is_key[i]) dark[i] = darkness(samples[i], lo[i], hi[i]);
    return decode_modules(info, dark.data(), dark.size());
}

}  // namespace ckey
