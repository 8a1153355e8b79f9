// Stage 5 helpers: reading the image at canvas positions through a
// homography, and turning grey values into "darkness" (0 = surely
// background, 255 = surely ink) against local ink and background levels.
#pragma once

#include "../image/gray_image.hpp"
#include "geometry.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>

namespace ckey {

// Bilinear value at continuous image coordinates (pixel i covers [i, i+1)).
// Outside the image the nearest edge pixel is used. Inline: every stage
// after detection calls it, up to a few hundred thousand times a frame.
inline float sample_bilinear(const GrayImage &image, Point p) {
    double fx = p.x - 0.5, fy = p.y - 0.5;
    // Inside, away from the last column and row, nothing needs clamping.
    const bool inside = fx >= 0 && fy >= 0 && fx < image.width - 1.0 && fy < image.height - 1.0;
    if (!inside) {
        if (!(fx > -1e6 && fx < 1e6 && fy > -1e6 && fy < 1e6)) return 128.0f;  // NaN or far away
        fx = std::clamp(fx, 0.0, image.width - 1.0);
        fy = std::clamp(fy, 0.0, image.height - 1.0);
    }
    const int x0 = static_cast<int>(fx), y0 = static_cast<int>(fy);
    // Steps to the right and lower neighbours, 0 on the last column or row.
    const size_t right = inside || x0 + 1 < image.width ? 1 : 0;
    const size_t down = inside || y0 + 1 < image.height ? static_cast<size_t>(image.width) : 0;
    const uint8_t *q = image.pixels.data() + static_cast<size_t>(y0) * image.width + x0;
    const float ax = static_cast<float>(fx - x0), ay = static_cast<float>(fy - y0);
    const float top = q[0] * (1 - ax) + q[right] * ax;
    const float bottom = q[down] * (1 - ax) + q[down + right] * ax;
    return top * (1 - ay) + bottom * ay;
}

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
