#include "candidates.hpp"

#include <algorithm>
#include <numeric>

namespace ckey {

namespace {

int find_root(std::vector<int> &parent, int i) {
    while (parent[i] != i) {
        parent[i] = parent[parent[i]];
        i = parent[i];
    }
    return i;
}

struct Stats {
    int root, x0, y0, x1, y1;
    long count;
    bool border;
    uint8_t cls;
};

// The largest-area quadrilateral on the hull, approximately: the diameter's
// ends, then the farthest point on each side of it.
bool hull_to_quad(const std::vector<Point> &hull, Quad &quad) {
    if (hull.size() < 4) return false;
    size_t a = 0, c = 0;
    double best = -1;
    for (size_t i = 0; i < hull.size(); ++i)
        for (size_t j = i + 1; j < hull.size(); ++j) {
            double d = length(hull[i] - hull[j]);
            if (d > best) { best = d; a = i; c = j; }
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
    // Clockwise in image coordinates (y down) means positive shoelace sum.
    double s = 0;
    for (int i = 0; i < 4; ++i) s += cross(quad[i], quad[(i + 1) % 4]);
    if (s < 0) std::swap(quad[1], quad[3]);
    return true;
}

}  // namespace

void find_ring_candidates(const Ternary &t, ComponentScratch &scratch, std::vector<RingCandidate> &out) {
    const int w = t.width, h = t.height;
    const uint8_t *cells = t.cells.data();
    auto &parent = scratch.parent;
    parent.resize(static_cast<size_t>(w) * h);
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
            const int i = y * w + x;
            parent[i] = i;
            const uint8_t c = cells[i];
            if (c == kUnknown) continue;
            if (x > 0 && cells[i - 1] == c) parent[i] = find_root(parent, i - 1);
            if (y > 0 && cells[i - w] == c) {
                int up = find_root(parent, i - w), me = find_root(parent, i);
                if (up != me) parent[std::max(up, me)] = std::min(up, me);
            }
        }
    // Component statistics, keyed by root through the slot table.
    auto &slot = scratch.slot;
    slot.assign(static_cast<size_t>(w) * h, -1);
    std::vector<Stats> stats;
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
            const int i = y * w + x;
            if (cells[i] == kUnknown) continue;
            int r = find_root(parent, i);
            int s = slot[r];
            if (s < 0) {
                s = slot[r] = static_cast<int>(stats.size());
                stats.push_back({r, x, y, x, y, 0, false, cells[i]});
            }
            Stats &st = stats[s];
            st.x0 = std::min(st.x0, x); st.x1 = std::max(st.x1, x);
            st.y0 = std::min(st.y0, y); st.y1 = std::max(st.y1, y);
            ++st.count;
            if (x == 0 || y == 0 || x == w - 1 || y == h - 1) st.border = true;
        }
    // Keep ring-like components: big enough, inside the frame, hollow.
    std::vector<int> keep(stats.size(), -1);
    std::vector<std::vector<int>> row_min, row_max;
    std::vector<int> kept;
    for (size_t s = 0; s < stats.size(); ++s) {
        const Stats &st = stats[s];
        const int bw = st.x1 - st.x0 + 1, bh = st.y1 - st.y0 + 1;
        if (st.border || bw < kMinRingPixels || bh < kMinRingPixels) continue;
        if (std::max(bw, bh) > 4 * std::min(bw, bh)) continue;
        const long box = static_cast<long>(bw) * bh;
        if (st.count * 4 > box * 3 || st.count < bw + bh) continue;
        keep[s] = static_cast<int>(kept.size());
        kept.push_back(static_cast<int>(s));
        row_min.emplace_back(bh, w);
        row_max.emplace_back(bh, -1);
    }
    if (kept.empty()) return;
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
            const int i = y * w + x;
            if (cells[i] == kUnknown) continue;
            int k = keep[slot[find_root(parent, i)]];
            if (k < 0) continue;
            int row = y - stats[kept[k]].y0;
            row_min[k][row] = std::min(row_min[k][row], x);
            row_max[k][row] = std::max(row_max[k][row], x);
        }
    for (size_t k = 0; k < kept.size(); ++k) {
        const Stats &st = stats[kept[k]];
        std::vector<Point> edge;
        for (size_t row = 0; row < row_min[k].size(); ++row) {
            if (row_max[k][row] < 0) continue;
            double y = st.y0 + static_cast<double>(row);
            edge.push_back({static_cast<double>(row_min[k][row]), y});
            edge.push_back({static_cast<double>(row_min[k][row]), y + 1});
            edge.push_back({static_cast<double>(row_max[k][row] + 1), y});
            edge.push_back({static_cast<double>(row_max[k][row] + 1), y + 1});
        }
        std::vector<Point> hull = convex_hull(edge);
        RingCandidate c;
        if (!hull_to_quad(hull, c.quad)) continue;
        std::vector<Point> qv(c.quad.begin(), c.quad.end());
        c.area = polygon_area(qv);
        double hull_area = polygon_area(hull);
        if (c.area < 0.85 * hull_area) continue;  // not a quadrilateral outline
        bool sane = true;
        for (int i = 0; i < 4 && sane; ++i) {
            double side = length(c.quad[(i + 1) % 4] - c.quad[i]);
            if (side < kMinRingPixels * 0.7) sane = false;
            // Interior angles between about 25 and 155 degrees.
            Point u = c.quad[(i + 1) % 4] - c.quad[i], v = c.quad[(i + 3) % 4] - c.quad[i];
            double sine = std::fabs(cross(u, v)) / (length(u) * length(v));
            if (sine < 0.42) sane = false;
        }
        if (!sane) continue;
        c.inverted = st.cls == kLight;
        out.push_back(c);
    }
}

}  // namespace ckey
