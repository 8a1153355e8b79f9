// Format information: 12 bits (profile, version, level, layout, mask) coded
// with the extended Golay code, written once per side of the format band
// with a side-specific mask so the reading also resolves rotation and mirror.
#pragma once

#include <array>
#include <cstdint>

namespace ckey {

struct FormatInfo {
    int profile = 0;  // 0, 2 or 3 (Profile 1 has no format band)
    int version = 0;  // 1...31 for Profile 0, else 0
    int level = 0;
    int layout = 0;
    int mask = 0;
};

constexpr int kFormatCells = 96;
constexpr int kFormatCellsPerSide = 24;

// profile(2) version(5) level(2) layout(1) mask(2), most significant first.
uint32_t format_pack(const FormatInfo &info);
FormatInfo format_unpack(uint32_t word12);
// True for the words a conforming encoder can produce.
bool format_word_valid(uint32_t word12);

// The four side masks XORed into each side's Golay codeword.
const std::array<uint32_t, 4> &format_side_masks();

// The 96 band cells (1 = dark) for a 12-bit format word, in reading order.
std::array<uint8_t, kFormatCells> format_cells(uint32_t word12);

// Canvas-unit origin (x, y) of reading-order cell i; each cell is 1x1 unit.
void format_cell_origin(int index, int &x, int &y);

struct FormatReading {
    bool found = false;
    uint32_t word = 0;       // the 12-bit format word
    int errors = 0;          // cells on the wrong side of the threshold
    int cost = 0;            // soft distance, in 1/255 cell units
    int sides_used = 4;      // 4, or 3 / 2 when the rest of the band was unreadable
};

// Maximum-likelihood decode over all valid format words from soft cell
// darkness (0 light ... 255 dark), ranked by wrong cells then soft cost.
// Rules, in order: all four sides with at most kFormatMaxErrors wrong cells;
// the best three sides with at most 4; the best two sides with at most 1;
// each time with the runner-up at least 8 wrong cells further. found is
// false when no rule holds.
FormatReading format_decode(const uint8_t *darkness96);

constexpr int kFormatMaxErrors = 14;  // of 96 cells

}  // namespace ckey
