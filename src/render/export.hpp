// The export formats: PNG (libpng), SVG and PDF (vector).
#pragma once

#include "../codec/symbol.hpp"
#include "style.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace ckey {

// Encodes straight-alpha RGBA8 as PNG with the smallest exact colour type.
// dpi 0 = no pHYs.
std::vector<uint8_t> encode_png(const uint8_t *rgba, int width, int height, size_t stride, int dpi);

std::vector<uint8_t> render_png(const Symbol &symbol, const Style &style, int size, int policy, bool transparent,
                                int dpi);

// scale: px per canvas unit (the width and height attributes).
std::string render_svg(const Symbol &symbol, const Style &style, double scale, bool transparent);

std::vector<uint8_t> render_pdf(const Symbol &symbol, const Style &style, double width_points, bool transparent);

// Scene units as a short decimal ("4.1739").
std::string units_text(int64_t q);

}  // namespace ckey
