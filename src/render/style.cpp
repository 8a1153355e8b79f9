#include "style.hpp"

#include "../core/error.hpp"

#include <cmath>
#include <cstdio>

namespace ckey {

Style style_preset(int preset) {
    if (preset != CKEY_STYLE_PLAIN && preset != CKEY_STYLE_CONCEPT)
        fail(CKEY_INVALID_PARAMETER, "preset ", preset, " is unknown; allowed: 0 plain, 1 concept");
    Style s{};
    s.policy = CKEY_STYLE_STRICT;
    s.logo_size = 20;
    s.logo_padding = 2;
    s.logo_mode = CKEY_LOGO_RESERVE;
    if (preset == CKEY_STYLE_PLAIN) {
        s.ink = s.ring_color = s.key_color = 0x000000;
        s.background = s.background_edge = 0xFFFFFF;
        s.module_shape = CKEY_MODULE_SQUARE;
        s.ring_style = CKEY_RING_SQUARE;
        s.ray_cap = CKEY_RAY_BUTT;
        return s;
    }
    // Cream metal on graphite: light on dark, so scanners must read both polarities.
    s.ink = 0xE8DCC0;
    s.ring_color = s.key_color = 0xD6B46C;  // gold accents against cream data
    s.background = 0x2C2B30;
    s.background_edge = 0x0A0A0C;
    s.module_shape = CKEY_MODULE_ROUNDED;
    s.ring_style = CKEY_RING_ROUNDED;
    s.ray_cap = CKEY_RAY_ROUND;
    s.bevel = 70;
    s.shadow = 35;
    s.texture = 30;
    return s;
}

namespace {
void in_range(const char *field, int value, int low, int high) {
    if (value < low || value > high)
        fail(CKEY_INVALID_PARAMETER, "style.", field, " is ", value, "; allowed: ", low, "...", high);
}
void colour(const char *field, uint32_t value) {
    if (value > 0xFFFFFF)
        fail(CKEY_INVALID_PARAMETER, "style.", field, " is 0x", std::hex, value,
             "; colours are 0xRRGGBB (0...0xFFFFFF)");
}
}  // namespace

void validate_style(const Style &s) {
    colour("ink", s.ink);
    colour("background", s.background);
    colour("background_edge", s.background_edge);
    colour("ring_color", s.ring_color);
    colour("key_color", s.key_color);
    in_range("module_shape", s.module_shape, 0, 2);
    in_range("ring_style", s.ring_style, 0, 2);
    in_range("ray_cap", s.ray_cap, 0, 2);
    in_range("bevel", s.bevel, 0, 100);
    in_range("shadow", s.shadow, 0, 100);
    in_range("texture", s.texture, 0, 100);
    in_range("policy", s.policy, 0, 2);
    if (s.logo_rgba != nullptr) {
        in_range("logo_width", s.logo_width, 1, 4096);
        in_range("logo_height", s.logo_height, 1, 4096);
        in_range("logo_size", s.logo_size, 5, 30);
        in_range("logo_padding", s.logo_padding, 0, 10);
        in_range("logo_mode", s.logo_mode, 0, 1);
    }
}

uint32_t mix_rgb(uint32_t a, uint32_t b, int num, int den) {
    Rgb x = rgb_of(a), y = rgb_of(b);
    auto m = [&](int p, int q) { return p + ((q - p) * num * 2 + (q >= p ? den : -den)) / (2 * den); };
    return pack_rgb({m(x.r, y.r), m(x.g, y.g), m(x.b, y.b)});
}

uint32_t shade_rgb(uint32_t c, int f) {
    if (f > 1000) f = 1000;
    if (f < -1000) f = -1000;
    return f >= 0 ? mix_rgb(c, 0xFFFFFF, f, 1000) : mix_rgb(c, 0x000000, -f, 1000);
}

std::string hex_color(uint32_t c) {
    char text[8];
    std::snprintf(text, sizeof text, "#%06X", static_cast<unsigned>(c & 0xFFFFFF));
    return text;
}

double relative_luminance(uint32_t c) {
    auto lin = [](int v) {
        double s = v / 255.0;
        return s <= 0.04045 ? s / 12.92 : std::pow((s + 0.055) / 1.055, 2.4);
    };
    Rgb x = rgb_of(c);
    return 0.2126 * lin(x.r) + 0.7152 * lin(x.g) + 0.0722 * lin(x.b);
}

double contrast_ratio(uint32_t a, uint32_t b) {
    double la = relative_luminance(a), lb = relative_luminance(b);
    if (la < lb) std::swap(la, lb);
    return (la + 0.05) / (lb + 0.05);
}

}  // namespace ckey
