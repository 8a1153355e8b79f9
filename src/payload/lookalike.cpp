// Stage: the lookalike checks (UTS #39 mixed scripts and confusables) that
// decide which labels of a host are shown as punycode. spec section 5,
// "Lookalike labels".
#include "host.hpp"
#include "unicode_tables.hpp"

#include <algorithm>

namespace ckey::payload {

namespace {

bool is_ascii(const std::u32string &label) {
    return std::all_of(label.begin(), label.end(), [](char32_t c) { return c < 0x80; });
}

// Every code point is ASCII or reads as ASCII, and one at least is not ASCII:
// the label can be read as an ASCII label (раураӏ, paypaǀ, gọogle).
bool label_reads_as_ascii(const std::u32string &label) {
    return !is_ascii(label) &&
           std::all_of(label.begin(), label.end(), [](char32_t c) { return c < 0x80 || reads_as_ascii(c); });
}

// Rule 2: a code point that reads as ASCII (a stroke, a slash, a dash) and is
// not itself a Latin letter, next to a Latin letter: goog丨e, comノaccounts.
bool ascii_shape_beside_latin(const std::u32string &label) {
    for (size_t i = 0; i < label.size(); ++i) {
        if (!reads_as_ascii(label[i]) || is_latin_letter(label[i])) continue;
        if ((i > 0 && is_latin_letter(label[i - 1])) || (i + 1 < label.size() && is_latin_letter(label[i + 1])))
            return true;
    }
    return false;
}

// Rule 3's exception: label i is written in scripts other than Latin, and
// another label of the host that is shown as Unicode on its own terms shares a
// script with it (москва.рф), so the host as a whole does not read as ASCII.
bool vouched_for(const std::vector<std::u32string> &labels, size_t i, const std::vector<bool> &by_shape) {
    uint64_t scripts = resolved_scripts(labels[i]);
    if (scripts & kScriptLatin) return false;
    for (size_t j = 0; j < labels.size(); ++j) {
        if (j == i || by_shape[j] || is_ascii(labels[j]) || label_reads_as_ascii(labels[j])) continue;
        uint64_t other = resolved_scripts(labels[j]);
        if (other != kScriptAll && (other & scripts) != 0) return true;
    }
    return false;
}

}  // namespace

std::vector<bool> lookalike_labels(const std::vector<std::u32string> &labels) {
    std::vector<bool> by_shape(labels.size()), lookalike(labels.size());
    for (size_t i = 0; i < labels.size(); ++i)  // rules 1 and 2
        by_shape[i] = !is_ascii(labels[i]) && (mixes_scripts(labels[i]) || ascii_shape_beside_latin(labels[i]));
    for (size_t i = 0; i < labels.size(); ++i)  // rule 3
        lookalike[i] = by_shape[i] || (label_reads_as_ascii(labels[i]) && !vouched_for(labels, i, by_shape));
    return lookalike;
}

}  // namespace ckey::payload
