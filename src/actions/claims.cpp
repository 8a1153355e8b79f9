// Strict header and claims parsing. Only runs on the claims after the
// signature has verified (spec section 5, step 6); the header is parsed
// before, to find the key, and is kept to two short fields for that reason.
#include "claims.hpp"

#include "json.hpp"
#include "reason.hpp"

namespace ckey::actions {

namespace {

bool all_of_set(std::string_view value, size_t min, size_t max, bool allow_dot, bool allow_upper = true) {
    if (value.size() < min || value.size() > max) return false;
    for (char c : value) {
        bool ok = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_' ||
                  (allow_upper && c >= 'A' && c <= 'Z') || (allow_dot && c == '.');
        if (!ok) return false;
    }
    return true;
}

std::string shown(std::string_view value) {
    std::string out = json_quote(value.substr(0, 80));
    if (value.size() > 80) out += "...";
    return out;
}

const JsonValue &as_string(const JsonMember &member, ckey_action_reason reason) {
    if (member.value.kind != JsonValue::Kind::string)
        reject(reason, "\"", member.key, "\" is ", json_kind_name(member.value.kind), "; expected a string");
    return member.value;
}

int64_t as_seconds(const JsonMember &member) {
    const JsonValue &v = member.value;
    if (v.kind == JsonValue::Kind::number && v.text.find_first_of(".eE") == std::string::npos)
        reject(CKEY_ACTION_TIMESTAMP_RANGE, "\"", member.key, "\" is ", v.text,
               "; expected whole Unix seconds from 0 to ", CKEY_ACTION_MAX_TIMESTAMP);
    if (v.kind != JsonValue::Kind::integer)
        reject(CKEY_ACTION_CLAIMS_INVALID, "\"", member.key, "\" is ", json_kind_name(v.kind),
               "; expected whole Unix seconds (an integer)");
    if (v.integer < 0 || v.integer > CKEY_ACTION_MAX_TIMESTAMP)
        reject(CKEY_ACTION_TIMESTAMP_RANGE, "\"", member.key, "\" is ", v.integer,
               "; expected whole Unix seconds from 0 to ", CKEY_ACTION_MAX_TIMESTAMP,
               " (2100-01-01); milliseconds are not accepted");
    return v.integer;
}

void check_text(std::string_view key, std::string_view text) {
    for (unsigned char c : text)
        if (c == 0 || c == 0x7F || (c < 0x20 && c != '\t' && c != '\n' && c != '\r'))
            reject(CKEY_ACTION_CLAIMS_INVALID, "\"", key, "\" holds control character ", int(c),
                   "; only tab, LF and CR are allowed");
}

}  // namespace

bool valid_issuer(std::string_view value) {
    if (value.empty() || value.size() > 253) return false;
    size_t start = 0;
    for (;;) {
        size_t dot = value.find('.', start);
        std::string_view label = value.substr(start, dot == std::string_view::npos ? value.npos : dot - start);
        if (label.empty() || label.size() > 63 || label.front() == '-' || label.back() == '-') return false;
        for (char c : label)
            if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-')) return false;
        if (dot == std::string_view::npos) return true;
        start = dot + 1;
    }
}

bool valid_key_id(std::string_view value) { return all_of_set(value, 1, 64, true); }
bool valid_app_id(std::string_view value) { return all_of_set(value, 1, 128, true); }
bool valid_action_name(std::string_view value) { return all_of_set(value, 1, 64, true); }
bool valid_nonce(std::string_view value) { return all_of_set(value, 16, 64, false); }
bool valid_request_id(std::string_view value) { return all_of_set(value, 1, 64, false); }

Header parse_header(std::string_view json) {
    JsonObject object = parse_json_object(json, kMaxHeaderBytes);
    if (object.error != JsonError::none) reject(CKEY_ACTION_HEADER_INVALID, "header JSON: ", object.message);
    Header header;
    bool has_iss = false, has_kid = false;
    for (const JsonMember &m : object.members) {
        if (m.key == "iss") {
            header.issuer = as_string(m, CKEY_ACTION_HEADER_INVALID).text;
            has_iss = true;
        } else if (m.key == "kid") {
            header.key_id = as_string(m, CKEY_ACTION_HEADER_INVALID).text;
            has_kid = true;
        } else {
            reject(CKEY_ACTION_HEADER_UNKNOWN_FIELD, "header field ", shown(m.key),
                   " is not allowed; the header holds only \"iss\" and \"kid\" (version 1 is always Ed25519)");
        }
    }
    if (!has_iss || !has_kid)
        reject(CKEY_ACTION_HEADER_INVALID, "header lacks \"", has_iss ? "kid" : "iss", "\"");
    if (!valid_issuer(header.issuer))
        reject(CKEY_ACTION_HEADER_INVALID, "header \"iss\" is ", shown(header.issuer), "; expected a lowercase DNS name");
    if (!valid_key_id(header.key_id))
        reject(CKEY_ACTION_HEADER_INVALID, "header \"kid\" is ", shown(header.key_id),
               "; expected 1-64 of A-Z a-z 0-9 . _ -");
    return header;
}

Claims parse_claims(std::string_view json) {
    if (json.size() > kMaxClaimsBytes)
        reject(CKEY_ACTION_CLAIMS_TOO_LARGE, "claims are ", json.size(), " bytes; at most ", kMaxClaimsBytes);
    JsonObject object = parse_json_object(json, kMaxClaimsBytes);
    switch (object.error) {
    case JsonError::none: break;
    case JsonError::duplicate_key: reject(CKEY_ACTION_CLAIMS_DUPLICATE_KEY, "claims JSON: ", object.message);
    case JsonError::too_large: reject(CKEY_ACTION_CLAIMS_TOO_LARGE, "claims JSON: ", object.message);
    default: reject(CKEY_ACTION_CLAIMS_INVALID, "claims JSON: ", object.message);
    }
    Claims c;
    unsigned seen = 0;
    enum : unsigned { ISS = 1, KID = 2, APP = 4, ACT = 8, SCOPE = 16, IAT = 32, NBF = 64, EXP = 128, NONCE = 256 };
    std::optional<std::string> scope_text;
    for (const JsonMember &m : object.members) {
        const std::string &k = m.key;
        if (k == "iss") { c.issuer = as_string(m, CKEY_ACTION_CLAIMS_INVALID).text; seen |= ISS; }
        else if (k == "kid") { c.key_id = as_string(m, CKEY_ACTION_CLAIMS_INVALID).text; seen |= KID; }
        else if (k == "app") { c.app_id = as_string(m, CKEY_ACTION_CLAIMS_INVALID).text; seen |= APP; }
        else if (k == "act") { c.name = as_string(m, CKEY_ACTION_CLAIMS_INVALID).text; seen |= ACT; }
        else if (k == "params") { c.params = as_string(m, CKEY_ACTION_CLAIMS_INVALID).text; }
        else if (k == "scope") { scope_text = as_string(m, CKEY_ACTION_CLAIMS_INVALID).text; seen |= SCOPE; }
        else if (k == "iat") { c.issued_at = as_seconds(m); seen |= IAT; }
        else if (k == "nbf") { c.not_before = as_seconds(m); seen |= NBF; }
        else if (k == "exp") { c.expires = as_seconds(m); seen |= EXP; }
        else if (k == "rid") { c.request_id = as_string(m, CKEY_ACTION_CLAIMS_INVALID).text; }
        else if (k == "nonce") { c.nonce = as_string(m, CKEY_ACTION_CLAIMS_INVALID).text; seen |= NONCE; }
        else
            reject(CKEY_ACTION_CLAIMS_UNKNOWN_FIELD, "claim ", shown(k),
                   " is not defined; allowed: iss, kid, app, act, params, scope, iat, nbf, exp, rid, nonce");
    }
    static const struct { unsigned bit; const char *name; } required[] = {
        {ISS, "iss"}, {KID, "kid"}, {APP, "app"}, {ACT, "act"}, {SCOPE, "scope"},
        {IAT, "iat"}, {NBF, "nbf"}, {EXP, "exp"}, {NONCE, "nonce"}};
    for (const auto &r : required)
        if (!(seen & r.bit)) reject(CKEY_ACTION_CLAIMS_MISSING_FIELD, "the claims lack \"", r.name, "\"");

    if (!valid_issuer(c.issuer))
        reject(CKEY_ACTION_CLAIMS_INVALID, "\"iss\" is ", shown(c.issuer), "; expected a lowercase DNS name");
    if (!valid_key_id(c.key_id))
        reject(CKEY_ACTION_CLAIMS_INVALID, "\"kid\" is ", shown(c.key_id), "; expected 1-64 of A-Z a-z 0-9 . _ -");
    if (!valid_app_id(c.app_id))
        reject(CKEY_ACTION_CLAIMS_INVALID, "\"app\" is ", shown(c.app_id), "; expected 1-128 of A-Z a-z 0-9 . _ -");
    if (!valid_action_name(c.name))
        reject(CKEY_ACTION_CLAIMS_INVALID, "\"act\" is ", shown(c.name), "; expected 1-64 of A-Z a-z 0-9 . _ -");
    if (c.params.size() > CKEY_ACTION_MAX_PARAMS_BYTES)
        reject(CKEY_ACTION_PARAMS_TOO_LARGE, "\"params\" is ", c.params.size(), " bytes; at most ",
               CKEY_ACTION_MAX_PARAMS_BYTES);
    check_text("params", c.params);
    if (*scope_text == "sameDevice") c.scope = CKEY_ACTION_SAME_DEVICE;
    else if (*scope_text == "crossDevice") c.scope = CKEY_ACTION_CROSS_DEVICE;
    else reject(CKEY_ACTION_CLAIMS_INVALID, "\"scope\" is ", shown(*scope_text), "; expected \"sameDevice\" or \"crossDevice\"");
    if (!valid_nonce(c.nonce))
        reject(CKEY_ACTION_CLAIMS_INVALID, "\"nonce\" is ", shown(c.nonce), "; expected 16-64 of A-Z a-z 0-9 _ -");
    if (c.request_id) {
        if (!valid_request_id(*c.request_id))
            reject(CKEY_ACTION_REQUEST_ID_INVALID, "\"rid\" is ", shown(*c.request_id),
                   "; expected 1-64 of A-Z a-z 0-9 _ - (no '/', '.', '%')");
        if (c.scope == CKEY_ACTION_SAME_DEVICE)
            reject(CKEY_ACTION_REQUEST_ID_UNEXPECTED, "a sameDevice action carries \"rid\"; only crossDevice actions have one");
    } else if (c.scope == CKEY_ACTION_CROSS_DEVICE) {
        reject(CKEY_ACTION_REQUEST_ID_MISSING, "a crossDevice action lacks \"rid\"");
    }
    return c;
}

int64_t max_lifetime(int scope) {
    return scope == CKEY_ACTION_CROSS_DEVICE ? CKEY_ACTION_MAX_LIFETIME_CROSS_DEVICE : CKEY_ACTION_MAX_LIFETIME_SAME_DEVICE;
}

void check_time_order(const Claims &c) {
    if (!(c.issued_at <= c.not_before && c.not_before < c.expires))
        reject(CKEY_ACTION_TIME_ORDER, "iat ", c.issued_at, ", nbf ", c.not_before, ", exp ", c.expires,
               "; expected iat <= nbf < exp");
}

void check_not_expired(int64_t expires, int64_t now) {
    const int64_t skew = CKEY_ACTION_CLOCK_SKEW_SECONDS;
    if (expires <= now - skew)
        reject(CKEY_ACTION_EXPIRED, "expired at ", expires, "; now is ", now, " (skew ", skew, " s)");
}

std::string serialize_header(const Header &h) {
    return cat("{\"iss\":", json_quote(h.issuer), ",\"kid\":", json_quote(h.key_id), "}");
}

std::string serialize_claims(const Claims &c) {
    std::string out = cat("{\"iss\":", json_quote(c.issuer), ",\"kid\":", json_quote(c.key_id),
                          ",\"app\":", json_quote(c.app_id), ",\"act\":", json_quote(c.name));
    if (!c.params.empty()) out += cat(",\"params\":", json_quote(c.params));
    out += cat(",\"scope\":", c.scope == CKEY_ACTION_CROSS_DEVICE ? "\"crossDevice\"" : "\"sameDevice\"",
               ",\"iat\":", c.issued_at, ",\"nbf\":", c.not_before, ",\"exp\":", c.expires);
    if (c.request_id) out += cat(",\"rid\":", json_quote(*c.request_id));
    out += cat(",\"nonce\":", json_quote(c.nonce), "}");
    return out;
}

}  // namespace ckey::actions
