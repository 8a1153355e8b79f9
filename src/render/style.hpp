// Styles: presets, field validation and the colour arithmetic every writer
// shares (integer only, so all outputs agree byte for byte everywhere).
#pragma once

#include <ckey/render.h>

#include <cstdint>
#include <string>

namespace ckey {

using Style = ckey_style;

Style style_preset(int preset);

// Throws CKEY_INVALID_PARAMETER naming the field, the value and the range.
void validate_style(const Style &style);

struct Rgb {
    int r = 0, g = 0, b = 0;
};
inline Rgb rgb_of(uint32_t c) { return {int((c >> 16) & 255), int((c >> 8) & 255), int(c & 255)}; }
inline uint32_t pack_rgb(Rgb c) { return (uint32_t(c.r) << 16) | (uint32_t(c.g) << 8) | uint32_t(c.b); }

// a + (b - a) * num / den per channel, rounded.
uint32_t mix_rgb(uint32_t a, uint32_t b, int num, int den);

// The metallic light: moves c toward white (factor > 0) or black (< 0);
// factor in 1/1000 of the full distance.
uint32_t shade_rgb(uint32_t c, int factor_permille);

std::string hex_color(uint32_t c);  // "#RRGGBB"

// WCAG 2.x relative luminance and contrast ratio (for decisions only, never
// for output bytes).
double relative_luminance(uint32_t c);
double contrast_ratio(uint32_t a, uint32_t b);

}  // namespace ckey
