// Helpers shared by the render tests: encoding, rendering and hashing.
#pragma once

#include "codec/symbol.hpp"
#include "render/raster.hpp"
#include "render/style.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace render_test {

inline ckey::Symbol encode(const std::string &text, int profile = 0, int version = 10, int level = 1, int layout = 0) {
    if (profile == 1) return ckey::encode_symbol(reinterpret_cast<const uint8_t *>("CKey"), 4, {1, 0, 0, 0});
    return ckey::encode_symbol(reinterpret_cast<const uint8_t *>(text.data()), text.size(),
                               {profile, profile == 0 ? version : 0, level, layout});
}

inline std::vector<uint8_t> pixels(const ckey::Symbol &s, const ckey::Style &style, int size, int policy,
                                   bool transparent = false) {
    std::vector<uint8_t> out(size_t(size) * size * 4);
    ckey::rasterize(s, style, size, policy, transparent, out.data(), size_t(size) * 4);
    return out;
}

inline uint64_t fnv1a(const std::vector<uint8_t> &bytes) {
    uint64_t h = 1469598103934665603ull;
    for (uint8_t b : bytes) h = (h ^ b) * 1099511628211ull;
    return h;
}

// Every style variant the module-level check covers.
inline std::vector<std::pair<std::string, ckey::Style>> style_variants() {
    using namespace ckey;
    std::vector<std::pair<std::string, Style>> out;
    Style plain = style_preset(CKEY_STYLE_PLAIN), metal = style_preset(CKEY_STYLE_CONCEPT);
    out.push_back({"plain", plain});
    out.push_back({"concept", metal});
    for (int shape = 0; shape < 3; ++shape)
        for (int ring = 0; ring < 3; ++ring) {
            Style s = (shape + ring) % 2 ? metal : plain;
            s.module_shape = shape;
            s.ring_style = ring;
            s.ray_cap = (shape + ring) % 3;
            out.push_back({"shape" + std::to_string(shape) + "-ring" + std::to_string(ring), s});
        }
    Style accents = plain;
    accents.ring_color = 0x1F3A93;
    accents.key_color = 0x8E1B1B;
    out.push_back({"accents", accents});
    return out;
}

}  // namespace render_test
