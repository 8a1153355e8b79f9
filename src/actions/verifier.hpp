// Verification of a Safe Action in the order of spec section 5:
// length cap -> prefix -> decode -> key lookup -> signature -> claims ->
// issuer/app match -> time (injected clock, stated skew) -> lifetime cap ->
// scope -> single use. Nothing after a failed step runs.
#pragma once

#include "claims.hpp"
#include "key_ring.hpp"
#include "replay.hpp"

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ckey::actions {

constexpr std::string_view kPrefix = "ckey-action:";

struct Registration {
    std::vector<std::string> issuers;
    int scope = CKEY_ACTION_SAME_DEVICE;
};

struct VerifiedAction {
    Claims claims;
    std::optional<RequestInfoTemplate> request_info;
};

// True when text claims to be a Safe Action: after optional ASCII whitespace
// and U+FEFF, it begins with "ckey-action:" in any letter case. Such text is
// verified and, if it fails, shown as an unverified claim, never as plain text.
bool claims_to_be_action(std::string_view text);

class Verifier {
public:
    explicit Verifier(std::string app_id);  // throws Error(CKEY_INVALID_PARAMETER)

    void trust(const std::string &issuer, const std::string &key_id, const std::string &public_key_hex,
               const char *request_info);
    void register_action(const std::string &name, const std::vector<std::string> &issuers, int scope);

    // nullopt: not a Safe Action. Throws Rejection for any failed check.
    std::optional<VerifiedAction> verify(std::string_view text, int64_t now);

private:
    // Step 10 of verify: the action is registered for the claims' issuer and scope.
    void check_registered(const Claims &claims) const;

    std::string app_id_;
    KeyRing keys_;
    std::map<std::string, Registration> actions_;
    ReplaySet seen_;
};

}  // namespace ckey::actions
