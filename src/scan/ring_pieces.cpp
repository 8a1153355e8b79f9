#include "ring_pieces.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace ckey {

namespace {

bool overlap(const QuadBox &a, const QuadBox &b) { return a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1; }

int root(std::vector<int> &parent, int i) {
    while (parent[i] != i) i = parent[i] = parent[parent[i]];
    return i;
}

}  // namespace

void join_ring_pieces(const std::vector<RingCandidate> &pieces, double min_side, double max_side,
                      std::vector<RingCandidate> &out) {
    const int n = static_cast<int>(pieces.size());
    std::vector<QuadBox> boxes(pieces.size());
    std::transform(pieces.begin(), pieces.end(), boxes.begin(), [](const RingCandidate &c) { return bounding_box(c.quad); });
    std::vector<int> parent(pieces.size());
    std::iota(parent.begin(), parent.end(), 0);
    for (int i = 0; i < n; ++i)
        for (int j = i + 1; j < n; ++j)
            if (pieces[i].inverted == pieces[j].inverted && overlap(boxes[i], boxes[j]))
                parent[std::max(root(parent, i), root(parent, j))] = std::min(root(parent, i), root(parent, j));
    // Roots are each group's first piece: groups come out in the pieces' order.
    for (int g = 0; g < n; ++g) {
        if (root(parent, g) != g) continue;
        std::vector<Point> corners;
        for (int i = g; i < n; ++i)
            if (root(parent, i) == g) corners.insert(corners.end(), pieces[i].quad.begin(), pieces[i].quad.end());
        if (corners.size() < 8) continue;
        RingCandidate joined;
        joined.inverted = pieces[g].inverted;
        if (!quad_outline(convex_hull(corners), min_side, joined.quad)) continue;
        joined.area = polygon_area(joined.quad);
        if (std::sqrt(joined.area) > max_side) continue;
        out.push_back(joined);
    }
}

}  // namespace ckey
