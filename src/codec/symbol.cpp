#include "symbol.hpp"

#include "field.hpp"
#include "galois.hpp"
#include "mask.hpp"
#include "reed_solomon.hpp"
#include "../core/error.hpp"

#include <string>

namespace ckey {

namespace {

const char *level_name(int level) {
    static const char *names[4] = {"L", "M", "Q", "H"};
    return names[level & 3];
}

const char *profile_name(int profile) {
    static const char *names[4] = {"scalable", "locator", "text", "extended"};
    return names[profile & 3];
}

// The encodation for a version, or nothing when the payload cannot fit it.
// Mode 2's bits never fall as D grows (its counts only widen), so its cost at
// the smallest D is a lower bound that skips hopeless versions cheaply.
class VersionFit {
public:
    VersionFit(const uint8_t *data, size_t length, const SymbolParams &p) : data_(data), length_(length), p_(p) {
        EncodationPlan smallest = plan_encodation(data, length, data_codewords(p.profile, 1, p.level, p.layout));
        floor_bits_ = smallest.bits;
    }
    bool fits(int version, EncodationPlan *out = nullptr) const {
        if (length_ > kMaxLengthField) return false;
        const size_t room = static_cast<size_t>(data_codewords(p_.profile, version, p_.level, p_.layout)) * 8;
        if (p_.profile == CKEY_PROFILE_SCALABLE && room < floor_bits_) return false;
        EncodationPlan plan = plan_encodation(data_, length_, static_cast<int>(room / 8));
        if (plan.bits > room) return false;
        if (out != nullptr) *out = std::move(plan);
        return true;
    }

private:
    const uint8_t *data_;
    size_t length_;
    SymbolParams p_;
    size_t floor_bits_ = 0;
};

void place_locator(Symbol &s) {
    // 32-bit identifier as 8 nibbles, then 7 RS parity nibbles over GF(16).
    uint8_t nibbles[15];
    for (int i = 0; i < 4; ++i) {
        nibbles[2 * i] = s.payload[i] >> 4;
        nibbles[2 * i + 1] = s.payload[i] & 0xF;
    }
    rs_encode(gf16(), nibbles, 8, 7, nibbles + 8);
    const FieldLayout &f = field_layout(1, 0, 0);
    s.modules.assign(64, 0);
    s.modules[0] = 1;  // orientation mark: the top-left corner cell is dark
    for (int bit = 0; bit < 60; ++bit) {
        int index = f.data_order[bit];
        int value = (nibbles[bit / 4] >> (3 - bit % 4)) & 1;
        if (mask_flips(0, index / 8, index % 8)) value ^= 1;
        s.modules[index] = static_cast<uint8_t>(value);
    }
}

}  // namespace

std::vector<uint8_t> place_codewords(const FieldLayout &f, const std::vector<uint8_t> &codewords) {
    const int n = f.n;
    std::vector<uint8_t> modules(static_cast<size_t>(n) * n, 0);
    for (int kr : f.key_centres)
        for (int kc : f.key_centres)
            for (int dr = -2; dr <= 2; ++dr)
                for (int dc = -2; dc <= 2; ++dc)
                    modules[(kr + dr) * n + kc + dc] = static_cast<uint8_t>(2 | (key_module_dark(dr, dc) ? 1 : 0));
    for (size_t bit = 0; bit < f.data_order.size(); ++bit) {
        int value = bit / 8 < codewords.size() ? (codewords[bit / 8] >> (7 - bit % 8)) & 1 : 0;
        modules[f.data_order[bit]] = static_cast<uint8_t>(value);
    }
    return modules;
}

void apply_mask(std::vector<uint8_t> &modules, const FieldLayout &f, int mask) {
    for (int index : f.data_order)
        if (mask_flips(mask, index / f.n, index % f.n)) modules[static_cast<size_t>(index)] ^= 1;
}

void validate_params(const SymbolParams &p, bool allow_auto) {
    if (p.profile < 0 || p.profile > 3)
        fail(CKEY_INVALID_PARAMETER, "profile ", p.profile,
             " is unknown; allowed: 0 scalable, 1 locator, 2 text, 3 extended");
    if (p.profile != CKEY_PROFILE_SCALABLE) {
        if (p.version != 0)
            fail(CKEY_VERSION_OUT_OF_RANGE, "version ", p.version, " given for Profile ", p.profile, " (",
                 profile_name(p.profile), "), which has fixed geometry; pass version 0");
        return;
    }
    if (p.version < (allow_auto ? 0 : 1) || p.version > 31)
        fail(CKEY_VERSION_OUT_OF_RANGE, "version ", p.version, " is out of range; allowed: ",
             allow_auto ? "0 (smallest that fits) or " : "", "1...31");
    if (p.level < 0 || p.level > 3)
        fail(CKEY_INVALID_PARAMETER, "level ", p.level, " is unknown; allowed: 0 L, 1 M, 2 Q, 3 H");
    if (p.layout < 0 || p.layout > 1)
        fail(CKEY_INVALID_PARAMETER, "layout ", p.layout, " is unknown; allowed: 0 standard, 1 print");
}

int data_codewords(int profile, int version, int level, int layout) {
    if (profile == CKEY_PROFILE_LOCATOR) return 4;
    if (profile != CKEY_PROFILE_SCALABLE) {
        version = 0;
        layout = 0;
        level = fixed_level(profile);
    }
    const FieldLayout &f = field_layout(profile, version, layout);
    return plan_blocks(static_cast<int>(f.data_order.size() / 8), level).data_total();
}

size_t capacity_bytes(int profile, int version, int level, int layout) {
    if (profile == CKEY_PROFILE_LOCATOR) return 4;
    int bits = data_codewords(profile, version, level, layout) * 8 - kStreamOverheadBits;
    return bits > 0 ? static_cast<size_t>(bits / 8) : 0;
}

namespace {

// The refusal when the payload fits no version (p.version 0) or not the given one.
[[noreturn]] void refuse_too_large(const uint8_t *data, size_t length, const SymbolParams &p) {
    if (p.version == 0 && p.profile == CKEY_PROFILE_SCALABLE)
        fail(CKEY_PAYLOAD_TOO_LARGE, "payload is ", length, " bytes; the largest version (31) at level ",
             level_name(p.level), ", ", p.layout ? "print" : "standard", " layout holds at most ",
             capacity_bytes(0, 31, p.level, p.layout), " bytes (", capacity_bytes(0, 31, 0, 0),
             " at level L, standard layout; Profile 3 holds ", capacity_bytes(3, 0, 0, 0), ")");
    const int d = data_codewords(p.profile, p.version, p.level, p.layout);
    const EncodationPlan need = plan_encodation(data, length, d);
    const char *coded = encodation_name(need.encodation);
    if (p.profile == CKEY_PROFILE_SCALABLE)
        fail(CKEY_PAYLOAD_TOO_LARGE, "payload is ", length, " bytes and needs ", need.bits, " bits (", coded,
             "); version ", p.version, " level ", level_name(p.level), " holds ", d * 8, " bits (",
             capacity_bytes(0, p.version, p.level, p.layout), " bytes of any kind); version 31 at this level holds ",
             capacity_bytes(0, 31, p.level, p.layout), " bytes of any kind");
    fail(CKEY_PAYLOAD_TOO_LARGE, "payload is ", length, " bytes and needs ", need.bits, " bits (", coded,
         "); Profile ", p.profile, " (", profile_name(p.profile), ") holds ", d * 8, " bits (",
         capacity_bytes(p.profile, 0, 0, 0), " bytes of any kind)");
}

// Profile 1: exactly four bytes, placed as the locator's cells.
Symbol encode_locator(const uint8_t *data, size_t length) {
    if (length != 4)
        fail(length == 0 ? CKEY_EMPTY_PAYLOAD : CKEY_INVALID_PARAMETER, "locator payload is ", length,
             " bytes; Profile 1 carries exactly 4 bytes (a 32-bit identifier)");
    Symbol s;
    s.profile = CKEY_PROFILE_LOCATOR;
    s.payload.assign(data, data + length);
    s.level = fixed_level(CKEY_PROFILE_LOCATOR);
    s.n = kLocatorCells;
    s.capacity = 4;
    place_locator(s);
    return s;
}

// The version (p.version, or the smallest that fits when it is 0), with the
// stream plan for it in s.stream; refuses a payload that does not fit.
void choose_version(const uint8_t *data, size_t length, SymbolParams &p, Symbol &s) {
    const VersionFit fit(data, length, p);
    if (p.profile == CKEY_PROFILE_SCALABLE && p.version == 0) {
        for (int v = 1; v <= 31 && p.version == 0; ++v)
            if (fit.fits(v)) p.version = v;
        if (p.version == 0) refuse_too_large(data, length, p);
    } else if (!fit.fits(p.version)) {
        refuse_too_large(data, length, p);
    }
    s.version = p.profile == CKEY_PROFILE_SCALABLE ? p.version : 0;
    s.level = p.level;
    s.layout = p.layout;
    s.capacity = capacity_bytes(p.profile, s.version, s.level, s.layout);
    fit.fits(s.version, &s.stream);
    s.encodation = s.stream.encodation;
}

// The data stream split into blocks, Reed-Solomon parity added, interleaved.
std::vector<uint8_t> protect_stream(const std::vector<uint8_t> &stream, const BlockPlan &plan) {
    const int e = plan.parity_per_block;
    std::vector<std::vector<uint8_t>> blocks;
    size_t taken = 0;
    for (int n : plan.block_lengths) {
        std::vector<uint8_t> block(stream.begin() + taken, stream.begin() + taken + (n - e));
        taken += n - e;
        block.resize(n);
        rs_encode(gf256(), block.data(), n - e, e, block.data() + (n - e));
        blocks.push_back(std::move(block));
    }
    std::vector<uint8_t> codewords;
    for (auto [b, i] : interleave_order(plan)) codewords.push_back(blocks[b][i]);
    return codewords;
}

// The codewords placed and the mask with the lowest penalty applied; the
// format band then names it.
void place_and_mask(const FieldLayout &f, const std::vector<uint8_t> &codewords, Symbol &s) {
    const std::vector<uint8_t> base = place_codewords(f, codewords);
    long best_penalty = -1;
    for (int mask = 0; mask < 4; ++mask) {
        std::vector<uint8_t> m = base;
        apply_mask(m, f, mask);
        long penalty = mask_penalty(m, f.n);
        if (best_penalty < 0 || penalty < best_penalty) {
            best_penalty = penalty;
            s.mask = mask;
            s.modules = std::move(m);
        }
    }
    FormatInfo info{s.profile, s.version, s.level, s.layout, s.mask};
    s.format_word = format_pack(info);
    auto cells = format_cells(s.format_word);
    s.format.assign(cells.begin(), cells.end());
}

}  // namespace

Symbol encode_symbol(const uint8_t *data, size_t length, SymbolParams p) {
    validate_params(p, true);
    if (length > 0 && data == nullptr) fail(CKEY_INVALID_ARGUMENT, "data is NULL but length is ", length);
    if (p.profile == CKEY_PROFILE_LOCATOR) return encode_locator(data, length);
    if (p.profile == CKEY_PROFILE_TEXT) {
        if (length == 0) fail(CKEY_EMPTY_PAYLOAD, "text payload is empty; Profile 2 carries 1 or more characters");
        if (!valid_utf8(data, length)) fail(CKEY_INVALID_TEXT, "payload is not valid UTF-8; Profile 2 carries text only");
    }
    if (p.profile != CKEY_PROFILE_SCALABLE) {
        p.level = fixed_level(p.profile);
        p.layout = 0;
    }
    Symbol s;
    s.profile = p.profile;
    s.payload.assign(data, data + length);
    choose_version(data, length, p, s);
    const FieldLayout &f = field_layout(p.profile, s.version, s.layout);
    s.n = f.n;
    s.plan = plan_blocks(static_cast<int>(f.data_order.size() / 8), s.level);
    const std::vector<uint8_t> stream = build_stream(data, length, s.stream, s.plan.data_total());
    place_and_mask(f, protect_stream(stream, s.plan), s);
    return s;
}

std::string matrix_text(const Symbol &s) {
    std::string out = "format ";
    if (s.format.empty()) out += "none";
    for (uint8_t cell : s.format) out += cell ? '1' : '0';
    out += '\n';
    for (int r = 0; r < s.n; ++r) {
        for (int c = 0; c < s.n; ++c) out += (s.modules[r * s.n + c] & 1) ? '#' : '.';
        out += '\n';
    }
    return out;
}

}  // namespace ckey
