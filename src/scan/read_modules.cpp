#include "read_modules.hpp"

#include "../codec/field.hpp"
#include "sampler.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

namespace ckey {

namespace {

struct KeyReading {
    double dx = 0, dy = 0;  // canvas-unit correction
    float ink = 0, background = 0;
    bool valid = false;
};

// Contrast of the key template at canvas centre (x, y): background ring
// minus ink modules, signed so that a good match is positive.
float key_match(const GrayImage &image, const CanvasMap &h, double x, double y, double pitch, bool inverted,
                float *ink_out = nullptr, float *background_out = nullptr) {
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

KeyReading find_key(const GrayImage &image, const CanvasMap &h, double x, double y, double pitch, bool inverted,
                    double key_reach) {
    double best_x = 0, best_y = 0;
    float best = -1e9f;
    // Coarse to fine: 0.2 of a pitch over the whole reach, then 0.1 and 0.05
    // around the best (67 positions near, 187 far; the single 0.15 grid took
    // 106 and 314). A 0.3 grid lost a damaged symbol in the camera benchmark.
    struct Pass { double step; int reach; };
    const Pass passes[] = {{0.2, static_cast<int>(key_reach / 0.2 + 0.5)}, {0.1, 1}, {0.05, 1}};
    for (const Pass &p : passes) {
        const double step = p.step * pitch;
        const int reach = p.reach;
        const double cx = best_x, cy = best_y;
        for (int j = -reach; j <= reach; ++j)
            for (int i = -reach; i <= reach; ++i) {
                float m = key_match(image, h, x + cx + i * step, y + cy + j * step, pitch, inverted);
                if (m > best) { best = m; best_x = cx + i * step; best_y = cy + j * step; }
            }
    }
    KeyReading k;
    k.dx = best_x;
    k.dy = best_y;
    key_match(image, h, x + best_x, y + best_y, pitch, inverted, &k.ink, &k.background);
    k.valid = best > 0;
    return k;
}

// Position of module coordinate v between key centres: index i and weight t.
void bracket(const std::vector<int> &centres, double v, int &i, double &t) {
    const int k = static_cast<int>(centres.size());
    i = 0;
    while (i + 2 < k && v > centres[i + 1]) ++i;
    t = (v - centres[i]) / static_cast<double>(centres[i + 1] - centres[i]);
    t = std::clamp(t, 0.0, 1.0);
}

}  // namespace

ModuleDecode read_modules(const GrayImage &image, const CanvasMap &h, const FormatInfo &info, float ink,
                          float background, bool follow_keys, double key_reach) {
    const FieldLayout &f = field_layout(info.profile, info.version, info.layout);
    const int n = f.n, k = static_cast<int>(f.key_centres.size());
    const double pitch = static_cast<double>(kFieldUnits) / n;
    const bool inverted = ink > background;
    auto canvas = [&](double module) { return kFieldOrigin + (module + 0.5) * pitch; };

    std::vector<KeyReading> keys(static_cast<size_t>(k) * k);
    int valid = 0;
    for (int i = 0; i < k; ++i)
        for (int j = 0; j < k; ++j) {
            KeyReading &key = keys[i * k + j];
            key = find_key(image, h, canvas(f.key_centres[j]), canvas(f.key_centres[i]), pitch, inverted, key_reach);
            // A key counts when its contrast is at least a third of the ring's.
            if (key.valid && std::fabs(key.background - key.ink) < std::fabs(background - ink) / 3) key.valid = false;
            valid += key.valid;
        }
    // Keys that read badly take the ring's levels and no correction.
    for (KeyReading &key : keys)
        if (!key.valid) key = KeyReading{0, 0, ink, background, false};
    if (!follow_keys)
        for (KeyReading &key : keys) key.dx = key.dy = 0;

    std::vector<uint8_t> dark(static_cast<size_t>(n) * n, 0);
    const double spread = 0.22 * pitch;
    for (int r = 0; r < n; ++r) {
        int ki;
        double tr;
        bracket(f.key_centres, r, ki, tr);
        for (int c = 0; c < n; ++c) {
            if (f.is_key[r * n + c]) continue;
            int kj;
            double tc;
            bracket(f.key_centres, c, kj, tc);
            const KeyReading &a = keys[ki * k + kj], &b = keys[ki * k + kj + 1];
            const KeyReading &d = keys[(ki + 1) * k + kj], &e = keys[(ki + 1) * k + kj + 1];
            auto mix = [&](double va, double vb, double vd, double ve) {
                return (va * (1 - tc) + vb * tc) * (1 - tr) + (vd * (1 - tc) + ve * tc) * tr;
            };
            double dx = mix(a.dx, b.dx, d.dx, e.dx), dy = mix(a.dy, b.dy, d.dy, e.dy);
            float lo = static_cast<float>(mix(a.ink, b.ink, d.ink, e.ink));
            float hi = static_cast<float>(mix(a.background, b.background, d.background, e.background));
            float v = sample_cell(image, h, canvas(c) + dx, canvas(r) + dy, spread);
            dark[r * n + c] = darkness(v, lo, hi);
        }
    }
    (void)valid;
    return decode_modules(info, dark.data(), dark.size());
}

}  // namespace ckey
