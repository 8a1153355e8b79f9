#include "ring_sides.hpp"

#include "refine_edges.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

namespace ckey {

namespace {

// Edge points per side, spread over 92% of it (the corners themselves may
// be rounded), searched up to 2 units either side of the straight side (a
// 90-degree arc of a cylinder bows a side by about 1.4 units).
constexpr int kSidePoints = 32;
constexpr double kSideReachUnits = 2.0;
// Points further from a fit than these (canvas units) are dropped, in two
// rounds: a wide reach also meets edges of the band and the data.
constexpr double kBowOutlier = 0.5, kBowTolerance = 0.3;

// One side's offsets from the straight side, as (along, offset) pairs in
// canvas units.
std::vector<Point> side_offsets(const GrayImage &image, bool inverted, const Quad &quad, const Homography &back,
                                int side, std::vector<float> &profile) {
    const Point a = quad[side], b = quad[(side + 1) % 4];
    const double len = length(b - a);
    const Point dir = (b - a) * (1.0 / len), outward{dir.y, -dir.x};
    const double unit = len / 27.0;
    const double reach = std::max(2.0, kSideReachUnits * unit), step = std::max(0.25, unit / 16);
    std::vector<Point> out;
    for (int i = 0; i < kSidePoints; ++i) {
        const double t = 0.04 + 0.92 * i / (kSidePoints - 1);
        Point edge;
        if (!edge_on_normal(image, inverted, a + (b - a) * t, outward, reach, step, profile, edge, true)) continue;
        const Point c = back.map(edge.x, edge.y);
        switch (side) {
        case 0: out.push_back({c.x, c.y - 2}); break;
        case 1: out.push_back({c.y, c.x - 29}); break;
        case 2: out.push_back({c.x, c.y - 29}); break;
        default: out.push_back({c.y, c.x - 2}); break;
        }
    }
    return out;
}

}  // namespace

bool trace_ring_sides(const GrayImage &image, bool inverted, const Quad &quad, SideBows &out) {
    Homography back;
    const std::vector<Point> canvas{{2, 2}, {29, 2}, {29, 29}, {2, 29}};
    if (!fit_homography({quad.begin(), quad.end()}, canvas, back)) return false;
    std::vector<float> profile;
    for (int side = 0; side < 4; ++side) {
        std::vector<Point> pts = side_offsets(image, inverted, quad, back, side, profile);
        if (!fit_quadratic_trimmed(pts, 15.5, {kBowOutlier, kBowTolerance}, kSidePoints / 2, out.c[side])) return false;
    }
    return true;
}

double side_sag(const SideBows &bows, int side) {
    const auto &c = bows.c[side];
    return SideBows::at(c, 15.5) - 0.5 * (SideBows::at(c, 2) + SideBows::at(c, 29));
}

}  // namespace ckey
