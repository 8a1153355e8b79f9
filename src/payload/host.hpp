// Host names: DNS labels, IPv4 and IPv6 literals, and internationalised
// labels (punycode, scripts). spec/CKey-Payload-Conventions.md, section 5.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ckey::payload {

struct Host {
    std::string ascii;       // what is opened: lower case, IDN labels as xn--punycode
    std::string display;     // what is shown: Unicode labels, but punycode for a lookalike label
    bool lookalike = false;  // a label is a lookalike (spec section 5), so display shows it as punycode
};

// Validates a host. allow_ip admits a dotted-quad IPv4 address and a
// bracketed IPv6 literal (web URLs); email domains take names only.
// Refuses "host" naming the fault.
Host parse_host(std::string_view text, bool allow_ip);

// RFC 3492 Punycode of one label's code points (without the "xn--").
std::string punycode_encode(const std::u32string &label);
// Its inverse; nullopt for text that is not valid Punycode.
std::optional<std::u32string> punycode_decode(std::string_view text);

// The code points a host label may hold, from the table that
// tools/make-unicode-tables.py generates from the Unicode data (spec section 5):
// ASCII lower-case letters, digits and '-', and the assigned code points of the
// spec's ranges that are not capitals. Everything else is refused in a host.
bool allowed_in_host(char32_t c);

// A code point's UTS #39 script set (section 5.1): the kScript* bits of its
// Script_Extensions and their augmented sets (Japanese, Korean, Han with
// Bopomofo); kScriptAll for Common and Inherited ones, 0 when not allowed.
uint64_t script_set(char32_t c);

// The resolved script set of a label: the intersection of its code points'
// script sets, leaving out code points whose set meets `skip`.
uint64_t resolved_scripts(const std::u32string &label, uint64_t skip = 0);

// Flags of the generated table (spec section 5): a letter whose script set
// holds Latin (ASCII letters included), and a non-ASCII code point that reads
// as ASCII (раураӏ, ǀ, ọ, ノ, 丨, ー). Both false for code points not allowed.
bool is_latin_letter(char32_t c);
bool reads_as_ascii(char32_t c);

// True when the label's resolved script set is empty and it is not in one of
// the UTS #39 "highly restrictive" combinations (Latin with Han and
// Hiragana/Katakana, with Han and Hangul, or with Han and Bopomofo).
bool mixes_scripts(const std::u32string &label);

// For each label of a host (its code points; an A-label as the U-label it
// stands for), whether it is a lookalike: it mixes scripts, holds a code point
// that reads as ASCII beside a Latin letter, or reads as ASCII as a whole and
// no other label in its script vouches for it. ASCII labels never are.
std::vector<bool> lookalike_labels(const std::vector<std::u32string> &labels);

}  // namespace ckey::payload
