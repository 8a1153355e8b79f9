#include "refine_edges.hpp"

#include "sampler.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

namespace ckey {

namespace {

constexpr int kSideSamples = 24;  // edge points per side
// Weakest edge taken, in grey levels over two profile steps. Four, not six:
// the light ring of a concept-style symbol on a low-contrast label differs
// from its margin by about 12 levels, which blur spreads over 3 px, and its
// sides found too few edge points (camera benchmark dev frames: 3 more
// styled symbols and 1 more locator read, 1 styled symbol lost, no change on
// plain or symbol-free frames).
constexpr float kMinEdgeStrength = 4;

// The edge's index on the profile, or -1 when no edge reaches kMinEdgeStrength;
// strength: its gradient. Going outward, ink -> margin: brighter for dark
// ink, darker when inverted.
int pick_edge(const std::vector<float> &profile, bool inverted, bool outermost, float &strength) {
    const int steps = static_cast<int>(profile.size());
    auto gradient = [&](int k) { return inverted ? profile[k - 1] - profile[k + 1] : profile[k + 1] - profile[k - 1]; };
    int best = -1;
    strength = 0;
    for (int k = 1; k + 1 < steps; ++k)
        if (gradient(k) > strength) { strength = gradient(k); best = k; }
    if (best < 0 || strength < kMinEdgeStrength) return -1;
    if (!outermost) return best;
    // The ring is the outermost ink: a wide search also crosses edges of the
    // band and the data, so the outermost peak of at least half the strongest.
    for (int k = steps - 2; k > best; --k) {
        const float g = gradient(k);
        if (g >= 0.5f * strength && g >= gradient(k - 1) && (k + 2 >= steps || g >= gradient(k + 1))) {
            strength = g;
            return k;
        }
    }
    return best;
}

}  // namespace

bool edge_on_normal(const GrayImage &image, bool inverted, Point base, Point outward, double reach, double step,
                    std::vector<float> &profile, Point &out, bool outermost) {
    const int steps = static_cast<int>(2 * reach / step) + 1;
    profile.resize(steps);
    for (int k = 0; k < steps; ++k) profile[k] = sample_bilinear(image, base + outward * (-reach + k * step));
    float best_gradient = 0;
    const int best = pick_edge(profile, inverted, outermost, best_gradient);
    if (best < 0) return false;
    // Sub-step position: a parabola through the gradients either side.
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

namespace {

// The line of one side: edge points along the middle 76% of it within
// 0.8 unit of the straight side, fitted, outliers (beyond max(1 px,
// unit / 6)) dropped, fitted again.
bool side_line(const GrayImage &image, bool inverted, Point a, Point b, std::vector<float> &profile, Line &line) {
    const double len = length(b - a);
    const Point dir = (b - a) * (1.0 / len), outward{dir.y, -dir.x};
    const double unit = len / 27.0;  // canvas units per side of the outer ring
    const double reach = std::max(1.5, 0.8 * unit), step = std::max(0.25, unit / 16);
    std::vector<Point> points;
    for (int i = 0; i < kSideSamples; ++i) {
        const double t = 0.12 + 0.76 * i / (kSideSamples - 1);
        Point edge;
        if (edge_on_normal(image, inverted, a + (b - a) * t, outward, reach, step, profile, edge)) points.push_back(edge);
    }
    if (points.size() < 8) return false;
    fit_line(points, line);
    std::vector<Point> inliers;
    const double tolerance = std::max(1.0, unit / 6);
    for (const Point &p : points)
        if (std::fabs(line.a * p.x + line.b * p.y - line.c) <= tolerance) inliers.push_back(p);
    if (inliers.size() < 6) return false;
    fit_line(inliers, line);
    return true;
}

// A side that no line fits may be an arc (a label on a cylinder). Its edge
// points, searched within 2 units of the straight side, are fitted as an
// offset quadratic in the position along it; the line is the chord between
// the curve's ends, so the corners land on the ring and the bow is left to
// the traced sides (stage 4b).
bool side_chord(const GrayImage &image, bool inverted, Point a, Point b, std::vector<float> &profile, Line &line) {
    const double len = length(b - a);
    const Point dir = (b - a) * (1.0 / len), outward{dir.y, -dir.x};
    const double unit = len / 27.0;
    const double reach = std::max(2.0, 2.0 * unit), step = std::max(0.25, unit / 16);
    std::vector<Point> offsets;  // (t, offset in pixels)
    for (int i = 0; i < kSideSamples; ++i) {
        const double t = 0.12 + 0.76 * i / (kSideSamples - 1);
        const Point base = a + (b - a) * t;
        Point edge;
        if (edge_on_normal(image, inverted, base, outward, reach, step, profile, edge, true))
            offsets.push_back({t, (edge.x - base.x) * outward.x + (edge.y - base.y) * outward.y});
    }
    // Outliers (an edge of the band or the data) dropped in two rounds,
    // beyond half a unit, then beyond max(1 px, unit / 6).
    std::array<double, 3> c;
    if (!fit_quadratic_trimmed(offsets, 0.5, {unit / 2, std::max(1.0, unit / 6)}, kSideSamples / 2, c)) return false;
    const Point start = a + outward * SideBows::at(c, 0), end = b + outward * SideBows::at(c, 1);
    return fit_line({start, end}, line);
}

}  // namespace

bool refine_ring_edges(const GrayImage &image, bool inverted, Quad &quad) {
    std::array<Line, 4> lines;
    std::vector<float> profile;
    for (int side = 0; side < 4; ++side) {
        const Point a = quad[side], b = quad[(side + 1) % 4];
        if (!side_line(image, inverted, a, b, profile, lines[side]) &&
            !side_chord(image, inverted, a, b, profile, lines[side]))
            return false;
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
