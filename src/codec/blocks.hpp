// Splitting the codewords into Reed-Solomon blocks and interleaving them.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

namespace ckey {

// Parity share of each level, in percent of a block: L 14, M 38, Q 54, H 66.
// (L is held low so version 31 carries 2,000 bytes; M to H match or exceed
// QR Code's shares for small versions.)
int level_parity_percent(int level);

struct BlockPlan {
    int total = 0;                  // codewords in the symbol
    int parity_per_block = 0;       // E, the same for every block
    std::vector<int> block_lengths; // n_i: the shorter blocks first
    int data_total() const;
};

// B = ceil(total / 255) blocks; the first B - (total mod B) blocks hold
// floor(total / B) codewords, the rest one more; E = max(2, 2 * floor((n_short
// * percent + 100) / 200)).
BlockPlan plan_blocks(int total_codewords, int level);

// For each position of the transmitted stream, (block, offset within block).
// Data codewords go first, taken column by column across the blocks, then the
// parity codewords the same way.
std::vector<std::pair<int, int>> interleave_order(const BlockPlan &plan);

}  // namespace ckey
