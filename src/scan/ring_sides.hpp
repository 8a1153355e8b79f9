// Stage 4b: the ring's sides as curves. On a curved label (a bottle, paper
// curl) two sides of the ring are arcs, and the homography of its four
// corners misplaces the format band by up to a unit. Each side's outer edge
// is measured along its whole length and fitted, in canvas units, as a
// quadratic offset from the homography's straight side (SideBows); the
// canvas map then follows the real surface between the four curves.
#pragma once

#include "../image/gray_image.hpp"
#include "geometry.hpp"

namespace ckey {

// quad: the ring's outer corners (refined), clockwise, canvas corner order
// (2,2), (29,2), (29,29), (2,29). False when a side has too few edge points
// to fit.
bool trace_ring_sides(const GrayImage &image, bool inverted, const Quad &quad, SideBows &out);

// How far the middle of a side bows out from the chord between its ends,
// in canvas units (signed).
double side_sag(const SideBows &bows, int side);

}  // namespace ckey
