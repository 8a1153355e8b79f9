// The header and claims of a Safe Action: strict parsing into structs, the
// field grammars, and the canonical serialisation the signer uses.
#pragma once

#include <ckey/actions.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace ckey::actions {

constexpr size_t kMaxHeaderBytes = 256;
constexpr size_t kMaxClaimsBytes = 1536;

struct Header {
    std::string issuer;  // "iss"
    std::string key_id;  // "kid"
};

struct Claims {
    std::string issuer, key_id, app_id, name;  // iss, kid, app, act
    std::string params;                         // "params", "" when absent
    int scope = CKEY_ACTION_SAME_DEVICE;        // "scope": "sameDevice" | "crossDevice"
    int64_t issued_at = 0, not_before = 0, expires = 0;  // iat, nbf, exp
    std::optional<std::string> request_id;      // "rid", cross-device only
    std::string nonce;                          // "nonce"
};

// Field grammars (spec section 4). Each returns true when value is allowed.
bool valid_issuer(std::string_view value);   // lowercase DNS name, 1-253, labels 1-63 [a-z0-9-]
bool valid_key_id(std::string_view value);   // [A-Za-z0-9._-]{1,64}
bool valid_app_id(std::string_view value);   // [A-Za-z0-9._-]{1,128}
bool valid_action_name(std::string_view value);  // [A-Za-z0-9._-]{1,64}
bool valid_nonce(std::string_view value);    // [A-Za-z0-9_-]{16,64}
bool valid_request_id(std::string_view value);  // [A-Za-z0-9_-]{1,64}

// Throw a Rejection (header_invalid / header_unknown_field).
Header parse_header(std::string_view json);

// Throws a Rejection with the specific claims_* / timestamp_range /
// params_too_large / request_id_* reason.
Claims parse_claims(std::string_view json);

// Internal consistency only: iat <= nbf < exp and the lifetime cap of the
// scope. Throws time_order / lifetime_too_long.
void check_time_order(const Claims &claims);
// Rejects (CKEY_ACTION_EXPIRED) a code whose exp is at or before now less the
// clock skew: the one expiry rule, for verification and for confirmation.
void check_not_expired(int64_t expires, int64_t now);
int64_t max_lifetime(int scope);

std::string serialize_header(const Header &header);
std::string serialize_claims(const Claims &claims);  // canonical field order, no spaces

}  // namespace ckey::actions
