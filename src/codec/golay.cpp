#include "golay.hpp"

#include <array>

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

namespace {

struct SyndromeTables {
    std::array<uint16_t, 4096> parity;   // the 12 parity bits of each information word
    std::array<uint32_t, 4096> pattern;  // error pattern of weight <= 3 per syndrome, or kNone
};

constexpr uint32_t kNone = 0xFFFFFFFFu;

// The syndrome is the parity recomputed from the received information bits
// XOR the parity received: zero for a codeword, and linear in the error.
uint32_t syndrome(const SyndromeTables &t, uint32_t word) { return t.parity[word >> 12] ^ (word & 0xFFF); }

const SyndromeTables &tables() {
    static const SyndromeTables t = [] {
        SyndromeTables s;
        for (uint32_t info = 0; info < 4096; ++info) s.parity[info] = static_cast<uint16_t>(golay_encode(info) & 0xFFF);
        s.pattern.fill(kNone);
        // Patterns of weight 0...3 have distinct syndromes (3 + 3 < 8).
        s.pattern[0] = 0;
        for (int a = 0; a < 24; ++a)
            for (int b = a; b < 24; ++b)
                for (int c = b; c < 24; ++c) {
                    uint32_t e = (1u << a) | (1u << b) | (1u << c);
                    s.pattern[syndrome(s, e)] = e;
                }
        return s;
    }();
    return t;
}

}  // namespace

int golay_decode(uint32_t received24, uint32_t &codeword) {
    const SyndromeTables &t = tables();
    received24 &= 0xFFFFFF;
    const uint32_t e = t.pattern[syndrome(t, received24)];
    if (e == kNone) return -1;
    codeword = received24 ^ e;
    return __builtin_popcount(e);
}

}  // namespace ckey
