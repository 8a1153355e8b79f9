// Camera simulator, stage 4: optics (Gaussian, disk, motion blur).
#include "camera_optics.hpp"

#include "camera_geometry.hpp"

#include <algorithm>
#include <cmath>

namespace ckey {

namespace {

struct Tap {
    int dx, dy;
    float weight;
};

// A copy of the image with `pad` repeated edge pixels on every side.
std::vector<float> padded(const std::vector<float> &image, int w, int h, int pad) {
    const int pw = w + 2 * pad;
    std::vector<float> out(static_cast<size_t>(pw) * (h + 2 * pad));
    for (int y = -pad; y < h + pad; ++y) {
        const float *src = &image[static_cast<size_t>(std::clamp(y, 0, h - 1)) * w];
        float *dst = &out[static_cast<size_t>(y + pad) * pw];
        for (int x = -pad; x < w + pad; ++x) dst[x + pad] = src[std::clamp(x, 0, w - 1)];
    }
    return out;
}

// Convolution with a sparse kernel, one tap at a time over whole rows (the
// inner loop is a plain multiply-add the compiler vectorises).
void convolve(std::vector<float> &image, int w, int h, const std::vector<Tap> &taps) {
    int pad = 0;
    for (const Tap &t : taps) pad = std::max({pad, std::abs(t.dx), std::abs(t.dy)});
    const std::vector<float> source = padded(image, w, h, pad);
    const int pw = w + 2 * pad;
    std::fill(image.begin(), image.end(), 0.0f);
    for (int y = 0; y < h; ++y) {
        float *dst = &image[static_cast<size_t>(y) * w];
        for (const Tap &t : taps) {
            const float *src = &source[static_cast<size_t>(y + pad + t.dy) * pw + pad + t.dx];
            const float k = t.weight;
            for (int x = 0; x < w; ++x) dst[x] += k * src[x];
        }
    }
}

void normalise(std::vector<Tap> &taps) {
    double sum = 0;
    for (const Tap &t : taps) sum += t.weight;
    for (Tap &t : taps) t.weight = static_cast<float>(t.weight / sum);
}

}  // namespace

void gaussian_blur(std::vector<float> &image, int w, int h, double sigma) {
    if (sigma <= 0) return;
    const int radius = std::max(1, static_cast<int>(std::ceil(3 * sigma)));
    std::vector<Tap> row, column;
    for (int d = -radius; d <= radius; ++d) {
        const float weight = static_cast<float>(std::exp(-d * d / (2 * sigma * sigma)));
        row.push_back({d, 0, weight});
        column.push_back({0, d, weight});
    }
    normalise(row);
    normalise(column);
    convolve(image, w, h, row);
    convolve(image, w, h, column);
}

// A uniform disk whose edge pixels are weighted by how far inside they are.
void disk_blur(std::vector<float> &image, int w, int h, double radius) {
    if (radius <= 0) return;
    const int reach = static_cast<int>(std::ceil(radius + 0.5));
    std::vector<Tap> taps;
    for (int dy = -reach; dy <= reach; ++dy)
        for (int dx = -reach; dx <= reach; ++dx) {
            const double weight = std::clamp(radius + 0.5 - std::hypot(dx, dy), 0.0, 1.0);
            if (weight > 0) taps.push_back({dx, dy, static_cast<float>(weight)});
        }
    normalise(taps);
    convolve(image, w, h, taps);
}

// A segment of the given length through the pixel, splatted bilinearly from
// finely spaced points so that any angle and length are represented.
void motion_blur(std::vector<float> &image, int w, int h, double length, double angle_deg) {
    if (length <= 0) return;
    const double c = std::cos(radians(angle_deg)), s = std::sin(radians(angle_deg));
    const int reach = static_cast<int>(std::ceil(length / 2)) + 1, side = 2 * reach + 1;
    std::vector<double> grid(static_cast<size_t>(side) * side, 0.0);
    const int points = static_cast<int>(std::ceil(length * 8)) + 1;
    for (int i = 0; i < points; ++i) {
        const double t = points == 1 ? 0 : length * (static_cast<double>(i) / (points - 1) - 0.5);
        const double x = t * c + reach, y = t * s + reach;
        const int x0 = static_cast<int>(std::floor(x)), y0 = static_cast<int>(std::floor(y));
        const double fx = x - x0, fy = y - y0;
        grid[static_cast<size_t>(y0) * side + x0] += (1 - fx) * (1 - fy);
        grid[static_cast<size_t>(y0) * side + x0 + 1] += fx * (1 - fy);
        grid[static_cast<size_t>(y0 + 1) * side + x0] += (1 - fx) * fy;
        grid[static_cast<size_t>(y0 + 1) * side + x0 + 1] += fx * fy;
    }
    std::vector<Tap> taps;
    for (int y = 0; y < side; ++y)
        for (int x = 0; x < side; ++x)
            if (grid[static_cast<size_t>(y) * side + x] > 1e-9)
                taps.push_back({x - reach, y - reach, static_cast<float>(grid[static_cast<size_t>(y) * side + x])});
    normalise(taps);
    convolve(image, w, h, taps);
}

void apply_optics(std::vector<float> &radiance, const ckey_camera_scene &scene) {
    gaussian_blur(radiance, scene.width, scene.height, scene.blur_sigma);
    disk_blur(radiance, scene.width, scene.height, scene.defocus_radius);
    motion_blur(radiance, scene.width, scene.height, scene.motion_length, scene.motion_angle_deg);
}

}  // namespace ckey
