#include "camera_model.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

namespace ckey {

namespace {

// Separable Gaussian blur with clamped edges.
void blur(std::vector<float> &img, int w, int h, double sigma) {
    if (sigma <= 0) return;
    const int radius = std::max(1, static_cast<int>(std::ceil(3 * sigma)));
    std::vector<float> kernel(2 * radius + 1);
    float sum = 0;
    for (int i = -radius; i <= radius; ++i) sum += kernel[i + radius] = static_cast<float>(std::exp(-i * i / (2 * sigma * sigma)));
    for (float &k : kernel) k /= sum;
    std::vector<float> tmp(img.size());
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
            float acc = 0;
            for (int i = -radius; i <= radius; ++i) acc += kernel[i + radius] * img[y * w + std::clamp(x + i, 0, w - 1)];
            tmp[y * w + x] = acc;
        }
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
            float acc = 0;
            for (int i = -radius; i <= radius; ++i) acc += kernel[i + radius] * tmp[std::clamp(y + i, 0, h - 1) * w + x];
            img[y * w + x] = acc;
        }
}

// A small deterministic normal generator (xorshift + Box-Muller), so the
// verdict is the same on every platform and every run.
class Noise {
public:
    explicit Noise(uint32_t seed) : state_(seed ? seed : 1) {}
    double normal() {
        double u1 = (next() + 1.0) / 4294967297.0, u2 = (next() + 1.0) / 4294967297.0;
        return std::sqrt(-2 * std::log(u1)) * std::cos(6.283185307179586 * u2);
    }

private:
    uint32_t next() {
        state_ ^= state_ << 13;
        state_ ^= state_ >> 17;
        state_ ^= state_ << 5;
        return state_;
    }
    uint32_t state_;
};

}  // namespace

GrayImage camera_view(const GrayImage &symbol, uint8_t backdrop_grey, const CameraModel &model) {
    const int s = symbol.width, margin = std::max(8, s / 4), size = s + 2 * margin;
    std::vector<float> frame(static_cast<size_t>(size) * size, backdrop_grey);
    // Place the symbol turned about the frame centre (bilinear resampling).
    const double angle = model.rotation_degrees * 3.141592653589793 / 180, c = std::cos(angle), sn = std::sin(angle);
    const double centre = size / 2.0, half = s / 2.0;
    for (int y = 0; y < size; ++y)
        for (int x = 0; x < size; ++x) {
            double dx = x + 0.5 - centre, dy = y + 0.5 - centre;
            double u = c * dx + sn * dy + half - 0.5, v = -sn * dx + c * dy + half - 0.5;
            if (u < -0.5 || v < -0.5 || u > s - 0.5 || v > s - 0.5) continue;
            int x0 = std::clamp(static_cast<int>(std::floor(u)), 0, s - 1), y0 = std::clamp(static_cast<int>(std::floor(v)), 0, s - 1);
            int x1 = std::min(x0 + 1, s - 1), y1 = std::min(y0 + 1, s - 1);
            float ax = static_cast<float>(std::clamp(u - x0, 0.0, 1.0)), ay = static_cast<float>(std::clamp(v - y0, 0.0, 1.0));
            float top = symbol.at(x0, y0) * (1 - ax) + symbol.at(x1, y0) * ax;
            float bottom = symbol.at(x0, y1) * (1 - ax) + symbol.at(x1, y1) * ax;
            frame[static_cast<size_t>(y) * size + x] = top * (1 - ay) + bottom * ay;
        }
    blur(frame, size, size, model.blur_sigma);
    Noise noise(model.seed);
    GrayImage out;
    out.width = out.height = size;
    out.pixels.resize(frame.size());
    const double lift = (1 - model.contrast) * 255 * 0.6;
    for (size_t i = 0; i < frame.size(); ++i) {
        double v = model.contrast * frame[i] + lift + model.noise_sigma * noise.normal();
        out.pixels[i] = static_cast<uint8_t>(std::clamp(std::lround(v), 0L, 255L));
    }
    return out;
}

}  // namespace ckey
