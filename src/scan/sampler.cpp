#include "sampler.hpp"

#include <algorithm>
#include <cmath>

namespace ckey {

float sample_cell(const GrayImage &image, const CanvasMap &h, double cx, double cy, double spread) {
    Point points[5];
    h.map_cross(cx, cy, spread, points);
    float sum = sample_bilinear(image, points[0]);
    for (int i = 1; i < 5; ++i) sum += sample_bilinear(image, points[i]);
    return sum / 5.0f;
}

}  // namespace ckey
