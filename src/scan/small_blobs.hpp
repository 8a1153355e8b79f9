// Stage 3b: small blobs. A symbol under about 80 px (a far locator, a small
// or blurred label) is a blob of 4-40 pixels in the halved detection image,
// where its ring is a pixel or less thick and merges with its cells, so it
// never shows as a ring. Such blobs are read again at full resolution, each
// from a small crop around it.
#pragma once

#include "candidates.hpp"
#include "../image/gray_image.hpp"

#include <vector>

namespace ckey {

struct SmallBlob {
    int x0, y0, x1, y1;    // detection-image pixels, inclusive
    double size_rank;      // longer side plus 4 x shorter / longer
    double contrast_rank;  // how much it stands out from an even surround
    bool largest;          // taken for its size rank, else for its contrast rank
};

// Smallest and largest blob side, in detection-image pixels: under 4 a
// locator has under 2 px per cell at full resolution; from kMinRingPixels on
// a ring can be a candidate itself, but a small or blurred symbol's thin ring
// often merges with its cells, so blobs up to four times that are kept too
// (three times missed 9 of the 65 locators that the camera benchmark's dev
// frames failed, markers of 40-60 px under blur, motion or a slant).
constexpr int kMinBlobPixels = 4;
constexpr int kMaxBlobPixels = 4 * kMinRingPixels;

// The roughly square, not-hollow-looking components of the last
// find_ring_candidates() call on scratch, at most limit: in turn the largest
// and the one that stands out most from an even surround in detect (the
// image that was thresholded) of those not yet taken. With apart (not null):
// the components of both scratches, as if one call had labelled both classes
// (each labelled one).
void find_small_blobs(const ComponentScratch &scratch, const GrayImage &detect, int limit,
                      std::vector<SmallBlob> &out, const ComponentScratch *apart = nullptr);

}  // namespace ckey
