// Paints shared by the writers: the metallic sheen across the marks and the
// background vignette, as colour stops (the raster interpolates the same
// stops that SVG and PDF gradients name).
#pragma once

#include "style.hpp"

#include <cstdint>
#include <vector>

namespace ckey {

struct Stop {
    int t;           // position in 1/1000 of the gradient
    uint32_t color;  // 0xRRGGBB
};

// Along the diagonal from the canvas's top-left to its bottom-right corner.
std::vector<Stop> sheen_stops(uint32_t base, int bevel);
// From the canvas centre (t 0) to a corner (t 1000).
std::vector<Stop> vignette_stops(const Style &style);

// Colour at t16 (0...65536 along the gradient), linear between stops.
uint32_t color_at(const std::vector<Stop> &stops, int32_t t16);

// Largest lightening and darkening (per mille of the way to white / black)
// that bevel and texture may apply to a mark colour.
int effect_lighten_permille(const Style &style);
int effect_darken_permille(const Style &style);

// Brushed-metal grain: -1000...1000 for pixel (x, y); deterministic.
// Inline: the rasterizer calls it for every ink pixel.
inline int grain_hash(uint32_t v) {
    v ^= v >> 16; v *= 0x7FEB352Du; v ^= v >> 15; v *= 0x846CA68Bu; v ^= v >> 16;
    return static_cast<int>(v % 2001) - 1000;
}
inline int grain(int x, int y) {
    // Mostly along rows (brushed), a little per pixel.
    int streak = grain_hash(static_cast<uint32_t>(y) * 0x9E3779B9u + static_cast<uint32_t>(x >> 5) * 0x85EBCA6Bu);
    int fine = grain_hash(static_cast<uint32_t>(x) * 0xC2B2AE35u ^ static_cast<uint32_t>(y) * 0x27D4EB2Fu);
    return (3 * streak + fine) / 4;
}

}  // namespace ckey
