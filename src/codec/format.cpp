#include "format.hpp"

#include "golay.hpp"

#include <ckey/symbol.h>

#include <algorithm>
#include <cstdint>
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
    if (f.profile == CKEY_PROFILE_SCALABLE) return f.version >= 1;
    if (f.profile == CKEY_PROFILE_LOCATOR) return false;
    // Profiles 2 and 3: fixed geometry, version 0, standard layout, their fixed level.
    int fixed_level = f.profile == CKEY_PROFILE_TEXT ? 2 : 0;
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

// Bit count without a library call (x86-64 builds without -mpopcnt call one).
inline int popcount24(uint32_t v) {
    v = v - ((v >> 1) & 0x55555555u);
    v = (v & 0x33333333u) + ((v >> 2) & 0x33333333u);
    return static_cast<int>((((v + (v >> 4)) & 0x0F0F0F0Fu) * 0x01010101u) >> 24);
}

// Best and runner-up of one decision rule, ranked by cells on the wrong side
// of the threshold, then by soft cost.
struct Ranking {
    long best = 1L << 40, second = 1L << 40;
    uint32_t word = 0;
    int best_hard = 0, best_soft = 0;
    void offer(int hard, int soft, uint32_t w) {
        long key = static_cast<long>(hard) * (1 << 20) + soft;
        if (key < best) {
            second = best;
            best = key;
            word = w;
            best_hard = hard;
            best_soft = soft;
        } else if (key < second) {
            second = key;
        }
    }
    int second_hard() const { return static_cast<int>(second >> 20); }
    bool clear(int max_hard, int gap) const {
        return best < (1L << 40) && best_hard <= max_hard && second_hard() - best_hard >= gap;
    }
};

// Index of each 12-bit word in candidates(), or -1 for words no encoder writes.
const std::array<int16_t, 4096> &candidate_index() {
    static const std::array<int16_t, 4096> index = [] {
        std::array<int16_t, 4096> idx;
        idx.fill(-1);
        const auto &all = candidates();
        for (size_t i = 0; i < all.size(); ++i) idx[all[i].word] = static_cast<int16_t>(i);
        return idx;
    }();
    return index;
}

uint32_t reverse24(uint32_t v) {
    uint32_t r = 0;
    for (int i = 0; i < 24; ++i) r |= ((v >> i) & 1u) << (23 - i);
    return r;
}

// Wrong cells per side of a candidate against the hard reading; order sorts
// the sides best first, and h2, h3, h4 sum the best two, three and four.
struct SideErrors {
    int d[4];
    int order[4] = {0, 1, 2, 3};
    int h2, h3, h4;
    SideErrors(const Candidate &c, const std::array<uint32_t, 4> &hard) {
        for (int s = 0; s < 4; ++s) d[s] = popcount24(hard[s] ^ c.sides[s]);
        std::sort(order, order + 4, [&](int a, int b) { return d[a] < d[b]; });
        h2 = d[order[0]] + d[order[1]];
        h3 = h2 + d[order[2]];
        h4 = h3 + d[order[3]];
    }
    // Could this word be the best under some rule (see format_decode)?
    bool within_a_rule() const { return h4 <= kFormatMaxErrors || h3 <= 4 || h2 <= 1; }
};
}  // namespace

FormatReading format_decode(const uint8_t *darkness) {
    std::array<uint32_t, 4> hard{0, 0, 0, 0};
    for (int i = 0; i < kFormatCells; ++i)
        if (darkness[i] >= 128) hard[i / kFormatCellsPerSide] |= 1u << (i % kFormatCellsPerSide);
    // Screen: a word within any rule's limit has a side with at most 3 wrong
    // cells (14 over 4 sides, 4 over 3, 1 over 2), so it is the Golay decode
    // of that side. When no side decodes to such a word, no rule can hold:
    // most clutter stops here, before the search over every word below.
    const auto &all = candidates();
    const auto &index = candidate_index();
    const auto &masks = format_side_masks();
    bool possible = false;
    for (int s = 0; s < 4 && !possible; ++s) {
        uint32_t codeword;
        if (golay_decode(reverse24(hard[s]) ^ masks[s], codeword) < 0) continue;
        const int k = index[codeword >> 12];
        possible = k >= 0 && SideErrors(all[k], hard).within_a_rule();
    }
    if (!possible) return FormatReading{};
    // Three rules, tried in order: all four sides; the best three (one side
    // hidden, e.g. under a finger); the best two (motion blur along two sides,
    // or a label curved so much that two sides are displaced).
    Ranking all4, best3, best2;
    for (const Candidate &c : all) {
        const SideErrors e(c, hard);
        // Too far to be the best or a runner-up within 8 of it under any rule.
        if (e.h2 > 8 && e.h3 > 11 && e.h4 > 21) continue;
        int side_cost[4] = {0, 0, 0, 0};
        for (int i = 0; i < kFormatCells; ++i)
            side_cost[i / kFormatCellsPerSide] += c.cells[i] ? 255 - darkness[i] : darkness[i];
        const int s2 = side_cost[e.order[0]] + side_cost[e.order[1]], s3 = s2 + side_cost[e.order[2]],
                  s4 = s3 + side_cost[e.order[3]];
        all4.offer(e.h4, s4, c.word);
        best3.offer(e.h3, s3, c.word);
        best2.offer(e.h2, s2, c.word);
    }
    FormatReading reading;
    const Ranking *chosen = nullptr;
    // Valid bands differ in at least 8 cells on every side: the runner-up
    // must be that much further than the best, or the reading is noise.
    if (all4.clear(kFormatMaxErrors, 8)) chosen = &all4;
    else if (best3.clear(4, 8)) chosen = &best3;
    else if (best2.clear(1, 8)) chosen = &best2;
    const Ranking &r = chosen ? *chosen : all4;
    reading.found = chosen != nullptr;
    reading.word = r.word;
    reading.errors = r.best_hard;
    reading.cost = r.best_soft;
    reading.sides_used = chosen == &best3 ? 3 : chosen == &best2 ? 2 : 4;
    return reading;
}

}  // namespace ckey
