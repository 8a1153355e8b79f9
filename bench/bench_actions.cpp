// Safe Action verification timings: a full successful verify (decode, strict
// Ed25519 through the installed backend, claims, replay set), a bad
// signature, and an early rejection (bad prefix). Prints microseconds per
// code: median of 7 runs over 1000 distinct codes each.
#include <ckey/ckey.h>
#include "actions/reason.hpp"
#include "actions/signer.hpp"
#include "actions/verifier.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

using namespace ckey::actions;

namespace {

const int64_t kNow = 1800000000;
const int kCodes = 1000;

std::string public_hex(const Seed &seed) {
    char *pub = nullptr, *kid = nullptr;
    ckey_action_key_public(private_key_pem(seed).c_str(), &pub, &kid);
    std::string out = pub;
    ckey_free(pub);
    ckey_free(kid);
    return out;
}

template <class Body>
double median_us(Body &&body) {
    std::vector<double> runs;
    for (int run = 0; run < 7; ++run) {
        auto start = std::chrono::steady_clock::now();
        body(run);
        runs.push_back(std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start).count() / kCodes);
    }
    std::sort(runs.begin(), runs.end());
    return runs[3];
}

}  // namespace

int main() {
    Seed seed;
    seed.fill(1);
    std::string hex = public_hex(seed);
    std::vector<std::vector<std::string>> codes(7);
    for (int run = 0; run < 7; ++run)
        for (int i = 0; i < kCodes; ++i)
            codes[run].push_back(sign_action(
                seed, ckey::cat(R"({"iss":"citeory.com","kid":"k1","app":"com.viadere","act":"open.library",)",
                                R"("params":"item=)", i, R"(","scope":"sameDevice","iat":)", kNow, R"(,"nbf":)", kNow,
                                R"(,"exp":)", kNow + 300, R"(,"nonce":"bench-nonce-)", run, "-", i + 100000, R"("})")));
    auto make = [&] {
        Verifier v("com.viadere");
        v.trust("citeory.com", "k1", hex, nullptr);
        v.register_action("open.library", {"citeory.com"}, CKEY_ACTION_SAME_DEVICE);
        return v;
    };
    int failures = 0;
    double ok = median_us([&](int run) {
        Verifier v = make();
        for (const std::string &code : codes[run]) {
            try { v.verify(code, kNow); } catch (const Rejection &) { ++failures; }
        }
    });
    double bad = median_us([&](int run) {
        Verifier v = make();
        for (std::string code : codes[run]) {
            code[code.size() - 20] = code[code.size() - 20] == 'A' ? 'B' : 'A';
            try { v.verify(code, kNow); ++failures; } catch (const Rejection &) {}
        }
    });
    double early = median_us([&](int run) {
        Verifier v = make();
        for (std::string code : codes[run]) {
            code[0] = 'C';
            try { v.verify(code, kNow); ++failures; } catch (const Rejection &) {}
        }
    });
    std::printf("verify, success          %8.2f us/code\n", ok);
    std::printf("verify, bad signature    %8.2f us/code\n", bad);
    std::printf("verify, bad prefix       %8.2f us/code\n", early);
    std::printf("code length              %8zu bytes\n", codes[0][0].size());
    if (failures != 0) std::printf("UNEXPECTED: %d codes gave the wrong result\n", failures);
    return failures == 0 ? 0 : 1;
}
