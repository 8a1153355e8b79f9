// Stage: the Unicode script of host-label code points, and the mixed-script
// rule that decides whether an IDN label is shown as punycode.
#include "host.hpp"

#include <array>

namespace ckey::payload {

namespace {

struct Range {
    char32_t first, last;
    Script script;
};

// Letters (and a script's own digits and marks) that may appear in a host
// label. Anything else, including compatibility forms and the capital
// letters of Latin-1, Greek, Cyrillic and Armenian (which IDNA would map to
// other characters), is `unknown` and refused.
constexpr std::array<Range, 34> kRanges{{
    {0x00DF, 0x00F6, Script::latin},     {0x00F8, 0x024F, Script::latin},
    {0x0390, 0x0390, Script::greek},     {0x03AC, 0x03CE, Script::greek},
    {0x0430, 0x0481, Script::cyrillic},  {0x048A, 0x052F, Script::cyrillic},
    {0x0561, 0x0587, Script::armenian},  {0x05D0, 0x05EA, Script::hebrew},
    {0x05F0, 0x05F2, Script::hebrew},    {0x0620, 0x065F, Script::arabic},
    {0x0660, 0x0669, Script::arabic},    {0x066E, 0x06D3, Script::arabic},
    {0x06FA, 0x06FF, Script::arabic},    {0x0900, 0x0963, Script::devanagari},
    {0x0966, 0x097F, Script::devanagari}, {0x0980, 0x09FF, Script::bengali},
    {0x0E01, 0x0E3A, Script::thai},      {0x0E40, 0x0E4E, Script::thai},
    {0x0E50, 0x0E59, Script::thai},      {0x10D0, 0x10FF, Script::georgian},
    {0x1100, 0x11FF, Script::hangul},    {0x1E00, 0x1EFF, Script::latin},
    {0x1F00, 0x1FBC, Script::greek},     {0x3041, 0x309F, Script::hiragana},
    {0x30A0, 0x30FA, Script::katakana},  {0x30FC, 0x30FF, Script::katakana},
    {0x3105, 0x312F, Script::bopomofo},  {0x3131, 0x318E, Script::hangul},
    {0x3400, 0x4DBF, Script::han},       {0x4E00, 0x9FFF, Script::han},
    {0xAC00, 0xD7A3, Script::hangul},    {0x20000, 0x2A6DF, Script::han},
    {0x2A700, 0x2EBEF, Script::han},     {0x30000, 0x3134F, Script::han},
}};

}  // namespace

Script script_of(char32_t c) {
    if ((c >= '0' && c <= '9') || c == '-') return Script::common;
    if (c >= 'a' && c <= 'z') return Script::latin;
    for (const Range &r : kRanges)
        if (c >= r.first && c <= r.last) return r.script;
    return Script::unknown;
}

const char *script_name(Script script) {
    static const char *names[] = {"unknown", "common", "Latin", "Greek", "Cyrillic", "Armenian", "Hebrew", "Arabic",
                                  "Devanagari", "Bengali", "Thai", "Georgian", "Hangul", "Hiragana", "Katakana",
                                  "Bopomofo", "Han"};
    return names[static_cast<int>(script)];
}

bool mixes_scripts(const std::u32string &label) {
    unsigned set = 0;
    for (char32_t c : label) {
        Script s = script_of(c);
        if (s != Script::common && s != Script::unknown) set |= 1u << static_cast<int>(s);
    }
    auto bit = [](Script s) { return 1u << static_cast<int>(s); };
    if ((set & (set - 1)) == 0) return false;  // zero or one script
    const unsigned latin = bit(Script::latin), han = bit(Script::han);
    for (unsigned allowed : {latin | han | bit(Script::hiragana) | bit(Script::katakana),
                             latin | han | bit(Script::hangul), latin | han | bit(Script::bopomofo)})
        if ((set & ~allowed) == 0) return false;
    return true;
}

}  // namespace ckey::payload
