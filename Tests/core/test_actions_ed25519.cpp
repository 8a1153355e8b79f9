// The Ed25519 seam: RFC 8032 section 7.1 vectors through the installed
// (OpenSSL) backend, and the strict byte rules from
// spec/vectors/ed25519-rfc8032.json that every backend gets.
#include "check.hpp"
#include "json.hpp"

#include "actions/ed25519.hpp"

#include <string>
#include <vector>

using namespace ckey::actions;

namespace {

const json::Value &doc() {
    static const json::Value value = json::parse_file(check::source_path("spec/vectors/ed25519-rfc8032.json"));
    return value;
}

std::vector<uint8_t> hex(const std::string &text) {
    std::vector<uint8_t> out;
    for (size_t i = 0; i + 1 < text.size(); i += 2) out.push_back(static_cast<uint8_t>(std::stoi(text.substr(i, 2), nullptr, 16)));
    return out;
}

const char *name(SignatureCheck check) {
    switch (check) {
    case SignatureCheck::valid: return "valid";
    case SignatureCheck::invalid: return "invalid";
    case SignatureCheck::s_not_reduced: return "s_not_reduced";
    case SignatureCheck::r_not_canonical: return "r_not_canonical";
    case SignatureCheck::r_small_order: return "r_small_order";
    }
    return "?";
}

const char *name(KeyCheck check) {
    switch (check) {
    case KeyCheck::ok: return "ok";
    case KeyCheck::not_canonical: return "not_canonical";
    case KeyCheck::small_order: return "small_order";
    }
    return "?";
}

// A backend that records calls, to show the strict rules run before it.
class CountingBackend final : public Ed25519Backend {
public:
    mutable int verifies = 0;
    bool verify(const uint8_t *, const uint8_t *, size_t, const uint8_t *) const override {
        ++verifies;
        return true;
    }
    void public_key(const uint8_t *, uint8_t out[32]) const override { std::fill(out, out + 32, 0x42); }
    void sign(const uint8_t *, const uint8_t *, size_t, uint8_t out[64]) const override { std::fill(out, out + 64, 0); }
    void random(uint8_t *out, size_t n) const override { std::fill(out, out + n, 7); }
};

}  // namespace

TEST(rfc8032_vectors_sign_and_verify) {
    const json::Value &rfc = doc()["rfc8032"];
    CHECK_EQ(rfc.size(), size_t(5));
    for (const json::Value &v : rfc.array) {
        auto seed = hex(v["secret_key_hex"].str());
        auto pub = hex(v["public_key_hex"].str());
        auto msg = hex(v["message_hex"].str());
        auto sig = hex(v["signature_hex"].str());
        REQUIRE(seed.size() == 32 && pub.size() == 32 && sig.size() == 64);
        uint8_t derived[32], made[64];
        ed25519_backend().public_key(seed.data(), derived);
        CHECK(std::equal(derived, derived + 32, pub.begin()));
        ed25519_backend().sign(seed.data(), msg.data(), msg.size(), made);
        CHECK(std::equal(made, made + 64, sig.begin()));
        CHECK_EQ(std::string(name(verify_strict(pub.data(), msg.data(), msg.size(), sig.data()))), std::string("valid"));
        // Any single bit flip in the signature or message fails.
        sig[5] ^= 0x10;
        CHECK_EQ(std::string(name(verify_strict(pub.data(), msg.data(), msg.size(), sig.data()))), std::string("invalid"));
        sig[5] ^= 0x10;
        msg.push_back(0);
        CHECK_EQ(std::string(name(verify_strict(pub.data(), msg.data(), msg.size(), sig.data()))), std::string("invalid"));
    }
}

TEST(strict_signature_rules) {
    for (const json::Value &v : doc()["strict_signatures"].array) {
        auto pub = hex(v["public_key_hex"].str());
        auto msg = hex(v["message_hex"].str());
        auto sig = hex(v["signature_hex"].str());
        std::string got = name(verify_strict(pub.data(), msg.data(), msg.size(), sig.data()));
        if (got != v["expect"].str()) std::fprintf(stderr, "  %s: got %s\n", v["name"].str().c_str(), got.c_str());
        CHECK_EQ(got, v["expect"].str());
    }
}

TEST(strict_key_rules) {
    for (const json::Value &v : doc()["strict_keys"].array) {
        auto pub = hex(v["public_key_hex"].str());
        CHECK_EQ(std::string(name(check_public_key(pub.data()))), v["expect"].str());
    }
    // Every entry of the small-order table, with either sign bit.
    for (const json::Value &h : doc()["small_order_masked"].array) {
        auto p = hex(h.str());
        CHECK(point_has_small_order(p.data()));
        p[31] |= 0x80;
        CHECK(point_has_small_order(p.data()));
    }
}

TEST(scalar_bound_is_exact) {
    // L - 1 is reduced, L is not.
    uint8_t s[32] = {0xec, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7, 0xa2, 0xde, 0xf9, 0xde, 0x14,
                     0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x10};
    CHECK(scalar_is_reduced(s));
    s[0] = 0xed;
    CHECK(!scalar_is_reduced(s));
    uint8_t zero[32] = {0};
    CHECK(scalar_is_reduced(zero));
}

TEST(canonical_encoding_bound_is_exact) {
    uint8_t y[32];
    std::fill(y, y + 32, 0xff);
    y[31] = 0x7f;
    y[0] = 0xec;  // p - 1
    CHECK(point_encoding_is_canonical(y));
    y[0] = 0xed;  // p
    CHECK(!point_encoding_is_canonical(y));
    y[31] = 0xff;  // sign bit does not change the y bound
    CHECK(!point_encoding_is_canonical(y));
}

TEST(installed_backend_runs_after_the_strict_rules) {
    CountingBackend counting;
    set_ed25519_backend(&counting);
    auto pub = hex(doc()["rfc8032"][0]["public_key_hex"].str());
    uint8_t sig[64] = {1};  // R = identity: small order
    CHECK(verify_strict(pub.data(), nullptr, 0, sig) == SignatureCheck::r_small_order);
    CHECK_EQ(counting.verifies, 0);
    uint8_t good_r[64] = {0};
    auto real = hex(doc()["rfc8032"][0]["signature_hex"].str());
    std::copy(real.begin(), real.end(), good_r);
    CHECK(verify_strict(pub.data(), nullptr, 0, good_r) == SignatureCheck::valid);
    CHECK_EQ(counting.verifies, 1);
    set_ed25519_backend(nullptr);
    CHECK(&ed25519_backend() == &openssl_ed25519_backend());
}
