// The parsing stages of Safe Actions: canonical base64url, strict JSON, the
// claims rules and the request-info template/redirect/reply rules.
#include "check.hpp"

#include "actions/base64url.hpp"
#include "actions/claims.hpp"
#include "actions/json.hpp"
#include "actions/reason.hpp"
#include "actions/request_info.hpp"

#include <string>

using namespace ckey::actions;

namespace {

std::string decoded(const std::string &text, Base64Error *error = nullptr) {
    std::vector<uint8_t> out;
    Base64Error e = base64url_decode(text, out);
    if (error != nullptr) *error = e;
    return std::string(out.begin(), out.end());
}

// The reason name a throwing call rejects with, or "none".
template <class Body>
std::string reason_of(Body &&body) {
    try {
        body();
    } catch (const Rejection &rejection) {
        return reason_name(rejection.reason);
    }
    return "none";
}

const std::string kClaims =
    R"({"iss":"citeory.com","kid":"2026-11","app":"com.viadere","act":"open.library","params":"item=42",)"
    R"("scope":"sameDevice","iat":1800000000,"nbf":1800000000,"exp":1800000300,"nonce":"abcdefghijklmnop"})";

}  // namespace

TEST(base64url_round_trips_every_length) {
    std::string bytes;
    for (int n = 0; n < 70; ++n) {
        std::string text = base64url_encode(bytes);
        CHECK(text.find('=') == std::string::npos);
        Base64Error e;
        CHECK_EQ(decoded(text, &e), bytes);
        CHECK(e == Base64Error::none);
        bytes.push_back(static_cast<char>(n * 37 + 11));
    }
    CHECK_EQ(base64url_encode(std::string("\xfb\xff")), std::string("-_8"));
}

TEST(base64url_rejects_all_but_the_canonical_form) {
    Base64Error e;
    decoded("QQ==", &e);
    CHECK(e == Base64Error::padding);
    decoded("QR", &e);  // 'R' leaves non-zero unused bits; "QQ" is the canonical "A"
    CHECK(e == Base64Error::non_canonical);
    decoded("QQ", &e);
    CHECK(e == Base64Error::none);
    decoded("Q", &e);  // length 1 mod 4
    CHECK(e == Base64Error::invalid);
    decoded("Q+Q", &e);
    CHECK(e == Base64Error::invalid);
    decoded("QQ QQ", &e);
    CHECK(e == Base64Error::invalid);
}

TEST(json_is_strict) {
    CHECK(parse_json_object(R"({"a":1,"b":"x"})", 100).error == JsonError::none);
    CHECK(parse_json_object(R"({"a":1,"a":2})", 100).error == JsonError::duplicate_key);
    CHECK(parse_json_object(R"({"a":1,"\u0061":2})", 100).error == JsonError::duplicate_key);
    CHECK(parse_json_object(R"({"o":{"k":1,"k":2}})", 100).error == JsonError::duplicate_key);
    CHECK(parse_json_object(R"({"a":[[[[1]]]]})", 100).error == JsonError::too_deep);
    CHECK(parse_json_object(R"({"a":[[[1]]]})", 100).error == JsonError::none);
    CHECK(parse_json_object(R"({"a":1})", 6).error == JsonError::too_large);
    for (const char *bad : {R"({"a":1,})", R"({"a":01})", R"({"a":1}x)", R"([1])", R"({'a':1})", "{\"a\":\"\x01\"}",
                            R"({"a":"\ud800"})", R"({"a":"\udc00"})", "{\"a\":\"\xc0\xaf\"}", "{\"a\":\"\xed\xa0\x80\"}",
                            "\xef\xbb\xbf{}", R"({"a":tru})", R"({"a":-})", R"({"a":1.})", R"({"a":"\x"})", ""})
        CHECK(parse_json_object(bad, 100).error == JsonError::syntax);
    JsonObject o = parse_json_object(R"({"n":-12,"f":1.5,"e":1e3,"big":99999999999999999999,"s":"\ud83d\udcda\n"})", 200);
    REQUIRE(o.error == JsonError::none);
    CHECK(o.members[0].value.kind == JsonValue::Kind::integer);
    CHECK_EQ(o.members[0].value.integer, int64_t(-12));
    CHECK(o.members[1].value.kind == JsonValue::Kind::number);
    CHECK(o.members[2].value.kind == JsonValue::Kind::number);
    CHECK(o.members[3].value.kind == JsonValue::Kind::number);
    CHECK_EQ(o.members[4].value.text, std::string("\xf0\x9f\x93\x9a\n"));
}

TEST(claims_parse_and_serialize_canonically) {
    Claims c = parse_claims(kClaims);
    CHECK_EQ(c.issuer, std::string("citeory.com"));
    CHECK_EQ(c.params, std::string("item=42"));
    CHECK_EQ(c.expires, int64_t(1800000300));
    CHECK(!c.request_id);
    CHECK_EQ(serialize_claims(c), kClaims);
    // Field order in the input does not matter; the signer re-serialises.
    std::string reordered = R"({"nonce":"abcdefghijklmnop","exp":1800000300,"nbf":1800000000,"iat":1800000000,)"
                            R"("scope":"sameDevice","params":"item=42","act":"open.library","app":"com.viadere",)"
                            R"("kid":"2026-11","iss":"citeory.com"})";
    CHECK_EQ(serialize_claims(parse_claims(reordered)), kClaims);
}

TEST(claims_rules_give_specific_reasons) {
    auto with = [](const std::string &from, const std::string &to) {
        std::string s = kClaims;
        s.replace(s.find(from), from.size(), to);
        return s;
    };
    CHECK_EQ(reason_of([&] { parse_claims(with("\"nonce\"", "\"extra\":1,\"nonce\"")); }), std::string("claims_unknown_field"));
    CHECK_EQ(reason_of([&] { parse_claims(with(",\"nonce\":\"abcdefghijklmnop\"", "")); }), std::string("claims_missing_field"));
    CHECK_EQ(reason_of([&] { parse_claims(with("1800000300", "1800000300000")); }), std::string("timestamp_range"));
    CHECK_EQ(reason_of([&] { parse_claims(with("1800000300", "4102444801")); }), std::string("timestamp_range"));
    CHECK_EQ(reason_of([&] { parse_claims(with("1800000300", "4102444800")); }), std::string("none"));
    CHECK_EQ(reason_of([&] { parse_claims(with("1800000300", "1800000300.0")); }), std::string("claims_invalid"));
    CHECK_EQ(reason_of([&] { parse_claims(with("1800000300", "99999999999999999999")); }), std::string("timestamp_range"));
    CHECK_EQ(reason_of([&] { parse_claims(with("citeory.com", "Citeory.com")); }), std::string("claims_invalid"));
    CHECK_EQ(reason_of([&] { parse_claims(with("abcdefghijklmnop", "short")); }), std::string("claims_invalid"));
    CHECK_EQ(reason_of([&] { parse_claims(with("item=42", std::string(1025, 'x'))); }), std::string("params_too_large"));
    CHECK_EQ(reason_of([&] { parse_claims(with("item=42", std::string(1024, 'x'))); }), std::string("none"));
    CHECK_EQ(reason_of([&] { parse_claims(with("item=42", "a\\u001bb")); }), std::string("claims_invalid"));
    CHECK_EQ(reason_of([&] { parse_claims(with("item=42", "line\\nnext\\ttab")); }), std::string("none"));
    CHECK_EQ(reason_of([&] { parse_claims(with("\"sameDevice\"", "\"crossDevice\"")); }), std::string("request_id_missing"));
    CHECK_EQ(reason_of([&] { parse_claims(with("\"nonce\"", "\"rid\":\"r1\",\"nonce\"")); }), std::string("request_id_unexpected"));
    CHECK_EQ(reason_of([&] { parse_claims(with("\"sameDevice\",", "\"crossDevice\",\"rid\":\"a.b\",")); }),
             std::string("request_id_invalid"));
    CHECK_EQ(reason_of([&] { parse_claims(std::string(1537, ' ')); }), std::string("claims_too_large"));
    CHECK_EQ(reason_of([&] { parse_header(R"({"iss":"a.com","kid":"1","alg":"EdDSA"})"); }), std::string("header_unknown_field"));
    CHECK_EQ(reason_of([&] { parse_header(R"({"iss":"a.com"})"); }), std::string("header_invalid"));
    CHECK_EQ(reason_of([&] { parse_header(R"({"iss":"a.com","kid":"1"})"); }), std::string("none"));
}

TEST(field_grammars) {
    CHECK(valid_issuer("citeory.com"));
    CHECK(valid_issuer("localhost"));
    CHECK(valid_issuer("a-b.c0.example"));
    CHECK(!valid_issuer("Citeory.com"));
    CHECK(!valid_issuer("citeory.com."));
    CHECK(!valid_issuer("-a.com"));
    CHECK(!valid_issuer("a..com"));
    CHECK(!valid_issuer(std::string(64, 'a') + ".com"));
    CHECK(!valid_issuer("xn--bcher-kva.example/"));
    CHECK(valid_request_id("req_7Hq2-x"));
    CHECK(valid_request_id(std::string(64, 'a')));
    CHECK(!valid_request_id(std::string(65, 'a')));
    for (const char *bad : {"", "../x", "a/b", "a%2Fb", "a.b", "a b", "a?b", "a#b", "\xc3\xa9"}) CHECK(!valid_request_id(bad));
}

TEST(request_info_templates) {
    RequestInfoTemplate t = parse_request_info_template("https://citeory.com/api/ckey/requests/{request_id}", "citeory.com");
    CHECK_EQ(t.authority, std::string("citeory.com"));
    CHECK_EQ(request_info_url(t, "req_1"), std::string("https://citeory.com/api/ckey/requests/req_1"));
    CHECK_EQ(reason_of([&] { request_info_url(t, "../admin"); }), std::string("request_id_invalid"));
    CHECK_EQ(parse_request_info_template("https://api.citeory.com:8443/r?id={request_id}", "citeory.com").authority,
             std::string("api.citeory.com:8443"));
    CHECK_EQ(parse_request_info_template("https://citeory.com:443/r/{request_id}", "citeory.com").authority,
             std::string("citeory.com"));
    for (const char *bad : {"http://citeory.com/{request_id}", "https://evil.com/{request_id}",
                            "https://xciteory.com/{request_id}", "https://citeory.com@evil.com/{request_id}",
                            "https://citeory.com/a", "https://citeory.com/{request_id}/{request_id}",
                            "https://citeory.com/{request_id}#frag", "https://citeory.com/a b/{request_id}",
                            "https://citeory.com:0/{request_id}", "https://citeory.com:99999/{request_id}",
                            "https://citeory.com{request_id}", "https://citeory.com/\\{request_id}"}) {
        bool refused = false;
        try {
            parse_request_info_template(bad, "citeory.com");
        } catch (const ckey::Error &error) {
            refused = error.code() == CKEY_INVALID_PARAMETER;
        }
        if (!refused) std::fprintf(stderr, "  template accepted: %s\n", bad);
        CHECK(refused);
    }
    auto redirect = [&](const std::string &url) { return reason_of([&] { check_redirect(t, url); }); };
    CHECK_EQ(redirect("https://citeory.com/other"), std::string("none"));
    CHECK_EQ(redirect("HTTPS://Citeory.COM:443/x"), std::string("none"));
    CHECK_EQ(redirect("https://citeory.com/a%2Fb"), std::string("none"));
    for (const char *bad : {"https://citeory.com.evil.com/x", "https://api.citeory.com/x", "https://citeory.com:444/x",
                            "http://citeory.com/x", "https://user@citeory.com/x", "https://citeory.com/x\r\nX: y",
                            "https://citeory.com/ x", "https://citeory.com/\x85", "https://citeory.com/%zz"})
        CHECK_EQ(redirect(bad), std::string("request_info_redirect"));
    // The message names the byte and its offset, with the URL escaped.
    try {
        check_redirect(t, "https://citeory.com/x\r\nSet-Cookie: a=b");
        CHECK(false);
    } catch (const Rejection &rejection) {
        CHECK(rejection.message.find("holds byte 13 at offset 21") != std::string::npos);
        CHECK(rejection.message.find("\\r\\n") != std::string::npos);
        CHECK(rejection.message.find('\n') == std::string::npos);
    }
}

TEST(request_info_templates_are_url_characters_only) {
    for (const char *bad : {"https://citeory.com/a[b]/{request_id}", "https://citeory.com/100%/{request_id}",
                            "https://citeory.com/\xC3\xA4/{request_id}", "https://citeory.com/a|b/{request_id}",
                            "https://citeory.com/a\tb/{request_id}"}) {
        bool refused = false;
        try {
            parse_request_info_template(bad, "citeory.com");
        } catch (const ckey::Error &error) {
            refused = error.code() == CKEY_INVALID_PARAMETER &&
                      std::string(error.what()).find("outside the allowed URL characters") != std::string::npos;
        }
        if (!refused) std::fprintf(stderr, "  template accepted: %s\n", bad);
        CHECK(refused);
    }
    CHECK_EQ(parse_request_info_template("https://citeory.com/a%20b/{request_id}?v=1", "citeory.com").authority,
             std::string("citeory.com"));
}

TEST(request_info_replies) {
    RequestInfo info = parse_request_info(R"({"requester":"Chrome on macOS","request_id":"r1"})", "r1");
    CHECK_EQ(info.requester, std::string("Chrome on macOS"));
    CHECK(info.location.empty());
    CHECK_EQ(reason_of([&] { parse_request_info(R"({"request_id":"r2","requester":"x"})", "r1"); }),
             std::string("request_info_invalid"));
    CHECK_EQ(reason_of([&] { parse_request_info(R"({"request_id":"r1"})", "r1"); }), std::string("request_info_invalid"));
    CHECK_EQ(reason_of([&] { parse_request_info(R"({"request_id":"r1","requester":""})", "r1"); }),
             std::string("request_info_invalid"));
    CHECK_EQ(reason_of([&] { parse_request_info(R"({"request_id":"r1","requester":"a\u0007"})", "r1"); }),
             std::string("request_info_text"));
    CHECK_EQ(reason_of([&] { parse_request_info(R"({"request_id":"r1","requester":"a","location":"b\u2066"})", "r1"); }),
             std::string("request_info_text"));
    try {
        parse_request_info("{\"request_id\":\"r1\",\"requester\":\"Chrome\xE2\x80\xAESOcam\"}", "r1");
        CHECK(false);
    } catch (const Rejection &rejection) {
        CHECK_EQ(rejection.reason, CKEY_ACTION_REQUEST_INFO_TEXT);
        CHECK(rejection.message.find("\"requester\" holds the bidi control U+202E at byte 6") != std::string::npos);
    }
    CHECK_EQ(reason_of([&] { parse_request_info(std::string(4097, ' '), "r1"); }), std::string("request_info_too_large"));
}
