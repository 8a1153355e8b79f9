// Host names: DNS labels, IPv4 and IPv6 literals, and internationalised
// labels (punycode, scripts). spec/CKey-Payload-Conventions.md, section 4.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace ckey::payload {

struct Host {
    std::string ascii;    // what is opened: lower case, IDN labels as xn--punycode
    std::string display;  // what is shown: Unicode labels, but punycode for a label that mixes scripts
};

// Validates a host. allow_ip admits a dotted-quad IPv4 address and a
// bracketed IPv6 literal (web URLs); email domains take names only.
// Refuses "host" naming the fault.
Host parse_host(std::string_view text, bool allow_ip);

// RFC 3492 Punycode of one label's code points (without the "xn--").
std::string punycode_encode(const std::u32string &label);
// Its inverse; nullopt for text that is not valid Punycode.
std::optional<std::u32string> punycode_decode(std::string_view text);

// The Unicode scripts a host label may use; `unknown` code points are
// refused in hosts. `common` is ASCII digits and the hyphen.
enum class Script { unknown, common, latin, greek, cyrillic, armenian, hebrew, arabic, devanagari, bengali,
                    thai, georgian, hangul, hiragana, katakana, bopomofo, han };
Script script_of(char32_t c);
const char *script_name(Script script);

// True when the label's scripts are not one script, nor one of the
// combinations UTS #39 "highly restrictive" allows (Latin with Han and
// Hiragana/Katakana, with Han and Hangul, or with Han and Bopomofo).
bool mixes_scripts(const std::u32string &label);

}  // namespace ckey::payload
