// spec/vectors/streams.json: hand-built data streams (mode, fields, CRC, pad)
// and what a decoder must do with each: return the payload, or reject it.
// They pin down the rejection rules of spec section 7 that no encoder output
// exercises. tools/make-vectors writes the file from this list.
#pragma once

#include "codec/bit_io.hpp"
#include "codec/crc32c.hpp"
#include "codec/encodation.hpp"

#include <string>
#include <vector>

namespace stream_vectors {

struct Field {
    uint32_t value;
    int bits;
};

struct StreamCase {
    std::string name, note;
    int data_codewords;
    std::vector<Field> fields;  // everything before the CRC
    std::string payload;        // the payload the fields spell (CRC input)
    bool crc_ok;                // false: the CRC is flipped
    bool accept;
    std::vector<Field> tail = {};  // after the CRC, in place of zero fill and pad
};

inline std::vector<uint8_t> build(const StreamCase &c) {
    ckey::BitWriter w;
    for (const Field &f : c.fields) w.put(f.value, f.bits);
    uint32_t crc = ckey::crc32c(reinterpret_cast<const uint8_t *>(c.payload.data()), c.payload.size());
    w.put(c.crc_ok ? crc : crc ^ 1u, 32);
    for (const Field &f : c.tail) w.put(f.value, f.bits);
    std::vector<uint8_t> out = std::move(w.bytes());
    for (int i = 0; static_cast<int>(out.size()) < c.data_codewords; ++i) out.push_back(i % 2 == 0 ? 0xEC : 0x11);
    out.resize(static_cast<size_t>(c.data_codewords));
    return out;
}

// D = 26 (version 1, level M): W = 6 for digits, 5 for text40, text48, mixed and bytes.
inline std::vector<StreamCase> cases() {
    constexpr int D = 26;
    const Field mode2{2, 2}, none{0, 2}, end{0, 1}, more{1, 1};
    const Field digits{0, 2}, text40{1, 2}, mixed{2, 2}, text48{6, 3}, bytes{14, 4};
    auto count6 = [](uint32_t n) { return Field{n, 6}; };  // digits
    auto count5 = [](uint32_t n) { return Field{n, 5}; };  // every other sub-mode
    std::vector<StreamCase> v;
    // Accepted streams.
    v.push_back({"accept-digits", "digits: a group of 3 (10 bits) and a final single (4 bits)", D,
                 {mode2, none, digits, count6(4), {123, 10}, {4, 4}, end}, "1234", true, true});
    v.push_back({"accept-digits-pair", "digits: final pair (7 bits)", D,
                 {mode2, none, digits, count6(2), {99, 7}, end}, "99", true, true});
    v.push_back({"accept-text40", "text40 sub-mode: group and final single", D,
                 {mode2, none, text40, count5(4), {10 * 1600 + 11 * 40 + 12, 16}, {39, 6}, end}, "abc:", true, true});
    v.push_back({"accept-mixed", "mixed sub-mode: group (19 bits) and final pair (13 bits); value 79 is space", D,
                 {mode2, none, mixed, count5(5), {(10 * 80 + 36) * 80 + 79, 19}, {62 * 80 + 78, 13}, end}, "Aa -%",
                 true, true});
    v.push_back({"accept-bytes", "bytes sub-mode (code 1110, W = 5)", D,
                 {mode2, none, bytes, {2, 5}, {0xC3, 8}, {0xA9, 8}, end}, "\xC3\xA9", true, true});
    v.push_back({"accept-text48", "text48 sub-mode (code 110): group (17 bits), final pair (12 bits)", D,
                 {mode2, none, text48, count5(5), {(40 * 48 + 41) * 48 + 42, 17}, {43 * 48 + 47, 12}, end}, "_?=&+",
                 true, true});
    v.push_back({"accept-text48-single", "text48 final single (6 bits)", D,
                 {mode2, none, text48, count5(1), {44, 6}, end}, "%", true, true});
    v.push_back({"accept-prefix-https", "prefix 01 is https://", D,
                 {mode2, {1, 2}, text40, count5(1), {10, 6}, end}, "https://a", true, true});
    v.push_back({"accept-prefix-http", "prefix 10 is http://", D, {mode2, {2, 2}, digits, count6(1), {7, 4}, end},
                 "http://7", true, true});
    v.push_back({"accept-prefix-www", "prefix 11 is https://www.", D,
                 {mode2, {3, 2}, mixed, count5(1), {35, 7}, end}, "https://www.Z", true, true});
    v.push_back({"accept-switches", "digits -> mixed -> bytes -> text48 -> text40: every sub-mode after a switch", D,
                 {mode2, none, digits, count6(1), {5, 4}, more, mixed, count5(1), {36, 7}, more, bytes, {1, 5},
                  {0xFF, 8}, more, text48, count5(1), {40, 6}, more, text40, count5(1), {37, 6}, end},
                 "5a\xFF_.", true, true});
    v.push_back({"accept-not-optimal", "a valid but not optimal segmentation (text as bytes) is still read", D,
                 {mode2, none, bytes, {2, 5}, {'o', 8}, {'k', 8}, end}, "ok", true, true});
    v.push_back({"accept-mode0", "mode 0 (bytes)", D, {{0, 2}, {2, 14}, {'h', 8}, {'i', 8}}, "hi", true, true});
    v.push_back({"accept-mode1", "mode 1 (text40)", D, {{1, 2}, {2, 14}, {17 * 40 + 18, 11}}, "hi", true, true});
    v.push_back({"accept-mode1-empty", "mode 1 with L = 0 (no encoder writes it) is the empty payload", D,
                 {{1, 2}, {0, 14}}, "", true, true});
    v.push_back({"accept-any-pad", "zero fill and pad values are not checked", D,
                 {mode2, none, digits, count6(1), {9, 4}, end}, "9", true, true, {{0x7F, 7}, {0xAB, 8}, {0x00, 8}}});
    // Every ordered pair of sub-modes: one character of each, a switch between.
    const struct { const char *name; Field code; Field count; Field value; char text; } one[] = {
        {"digits", digits, count6(1), {7, 4}, '7'},   {"text40", text40, count5(1), {10, 6}, 'a'},
        {"text48", text48, count5(1), {41, 6}, '?'},  {"mixed", mixed, count5(1), {35, 7}, 'Z'},
        {"bytes", bytes, {1, 5}, {0x01, 8}, '\x01'},
    };
    for (const auto &a : one)
        for (const auto &b : one) {
            if (&a == &b) continue;
            v.push_back({std::string("accept-switch-") + a.name + "-" + b.name,
                         std::string("a switch from ") + a.name + " to " + b.name, D,
                         {mode2, none, a.code, a.count, a.value, more, b.code, b.count, b.value, end},
                         std::string{a.text, b.text}, true, true});
        }
    // Rejected streams.
    v.push_back({"reject-mode-reserved", "mode 11 is reserved", D, {{3, 2}, {0, 14}}, "", true, false});
    v.push_back({"reject-submode-reserved", "sub-mode 1111 is reserved", D,
                 {mode2, none, {15, 4}, {1, 5}, {'x', 8}, end}, "x", true, false});
    v.push_back({"reject-empty-segment", "a count of 0 (an empty segment)", D,
                 {mode2, none, digits, count6(0), more, digits, count6(1), {1, 4}, end}, "1", true, false});
    v.push_back({"reject-empty-segment-last", "a count of 0 as the only segment", D,
                 {mode2, none, text40, count5(0), end}, "", true, false});
    v.push_back({"reject-repeated-submode", "two consecutive digits segments", D,
                 {mode2, none, digits, count6(1), {1, 4}, more, digits, count6(1), {2, 4}, end}, "12", true, false});
    v.push_back({"reject-digits-group", "digits group value 1000", D,
                 {mode2, none, digits, count6(3), {1000, 10}, end}, "", true, false});
    v.push_back({"reject-digits-pair", "digits pair value 100", D, {mode2, none, digits, count6(2), {100, 7}, end},
                 "", true, false});
    v.push_back({"reject-digits-single", "digits single value 10", D, {mode2, none, digits, count6(1), {10, 4}, end},
                 "", true, false});
    v.push_back({"reject-text40-group", "text40 group value 64000", D,
                 {mode2, none, text40, count5(3), {64000, 16}, end}, "", true, false});
    v.push_back({"reject-text48-group", "text48 group value 110592", D,
                 {mode2, none, text48, count5(3), {110592, 17}, end}, "", true, false});
    v.push_back({"reject-text48-pair", "text48 pair value 2304", D, {mode2, none, text48, count5(2), {2304, 12}, end},
                 "", true, false});
    v.push_back({"reject-text48-single", "text48 single value 48", D, {mode2, none, text48, count5(1), {48, 6}, end},
                 "", true, false});
    v.push_back({"reject-mixed-group", "mixed group value 512000", D,
                 {mode2, none, mixed, count5(3), {512000, 19}, end}, "", true, false});
    v.push_back({"reject-mixed-pair", "mixed pair value 6400", D, {mode2, none, mixed, count5(2), {6400, 13}, end},
                 "", true, false});
    v.push_back({"reject-mixed-single", "mixed single value 80", D, {mode2, none, mixed, count5(1), {80, 7}, end},
                 "", true, false});
    v.push_back({"reject-count-past-end", "a count whose data runs past the D codewords", D,
                 {mode2, none, bytes, {31, 5}, {'x', 8}}, "x", true, false});
    v.push_back({"reject-text40-pair-in-mode2", "a text40 pair value 1600 inside mode 2", D,
                 {mode2, none, text40, count5(2), {1600, 11}, end}, "", true, false});
    v.push_back({"reject-mode1-value", "a mode 1 group value 64000", D, {{1, 2}, {3, 14}, {64000, 16}}, "", true,
                 false});
    std::vector<Field> cut{mode2, none, digits, count6(58)};  // 12 + 194 data bits + More = 207 of 208
    for (int i = 0; i < 19; ++i) cut.push_back({0, 10});
    cut.push_back({0, 4});
    cut.push_back(more);
    v.push_back({"reject-submode-cut", "More = 1 with one bit left: the next sub-mode code is cut off", D, cut, "", true,
                 false});
    v.push_back({"reject-crc", "a valid segment with a wrong CRC", D, {mode2, none, digits, count6(1), {3, 4}, end},
                 "3", false, false});
    return v;
}

}  // namespace stream_vectors
