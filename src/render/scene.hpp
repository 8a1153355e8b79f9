// The symbol's marks as filled outlines in canvas units: the one geometry
// every writer (raster, SVG, PDF) draws, so they all agree.
#pragma once

#include "../codec/symbol.hpp"
#include "style.hpp"

#include <cstdint>
#include <vector>

namespace ckey {

constexpr int32_t kQ = 65536;               // scene coordinates: 1/65536 canvas unit
constexpr int32_t kShadowOffset = 7864;     // 0.12 units down and right
constexpr int32_t kCubicArc = 36195;        // 0.5523 * kQ: quarter circle as one cubic

struct Pt {
    int32_t x = 0, y = 0;
};

struct Segment {
    bool cubic = false;
    Pt c1, c2, p;  // control points (cubic only) and the end point
};

// A closed outline. Outer outlines run clockwise on screen (positive area
// with y down), holes counter-clockwise; fills use the nonzero rule.
struct Contour {
    Pt start;
    std::vector<Segment> segs;
};

enum Mark { kInk = 0, kRing = 1, kKey = 2, kMarkCount = 3 };

struct Box {
    int32_t x0 = 0, y0 = 0, x1 = 0, y1 = 0;
};

struct LogoPlacement {
    bool present = false;
    Box box;                       // the logo box, centred on the data field
    Box padded;                    // box plus padding
    Box image;                     // the image, aspect-fitted inside box
    std::vector<uint8_t> covered;  // n*n: 1 where the logo removes the module
};

struct Scene {
    std::vector<Contour> marks[kMarkCount];
    LogoPlacement logo;
};

// Data-field module boundary i (0...n) in scene units.
inline int32_t module_edge(int n, int i) {
    return static_cast<int32_t>((static_cast<int64_t>(4 * n + 23 * i) * kQ * 2 + n) / (2 * n));
}

LogoPlacement place_logo(const Symbol &symbol, const Style &style);

// min_mark: the thinnest a mark may be, in scene units (hybrid and binary
// rasters pass one pixel; vectors pass 0).
Scene build_scene(const Symbol &symbol, const Style &style, int32_t min_mark);

// Signed area (shoelace over the end points, control points included for
// cubics) in scene units squared; positive = clockwise on screen.
int64_t contour_area2(const Contour &contour);

}  // namespace ckey
