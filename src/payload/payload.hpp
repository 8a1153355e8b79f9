// The result of classifying a payload, and the refusal every stage raises.
// spec/CKey-Payload-Conventions.md is the normative description.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace ckey::payload {

// Inputs longer than this are shown as text without being parsed.
inline constexpr size_t kInputCap = 8192;

enum class Kind { none = 0, web, email, call, message, geo, address, contact };

// Everything a classification yields. Strings are empty when absent; the
// canonical url is what an app opens, and what it shows comes from the same
// parse (display, address, number, label, name).
struct Payload {
    Kind kind = Kind::none;
    std::string url;      // canonical URL to open (web, email, call, message, geo)
    std::string display;  // web: the host to show (Unicode, or punycode when a label mixes scripts)
    std::string address;  // email: first recipient; address: the postal address, one line
    std::string number;   // call, message: the telephone subscriber (tel: without the scheme)
    std::string subject;  // email
    std::string body;     // email, message
    std::string label;    // geo
    std::string map_url;  // geo, address
    std::string vcard;    // contact: vCard text, CRLF line ends
    std::string name;     // contact: display name
    double latitude = 0, longitude = 0, altitude = 0, uncertainty = 0;
    bool has_altitude = false, has_uncertainty = false;
    bool lookalike = false;  // web, email, call, message: a host has a lookalike label (spec section 5)
    std::string reason;   // none: a stable token (spec section "Refusal reasons")
    std::string message;  // none: what was refused and why, in words
};

// Raised by any stage that refuses the input; classify() turns it into a
// Kind::none result. reason is a stable token, message names the value.
struct Refusal {
    std::string reason;
    std::string message;
};

[[noreturn]] void refuse(std::string_view reason, std::string message);

// The one entry point: never throws for any input.
Payload classify(std::string_view text);

}  // namespace ckey::payload
