// Stage: the entry point. Caps the input, checks the text, recognises the
// form by its exact prefix and hands it to that form's parser. Anything not
// recognised, or refused by its parser, is Kind::none: shown as text.
#include "forms.hpp"
#include "text.hpp"

namespace ckey::payload {

void refuse(std::string_view reason, std::string message) { throw Refusal{std::string(reason), std::move(message)}; }

namespace {

// RFC 3986 scheme: ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) followed by ':'.
std::string scheme_of(std::string_view text) {
    if (text.empty() || !is_alpha(text[0])) return {};
    for (size_t i = 1; i < text.size() && i < 64; ++i) {
        char c = text[i];
        if (c == ':') return lower(text.substr(0, i));
        if (!is_alpha(c) && !is_digit(c) && c != '+' && c != '-' && c != '.') return {};
    }
    return {};
}

Payload dispatch(std::string_view text) {
    if (text.empty()) refuse("empty", "the payload is empty");
    if (text.size() > kInputCap)
        refuse("oversize", "the payload is " + std::to_string(text.size()) + " bytes; payloads over " +
                               std::to_string(kInputCap) + " bytes are shown as text without being parsed");
    check_input(text);
    // Record forms first: their prefixes also look like URI schemes.
    if (istarts_with(text, "BEGIN:VCARD")) return parse_vcard(text);
    if (istarts_with(text, "MECARD:")) return parse_mecard(text);
    if (istarts_with(text, "MATMSG:")) return parse_matmsg(text);
    if (istarts_with(text, "SMSTO:")) return parse_smsto(text);
    if (istarts_with(text, "ADR:")) return parse_address(text);
    std::string scheme = scheme_of(text);
    if (scheme == "http" || scheme == "https") return parse_web(text);
    if (scheme == "mailto") return parse_mailto(text);
    if (scheme == "tel") return parse_tel(text);
    if (scheme == "sms") return parse_sms(text);
    if (scheme == "geo") return parse_geo(text);
    if (scheme == "url" || scheme == "uri")
        refuse("scheme", "the " + quoted(text.substr(0, 4)) +
                             " prefix is not a form CKey accepts; the text after it is not opened (prefix tricks hide the real target)");
    if (!scheme.empty())
        refuse("scheme", "scheme " + quoted(scheme) +
                             " is not allowlisted; only http, https, mailto, tel, sms and geo open anything");
    refuse("text", "plain text: no allowlisted form");
}

}  // namespace

Payload classify(std::string_view text) {
    try {
        Payload p = dispatch(text);
        // Percent-encoding and punycode can lengthen a URL; what is opened must
        // itself be a payload CKey would accept.
        if (p.url.size() > kInputCap)
            refuse("oversize", "the canonical URL is " + std::to_string(p.url.size()) + " bytes; at most " +
                                   std::to_string(kInputCap) + " are allowed");
        return p;
    } catch (const Refusal &refusal) {
        Payload p;
        p.reason = refusal.reason;
        p.message = refusal.message;
        return p;
    }
}

}  // namespace ckey::payload
