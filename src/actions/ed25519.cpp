// Strict Ed25519 rules on top of whichever backend is installed. The
// small-order list is the eight torsion points' encodings with the sign bit
// masked (so both sign variants match), plus the non-canonical y = p, p+1
// forms; see the "Taming the many EdDSAs" paper (Chalkias et al., 2020).
#include "ed25519.hpp"

#include <atomic>
#include <cstring>

namespace ckey::actions {

namespace {

std::atomic<const Ed25519Backend *> installed{nullptr};

// L = 2^252 + 27742317777372353535851937790883648493, little-endian.
const uint8_t kOrderL[32] = {0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7,
                             0xa2, 0xde, 0xf9, 0xde, 0x14, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
                             0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x10};

// Encodings (sign bit cleared) of points of order 1, 2, 4 and 8, and of the
// non-canonical y values p and p+1 that alias order-4 and order-1 points.
const uint8_t kSmallOrder[][32] = {
    // y = 0 (order 4)
    {0},
    // y = 1 (order 1, the identity)
    {0x01},
    // order 8
    {0x26, 0xe8, 0x95, 0x8f, 0xc2, 0xb2, 0x27, 0xb0, 0x45, 0xc3, 0xf4, 0x89, 0xf2, 0xef, 0x98, 0xf0,
     0xd5, 0xdf, 0xac, 0x05, 0xd3, 0xc6, 0x33, 0x39, 0xb1, 0x38, 0x02, 0x88, 0x6d, 0x53, 0xfc, 0x05},
    // order 8
    {0xc7, 0x17, 0x6a, 0x70, 0x3d, 0x4d, 0xd8, 0x4f, 0xba, 0x3c, 0x0b, 0x76, 0x0d, 0x10, 0x67, 0x0f,
     0x2a, 0x20, 0x53, 0xfa, 0x2c, 0x39, 0xcc, 0xc6, 0x4e, 0xc7, 0xfd, 0x77, 0x92, 0xac, 0x03, 0x7a},
    // y = p - 1 (order 2)
    {0xec, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
     0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f},
    // y = p (non-canonical 0)
    {0xed, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
     0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f},
    // y = p + 1 (non-canonical 1)
    {0xee, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
     0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f},
};

}  // namespace

const Ed25519Backend &ed25519_backend() {
    const Ed25519Backend *backend = installed.load(std::memory_order_acquire);
    return backend != nullptr ? *backend : openssl_ed25519_backend();
}

void set_ed25519_backend(const Ed25519Backend *backend) { installed.store(backend, std::memory_order_release); }

bool scalar_is_reduced(const uint8_t s[32]) {
    for (int i = 31; i >= 0; --i) {
        if (s[i] < kOrderL[i]) return true;
        if (s[i] > kOrderL[i]) return false;
    }
    return false;  // S == L
}

bool point_encoding_is_canonical(const uint8_t p[32]) {
    // y (the low 255 bits) must be below p = 2^255 - 19: non-canonical values
    // are 0x7fff...ffed ... 0x7fff...ffff.
    if ((p[31] & 0x7f) != 0x7f) return true;
    for (int i = 30; i >= 1; --i)
        if (p[i] != 0xff) return true;
    return p[0] < 0xed;
}

bool point_has_small_order(const uint8_t p[32]) {
    for (const auto &bad : kSmallOrder) {
        bool same = std::memcmp(p, bad, 31) == 0 && (p[31] & 0x7f) == bad[31];
        if (same) return true;
    }
    return false;
}

KeyCheck check_public_key(const uint8_t key[32]) {
    if (!point_encoding_is_canonical(key)) return KeyCheck::not_canonical;
    if (point_has_small_order(key)) return KeyCheck::small_order;
    return KeyCheck::ok;
}

SignatureCheck verify_strict(const uint8_t key[32], const uint8_t *message, size_t length, const uint8_t sig[64]) {
    const uint8_t *r = sig;
    const uint8_t *s = sig + 32;
    if (!scalar_is_reduced(s)) return SignatureCheck::s_not_reduced;
    if (!point_encoding_is_canonical(r)) return SignatureCheck::r_not_canonical;
    if (point_has_small_order(r)) return SignatureCheck::r_small_order;
    if (check_public_key(key) != KeyCheck::ok) return SignatureCheck::invalid;
    return ed25519_backend().verify(key, message, length, sig) ? SignatureCheck::valid : SignatureCheck::invalid;
}

}  // namespace ckey::actions
