// Rasterizing a scene into straight-alpha RGBA8 with exact-area coverage.
#pragma once

#include "../codec/symbol.hpp"
#include "style.hpp"

#include <cstddef>
#include <cstdint>

namespace ckey {

constexpr int kMaxRasterSize = 8192;

// One pixel per module and per canvas unit.
int min_raster_size(const Symbol &symbol);

// Throws CKEY_SIZE_TOO_SMALL / CKEY_INVALID_ARGUMENT for a bad size.
void validate_raster_size(const Symbol &symbol, int size);

// Draws the symbol (style already checked) into out: size rows of stride bytes.
void rasterize(const Symbol &symbol, const Style &style, int size, int policy, bool transparent, uint8_t *out,
               size_t stride);

}  // namespace ckey
