// The extended binary Golay code [24,12,8], used for format information.
#pragma once

#include <cstdint>

namespace ckey {

// 12 information bits -> 24-bit codeword: info in bits 23..12, the [23,12]
// cyclic code's parity (generator 0xC75) in bits 11..1, overall parity in bit 0.
uint32_t golay_encode(uint32_t info12);

}  // namespace ckey
