// The extended binary Golay code [24,12,8], used for format information.
#pragma once

#include <cstdint>

namespace ckey {

// 12 information bits -> 24-bit codeword: info in bits 23..12, the [23,12]
// cyclic code's parity (generator 0xC75) in bits 11..1, overall parity in bit 0.
uint32_t golay_encode(uint32_t info12);

// Bounded-distance decoding: the codeword within 3 bit errors of the 24-bit
// word received, if there is one (at most one: the minimum distance is 8).
// Returns the number of errors (0-3) and sets codeword, or returns -1.
int golay_decode(uint32_t received24, uint32_t &codeword);

}  // namespace ckey
