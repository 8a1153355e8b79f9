// Reed-Solomon: errors and erasures up to the limit are corrected, beyond it
// the decoder fails or (rarely) miscorrects to another codeword, never
// returning a word with non-zero syndromes.
#include "check.hpp"

#include "codec/galois.hpp"
#include "codec/reed_solomon.hpp"

#include <algorithm>
#include <numeric>
#include <random>
#include <set>
#include <vector>

namespace {

std::vector<uint8_t> random_codeword(std::mt19937 &rng, const ckey::GaloisField &field, int n, int e) {
    std::vector<uint8_t> word(n);
    for (int i = 0; i < n - e; ++i) word[i] = static_cast<uint8_t>(rng() % field.size());
    ckey::rs_encode(field, word.data(), n - e, e, word.data() + (n - e));
    return word;
}

std::vector<int> distinct_positions(std::mt19937 &rng, int n, int count) {
    std::vector<int> all(n);
    std::iota(all.begin(), all.end(), 0);
    std::shuffle(all.begin(), all.end(), rng);
    all.resize(count);
    return all;
}

}  // namespace

TEST(galois_inverse) {
    for (const auto *field : {&ckey::gf256(), &ckey::gf16()})
        for (int a = 1; a < field->size(); ++a) CHECK_EQ(field->multiply(a, field->inverse(a)), 1);
}

TEST(corrects_errors_and_erasures_within_limit) {
    std::mt19937 rng(7);
    for (int trial = 0; trial < 2000; ++trial) {
        int n = 10 + static_cast<int>(rng() % 246), e = 2 + 2 * static_cast<int>(rng() % 20);
        if (e >= n) continue;
        auto word = random_codeword(rng, ckey::gf256(), n, e);
        int f = static_cast<int>(rng() % (e + 1));
        int errs = static_cast<int>(rng() % ((e - f) / 2 + 1));
        auto positions = distinct_positions(rng, n, f + errs);
        auto damaged = word;
        for (int p : positions) damaged[p] ^= static_cast<uint8_t>(1 + rng() % 255);
        std::vector<int> erasures(positions.begin(), positions.begin() + f);
        auto outcome = ckey::rs_decode(ckey::gf256(), damaged.data(), n, e, erasures);
        REQUIRE(outcome.ok);
        CHECK(damaged == word);
        CHECK(outcome.correction_margin >= 0);
    }
}

// One received word tried with several erasure guesses shares its syndromes:
// the result is the same as computing them anew, and syndromes of another
// length are refused without touching the word.
TEST(shared_syndromes_decode_the_same) {
    std::mt19937 rng(17);
    for (int trial = 0; trial < 500; ++trial) {
        const int n = 40 + static_cast<int>(rng() % 200), e = 4 + 2 * static_cast<int>(rng() % 14);
        auto word = random_codeword(rng, ckey::gf256(), n, e);
        auto damaged = word;
        const auto positions = distinct_positions(rng, n, static_cast<int>(rng() % (e + 4)));
        for (int p : positions) damaged[p] ^= static_cast<uint8_t>(1 + rng() % 255);
        const std::vector<int> guess(positions.begin(), positions.begin() + std::min<size_t>(positions.size(), e / 2));
        const std::vector<int> syndromes = ckey::rs_syndromes(ckey::gf256(), damaged.data(), n, e);
        for (const std::vector<int> &erasures : {guess, std::vector<int>{}}) {
            auto fresh = damaged, shared = damaged;
            const auto a = ckey::rs_decode(ckey::gf256(), fresh.data(), n, e, erasures);
            const auto b = ckey::rs_decode(ckey::gf256(), shared.data(), n, e, erasures, syndromes);
            CHECK_EQ(a.ok, b.ok);
            CHECK_EQ(a.errors, b.errors);
            CHECK(fresh == shared);
        }
    }
    auto word = random_codeword(rng, ckey::gf256(), 30, 8);
    word[3] ^= 1;
    const auto copy = word;
    const std::vector<int> short_syndromes = ckey::rs_syndromes(ckey::gf256(), word.data(), 30, 6);
    CHECK(!ckey::rs_decode(ckey::gf256(), word.data(), 30, 8, {}, short_syndromes).ok);
    CHECK(word == copy);
}

TEST(gf16_corrects_three_errors) {
    std::mt19937 rng(11);
    for (int trial = 0; trial < 2000; ++trial) {
        auto word = random_codeword(rng, ckey::gf16(), 15, 7);
        auto damaged = word;
        for (int p : distinct_positions(rng, 15, static_cast<int>(rng() % 4)))
            damaged[p] ^= static_cast<uint8_t>(1 + rng() % 15);
        auto outcome = ckey::rs_decode(ckey::gf16(), damaged.data(), 15, 7, {});
        REQUIRE(outcome.ok);
        CHECK(damaged == word);
    }
}

TEST(beyond_limit_never_returns_a_non_codeword) {
    std::mt19937 rng(13);
    int failures = 0;
    for (int trial = 0; trial < 2000; ++trial) {
        int n = 60, e = 10;
        auto word = random_codeword(rng, ckey::gf256(), n, e);
        auto damaged = word;
        for (int p : distinct_positions(rng, n, 6 + static_cast<int>(rng() % 10)))
            damaged[p] ^= static_cast<uint8_t>(1 + rng() % 255);
        auto copy = damaged;
        auto outcome = ckey::rs_decode(ckey::gf256(), damaged.data(), n, e, {});
        if (!outcome.ok) {
            ++failures;
            CHECK(damaged == copy);  // untouched on failure
        } else {
            // A miscorrection must still land on a valid codeword.
            std::vector<uint8_t> parity(e);
            ckey::rs_encode(ckey::gf256(), damaged.data(), n - e, e, parity.data());
            CHECK(std::equal(parity.begin(), parity.end(), damaged.begin() + (n - e)));
        }
    }
    CHECK(failures > 1900);
}

// Published vector: the QR specification's worked example (ISO/IEC 18004,
// version 1-M "01234567"), 16 data codewords -> 10 parity codewords, which
// uses the same field (0x11D) and generator roots alpha^0...alpha^9.
TEST(iso18004_example) {
    const uint8_t data[16] = {0x10, 0x20, 0x0C, 0x56, 0x61, 0x80, 0xEC, 0x11,
                              0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11};
    const uint8_t expected[10] = {0xA5, 0x24, 0xD4, 0xC1, 0xED, 0x36, 0xC7, 0x87, 0x2C, 0x55};
    uint8_t parity[10];
    ckey::rs_encode(ckey::gf256(), data, 16, 10, parity);
    CHECK(std::equal(parity, parity + 10, expected));
}
