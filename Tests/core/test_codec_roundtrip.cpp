// Module-level round trips: every profile, version, level and layout, random
// payloads from empty to capacity, random errors and erasures.
#include "check.hpp"

#include <ckey/ckey.h>

#include "codec/blocks.hpp"
#include "codec/decode.hpp"
#include "codec/field.hpp"
#include "codec/format.hpp"
#include "codec/golay.hpp"
#include "core/error.hpp"
#include "codec/symbol.hpp"

#include <algorithm>
#include <cstdio>
#include <random>
#include <vector>

namespace {

std::vector<uint8_t> random_payload(std::mt19937 &rng, size_t length, bool text40) {
    std::vector<uint8_t> out(length);
    for (auto &b : out) b = text40 ? static_cast<uint8_t>("abcdefghijklmnopqrstuvwxyz0123456789-./:"[rng() % 40])
                                   : static_cast<uint8_t>(rng());
    return out;
}

std::vector<uint8_t> darkness_of(const ckey::Symbol &s) {
    std::vector<uint8_t> d(s.modules.size());
    for (size_t i = 0; i < d.size(); ++i) d[i] = (s.modules[i] & 1) ? 255 : 0;
    return d;
}

ckey::FormatInfo params_of(const ckey::Symbol &s) { return {s.profile, s.version, s.level, s.layout, s.mask}; }

// Damage whole codewords' worth of modules: flips errors and marks erasures.
void damage(std::mt19937 &rng, const ckey::Symbol &s, std::vector<uint8_t> &d, int flips, int erase) {
    const auto &f = ckey::field_layout(s.profile, s.version, s.layout);
    for (int i = 0; i < flips; ++i) {
        int index = f.data_order[rng() % f.data_order.size()];
        d[index] = d[index] ? 0 : 255;
    }
    for (int i = 0; i < erase; ++i) d[f.data_order[rng() % f.data_order.size()]] = 128;
}

}  // namespace

TEST(profile0_every_version_level_layout) {
    std::mt19937 rng(1);
    for (int layout = 0; layout < 2; ++layout)
        for (int level = 0; level < 4; ++level)
            for (int version = 1; version <= 31; ++version) {
                size_t cap = ckey::capacity_bytes(0, version, level, layout);
                for (size_t length : {size_t{0}, size_t{1}, cap / 2, cap}) {
                    auto payload = random_payload(rng, length, rng() % 3 == 0);
                    auto s = ckey::encode_symbol(payload.data(), payload.size(), {0, version, level, layout});
                    CHECK_EQ(s.version, version);
                    auto d = darkness_of(s);
                    auto result = ckey::decode_modules(params_of(s), d.data(), d.size());
                    REQUIRE(result.ok);
                    CHECK(result.payload == payload);
                    CHECK_EQ(result.errors, 0);
                }
            }
}

TEST(profile0_corrects_errors_up_to_limit) {
    std::mt19937 rng(2);
    for (int trial = 0; trial < 300; ++trial) {
        int version = 1 + static_cast<int>(rng() % 31), level = static_cast<int>(rng() % 4);
        int layout = static_cast<int>(rng() % 2);
        size_t cap = ckey::capacity_bytes(0, version, level, layout);
        auto payload = random_payload(rng, rng() % (cap + 1), false);
        auto s = ckey::encode_symbol(payload.data(), payload.size(), {0, version, level, layout});
        const auto &f = ckey::field_layout(0, version, layout);
        auto order = ckey::interleave_order(s.plan);
        int e = s.plan.parity_per_block;
        // Corrupt whole codewords: up to e/2 errors, or e erasures, in block 0.
        std::vector<int> block0;
        for (size_t k = 0; k < order.size(); ++k)
            if (order[k].first == 0) block0.push_back(static_cast<int>(k));
        std::shuffle(block0.begin(), block0.end(), rng);
        bool use_erasures = trial % 2 == 1;
        int count = use_erasures ? e : e / 2;
        auto d = darkness_of(s);
        for (int j = 0; j < count; ++j) {
            int k = block0[j];
            int bit = static_cast<int>(rng() % 8);
            int index = f.data_order[k * 8 + bit];
            d[index] = use_erasures ? 128 : (d[index] ? 0 : 255);
        }
        auto result = ckey::decode_modules(params_of(s), d.data(), d.size());
        REQUIRE(result.ok);
        CHECK(result.payload == payload);
        CHECK(result.correction_margin >= 0);
    }
}

TEST(profile0_beyond_limit_fails_cleanly) {
    std::mt19937 rng(3);
    int wrong = 0, failed = 0;
    for (int trial = 0; trial < 200; ++trial) {
        int version = 1 + static_cast<int>(rng() % 10);
        auto payload = random_payload(rng, 10, false);
        auto s = ckey::encode_symbol(payload.data(), payload.size(), {0, version, 0, 0});
        auto d = darkness_of(s);
        damage(rng, s, d, static_cast<int>(s.modules.size() / 3), 0);
        auto result = ckey::decode_modules(params_of(s), d.data(), d.size());
        if (result.ok && result.payload != payload) ++wrong;
        if (!result.ok) ++failed;
    }
    CHECK_EQ(wrong, 0);
    CHECK(failed > 190);
}

TEST(fixed_profiles_round_trip) {
    std::mt19937 rng(4);
    for (int profile : {1, 2, 3}) {
        size_t cap = ckey::capacity_bytes(profile, 0, 0, 0);
        for (int trial = 0; trial < 20; ++trial) {
            size_t length = profile == 1 ? 4 : 1 + rng() % cap;
            auto payload = random_payload(rng, length, profile == 2);
            auto s = ckey::encode_symbol(payload.data(), payload.size(), {profile, 0, 1, 0});
            auto d = darkness_of(s);
            damage(rng, s, d, profile == 1 ? 2 : 3, 0);
            auto result = ckey::decode_modules(params_of(s), d.data(), d.size());
            REQUIRE(result.ok);
            CHECK(result.payload == payload);
        }
    }
}

TEST(locator_rejects_wrong_orientation_and_heavy_damage) {
    std::mt19937 rng(5);
    int accepted_wrong = 0;
    for (int trial = 0; trial < 5000; ++trial) {
        std::vector<uint8_t> d(64);
        for (auto &v : d) v = (rng() & 1) ? 255 : 0;
        d[0] = 255; d[7] = d[56] = d[63] = 0;
        auto result = ckey::decode_modules({1, 0, 2, 0, 0}, d.data(), 64);
        if (result.ok) ++accepted_wrong;
    }
    // Random cells decode with probability about 1.1e-4 (<= 2 nibble errors).
    CHECK(accepted_wrong <= 5);
}

TEST(locator_reads_one_wrong_corner_with_one_error_fewer) {
    const uint8_t id[4] = {0xC1, 0x5E, 0x07, 0xA9};
    const auto s = ckey::encode_symbol(id, 4, {1, 0, 1, 0});
    const auto &layout = ckey::field_layout(1, 0, 0);
    const std::vector<uint8_t> clean = darkness_of(s);
    REQUIRE(clean.size() == 64u);
    auto decode = [](const std::vector<uint8_t> &d) { return ckey::decode_modules({1, 0, 2, 0, 0}, d.data(), 64); };
    // Flips one cell of each of the first `nibbles` nibbles.
    auto with_errors = [&](std::vector<uint8_t> d, int nibbles) {
        for (int n = 0; n < nibbles; ++n) d[layout.data_order[4 * n + 1]] ^= 0xFF;
        return d;
    };
    for (int corner : {0, 7, 56, 63}) {
        std::vector<uint8_t> d = clean;
        d[corner] ^= 0xFF;
        const auto one = decode(with_errors(d, 1));
        REQUIRE(one.ok);
        CHECK(std::equal(one.payload.begin(), one.payload.end(), id));
        CHECK_EQ(one.errors, 1);
        CHECK(!decode(with_errors(d, 2)).ok);  // all four corners right allow 2
        d[corner == 0 ? 7 : 0] ^= 0xFF;         // a second wrong corner
        CHECK(!decode(d).ok);
    }
    CHECK(decode(with_errors(clean, 2)).ok);
    // Random cells with one wrong corner: a word within one nibble of a
    // codeword, about 8.4e-7 of them (2 nibbles would let through 8.9e-5).
    std::mt19937 rng(6);
    int accepted = 0;
    for (int trial = 0; trial < 50000; ++trial) {
        std::vector<uint8_t> d(64);
        for (auto &v : d) v = (rng() & 1) ? 255 : 0;
        d[0] = 0;
        d[7] = d[56] = d[63] = 0;
        accepted += decode(d).ok;
    }
    CHECK(accepted <= 1);
}

TEST(capacity_targets) {
    CHECK(ckey::capacity_bytes(0, 1, 1, 0) >= 12);
    CHECK(ckey::capacity_bytes(0, 31, 0, 0) >= 2000);
    CHECK(ckey::capacity_bytes(3, 0, 0, 0) >= 4000);
    for (int layout = 0; layout < 2; ++layout)
        for (int level = 0; level < 4; ++level)
            for (int v = 2; v <= 31; ++v)
                CHECK(ckey::capacity_bytes(0, v, level, layout) > ckey::capacity_bytes(0, v - 1, level, layout));
    for (int v = 1; v <= 31; ++v)
        for (int level = 1; level < 4; ++level)
            CHECK(ckey::capacity_bytes(0, v, level, 0) < ckey::capacity_bytes(0, v, level - 1, 0));
}

TEST(refusals_name_value_and_limit) {
    std::vector<uint8_t> big(5000, 'x');
    try {
        ckey::encode_symbol(big.data(), 3000, {0, 31, 3, 0});
        CHECK(false);
    } catch (const ckey::Error &e) {
        CHECK_EQ(e.code(), CKEY_PAYLOAD_TOO_LARGE);
        CHECK(std::string(e.what()).find("3000 bytes") != std::string::npos);
    }
    try {
        ckey::encode_symbol(big.data(), 1, {0, 32, 0, 0});
        CHECK(false);
    } catch (const ckey::Error &e) {
        CHECK_EQ(e.code(), CKEY_VERSION_OUT_OF_RANGE);
    }
    const uint8_t bad_utf8[] = {0xC3, 0x28};
    try {
        ckey::encode_symbol(bad_utf8, 2, {2, 0, 0, 0});
        CHECK(false);
    } catch (const ckey::Error &e) {
        CHECK_EQ(e.code(), CKEY_INVALID_TEXT);
    }
    try {
        ckey::encode_symbol(big.data(), 3, {1, 0, 0, 0});
        CHECK(false);
    } catch (const ckey::Error &e) {
        CHECK_EQ(e.code(), CKEY_INVALID_PARAMETER);
    }
}

TEST(version_zero_picks_smallest) {
    std::vector<uint8_t> p(100, 0xFF);  // outside every character alphabet: bytes
    auto s = ckey::encode_symbol(p.data(), p.size(), {0, 0, 1, 0});
    CHECK(s.version >= 1);
    CHECK(ckey::capacity_bytes(0, s.version, 1, 0) >= 100);
    if (s.version > 1) CHECK(ckey::capacity_bytes(0, s.version - 1, 1, 0) < 100);
    // Upper-case letters pack into the mixed alphabet: the smallest version
    // whose data bits hold the segmented stream, not the byte capacity.
    std::vector<uint8_t> upper(100, 'A');
    auto m = ckey::encode_symbol(upper.data(), upper.size(), {0, 0, 1, 0});
    CHECK(m.encodation == ckey::Encodation::segmented);
    CHECK(m.stream.bits <= static_cast<size_t>(ckey::data_codewords(0, m.version, 1, 0)) * 8);
    CHECK(m.version < s.version);
    if (m.version > 1) {
        const int d = ckey::data_codewords(0, m.version - 1, 1, 0);
        CHECK(ckey::plan_encodation(upper.data(), upper.size(), d).bits > static_cast<size_t>(d) * 8);
    }
}

TEST(format_decodes_in_right_orientation_only) {
    for (uint32_t w = 0; w < 4096; ++w) {
        if (!ckey::format_word_valid(w)) continue;
        auto cells = ckey::format_cells(w);
        uint8_t d[96];
        for (int i = 0; i < 96; ++i) d[i] = cells[i] ? 255 : 0;
        for (int i = 0; i < 12; ++i) d[(i * 37) % 96] ^= 255;  // 12 cells wrong
        auto r = ckey::format_decode(d);
        REQUIRE(r.found);
        CHECK_EQ(r.word, w);
    }
}

TEST(symbol_info_counts_blocks_and_codewords) {
    const uint8_t id[4] = {1, 2, 3, 4};
    // (profile, version, level): the locator's one RS(15,8) block over GF(16);
    // a small and a large Profile 0 symbol; the fixed text profile.
    const int cases[][3] = {{1, 0, 2}, {0, 1, 1}, {0, 24, 1}, {2, 0, 2}};
    for (const auto &c : cases) {
        ckey_symbol *symbol = nullptr;
        REQUIRE(ckey_symbol_encode(id, 4, c[0], c[1], c[2], 0, &symbol) == CKEY_OK);
        ckey_symbol_info info{};
        REQUIRE(ckey_symbol_get_info(symbol, &info) == CKEY_OK);
        std::printf("  profile %d version %d: %d blocks, %d + %d codewords\n", c[0], info.version, info.blocks,
                    info.data_codewords, info.ec_codewords);
        CHECK(info.blocks >= 1);
        if (c[0] == 1) {
            CHECK_EQ(info.blocks, 1);
            CHECK_EQ(info.data_codewords, 8);
            CHECK_EQ(info.ec_codewords, 7);
        }
        if (c[1] == 24) CHECK(info.blocks > 1);
        ckey_symbol_destroy(symbol);
    }
}

TEST(golay_decode_corrects_three_errors_and_refuses_four) {
    std::mt19937 rng(5);
    for (int trial = 0; trial < 3000; ++trial) {
        const uint32_t info = rng() & 0xFFF, codeword = ckey::golay_encode(info);
        const int weight = trial % 5;
        uint32_t error = 0;
        while (__builtin_popcount(error) < weight) error |= 1u << (rng() % 24);
        uint32_t decoded = 0;
        const int errors = ckey::golay_decode(codeword ^ error, decoded);
        if (weight <= 3) {
            CHECK_EQ(errors, weight);
            CHECK_EQ(decoded, codeword);
        } else {
            CHECK_EQ(errors, -1);  // 4 errors: detected, never miscorrected
        }
    }
}

// Wrong cells placed at each rule's limit, with as few as possible on the
// best side: the decoder's Golay screen must still let every one through.
TEST(format_decode_reads_bands_at_each_rule_limit) {
    std::mt19937 rng(11);
    // Wrong cells per side: all four sides (14), three sides (4, one side
    // unreadable), two sides (1, two sides unreadable).
    const int limits[3][4] = {{3, 4, 4, 3}, {1, 2, 1, -1}, {0, 1, -1, -1}};
    int tried = 0;
    for (uint32_t w = 0; w < 4096; w += 7) {
        if (!ckey::format_word_valid(w)) continue;
        for (const auto &limit : limits) {
            auto cells = ckey::format_cells(w);
            uint8_t d[96];
            for (int i = 0; i < 96; ++i) d[i] = cells[i] ? 230 : 25;
            const int turn = static_cast<int>(rng() % 4);
            for (int k = 0; k < 4; ++k) {
                const int side = (k + turn) % 4;
                if (limit[k] < 0) {  // unreadable: random cells
                    for (int i = 0; i < 24; ++i) d[side * 24 + i] = (rng() & 1) ? 230 : 25;
                    continue;
                }
                std::vector<int> cell(24);
                for (int i = 0; i < 24; ++i) cell[i] = i;
                std::shuffle(cell.begin(), cell.end(), rng);
                for (int e = 0; e < limit[k]; ++e) d[side * 24 + cell[e]] = 255 - d[side * 24 + cell[e]];
            }
            auto r = ckey::format_decode(d);
            REQUIRE(r.found);
            CHECK_EQ(r.word, w);
            ++tried;
        }
    }
    CHECK(tried > 300);
}

TEST(format_rejects_blank_and_random_bands) {
    uint8_t d[96];
    for (uint8_t v : {0, 255, 128}) {
        std::fill(d, d + 96, v);
        CHECK(!ckey::format_decode(d).found);
    }
    std::mt19937 rng(17);
    int found = 0;
    for (int trial = 0; trial < 20000; ++trial) {
        for (auto &c : d) c = (rng() & 1) ? 255 : 0;
        found += ckey::format_decode(d).found;
    }
    // A random band passes the two-side rule with probability about 1e-4.
    CHECK(found <= 8);
}
