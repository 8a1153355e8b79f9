#include "sampler.hpp"

#include <algorithm>
#include <cmath>

namespace ckey {

float sample_bilinear(const GrayImage &image, Point p) {
    double fx = p.x - 0.5, fy = p.y - 0.5;
    if (!(fx > -1e6 && fx < 1e6 && fy > -1e6 && fy < 1e6)) return 128.0f;  // NaN or far away
    fx = std::clamp(fx, 0.0, image.width - 1.0);
    fy = std::clamp(fy, 0.0, image.height - 1.0);
    int x0 = static_cast<int>(fx), y0 = static_cast<int>(fy);
    int x1 = std::min(x0 + 1, image.width - 1), y1 = std::min(y0 + 1, image.height - 1);
    float ax = static_cast<float>(fx - x0), ay = static_cast<float>(fy - y0);
    float top = image.at(x0, y0) * (1 - ax) + image.at(x1, y0) * ax;
    float bottom = image.at(x0, y1) * (1 - ax) + image.at(x1, y1) * ax;
    return top * (1 - ay) + bottom * ay;
}

float sample_cell(const GrayImage &image, const CanvasMap &h, double cx, double cy, double spread) {
    float sum = sample_bilinear(image, h.map(cx, cy));
    sum += sample_bilinear(image, h.map(cx - spread, cy));
    sum += sample_bilinear(image, h.map(cx + spread, cy));
    sum += sample_bilinear(image, h.map(cx, cy - spread));
    sum += sample_bilinear(image, h.map(cx, cy + spread));
    return sum / 5.0f;
}

}  // namespace ckey
