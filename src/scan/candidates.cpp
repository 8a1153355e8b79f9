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

// Convex hull of a component from its per-row extremes, given in row order
// as (y, x) points: a monotone chain needs no sort. Writes into hull, using
// chain as scratch (both reused from component to component).
void row_hull(const Point *left, const Point *right, size_t rows, std::vector<Point> &chain,
              std::vector<Point> &hull) {
    // Points ordered by y then x: for each row, its left then right point.
    auto point = [&](size_t i) { return i % 2 == 0 ? left[i / 2] : right[i / 2]; };
    const size_t n = rows * 2;
    auto turn = [](Point o, Point a, Point b) { return cross(a - o, b - o); };
    hull.clear();
    for (size_t i = 0; i < n; ++i) {
        const Point p = point(i);
        while (hull.size() >= 2 && turn(hull[hull.size() - 2], hull.back(), p) >= 0) hull.pop_back();
        hull.push_back(p);
    }
    chain.clear();
    for (size_t i = n; i-- > 0;) {
        const Point p = point(i);
        while (chain.size() >= 2 && turn(chain[chain.size() - 2], chain.back(), p) >= 0) chain.pop_back();
        chain.push_back(p);
    }
    hull.pop_back();
    chain.pop_back();
    hull.insert(hull.end(), chain.begin(), chain.end());
}

// The last cell of the run of row[x]'s class that starts at x. Eight cells
// at a time: the first that differs ends the run.
int run_end(const uint8_t *row, int x, int w) {
    const uint8_t c = row[x];
    const uint64_t same = 0x0101010101010101ull * c;
    int end = x;
    for (;;) {
        if (end + 8 >= w) {
            while (end + 1 < w && row[end + 1] == c) ++end;
            return end;
        }
        uint64_t next;
        std::memcpy(&next, row + end + 1, 8);
        if (next != same) return end + leading_equal_bytes(next ^ same);
        end += 8;
    }
}

// Runs of light and dark cells (or of one class), row by row (unknown cells
// join nothing), each united with the overlapping runs of its class in the
// row above.
void label_runs(const Ternary &t, ComponentScratch &scratch, CellClasses classes) {
    // Cells of the class left out are skipped like unknown ones.
    const uint8_t left_out = classes == CellClasses::dark ? kLight : classes == CellClasses::light ? kDark : kUnknown;
    const int w = t.width, h = t.height;
    auto &runs = scratch.runs;
    auto &row_start = scratch.row_start;
    runs.clear();
    row_start.assign(h + 1, 0);
    for (int y = 0; y < h; ++y) {
        row_start[y] = static_cast<int>(runs.size());
        const uint8_t *row = &t.cells[static_cast<size_t>(y) * w];
        for (int x = 0; x < w;) {
            const int end = run_end(row, x, w);
            if (row[x] != kUnknown && row[x] != left_out) {
                const int id = static_cast<int>(runs.size());
                runs.push_back({y, x, end, id, row[x]});
            }
            x = end + 1;
        }
        if (y == 0) continue;
        int a = row_start[y - 1], a_end = row_start[y], b = row_start[y], b_end = static_cast<int>(runs.size());
        while (a < a_end && b < b_end) {
            const Run &ra = runs[a], &rb = runs[b];
            if (ra.x1 < rb.x0) { ++a; continue; }
            if (rb.x1 < ra.x0) { ++b; continue; }
            if (ra.cls == rb.cls) {
                // A run not yet joined is its own root and comes after every
                // run above it: it takes their root as its parent directly.
                if (runs[b].parent == b) runs[b].parent = find_root(runs, a);
                else unite(runs, a, b);
            }
            if (ra.x1 < rb.x1) ++a; else ++b;
        }
    }
    row_start[h] = static_cast<int>(runs.size());
}

// Statistics per component, and each run's component (stat_of). Unions
// always point a root at the smaller index, so a run's parent comes before
// it: in index order the parent's component is already known, one lookup.
// A component touches the border exactly when its box does.
void component_stats(ComponentScratch &scratch, int w, int h) {
    const auto &runs = scratch.runs;
    auto &stat_of = scratch.stat_of;
    auto &stats = scratch.stats;
    stat_of.resize(runs.size());
    stats.clear();
    for (size_t i = 0; i < runs.size(); ++i) {
        const Run &run = runs[i];
        if (run.parent == static_cast<int>(i)) {
            stat_of[i] = static_cast<int>(stats.size());
            stats.push_back({run.x0, run.y, run.x1, run.y, 0, false, run.cls, -1, static_cast<long>(run.y) * w + run.x0});
        } else {
            stat_of[i] = stat_of[run.parent];
        }
        ComponentStats &st = stats[stat_of[i]];
        st.x0 = std::min(st.x0, run.x0);
        st.x1 = std::max(st.x1, run.x1);
        st.y1 = std::max(st.y1, run.y);
        st.count += run.x1 - run.x0 + 1;
    }
    for (ComponentStats &st : stats) st.border = st.x0 == 0 || st.x1 == w - 1 || st.y0 == 0 || st.y1 == h - 1;
}

int rows_of(const ComponentStats &st) { return st.y1 - st.y0 + 1; }

// Marks the ring-like components (big enough, inside the frame, hollow) and
// gathers each one's leftmost and rightmost run ends per row into one flat
// buffer (no allocation per component: photographs give hundreds). False
// when there are none.
bool keep_ring_like(ComponentScratch &scratch) {
    auto &stats = scratch.stats;
    auto &kept = scratch.kept;
    auto &first_row = scratch.first_row;
    kept.clear();
    first_row.clear();
    size_t rows = 0;
    for (size_t s = 0; s < stats.size(); ++s) {
        ComponentStats &st = stats[s];
        const int bw = st.x1 - st.x0 + 1, bh = rows_of(st);
        if (st.border || bw < kMinRingPixels || bh < kMinRingPixels) continue;
        if (std::max(bw, bh) > 4 * std::min(bw, bh)) continue;
        const long box = static_cast<long>(bw) * bh;
        if (st.count * 4 > box * 3 || st.count < bw + bh) continue;
        st.kept = static_cast<int>(kept.size());
        kept.push_back(static_cast<int>(s));
        first_row.push_back(static_cast<int>(rows));
        rows += bh;
    }
    if (kept.empty()) return false;
    scratch.left.assign(rows, Point{1e9, 0});
    scratch.right.assign(rows, Point{-1e9, 0});
    for (size_t i = 0; i < scratch.runs.size(); ++i) {
        const Run &run = scratch.runs[i];
        const int k = stats[scratch.stat_of[i]].kept;
        if (k < 0) continue;
        const size_t row = static_cast<size_t>(first_row[k]) + (run.y - stats[kept[k]].y0);
        Point &l = scratch.left[row], &r = scratch.right[row];
        if (run.x0 < l.x) l = Point{static_cast<double>(run.x0), run.y + 0.5};
        if (run.x1 + 1 > r.x) r = Point{static_cast<double>(run.x1 + 1), run.y + 0.5};
    }
    return true;
}

// The quadrilateral outline of kept component k, when its hull is close to
// one with sane sides and angles.
bool ring_outline(ComponentScratch &scratch, size_t k, RingCandidate &c) {
    const ComponentStats &st = scratch.stats[scratch.kept[k]];
    auto &l = scratch.row_left, &r = scratch.row_right, &hull = scratch.hull;
    // Swap to (y, x) so the row order is the monotone chain's sort order.
    l.clear();
    r.clear();
    const size_t begin = scratch.first_row[k], end = begin + rows_of(st);
    for (size_t row = begin; row < end; ++row) {
        if (scratch.left[row].x > 1e8) continue;
        l.push_back({scratch.left[row].y, scratch.left[row].x});
        r.push_back({scratch.right[row].y, scratch.right[row].x});
    }
    // The top and bottom pixel edges, so the hull covers whole pixels.
    l.front().x -= 0.5; r.front().x -= 0.5;
    l.back().x += 0.5; r.back().x += 0.5;
    row_hull(l.data(), r.data(), l.size(), scratch.chain, hull);
    for (Point &p : hull) std::swap(p.x, p.y);
    if (!quad_outline(hull, kMinRingPixels * 0.7, c.quad)) return false;
    c.area = polygon_area(c.quad);
    c.inverted = st.cls == kLight;
    c.order = st.order;
    return true;
}

}  // namespace

bool quad_outline(const std::vector<Point> &hull, double min_side, Quad &quad) {
    if (!hull_to_quad(hull, quad)) return false;
    if (polygon_area(quad) < 0.8 * polygon_area(hull)) return false;  // not a quadrilateral outline
    for (int i = 0; i < 4; ++i) {
        Point u = quad[(i + 1) % 4] - quad[i], v = quad[(i + 3) % 4] - quad[i];
        if (length(u) < min_side) return false;
        // Interior angles between about 25 and 155 degrees.
        if (std::fabs(cross(u, v)) < 0.42 * length(u) * length(v)) return false;
    }
    return true;
}

void find_ring_candidates(const Ternary &t, ComponentScratch &scratch, std::vector<RingCandidate> &out,
                          CellClasses classes) {
    label_runs(t, scratch, classes);
    component_stats(scratch, t.width, t.height);
    if (!keep_ring_like(scratch)) return;
    for (size_t k = 0; k < scratch.kept.size(); ++k) {
        RingCandidate c;
        if (ring_outline(scratch, k, c)) out.push_back(c);
    }
}

}  // namespace ckey
