#include "format.hpp"

#include "golay.hpp"

#include <algorithm>
#include <vector>

namespace ckey {

uint32_t format_pack(const FormatInfo &info) {
    return (static_cast<uint32_t>(info.profile & 3) << 10) |
           (static_cast<uint32_t>(info.version & 31) << 5) |
           (static_cast<uint32_t>(info.level & 3) << 3) |
           (static_cast<uint32_t>(info.layout & 1) << 2) | static_cast<uint32_t>(info.mask & 3);
}

FormatInfo format_unpack(uint32_t word) {
    FormatInfo info;
    info.profile = static_cast<int>((word >> 10) & 3);
    info.version = static_cast<int>((word >> 5) & 31);
    info.level = static_cast<int>((word >> 3) & 3);
    info.layout = static_cast<int>((word >> 2) & 1);
    info.mask = static_cast<int>(word & 3);
    return info;
}

bool format_word_valid(uint32_t word) {
    if (word > 0xFFF) return false;
    FormatInfo f = format_unpack(word);
    if (f.profile == 0) return f.version >= 1;
    if (f.profile == 1) return false;
    // Profiles 2 and 3: fixed geometry, version 0, standard layout, their fixed level.
    int fixed_level = f.profile == 2 ? 2 : 0;
    return f.version == 0 && f.layout == 0 && f.level == fixed_level;
}

const std::array<uint32_t, 4> &format_side_masks() {
    // Chosen by tools/format_masks.cpp: every wrong orientation of a valid
    // band lies at least 34 bits from every valid band (spec section 5).
    static const std::array<uint32_t, 4> masks{0x819372u, 0x8AFB30u, 0x4821CEu, 0x98AA70u};
    return masks;
}

std::array<uint8_t, kFormatCells> format_cells(uint32_t word12) {
    std::array<uint8_t, kFormatCells> cells{};
    uint32_t codeword = golay_encode(word12);
    const auto &masks = format_side_masks();
    for (int side = 0; side < 4; ++side) {
        uint32_t bits = codeword ^ masks[side];
        for (int i = 0; i < kFormatCellsPerSide; ++i)
            cells[side * kFormatCellsPerSide + i] = static_cast<uint8_t>((bits >> (23 - i)) & 1);
    }
    return cells;
}

void format_cell_origin(int index, int &x, int &y) {
    int side = index / kFormatCellsPerSide, i = index % kFormatCellsPerSide;
    switch (side) {
    case 0: x = 3 + i; y = 3; break;        // top, left to right
    case 1: x = 27; y = 3 + i; break;       // right, top to bottom
    case 2: x = 27 - i; y = 27; break;      // bottom, right to left
    default: x = 3; y = 27 - i; break;      // left, bottom to top
    }
}

namespace {
struct Candidate {
    uint32_t word;
    std::array<uint8_t, kFormatCells> cells;
    std::array<uint32_t, 4> sides;  // each side's 24 cells as bits, for a fast screen
};
const std::vector<Candidate> &candidates() {
    static const std::vector<Candidate> all = [] {
        std::vector<Candidate> list;
        for (uint32_t w = 0; w < 4096; ++w) {
            if (!format_word_valid(w)) continue;
            Candidate c{w, format_cells(w), {0, 0, 0, 0}};
            for (int i = 0; i < kFormatCells; ++i)
                if (c.cells[i]) c.sides[i / kFormatCellsPerSide] |= 1u << (i % kFormatCellsPerSide);
            list.push_back(c);
        }
        return list;
    }();
    return all;
}

// Best and runner-up of one decision rule.
struct Ranking {
    int best = 1 << 30, second = 1 << 30;
    uint32_t word = 0;
    void offer(int cost, uint32_t w) {
        if (cost < best) {
            second = best;
            best = cost;
            word = w;
        } else if (cost < second) {
            second = cost;
        }
    }
    bool clear(int max_cost, int gap) const { return best <= max_cost && second - best >= gap; }
};
}  // namespace

FormatReading format_decode(const uint8_t *darkness) {
    std::array<uint32_t, 4> hard{0, 0, 0, 0};
    for (int i = 0; i < kFormatCells; ++i)
        if (darkness[i] >= 128) hard[i / kFormatCellsPerSide] |= 1u << (i % kFormatCellsPerSide);
    // Three rules, tried in order: all four sides; the best three (one side
    // hidden, e.g. under a finger); the best two (a label curved so much that
    // two sides are displaced). Soft costs are computed only for words the
    // hard reading puts near enough to matter.
    Ranking all4, best3, best2;
    for (const Candidate &c : candidates()) {
        int d[4];
        for (int s = 0; s < 4; ++s) d[s] = __builtin_popcount(hard[s] ^ c.sides[s]);
        int lo = std::min(std::min(d[0], d[1]), std::min(d[2], d[3]));
        if (d[0] + d[1] + d[2] + d[3] > 26 && lo > 3) continue;
        int side_cost[4] = {0, 0, 0, 0};
        for (int i = 0; i < kFormatCells; ++i)
            side_cost[i / kFormatCellsPerSide] += c.cells[i] ? 255 - darkness[i] : darkness[i];
        std::sort(side_cost, side_cost + 4);
        all4.offer(side_cost[0] + side_cost[1] + side_cost[2] + side_cost[3], c.word);
        best3.offer(side_cost[0] + side_cost[1] + side_cost[2], c.word);
        best2.offer(side_cost[0] + side_cost[1], c.word);
    }
    FormatReading reading;
    const Ranking *chosen = nullptr;
    // Valid bands differ in at least 32 cells (8 per side): a runner-up
    // within a few cells of the best means the reading is noise.
    if (all4.clear(kFormatMaxCost, 8 * 255)) chosen = &all4;
    else if (best3.clear(5 * 255, 8 * 255)) chosen = &best3;
    else if (best2.clear(2 * 255, 8 * 255)) chosen = &best2;
    const Ranking &r = chosen ? *chosen : all4;
    reading.found = chosen != nullptr;
    reading.word = r.word;
    reading.cost = r.best;
    reading.runner_up_cost = r.second;
    reading.sides_used = chosen == &best3 ? 3 : chosen == &best2 ? 2 : 4;
    return reading;
}

}  // namespace ckey
