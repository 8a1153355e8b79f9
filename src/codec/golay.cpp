#include "golay.hpp"

namespace ckey {

uint32_t golay_encode(uint32_t info12) {
    info12 &= 0xFFF;
    // Remainder of info(x) * x^11 modulo g(x) = x^11+x^10+x^6+x^5+x^4+x^2+1.
    uint32_t remainder = info12 << 11;
    for (int bit = 22; bit >= 11; --bit)
        if (remainder & (1u << bit)) remainder ^= 0xC75u << (bit - 11);
    uint32_t word23 = (info12 << 11) | (remainder & 0x7FF);
    uint32_t parity = static_cast<uint32_t>(__builtin_popcount(word23) & 1);
    return (word23 << 1) | parity;
}

}  // namespace ckey
