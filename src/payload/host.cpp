// Stage: host validation for web URLs and email domains (DNS names, IP
// literals, IDN labels to punycode with the lookalike display rule).
#include "host.hpp"

#include "payload.hpp"
#include "text.hpp"

#include <algorithm>
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

std::vector<std::string_view> split_labels(std::string_view text) {
    std::vector<std::string_view> labels;
    for (size_t start = 0;;) {
        size_t dot = text.find('.', start);
        labels.push_back(text.substr(start, dot == std::string_view::npos ? std::string_view::npos : dot - start));
        if (dot == std::string_view::npos) return labels;
        start = dot + 1;
    }
}

// One label of a DNS name: what is opened, and the code points it stands for.
struct Label {
    std::string ascii;      // lower case; "xn--" and Punycode for an internationalised label
    std::u32string points;  // the U-label (for an LDH label, its own letters)
    bool idn = false;
};

// The label's code points with ASCII letters lowered, each one allowed in a host.
std::u32string label_points(std::string_view label, std::string_view text) {
    if (label.empty()) refuse("host", "host " + quoted(text) + " has an empty label (two dots, or a leading or trailing dot)");
    std::u32string points = decode_utf8(label, "the host");
    for (char32_t &c : points) {
        if (c >= 'A' && c <= 'Z') c += 32;
        if (!allowed_in_host(c)) {
            std::string shown;
            append_utf8(shown, c);
            refuse("host", "host " + quoted(text) + " holds " + quoted(shown) +
                               ", which a host name may not hold (small letters of the scripts of spec section 5, digits and '-'; capitals other than A-Z are not lowered)");
        }
    }
    if (points.front() == '-' || points.back() == '-') refuse("host", "host label " + quoted(label) + " starts or ends with '-'");
    return points;
}

// RFC 5891 section 4.2.3.1: "--" in the third and fourth places is kept for
// A-labels, so a U-label there would be shown as if it were one ("xn--ß").
void refuse_reserved_hyphens(const std::u32string &u_label, std::string_view label) {
    if (u_label.size() >= 4 && u_label[2] == '-' && u_label[3] == '-')
        refuse("host", "host label " + quoted(label) + " has \"--\" as its third and fourth characters, which only an A-label may");
}

// An A-label stands for the U-label it decodes to, which must itself be valid.
std::u32string a_label_points(const std::string &ascii, std::string_view label) {
    auto decoded = punycode_decode(std::string_view(ascii).substr(4));
    bool valid = decoded && !decoded->empty() && decoded->front() != '-' && decoded->back() != '-' &&
                 "xn--" + punycode_encode(*decoded) == ascii;
    bool any_non_ascii = false;
    for (char32_t c : valid ? *decoded : std::u32string()) {
        if (c >= 0x80) any_non_ascii = true;
        if (!allowed_in_host(c)) valid = false;
    }
    if (!valid || !any_non_ascii)
        refuse("host", "host label " + quoted(label) + " is not the canonical punycode of a host label with allowed letters");
    refuse_reserved_hyphens(*decoded, label);
    return *decoded;
}

Label parse_label(std::string_view label, std::string_view text) {
    Label out;
    out.points = label_points(label, text);
    bool ascii = std::all_of(out.points.begin(), out.points.end(), [](char32_t c) { return c < 0x80; });
    if (ascii) {
        for (char32_t c : out.points) out.ascii += static_cast<char>(c);
        if (out.ascii.size() > 63)
            refuse("host", "host label " + quoted(label) + " is " + std::to_string(out.ascii.size()) + " bytes; at most 63 are allowed");
        out.idn = out.ascii.size() > 4 && out.ascii.compare(0, 4, "xn--") == 0;
        if (out.idn) out.points = a_label_points(out.ascii, label);
        return out;
    }
    if (out.points.size() > 63) refuse("host", "host label " + quoted(label) + " is longer than 63 characters");
    refuse_reserved_hyphens(out.points, label);
    out.ascii = "xn--" + punycode_encode(out.points);
    out.idn = true;
    if (out.ascii.size() > 63)
        refuse("host", "host label " + quoted(label) + " is " + std::to_string(out.ascii.size()) +
                           " bytes as ASCII; at most 63 are allowed");
    return out;
}

// A label is shown as its U-label unless it is a lookalike, and then as its
// A-label, so the same host looks the same however the payload spelled it.
Host parse_dns_name(std::string_view text, const std::vector<std::string_view> &parts) {
    std::vector<Label> labels;
    std::vector<std::u32string> points;
    for (std::string_view part : parts) {
        labels.push_back(parse_label(part, text));
        points.push_back(labels.back().points);
    }
    std::vector<bool> lookalike = lookalike_labels(points);
    Host host;
    for (size_t i = 0; i < labels.size(); ++i) {
        if (i > 0) {
            host.ascii += '.';
            host.display += '.';
        }
        host.ascii += labels[i].ascii;
        if (labels[i].idn && !lookalike[i]) {
            for (char32_t c : labels[i].points) append_utf8(host.display, c);
        } else {
            host.display += labels[i].ascii;
        }
        host.lookalike = host.lookalike || lookalike[i];
    }
    if (host.ascii.size() > 253)
        refuse("host", "host is " + std::to_string(host.ascii.size()) + " bytes as ASCII; at most 253 are allowed");
    return host;
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
    std::vector<std::string_view> labels = split_labels(text);
    std::string_view last = labels.back();
    bool numeric = all_digits(last) || (last.size() >= 2 && last[0] == '0' && lower(last[1]) == 'x');
    if (numeric) {
        if (!allow_ip || !is_ipv4(text))
            refuse("host", "host " + quoted(text) +
                               " ends in a number but is not a dotted-quad IPv4 address (four parts 0...255, no leading zeros)");
        return {std::string(text), std::string(text)};
    }
    return parse_dns_name(text, labels);
}

}  // namespace ckey::payload
