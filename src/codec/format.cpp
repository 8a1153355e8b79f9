#include "format.hpp"

#include "golay.hpp"

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
    int fixed_level = f.profile == 2 ? 3 : 0;
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
};
const std::vector<Candidate> &candidates() {
    static const std::vector<Candidate> all = [] {
        std::vector<Candidate> list;
        for (uint32_t w = 0; w < 4096; ++w)
            if (format_word_valid(w)) list.push_back({w, format_cells(w)});
        return list;
    }();
    return all;
}
}  // namespace

FormatReading format_decode(const uint8_t *darkness) {
    FormatReading reading;
    int best = 1 << 30, second = 1 << 30;
    uint32_t best_word = 0;
    for (const Candidate &c : candidates()) {
        int cost = 0;
        for (int i = 0; i < kFormatCells && cost < second; ++i)
            cost += c.cells[i] ? 255 - darkness[i] : darkness[i];
        if (cost < best) {
            second = best;
            best = cost;
            best_word = c.word;
        } else if (cost < second) {
            second = cost;
        }
    }
    reading.word = best_word;
    reading.cost = best;
    reading.runner_up_cost = second;
    // The true word must be well clear of every other: the code's distance
    // is 32 bits, so a runner-up within 8 bits of the best means noise.
    reading.found = best <= kFormatMaxCost && second - best >= 8 * 255;
    return reading;
}

}  // namespace ckey
