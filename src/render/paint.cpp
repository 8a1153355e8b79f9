#include "paint.hpp"

namespace ckey {

namespace {
// The sheen's shape: +1000 = the brightest highlight, -1000 = the deepest shade.
struct Shape {
    int t, f;
};
constexpr Shape kSheen[] = {{0, 800}, {200, 150}, {400, -700}, {540, 1000}, {680, 100}, {850, -800}, {1000, -200}};
constexpr int kLightenAtFull = 500;  // per mille toward white at bevel 100
constexpr int kDarkenAtFull = 350;   // per mille toward black at bevel 100
constexpr int kGrainAtFull = 120;    // per mille either way at texture 100
}  // namespace

std::vector<Stop> sheen_stops(uint32_t base, int bevel) {
    std::vector<Stop> stops;
    for (const Shape &s : kSheen) {
        int factor = s.f >= 0 ? s.f * bevel * kLightenAtFull / 100000 : s.f * bevel * kDarkenAtFull / 100000;
        stops.push_back({s.t, shade_rgb(base, factor)});
    }
    return stops;
}

std::vector<Stop> vignette_stops(const Style &style) {
    // Flat for the inner third, then an eased fall-off to the corners.
    return {{0, style.background},
            {350, style.background},
            {700, mix_rgb(style.background, style.background_edge, 45, 100)},
            {1000, style.background_edge}};
}

uint32_t color_at(const std::vector<Stop> &stops, int32_t t16) {
    int64_t t = static_cast<int64_t>(t16) * 1000;  // in 1/65536 per mille
    if (t <= int64_t(stops.front().t) << 16) return stops.front().color;
    for (size_t i = 1; i < stops.size(); ++i) {
        int64_t b = int64_t(stops[i].t) << 16;
        if (t <= b) {
            int64_t a = int64_t(stops[i - 1].t) << 16;
            int num = static_cast<int>((t - a) >> 8), den = static_cast<int>((b - a) >> 8);
            return den == 0 ? stops[i].color : mix_rgb(stops[i - 1].color, stops[i].color, num, den);
        }
    }
    return stops.back().color;
}

int effect_lighten_permille(const Style &s) { return (s.bevel * kLightenAtFull + s.texture * kGrainAtFull) / 100; }
int effect_darken_permille(const Style &s) { return (s.bevel * kDarkenAtFull + s.texture * kGrainAtFull) / 100; }

}  // namespace ckey
