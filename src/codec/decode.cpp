#include "decode.hpp"

#include "blocks.hpp"
#include "field.hpp"
#include "galois.hpp"
#include "mask.hpp"
#include "reed_solomon.hpp"

#include <algorithm>

namespace ckey {

namespace {

ModuleDecode decode_locator(const uint8_t *d) {
    ModuleDecode out;
    // One orientation corner may be wrong (a stain, a worn corner): the word
    // must then decode with one nibble error fewer, which keeps a random
    // word's odds of passing near those of the four right corners.
    const int wrong_corners = (d[0] < 128) + (d[7] >= 128) + (d[56] >= 128) + (d[63] >= 128);
    if (wrong_corners > 1) return out;
    const FieldLayout &f = field_layout(1, 0, 0);
    uint8_t nibbles[15] = {};
    for (int bit = 0; bit < 60; ++bit) {
        int index = f.data_order[bit];
        int value = d[index] >= 128 ? 1 : 0;
        if (mask_flips(0, index / 8, index % 8)) value ^= 1;
        nibbles[bit / 4] = static_cast<uint8_t>(nibbles[bit / 4] | (value << (3 - bit % 4)));
    }
    RsOutcome rs = rs_decode(gf16(), nibbles, 15, 7, {});
    if (!rs.ok || rs.errors > kLocatorMaxErrors - wrong_corners) return out;
    for (int i = 0; i < 4; ++i) out.payload.push_back(static_cast<uint8_t>(nibbles[2 * i] << 4 | nibbles[2 * i + 1]));
    out.ok = true;
    out.errors = rs.errors;
    out.correction_margin = rs.correction_margin;
    out.parity_per_block = 7;
    return out;
}

}  // namespace

ModuleDecode decode_modules(const FormatInfo &p, const uint8_t *darkness, size_t count) {
    if (p.profile == CKEY_PROFILE_LOCATOR) return count == 64 ? decode_locator(darkness) : ModuleDecode{};
    ModuleDecode out;
    const FieldLayout &f = field_layout(p.profile, p.version, p.layout);
    const int n = f.n;
    if (count != static_cast<size_t>(n) * n) return out;
    const int total = static_cast<int>(f.data_order.size() / 8);
    std::vector<uint8_t> stream(total, 0);
    std::vector<uint8_t> uncertain(total, 0);
    for (int bit = 0; bit < total * 8; ++bit) {
        int index = f.data_order[bit];
        int d = darkness[index];
        int value = d >= 128 ? 1 : 0;
        if (mask_flips(p.mask, index / n, index % n)) value ^= 1;
        stream[bit / 8] = static_cast<uint8_t>(stream[bit / 8] | (value << (7 - bit % 8)));
        if (d >= kErasureLow && d <= kErasureHigh) uncertain[bit / 8] = 1;
    }
    BlockPlan plan = plan_blocks(total, p.level);
    const int e = plan.parity_per_block;
    std::vector<std::vector<uint8_t>> blocks;
    std::vector<std::vector<int>> erasures(plan.block_lengths.size());
    for (int len : plan.block_lengths) blocks.emplace_back(len, 0);
    auto order = interleave_order(plan);
    for (int k = 0; k < total; ++k) {
        auto [b, i] = order[k];
        blocks[b][i] = stream[k];
        if (uncertain[k]) erasures[b].push_back(i);
    }
    out.correction_margin = e;
    out.parity_per_block = e;
    std::vector<uint8_t> data;
    for (size_t b = 0; b < blocks.size(); ++b) {
        const int len = plan.block_lengths[b];
        std::vector<uint8_t> attempt = blocks[b];
        // The uncertain codewords as erasures, then none: one received word, one set of syndromes.
        const std::vector<int> syndromes = rs_syndromes(gf256(), attempt.data(), len, e);
        RsOutcome rs;
        if (!erasures[b].empty() && static_cast<int>(erasures[b].size()) <= e)
            rs = rs_decode(gf256(), attempt.data(), len, e, erasures[b], syndromes);
        if (!rs.ok) {
            attempt = blocks[b];
            rs = rs_decode(gf256(), attempt.data(), len, e, {}, syndromes);
        }
        if (!rs.ok) return ModuleDecode{};
        out.errors += rs.errors;
        out.erasures += rs.erasures;
        out.correction_margin = std::min(out.correction_margin, rs.correction_margin);
        data.insert(data.end(), attempt.begin(), attempt.begin() + (len - e));
        blocks[b] = std::move(attempt);
    }
    if (!parse_stream(data.data(), data.size(), out.payload, out.encodation)) return ModuleDecode{};
    out.codewords.resize(total);
    for (int k = 0; k < total; ++k) out.codewords[k] = blocks[order[k].first][order[k].second];
    out.ok = true;
    return out;
}

}  // namespace ckey
