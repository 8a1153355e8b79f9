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

#include <array>

namespace ckey {

// Half wrap angles (radians) of the cylindrical bends tried when a flat
// reading fails (see CanvasMap; spec 14.5).
inline constexpr std::array<double, 3> kBends{0.6, 0.9, 1.2};

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

// A Profile 1 reading: flat, then, when the ring reads as a locator's, the
// cells do not, and bend_axis is not 0 (the ring's sides bow: see
// CanvasMap), under each bend of kBends along that axis.
LocatorHit read_locator(const GrayImage &image, const Quad &quad, int bend_axis = 0);

}  // namespace ckey
