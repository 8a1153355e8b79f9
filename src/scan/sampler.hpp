// Stage 5 helpers: reading the image at canvas positions through a
// homography, and turning grey values into "darkness" (0 = surely
// background, 255 = surely ink) against local ink and background levels.
#pragma once

#include "../image/gray_image.hpp"
#include "geometry.hpp"

#include <cstdint>

namespace ckey {

// Bilinear value at continuous image coordinates (pixel i covers [i, i+1)).
// Outside the image the nearest edge pixel is used.
float sample_bilinear(const GrayImage &image, Point p);

// Mean of five samples: the centre and four points at +-spread canvas units.
float sample_cell(const GrayImage &image, const CanvasMap &map, double cx, double cy, double spread);

// 255 * (background - v) / (background - ink), clamped to 0...255. 128 when
// ink and background are too close to tell apart.
inline uint8_t darkness(float v, float ink, float background) {
    float span = background - ink;
    if (span > -6 && span < 6) return 128;
    float d = 255.0f * (background - v) / span;
    return static_cast<uint8_t>(d < 0 ? 0 : d > 255 ? 255 : d + 0.5f);
}

}  // namespace ckey
