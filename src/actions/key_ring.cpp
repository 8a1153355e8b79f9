// Trusted keys, checked once when trusted: a key that could make signatures
// verify for many messages (small order) or has two encodings is refused.
#include "key_ring.hpp"

#include "claims.hpp"
#include "ed25519.hpp"

#include "../core/error.hpp"

namespace ckey::actions {

bool parse_key_hex(const std::string &hex, std::array<uint8_t, 32> &out) {
    if (hex.size() != 64) return false;
    for (size_t i = 0; i < 32; ++i) {
        int v = 0;
        for (int j = 0; j < 2; ++j) {
            char c = hex[2 * i + j];
            int d = (c >= '0' && c <= '9') ? c - '0' : (c >= 'a' && c <= 'f') ? c - 'a' + 10
                    : (c >= 'A' && c <= 'F') ? c - 'A' + 10 : -1;
            if (d < 0) return false;
            v = v * 16 + d;
        }
        out[i] = static_cast<uint8_t>(v);
    }
    return true;
}

std::string to_hex(const uint8_t *data, size_t length) {
    static const char digits[] = "0123456789abcdef";
    std::string out;
    for (size_t i = 0; i < length; ++i) {
        out.push_back(digits[data[i] >> 4]);
        out.push_back(digits[data[i] & 15]);
    }
    return out;
}

void KeyRing::add(const std::string &issuer, const std::string &key_id, const std::string &hex,
                  const char *request_info) {
    if (!valid_issuer(issuer))
        fail(CKEY_INVALID_PARAMETER, "issuer \"", issuer, "\" is not a lowercase DNS name (labels of a-z 0-9 -)");
    if (!valid_key_id(key_id))
        fail(CKEY_INVALID_PARAMETER, "key_id \"", key_id, "\" is not 1-64 of A-Z a-z 0-9 . _ -");
    TrustedKey key{issuer, key_id, {}, std::nullopt};
    if (!parse_key_hex(hex, key.public_key))
        fail(CKEY_INVALID_PARAMETER, "public_key_hex for ", issuer, "/", key_id, " is ", hex.size(),
             " characters; expected 64 hex digits (an Ed25519 public key)");
    switch (check_public_key(key.public_key.data())) {
    case KeyCheck::ok: break;
    case KeyCheck::not_canonical:
        fail(CKEY_INVALID_PARAMETER, "public key ", hex, " is not a canonical point encoding (y >= p)");
    case KeyCheck::small_order:
        fail(CKEY_INVALID_PARAMETER, "public key ", hex, " is a small-order point; it would accept forged signatures");
    }
    if (request_info != nullptr) key.request_info = parse_request_info_template(request_info, issuer);
    auto slot = std::make_pair(issuer, key_id);
    if (keys_.count(slot) != 0)
        fail(CKEY_INVALID_PARAMETER, "key ", issuer, "/", key_id, " is already trusted; key IDs are unique per issuer");
    keys_.emplace(slot, std::move(key));
}

const TrustedKey *KeyRing::find(const std::string &issuer, const std::string &key_id) const {
    auto it = keys_.find({issuer, key_id});
    return it == keys_.end() ? nullptr : &it->second;
}

bool KeyRing::has_issuer(const std::string &issuer) const {
    auto it = keys_.lower_bound({issuer, std::string()});
    return it != keys_.end() && it->first.first == issuer;
}

}  // namespace ckey::actions
