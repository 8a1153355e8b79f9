#include "segments.hpp"

#include "encodation.hpp"

#include <array>
#include <bit>
#include <cstring>
#include <limits>

namespace ckey {

namespace {

struct SubModeShape {
    const char *name;
    int radix;            // alphabet size
    int group, pair, single;  // bits for 3, 2 and 1 characters (bytes: 8 each)
    int code, code_bits;  // the sub-mode code
};

constexpr std::array<SubModeShape, kSubModes> kShapes{{
    {"digits", 10, 10, 7, 4, 0b00, 2},
    {"text40", 40, 16, 11, 6, 0b01, 2},
    {"text48", 48, 17, 12, 6, 0b110, 3},
    {"mixed", 80, 19, 13, 7, 0b10, 2},
    {"bytes", 256, 24, 16, 8, 0b1110, 4},
}};

const SubModeShape &shape(SubMode mode) { return kShapes[static_cast<size_t>(mode)]; }

using ValueTable = std::array<std::array<int16_t, 256>, kSubModes>;

ValueTable make_value_table() {
    ValueTable t{};
    for (auto &row : t) row.fill(-1);
    for (int v = 0; v < 10; ++v) t[0]['0' + v] = static_cast<int16_t>(v);
    for (int v = 0; v < 40; ++v) t[1][static_cast<uint8_t>(kText40Alphabet[v])] = static_cast<int16_t>(v);
    for (int v = 0; v < 48; ++v) t[2][static_cast<uint8_t>(kText48Alphabet[v])] = static_cast<int16_t>(v);
    for (int v = 0; v < 80; ++v) t[3][static_cast<uint8_t>(kMixedAlphabet[v])] = static_cast<int16_t>(v);
    for (int v = 0; v < 256; ++v) t[4][v] = static_cast<int16_t>(v);
    return t;
}

const ValueTable &value_table() {
    static const ValueTable table = make_value_table();
    return table;
}

const char *const kPrefixes[4] = {"", "https://", "http://", "https://www."};

// The longest proper prefix of the payload (spec 7.5 step 1).
int choose_prefix(const uint8_t *data, size_t length) {
    for (int p : {3, 1, 2}) {
        size_t n = prefix_length(p);
        if (length > n && std::memcmp(data, kPrefixes[p], n) == 0) return p;
    }
    return 0;
}

// Bits added by one more character when the segment already holds k mod 3.
int step_bits(SubMode mode, int k) {
    const SubModeShape &s = shape(mode);
    if (mode == SubMode::bytes) return 8;
    return k == 0 ? s.single : k == 1 ? s.pair - s.single : s.group - s.pair;
}

// Least bits from position i to the end, by state (sub-mode, count mod 3);
// the current segment's own bits up to i are already paid.
class CostToGo {
public:
    static constexpr uint32_t kNone = std::numeric_limits<uint32_t>::max();

    CostToGo(const uint8_t *r, size_t n, int data_codewords) : r_(r), n_(n), cost_((n + 1) * kSubModes * 3, 0) {
        for (int m = 0; m < kSubModes; ++m)
            header_[m] = static_cast<uint32_t>(shape(SubMode(m)).code_bits +
                                               count_width(SubMode(m), data_codewords) + 1);
        for (size_t i = n; i-- > 0;)
            for (int s = 0; s < kSubModes; ++s)
                for (int k = 0; k < 3; ++k) {
                    uint32_t best = kNone;
                    for (int t = 0; t < kSubModes; ++t) best = std::min(best, option(i, s, k, t));
                    at(i, s, k) = best;
                }
    }

    // Bits from i onwards if character i goes to sub-mode t, from state (s, k);
    // s < 0 means no segment is open yet.
    uint32_t option(size_t i, int s, int k, int t) const {
        if (value_table()[t][r_[i]] < 0) return kNone;
        uint32_t rest;
        uint32_t here;
        if (t == s) {
            here = static_cast<uint32_t>(step_bits(SubMode(t), k));
            rest = at(i + 1, t, (k + 1) % 3);
        } else {
            here = header_[t] + static_cast<uint32_t>(step_bits(SubMode(t), 0));
            rest = at(i + 1, t, 1);
        }
        return rest == kNone ? kNone : here + rest;
    }

    uint32_t at(size_t i, int s, int k) const { return cost_[(i * kSubModes + s) * 3 + k]; }

private:
    uint32_t &at(size_t i, int s, int k) { return cost_[(i * kSubModes + s) * 3 + k]; }

    const uint8_t *r_;
    size_t n_;
    std::vector<uint32_t> cost_;
    uint32_t header_[kSubModes] = {};
};

}  // namespace

const char *prefix_text(int prefix) { return kPrefixes[prefix & 3]; }
size_t prefix_length(int prefix) { return std::strlen(kPrefixes[prefix & 3]); }
const char *sub_mode_name(SubMode mode) { return shape(mode).name; }
uint32_t sub_mode_code(SubMode mode) { return static_cast<uint32_t>(shape(mode).code); }
int sub_mode_code_bits(SubMode mode) { return shape(mode).code_bits; }
int sub_mode_radix(SubMode mode) { return shape(mode).radix; }

int sub_mode_value(SubMode mode, uint8_t byte) { return value_table()[static_cast<size_t>(mode)][byte]; }

int count_width(SubMode mode, int data_codewords) {
    // Every stream spends at least 40 bits outside segment data (mode, prefix,
    // CRC, a sub-mode code, a "more" bit, W >= 1), and c characters take at
    // least c * group / 3 bits, so no count that fits needs more bits than this.
    const int room = std::max(0, 8 * data_codewords - 40);
    unsigned most = static_cast<unsigned>(3 * room / shape(mode).group);
    return std::max(1, static_cast<int>(std::bit_width(most)));
}

size_t segment_data_bits(SubMode mode, size_t count) {
    const SubModeShape &s = shape(mode);
    const int tail[3] = {0, s.single, s.pair};
    return static_cast<size_t>(s.group) * (count / 3) + static_cast<size_t>(tail[count % 3]);
}

Segmentation plan_segments(const uint8_t *data, size_t length, int data_codewords) {
    Segmentation plan;
    if (length == 0) return plan;
    plan.prefix = choose_prefix(data, length);
    const size_t skip = prefix_length(plan.prefix), n = length - skip;
    const uint8_t *r = data + skip;
    CostToGo cost(r, n, data_codewords);

    // Walk forward, taking the smallest sub-mode that keeps the least cost.
    int s = -1, k = 0;
    uint32_t total = 0;
    for (size_t i = 0; i < n; ++i) {
        uint32_t best = CostToGo::kNone;
        int pick = -1;
        for (int t = 0; t < kSubModes; ++t) {
            uint32_t c = cost.option(i, s, k, t);
            if (c < best) best = c, pick = t;
        }
        if (i == 0) total = best;
        if (pick == s) {
            ++plan.segments.back().length;
            k = (k + 1) % 3;
        } else {
            plan.segments.push_back({SubMode(pick), skip + i, 1});
            s = pick;
            k = 1;
        }
    }
    plan.bits = 2 + 2 + total + 32;
    return plan;
}

void write_segments(BitWriter &w, const uint8_t *data, const Segmentation &plan, int data_codewords) {
    w.put(static_cast<uint32_t>(plan.prefix), 2);
    for (size_t index = 0; index < plan.segments.size(); ++index) {
        const DataSegment &seg = plan.segments[index];
        const SubModeShape &s = shape(seg.mode);
        w.put(static_cast<uint32_t>(s.code), s.code_bits);
        w.put(static_cast<uint32_t>(seg.length), count_width(seg.mode, data_codewords));
        const uint8_t *c = data + seg.start;
        auto v = [&](size_t i) { return static_cast<uint32_t>(sub_mode_value(seg.mode, c[i])); };
        const uint32_t radix = static_cast<uint32_t>(s.radix);
        size_t i = 0;
        if (seg.mode == SubMode::bytes) {
            for (; i < seg.length; ++i) w.put(c[i], 8);
        } else {
            for (; i + 3 <= seg.length; i += 3) w.put((v(i) * radix + v(i + 1)) * radix + v(i + 2), s.group);
            if (seg.length - i == 2) w.put(v(i) * radix + v(i + 1), s.pair);
            if (seg.length - i == 1) w.put(v(i), s.single);
        }
        w.put(index + 1 < plan.segments.size() ? 1 : 0, 1);
    }
}

namespace {

// Reads `count` characters of a sub-mode; false when a value is out of range.
bool read_characters(BitReader &r, SubMode mode, size_t count, std::vector<uint8_t> &out) {
    const SubModeShape &s = shape(mode);
    const char *alphabet = mode == SubMode::digits   ? "0123456789"
                           : mode == SubMode::text40 ? kText40Alphabet
                           : mode == SubMode::text48 ? kText48Alphabet
                                                     : kMixedAlphabet;
    uint32_t v = 0;
    if (mode == SubMode::bytes) {
        for (size_t i = 0; i < count; ++i) {
            r.take(8, v);
            out.push_back(static_cast<uint8_t>(v));
        }
        return true;
    }
    const uint32_t radix = static_cast<uint32_t>(s.radix);
    auto emit = [&](uint32_t value, int characters) {
        uint32_t limit = 1;
        for (int i = 0; i < characters; ++i) limit *= radix;
        if (value >= limit) return false;
        uint32_t scale = limit / radix;
        for (int i = 0; i < characters; ++i, scale /= radix)
            out.push_back(static_cast<uint8_t>(alphabet[(value / scale) % radix]));
        return true;
    };
    size_t i = 0;
    for (; i + 3 <= count; i += 3)
        if (!r.take(s.group, v) || !emit(v, 3)) return false;
    if (count - i == 2 && (!r.take(s.pair, v) || !emit(v, 2))) return false;
    if (count - i == 1 && (!r.take(s.single, v) || !emit(v, 1))) return false;
    return true;
}

// Codes 00 digits, 01 text40, 10 mixed, 110 text48, 1110 bytes; 1111 is reserved.
bool read_sub_mode(BitReader &r, SubMode &mode) {
    uint32_t code = 0, bit = 0;
    if (!r.take(2, code)) return false;
    if (code < 3) {
        mode = code == 0 ? SubMode::digits : code == 1 ? SubMode::text40 : SubMode::mixed;
        return true;
    }
    if (!r.take(1, bit)) return false;
    if (bit == 0) {
        mode = SubMode::text48;
        return true;
    }
    if (!r.take(1, bit) || bit == 1) return false;
    mode = SubMode::bytes;
    return true;
}

}  // namespace

bool read_segments(BitReader &r, int data_codewords, std::vector<uint8_t> &payload) {
    uint32_t prefix = 0, count = 0, more = 1;
    if (!r.take(2, prefix)) return false;
    payload.assign(kPrefixes[prefix], kPrefixes[prefix] + prefix_length(static_cast<int>(prefix)));
    int previous = -1;
    while (more == 1) {
        SubMode mode;
        if (!read_sub_mode(r, mode) || static_cast<int>(mode) == previous) return false;
        previous = static_cast<int>(mode);
        if (!r.take(count_width(mode, data_codewords), count) || count == 0) return false;
        if (payload.size() + count > kMaxLengthField) return false;
        if (segment_data_bits(mode, count) + 1 > r.remaining()) return false;
        if (!read_characters(r, mode, count, payload) || !r.take(1, more)) return false;
    }
    return true;
}

}  // namespace ckey
