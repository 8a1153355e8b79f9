// Stage: tel: (RFC 3966). Global numbers, or local numbers that carry a
// phone-context; no '*' or '#' anywhere, so no USSD or MMI code can be dialled.
#include "forms.hpp"
#include "text.hpp"

namespace ckey::payload {

namespace {

constexpr size_t kMaxDigits = 15;  // E.164

bool is_visual_separator(char c, bool allow_spaces) {
    return c == '-' || c == '.' || c == '(' || c == ')' || (allow_spaces && c == ' ');
}

// Digits with visual separators, returned as digits only.
std::string phone_digits(std::string_view text, bool allow_spaces, std::string_view what) {
    std::string digits;
    for (char c : text) {
        if (is_digit(c)) {
            digits += c;
        } else if (!is_visual_separator(c, allow_spaces)) {
            refuse("syntax", std::string(what) + " " + quoted(text) + " holds " + quoted(std::string(1, c)) +
                                 "; only digits and the visual separators - . ( ) are allowed");
        }
    }
    if (digits.empty()) refuse("syntax", std::string(what) + " " + quoted(text) + " has no digits");
    if (digits.size() > kMaxDigits)
        refuse("syntax", std::string(what) + " " + quoted(text) + " has " + std::to_string(digits.size()) +
                             " digits; at most 15 (E.164) are allowed");
    return digits;
}

// "+digits", or a domain name in ASCII form (lookalike: it has a lookalike label).
std::string phone_context(std::string_view value, bool &lookalike) {
    if (value[0] == '+') return "+" + phone_digits(value.substr(1), false, "phone-context");
    if (value.find('.') == std::string_view::npos && value.find_first_not_of("0123456789") == std::string_view::npos)
        refuse("syntax", "phone-context " + quoted(value) + " must be +digits or a domain name");
    Host host = parse_host(value, false);
    lookalike = host.lookalike;
    return host.ascii;
}

}  // namespace

Subscriber parse_telephone_subscriber(std::string_view text, bool allow_spaces) {
    if (text.find_first_of("*#") != std::string_view::npos)
        refuse("ussd", "telephone number " + quoted(text) +
                           " holds '*' or '#', which dial USSD or MMI codes (they can change phone settings); not allowed");
    if (text.find('%') != std::string_view::npos) {
        std::string low = lower(text);
        if (low.find("%2a") != std::string::npos || low.find("%23") != std::string::npos)
            refuse("ussd", "telephone number " + quoted(text) + " holds an encoded '*' or '#' (USSD or MMI); not allowed");
        refuse("syntax", "telephone number " + quoted(text) + " holds '%'; no percent-encoding is accepted in numbers");
    }
    size_t semi = text.find(';');
    std::string_view number = text.substr(0, semi);
    bool global = !number.empty() && number[0] == '+';
    std::string digits = phone_digits(global ? number.substr(1) : number, allow_spaces, "telephone number");
    if (global && (digits.size() < 3)) refuse("syntax", "global number " + quoted(number) + " has fewer than 3 digits");
    std::string ext, context;
    bool lookalike = false;
    while (semi != std::string_view::npos) {
        size_t next = text.find(';', semi + 1);
        std::string_view param = text.substr(semi + 1, next == std::string_view::npos ? next : next - semi - 1);
        size_t eq = param.find('=');
        std::string name = lower(param.substr(0, eq));
        std::string_view value = eq == std::string_view::npos ? std::string_view{} : param.substr(eq + 1);
        if (eq == std::string_view::npos || value.empty())
            refuse("syntax", "tel: parameter " + quoted(param) + " must be name=value");
        if (name == "ext") {
            if (!ext.empty()) refuse("syntax", "tel: has two ext parameters");
            ext = phone_digits(value, false, "extension");
        } else if (name == "phone-context") {
            if (!context.empty()) refuse("syntax", "tel: has two phone-context parameters");
            context = phone_context(value, lookalike);
        } else {
            refuse("syntax", "tel: parameter " + quoted(name) + " is not accepted; only ext and phone-context are");
        }
        semi = next;
    }
    if (global && !context.empty())
        refuse("syntax", "global number " + quoted(number) + " must not carry a phone-context");
    if (!global && context.empty())
        refuse("context", "local number " + quoted(number) +
                              " has no phone-context, so where it rings depends on the phone; write it as +<country><number>");
    std::string out;
    if (global) out.push_back('+');
    out += digits;
    if (!ext.empty()) out += ";ext=" + ext;
    if (!context.empty()) out += ";phone-context=" + context;
    return {out, lookalike};
}

Payload parse_tel(std::string_view text) {
    check_line(text, "the tel: URL");
    Payload p;
    p.kind = Kind::call;
    Subscriber subscriber = parse_telephone_subscriber(text.substr(4), false);
    p.number = subscriber.text;
    p.lookalike = subscriber.lookalike;
    p.url = "tel:" + p.number;
    return p;
}

}  // namespace ckey::payload
