// Threading as include/ckey/actions.h states it: separate verifiers are
// independent (one per thread here, verifying the same vectors at once), and
// a verified ckey_action is immutable, so many threads may read one. Run it
// under CKEY_SANITIZE=thread to have ThreadSanitizer hold the code to that.
#include "check.hpp"
#include "json.hpp"

#include <ckey/ckey.h>

#include <atomic>
#include <string>
#include <thread>
#include <vector>

namespace {

const json::Value &doc() {
    static const json::Value value = json::parse_file(check::source_path("spec/vectors/safe-actions.json"));
    return value;
}

ckey_action_verifier *make_verifier() {
    ckey_action_verifier *v = nullptr;
    ckey_action_verifier_create(doc()["app_id"].str().c_str(), &v);
    for (const json::Value &k : doc()["keys"].array)
        ckey_action_verifier_trust(v, k["issuer"].str().c_str(), k["key_id"].str().c_str(), k["public_key_hex"].str().c_str(),
                                   k["request_info"].is_null() ? nullptr : k["request_info"].str().c_str());
    for (const json::Value &a : doc()["actions"].array) {
        std::vector<const char *> issuers;
        for (const json::Value &i : a["issuers"].array) issuers.push_back(i.str().c_str());
        ckey_action_verifier_register(v, a["name"].str().c_str(), issuers.data(), issuers.size(),
                                      a["scope"].str() == "crossDevice" ? 1 : 0);
    }
    return v;
}

}  // namespace

TEST(one_verifier_per_thread_gives_every_thread_the_same_results) {
    const json::Value &cases = doc()["cases"];
    std::atomic<int> mismatches{0};
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; ++t) {
        threads.emplace_back([&] {
            for (const json::Value &c : cases.array) {
                if (c.has("before")) continue;  // replay cases need their own verifier state
                ckey_action_verifier *v = make_verifier();
                ckey_action *action = nullptr;
                int reason = -1;
                const std::string &code = c["code"].str();
                ckey_action_verify(v, code.data(), code.size(), doc()["now"].integer(), &action, &reason);
                if (c["expect"].str() != ckey_action_reason_string(reason)) ++mismatches;
                ckey_action_destroy(action);
                ckey_action_verifier_destroy(v);
            }
        });
    }
    for (auto &thread : threads) thread.join();
    CHECK_EQ(mismatches.load(), 0);
}

TEST(many_threads_read_one_action) {
    ckey_action_verifier *v = make_verifier();
    REQUIRE(v != nullptr);
    const std::string &code = doc()["request_info_cases"][0]["code"].str();
    ckey_action *action = nullptr;
    int reason = -1;
    REQUIRE(ckey_action_verify(v, code.data(), code.size(), doc()["now"].integer(), &action, &reason) == CKEY_OK);
    const std::string body = doc()["request_info_cases"][0]["reply"]["body"].str();
    std::atomic<int> failures{0};
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; ++t) {
        threads.emplace_back([&] {
            for (int i = 0; i < 200; ++i) {
                ckey_action_info info;
                char *url = nullptr, *requester = nullptr, *location = nullptr;
                int r = 0;
                if (ckey_action_get_info(action, &info) != CKEY_OK || std::string(info.request_id) != "req_7Hq2-x") ++failures;
                if (ckey_action_request_info_url(action, &url, &r) != CKEY_OK) ++failures;
                if (ckey_action_request_info_parse(action, body.data(), body.size(), &requester, &location, &r) != CKEY_OK)
                    ++failures;
                if (ckey_action_request_info_check_redirect(action, "https://evil.example/", &r) != CKEY_ACTION_REJECTED)
                    ++failures;
                ckey_free(url);
                ckey_free(requester);
                ckey_free(location);
            }
        });
    }
    for (auto &thread : threads) thread.join();
    CHECK_EQ(failures.load(), 0);
    ckey_action_destroy(action);
    ckey_action_verifier_destroy(v);
}
