// Stage 7 helper: undoing part of the blur between neighbouring modules.
// Blur (defocus, motion, JPEG's lost detail, a frame halved by the camera)
// spreads each module's ink into the modules beside it: a lone dark module
// reads paler than the keys' ink, a lone light one darker than their paper,
// and dense symbols lose their thinnest features first. Subtracting a share
// of the neighbours' mean from each sample (a discrete Laplacian sharpening
// on the module grid, not on pixels, so it scales with the symbol) restores
// much of that contrast. It also amplifies noise, so readers try it as a
// second hypothesis after the samples as they are.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace ckey {

// The share of the neighbours' mean taken away. To first order, a
// strength of 4e / (1 - 4e) undoes a leak of e of each module into each of
// its four neighbours: 1.5 for e = 0.15, a Gaussian blur of about half a
// module. On the camera benchmark's dev frames, as a second try, 1.5 read a
// few more symbols than weaker strengths (20 of 340 plain against 19 at 0.8;
// 16 of 640 styled against 14 at 1.0) and none lost either way. It multiplies
// sample noise by about 2.6.
constexpr float kEqualiseStrength = 1.5f;

// Returns samples (n x n, row-major) with each one moved away from the mean of
// its up to four neighbours inside the grid. Cells where skip is non-zero
// (keys, whose levels were measured apart) neither change nor count as
// neighbours; skip may be null.
std::vector<float> equalise_modules(const std::vector<float> &samples, int n, const uint8_t *skip,
                                    float strength = kEqualiseStrength);

}  // namespace ckey
