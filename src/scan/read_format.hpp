// Stage 6: orientation and format. The candidate's four corners can match
// the canvas corners in 8 ways (4 rotations x mirror); under each, the 96
// format-band cells are read against the ring (ink) and the margin
// (background) beside them, and decoded by maximum likelihood. The
// hypothesis with the valid word of lowest cost wins. Profile 1 has no band:
// its 8 x 8 cells are tried under the 8 hypotheses directly.
#pragma once

#include "../codec/decode.hpp"
#include "../codec/format.hpp"
#include "../image/gray_image.hpp"
#include "geometry.hpp"

namespace ckey {

// Canvas corners of the ring's outer edge, clockwise from top-left.
extern const Quad kCanvasRingCorners;

// Homography for hypothesis (rotation 0...3, mirrored) of a clockwise quad.
bool hypothesis_homography(const Quad &quad, int rotation, bool mirrored, Homography &out);

struct FormatHit {
    bool found = false;
    FormatInfo info;
    CanvasMap map;
    bool mirrored = false;
    int cost = 0;
    float ink = 0, background = 0;  // levels measured on the ring and margin
};

// bend_axis/phi: a cylindrical bend to assume (see CanvasMap); 0 = flat.
// bows: the ring's sides as traced curves (stage 4b), or NULL for straight sides.
FormatHit read_format(const GrayImage &image, const Quad &quad, int bend_axis = 0, double phi = 0,
                      const SideBows *bows = nullptr);

struct LocatorHit {
    bool found = false;
    ModuleDecode decoded;
    Homography h;
    bool mirrored = false;
};

LocatorHit read_locator(const GrayImage &image, const Quad &quad);

}  // namespace ckey
