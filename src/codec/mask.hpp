// Data masks and the penalty rule that picks one.
#pragma once

#include <cstdint>
#include <vector>

namespace ckey {

// Mask m flips data module (r, c) when this returns true:
//   0: (r + c) mod 2 = 0
//   1: (floor(r / 2) + floor(c / 3)) mod 2 = 0
//   2: ((r c) mod 2 + (r c) mod 3) mod 2 = 0
//   3: ((r + c) mod 2 + (r c) mod 3) mod 2 = 0
bool mask_flips(int mask, int r, int c);

// Penalty of an n x n module matrix (bit 0 = dark): every run of k >= 5
// equal modules in a row or column adds k - 2; every 2 x 2 square of one
// colour adds 3; and 10 for each full 5% the dark share is away from 50%.
long mask_penalty(const std::vector<uint8_t> &modules, int n);

}  // namespace ckey
