// The generated parts of spec/CKey-Symbology.md: capacity tables, format-band
// distances and the worked examples. tools/make-vectors pastes them into the
// spec between marker comments; Tests/core/test_spec_tables.cpp regenerates
// them and checks that the spec still says exactly this.
#pragma once

#include "codec/blocks.hpp"
#include "codec/crc32c.hpp"
#include "codec/encodation.hpp"
#include "codec/field.hpp"
#include "codec/format.hpp"
#include "codec/galois.hpp"
#include "codec/golay.hpp"
#include "codec/mask.hpp"
#include "codec/reed_solomon.hpp"
#include "codec/symbol.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace spec_tables {

// The names of the generated blocks, in the order they appear in the spec.
inline const std::vector<std::string> &block_names() {
    static const std::vector<std::string> names{"format-distances", "profiles", "levels", "geometry", "capacity",
                                                "capacity-segmented",
                                                "blocks", "fixed-profiles", "example-profile0", "example-profile1"};
    return names;
}

inline std::string begin_marker(const std::string &name) { return "<!-- BEGIN GENERATED " + name + " -->"; }
inline std::string end_marker(const std::string &name) { return "<!-- END GENERATED " + name + " -->"; }

inline std::string thousands(long value) {
    std::string digits = std::to_string(value), out;
    for (size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
        out += digits[i];
    }
    return out;
}

inline const char *level_letter(int level) { return &"L\0M\0Q\0H"[2 * level]; }
inline const char *bits_of_level(int level) { return &"00\0" "01\0" "10\0" "11"[3 * level]; }

// Codewords of a symbol: floor(data modules / 8).
inline int total_codewords(int profile, int version, int layout) {
    return static_cast<int>(ckey::field_layout(profile, version, layout).data_order.size() / 8);
}

// Bits of a one-segment mode-2 stream of n characters (spec 7.4.5).
inline size_t one_segment_bits(ckey::SubMode mode, int data_codewords, size_t n) {
    const size_t code = static_cast<size_t>(ckey::sub_mode_code_bits(mode));
    return 2 + 2 + code + static_cast<size_t>(ckey::count_width(mode, data_codewords)) +
           ckey::segment_data_bits(mode, n) + 1 + 32;
}

// Largest run of one sub-mode's characters that fits the data codewords in
// the cheaper of its encodations (spec 7.8): mode 2, or mode 1 for text40.
inline long sub_mode_capacity(ckey::SubMode mode, int data_codewords) {
    long best = 0;
    for (long n = 1; n <= static_cast<long>(ckey::kMaxLengthField); ++n) {
        size_t bits = one_segment_bits(mode, data_codewords, static_cast<size_t>(n));
        if (mode == ckey::SubMode::text40)
            bits = std::min(bits, ckey::stream_bits(ckey::Encodation::text40, static_cast<size_t>(n)));
        if (bits > static_cast<size_t>(data_codewords) * 8) break;
        best = n;
    }
    return best;
}

inline long text40_capacity(int data_codewords) { return sub_mode_capacity(ckey::SubMode::text40, data_codewords); }

inline const char *profile_name(int profile) {
    static const char *names[4] = {"scalable", "locator", "text", "extended"};
    return names[profile & 3];
}

// Section 8.3: each level's parity share and what a block corrects.
inline std::string levels_table() {
    std::ostringstream out;
    out << "| Level | Bits 4–3 | P (parity share) | Corrects, errors only | Corrects, erasures only |\n";
    out << "|---|---|---:|---:|---:|\n";
    for (int level = 0; level < 4; ++level) {
        int p = ckey::level_parity_percent(level);
        char half[16];
        std::snprintf(half, sizeof half, "%g", p / 2.0);
        out << "| " << level_letter(level) << " | " << bits_of_level(level) << " | " << p << " % | about " << half
            << " % of each block | about " << p << " % of each block |\n";
    }
    return out.str();
}

// Section 6: one line per profile, from the code.
inline std::string profiles_table() {
    std::ostringstream out;
    out << "| Profile | Name | N | Keys | Level | Capacity, bytes | Capacity, text40 characters |\n";
    out << "|---:|---|---|---|---|---|---|\n";
    out << "| 0 | " << profile_name(0) << " | 4·version + 17 (21 … 141) | spacing 24 (standard) or 16 (print) | L, M, Q "
           "or H | " << thousands(ckey::capacity_bytes(0, 1, 3, 1)) << " (v1-H) to "
        << thousands(ckey::capacity_bytes(0, 31, 0, 0)) << " (v31-L) | "
        << thousands(text40_capacity(ckey::data_codewords(0, 1, 3, 1))) << " to "
        << thousands(text40_capacity(ckey::data_codewords(0, 31, 0, 0))) << " |\n";
    out << "| 1 | " << profile_name(1) << " | 8 (cells) | none: 4 corner cells | fixed: RS(15,8) over GF(16) | "
        << ckey::capacity_bytes(1, 0, 0, 0) << " (a 32-bit identifier) | not applicable |\n";
    for (int profile : {2, 3}) {
        const auto &f = ckey::field_layout(profile, 0, 0);
        int level = ckey::fixed_level(profile);
        out << "| " << profile << " | " << profile_name(profile) << " | " << f.n << " | " << f.key_centres.size() << "×"
            << f.key_centres.size() << ", spacing " << ckey::key_spacing(profile, 0) << " | fixed " << level_letter(level)
            << " | " << thousands(ckey::capacity_bytes(profile, 0, level, 0)) << " | "
            << thousands(text40_capacity(ckey::data_codewords(profile, 0, level, 0))) << " |\n";
    }
    return out.str();
}

inline std::string geometry_table() {
    std::ostringstream out;
    out << "| Version | N | Pitch (units) | Keys, standard | Keys, print | Data modules, standard | Data modules, print "
           "| Codewords, standard | Codewords, print | Remainder bits, standard | Remainder bits, print |\n";
    out << "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n";
    for (int v = 1; v <= 31; ++v) {
        const auto &s = ckey::field_layout(0, v, 0), &p = ckey::field_layout(0, v, 1);
        char pitch[16];
        std::snprintf(pitch, sizeof pitch, "%.4f", 23.0 / s.n);
        out << "| " << v << " | " << s.n << " | " << pitch << " | " << s.key_centres.size() << "×" << s.key_centres.size()
            << " | " << p.key_centres.size() << "×" << p.key_centres.size() << " | " << thousands(s.data_order.size())
            << " | " << thousands(p.data_order.size()) << " | " << thousands(s.data_order.size() / 8) << " | "
            << thousands(p.data_order.size() / 8) << " | " << s.data_order.size() % 8 << " | " << p.data_order.size() % 8
            << " |\n";
    }
    return out.str();
}

inline std::string capacity_table() {
    std::ostringstream out;
    out << "| Version | Layout | L bytes | M bytes | Q bytes | H bytes | L text40 | M text40 | Q text40 | H text40 |\n";
    out << "|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|\n";
    for (int v = 1; v <= 31; ++v)
        for (int layout = 0; layout < 2; ++layout) {
            out << "| " << v << " | " << (layout ? "print" : "standard");
            for (int level = 0; level < 4; ++level) out << " | " << thousands(ckey::capacity_bytes(0, v, level, layout));
            for (int level = 0; level < 4; ++level)
                out << " | " << thousands(text40_capacity(ckey::data_codewords(0, v, level, layout)));
            out << " |\n";
        }
    return out.str();
}

inline std::string capacity_segmented_table() {
    std::ostringstream out;
    out << "| Version | Layout | L digits | M digits | Q digits | H digits | L mixed | M mixed | Q mixed | H mixed |\n";
    out << "|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|\n";
    for (int v = 1; v <= 31; ++v)
        for (int layout = 0; layout < 2; ++layout) {
            out << "| " << v << " | " << (layout ? "print" : "standard");
            for (ckey::SubMode mode : {ckey::SubMode::digits, ckey::SubMode::mixed})
                for (int level = 0; level < 4; ++level)
                    out << " | " << thousands(sub_mode_capacity(mode, ckey::data_codewords(0, v, level, layout)));
            out << " |\n";
        }
    for (int profile : {2, 3}) {  // fixed level: one value per sub-mode, in that level's column
        const int d = ckey::data_codewords(profile, 0, 0, 0);
        out << "| Profile " << profile << " | " << profile_name(profile);
        for (ckey::SubMode mode : {ckey::SubMode::digits, ckey::SubMode::mixed})
            for (int level = 0; level < 4; ++level)
                out << " | " << (level == ckey::fixed_level(profile) ? thousands(sub_mode_capacity(mode, d)) : "–");
        out << " |\n";
    }
    return out.str();
}

inline std::string plan_cell(int total, int level) {
    ckey::BlockPlan plan = ckey::plan_blocks(total, level);
    const int e = plan.parity_per_block;
    int shortest = plan.block_lengths.front(), short_count = 0;
    for (int n : plan.block_lengths) short_count += n == shortest;
    int long_count = static_cast<int>(plan.block_lengths.size()) - short_count;
    std::ostringstream out;
    out << short_count << " × (" << shortest << "," << shortest - e << ")";
    if (long_count > 0) out << " + " << long_count << " × (" << shortest + 1 << "," << shortest + 1 - e << ")";
    return out.str();
}

inline std::string blocks_table() {
    std::ostringstream out;
    out << "| Version | Layout | Codewords | L | M | Q | H |\n";
    out << "|---:|---|---:|---|---|---|---|\n";
    for (int v = 1; v <= 31; ++v)
        for (int layout = 0; layout < 2; ++layout) {
            int total = total_codewords(0, v, layout);
            out << "| " << v << " | " << (layout ? "print" : "standard") << " | " << thousands(total);
            for (int level = 0; level < 4; ++level) out << " | " << plan_cell(total, level);
            out << " |\n";
        }
    return out.str();
}

inline std::string fixed_profiles_table() {
    std::ostringstream out;
    out << "| Profile | Name | N | Pitch (units) | Keys | Level | Codewords | Blocks (n,k) | Data codewords | Capacity, "
           "bytes | Capacity, text40 characters |\n";
    out << "|---:|---|---:|---:|---:|---|---:|---|---:|---:|---:|\n";
    out << "| 1 | locator | 8 | 2.8750 | none (4 corner cells) | fixed RS(15,8) over GF(16) | 15 nibbles | 1 × (15,8) "
           "nibbles | 8 nibbles | 4 (32-bit identifier) | not applicable |\n";
    for (int profile : {2, 3}) {
        const auto &f = ckey::field_layout(profile, 0, 0);
        int level = ckey::fixed_level(profile);
        int total = total_codewords(profile, 0, 0);
        int data = ckey::data_codewords(profile, 0, level, 0);
        char pitch[16];
        std::snprintf(pitch, sizeof pitch, "%.4f", 23.0 / f.n);
        out << "| " << profile << " | " << (profile == 2 ? "text" : "extended") << " | " << f.n << " | " << pitch << " | "
            << f.key_centres.size() << "×" << f.key_centres.size() << " | " << level_letter(level) << " | "
            << thousands(total) << " | " << plan_cell(total, level) << " | " << thousands(data) << " | "
            << thousands(ckey::capacity_bytes(profile, 0, level, 0)) << " | " << thousands(text40_capacity(data))
            << " |\n";
    }
    return out.str();
}

// Format band distances, measured over every valid format word.
struct FormatDistances {
    int valid_words = 0;
    int min_between_valid = 96;      // two valid bands, right orientation
    int min_wrong_orientation = 96;  // a valid band read in one of 7 wrong orientations vs any valid band
    int golay_min_distance = 24;     // over all 4096 Golay codewords
    // The same two quantities over only the best 3 or best 2 sides (the
    // decode rules that tolerate hidden sides, section 5.5).
    int min_between_valid_3 = 72, min_between_valid_2 = 48;
    int min_wrong_orientation_3 = 72, min_wrong_orientation_2 = 48;
};

inline FormatDistances measure_format_distances() {
    FormatDistances d;
    // Cell index of each canvas position of the band.
    auto index_of = [](int x, int y) {
        for (int i = 0; i < ckey::kFormatCells; ++i) {
            int a, b;
            ckey::format_cell_origin(i, a, b);
            if (a == x && b == y) return i;
        }
        return -1;
    };
    std::array<std::array<int, 96>, 8> perm{};
    for (int h = 0; h < 8; ++h)
        for (int i = 0; i < 96; ++i) {
            int x, y;
            ckey::format_cell_origin(i, x, y);
            if (h & 4) x = 30 - x;  // mirror about the vertical axis (cell origins of a 1-unit cell)
            for (int k = 0; k < (h & 3); ++k) {
                int nx = 30 - y;
                y = x;
                x = nx;
            }
            perm[h][i] = index_of(x, y);
        }
    struct Packed { uint64_t lo = 0, hi = 0; };
    auto pack = [](const std::array<uint8_t, 96> &cells) {
        Packed p;
        for (int i = 0; i < 96; ++i)
            if (cells[i]) (i < 64 ? p.lo : p.hi) |= uint64_t{1} << (i & 63);
        return p;
    };
    std::vector<std::array<uint8_t, 96>> bands;
    std::vector<Packed> packed;
    for (uint32_t w = 0; w < 4096; ++w)
        if (ckey::format_word_valid(w)) {
            bands.push_back(ckey::format_cells(w));
            packed.push_back(pack(bands.back()));
        }
    d.valid_words = static_cast<int>(bands.size());
    auto distance = [](const Packed &a, const Packed &b) {
        return std::popcount(a.lo ^ b.lo) + std::popcount(a.hi ^ b.hi);
    };
    // Per-side cells as 24-bit words, for the best-3 / best-2 sides measures.
    auto sides_of = [](const std::array<uint8_t, 96> &cells) {
        std::array<uint32_t, 4> sides{};
        for (int i = 0; i < 96; ++i)
            if (cells[i]) sides[i / 24] |= 1u << (i % 24);
        return sides;
    };
    std::vector<std::array<uint32_t, 4>> side_bits;
    for (const auto &band : bands) side_bits.push_back(sides_of(band));
    for (size_t a = 0; a < bands.size(); ++a)
        for (int h = 0; h < 8; ++h) {
            std::array<uint8_t, 96> turned{};
            for (int i = 0; i < 96; ++i) turned[i] = bands[a][perm[h][i]];
            Packed t = pack(turned);
            std::array<uint32_t, 4> ts = sides_of(turned);
            for (size_t b = 0; b < bands.size(); ++b) {
                if (h == 0 && b <= a) continue;
                std::array<int, 4> s{};
                for (int k = 0; k < 4; ++k) s[k] = std::popcount(ts[k] ^ side_bits[b][k]);
                std::sort(s.begin(), s.end());
                int all = distance(t, packed[b]), best3 = s[0] + s[1] + s[2], best2 = s[0] + s[1];
                if (h == 0) {
                    d.min_between_valid = std::min(d.min_between_valid, all);
                    d.min_between_valid_3 = std::min(d.min_between_valid_3, best3);
                    d.min_between_valid_2 = std::min(d.min_between_valid_2, best2);
                } else {
                    d.min_wrong_orientation = std::min(d.min_wrong_orientation, all);
                    d.min_wrong_orientation_3 = std::min(d.min_wrong_orientation_3, best3);
                    d.min_wrong_orientation_2 = std::min(d.min_wrong_orientation_2, best2);
                }
            }
        }
    for (uint32_t w = 1; w < 4096; ++w) d.golay_min_distance = std::min(d.golay_min_distance, std::popcount(ckey::golay_encode(w)));
    return d;
}

inline std::string format_distances_text() {
    FormatDistances d = measure_format_distances();
    std::ostringstream out;
    out << "| Quantity | Value |\n|---|---:|\n";
    out << "| Valid format words (992 for Profile 0, 4 each for Profiles 2 and 3) | " << d.valid_words << " |\n";
    out << "| Minimum weight of a non-zero extended Golay codeword | " << d.golay_min_distance << " bits |\n";
    out << "| Minimum distance between two valid bands (96 cells, right orientation) | " << d.min_between_valid
        << " bits |\n";
    out << "| Minimum distance between a valid band read in any of the 7 wrong orientations and any valid band | "
        << d.min_wrong_orientation << " bits |\n";
    out << "| The same two distances over the best 3 sides (72 cells) | " << d.min_between_valid_3 << " and "
        << d.min_wrong_orientation_3 << " bits |\n";
    out << "| The same two distances over the best 2 sides (48 cells) | " << d.min_between_valid_2 << " and "
        << d.min_wrong_orientation_2 << " bits |\n";
    return out.str();
}

inline std::string hex_bytes(const std::vector<uint8_t> &bytes) {
    static const char *digits = "0123456789ABCDEF";
    std::string out;
    for (size_t i = 0; i < bytes.size(); ++i) {
        if (i > 0) out += ' ';
        out += digits[bytes[i] >> 4];
        out += digits[bytes[i] & 15];
    }
    return out;
}

inline std::string bits_of(uint32_t value, int count) {
    std::string out;
    for (int i = count - 1; i >= 0; --i) out += ((value >> i) & 1) ? '1' : '0';
    return out;
}

// Annex A: Profile 0 version 1 level M, standard layout, a GS1 Digital Link.
inline const std::string &example_profile0_payload() {
    static const std::string text = "https://id.gs1.org/01/09520123456788";
    return text;
}

inline std::string example_profile0() {
    const std::string &text = example_profile0_payload();
    const auto *data = reinterpret_cast<const uint8_t *>(text.data());
    ckey::Symbol s = ckey::encode_symbol(data, text.size(), {0, 1, 1, 0});
    const auto &f = ckey::field_layout(0, 1, 0);
    const int n = f.n;
    std::ostringstream out;
    out << "**A.1 Parameters.** Profile 0, version 1, level M, standard layout, payload `" << text << "` ("
        << text.size() << " bytes " << hex_bytes(s.payload) << ").\n\n";
    out << "**A.2 Geometry.** N = 4·1 + 17 = " << n << ". Key span N − 5 = " << n - 5 << ", spacing 24, so k = 1 + ⌈"
        << n - 5 << "/24⌉ = " << f.key_centres.size() << " keys per axis, centres at modules";
    for (int c : f.key_centres) out << " " << c;
    out << ". Key modules: " << f.key_centres.size() * f.key_centres.size() * 25 << "; data modules: "
        << f.data_order.size() << " = " << f.data_order.size() / 8 << " codewords and " << f.data_order.size() % 8
        << " remainder bits.\n\n";
    int total = static_cast<int>(f.data_order.size() / 8);
    out << "**A.3 Block plan.** " << total << " codewords, B = ⌈" << total << "/255⌉ = " << s.plan.block_lengths.size()
        << ", E = max(2, 2·⌊(" << total << "·" << ckey::level_parity_percent(1) << " + 100)/200⌋) = "
        << s.plan.parity_per_block
        << ". Data codewords: " << s.plan.data_total() << "; byte capacity ⌊(" << s.plan.data_total()
        << "·8 − 48)/8⌋ = " << s.capacity << ".\n\n";
    const int d = s.plan.data_total();
    const ckey::Segmentation &plan = s.stream.segmentation;
    out << "**A.4 Encodation.** Bytes would take " << ckey::stream_bits(ckey::Encodation::bytes, text.size())
        << " bits and text40 "
        << (ckey::text40_fits(data, text.size())
                ? std::to_string(ckey::stream_bits(ckey::Encodation::text40, text.size())) + " bits"
                : std::string("does not apply"))
        << "; the segmented mode (7.4, 7.5) takes " << s.stream.bits << " bits, so it is used: prefix `"
        << ckey::prefix_text(plan.prefix) << "`, then";
    for (const ckey::DataSegment &g : plan.segments)
        out << " " << ckey::sub_mode_name(g.mode) << " `" << text.substr(g.start, g.length) << "` (" << g.length
            << ")";
    out << ". With D = " << d << " the count widths W are digits " << ckey::count_width(ckey::SubMode::digits, d)
        << ", text40 " << ckey::count_width(ckey::SubMode::text40, d) << ", text48 "
        << ckey::count_width(ckey::SubMode::text48, d) << ", mixed "
        << ckey::count_width(ckey::SubMode::mixed, d) << " and bytes " << ckey::count_width(ckey::SubMode::bytes, d)
        << " (7.4.4).\n\n";
    out << "| Field | Value | Bits |\n|---|---|---|\n";
    out << "| Mode | 2 (segmented) | `" << bits_of(2, 2) << "` |\n";
    out << "| Prefix | " << plan.prefix << " (`" << ckey::prefix_text(plan.prefix) << "`) | `"
        << bits_of(static_cast<uint32_t>(plan.prefix), 2) << "` |\n";
    for (size_t i = 0; i < plan.segments.size(); ++i) {
        const ckey::DataSegment &g = plan.segments[i];
        const bool bytes = g.mode == ckey::SubMode::bytes;
        const int radix = ckey::sub_mode_radix(g.mode);
        out << "| Sub-mode | " << ckey::sub_mode_name(g.mode) << " | `"
            << bits_of(ckey::sub_mode_code(g.mode), ckey::sub_mode_code_bits(g.mode)) << "` |\n";
        out << "| Count | " << g.length << " | `" << bits_of(static_cast<uint32_t>(g.length), ckey::count_width(g.mode, d))
            << "` |\n";
        for (size_t k = 0; k < g.length; k += 3) {
            const size_t take = std::min<size_t>(3, g.length - k);
            uint32_t value = 0;
            std::string sum;
            for (size_t j = 0; j < take; ++j) {
                const int v = ckey::sub_mode_value(g.mode, data[g.start + k + j]);
                value = value * static_cast<uint32_t>(radix) + static_cast<uint32_t>(v);
                const int power = static_cast<int>(take - 1 - j);
                sum += (j ? " + " : "") + std::to_string(v) +
                       (power == 2 ? "·" + std::to_string(radix * radix) : power == 1 ? "·" + std::to_string(radix) : "");
            }
            const int width = static_cast<int>(ckey::segment_data_bits(g.mode, take));
            out << "| `" << text.substr(g.start + k, take) << "` | " << sum << " = " << value << " | `"
                << bits_of(value, width) << "` |\n";
        }
        out << "| More | " << (i + 1 < plan.segments.size() ? "another segment" : "CRC follows") << " | `"
            << (i + 1 < plan.segments.size() ? "1" : "0") << "` |\n";
    }
    uint32_t crc = ckey::crc32c(data, text.size());
    char crc_hex[16];
    std::snprintf(crc_hex, sizeof crc_hex, "0x%08X", crc);
    out << "| CRC-32C of the " << text.size() << " payload bytes | " << crc_hex << " | `" << bits_of(crc, 32) << "` |\n";
    size_t used = s.stream.bits;
    const size_t fill = (8 - used % 8) % 8;
    out << "| Zero fill to a byte boundary | " << (fill ? "" : "none needed") << " | `" << std::string(fill, '0') << "` |\n\n";
    std::vector<uint8_t> stream = ckey::build_stream(data, text.size(), s.stream, s.plan.data_total());
    size_t content = (used + 7) / 8;
    out << "Data codewords (" << stream.size() << "; the last " << stream.size() - content
        << " are pad bytes 0xEC, 0x11, ...):\n\n```\n" << hex_bytes(stream) << "\n```\n\n";
    const int ecount = s.plan.parity_per_block;
    std::vector<uint8_t> parity(ecount);
    ckey::rs_encode(ckey::gf256(), stream.data(), static_cast<int>(stream.size()), ecount, parity.data());
    out << "**A.5 Error correction.** One block (" << total << "," << s.plan.data_total() << "); the " << ecount
        << " parity codewords (generator roots α^0 … α^" << ecount - 1 << ") are:\n\n```\n" << hex_bytes(parity)
        << "\n```\n\nWith one block, interleaving leaves the order unchanged: data codewords, then parity.\n\n";
    out << "**A.6 Placement.** Bits go most significant bit first along the placement order of section 10 "
           "(two-module strips, down, then up, skipping keys): bit 0, the first bit of codeword 0, goes to module "
           "(row " << f.data_order[0] / n << ", column " << f.data_order[0] % n << "); bit 8 (codeword 1) to ("
        << f.data_order[8] / n << ", " << f.data_order[8] % n << "); the " << f.data_order.size() % 8
        << " remainder bits, set to 0, to the last " << f.data_order.size() % 8 << " modules of the order, from ("
        << f.data_order[f.data_order.size() - f.data_order.size() % 8] / n << ", "
        << f.data_order[f.data_order.size() - f.data_order.size() % 8] % n << ") to (" << f.data_order.back() / n
        << ", " << f.data_order.back() % n << ").\n\n";
    // Penalties of each mask over the whole matrix.
    std::vector<uint8_t> base(static_cast<size_t>(n) * n, 0);
    for (int kr : f.key_centres)
        for (int kc : f.key_centres)
            for (int dr = -2; dr <= 2; ++dr)
                for (int dc = -2; dc <= 2; ++dc) base[(kr + dr) * n + kc + dc] = ckey::key_module_dark(dr, dc) ? 1 : 0;
    std::vector<uint8_t> codewords = stream;
    codewords.insert(codewords.end(), parity.begin(), parity.end());
    for (size_t bit = 0; bit < f.data_order.size(); ++bit)
        base[f.data_order[bit]] = bit / 8 < codewords.size() ? (codewords[bit / 8] >> (7 - bit % 8)) & 1 : 0;
    out << "**A.7 Masking.** Penalties of the four masks over the whole " << n << "×" << n << " matrix, keys included:\n\n";
    out << "| Mask | Penalty |\n|---:|---:|\n";
    for (int mask = 0; mask < 4; ++mask) {
        std::vector<uint8_t> m = base;
        for (int index : f.data_order)
            if (ckey::mask_flips(mask, index / n, index % n)) m[index] ^= 1;
        out << "| " << mask << " | " << ckey::mask_penalty(m, n) << (mask == s.mask ? " (chosen)" : "") << " |\n";
    }
    uint32_t golay = ckey::golay_encode(s.format_word);
    out << "\n**A.8 Format information.** Word = profile 00, version " << bits_of(1, 5) << ", level 01, layout 0, mask "
        << bits_of(static_cast<uint32_t>(s.mask), 2) << " = `" << bits_of(s.format_word, 12) << "` (0x";
    char hex[16];
    std::snprintf(hex, sizeof hex, "%03X", s.format_word);
    out << hex << "). Golay codeword `" << bits_of(golay, 24) << "`.\n\n";
    out << "| Side | Mask | Cells (reading order) |\n|---|---|---|\n";
    const char *sides[4] = {"top (0–23)", "right (24–47)", "bottom (48–71)", "left (72–95)"};
    for (int side = 0; side < 4; ++side) {
        std::snprintf(hex, sizeof hex, "0x%06X", ckey::format_side_masks()[side]);
        out << "| " << sides[side] << " | " << hex << " | `" << bits_of(golay ^ ckey::format_side_masks()[side], 24)
            << "` |\n";
    }
    out << "\n**A.9 The symbol.** `#` dark, `.` light; the first line lists the 96 band cells in reading order "
           "(1 dark). This is vector `p0-v1-M-standard-segmented-gs1` of `spec/vectors/symbols.json`.\n\n```\n"
        << ckey::matrix_text(s) << "```\n";
    return out.str();
}

// Annex B: Profile 1, identifier 0x12345678.
inline std::string example_profile1() {
    const uint8_t id[4] = {0x12, 0x34, 0x56, 0x78};
    ckey::Symbol s = ckey::encode_symbol(id, 4, {1, 0, 0, 0});
    uint8_t nibbles[15];
    for (int i = 0; i < 4; ++i) {
        nibbles[2 * i] = id[i] >> 4;
        nibbles[2 * i + 1] = id[i] & 15;
    }
    ckey::rs_encode(ckey::gf16(), nibbles, 8, 7, nibbles + 8);
    std::ostringstream out;
    out << "**B.1 Codeword.** Identifier 0x12345678 → nibbles `1 2 3 4 5 6 7 8`; RS(15,8) over GF(16) "
           "(x⁴ + x + 1, roots α^0 … α^6) appends `";
    for (int i = 8; i < 15; ++i) out << (i > 8 ? " " : "") << "0123456789ABCDEF"[nibbles[i]];
    out << "`.\n\n**B.2 Placement.** The 60 bits (nibbles most significant bit first) fill the 60 non-corner "
           "cells in row-major order; a cell is flipped where (r + c) mod 2 = 0; cell (0,0) is dark, the other three "
           "corners light.\n\n```\n";
    for (int r = 0; r < 8; ++r) {
        for (int c = 0; c < 8; ++c) out << ((s.modules[r * 8 + c] & 1) ? '#' : '.');
        out << '\n';
    }
    out << "```\n";
    return out.str();
}

inline std::string generate(const std::string &name) {
    if (name == "profiles") return profiles_table();
    if (name == "levels") return levels_table();
    if (name == "geometry") return geometry_table();
    if (name == "capacity") return capacity_table();
    if (name == "capacity-segmented") return capacity_segmented_table();
    if (name == "blocks") return blocks_table();
    if (name == "fixed-profiles") return fixed_profiles_table();
    if (name == "format-distances") return format_distances_text();
    if (name == "example-profile0") return example_profile0();
    if (name == "example-profile1") return example_profile1();
    return "";
}

// The text between a block's markers (without the newline after the begin
// marker); found = false when the markers are missing.
inline std::string extract(const std::string &document, const std::string &name, bool &found) {
    size_t begin = document.find(begin_marker(name)), end = document.find(end_marker(name));
    found = begin != std::string::npos && end != std::string::npos && begin < end;
    if (!found) return "";
    begin += begin_marker(name).size() + 1;
    return document.substr(begin, end - begin);
}

// Replaces every block's text; returns false when a marker pair is missing.
inline bool update(std::string &document) {
    for (const std::string &name : block_names()) {
        size_t begin = document.find(begin_marker(name)), end = document.find(end_marker(name));
        if (begin == std::string::npos || end == std::string::npos || end < begin) return false;
        begin += begin_marker(name).size() + 1;
        document.replace(begin, end - begin, generate(name));
    }
    return true;
}

}  // namespace spec_tables
