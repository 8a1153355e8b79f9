// Stage: host validation for web URLs and email domains (DNS names, IP
// literals, IDN labels to punycode with the mixed-script display rule).
#include "host.hpp"

#include "payload.hpp"
#include "text.hpp"

#include <vector>

namespace ckey::payload {

namespace {

bool all_digits(std::string_view s) {
    if (s.empty()) return false;
    for (char c : s)
        if (!is_digit(c)) return false;
    return true;
}

// Four decimal parts 0...255 without leading zeros. Other numeric forms
// (2130706433, 0x7f.1, 0177.0.0.1) are read as addresses by some parsers and
// as names by others, so they are refused rather than guessed.
bool is_ipv4(std::string_view s) {
    int parts = 0;
    size_t start = 0;
    while (true) {
        size_t dot = s.find('.', start);
        std::string_view part = s.substr(start, dot == std::string_view::npos ? std::string_view::npos : dot - start);
        if (!all_digits(part) || part.size() > 3 || (part.size() > 1 && part[0] == '0')) return false;
        if (std::stoi(std::string(part)) > 255) return false;
        ++parts;
        if (dot == std::string_view::npos) break;
        start = dot + 1;
    }
    return parts == 4;
}

bool is_ipv6(std::string_view s) {
    int groups = 0;
    bool compressed = false;
    size_t i = 0;
    if (s.substr(0, 2) == "::") {
        compressed = true;
        i = 2;
        if (i == s.size()) return true;
    } else if (!s.empty() && s[0] == ':') {
        return false;
    }
    while (i < s.size()) {
        size_t end = i;
        while (end < s.size() && is_hex(s[end])) ++end;
        if (end < s.size() && s[end] == '.') {  // a trailing dotted IPv4 part
            if (!is_ipv4(s.substr(i))) return false;
            groups += 2;
            i = s.size();
            break;
        }
        if (end == i || end - i > 4) return false;
        ++groups;
        i = end;
        if (i == s.size()) break;
        if (s[i] != ':') return false;
        ++i;
        if (i < s.size() && s[i] == ':') {
            if (compressed) return false;
            compressed = true;
            ++i;
            if (i == s.size()) break;
        } else if (i == s.size()) {
            return false;
        }
    }
    return compressed ? groups < 8 : groups == 8;
}

}  // namespace

Host parse_host(std::string_view text, bool allow_ip) {
    if (text.empty()) refuse("host", "the host is empty");
    if (text.size() > 253 * 4) refuse("host", "the host is " + std::to_string(text.size()) + " bytes; at most 253 are allowed");
    if (text[0] == '[') {
        if (!allow_ip) refuse("host", "IP literal " + quoted(text) + " is not allowed here; use a domain name");
        if (text.back() != ']' || !is_ipv6(text.substr(1, text.size() - 2)))
            refuse("host", "IPv6 literal " + quoted(text) + " is not valid (RFC 3986 IPv6address, no zone)");
        return {lower(text), lower(text)};
    }
    std::vector<std::string_view> labels;
    for (size_t start = 0;;) {
        size_t dot = text.find('.', start);
        labels.push_back(text.substr(start, dot == std::string_view::npos ? std::string_view::npos : dot - start));
        if (dot == std::string_view::npos) break;
        start = dot + 1;
    }
    std::string_view last = labels.back();
    bool numeric = all_digits(last) || (last.size() >= 2 && last[0] == '0' && lower(last[1]) == 'x');
    if (numeric) {
        if (!allow_ip || !is_ipv4(text))
            refuse("host", "host " + quoted(text) +
                               " ends in a number but is not a dotted-quad IPv4 address (four parts 0...255, no leading zeros)");
        return {std::string(text), std::string(text)};
    }
    Host host;
    for (size_t i = 0; i < labels.size(); ++i) {
        std::string_view label = labels[i];
        if (label.empty())
            refuse("host", "host " + quoted(text) + " has an empty label (two dots, or a leading or trailing dot)");
        std::u32string points = decode_utf8(label, "the host");
        bool ascii = true;
        for (char32_t &c : points) {
            if (c >= 'A' && c <= 'Z') c += 32;
            if (c >= 0x80) ascii = false;
            if (!allowed_in_host(c)) {
                std::string shown;
                append_utf8(shown, c);
                refuse("host", "host " + quoted(text) + " holds " + quoted(shown) +
                                   ", which a host name may not hold (small letters of the scripts of spec section 5, digits and '-'; capitals other than A-Z are not lowered)");
            }
        }
        if (points.front() == '-' || points.back() == '-')
            refuse("host", "host label " + quoted(label) + " starts or ends with '-'");
        std::string ascii_label, display_label;
        if (ascii) {
            for (char32_t c : points) ascii_label += static_cast<char>(c);
            display_label = ascii_label;
            if (ascii_label.size() > 63)
                refuse("host", "host label " + quoted(label) + " is " + std::to_string(ascii_label.size()) +
                                   " bytes; at most 63 are allowed");
            if (ascii_label.size() > 4 && ascii_label.compare(0, 4, "xn--") == 0) {
                // An A-label is shown like the U-label it stands for, so the
                // same host looks the same however the payload spelled it.
                auto decoded = punycode_decode(std::string_view(ascii_label).substr(4));
                bool valid = decoded && !decoded->empty();
                bool any_non_ascii = false;
                if (valid) {
                    for (char32_t c : *decoded) {
                        if (c >= 0x80) any_non_ascii = true;
                        if (!allowed_in_host(c)) valid = false;
                    }
                }
                if (!valid || !any_non_ascii || decoded->front() == '-' || decoded->back() == '-' ||
                    "xn--" + punycode_encode(*decoded) != ascii_label)
                    refuse("host", "host label " + quoted(label) +
                                       " is not the canonical punycode of a host label with allowed letters");
                if (!mixes_scripts(*decoded)) {
                    display_label.clear();
                    for (char32_t c : *decoded) append_utf8(display_label, c);
                }
            }
        } else {
            if (points.size() > 63) refuse("host", "host label " + quoted(label) + " is longer than 63 characters");
            ascii_label = "xn--" + punycode_encode(points);
            if (mixes_scripts(points)) {
                display_label = ascii_label;
            } else {
                for (char32_t c : points) append_utf8(display_label, c);
            }
        }
        if (ascii_label.size() > 63)
            refuse("host", "host label " + quoted(label) + " is " + std::to_string(ascii_label.size()) +
                               " bytes as ASCII; at most 63 are allowed");
        if (i > 0) {
            host.ascii += '.';
            host.display += '.';
        }
        host.ascii += ascii_label;
        host.display += display_label;
    }
    if (host.ascii.size() > 253)
        refuse("host", "host is " + std::to_string(host.ascii.size()) + " bytes as ASCII; at most 253 are allowed");
    return host;
}

}  // namespace ckey::payload
