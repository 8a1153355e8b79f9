// Points, lines and homographies shared by the scan stages.
#pragma once

#include <algorithm>
#include <array>
#include <initializer_list>
#include <utility>
#include <cmath>
#include <span>
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

// How far each side of the ring's outer edge lies from the straight side of
// the homography, in canvas units, as a quadratic in the canvas coordinate
// along that side: offset(t) = c[0] + c[1] t + c[2] t^2. Top and bottom
// (canvas y = 2, 29) are functions of x and move in y; left and right
// (x = 2, 29) are functions of y and move in x.
struct SideBows {
    std::array<std::array<double, 3>, 4> c{};  // top, right, bottom, left

    static double at(const std::array<double, 3> &q, double t) { return q[0] + t * (q[1] + t * q[2]); }
    // The displacement at a canvas point, blended between opposite sides.
    Point displacement(double x, double y) const {
        const double u = (x - 2) / 27, v = (y - 2) / 27;
        return {(1 - u) * at(c[3], y) + u * at(c[1], y), (1 - v) * at(c[0], x) + v * at(c[2], x)};
    }
};

// Canvas -> image: an optional canvas symmetry (the orientation hypothesis,
// for maps built on the unturned homography), an optional cylindrical bend
// of the canvas (a label wrapped around a bottle), optional side bows (the
// ring traced as curves: a Coons-like patch between its four sides), then
// the homography. The bend keeps the ring's corners (canvas 2 and 29) fixed
// and compresses toward them: u' = 15.5 + 13.5 sin(phi t) / sin(phi),
// t = (u - 15.5) / 13.5.
struct CanvasMap {
    Homography h;
    int axis = 0;      // 0 none, 1 bend along canvas x, 2 along canvas y
    double phi = 0;    // half the wrap angle in radians
    bool bowed = false;
    SideBows bows;
    int turns = 0;         // quarter turns (x, y) -> (31 - y, x), after...
    bool transpose = false;  // ... (x, y) -> (y, x)

    CanvasMap() = default;
    CanvasMap(const Homography &homography, int bend_axis = 0, double bend = 0)
        : h(homography), axis(bend_axis), phi(bend), bend_scale(bend != 0 ? 13.5 / std::sin(bend) : 0) {}

    Point map(double x, double y) const {
        Point p = turned(x, y);
        if (axis == 1) p.x = bend(p.x);
        else if (axis == 2) p.y = bend(p.y);
        return finish(p);
    }

    // map() of the centre and of the four points at +-spread along each
    // canvas axis, in that order (centre, -x, +x, -y, +y): the same values,
    // with the bend computed once for the points that share the centre's
    // bent coordinate.
    void map_cross(double cx, double cy, double spread, Point out[5]) const {
        if (axis == 0 && !bowed) return map_cross_flat(cx, cy, spread, out);
        const Point in[5] = {{cx, cy}, {cx - spread, cy}, {cx + spread, cy}, {cx, cy - spread}, {cx, cy + spread}};
        double centre_u = 0, centre_bent = 0;
        for (int i = 0; i < 5; ++i) {
            Point p = turned(in[i].x, in[i].y);
            if (axis != 0) {
                double &u = axis == 1 ? p.x : p.y;
                if (i > 0 && u == centre_u) {
                    u = centre_bent;
                } else {
                    const double b = bend(u);
                    if (i == 0) centre_u = u, centre_bent = b;
                    u = b;
                }
            }
            out[i] = finish(p);
        }
    }

private:
    // map_cross without bend or bows: the turn is affine and the homography's
    // numerators and denominator are linear in the point, so each neighbour
    // is the centre's sums plus or minus one step's (module sampling calls
    // this for every cell of every reading).
    void map_cross_flat(double cx, double cy, double spread, Point out[5]) const {
        const Point c = turned(cx, cy), ex = turned(cx + spread, cy) - c, ey = turned(cx, cy + spread) - c;
        const auto &m = h.m;
        const double x = m[0] * c.x + m[1] * c.y + m[2], y = m[3] * c.x + m[4] * c.y + m[5];
        const double w = m[6] * c.x + m[7] * c.y + m[8];
        const Point steps[2] = {ex, ey};
        out[0] = {x / w, y / w};
        for (int k = 0; k < 2; ++k) {
            const Point e = steps[k];
            const double sx = m[0] * e.x + m[1] * e.y, sy = m[3] * e.x + m[4] * e.y, sw = m[6] * e.x + m[7] * e.y;
            out[1 + 2 * k] = {(x - sx) / (w - sw), (y - sy) / (w - sw)};
            out[2 + 2 * k] = {(x + sx) / (w + sw), (y + sy) / (w + sw)};
        }
    }
    double bend_scale = 0;  // 13.5 / sin(phi), computed once: maps are applied per sample
    double bend(double u) const { return 15.5 + bend_scale * std::sin(phi * (u - 15.5) / 13.5); }
    Point turned(double x, double y) const {
        if (transpose) std::swap(x, y);
        for (int k = 0; k < turns; ++k) {
            const double nx = 31.0 - y;
            y = x;
            x = nx;
        }
        return {x, y};
    }
    Point finish(Point p) const {
        if (bowed) {
            const Point d = bows.displacement(p.x, p.y);
            p.x += d.x;
            p.y += d.y;
        }
        return h.map(p.x, p.y);
    }
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

// Least-squares y = c[0] + c[1] x + c[2] x^2 through the points (x - centre
// is used inside, for conditioning). False when under-determined.
bool fit_quadratic(const std::vector<Point> &points, double centre, std::array<double, 3> &c);

// fit_quadratic, then for each tolerance in turn the points further from the
// fit than it dropped and the rest fitted again. False when under
// min_points remain at any fit (points keeps the last inliers).
bool fit_quadratic_trimmed(std::vector<Point> &points, double centre, std::initializer_list<double> tolerances,
                           size_t min_points, std::array<double, 3> &c);

// Convex hull (counter-clockwise in a y-up frame) of the points.
std::vector<Point> convex_hull(std::vector<Point> points);
double polygon_area(std::span<const Point> polygon);

// The axis-aligned box of a quadrilateral.
struct QuadBox {
    double x0, y0, x1, y1;
    Point middle() const { return {(x0 + x1) / 2, (y0 + y1) / 2}; }
    double longer_side() const { return std::max(x1 - x0, y1 - y0); }
};
QuadBox bounding_box(const Quad &q);

}  // namespace ckey
