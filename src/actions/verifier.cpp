// The verification order. The claims are parsed only after the signature
// verified, so an attacker's JSON never reaches the claims parser.
#include "verifier.hpp"

#include "base64url.hpp"
#include "ed25519.hpp"
#include "json.hpp"
#include "reason.hpp"

#include "../core/error.hpp"

#include <algorithm>

namespace ckey::actions {

namespace {

bool is_space(unsigned char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'; }

// Length of leading ASCII whitespace and U+FEFF (EF BB BF).
size_t leading_junk(std::string_view text) {
    size_t i = 0;
    while (i < text.size()) {
        if (is_space(static_cast<unsigned char>(text[i]))) ++i;
        else if (text.substr(i, 3) == "\xEF\xBB\xBF") i += 3;
        else break;
    }
    return i;
}

bool has_trailing_junk(std::string_view text) {
    if (text.empty()) return false;
    return is_space(static_cast<unsigned char>(text.back())) || text.ends_with("\xEF\xBB\xBF") ||
           text.back() == '\0';
}

std::vector<uint8_t> decode_segment(std::string_view segment, const char *name) {
    std::vector<uint8_t> bytes;
    switch (base64url_decode(segment, bytes)) {
    case Base64Error::none: return bytes;
    case Base64Error::padding: reject(CKEY_ACTION_BASE64_PADDING, "the ", name, " segment has '=' padding; segments are unpadded base64url");
    case Base64Error::invalid:
        reject(CKEY_ACTION_BASE64_INVALID, "the ", name, " segment is not base64url (characters A-Z a-z 0-9 - _, length not 1 mod 4)");
    case Base64Error::non_canonical:
        reject(CKEY_ACTION_BASE64_NON_CANONICAL, "the ", name, " segment has non-zero unused bits; only the canonical encoding is accepted");
    }
    return bytes;
}

std::string as_text(const std::vector<uint8_t> &bytes) { return std::string(bytes.begin(), bytes.end()); }

const char *scope_name(int scope) { return scope == CKEY_ACTION_CROSS_DEVICE ? "crossDevice" : "sameDevice"; }

// A code taken apart by steps 1-3: the three decoded segments, and how many
// leading bytes of the text the signature covers.
struct Segments {
    std::vector<uint8_t> header, claims, signature;
    size_t signed_length = 0;
};

// Steps 1-3: the length cap, the exact prefix and version, and exactly three
// base64url segments with a 64-byte signature.
Segments split_code(std::string_view text) {
    if (text.size() > CKEY_ACTION_MAX_CODE_BYTES)
        reject(CKEY_ACTION_TOO_LONG, "the code is ", text.size(), " bytes; at most ", CKEY_ACTION_MAX_CODE_BYTES);
    if (leading_junk(text) != 0 || has_trailing_junk(text))
        reject(CKEY_ACTION_STRAY_CHARACTERS, "the code has whitespace or a byte-order mark around it; it must be exact");
    if (!text.starts_with(kPrefix))
        reject(CKEY_ACTION_BAD_PREFIX, "the prefix is ", json_quote(text.substr(0, kPrefix.size())),
               "; expected lowercase \"ckey-action:\"");
    std::string_view body = text.substr(kPrefix.size());
    size_t colon = body.find(':');
    if (colon == std::string_view::npos) reject(CKEY_ACTION_SEGMENT_COUNT, "no ':' after the version");
    if (body.substr(0, colon) != "1")
        reject(CKEY_ACTION_UNSUPPORTED_VERSION, "version ", json_quote(body.substr(0, std::min<size_t>(colon, 16))),
               " is not supported; this verifier knows version 1 (Ed25519)");
    std::string_view segments = body.substr(colon + 1);
    size_t first = segments.find('.');
    size_t last = segments.rfind('.');
    if (first == std::string_view::npos || first == last ||
        std::count(segments.begin(), segments.end(), '.') != 2)
        reject(CKEY_ACTION_SEGMENT_COUNT, "expected header.claims.signature (3 segments), found ",
               std::count(segments.begin(), segments.end(), '.') + 1);
    Segments out;
    out.header = decode_segment(segments.substr(0, first), "header");
    out.claims = decode_segment(segments.substr(first + 1, last - first - 1), "claims");
    out.signature = decode_segment(segments.substr(last + 1), "signature");
    if (out.signature.size() != 64)
        reject(CKEY_ACTION_SIGNATURE_LENGTH, "the signature is ", out.signature.size(), " bytes; Ed25519 signatures are 64");
    out.signed_length = kPrefix.size() + colon + 1 + last;
    return out;
}

// Step 5: the signature over the ASCII text before the last '.'.
void check_signature(const TrustedKey &key, const Header &header, std::string_view text, const Segments &code) {
    const auto *message = reinterpret_cast<const uint8_t *>(text.data());
    switch (verify_strict(key.public_key.data(), message, code.signed_length, code.signature.data())) {
    case SignatureCheck::valid: return;
    case SignatureCheck::s_not_reduced: reject(CKEY_ACTION_SIGNATURE_NON_CANONICAL, "signature S is not below the group order L");
    case SignatureCheck::r_not_canonical: reject(CKEY_ACTION_SIGNATURE_NON_CANONICAL, "signature R is not a canonical point encoding");
    case SignatureCheck::r_small_order: reject(CKEY_ACTION_SIGNATURE_NON_CANONICAL, "signature R is a small-order point");
    case SignatureCheck::invalid:
        reject(CKEY_ACTION_BAD_SIGNATURE, "the signature does not verify with ", header.issuer, "/", header.key_id);
    }
}

// Step 7: the claims name the header's issuer and key, and this app.
void check_binding(const Claims &claims, const Header &header, const std::string &app_id) {
    if (claims.issuer != header.issuer)
        reject(CKEY_ACTION_ISSUER_MISMATCH, "claims \"iss\" is \"", claims.issuer, "\" but the header's is \"", header.issuer, "\"");
    if (claims.key_id != header.key_id)
        reject(CKEY_ACTION_KEY_ID_MISMATCH, "claims \"kid\" is \"", claims.key_id, "\" but the header's is \"", header.key_id, "\"");
    if (claims.app_id != app_id)
        reject(CKEY_ACTION_APP_MISMATCH, "the code is for app \"", claims.app_id, "\", not \"", app_id, "\"");
}

// Steps 8 and 9: time, with the stated skew, and the lifetime cap.
void check_time(const Claims &claims, int64_t now) {
    check_time_order(claims);
    const int64_t skew = CKEY_ACTION_CLOCK_SKEW_SECONDS;
    if (claims.issued_at > now + skew)
        reject(CKEY_ACTION_ISSUED_IN_FUTURE, "issued at ", claims.issued_at, ", more than ", skew, " s after now (", now, ")");
    if (claims.not_before > now + skew)
        reject(CKEY_ACTION_NOT_YET_VALID, "valid from ", claims.not_before, "; now is ", now, " (skew ", skew, " s)");
    check_not_expired(claims.expires, now);
    if (claims.expires - claims.issued_at > max_lifetime(claims.scope))
        reject(CKEY_ACTION_LIFETIME_TOO_LONG, "lifetime ", claims.expires - claims.issued_at, " s exceeds the ",
               max_lifetime(claims.scope), " s cap for ", scope_name(claims.scope));
}

}  // namespace

bool claims_to_be_action(std::string_view text) {
    size_t start = leading_junk(text);
    if (text.size() - start < kPrefix.size()) return false;
    for (size_t i = 0; i < kPrefix.size(); ++i) {
        char c = text[start + i];
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
        if (c != kPrefix[i]) return false;
    }
    return true;
}

Verifier::Verifier(std::string app_id) : app_id_(std::move(app_id)), seen_(CKEY_ACTION_REPLAY_CAPACITY) {
    if (!valid_app_id(app_id_))
        fail(CKEY_INVALID_PARAMETER, "app_id \"", app_id_, "\" is not 1-128 of A-Z a-z 0-9 . _ -");
}

void Verifier::trust(const std::string &issuer, const std::string &key_id, const std::string &hex,
                     const char *request_info) {
    keys_.add(issuer, key_id, hex, request_info);
}

void Verifier::register_action(const std::string &name, const std::vector<std::string> &issuers, int scope) {
    if (!valid_action_name(name))
        fail(CKEY_INVALID_PARAMETER, "action name \"", name, "\" is not 1-64 of A-Z a-z 0-9 . _ -");
    if (scope != CKEY_ACTION_SAME_DEVICE && scope != CKEY_ACTION_CROSS_DEVICE)
        fail(CKEY_INVALID_PARAMETER, "scope ", scope, " is unknown; allowed: 0 (same device), 1 (cross device)");
    if (issuers.empty()) fail(CKEY_INVALID_PARAMETER, "action \"", name, "\" needs at least one issuer");
    for (const std::string &issuer : issuers)
        if (!keys_.has_issuer(issuer))
            fail(CKEY_INVALID_PARAMETER, "issuer \"", issuer, "\" for action \"", name, "\" is not trusted; call trust first");
    if (actions_.count(name) != 0) fail(CKEY_INVALID_PARAMETER, "action \"", name, "\" is already registered");
    actions_.emplace(name, Registration{issuers, scope});
}

// Step 10: the app registered this action, for this issuer, in this scope.
void Verifier::check_registered(const Claims &claims) const {
    auto registration = actions_.find(claims.name);
    if (registration == actions_.end())
        reject(CKEY_ACTION_NOT_REGISTERED, "action \"", claims.name, "\" is not registered by this app");
    const auto &allowed = registration->second.issuers;
    if (std::find(allowed.begin(), allowed.end(), claims.issuer) == allowed.end())
        reject(CKEY_ACTION_ISSUER_NOT_ALLOWED, "action \"", claims.name, "\" is not registered for issuer \"", claims.issuer, "\"");
    if (registration->second.scope != claims.scope)
        reject(CKEY_ACTION_SCOPE_MISMATCH, "action \"", claims.name, "\" is registered as ",
               scope_name(registration->second.scope), " but the code says ", scope_name(claims.scope));
}

std::optional<VerifiedAction> Verifier::verify(std::string_view text, int64_t now) {
    if (!claims_to_be_action(text)) return std::nullopt;
    const Segments code = split_code(text);  // 1-3
    Header header = parse_header(as_text(code.header));

    // 4. Key lookup by (issuer, key ID).
    if (!keys_.has_issuer(header.issuer))
        reject(CKEY_ACTION_UNKNOWN_ISSUER, "issuer \"", header.issuer, "\" is not trusted by this app");
    const TrustedKey *key = keys_.find(header.issuer, header.key_id);
    if (key == nullptr)
        reject(CKEY_ACTION_UNKNOWN_KEY, "issuer \"", header.issuer, "\" has no trusted key \"", header.key_id, "\"");

    check_signature(*key, header, text, code);  // 5
    Claims claims = parse_claims(as_text(code.claims));  // 6: claims, strictly, only now
    check_binding(claims, header, app_id_);  // 7
    check_time(claims, now);  // 8-9
    check_registered(claims);  // 10

    // 11. Single use.
    std::vector<std::string> keys{cat("nonce ", claims.issuer, " ", claims.nonce)};
    if (claims.request_id) keys.push_back(cat("request ", claims.issuer, " ", *claims.request_id));
    seen_.admit(keys, claims.expires + CKEY_ACTION_CLOCK_SKEW_SECONDS, now);

    return VerifiedAction{std::move(claims), key->request_info};
}

}  // namespace ckey::actions
