// The classes of unshowable characters, and a strict UTF-8 pass that finds
// the first one.
#include "shown_text.hpp"

namespace ckey::text {

namespace {

struct Range {
    char32_t first, last;
};

// General_Category Cf of Unicode 15.1 less the bidi controls, plus what draws
// nothing without being Cf: U+034F COMBINING GRAPHEME JOINER, the Hangul
// fillers U+115F, U+1160, U+3164 and U+FFA0, the Khmer inherent vowels
// U+17B4-17B5, the Mongolian variation selectors U+180B-180D and U+180F, the
// unassigned U+2065, and all of U+E0000-E0FFF (tags, the variation selectors
// supplement, unassigned default-ignorables). U+FE00-FE0F stay allowed:
// emoji need U+FE0F. tools/make-safe-action-vectors.py checks that every Cf
// character Python knows is here or a bidi control.
constexpr Range kInvisible[] = {
    {0x00AD, 0x00AD},   {0x034F, 0x034F},   {0x0600, 0x0605},   {0x06DD, 0x06DD},   {0x070F, 0x070F},
    {0x0890, 0x0891},   {0x08E2, 0x08E2},   {0x115F, 0x1160},   {0x17B4, 0x17B5},   {0x180B, 0x180F},
    {0x200B, 0x200D},   {0x2060, 0x2065},   {0x206A, 0x206F},   {0x3164, 0x3164},   {0xFEFF, 0xFEFF},
    {0xFFA0, 0xFFA0},   {0xFFF9, 0xFFFB},   {0x110BD, 0x110BD}, {0x110CD, 0x110CD}, {0x13430, 0x1343F},
    {0x1BCA0, 0x1BCA3}, {0x1D173, 0x1D17A}, {0xE0000, 0xE0FFF},
};

bool is_bidi_control(char32_t c) {
    return c == 0x061C || c == 0x200E || c == 0x200F || (c >= 0x202A && c <= 0x202E) ||
           (c >= 0x2066 && c <= 0x2069);
}

bool is_invisible(char32_t c) {
    for (const Range &range : kInvisible)
        if (c >= range.first && c <= range.last) return true;
    return false;
}

// Decodes the character that starts at text[at] into out and returns its
// length in bytes, or 0 when the bytes there are not well-formed UTF-8.
size_t decode_at(std::string_view text, size_t at, char32_t &out) {
    unsigned char lead = static_cast<unsigned char>(text[at]);
    if (lead < 0x80) {
        out = lead;
        return 1;
    }
    size_t length;
    char32_t c, smallest;
    if (lead >= 0xC2 && lead <= 0xDF) { length = 2; c = lead & 0x1F; smallest = 0x80; }
    else if (lead >= 0xE0 && lead <= 0xEF) { length = 3; c = lead & 0x0F; smallest = 0x800; }
    else if (lead >= 0xF0 && lead <= 0xF4) { length = 4; c = lead & 0x07; smallest = 0x10000; }
    else return 0;
    if (text.size() - at < length) return 0;
    for (size_t k = 1; k < length; ++k) {
        unsigned char next = static_cast<unsigned char>(text[at + k]);
        if ((next & 0xC0) != 0x80) return 0;
        c = (c << 6) | (next & 0x3F);
    }
    if (c < smallest || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF)) return 0;
    out = c;
    return length;
}

}  // namespace

Unshowable classify(char32_t c) {
    if (c >= 0x20 && c < 0x7F) return Unshowable::none;
    if (c < 0x20 || (c >= 0x7F && c <= 0x9F)) return Unshowable::control;
    if (c == 0x2028 || c == 0x2029) return Unshowable::separator;
    if (is_bidi_control(c)) return Unshowable::bidi;
    if (is_invisible(c)) return Unshowable::invisible;
    if ((c >= 0xFDD0 && c <= 0xFDEF) || (c & 0xFFFE) == 0xFFFE) return Unshowable::noncharacter;
    return Unshowable::none;
}

Finding find_unshowable(std::string_view utf8) {
    size_t at = 0;
    while (at < utf8.size()) {
        char32_t c = 0;
        size_t length = decode_at(utf8, at, c);
        if (length == 0) return Finding{Unshowable::ill_formed, at, 0};
        Unshowable kind = classify(c);
        if (kind != Unshowable::none) return Finding{kind, at, c};
        at += length;
    }
    return Finding{};
}

const char *describe(Unshowable kind) {
    switch (kind) {
    case Unshowable::none: return "no refused character";
    case Unshowable::ill_formed: return "bytes that are not well-formed UTF-8";
    case Unshowable::control: return "the control character";
    case Unshowable::separator: return "the line or paragraph separator";
    case Unshowable::bidi: return "the bidi control";
    case Unshowable::invisible: return "the invisible or format character";
    case Unshowable::noncharacter: return "the noncharacter";
    }
    return "an unknown class";
}

}  // namespace ckey::text
