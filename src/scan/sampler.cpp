#include "sampler.hpp"

#include <algorithm>
#include <cmath>

namespace ckey {

float sample_cell(const GrayImage &image, const CanvasMap &h, double cx, double cy, double spread) {
    float sum = sample_bilinear(image, h.map(cx, cy));
    sum += sample_bilinear(image, h.map(cx - spread, cy));
    sum += sample_bilinear(image, h.map(cx + spread, cy));
    sum += sample_bilinear(image, h.map(cx, cy - spread));
    sum += sample_bilinear(image, h.map(cx, cy + spread));
    return sum / 5.0f;
}

}  // namespace ckey
