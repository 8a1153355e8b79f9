// Stage 2: local adaptive threshold. Each pixel is compared with the middle
// of the min/max of the 3 x 3 tiles around it (tiles of kTile pixels), so
// uneven lighting and shadows do not move the threshold of far regions.
// Where the neighbourhood has too little contrast the pixel is "unknown" and
// joins no component, which keeps flat regions (sky, paper) cheap.
#pragma once

#include "../image/gray_image.hpp"

#include <cstdint>
#include <vector>

namespace ckey {

enum : uint8_t { kLight = 0, kDark = 1, kUnknown = 2 };

struct Ternary {
    int width = 0, height = 0;
    std::vector<uint8_t> cells;  // kLight, kDark or kUnknown per pixel
};

// 3 pixels of the detection image (6 at full resolution when halved): small
// enough that a narrow margin stays apart from a dark neighbour or a shadow edge.
constexpr int kTile = 3;
// Smallest local max - min that counts as an edge: kMinContrast grey levels,
// or the local maximum / kContrastDivisor where that is more (sensor noise
// grows with brightness, and a shadowed label still has to be seen). A
// sixteenth and 8 levels: ink and paper 0.1 apart in reflectance are about
// 25 levels apart near 200 (an eighth left that unknown), and a concept
// style's coloured ink in such a scene can be 13 levels from its paper at
// 150 (a twelfth and 10 levels read 40 % of those frames on the camera
// benchmark's dev seeds, this 60 %), for 6 % more work on other frames.
constexpr int kMinContrast = 8;
constexpr int kContrastDivisor = 16;
// The floor for an image that was neither averaged nor smoothed (the thin
// rings' darkest-pixel halving, spec 14.3 step 7): its sensor grain is
// several times the smoothed halved image's, and at 8 levels it breaks flat
// regions into thousands of runs. 16 keeps every ring that 8 found on the
// camera benchmark's dev frames, and a low-contrast label's ink and paper
// (about 25 levels apart) stay classified.
constexpr int kThinMinContrast = 16;

// Buffers binarize() reuses from frame to frame.
struct BinarizeScratch {
    std::vector<uint8_t> tmin, tmax, spread_min, spread_max;  // per tile
    std::vector<uint8_t> colmin, colmax;                      // per column of a tile row
};

// tile: the tile side in pixels, 3 or 4 (the neighbourhood is 3 x 3 tiles);
// min_contrast: the floor of kMinContrast's rule.
void binarize(const GrayImage &image, Ternary &out, BinarizeScratch &scratch, int tile = kTile,
              int min_contrast = kMinContrast);
// The same with buffers of its own, for tests and tools.
void binarize(const GrayImage &image, Ternary &out, int tile = kTile);

// Halves the image by averaging 2 x 2 blocks.
void decimate(const GrayImage &image, GrayImage &out);
// Halves the image keeping the darkest pixel of each 2 x 2 block: a dark
// line 1 to 2 pixels wide in the halved image (a far locator's ring) keeps
// its full depth, where averaging turns it grey.
void decimate_darkest(const GrayImage &image, GrayImage &out);

// A [1 2 1] x [1 2 1] / 16 blur: sensor grain would otherwise break flat
// regions into thousands of tiny components that each cost time.
void smooth(const GrayImage &image, GrayImage &out);

}  // namespace ckey
