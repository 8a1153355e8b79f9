// Stage 3: border-ring candidates. Connected components of dark pixels (and
// of light pixels, for light-on-dark symbols) whose convex hull is a
// quadrilateral and whose fill is ring-like become candidates.
#pragma once

#include "binarize.hpp"
#include "geometry.hpp"

#include <cstdint>
#include <vector>

namespace ckey {

// The cells that form components. Light and dark components never join, so
// labelling the classes apart finds the same components as together.
enum class CellClasses { both, dark, light };

struct RingCandidate {
    Quad quad;              // outer ring corners, clockwise in image coordinates
    bool inverted = false;  // light ring on a dark ground
    double area = 0;        // in detection-image pixels^2
    double score = 0;       // ring contrast score, set by the caller
    bool marked = true;     // the field inside holds marks, set by the caller
    long order = 0;         // its component's first cell, y * width + x: the order of finding
};

// A horizontal run of one class; runs are the unit of connectivity.
struct Run {
    int y, x0, x1;  // x1 inclusive
    int parent;
    uint8_t cls;
};

// Extent and size of one connected component.
struct ComponentStats {
    int x0, y0, x1, y1;
    long count;
    bool border;  // touches the image edge
    uint8_t cls;
    int kept;    // index into the kept list, or -1
    long order;  // its first cell, y * width + x: components are found in this order
};

struct ComponentScratch {
    std::vector<Run> runs;
    std::vector<int> row_start;  // first run index of each row, plus an end marker
    std::vector<int> stat_of;    // component (index into stats) of each run
    std::vector<ComponentStats> stats;
    // Ring-like components kept for a hull: their stats indices, the first
    // row of each in left/right, each row's extremes, and the hull's buffers.
    std::vector<int> kept, first_row;
    std::vector<Point> left, right, row_left, row_right, hull, chain;
};

// The smallest outer ring side accepted, in detection-image pixels.
constexpr int kMinRingPixels = 10;

// The quadrilateral that approximates a convex hull (its largest inscribed
// one, approximately), when it covers at least 0.8 of the hull, every side is
// at least min_side long and every angle is between about 25 and 155 degrees.
bool quad_outline(const std::vector<Point> &hull, double min_side, Quad &quad);

// Appends the ring-like components of these classes of the binary image to
// out, in the order their components are found. One class has about half the
// runs of both.
void find_ring_candidates(const Ternary &binary, ComponentScratch &scratch, std::vector<RingCandidate> &out,
                          CellClasses classes = CellClasses::both);

}  // namespace ckey
