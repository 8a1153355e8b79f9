// Stage: web URLs (http:, https:). One strict parse yields both the URL that
// is opened and the host that is shown.
#include "forms.hpp"
#include "text.hpp"

namespace ckey::payload {

namespace {

// RFC 3986 characters allowed in path, query and fragment besides '%' and '#'.
bool is_url_char(char c) {
    if (is_alpha(c) || is_digit(c)) return true;
    switch (c) {
    case '-': case '.': case '_': case '~': case '!': case '$': case '&': case '\'': case '(': case ')':
    case '*': case '+': case ',': case ';': case '=': case ':': case '@': case '/': case '?':
        return true;
    default:
        return false;
    }
}

std::string canonical_port(std::string_view port) {
    if (port.empty() || port.size() > 5) refuse("port", "port " + quoted(port) + " must be 1 to 5 digits");
    unsigned value = 0;
    for (char c : port) {
        if (!is_digit(c)) refuse("port", "port " + quoted(port) + " must be digits only");
        value = value * 10 + static_cast<unsigned>(c - '0');
    }
    if (value == 0 || value > 65535) refuse("port", "port " + quoted(port) + " is outside 1...65535");
    return std::to_string(value);
}

}  // namespace

Payload parse_web(std::string_view text) {
    size_t colon = text.find(':');
    std::string scheme = lower(text.substr(0, colon));
    if (colon == std::string_view::npos || (scheme != "http" && scheme != "https"))
        refuse("scheme", "a web URL must start with http: or https:");
    if (text.find('\\') != std::string_view::npos)
        refuse("backslash", "the URL holds a backslash, which some parsers read as '/'; none are allowed");
    check_line(text, "the URL");
    std::string_view rest = text.substr(colon + 1);
    if (rest.substr(0, 2) != "//") refuse("syntax", "a web URL must be " + scheme + "://host[:port][/path]");
    rest.remove_prefix(2);
    size_t end = rest.find_first_of("/?#");
    std::string_view authority = rest.substr(0, end);
    std::string_view tail = end == std::string_view::npos ? std::string_view{} : rest.substr(end);
    if (authority.find('@') != std::string_view::npos)
        refuse("userinfo", "the URL has userinfo ('@' before the host in " + quoted(authority) +
                               "), which can make one host look like another; it is not allowed");
    std::string_view host_text = authority, port_text;
    bool has_port = false;
    if (!authority.empty() && authority[0] == '[') {
        size_t close = authority.find(']');
        if (close == std::string_view::npos) refuse("host", "IPv6 literal " + quoted(authority) + " has no ']'");
        host_text = authority.substr(0, close + 1);
        std::string_view after = authority.substr(close + 1);
        if (!after.empty()) {
            if (after[0] != ':') refuse("host", "unexpected " + quoted(after) + " after the IPv6 literal");
            port_text = after.substr(1);
            has_port = true;
        }
    } else if (size_t c = authority.rfind(':'); c != std::string_view::npos) {
        host_text = authority.substr(0, c);
        port_text = authority.substr(c + 1);
        has_port = true;
    }
    Host host = parse_host(host_text, true);
    Payload p;
    p.kind = Kind::web;
    p.url = scheme + "://" + host.ascii;
    if (has_port) {
        p.url += ':';
        p.url += canonical_port(port_text);
    }
    bool fragment = false;
    for (size_t i = 0; i < tail.size(); ++i) {
        char c = tail[i];
        unsigned char u = static_cast<unsigned char>(c);
        if (u >= 0x80) {  // an IRI character: sent percent-encoded (RFC 3987, 3.1)
            append_percent(p.url, u);
        } else if (c == '%') {
            if (i + 2 >= tail.size() || !is_hex(tail[i + 1]) || !is_hex(tail[i + 2]))
                refuse("syntax", "the URL has a '%' not followed by two hex digits");
            p.url += c;
        } else if (c == '#') {
            if (fragment) refuse("syntax", "the URL has a second '#'");
            fragment = true;
            p.url += c;
        } else if (is_url_char(c)) {
            p.url += c;
        } else {
            refuse("syntax", std::string("the URL holds '") + c + "', which RFC 3986 does not allow unencoded");
        }
    }
    p.display = host.display;
    p.lookalike = host.lookalike;
    return p;
}

}  // namespace ckey::payload
