#include "geometry.hpp"

#include <algorithm>

namespace ckey {

namespace {

// Solves the n x n system a x = b in place (partial pivoting).
bool solve(std::vector<double> &a, std::vector<double> &b, int n) {
    for (int col = 0; col < n; ++col) {
        int pivot = col;
        for (int r = col + 1; r < n; ++r)
            if (std::fabs(a[r * n + col]) > std::fabs(a[pivot * n + col])) pivot = r;
        if (std::fabs(a[pivot * n + col]) < 1e-12) return false;
        if (pivot != col) {
            for (int k = 0; k < n; ++k) std::swap(a[col * n + k], a[pivot * n + k]);
            std::swap(b[col], b[pivot]);
        }
        for (int r = col + 1; r < n; ++r) {
            double f = a[r * n + col] / a[col * n + col];
            if (f == 0) continue;
            for (int k = col; k < n; ++k) a[r * n + k] -= f * a[col * n + k];
            b[r] -= f * b[col];
        }
    }
    for (int r = n - 1; r >= 0; --r) {
        double s = b[r];
        for (int k = r + 1; k < n; ++k) s -= a[r * n + k] * b[k];
        b[r] = s / a[r * n + r];
    }
    return true;
}

}  // namespace

bool fit_homography(const std::vector<Point> &src, const std::vector<Point> &dst, Homography &out) {
    if (src.size() < 4 || src.size() != dst.size()) return false;
    // Normal equations of the 8-parameter DLT with h33 = 1. Source points are
    // centred and scaled for conditioning.
    double sx = 0, sy = 0, dx = 0, dy = 0;
    for (size_t i = 0; i < src.size(); ++i) {
        sx += src[i].x; sy += src[i].y; dx += dst[i].x; dy += dst[i].y;
    }
    const double n = static_cast<double>(src.size());
    sx /= n; sy /= n; dx /= n; dy /= n;
    double ss = 0, ds = 0;
    for (size_t i = 0; i < src.size(); ++i) {
        ss += length(src[i] - Point{sx, sy});
        ds += length(dst[i] - Point{dx, dy});
    }
    ss = ss > 0 ? n / ss : 1;
    ds = ds > 0 ? n / ds : 1;
    std::vector<double> ata(64, 0.0), atb(8, 0.0);
    for (size_t i = 0; i < src.size(); ++i) {
        double x = (src[i].x - sx) * ss, y = (src[i].y - sy) * ss;
        double u = (dst[i].x - dx) * ds, v = (dst[i].y - dy) * ds;
        double r1[8] = {x, y, 1, 0, 0, 0, -u * x, -u * y};
        double r2[8] = {0, 0, 0, x, y, 1, -v * x, -v * y};
        for (int a = 0; a < 8; ++a) {
            for (int b = 0; b < 8; ++b) ata[a * 8 + b] += r1[a] * r1[b] + r2[a] * r2[b];
            atb[a] += r1[a] * u + r2[a] * v;
        }
    }
    if (!solve(ata, atb, 8)) return false;
    // Undo the normalisations: H = Td^-1 * Hn * Ts.
    std::array<double, 9> hn{atb[0], atb[1], atb[2], atb[3], atb[4], atb[5], atb[6], atb[7], 1.0};
    std::array<double, 9> ts{ss, 0, -ss * sx, 0, ss, -ss * sy, 0, 0, 1};
    std::array<double, 9> td_inv{1 / ds, 0, dx, 0, 1 / ds, dy, 0, 0, 1};
    auto mul = [](const std::array<double, 9> &p, const std::array<double, 9> &q) {
        std::array<double, 9> r{};
        for (int i = 0; i < 3; ++i)
            for (int j = 0; j < 3; ++j)
                for (int k = 0; k < 3; ++k) r[i * 3 + j] += p[i * 3 + k] * q[k * 3 + j];
        return r;
    };
    out.m = mul(td_inv, mul(hn, ts));
    return std::isfinite(out.m[0]) && std::fabs(out.m[8]) > 1e-12;
}

bool fit_line(const std::vector<Point> &points, Line &out) {
    if (points.size() < 2) return false;
    double mx = 0, my = 0;
    for (const Point &p : points) { mx += p.x; my += p.y; }
    mx /= static_cast<double>(points.size());
    my /= static_cast<double>(points.size());
    double sxx = 0, syy = 0, sxy = 0;
    for (const Point &p : points) {
        double dx = p.x - mx, dy = p.y - my;
        sxx += dx * dx; syy += dy * dy; sxy += dx * dy;
    }
    // The normal is the eigenvector of the smaller eigenvalue of the scatter.
    double angle = 0.5 * std::atan2(2 * sxy, sxx - syy);  // direction of the line
    out.a = -std::sin(angle);
    out.b = std::cos(angle);
    out.c = out.a * mx + out.b * my;
    return true;
}

bool fit_quadratic(const std::vector<Point> &pts, double centre, std::array<double, 3> &c) {
    if (pts.size() < 6) return false;
    // Normal equations in x - centre, for conditioning.
    double s[5] = {0, 0, 0, 0, 0}, r[3] = {0, 0, 0};
    for (const Point &p : pts) {
        const double x = p.x - centre;
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
    // Back from x - centre to x.
    const double b0 = solve(0), b1 = solve(1), b2 = solve(2);
    c = {b0 - centre * b1 + centre * centre * b2, b1 - 2 * centre * b2, b2};
    return true;
}

bool fit_quadratic_trimmed(std::vector<Point> &points, double centre, std::initializer_list<double> tolerances,
                           size_t min_points, std::array<double, 3> &c) {
    std::vector<Point> inliers;
    for (const double tolerance : tolerances) {
        if (points.size() < min_points || !fit_quadratic(points, centre, c)) return false;
        inliers.clear();
        for (const Point &p : points)
            if (std::fabs(c[0] + p.x * (c[1] + p.x * c[2]) - p.y) <= tolerance) inliers.push_back(p);
        points.swap(inliers);
    }
    return points.size() >= min_points && fit_quadratic(points, centre, c);
}

bool intersect(const Line &l1, const Line &l2, Point &out) {
    double det = l1.a * l2.b - l2.a * l1.b;
    if (std::fabs(det) < 1e-9) return false;
    out.x = (l1.c * l2.b - l2.c * l1.b) / det;
    out.y = (l1.a * l2.c - l2.a * l1.c) / det;
    return true;
}

std::vector<Point> convex_hull(std::vector<Point> p) {
    std::sort(p.begin(), p.end(), [](Point a, Point b) { return a.x < b.x || (a.x == b.x && a.y < b.y); });
    if (p.size() < 3) return p;
    std::vector<Point> hull(2 * p.size());
    size_t k = 0;
    for (size_t i = 0; i < p.size(); ++i) {
        while (k >= 2 && cross(hull[k - 1] - hull[k - 2], p[i] - hull[k - 2]) <= 0) --k;
        hull[k++] = p[i];
    }
    for (size_t i = p.size() - 1, t = k + 1; i > 0; --i) {
        while (k >= t && cross(hull[k - 1] - hull[k - 2], p[i - 1] - hull[k - 2]) <= 0) --k;
        hull[k++] = p[i - 1];
    }
    hull.resize(k - 1);
    return hull;
}

double polygon_area(std::span<const Point> poly) {
    double area = 0;
    for (size_t i = 0; i < poly.size(); ++i) area += cross(poly[i], poly[(i + 1) % poly.size()]);
    return std::fabs(area) / 2;
}

QuadBox bounding_box(const Quad &q) {
    QuadBox b{q[0].x, q[0].y, q[0].x, q[0].y};
    for (const Point &p : q) {
        b.x0 = std::min(b.x0, p.x), b.x1 = std::max(b.x1, p.x);
        b.y0 = std::min(b.y0, p.y), b.y1 = std::max(b.y1, p.y);
    }
    return b;
}

}  // namespace ckey
