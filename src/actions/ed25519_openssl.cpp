// The default Ed25519 backend: OpenSSL libcrypto's EVP one-shot API.
#include "ed25519.hpp"

#include "../core/error.hpp"

#include <openssl/evp.h>
#include <openssl/rand.h>

#include <memory>

namespace ckey::actions {

namespace {

struct PkeyFree { void operator()(EVP_PKEY *p) const { EVP_PKEY_free(p); } };
struct MdCtxFree { void operator()(EVP_MD_CTX *c) const { EVP_MD_CTX_free(c); } };
using Pkey = std::unique_ptr<EVP_PKEY, PkeyFree>;
using MdCtx = std::unique_ptr<EVP_MD_CTX, MdCtxFree>;

class OpenSSLEd25519 final : public Ed25519Backend {
public:
    bool verify(const uint8_t public_key[32], const uint8_t *message, size_t length,
                const uint8_t signature[64]) const override {
        Pkey key(EVP_PKEY_new_raw_public_key(EVP_PKEY_ED25519, nullptr, public_key, 32));
        MdCtx ctx(EVP_MD_CTX_new());
        if (!key || !ctx) return false;
        if (EVP_DigestVerifyInit(ctx.get(), nullptr, nullptr, nullptr, key.get()) != 1) return false;
        static const uint8_t empty = 0;
        return EVP_DigestVerify(ctx.get(), signature, 64, length ? message : &empty, length) == 1;
    }

    void public_key(const uint8_t seed[32], uint8_t out[32]) const override {
        Pkey key(EVP_PKEY_new_raw_private_key(EVP_PKEY_ED25519, nullptr, seed, 32));
        size_t size = 32;
        if (!key || EVP_PKEY_get_raw_public_key(key.get(), out, &size) != 1 || size != 32)
            fail(CKEY_INTERNAL, "OpenSSL could not derive an Ed25519 public key");
    }

    void sign(const uint8_t seed[32], const uint8_t *message, size_t length, uint8_t out[64]) const override {
        Pkey key(EVP_PKEY_new_raw_private_key(EVP_PKEY_ED25519, nullptr, seed, 32));
        MdCtx ctx(EVP_MD_CTX_new());
        size_t size = 64;
        static const uint8_t empty = 0;
        if (!key || !ctx || EVP_DigestSignInit(ctx.get(), nullptr, nullptr, nullptr, key.get()) != 1 ||
            EVP_DigestSign(ctx.get(), out, &size, length ? message : &empty, length) != 1 || size != 64)
            fail(CKEY_INTERNAL, "OpenSSL could not sign with Ed25519");
    }

    void random(uint8_t *out, size_t length) const override {
        if (RAND_bytes(out, static_cast<int>(length)) != 1)
            fail(CKEY_INTERNAL, "the system random source failed");
    }
};

}  // namespace

const Ed25519Backend &openssl_ed25519_backend() {
    static const OpenSSLEd25519 backend;
    return backend;
}

}  // namespace ckey::actions
