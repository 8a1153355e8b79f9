// Canonical base64url without padding (RFC 4648 section 5): the only text
// form of a Safe Action's segments.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace ckey::actions {

enum class Base64Error { none, padding, invalid, non_canonical };

// Decodes one segment. Rejects '=' (padding), characters outside A-Z a-z
// 0-9 - _, a length of 1 mod 4, and unused trailing bits that are not zero
// (so every byte string has exactly one accepted text form).
Base64Error base64url_decode(std::string_view text, std::vector<uint8_t> &out);

std::string base64url_encode(const uint8_t *data, size_t length);
inline std::string base64url_encode(const std::vector<uint8_t> &bytes) {
    return base64url_encode(bytes.data(), bytes.size());
}
inline std::string base64url_encode(std::string_view text) {
    return base64url_encode(reinterpret_cast<const uint8_t *>(text.data()), text.size());
}

}  // namespace ckey::actions
