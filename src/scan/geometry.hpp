// Points, lines and homographies shared by the scan stages.
#pragma once

#include <array>
#include <cmath>
#include <vector>

namespace ckey {

struct Point {
    double x = 0, y = 0;
};

inline Point operator+(Point a, Point b) { return {a.x + b.x, a.y + b.y}; }
inline Point operator-(Point a, Point b) { return {a.x - b.x, a.y - b.y}; }
inline Point operator*(Point a, double s) { return {a.x * s, a.y * s}; }
inline double cross(Point a, Point b) { return a.x * b.y - a.y * b.x; }
inline double length(Point a) { return std::hypot(a.x, a.y); }

using Quad = std::array<Point, 4>;

// A canvas point turned a quarter clockwise about the canvas centre, k times:
// (x, y) -> (31 - y, x). Used to visit the four sides of the ring alike.
inline Point turn_canvas(Point p, int quarter_turns) {
    for (int k = 0; k < quarter_turns; ++k) p = Point{31.0 - p.y, p.x};
    return p;
}

// Maps canvas units (x, y) to image pixels: p = H (x, y, 1), divided by w.
struct Homography {
    std::array<double, 9> m{1, 0, 0, 0, 1, 0, 0, 0, 1};

    Point map(double x, double y) const {
        double w = m[6] * x + m[7] * y + m[8];
        return {(m[0] * x + m[1] * y + m[2]) / w, (m[3] * x + m[4] * y + m[5]) / w};
    }
};

// Canvas -> image: an optional cylindrical bend of the canvas (a label
// wrapped around a bottle), then the homography. The bend keeps the ring's
// corners (canvas 2 and 29) fixed and compresses toward them:
// u' = 15.5 + 13.5 sin(phi t) / sin(phi), t = (u - 15.5) / 13.5.
struct CanvasMap {
    Homography h;
    int axis = 0;      // 0 none, 1 bend along canvas x, 2 along canvas y
    double phi = 0;    // half the wrap angle in radians

    CanvasMap() = default;
    CanvasMap(const Homography &homography, int bend_axis = 0, double bend = 0)
        : h(homography), axis(bend_axis), phi(bend) {}

    Point map(double x, double y) const {
        if (axis == 1) x = bend(x);
        else if (axis == 2) y = bend(y);
        return h.map(x, y);
    }

private:
    double bend(double u) const { return 15.5 + 13.5 * std::sin(phi * (u - 15.5) / 13.5) / std::sin(phi); }
};

// Least-squares homography from n >= 4 correspondences (src -> dst). False
// when the points are degenerate.
bool fit_homography(const std::vector<Point> &src, const std::vector<Point> &dst, Homography &out);

// A line a x + b y = c with a^2 + b^2 = 1, fitted by total least squares.
struct Line {
    double a = 0, b = 0, c = 0;
};
bool fit_line(const std::vector<Point> &points, Line &out);
bool intersect(const Line &l1, const Line &l2, Point &out);

// Convex hull (counter-clockwise in a y-up frame) of the points.
std::vector<Point> convex_hull(std::vector<Point> points);
double polygon_area(const std::vector<Point> &polygon);

}  // namespace ckey
