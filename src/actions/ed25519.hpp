// The Ed25519 seam. Version 1 Safe Actions are Ed25519 only (RFC 8032,
// PureEdDSA). A backend supplies the primitive; the strict rules every
// backend gets are applied here, before the backend is asked:
// S < L, a canonical R, R not of small order; and, when a key is trusted, a
// canonical key that is not of small order. An Apple build can install a
// CryptoKit backend with set_ed25519_backend; the default is OpenSSL
// libcrypto (ed25519_openssl.cpp).
#pragma once

#include <cstddef>
#include <cstdint>

namespace ckey::actions {

class Ed25519Backend {
public:
    virtual ~Ed25519Backend() = default;
    // RFC 8032 verification of sig over message with the 32-byte key.
    virtual bool verify(const uint8_t public_key[32], const uint8_t *message, size_t length,
                        const uint8_t signature[64]) const = 0;
    // Issuer side: derive the public key of a 32-byte seed, and sign.
    virtual void public_key(const uint8_t seed[32], uint8_t out[32]) const = 0;
    virtual void sign(const uint8_t seed[32], const uint8_t *message, size_t length, uint8_t out[64]) const = 0;
    // Fills out from a cryptographically secure source (throws on failure).
    virtual void random(uint8_t *out, size_t length) const = 0;
};

// The installed backend. Installing is meant for process start (not
// synchronised with concurrent verifies); nullptr restores OpenSSL.
const Ed25519Backend &ed25519_backend();
void set_ed25519_backend(const Ed25519Backend *backend);
const Ed25519Backend &openssl_ed25519_backend();

enum class SignatureCheck { valid, invalid, s_not_reduced, r_not_canonical, r_small_order };
enum class KeyCheck { ok, not_canonical, small_order };

// Byte-level checks, independent of any backend.
bool scalar_is_reduced(const uint8_t s[32]);             // S < L
bool point_encoding_is_canonical(const uint8_t p[32]);  // y < p
bool point_has_small_order(const uint8_t p[32]);        // one of the 8-torsion encodings

KeyCheck check_public_key(const uint8_t public_key[32]);

// The strict verification used by the verifier and the tests.
SignatureCheck verify_strict(const uint8_t public_key[32], const uint8_t *message, size_t length,
                             const uint8_t signature[64]);

}  // namespace ckey::actions
