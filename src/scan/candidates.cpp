#include "candidates.hpp"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>

namespace ckey {

namespace {

// Bytes before the first non-zero one, in memory order, of a word loaded with memcpy.
int leading_equal_bytes(uint64_t diff) {
    if constexpr (std::endian::native == std::endian::little) return std::countr_zero(diff) / 8;
    else return std::countl_zero(diff) / 8;
}

int find_root(std::vector<Run> &runs, int i) {
    while (runs[i].parent != i) {
        runs[i].parent = runs[runs[i].parent].parent;
        i = runs[i].parent;
    }
    return i;
}

void unite(std::vector<Run> &runs, int a, int b) {
    a = find_root(runs, a);
    b = find_root(runs, b);
    if (a != b) runs[std::max(a, b)].parent = std::min(a, b);
}

double distance2(Point a, Point b) {
    Point d = a - b;
    return d.x * d.x + d.y * d.y;
}

// The largest-area quadrilateral on the hull, approximately: the diameter's
// ends, then the farthest point on each side of it.
bool hull_to_quad(const std::vector<Point> &hull, Quad &quad) {
    if (hull.size() < 4) return false;
    // Diameter by rotating antipodal pointers over the convex polygon.
    const size_t n = hull.size();
    size_t a = 0, c = 0, j = 1;
    double best = -1;
    for (size_t i = 0; i < n; ++i) {
        size_t next = (i + 1) % n;
        while (std::fabs(cross(hull[next] - hull[i], hull[(j + 1) % n] - hull[i])) >
               std::fabs(cross(hull[next] - hull[i], hull[j] - hull[i])))
            j = (j + 1) % n;
        for (size_t k : {i, next}) {
            double d = distance2(hull[k], hull[j]);
            if (d > best) { best = d; a = k; c = j; }
        }
    }
    Point pa = hull[a], pc = hull[c], axis = pc - pa;
    double most = 0, least = 0;
    Point pb, pd;
    for (const Point &p : hull) {
        double side = cross(axis, p - pa);
        if (side > most) { most = side; pb = p; }
        if (side < least) { least = side; pd = p; }
    }
    if (most <= 0 || least >= 0) return false;
    quad = {pa, pb, pc, pd};
    // Clockwise in image coordinates (y down) means a positive shoelace sum.
    double s = 0;
    for (int i = 0; i < 4; ++i) s += cross(quad[i], quad[(i + 1) % 4]);
    if (s < 0) std::swap(quad[1], quad[3]);
    return true;
}

// Convex hull of a component from its per-row extremes, given in row order:
// a monotone chain on (y, x) needs no sort.
std::vector<Point> row_hull(const std::vector<Point> &left, const std::vector<Point> &right) {
    // Points ordered by y then x: for each row, its left then right point.
    std::vector<Point> pts;
    pts.reserve(left.size() * 2);
    for (size_t i = 0; i < left.size(); ++i) {
        pts.push_back(left[i]);
        pts.push_back(right[i]);
    }
    auto turn = [](Point o, Point a, Point b) { return cross(a - o, b - o); };
    std::vector<Point> lower, upper;
    for (const Point &p : pts) {
        while (lower.size() >= 2 && turn(lower[lower.size() - 2], lower.back(), p) >= 0) lower.pop_back();
        lower.push_back(p);
    }
    for (size_t i = pts.size(); i-- > 0;) {
        const Point &p = pts[i];
        while (upper.size() >= 2 && turn(upper[upper.size() - 2], upper.back(), p) >= 0) upper.pop_back();
        upper.push_back(p);
    }
    lower.pop_back();
    upper.pop_back();
    lower.insert(lower.end(), upper.begin(), upper.end());
    return lower;
}

}  // namespace

void find_ring_candidates(const Ternary &t, ComponentScratch &scratch, std::vector<RingCandidate> &out) {
    const int w = t.width, h = t.height;
    auto &runs = scratch.runs;
    auto &row_start = scratch.row_start;
    runs.clear();
    row_start.assign(h + 1, 0);
    for (int y = 0; y < h; ++y) {
        row_start[y] = static_cast<int>(runs.size());
        const uint8_t *row = &t.cells[static_cast<size_t>(y) * w];
        int x = 0;
        while (x < w) {
            const uint8_t c = row[x];
            int end = x;
            // Eight cells at a time: the first that differs from c ends the run.
            const uint64_t same = 0x0101010101010101ull * c;
            for (;;) {
                if (end + 8 >= w) {
                    while (end + 1 < w && row[end + 1] == c) ++end;
                    break;
                }
                uint64_t next;
                std::memcpy(&next, row + end + 1, 8);
                if (next == same) {
                    end += 8;
                    continue;
                }
                end += leading_equal_bytes(next ^ same);
                break;
            }
            if (c != kUnknown) {
                int id = static_cast<int>(runs.size());
                runs.push_back({y, x, end, id, c});
            }
            x = end + 1;
        }
        if (y == 0) continue;
        // Join with overlapping runs of the same class in the row above.
        int a = row_start[y - 1], a_end = row_start[y], b = row_start[y], b_end = static_cast<int>(runs.size());
        while (a < a_end && b < b_end) {
            const Run &ra = runs[a], &rb = runs[b];
            if (ra.x1 < rb.x0) { ++a; continue; }
            if (rb.x1 < ra.x0) { ++b; continue; }
            if (ra.cls == rb.cls) unite(runs, a, b);
            if (ra.x1 < rb.x1) ++a; else ++b;
        }
    }
    row_start[h] = static_cast<int>(runs.size());

    // Statistics per root; each run's component index is kept for the next pass.
    // Unions always point a root at the smaller index, so a run's parent
    // comes before it: in index order, that parent already holds its final
    // root, and each run's root is one lookup.
    auto &stat_of = scratch.stat_of;
    stat_of.resize(runs.size());
    auto &stats = scratch.stats;
    stats.clear();
    for (size_t i = 0; i < runs.size(); ++i) {
        const Run &run = runs[i];
        const int p = run.parent, r = p == static_cast<int>(i) ? p : runs[p].parent;
        runs[i].parent = r;  // flattened: the root, read directly below
        if (r == static_cast<int>(i)) {
            stat_of[i] = static_cast<int>(stats.size());
            stats.push_back({run.x0, run.y, run.x1, run.y, 0, false, run.cls, -1});
        }
        const int s = stat_of[r];
        ComponentStats &st = stats[s];
        st.x0 = std::min(st.x0, run.x0);
        st.x1 = std::max(st.x1, run.x1);
        st.y1 = std::max(st.y1, run.y);
        st.count += run.x1 - run.x0 + 1;
        if (run.x0 == 0 || run.x1 == w - 1 || run.y == 0 || run.y == h - 1) st.border = true;
    }
    // Keep ring-like components: big enough, inside the frame, hollow.
    std::vector<std::vector<Point>> left, right;
    std::vector<int> kept;
    for (size_t s = 0; s < stats.size(); ++s) {
        ComponentStats &st = stats[s];
        const int bw = st.x1 - st.x0 + 1, bh = st.y1 - st.y0 + 1;
        if (st.border || bw < kMinRingPixels || bh < kMinRingPixels) continue;
        if (std::max(bw, bh) > 4 * std::min(bw, bh)) continue;
        const long box = static_cast<long>(bw) * bh;
        if (st.count * 4 > box * 3 || st.count < bw + bh) continue;
        st.kept = static_cast<int>(kept.size());
        kept.push_back(static_cast<int>(s));
        left.emplace_back(bh, Point{1e9, 0});
        right.emplace_back(bh, Point{-1e9, 0});
    }
    if (kept.empty()) return;
    for (size_t i = 0; i < runs.size(); ++i) {
        const int k = stats[stat_of[runs[i].parent]].kept;
        if (k < 0) continue;
        const Run &run = runs[i];
        const int row = run.y - stats[kept[k]].y0;
        Point &l = left[k][row], &r = right[k][row];
        if (run.x0 < l.x) l = Point{static_cast<double>(run.x0), run.y + 0.5};
        if (run.x1 + 1 > r.x) r = Point{static_cast<double>(run.x1 + 1), run.y + 0.5};
    }
    for (size_t k = 0; k < kept.size(); ++k) {
        const ComponentStats &st = stats[kept[k]];
        // Swap to (y, x) so the row order is the monotone chain's sort order.
        std::vector<Point> l, r;
        for (size_t row = 0; row < left[k].size(); ++row) {
            if (left[k][row].x > 1e8) continue;
            l.push_back({left[k][row].y, left[k][row].x});
            r.push_back({right[k][row].y, right[k][row].x});
        }
        // The top and bottom pixel edges, so the hull covers whole pixels.
        if (!l.empty()) {
            l.front().x -= 0.5; r.front().x -= 0.5;
            l.back().x += 0.5; r.back().x += 0.5;
        }
        std::vector<Point> hull = row_hull(l, r);
        for (Point &p : hull) std::swap(p.x, p.y);
        RingCandidate c;
        if (!hull_to_quad(hull, c.quad)) continue;
        std::vector<Point> qv(c.quad.begin(), c.quad.end());
        c.area = polygon_area(qv);
        if (c.area < 0.8 * polygon_area(hull)) continue;  // not a quadrilateral outline
        bool sane = true;
        for (int i = 0; i < 4 && sane; ++i) {
            Point u = c.quad[(i + 1) % 4] - c.quad[i], v = c.quad[(i + 3) % 4] - c.quad[i];
            if (length(u) < kMinRingPixels * 0.7) sane = false;
            // Interior angles between about 25 and 155 degrees.
            if (std::fabs(cross(u, v)) < 0.42 * length(u) * length(v)) sane = false;
        }
        if (!sane) continue;
        c.inverted = st.cls == kLight;
        out.push_back(c);
    }
}

}  // namespace ckey
