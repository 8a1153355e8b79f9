// libFuzzer target for Safe Actions: any input goes through the whole
// verifier (fixed clock, fixed key ring) and, since claims are only parsed
// after a valid signature, also straight into the header, claims and
// request-info parsers. Beyond "no crash, no sanitizer report" it checks
// that every rejection carries a real reason, that a verified action is
// within the stated limits, and that claims the parser accepts re-serialise
// to text the parser accepts with the same meaning.
#include "actions/claims.hpp"
#include "actions/ed25519.hpp"
#include "actions/key_ring.hpp"
#include "actions/reason.hpp"
#include "actions/request_info.hpp"
#include "actions/signer.hpp"
#include "actions/verifier.hpp"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

using namespace ckey::actions;

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
        if (rejection.reason <= CKEY_ACTION_NOT_A_SAFE_ACTION || rejection.reason > CKEY_ACTION_CONFIGURATION) std::abort();
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
    try { parse_request_info(text, "req_1"); } catch (const Rejection &) {}
    return 0;
}
