// Issuer tools: PKCS#8 key files, the derived key ID, and signing.
#include "signer.hpp"

#include "base64url.hpp"
#include "claims.hpp"
#include "ed25519.hpp"
#include "key_ring.hpp"
#include "reason.hpp"
#include "verifier.hpp"

#include "../core/error.hpp"

#include <openssl/evp.h>

#include <cstring>

namespace ckey::actions {

namespace {

// DER of PrivateKeyInfo{version 0, AlgorithmIdentifier{1.3.101.112}, OCTET STRING{OCTET STRING(32)}} (RFC 8410).
const uint8_t kPkcs8Prefix[16] = {0x30, 0x2e, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06,
                                  0x03, 0x2b, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20};
const char kBegin[] = "-----BEGIN PRIVATE KEY-----";
const char kEnd[] = "-----END PRIVATE KEY-----";
const char kStd[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

std::string base64_standard(const uint8_t *data, size_t length) {
    std::string url = base64url_encode(data, length);
    for (char &c : url) c = c == '-' ? '+' : c == '_' ? '/' : c;
    while (url.size() % 4) url.push_back('=');
    return url;
}

}  // namespace

std::string private_key_pem(const Seed &seed) {
    uint8_t der[48];
    std::memcpy(der, kPkcs8Prefix, 16);
    std::memcpy(der + 16, seed.data(), 32);
    std::string pem = cat(kBegin, "\n", base64_standard(der, 48), "\n", kEnd, "\n");
    OPENSSL_cleanse(der, sizeof der);
    return pem;
}

Seed parse_private_key_pem(const std::string &pem) {
    size_t begin = pem.find(kBegin);
    size_t end = pem.find(kEnd);
    if (begin == std::string::npos || end == std::string::npos || end < begin)
        fail(CKEY_INVALID_PARAMETER, "the key file is not a PEM \"PRIVATE KEY\" (PKCS#8); make one with 'ckey action keygen'");
    std::string body;
    for (size_t i = begin + sizeof kBegin - 1; i < end; ++i) {
        char c = pem[i];
        if (c == '\n' || c == '\r' || c == ' ' || c == '\t' || c == '=') continue;
        const char *at = std::strchr(kStd, c);
        if (at == nullptr || c == '\0') fail(CKEY_INVALID_PARAMETER, "the key file's PEM body is not base64");
        body.push_back(c == '+' ? '-' : c == '/' ? '_' : c);
    }
    std::vector<uint8_t> der;
    if (base64url_decode(body, der) != Base64Error::none || der.size() != 48 ||
        std::memcmp(der.data(), kPkcs8Prefix, 16) != 0)
        fail(CKEY_INVALID_PARAMETER, "the key file holds ", der.size(), " DER bytes that are not an Ed25519 PKCS#8 key (RFC 8410)");
    Seed seed;
    std::memcpy(seed.data(), der.data() + 16, 32);
    OPENSSL_cleanse(der.data(), der.size());
    return seed;
}

std::string derived_key_id(const std::array<uint8_t, 32> &public_key) {
    uint8_t digest[32];
    unsigned int size = 0;
    if (EVP_Digest(public_key.data(), 32, digest, &size, EVP_sha256(), nullptr) != 1 || size != 32)
        fail(CKEY_INTERNAL, "SHA-256 failed");
    return to_hex(digest, 8);
}

std::string sign_action(const Seed &seed, const std::string &claims_json) {
    Claims claims;
    try {
        claims = parse_claims(claims_json);
        check_time_order(claims);
        if (claims.expires - claims.issued_at > max_lifetime(claims.scope))
            reject(CKEY_ACTION_LIFETIME_TOO_LONG, "lifetime ", claims.expires - claims.issued_at, " s exceeds the ",
                   max_lifetime(claims.scope), " s cap");
    } catch (const Rejection &rejection) {
        fail(CKEY_INVALID_PARAMETER, "claims refused (", reason_name(rejection.reason), "): ", rejection.message);
    }
    std::string text = cat(kPrefix, "1:", base64url_encode(serialize_header({claims.issuer, claims.key_id})), ".",
                           base64url_encode(serialize_claims(claims)));
    if (text.size() + 1 + 86 > CKEY_ACTION_MAX_CODE_BYTES)
        fail(CKEY_INVALID_PARAMETER, "the signed code would be ", text.size() + 87, " bytes; at most ",
             CKEY_ACTION_MAX_CODE_BYTES, " (shorten params)");
    uint8_t signature[64];
    ed25519_backend().sign(seed.data(), reinterpret_cast<const uint8_t *>(text.data()), text.size(), signature);
    return text + "." + base64url_encode(signature, 64);
}

}  // namespace ckey::actions
