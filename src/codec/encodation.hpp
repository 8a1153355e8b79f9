// The data bit stream: a 16-bit header (2-bit encodation, 14-bit length),
// the encoded payload, the payload's CRC-32C, zero bits to a byte boundary,
// then pad bytes 0xEC, 0x11 alternating.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace ckey {

enum class Encodation { bytes = 0, text40 = 1 };

// text40 alphabet: value = index. Three characters pack into 16 bits
// (40^3 = 64000), a final pair into 11 bits, a final single into 6 bits.
constexpr char kText40Alphabet[] = "0123456789abcdefghijklmnopqrstuvwxyz-./:";
constexpr size_t kMaxLengthField = 16383;
constexpr int kStreamOverheadBits = 16 + 32;

bool text40_fits(const uint8_t *data, size_t length);

// Bits the payload occupies in an encodation, header and CRC included.
size_t stream_bits(Encodation encodation, size_t length);

// The smaller encodation for the payload (bytes when equal).
Encodation choose_encodation(const uint8_t *data, size_t length);

// The full data codeword sequence; the caller has checked that it fits.
std::vector<uint8_t> build_stream(const uint8_t *data, size_t length, Encodation encodation,
                                  int data_codewords);

// Parses a corrected stream. False when the header is malformed, the
// payload runs past the end, or the CRC-32C does not match.
bool parse_stream(const uint8_t *stream, size_t length, std::vector<uint8_t> &payload,
                  Encodation &encodation);

bool valid_utf8(const uint8_t *data, size_t length);

}  // namespace ckey
