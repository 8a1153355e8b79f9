#include "ring_sides.hpp"

#include "refine_edges.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

namespace ckey {

namespace {

// Edge points per side, spread over 92% of it (the corners themselves may
// be rounded), searched up to 1.5 units either side of the straight side.
constexpr int kSidePoints = 32;
constexpr double kSideReachUnits = 1.5;
// Points further than this (canvas units) from the first fit are dropped.
constexpr double kBowTolerance = 0.3;

// Least-squares y = c0 + c1 x + c2 x^2; false when under-determined.
bool fit_quadratic(const std::vector<Point> &pts, std::array<double, 3> &c) {
    if (pts.size() < 6) return false;
    // Normal equations in x centred on the canvas middle for conditioning.
    double s[5] = {0, 0, 0, 0, 0}, r[3] = {0, 0, 0};
    for (const Point &p : pts) {
        const double x = p.x - 15.5;
        double xp = 1;
        for (int k = 0; k < 5; ++k) {
            s[k] += xp;
            if (k < 3) r[k] += xp * p.y;
            xp *= x;
        }
    }
    const double m[3][3] = {{s[0], s[1], s[2]}, {s[1], s[2], s[3]}, {s[2], s[3], s[4]}};
    const double det = m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) -
                       m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0]) +
                       m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]);
    if (std::fabs(det) < 1e-9) return false;
    auto solve = [&](int col) {
        double a[3][3];
        for (int i = 0; i < 3; ++i)
            for (int j = 0; j < 3; ++j) a[i][j] = j == col ? r[i] : m[i][j];
        return (a[0][0] * (a[1][1] * a[2][2] - a[1][2] * a[2][1]) - a[0][1] * (a[1][0] * a[2][2] - a[1][2] * a[2][0]) +
                a[0][2] * (a[1][0] * a[2][1] - a[1][1] * a[2][0])) / det;
    };
    // Back from x - 15.5 to x.
    const double b0 = solve(0), b1 = solve(1), b2 = solve(2);
    c = {b0 - 15.5 * b1 + 15.5 * 15.5 * b2, b1 - 31.0 * b2, b2};
    return true;
}

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
        if (!edge_on_normal(image, inverted, a + (b - a) * t, outward, reach, step, profile, edge)) continue;
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
        if (static_cast<int>(pts.size()) < kSidePoints / 2 || !fit_quadratic(pts, out.c[side])) return false;
        std::vector<Point> inliers;
        for (const Point &p : pts)
            if (std::fabs(SideBows::at(out.c[side], p.x) - p.y) <= kBowTolerance) inliers.push_back(p);
        if (static_cast<int>(inliers.size()) < kSidePoints / 2 || !fit_quadratic(inliers, out.c[side])) return false;
    }
    return true;
}

double side_sag(const SideBows &bows, int side) {
    const auto &c = bows.c[side];
    return SideBows::at(c, 15.5) - 0.5 * (SideBows::at(c, 2) + SideBows::at(c, 29));
}

}  // namespace ckey
