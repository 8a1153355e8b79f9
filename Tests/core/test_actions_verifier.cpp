// The verifier as a whole: the injected clock and skew, the replay set's
// expiry and capacity, the signer round trip, key files, configuration
// refusals and the C API's argument checks.
#include "check.hpp"

#include "actions/reason.hpp"
#include "actions/replay.hpp"
#include "actions/signer.hpp"
#include "actions/verifier.hpp"

#include <ckey/ckey.h>

#include <string>

using namespace ckey::actions;
using ckey::cat;

namespace {

const int64_t kNow = 1800000000;

Seed test_seed(uint8_t fill) {
    Seed s;
    s.fill(fill);
    return s;
}

std::string public_hex(const Seed &seed) {
    char *pub = nullptr, *kid = nullptr;
    std::string pem = private_key_pem(seed);
    if (ckey_action_key_public(pem.c_str(), &pub, &kid) != CKEY_OK) return "";
    std::string out = pub;
    ckey_free(pub);
    ckey_free(kid);
    return out;
}

std::string claims(const std::string &nonce, int64_t iat, int64_t exp, const std::string &extra = "") {
    return cat(R"({"iss":"citeory.com","kid":"k1","app":"com.viadere","act":"open.library","scope":"sameDevice","iat":)", iat,
               R"(,"nbf":)", iat, R"(,"exp":)", exp, extra, R"(,"nonce":")", nonce, R"("})");
}

Verifier make(const Seed &seed) {
    Verifier v("com.viadere");
    v.trust("citeory.com", "k1", public_hex(seed), "https://citeory.com/r/{request_id}");
    v.register_action("open.library", {"citeory.com"}, CKEY_ACTION_SAME_DEVICE);
    return v;
}

template <class Body>
std::string reason_of(Body &&body) {
    try {
        body();
    } catch (const Rejection &rejection) {
        return reason_name(rejection.reason);
    }
    return "verified";
}

}  // namespace

TEST(signed_code_verifies_and_is_canonical) {
    Seed seed = test_seed(3);
    Verifier v = make(seed);
    std::string code = sign_action(seed, claims("nonce-0000000000001", kNow, kNow + 300));
    CHECK(code.rfind("ckey-action:1:", 0) == 0);
    auto action = v.verify(code, kNow);
    REQUIRE(action.has_value());
    CHECK_EQ(action->claims.name, std::string("open.library"));
    CHECK_EQ(action->claims.params, std::string());
    // Deterministic: the same claims and key give the same code.
    CHECK_EQ(sign_action(seed, claims("nonce-0000000000001", kNow, kNow + 300)), code);
}

TEST(clock_is_injected_and_the_skew_is_stated) {
    Seed seed = test_seed(4);
    std::string code = sign_action(seed, claims("nonce-0000000000002", kNow, kNow + 300));
    auto at = [&](int64_t now) { Verifier v = make(seed); return reason_of([&] { v.verify(code, now); }); };
    CHECK_EQ(at(kNow - CKEY_ACTION_CLOCK_SKEW_SECONDS), std::string("verified"));
    CHECK_EQ(at(kNow - CKEY_ACTION_CLOCK_SKEW_SECONDS - 1), std::string("issued_in_future"));
    CHECK_EQ(at(kNow + 300 + CKEY_ACTION_CLOCK_SKEW_SECONDS - 1), std::string("verified"));
    CHECK_EQ(at(kNow + 300 + CKEY_ACTION_CLOCK_SKEW_SECONDS), std::string("expired"));
}

// Confirmation asks the same rule through the C API: the last second that
// verifies is the last second that may run.
TEST(expiry_check_is_the_verifiers_rule) {
    const int64_t exp = kNow + 300, last = exp + CKEY_ACTION_CLOCK_SKEW_SECONDS - 1;
    int reason = -1;
    CHECK_EQ(ckey_action_check_expiry(exp, last, &reason), CKEY_OK);
    CHECK_EQ(reason, int(CKEY_ACTION_VERIFIED));
    CHECK_EQ(ckey_action_check_expiry(exp, last + 1, &reason), CKEY_ACTION_REJECTED);
    CHECK_EQ(reason, int(CKEY_ACTION_EXPIRED));
    CHECK(std::string(ckey_last_error()).find("expired at") != std::string::npos);
    CHECK_EQ(ckey_action_check_expiry(exp, last, nullptr), CKEY_INVALID_ARGUMENT);
}

TEST(replay_set_keeps_codes_until_expiry) {
    Seed seed = test_seed(5);
    Verifier v = make(seed);
    std::string code = sign_action(seed, claims("nonce-0000000000003", kNow, kNow + 300));
    CHECK_EQ(reason_of([&] { v.verify(code, kNow); }), std::string("verified"));
    CHECK_EQ(reason_of([&] { v.verify(code, kNow + 1); }), std::string("replayed"));
    CHECK_EQ(reason_of([&] { v.verify(code, kNow + 300 + 59); }), std::string("replayed"));
    // After expiry the code is refused as expired, never run again.
    CHECK_EQ(reason_of([&] { v.verify(code, kNow + 300 + 60); }), std::string("expired"));
}

TEST(replay_set_fails_closed_when_full) {
    ReplaySet set(3);
    set.admit({"a"}, 100, 0);
    set.admit({"b"}, 200, 0);
    set.admit({"c"}, 300, 0);
    CHECK_EQ(reason_of([&] { set.admit({"d"}, 300, 50); }), std::string("replay_set_full"));
    CHECK_EQ(reason_of([&] { set.admit({"d"}, 300, 101); }), std::string("verified"));  // "a" expired and was dropped
    CHECK_EQ(set.size(), size_t(3));
    CHECK_EQ(reason_of([&] { set.admit({"b"}, 300, 150); }), std::string("replayed"));
    CHECK_EQ(reason_of([&] { set.admit({"x", "c"}, 300, 150); }), std::string("replayed"));
}

std::string cross_device_claims(int i, int64_t iat) {
    return cat(R"({"iss":"citeory.com","kid":"k1","app":"com.viadere","act":"signin.request",)",
               R"("scope":"crossDevice","iat":)", iat, R"(,"nbf":)", iat, R"(,"exp":)", iat + 300, R"(,"rid":"req-)", i,
               R"(","nonce":"cross-nonce-)", 10000 + i, R"("})");
}

// Replay after a purge. Verify a code at NOW; fill the seen-set with other
// valid codes; verify one code at NOW + 1000, which makes the set drop every
// entry kept until before NOW + 1000; set the clock back to NOW. Before the
// fix the first code verified a second time here.
TEST(a_clock_set_back_cannot_replay_a_code_the_set_dropped) {
    Seed seed = test_seed(9);
    Verifier v = make(seed);
    std::string first = sign_action(seed, claims("first-nonce-00000001", kNow, kNow + 300));
    CHECK_EQ(reason_of([&] { v.verify(first, kNow); }), std::string("verified"));
    std::string filler;
    for (int i = 1; i < CKEY_ACTION_REPLAY_CAPACITY; ++i) {
        filler = sign_action(seed, claims(cat("filler-nonce-", 10000 + i), kNow, kNow + 300));
        CHECK_EQ(reason_of([&] { v.verify(filler, kNow); }), std::string("verified"));
    }
    std::string jump = sign_action(seed, claims("jump-nonce-000000001", kNow + 1000, kNow + 1300));
    CHECK_EQ(reason_of([&] { v.verify(jump, kNow + 1000); }), std::string("verified"));
    CHECK_EQ(reason_of([&] { v.verify(first, kNow); }), std::string("replay_forgotten"));
    CHECK_EQ(reason_of([&] { v.verify(filler, kNow + 10); }), std::string("replay_forgotten"));
    CHECK_EQ(reason_of([&] { v.verify(jump, kNow + 1001); }), std::string("replayed"));
    // A code that outlives everything the set dropped is judged as before.
    std::string fresh = sign_action(seed, claims("fresh-nonce-00000001", kNow, kNow + 600));
    CHECK_EQ(reason_of([&] { v.verify(fresh, kNow); }), std::string("verified"));
}

// The same attack with the flood after the jump: 4,000 cross-device codes at
// NOW + 1000 (two entries each, so twice the capacity) force the purge.
TEST(a_flood_after_the_jump_does_not_free_the_first_code) {
    Seed seed = test_seed(10);
    Verifier v = make(seed);
    v.register_action("signin.request", {"citeory.com"}, CKEY_ACTION_CROSS_DEVICE);
    std::string first = sign_action(seed, claims("first-nonce-00000002", kNow, kNow + 300));
    CHECK_EQ(reason_of([&] { v.verify(first, kNow); }), std::string("verified"));
    int verified = 0;
    for (int i = 0; i < 4000; ++i) {
        std::string other = sign_action(seed, cross_device_claims(i, kNow + 1000));
        std::string got = reason_of([&] { v.verify(other, kNow + 1000); });
        if (got == "verified") ++verified;
        else CHECK_EQ(got, std::string("replay_set_full"));
    }
    CHECK_EQ(verified, CKEY_ACTION_REPLAY_CAPACITY / 2);  // 2047 before the purge, one after it
    CHECK_EQ(reason_of([&] { v.verify(first, kNow); }), std::string("replay_forgotten"));
}

TEST(replay_set_refuses_what_it_may_have_forgotten) {
    ReplaySet set(2);
    set.admit({"a"}, 100, 0);
    set.admit({"b"}, 500, 0);
    CHECK_EQ(reason_of([&] { set.admit({"c"}, 600, 200); }), std::string("verified"));  // drops "a"
    CHECK_EQ(set.size(), size_t(2));
    CHECK_EQ(reason_of([&] { set.admit({"a"}, 100, 50); }), std::string("replay_forgotten"));
    CHECK_EQ(reason_of([&] { set.admit({"z"}, 100, 50); }), std::string("replay_forgotten"));  // kept no longer than "a"
    CHECK_EQ(reason_of([&] { set.admit({"b"}, 500, 50); }), std::string("replayed"));           // still held
    CHECK_EQ(reason_of([&] { set.admit({"y"}, 101, 50); }), std::string("replay_set_full"));    // nothing expired at 50
}

TEST(signer_refuses_what_the_verifier_would) {
    Seed seed = test_seed(6);
    auto refused = [&](const std::string &json) {
        try {
            sign_action(seed, json);
        } catch (const ckey::Error &e) {
            return e.code() == CKEY_INVALID_PARAMETER;
        }
        return false;
    };
    CHECK(refused(claims("short", kNow, kNow + 300)));
    CHECK(refused(claims("nonce-0000000000004", kNow, kNow)));  // exp must follow nbf
    CHECK(refused(claims("nonce-0000000000004", kNow, kNow + CKEY_ACTION_MAX_LIFETIME_SAME_DEVICE + 1)));
    CHECK(refused(claims("nonce-0000000000004", kNow, kNow + 300, R"(,"alg":"none")")));
    CHECK(refused(claims("nonce-0000000000004", kNow, kNow + 300, R"(,"params":")" + std::string(1025, 'x') + "\"")));
    CHECK(!refused(claims("nonce-0000000000004", kNow, kNow + 300, R"(,"params":")" + std::string(1024, 'x') + "\"")));
}

TEST(key_files_round_trip_and_are_pkcs8) {
    char *pem = nullptr, *pub = nullptr, *kid = nullptr;
    REQUIRE(ckey_action_keygen(&pem, &pub, &kid) == CKEY_OK);
    std::string text = pem;
    CHECK(text.rfind("-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEI", 0) == 0);
    CHECK_EQ(std::string(pub).size(), size_t(64));
    CHECK_EQ(std::string(kid).size(), size_t(16));
    char *pub2 = nullptr, *kid2 = nullptr;
    REQUIRE(ckey_action_key_public(pem, &pub2, &kid2) == CKEY_OK);
    CHECK_EQ(std::string(pub2), std::string(pub));
    CHECK_EQ(std::string(kid2), std::string(kid));
    // Two keys differ.
    char *pem3 = nullptr, *pub3 = nullptr, *kid3 = nullptr;
    REQUIRE(ckey_action_keygen(&pem3, &pub3, &kid3) == CKEY_OK);
    CHECK(std::string(pub3) != std::string(pub));
    for (char *s : {pem, pub, kid, pub2, kid2, pem3, pub3, kid3}) ckey_free(s);
    char *out = nullptr, *out2 = nullptr;
    CHECK_EQ(ckey_action_key_public("-----BEGIN PRIVATE KEY-----\nMCowBQYDK2VwAyEA\n-----END PRIVATE KEY-----\n", &out, &out2),
             (int)CKEY_INVALID_PARAMETER);
    CHECK_EQ(ckey_action_key_public("not a key", &out, &out2), (int)CKEY_INVALID_PARAMETER);
    CHECK(std::string(ckey_last_error()).find("PKCS#8") != std::string::npos);
}

TEST(configuration_refusals_name_the_value) {
    ckey_action_verifier *v = nullptr;
    CHECK_EQ(ckey_action_verifier_create("com viadere", &v), (int)CKEY_INVALID_PARAMETER);
    CHECK(v == nullptr);
    CHECK(std::string(ckey_last_error()).find("com viadere") != std::string::npos);
    REQUIRE(ckey_action_verifier_create("com.viadere", &v) == CKEY_OK);
    std::string good = public_hex(test_seed(9));
    CHECK_EQ(ckey_action_verifier_trust(v, "citeory.com", "k1", "abcd", nullptr), (int)CKEY_INVALID_PARAMETER);
    CHECK_EQ(ckey_action_verifier_trust(v, "citeory.com", "k1",
                                        "0100000000000000000000000000000000000000000000000000000000000000", nullptr),
             (int)CKEY_INVALID_PARAMETER);
    CHECK(std::string(ckey_last_error()).find("small-order") != std::string::npos);
    CHECK_EQ(ckey_action_verifier_trust(v, "citeory.com", "k1", good.c_str(), "http://citeory.com/{request_id}"),
             (int)CKEY_INVALID_PARAMETER);
    CHECK_EQ(ckey_action_verifier_trust(v, "CITEORY.com", "k1", good.c_str(), nullptr), (int)CKEY_INVALID_PARAMETER);
    CHECK_EQ(ckey_action_verifier_trust(v, "citeory.com", "k1", good.c_str(), nullptr), (int)CKEY_OK);
    CHECK_EQ(ckey_action_verifier_trust(v, "citeory.com", "k1", good.c_str(), nullptr), (int)CKEY_INVALID_PARAMETER);
    const char *issuers[] = {"citeory.com"};
    const char *untrusted[] = {"other.com"};
    CHECK_EQ(ckey_action_verifier_register(v, "open.library", untrusted, 1, 0), (int)CKEY_INVALID_PARAMETER);
    CHECK_EQ(ckey_action_verifier_register(v, "open.library", issuers, 1, 2), (int)CKEY_INVALID_PARAMETER);
    CHECK_EQ(ckey_action_verifier_register(v, "open.library", issuers, 0, 0), (int)CKEY_INVALID_PARAMETER);
    CHECK_EQ(ckey_action_verifier_register(v, "open library", issuers, 1, 0), (int)CKEY_INVALID_PARAMETER);
    CHECK_EQ(ckey_action_verifier_register(v, "open.library", issuers, 1, 0), (int)CKEY_OK);
    CHECK_EQ(ckey_action_verifier_register(v, "open.library", issuers, 1, 0), (int)CKEY_INVALID_PARAMETER);
    ckey_action_verifier_destroy(v);
}

TEST(c_api_checks_every_pointer) {
    ckey_action_verifier *v = nullptr;
    CHECK_EQ(ckey_action_verifier_create(nullptr, &v), (int)CKEY_INVALID_ARGUMENT);
    CHECK_EQ(ckey_action_verifier_create("a", nullptr), (int)CKEY_INVALID_ARGUMENT);
    REQUIRE(ckey_action_verifier_create("a", &v) == CKEY_OK);
    ckey_action *action = nullptr;
    int reason = 0;
    CHECK_EQ(ckey_action_verify(v, nullptr, 5, kNow, &action, &reason), (int)CKEY_INVALID_ARGUMENT);
    CHECK(std::string(ckey_last_error()).find("text") != std::string::npos);
    CHECK_EQ(ckey_action_verify(v, "x", 1, kNow, nullptr, &reason), (int)CKEY_INVALID_ARGUMENT);
    CHECK_EQ(ckey_action_verify(v, "x", 1, kNow, &action, nullptr), (int)CKEY_INVALID_ARGUMENT);
    CHECK_EQ(ckey_action_verify(nullptr, "x", 1, kNow, &action, &reason), (int)CKEY_INVALID_ARGUMENT);
    CHECK_EQ(ckey_action_verify(v, nullptr, 0, kNow, &action, &reason), (int)CKEY_OK);
    CHECK_EQ(reason, (int)CKEY_ACTION_NOT_A_SAFE_ACTION);
    CHECK(action == nullptr);
    ckey_action_info info;
    CHECK_EQ(ckey_action_get_info(nullptr, &info), (int)CKEY_INVALID_ARGUMENT);
    CHECK_EQ(ckey_action_sign(nullptr, "{}", nullptr), (int)CKEY_INVALID_ARGUMENT);
    CHECK_EQ(std::string(ckey_action_reason_string(999)), std::string("unknown"));
    CHECK_EQ(std::string(ckey_action_reason_string(CKEY_ACTION_BAD_SIGNATURE)), std::string("bad_signature"));
    ckey_action_destroy(nullptr);
    ckey_action_verifier_destroy(nullptr);
    ckey_action_verifier_destroy(v);
}

TEST(claims_are_not_parsed_before_the_signature) {
    // A code whose claims are garbage but whose signature is wrong must fail
    // at the signature step, not at the claims parser.
    Seed seed = test_seed(7);
    Verifier v = make(seed);
    std::string code = sign_action(test_seed(8), claims("nonce-0000000000005", kNow, kNow + 300));
    size_t first = code.find('.'), last = code.rfind('.');
    std::string garbage = code.substr(0, first + 1) + "e30" + code.substr(last);  // claims "{}"
    CHECK_EQ(reason_of([&] { v.verify(garbage, kNow); }), std::string("bad_signature"));
}

TEST(detect_matches_the_verifier) {
    auto detect = [](const std::string &text) {
        int claims = -1;
        return ckey_action_detect(text.data(), text.size(), &claims) == CKEY_OK ? claims : -1;
    };
    CHECK_EQ(detect("ckey-action:1:abc"), 1);
    CHECK_EQ(detect("\xef\xbb\xbf  CKEY-Action:9"), 1);
    CHECK_EQ(detect("ckey-action"), 0);
    CHECK_EQ(detect("https://ckey-action:1"), 0);
    CHECK_EQ(detect(""), 0);
    int claims = 0;
    CHECK_EQ(ckey_action_detect(nullptr, 3, &claims), (int)CKEY_INVALID_ARGUMENT);
}
