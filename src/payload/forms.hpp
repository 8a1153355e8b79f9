// The allowlisted forms, one parser per file. Each parser receives the whole
// payload (already size- and text-checked), returns a classified Payload, or
// refuses. Contacts reuse the tel, email and web parsers for embedded values.
#pragma once

#include "host.hpp"
#include "payload.hpp"

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace ckey::payload {

Payload parse_web(std::string_view text);      // web.cpp: http:, https:
Payload parse_mailto(std::string_view text);   // mailto.cpp: mailto: (RFC 6068)
Payload parse_matmsg(std::string_view text);   // mailto.cpp: MATMSG:
Payload parse_tel(std::string_view text);      // tel.cpp: tel: (RFC 3966)
Payload parse_sms(std::string_view text);      // sms.cpp: sms: (RFC 5724)
Payload parse_smsto(std::string_view text);    // sms.cpp: SMSTO:
Payload parse_geo(std::string_view text);      // geo.cpp: geo: (RFC 5870)
Payload parse_address(std::string_view text);  // address.cpp: ADR:
Payload parse_vcard(std::string_view text);    // vcard.cpp: BEGIN:VCARD 3.0 / 4.0
Payload parse_mecard(std::string_view text);   // mecard.cpp: MECARD:

// An email address (addr-spec with a dot-atom local part and a DNS domain).
struct EmailAddress {
    std::string ascii;       // for the URL: the domain as punycode
    std::string display;     // for the screen: the host's display form
    bool lookalike = false;  // the domain has a lookalike label
};
EmailAddress parse_email_address(std::string_view text);  // mailto.cpp

// A telephone-subscriber (RFC 3966) re-serialised: "+<digits>[;ext=<digits>]"
// or "<digits>;phone-context=<context>[...]". allow_spaces admits spaces as
// visual separators (contact text values only).
struct Subscriber {
    std::string text;
    bool lookalike = false;  // the phone-context domain has a lookalike label
};
Subscriber parse_telephone_subscriber(std::string_view text, bool allow_spaces);  // tel.cpp

// MECARD-style records ("NAME:value;NAME:value;;") split on unescaped ';',
// with backslash escapes removed. Field names are returned in upper case.
std::vector<std::pair<std::string, std::string>> split_mecard_fields(std::string_view body, std::string_view what);  // mecard.cpp

// vCard text escaping (backslash, comma, semicolon, newline).
std::string vcard_escape(std::string_view text);  // vcard.cpp

// Builds the canonical mailto: URL for parsed parts (mailto.cpp).
std::string mailto_url(std::string_view to, std::string_view subject, std::string_view body);

}  // namespace ckey::payload
