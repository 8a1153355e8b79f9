// spec/vectors/safe-actions.json through the public C API: every case on a
// fresh verifier at the file's clock gives exactly the expected reason, and
// the request-info cases give the expected parse/redirect decisions. The
// Swift suite reads the same file (Tests/CKeyTests/SafeActionsTests.swift).
#include "check.hpp"
#include "json.hpp"

#include <ckey/ckey.h>

#include <set>
#include <string>
#include <vector>

namespace {

const json::Value &doc() {
    static const json::Value value = json::parse_file(check::source_path("spec/vectors/safe-actions.json"));
    return value;
}

ckey_action_verifier *make_verifier() {
    const json::Value &d = doc();
    ckey_action_verifier *v = nullptr;
    if (ckey_action_verifier_create(d["app_id"].str().c_str(), &v) != CKEY_OK) return nullptr;
    for (const json::Value &k : d["keys"].array) {
        const char *info = k["request_info"].is_null() ? nullptr : k["request_info"].str().c_str();
        if (ckey_action_verifier_trust(v, k["issuer"].str().c_str(), k["key_id"].str().c_str(),
                                       k["public_key_hex"].str().c_str(), info) != CKEY_OK) {
            ckey_action_verifier_destroy(v);
            return nullptr;
        }
    }
    for (const json::Value &a : d["actions"].array) {
        std::vector<const char *> issuers;
        for (const json::Value &i : a["issuers"].array) issuers.push_back(i.str().c_str());
        int scope = a["scope"].str() == "crossDevice" ? CKEY_ACTION_CROSS_DEVICE : CKEY_ACTION_SAME_DEVICE;
        if (ckey_action_verifier_register(v, a["name"].str().c_str(), issuers.data(), issuers.size(), scope) != CKEY_OK) {
            ckey_action_verifier_destroy(v);
            return nullptr;
        }
    }
    return v;
}

// Verifies text; returns the reason name ("verified", "not_a_safe_action", ...).
std::string run(ckey_action_verifier *v, const std::string &text, ckey_action **out = nullptr) {
    ckey_action *action = nullptr;
    int reason = -1;
    int status = ckey_action_verify(v, text.data(), text.size(), doc()["now"].integer(), &action, &reason);
    std::string name = ckey_action_reason_string(reason);
    if (status == CKEY_ACTION_REJECTED && action != nullptr) name = "rejected with an action";
    if (status == CKEY_OK && reason == CKEY_ACTION_VERIFIED && action == nullptr) name = "verified without an action";
    if (status != CKEY_OK && status != CKEY_ACTION_REJECTED) name = std::string("status ") + ckey_status_string((ckey_status)status);
    if (out != nullptr) *out = action;
    else ckey_action_destroy(action);
    return name;
}

// A scripted reply's body: "body", or "body_hex" for bytes that are not UTF-8.
std::string body_of(const json::Value &reply) {
    if (!reply.has("body_hex")) return reply["body"].str();
    const std::string &hex = reply["body_hex"].str();
    std::string bytes;
    for (size_t i = 0; i + 1 < hex.size(); i += 2) bytes += static_cast<char>(std::stoi(hex.substr(i, 2), nullptr, 16));
    return bytes;
}

}  // namespace

TEST(vector_file_has_the_negative_matrix) {
    std::set<std::string> reasons;
    size_t negative = 0;
    for (const json::Value &c : doc()["cases"].array) {
        std::string expect = c["expect"].str();
        if (expect != "verified" && expect != "not_a_safe_action") {
            ++negative;
            reasons.insert(expect);
        }
    }
    CHECK(negative >= 30);
    CHECK(reasons.size() >= 30);
    CHECK(doc()["request_info_cases"].size() >= 10);
}

TEST(every_case_gives_its_reason) {
    for (const json::Value &c : doc()["cases"].array) {
        ckey_action_verifier *v = make_verifier();
        REQUIRE(v != nullptr);
        if (c.has("before"))
            for (const json::Value &earlier : c["before"].array) CHECK_EQ(run(v, earlier.str()), std::string("verified"));
        ckey_action *action = nullptr;
        std::string got = run(v, c["code"].str(), &action);
        if (got != c["expect"].str()) {
            std::fprintf(stderr, "  case \"%s\": got %s (%s)\n", c["name"].str().c_str(), got.c_str(), ckey_last_error());
        }
        CHECK_EQ(got, c["expect"].str());
        if (action != nullptr && c.has("verified")) {
            ckey_action_info info;
            REQUIRE(ckey_action_get_info(action, &info) == CKEY_OK);
            const json::Value &want = c["verified"];
            if (want.has("issuer")) CHECK_EQ(std::string(info.issuer), want["issuer"].str());
            if (want.has("key_id")) CHECK_EQ(std::string(info.key_id), want["key_id"].str());
            if (want.has("app_id")) CHECK_EQ(std::string(info.app_id), want["app_id"].str());
            if (want.has("name")) CHECK_EQ(std::string(info.name), want["name"].str());
            if (want.has("params")) CHECK_EQ(std::string(info.params, info.params_length), want["params"].str());
            if (want.has("scope"))
                CHECK_EQ(info.scope, want["scope"].str() == "crossDevice" ? CKEY_ACTION_CROSS_DEVICE : CKEY_ACTION_SAME_DEVICE);
            if (want.has("iat")) CHECK_EQ((long long)info.issued_at, want["iat"].integer());
            if (want.has("nbf")) CHECK_EQ((long long)info.not_before, want["nbf"].integer());
            if (want.has("exp")) CHECK_EQ((long long)info.expires, want["exp"].integer());
            if (want.has("nonce")) CHECK_EQ(std::string(info.nonce), want["nonce"].str());
            if (want.has("request_id")) {
                REQUIRE(info.request_id != nullptr);
                CHECK_EQ(std::string(info.request_id), want["request_id"].str());
            }
        }
        ckey_action_destroy(action);
        ckey_action_verifier_destroy(v);
    }
}

TEST(rejections_leave_a_message_naming_the_reason) {
    ckey_action_verifier *v = make_verifier();
    REQUIRE(v != nullptr);
    for (const json::Value &c : doc()["cases"].array) {
        if (c["expect"].str() != "expired") continue;
        CHECK_EQ(run(v, c["code"].str()), std::string("expired"));
        std::string message = ckey_last_error();
        CHECK(message.find("expired") != std::string::npos);
        CHECK(message.find("1800000000") != std::string::npos);
    }
    ckey_action_verifier_destroy(v);
}

TEST(request_info_cases_through_the_core) {
    for (const json::Value &c : doc()["request_info_cases"].array) {
        ckey_action_verifier *v = make_verifier();
        REQUIRE(v != nullptr);
        ckey_action *action = nullptr;
        REQUIRE(run(v, c["code"].str(), &action) == "verified");
        char *url = nullptr;
        int reason = -1;
        CHECK_EQ(ckey_action_request_info_url(action, &url, &reason), (int)CKEY_OK);
        CHECK_EQ(std::string(url ? url : ""), c["url"].str());
        ckey_free(url);
        const json::Value &reply = c["reply"];
        std::string kind = reply["kind"].str();
        std::string expect = c["expect"].str();
        if (kind == "redirect") {
            CHECK_EQ(ckey_action_request_info_check_redirect(action, reply["location"].str().c_str(), &reason),
                     (int)CKEY_ACTION_REJECTED);
            CHECK_EQ(std::string(ckey_action_reason_string(reason)), expect);
        } else if (kind == "body" && reply["status"].integer() == 200) {
            const std::string body = body_of(reply);
            char *requester = nullptr, *location = nullptr;
            int status = ckey_action_request_info_parse(action, body.data(), body.size(), &requester, &location, &reason);
            if (std::string(ckey_action_reason_string(reason)) != expect)
                std::fprintf(stderr, "  case \"%s\": %s\n", c["name"].str().c_str(), ckey_last_error());
            CHECK_EQ(std::string(ckey_action_reason_string(reason)), expect);
            if (expect == "verified") {
                CHECK_EQ(status, (int)CKEY_OK);
                CHECK_EQ(std::string(requester ? requester : ""), c["requester"].str());
                CHECK_EQ(std::string(location ? location : ""), c.has("location") ? c["location"].str() : std::string());
            } else {
                CHECK_EQ(status, (int)CKEY_ACTION_REJECTED);
                CHECK(requester == nullptr);
            }
            ckey_free(requester);
            ckey_free(location);
        }
        // Transport outcomes (failure, timeout, non-200) are the SDK's; the Swift suite runs them.
        ckey_action_destroy(action);
        ckey_action_verifier_destroy(v);
    }
}

TEST(allowed_redirects_stay_on_the_pinned_host) {
    ckey_action_verifier *v = make_verifier();
    REQUIRE(v != nullptr);
    ckey_action *action = nullptr;
    REQUIRE(run(v, doc()["request_info_cases"][0]["code"].str(), &action) == "verified");
    for (const json::Value &url : doc()["allowed_redirects"].array) {
        int reason = -1;
        CHECK_EQ(ckey_action_request_info_check_redirect(action, url.str().c_str(), &reason), (int)CKEY_OK);
        CHECK_EQ(reason, (int)CKEY_ACTION_VERIFIED);
    }
    ckey_action_destroy(action);
    ckey_action_verifier_destroy(v);
}

TEST(refused_redirects_name_the_byte_that_is_not_a_url_character) {
    ckey_action_verifier *v = make_verifier();
    REQUIRE(v != nullptr);
    ckey_action *action = nullptr;
    REQUIRE(run(v, doc()["request_info_cases"][0]["code"].str(), &action) == "verified");
    CHECK(doc()["refused_redirects"].size() >= 15);
    for (const json::Value &c : doc()["refused_redirects"].array) {
        int reason = -1;
        int status = ckey_action_request_info_check_redirect(action, c["url"].str().c_str(), &reason);
        std::string message = ckey_last_error();
        if (status != CKEY_ACTION_REJECTED) std::fprintf(stderr, "  redirect \"%s\" allowed\n", c["name"].str().c_str());
        CHECK_EQ(status, (int)CKEY_ACTION_REJECTED);
        CHECK_EQ(reason, (int)CKEY_ACTION_REQUEST_INFO_REDIRECT);
        CHECK(message.find("RFC 3986 characters only") != std::string::npos);
    }
    ckey_action_destroy(action);
    ckey_action_verifier_destroy(v);
}

TEST(same_device_action_has_no_request_info) {
    ckey_action_verifier *v = make_verifier();
    REQUIRE(v != nullptr);
    ckey_action *action = nullptr;
    REQUIRE(run(v, doc()["cases"][0]["code"].str(), &action) == "verified");
    char *url = nullptr;
    int reason = -1;
    CHECK_EQ(ckey_action_request_info_url(action, &url, &reason), (int)CKEY_ACTION_REJECTED);
    CHECK_EQ(reason, (int)CKEY_ACTION_REQUEST_INFO_UNAVAILABLE);
    CHECK(url == nullptr);
    ckey_action_destroy(action);
    ckey_action_verifier_destroy(v);
}
