// Mode 2, the segmented encodation (spec 7.4, 7.5): the four sub-mode
// alphabets and their costs, the one optimal segmentation the spec defines,
// and the writer and reader of the prefix and segments.
#pragma once

#include "bit_io.hpp"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace ckey {

// Values are the order of the spec's tie-break: digits < text40 < text48 < mixed < bytes.
enum class SubMode : uint8_t { digits = 0, text40 = 1, text48 = 2, mixed = 3, bytes = 4 };
constexpr int kSubModes = 5;

// text40 and 8 characters of URL queries, value = index.
constexpr char kText48Alphabet[] = "0123456789abcdefghijklmnopqrstuvwxyz-./:_?=&%~#+";

// The 80 characters of the mixed alphabet, value = index.
constexpr char kMixedAlphabet[] =
    "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-._~:/?#@!&*+,;=% ";

struct DataSegment {
    SubMode mode;
    size_t start;   // offset of the first character in the payload
    size_t length;  // characters (bytes) in the segment
};

struct Segmentation {
    int prefix = 0;  // 0 none, 1 "https://", 2 "http://", 3 "https://www."
    std::vector<DataSegment> segments;
    size_t bits = 0;  // the whole mode-2 stream, mode, prefix and CRC included; 0 if impossible
};

const char *prefix_text(int prefix);
size_t prefix_length(int prefix);
const char *sub_mode_name(SubMode mode);

// The sub-mode's code (spec 7.4.2) and its length in bits.
uint32_t sub_mode_code(SubMode mode);
int sub_mode_code_bits(SubMode mode);

// Alphabet size (256 for bytes).
int sub_mode_radix(SubMode mode);

// The character's value in the sub-mode's alphabet, -1 when it is outside.
int sub_mode_value(SubMode mode, uint8_t byte);

// W of spec 7.4.4: the bit length of floor(3 (8 D - 40) / group bits).
int count_width(SubMode mode, int data_codewords);

// Data bits of `count` characters in the sub-mode (groups of 3, final pair or single).
size_t segment_data_bits(SubMode mode, size_t count);

// The mode-2 stream of spec 7.5 for a symbol with this many data codewords.
// An empty payload has none (bits 0).
Segmentation plan_segments(const uint8_t *data, size_t length, int data_codewords);

// Writes the prefix and segments (the mode bits and the CRC are the caller's).
void write_segments(BitWriter &w, const uint8_t *data, const Segmentation &plan, int data_codewords);

// Reads the prefix and segments after the mode bits, appending the payload.
// False on any rejection rule of spec 7.4.
bool read_segments(BitReader &r, int data_codewords, std::vector<uint8_t> &payload);

}  // namespace ckey
