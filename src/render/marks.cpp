// Builds the scene: ring, format-band rays, data modules and keys as outlines.
#include "scene.hpp"

#include "../codec/field.hpp"
#include "../codec/format.hpp"

#include <algorithm>
#include <map>

namespace ckey {

namespace {

int sign(int64_t v) { return (v > 0) - (v < 0); }

int64_t seg_area(Pt a, Pt b) { return static_cast<int64_t>(a.x) * b.y - static_cast<int64_t>(b.x) * a.y; }

Contour reversed(const Contour &c) {
    Contour r;
    r.start = c.segs.empty() ? c.start : c.segs.back().p;
    for (size_t i = c.segs.size(); i-- > 0;) {
        Pt from = i == 0 ? c.start : c.segs[i - 1].p;
        const Segment &s = c.segs[i];
        r.segs.push_back({s.cubic, s.c2, s.c1, from});
    }
    return r;
}

// A polygon of axis-aligned corners, each rounded by radii[i] (0 = sharp;
// edges next to a rounded corner must be axis-aligned and long enough).
Contour rounded_polygon(const std::vector<Pt> &v, const std::vector<int32_t> &radii) {
    Contour c;
    const size_t n = v.size();
    bool first = true;
    auto go = [&](Pt p) {
        if (first) { c.start = p; first = false; }
        else c.segs.push_back({false, {}, {}, p});
    };
    for (size_t i = 0; i < n; ++i) {
        Pt prev = v[(i + n - 1) % n], here = v[i], next = v[(i + 1) % n];
        int32_t r = radii.empty() ? 0 : radii[i];
        if (r <= 0) { go(here); continue; }
        int ix = sign(here.x - prev.x), iy = sign(here.y - prev.y);
        int ox = sign(next.x - here.x), oy = sign(next.y - here.y);
        Pt a{here.x - ix * r, here.y - iy * r}, b{here.x + ox * r, here.y + oy * r};
        int32_t k = static_cast<int32_t>((static_cast<int64_t>(r) * kCubicArc + kQ / 2) / kQ);
        go(a);
        c.segs.push_back({true, {a.x + ix * k, a.y + iy * k}, {b.x - ox * k, b.y - oy * k}, b});
    }
    // Close back to the start with an explicit final segment.
    c.segs.push_back({false, {}, {}, c.start});
    return c;
}

void add_oriented(std::vector<Contour> &out, Contour c, bool hole = false) {
    int64_t a = contour_area2(c);
    if ((a < 0) != hole) c = reversed(c);
    out.push_back(std::move(c));
}

Contour rect(int32_t x0, int32_t y0, int32_t x1, int32_t y1, int32_t radius = 0) {
    return rounded_polygon({{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}}, {radius, radius, radius, radius});
}

// Widens [lo, hi] about its centre to at least min_len.
void widen(int32_t &lo, int32_t &hi, int32_t min_len) {
    if (hi - lo >= min_len) return;
    int32_t mid2 = lo + hi;
    lo = (mid2 - min_len) / 2;
    hi = lo + min_len;
}

void build_ring(Scene &scene, const Style &style, int profile) {
    const int32_t t = (profile == CKEY_PROFILE_LOCATOR ? 2 : 1) * kQ;
    const int32_t o0 = 2 * kQ, o1 = 29 * kQ, i0 = o0 + t, i1 = o1 - t;
    std::vector<Contour> &out = scene.marks[kRing];
    if (style.ring_style == CKEY_RING_CHAMFERED) {
        const int32_t co = kQ * 5 / 4;                                   // outer cut 1.25 units
        const int32_t ci = co - static_cast<int32_t>(int64_t(t) * 38390 / kQ);  // keeps the band width
        auto octagon = [](int32_t a, int32_t b, int32_t cut) {
            std::vector<Pt> p{{a + cut, a}, {b - cut, a}, {b, a + cut}, {b, b - cut},
                              {b - cut, b}, {a + cut, b}, {a, b - cut}, {a, a + cut}};
            return rounded_polygon(p, {});
        };
        add_oriented(out, octagon(o0, o1, co));
        add_oriented(out, octagon(i0, i1, std::max(0, ci)), true);
        return;
    }
    const int32_t ro = style.ring_style == CKEY_RING_ROUNDED ? kQ * 3 / 2 : 0;
    add_oriented(out, rect(o0, o0, o1, o1, ro));
    add_oriented(out, rect(i0, i0, i1, i1, std::max(0, ro - t)), true);
}

void build_rays(Scene &scene, const Style &style, const Symbol &s, int32_t min_mark) {
    int32_t hw = kQ * 3 / 10;
    if (2 * hw < min_mark) hw = (min_mark + 1) / 2;
    const int32_t d0 = kQ * 5 / 2, d_end = kQ * 385 / 100, canvas = 31 * kQ;
    for (int i = 0; i < kFormatCells && i < static_cast<int>(s.format.size()); ++i) {
        if (!s.format[i]) continue;
        int x, y;
        format_cell_origin(i, x, y);
        const int side = i / kFormatCellsPerSide;
        const int32_t ac = ((side == 0 || side == 2) ? x : y) * kQ + kQ / 2;
        // (across, depth from the nearest canvas edge) -> canvas point.
        auto map = [&](int32_t a, int32_t d) -> Pt {
            switch (side) {
            case 0: return {a, d};
            case 1: return {canvas - d, a};
            case 2: return {a, canvas - d};
            default: return {d, a};
            }
        };
        std::vector<Pt> p;
        std::vector<int32_t> radii;
        if (style.ray_cap == CKEY_RAY_POINTED) {
            int32_t shoulder = kQ * 355 / 100;
            p = {map(ac - hw, d0), map(ac + hw, d0), map(ac + hw, shoulder), map(ac, kQ * 395 / 100),
                 map(ac - hw, shoulder)};
        } else {
            p = {map(ac - hw, d0), map(ac + hw, d0), map(ac + hw, d_end), map(ac - hw, d_end)};
            if (style.ray_cap == CKEY_RAY_ROUND) radii = {0, 0, hw, hw};
        }
        add_oriented(scene.marks[kRing], rounded_polygon(p, radii));
    }
}

// Outlines of the union of the dark cells of a grid: boundary edges with
// the inside on the right, chained with right turns first (so cells that
// touch only at a corner stay apart), collinear runs merged. Convex corners
// get radius `round` (0 = sharp).
void trace_grid(std::vector<Contour> &out, const std::vector<uint8_t> &dark, int n, int32_t round) {
    auto on = [&](int r, int c) { return r >= 0 && c >= 0 && r < n && c < n && dark[size_t(r) * n + c]; };
    const int stride = n + 1;
    struct Edge { int from, to; bool used; };
    std::vector<Edge> edges;
    std::vector<int> first(size_t(stride) * stride, -1), second(size_t(stride) * stride, -1);
    auto add = [&](int x0, int y0, int x1, int y1) {
        int from = y0 * stride + x0;
        int id = static_cast<int>(edges.size());
        edges.push_back({from, y1 * stride + x1, false});
        (first[from] < 0 ? first[from] : second[from]) = id;
    };
    for (int r = 0; r < n; ++r)
        for (int c = 0; c < n; ++c) {
            if (!on(r, c)) continue;
            if (!on(r - 1, c)) add(c, r, c + 1, r);
            if (!on(r, c + 1)) add(c + 1, r, c + 1, r + 1);
            if (!on(r + 1, c)) add(c + 1, r + 1, c, r + 1);
            if (!on(r, c - 1)) add(c, r + 1, c, r);
        }
    for (size_t e0 = 0; e0 < edges.size(); ++e0) {
        if (edges[e0].used) continue;
        std::vector<Pt> loop;  // grid vertices
        int e = static_cast<int>(e0);
        while (e >= 0 && !edges[e].used) {
            edges[e].used = true;
            int fx = edges[e].from % stride, fy = edges[e].from / stride;
            int tx = edges[e].to % stride, ty = edges[e].to / stride;
            loop.push_back({fx, fy});
            int dx = tx - fx, dy = ty - fy, next = -1;
            // Each edge has one successor (the right turn when there is a
            // choice), so the loops are the cycles of that map.
            for (int cand : {first[edges[e].to], second[edges[e].to]}) {
                if (cand < 0) continue;
                int nx = edges[cand].to % stride - tx, ny = edges[cand].to / stride - ty;
                bool right_turn = dx * ny - dy * nx > 0;
                if (next < 0 || right_turn) next = cand;
            }
            e = next;
        }
        // Drop collinear vertices.
        std::vector<Pt> corners;
        const size_t m = loop.size();
        for (size_t i = 0; i < m; ++i) {
            Pt a = loop[(i + m - 1) % m], b = loop[i], c = loop[(i + 1) % m];
            if ((b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x) != 0) corners.push_back(b);
        }
        std::vector<Pt> pts;
        std::vector<int32_t> radii;
        const size_t k = corners.size();
        for (size_t i = 0; i < k; ++i) {
            Pt a = corners[(i + k - 1) % k], b = corners[i], c = corners[(i + 1) % k];
            bool convex = (b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x) > 0;
            pts.push_back({module_edge(n, b.x), module_edge(n, b.y)});
            radii.push_back(convex ? round : 0);
        }
        out.push_back(rounded_polygon(pts, radii));
    }
}

void build_modules(Scene &scene, const Style &style, const Symbol &s, int32_t min_mark) {
    const int n = s.n;
    const int64_t pitch = int64_t(23) * kQ / n;
    const bool print = s.layout == CKEY_LAYOUT_PRINT;
    const bool keys_with_ink = style.key_color == style.ink && style.module_shape == CKEY_MODULE_SQUARE && !print;
    std::vector<uint8_t> ink(size_t(n) * n, 0), keys(size_t(n) * n, 0);
    for (size_t i = 0; i < ink.size(); ++i) {
        uint8_t m = s.modules[i];
        if (!(m & 1)) continue;
        if (m & 2) (keys_with_ink ? ink : keys)[i] = 1;
        else if (scene.logo.covered.empty() || !(scene.logo.covered[i] && style.logo_mode == CKEY_LOGO_RESERVE))
            ink[i] = 1;
    }
    trace_grid(scene.marks[kKey], keys, n, 0);
    if (!print && style.module_shape != CKEY_MODULE_CIRCLE) {
        int32_t round = style.module_shape == CKEY_MODULE_ROUNDED ? static_cast<int32_t>(pitch * 35 / 100) : 0;
        trace_grid(scene.marks[kInk], ink, n, round);
        return;
    }
    const int32_t inset = print ? static_cast<int32_t>(pitch * 3 / 40) : 0;
    for (int r = 0; r < n; ++r)
        for (int c = 0; c < n; ++c) {
            if (!ink[size_t(r) * n + c]) continue;
            int32_t x0 = module_edge(n, c), x1 = module_edge(n, c + 1);
            int32_t y0 = module_edge(n, r), y1 = module_edge(n, r + 1);
            if (style.module_shape == CKEY_MODULE_CIRCLE) {
                // Diameter 0.9 pitch (0.85 for print), centred on the module.
                int32_t shrink = static_cast<int32_t>(pitch * (print ? 15 : 10) / 200);
                x0 += shrink; x1 -= shrink; y0 += shrink; y1 -= shrink;
            } else {
                x0 += inset; x1 -= inset; y0 += inset; y1 -= inset;
            }
            widen(x0, x1, min_mark);
            widen(y0, y1, min_mark);
            int32_t side = std::min(x1 - x0, y1 - y0);
            int32_t radius = style.module_shape == CKEY_MODULE_CIRCLE    ? side / 2
                             : style.module_shape == CKEY_MODULE_ROUNDED ? side * 35 / 100
                                                                         : 0;
            add_oriented(scene.marks[kInk], rect(x0, y0, x1, y1, radius));
        }
}

}  // namespace

int64_t contour_area2(const Contour &c) {
    int64_t sum = 0;
    Pt prev = c.start;
    for (const Segment &s : c.segs) {
        if (s.cubic) {
            sum += seg_area(prev, s.c1) + seg_area(s.c1, s.c2) + seg_area(s.c2, s.p);
        } else {
            sum += seg_area(prev, s.p);
        }
        prev = s.p;
    }
    return sum + seg_area(prev, c.start);
}

Scene build_scene(const Symbol &s, const Style &style, int32_t min_mark) {
    Scene scene;
    scene.logo = place_logo(s, style);
    build_ring(scene, style, s.profile);
    build_rays(scene, style, s, min_mark);
    build_modules(scene, style, s, min_mark);
    return scene;
}

}  // namespace ckey
