#include "refine_edges.hpp"

#include "sampler.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

namespace ckey {

bool edge_on_normal(const GrayImage &image, bool inverted, Point base, Point outward, double reach, double step,
                    std::vector<float> &profile, Point &out) {
    const int steps = static_cast<int>(2 * reach / step) + 1;
    profile.resize(steps);
    for (int k = 0; k < steps; ++k) profile[k] = sample_bilinear(image, base + outward * (-reach + k * step));
    // Going outward, ink -> margin: brighter for dark ink, darker when inverted.
    int best = -1;
    float best_gradient = 0;
    for (int k = 1; k + 1 < steps; ++k) {
        float g = profile[k + 1] - profile[k - 1];
        if (inverted) g = -g;
        if (g > best_gradient) { best_gradient = g; best = k; }
    }
    if (best < 0 || best_gradient < 6) return false;
    double offset = 0;
    if (best > 1 && best + 2 < steps) {
        float g0 = profile[best] - profile[best - 2], g2 = profile[best + 2] - profile[best];
        if (inverted) { g0 = -g0; g2 = -g2; }
        double denom = g0 - 2 * best_gradient + g2;
        if (denom < 0) offset = 0.5 * (g0 - g2) / denom;
        offset = std::clamp(offset, -0.5, 0.5);
    }
    out = base + outward * (-reach + (best + offset) * step);
    return true;
}

bool refine_ring_edges(const GrayImage &image, bool inverted, Quad &quad) {
    std::array<Line, 4> lines;
    for (int side = 0; side < 4; ++side) {
        const Point a = quad[side], b = quad[(side + 1) % 4];
        const double len = length(b - a);
        const Point dir = (b - a) * (1.0 / len);
        const Point outward{dir.y, -dir.x};
        const double unit = len / 27.0;  // canvas units per side of the outer ring
        const double reach = std::max(1.5, 0.8 * unit), step = std::max(0.25, unit / 16);
        std::vector<float> profile;
        std::vector<Point> points;
        const int samples = 24;
        for (int i = 0; i < samples; ++i) {
            const double t = 0.12 + 0.76 * i / (samples - 1);
            Point edge;
            if (edge_on_normal(image, inverted, a + (b - a) * t, outward, reach, step, profile, edge))
                points.push_back(edge);
        }
        if (points.size() < 8) return false;
        Line line;
        fit_line(points, line);
        // One pass of outlier rejection: keep points within max(1 px, unit/6).
        std::vector<Point> inliers;
        const double tolerance = std::max(1.0, unit / 6);
        for (const Point &p : points)
            if (std::fabs(line.a * p.x + line.b * p.y - line.c) <= tolerance) inliers.push_back(p);
        if (inliers.size() < 6) return false;
        fit_line(inliers, line);
        lines[side] = line;
    }
    Quad refined;
    for (int i = 0; i < 4; ++i)
        if (!intersect(lines[(i + 3) % 4], lines[i], refined[i])) return false;
    // Reject a refinement that moved a corner far (a wrong edge was locked on).
    const double scale = length(quad[1] - quad[0]) + length(quad[2] - quad[1]);
    for (int i = 0; i < 4; ++i)
        if (length(refined[i] - quad[i]) > 0.08 * scale) return false;
    quad = refined;
    return true;
}

}  // namespace ckey
