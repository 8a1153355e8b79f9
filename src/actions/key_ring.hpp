// The trusted keys: (issuer, key ID) -> Ed25519 public key and the issuer's
// request-info template. Filled by the app before any verification.
#pragma once

#include "request_info.hpp"

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>

namespace ckey::actions {

struct TrustedKey {
    std::string issuer, key_id;
    std::array<uint8_t, 32> public_key{};
    std::optional<RequestInfoTemplate> request_info;
};

class KeyRing {
public:
    // Throws ckey::Error(CKEY_INVALID_PARAMETER) for a bad issuer, key ID,
    // hex, a non-canonical or small-order key, a bad template or a duplicate.
    void add(const std::string &issuer, const std::string &key_id, const std::string &public_key_hex,
             const char *request_info);
    const TrustedKey *find(const std::string &issuer, const std::string &key_id) const;
    bool has_issuer(const std::string &issuer) const;

private:
    std::map<std::pair<std::string, std::string>, TrustedKey> keys_;
};

// 64 hex digits (either case) -> 32 bytes; false otherwise.
bool parse_key_hex(const std::string &hex, std::array<uint8_t, 32> &out);
std::string to_hex(const uint8_t *data, size_t length);

}  // namespace ckey::actions
