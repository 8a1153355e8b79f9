// Mode 2, the segmented encodation (spec 7.4-7.6): the dynamic programme
// against a brute-force optimum, round trips from every alphabet up to
// capacity with errors and erasures, the stream vectors, and the rule that
// no payload needs a larger version than bytes or text40 alone would.
#include "check.hpp"
#include "json.hpp"

#include "codec/blocks.hpp"
#include "codec/decode.hpp"
#include "codec/encodation.hpp"
#include "codec/field.hpp"
#include "codec/symbol.hpp"

#include <algorithm>
#include <cstring>
#include <random>
#include <string>
#include <vector>

namespace {

using ckey::SubMode;

// Character pools: each sub-mode's own characters, and some outside all.
const char *const kDigits = "0123456789";
const char *const kLower = "abcdefghijklmnopqrstuvwxyz-./:";
const char *const kQuery = "_?=&%~#+";
const char *const kMixedOnly = "ABCDEFGHIJKLMNOPQRSTUVWXYZ@!*,; ";
const char *const kBytesOnly = "\"$'()<>[]\\^`{|}\x7F\xC3\xA9\x01";

std::vector<uint8_t> draw(std::mt19937 &rng, size_t length, const std::vector<const char *> &pools) {
    std::vector<uint8_t> out(length);
    for (auto &b : out) {
        const char *pool = pools[rng() % pools.size()];
        b = static_cast<uint8_t>(pool[rng() % std::strlen(pool)]);
    }
    return out;
}

const std::vector<std::vector<const char *>> &pool_mixes() {
    static const std::vector<std::vector<const char *>> mixes{
        {kDigits}, {kLower}, {kQuery}, {kMixedOnly}, {kBytesOnly}, {kDigits, kLower}, {kLower, kQuery},
        {kDigits, kMixedOnly}, {kLower, kMixedOnly}, {kLower, kBytesOnly},
        {kDigits, kLower, kQuery, kMixedOnly, kBytesOnly}};
    return mixes;
}

// Cost of one per-character assignment, straight from spec 7.4.5.
size_t assignment_bits(const std::vector<int> &modes, int d) {
    size_t bits = 2 + 2 + 32;
    for (size_t i = 0; i < modes.size();) {
        size_t j = i;
        while (j < modes.size() && modes[j] == modes[i]) ++j;
        const SubMode m = SubMode(modes[i]);
        static const int code_bits[ckey::kSubModes] = {2, 2, 3, 2, 4};  // spec 7.4.2
        bits += static_cast<size_t>(code_bits[modes[i]] + ckey::count_width(m, d)) + ckey::segment_data_bits(m, j - i) + 1;
        i = j;
    }
    return bits;
}

struct Best {
    size_t bits = SIZE_MAX;
    std::vector<int> modes;
};

// Every assignment of sub-modes whose alphabet holds each character.
void brute_force(const uint8_t *r, size_t n, int d, std::vector<int> &modes, Best &best) {
    if (modes.size() == n) {
        size_t bits = assignment_bits(modes, d);
        if (bits < best.bits || (bits == best.bits && modes < best.modes)) best = {bits, modes};
        return;
    }
    for (int t = 0; t < ckey::kSubModes; ++t) {
        if (ckey::sub_mode_value(SubMode(t), r[modes.size()]) < 0) continue;
        modes.push_back(t);
        brute_force(r, n, d, modes, best);
        modes.pop_back();
    }
}

std::vector<int> modes_of(const ckey::Segmentation &plan, size_t skip, size_t n) {
    std::vector<int> modes(n, -1);
    for (const ckey::DataSegment &s : plan.segments)
        for (size_t i = 0; i < s.length; ++i) modes[s.start - skip + i] = static_cast<int>(s.mode);
    return modes;
}

std::vector<uint8_t> darkness_of(const ckey::Symbol &s) {
    std::vector<uint8_t> d(s.modules.size());
    for (size_t i = 0; i < d.size(); ++i) d[i] = (s.modules[i] & 1) ? 255 : 0;
    return d;
}

std::vector<uint8_t> from_hex(const std::string &hex) {
    std::vector<uint8_t> out;
    for (size_t i = 0; i + 1 < hex.size(); i += 2) out.push_back(static_cast<uint8_t>(std::stoi(hex.substr(i, 2), nullptr, 16)));
    return out;
}

}  // namespace

TEST(dp_equals_brute_force_up_to_12_characters) {
    std::mt19937 rng(11);
    int compared = 0;
    for (int d : {14, 26, 200, 4167})
        for (const auto &mix : pool_mixes())
            for (size_t n = 1; n <= 12; ++n) {
                // All-digit strings of 12 have 4^12 assignments: the longest at one D only.
                const int trials = n <= 8 ? 4 : n <= 10 || d == 26 ? 1 : 0;
                for (int t = 0; t < trials; ++t) {
                    auto r = draw(rng, n, mix);
                    ckey::Segmentation plan = ckey::plan_segments(r.data(), r.size(), d);
                    REQUIRE(plan.prefix == 0);
                    Best best;
                    std::vector<int> modes;
                    brute_force(r.data(), n, d, modes, best);
                    CHECK_EQ(plan.bits, best.bits);
                    CHECK(modes_of(plan, 0, n) == best.modes);
                    ++compared;
                }
            }
    CHECK(compared > 500);
}

TEST(longest_prefix_is_never_dearer) {
    std::mt19937 rng(12);
    const char *prefixes[] = {"https://www.", "https://", "http://"};
    for (int trial = 0; trial < 300; ++trial) {
        const std::string prefix = prefixes[trial % 3];
        auto tail = draw(rng, 1 + rng() % 9, pool_mixes()[rng() % pool_mixes().size()]);
        std::vector<uint8_t> payload(prefix.begin(), prefix.end());
        payload.insert(payload.end(), tail.begin(), tail.end());
        const int d = trial % 2 ? 26 : 300;
        ckey::Segmentation plan = ckey::plan_segments(payload.data(), payload.size(), d);
        CHECK_EQ(std::string(ckey::prefix_text(plan.prefix)), prefix);
        // The prefix's characters cost nothing beyond the 2-bit field every stream has.
        ckey::Segmentation rest = ckey::plan_segments(tail.data(), tail.size(), d);
        CHECK_EQ(rest.prefix, 0);
        CHECK_EQ(plan.bits, rest.bits);
        CHECK(plan.bits < ckey::plan_segments(payload.data() + 1, payload.size() - 1, d).bits);
    }
    // A payload that is exactly a prefix takes no prefix (the remainder may not be empty).
    const std::string bare = "https://";
    ckey::Segmentation plan = ckey::plan_segments(reinterpret_cast<const uint8_t *>(bare.data()), bare.size(), 26);
    CHECK_EQ(plan.prefix, 0);
}

TEST(round_trips_from_every_alphabet_to_capacity_with_damage) {
    std::mt19937 rng(13);
    int segmented = 0;
    for (int trial = 0; trial < 400; ++trial) {
        const int version = 1 + static_cast<int>(rng() % 12), level = static_cast<int>(rng() % 4);
        const int layout = static_cast<int>(rng() % 2);
        const int d = ckey::data_codewords(0, version, level, layout);
        const auto &mix = pool_mixes()[trial % pool_mixes().size()];
        // Every third payload grows until one more character would not fit: at capacity.
        std::vector<uint8_t> payload;
        if (trial % 5 == 0) payload = {'h', 't', 't', 'p', ':', '/', '/'};
        const size_t target = trial % 3 == 0 ? SIZE_MAX : payload.size() + 1 + rng() % 60;
        while (payload.size() < target) {
            auto next = payload;
            next.push_back(draw(rng, 1, mix)[0]);
            if (ckey::plan_encodation(next.data(), next.size(), d).bits > static_cast<size_t>(d) * 8) break;
            payload = std::move(next);
        }
        auto s = ckey::encode_symbol(payload.data(), payload.size(), {0, version, level, layout});
        segmented += s.encodation == ckey::Encodation::segmented;
        // Up to E/2 errors or E erasures in block 0.
        const auto &f = ckey::field_layout(0, version, layout);
        auto order = ckey::interleave_order(s.plan);
        std::vector<int> block0;
        for (size_t k = 0; k < order.size(); ++k)
            if (order[k].first == 0) block0.push_back(static_cast<int>(k));
        std::shuffle(block0.begin(), block0.end(), rng);
        const bool erase = trial % 2 == 1;
        const int e = s.plan.parity_per_block, count = erase ? e : e / 2;
        auto dark = darkness_of(s);
        for (int j = 0; j < count; ++j) {
            int index = f.data_order[block0[j] * 8 + static_cast<int>(rng() % 8)];
            dark[index] = erase ? 128 : (dark[index] ? 0 : 255);
        }
        auto result = ckey::decode_modules({0, version, level, layout, s.mask}, dark.data(), dark.size());
        REQUIRE(result.ok);
        CHECK(result.payload == payload);
        CHECK(result.encodation == s.encodation);
    }
    CHECK(segmented > 300);
}

TEST(stream_vectors) {
    const json::Value doc = json::parse_file(check::source_path("spec/vectors/streams.json"));
    const json::Value &all = doc["vectors"];
    CHECK(all.size() >= 20);
    int accepted = 0, rejected = 0;
    for (const json::Value &v : all.array) {
        auto stream = from_hex(v["stream_hex"].str());
        CHECK_EQ(stream.size(), static_cast<size_t>(v["data_codewords"].integer()));
        std::vector<uint8_t> payload;
        ckey::Encodation encodation;
        const bool ok = ckey::parse_stream(stream.data(), stream.size(), payload, encodation);
        if (v["expect"].kind == json::Value::Kind::string) {
            if (ok) std::printf("  %s was accepted; the spec rejects it\n", v["name"].str().c_str());
            CHECK(!ok);
            ++rejected;
        } else {
            if (!ok) std::printf("  %s was rejected\n", v["name"].str().c_str());
            REQUIRE(ok);
            CHECK(payload == from_hex(v["expect"]["payload_hex"].str()));
            ++accepted;
        }
    }
    CHECK(accepted >= 10 && rejected >= 10);
}

TEST(no_payload_needs_a_larger_version_than_bytes_or_text40) {
    std::mt19937 rng(14);
    for (int trial = 0; trial < 300; ++trial) {
        const int level = static_cast<int>(rng() % 4);
        auto payload = draw(rng, 1 + rng() % 400, pool_mixes()[trial % pool_mixes().size()]);
        const size_t old_bits = ckey::text40_fits(payload.data(), payload.size())
                                    ? ckey::stream_bits(ckey::Encodation::text40, payload.size())
                                    : ckey::stream_bits(ckey::Encodation::bytes, payload.size());
        int old_version = 0;
        for (int v = 31; v >= 1; --v)
            if (old_bits <= static_cast<size_t>(ckey::data_codewords(0, v, level, 0)) * 8) old_version = v;
        if (old_version == 0) continue;
        auto s = ckey::encode_symbol(payload.data(), payload.size(), {0, 0, level, 0});
        CHECK(s.version <= old_version);
    }
}
