// Stage: what each host-label code point is (the generated Unicode tables), and
// the UTS #39 mixed-script rule, the first of the lookalike rules.
#include "host.hpp"
#include "text.hpp"
#include "unicode_tables.hpp"

#include <algorithm>

namespace ckey::payload {

namespace {

const HostCodePoints *find_code_point(char32_t c) {
    const HostCodePoints *end = kHostCodePoints + kHostCodePointsCount;
    const HostCodePoints *after =
        std::upper_bound(kHostCodePoints, end, c, [](char32_t value, const HostCodePoints &run) { return value < run.first; });
    if (after == kHostCodePoints || c > (after - 1)->last) return nullptr;
    return after - 1;
}

}  // namespace

// The Hangul fillers (U+1160, U+3164, ...) sit inside the allowed Hangul
// ranges but draw nothing, so a label could hide letters between them.
bool allowed_in_host(char32_t c) { return find_code_point(c) != nullptr && !is_invisible(c); }

uint64_t script_set(char32_t c) {
    const HostCodePoints *run = find_code_point(c);
    return run ? run->scripts : 0;
}

bool is_latin_letter(char32_t c) {
    const HostCodePoints *run = find_code_point(c);
    return run && (run->flags & kLatinLetter) != 0;
}

bool reads_as_ascii(char32_t c) {
    const HostCodePoints *run = find_code_point(c);
    return run && (run->flags & kReadsAsAscii) != 0;
}

uint64_t resolved_scripts(const std::u32string &label, uint64_t skip) {
    uint64_t resolved = kScriptAll;
    for (char32_t c : label) {
        uint64_t scripts = script_set(c);
        if ((scripts & skip) == 0) resolved &= scripts;
    }
    return resolved;
}

// UTS #39 section 5.2, "highly restrictive": one script, or Latin beside one of
// the augmented sets of Chinese, Japanese and Korean writing.
bool mixes_scripts(const std::u32string &label) {
    if (resolved_scripts(label) != 0) return false;
    constexpr uint64_t cjk = kScriptJapanese | kScriptKorean | kScriptHanWithBopomofo;
    return (resolved_scripts(label, kScriptLatin) & cjk) == 0;
}

}  // namespace ckey::payload
