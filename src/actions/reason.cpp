// The stable names of the rejection reasons (spec section 5.5).
#include "reason.hpp"

namespace ckey::actions {

const char *reason_name(int reason) {
    static const char *const names[] = {
        "verified", "not_a_safe_action", "too_long", "stray_characters", "bad_prefix",
        "unsupported_version", "segment_count", "base64_padding", "base64_invalid",
        "base64_non_canonical", "header_invalid", "header_unknown_field", "signature_length",
        "unknown_issuer", "unknown_key", "signature_non_canonical", "bad_signature",
        "claims_too_large", "claims_invalid", "claims_duplicate_key", "claims_unknown_field",
        "claims_missing_field", "timestamp_range", "params_too_large", "request_id_invalid",
        "request_id_missing", "request_id_unexpected", "issuer_mismatch", "key_id_mismatch",
        "app_mismatch", "time_order", "issued_in_future", "not_yet_valid", "expired",
        "lifetime_too_long", "not_registered", "issuer_not_allowed", "scope_mismatch", "replayed",
        "replay_set_full", "request_info_unavailable", "request_info_failed", "request_info_timeout",
        "request_info_too_large", "request_info_redirect", "request_info_invalid", "configuration",
        "request_info_text", "replay_forgotten",
    };
    static_assert(sizeof(names) / sizeof(names[0]) == kLastReason + 1);
    if (reason < 0 || reason > kLastReason) return "unknown";
    return names[reason];
}

}  // namespace ckey::actions

extern "C" const char *ckey_action_reason_string(int reason) { return ckey::actions::reason_name(reason); }
