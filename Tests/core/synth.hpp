// Test-only picture of a symbol: ideal ink coverage at any canvas point, and
// a frame maker that places it under a homography with supersampling. It
// knows only the geometry of the spec (ring, band cells, modules), so the
// scanner can be tested independently of the product renderer.
#pragma once

#include "codec/field.hpp"
#include "codec/format.hpp"
#include "codec/symbol.hpp"
#include "image/gray_image.hpp"
#include "scan/geometry.hpp"

#include <cmath>
#include <algorithm>
#include <random>
#include <vector>

namespace synth {

// 1 where the canvas point (x, y) is ink.
inline int ink_at(const ckey::Symbol &s, double x, double y) {
    if (x < 2 || y < 2 || x >= 29 || y >= 29) return 0;
    const double ring = ckey::ring_units(s.profile);
    if (x < 2 + ring || y < 2 + ring || x >= 29 - ring || y >= 29 - ring) return 1;
    if (s.profile != 1 && (x < 4 || y < 4 || x >= 27 || y >= 27)) {
        for (int i = 0; i < ckey::kFormatCells; ++i) {
            int cx, cy;
            ckey::format_cell_origin(i, cx, cy);
            if (x >= cx && x < cx + 1 && y >= cy && y < cy + 1) return s.format[i];
        }
        return 0;
    }
    const double pitch = 23.0 / s.n;
    int c = static_cast<int>((x - 4) / pitch), r = static_cast<int>((y - 4) / pitch);
    if (c >= s.n) c = s.n - 1;
    if (r >= s.n) r = s.n - 1;
    return s.modules[r * s.n + c] & 1;
}

// Draws the symbol into a width x height grey frame: canvas corner (0,0)
// at `origin`, `size` pixels per canvas side, rotated by `angle` radians.
// ink/paper are the grey levels; 3 x 3 supersampling.
inline ckey::GrayImage frame(const ckey::Symbol &s, int width, int height, double size, double cx, double cy,
                             double angle, int ink = 20, int paper = 235, int background = 128) {
    ckey::GrayImage img;
    img.width = width;
    img.height = height;
    img.pixels.assign(static_cast<size_t>(width) * height, static_cast<uint8_t>(background));
    const double unit = size / 31.0, cs = std::cos(angle), sn = std::sin(angle);
    const double half = size / 2 * 1.5;
    for (int py = std::max(0, int(cy - half)); py < std::min(height, int(cy + half) + 1); ++py)
        for (int px = std::max(0, int(cx - half)); px < std::min(width, int(cx + half) + 1); ++px) {
            int acc = 0, inside = 0;
            for (int sy = 0; sy < 3; ++sy)
                for (int sx = 0; sx < 3; ++sx) {
                    double dx = px + (sx + 0.5) / 3 - cx, dy = py + (sy + 0.5) / 3 - cy;
                    double u = (cs * dx + sn * dy) / unit + 15.5, v = (-sn * dx + cs * dy) / unit + 15.5;
                    if (u < 0 || v < 0 || u >= 31 || v >= 31) continue;
                    ++inside;
                    acc += ink_at(s, u, v) ? ink : paper;
                }
            if (inside == 0) continue;
            int value = (acc + (9 - inside) * img.pixels[static_cast<size_t>(py) * width + px]) / 9;
            img.pixels[static_cast<size_t>(py) * width + px] = static_cast<uint8_t>(value);
        }
    return img;
}

// A (2r + 1)-pixel box blur along rows then columns: a lens slightly out of focus.
inline void box_blur(ckey::GrayImage &img, int r) {
    const int w = img.width, h = img.height;
    std::vector<uint8_t> out(img.pixels.size());
    auto pass = [&](int steps, int lines, int step, int line) {
        for (int l = 0; l < lines; ++l)
            for (int i = 0; i < steps; ++i) {
                const size_t base = static_cast<size_t>(l) * line;
                int sum = 0, n = 0;
                for (int k = std::max(0, i - r); k <= std::min(steps - 1, i + r); ++k, ++n)
                    sum += img.pixels[base + static_cast<size_t>(k) * step];
                out[base + static_cast<size_t>(i) * step] = static_cast<uint8_t>((sum + n / 2) / n);
            }
        img.pixels.swap(out);
    };
    pass(w, h, 1, w);
    pass(h, w, w, 1);
}

// A w x h image of uniformly random grey levels.
inline ckey::GrayImage random_image(int w, int h, unsigned seed) {
    std::mt19937 rng(seed);
    ckey::GrayImage a;
    a.width = w;
    a.height = h;
    a.pixels.resize(static_cast<size_t>(w) * h);
    for (auto &p : a.pixels) p = static_cast<uint8_t>(rng());
    return a;
}

inline void add_noise(ckey::GrayImage &img, double sigma, unsigned seed) {
    std::mt19937 rng(seed);
    std::normal_distribution<double> noise(0, sigma);
    for (auto &p : img.pixels) {
        double v = p + noise(rng);
        p = static_cast<uint8_t>(v < 0 ? 0 : v > 255 ? 255 : v);
    }
}

}  // namespace synth
