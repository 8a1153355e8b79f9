// libFuzzer target for Safe Actions: any input goes through the whole
// verifier (fixed clock, fixed key ring) and, since claims are only parsed
// after a valid signature, also straight into the header, claims and
// request-info parsers, the redirect rule and the template rule. Beyond "no
// crash, no sanitizer report" it checks that every rejection carries a real
// reason, that a verified action is within the stated limits, that claims
// the parser accepts re-serialise to text the parser accepts with the same
// meaning, that an accepted request-info reply holds only showable text of
// 1-200 bytes, that an allowed redirect is URL characters only (spec 7.2) on
// the pinned host, and that a template's own URL is an allowed redirect.
#include "actions/claims.hpp"
#include "actions/ed25519.hpp"
#include "actions/key_ring.hpp"
#include "actions/reason.hpp"
#include "actions/request_info.hpp"
#include "actions/signer.hpp"
#include "actions/verifier.hpp"
#include "text/shown_text.hpp"

#include <cctype>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>

using namespace ckey::actions;

namespace {

[[noreturn]] void broken(const char *what) {
    std::fprintf(stderr, "actions_fuzz: %s\n", what);
    std::abort();
}

bool showable(const std::string &value) {
    return ckey::text::find_unshowable(value).kind == ckey::text::Unshowable::none;
}

void check_request_info(const std::string &body) {
    ckey::text::Finding first = ckey::text::find_unshowable(body);
    if (first.kind != ckey::text::Unshowable::none &&
        (first.offset >= body.size() || !showable(body.substr(0, first.offset))))
        broken("the first unshowable character is not the first");
    try {
        RequestInfo info = parse_request_info(body, "req_1");
        for (const std::string *value : {&info.requester, &info.location}) {
            if (value == &info.location && value->empty()) continue;
            if (value->empty() || value->size() > 200 || !showable(*value))
                broken("a request-info reply was accepted with text the prompt must not show");
        }
    } catch (const Rejection &rejection) {
        if (rejection.reason != CKEY_ACTION_REQUEST_INFO_INVALID && rejection.reason != CKEY_ACTION_REQUEST_INFO_TOO_LARGE &&
            rejection.reason != CKEY_ACTION_REQUEST_INFO_TEXT)
            broken("a request-info reply was refused with a reason that is not a request-info one");
    }
}

const RequestInfoTemplate &pinned() {
    static const RequestInfoTemplate value = parse_request_info_template("https://citeory.com/r/{request_id}", "citeory.com");
    return value;
}

void check_redirect_rule(const std::string &url) {
    try {
        check_redirect(pinned(), url);
    } catch (const Rejection &rejection) {
        if (rejection.reason != CKEY_ACTION_REQUEST_INFO_REDIRECT || rejection.message.find('\n') != std::string::npos)
            broken("a refused redirect has the wrong reason or a raw LF in its message");
        return;
    }
    const std::string_view allowed = "-._~!$&'()*+,;=:/?#@%";
    for (char c : url)
        if (!std::isalnum(static_cast<unsigned char>(c)) && allowed.find(c) == std::string_view::npos)
            broken("an allowed redirect holds a byte that is not a URL character");
    std::string start = url.substr(0, 20);
    for (char &c : start) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (start.rfind("https://citeory.com", 0) != 0 || (url.size() > 19 && std::string_view(":/?#").find(url[19]) == std::string_view::npos))
        broken("an allowed redirect leaves https://citeory.com");
}

void check_template_rule(const std::string &url) {
    std::optional<RequestInfoTemplate> tmpl;
    try {
        tmpl = parse_request_info_template(url, "citeory.com");
    } catch (const ckey::Error &) {
        return;
    }
    try {
        check_redirect(*tmpl, request_info_url(*tmpl, "req_1"));
    } catch (const Rejection &) {
        broken("a template's own URL is not an allowed redirect target");
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static const std::string hex = [] {
        Seed seed;
        seed.fill(7);
        uint8_t pub[32];
        ed25519_backend().public_key(seed.data(), pub);
        return to_hex(pub, 32);
    }();
    Verifier v("com.viadere");
    v.trust("citeory.com", "k1", hex, "https://citeory.com/r/{request_id}");
    v.register_action("open.library", {"citeory.com"}, CKEY_ACTION_SAME_DEVICE);
    v.register_action("signin.request", {"citeory.com"}, CKEY_ACTION_CROSS_DEVICE);
    std::string text(reinterpret_cast<const char *>(data), size);
    try {
        auto action = v.verify(text, 1800000000);
        if (action) {
            const Claims &c = action->claims;
            if (c.params.size() > CKEY_ACTION_MAX_PARAMS_BYTES || text.size() > CKEY_ACTION_MAX_CODE_BYTES ||
                c.expires - c.issued_at > max_lifetime(c.scope) || c.app_id != "com.viadere") {
                std::fprintf(stderr, "actions_fuzz: verified a code outside the limits\n");
                std::abort();
            }
            serialize_claims(c);
        }
    } catch (const Rejection &rejection) {
        if (rejection.reason <= CKEY_ACTION_NOT_A_SAFE_ACTION || rejection.reason > kLastReason) std::abort();
    }
    try {
        Claims claims = parse_claims(text);
        std::string again = serialize_claims(claims);
        if (serialize_claims(parse_claims(again)) != again) {
            std::fprintf(stderr, "actions_fuzz: canonical claims do not round-trip\n");
            std::abort();
        }
    } catch (const Rejection &) {
    }
    try { parse_header(text); } catch (const Rejection &) {}
    check_request_info(text);
    check_redirect_rule(text);
    check_template_rule(text);
    return 0;
}
