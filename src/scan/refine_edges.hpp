// Stage 4: sub-pixel ring edges. Each side of a candidate's outer ring is
// re-measured at full resolution: along the middle 76% of the side (so
// rounded or chamfered corners do not bend it) the strongest
// ring-to-margin edge is found on the normal, a line is fitted, and the
// corners become the intersections of adjacent lines.
#pragma once

#include "../image/gray_image.hpp"
#include "geometry.hpp"

#include <vector>

namespace ckey {

// The strongest ink-to-margin edge on the line base + s * outward, |s| <=
// reach, sampled every step (sub-pixel by a parabola through the gradient).
// profile is scratch. False when no edge of at least 6 grey levels is there.
// outermost: the outermost local peak of at least half the strongest
// gradient instead (a search wide enough to cross the band and the data).
bool edge_on_normal(const GrayImage &image, bool inverted, Point base, Point outward, double reach, double step,
                    std::vector<float> &profile, Point &out, bool outermost = false);

// quad: clockwise outer corners at full resolution. Returns false (leaving
// quad unchanged) when a side has too few edge points.
bool refine_ring_edges(const GrayImage &image, bool inverted, Quad &quad);

}  // namespace ckey
