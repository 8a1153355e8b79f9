// The data bit stream (spec 7): a 2-bit mode, then for bytes and text40 a
// 14-bit length and the payload, for the segmented mode a prefix and
// segments (segments.hpp); then the payload's CRC-32C, zero bits to a byte
// boundary, and pad bytes 0xEC, 0x11 alternating.
#pragma once

#include "segments.hpp"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace ckey {

enum class Encodation { bytes = 0, text40 = 1, segmented = 2 };

// "bytes", "text40" or "segmented", as the spec and the vectors name them.
const char *encodation_name(Encodation encodation);

// text40 alphabet: value = index. Three characters pack into 16 bits
// (40^3 = 64000), a final pair into 11 bits, a final single into 6 bits.
constexpr char kText40Alphabet[] = "0123456789abcdefghijklmnopqrstuvwxyz-./:";
constexpr size_t kMaxLengthField = 16383;
constexpr int kStreamOverheadBits = 16 + 32;

bool text40_fits(const uint8_t *data, size_t length);

// Bits of the bytes or text40 stream, header and CRC included.
size_t stream_bits(Encodation encodation, size_t length);

// The encodation spec 7.6 picks for a symbol with this many data codewords:
// the fewest bits, ties to the lower mode.
struct EncodationPlan {
    Encodation encodation = Encodation::bytes;
    size_t bits = 0;            // the whole stream before zero fill and pad
    Segmentation segmentation;  // for reports: one segment unless segmented
};

EncodationPlan plan_encodation(const uint8_t *data, size_t length, int data_codewords);

// The full data codeword sequence; the caller has checked that it fits.
std::vector<uint8_t> build_stream(const uint8_t *data, size_t length, const EncodationPlan &plan,
                                  int data_codewords);

// Parses a corrected stream of `length` data codewords. False when the
// header is malformed, a field runs past the end, or the CRC-32C fails.
bool parse_stream(const uint8_t *stream, size_t length, std::vector<uint8_t> &payload,
                  Encodation &encodation);

bool valid_utf8(const uint8_t *data, size_t length);

}  // namespace ckey
