// Stage 1: text checks (UTF-8, controls, bidi, invisible) and percent-coding.
#include "text.hpp"

#include "payload.hpp"

#include <cstdio>

namespace ckey::payload {

bool is_control(char32_t c) {
    if (c < 0x20 || (c >= 0x7F && c <= 0x9F)) return true;
    if (c == 0x2028 || c == 0x2029) return true;
    if (c >= 0xFDD0 && c <= 0xFDEF) return true;
    return (c & 0xFFFE) == 0xFFFE;
}

bool is_bidi_control(char32_t c) {
    return c == 0x061C || c == 0x200E || c == 0x200F || (c >= 0x202A && c <= 0x202E) ||
           (c >= 0x2066 && c <= 0x2069);
}

bool is_invisible(char32_t c) {
    switch (c) {
    case 0x00AD: case 0x034F: case 0x115F: case 0x1160: case 0x17B4: case 0x17B5:
    case 0x3164: case 0xFEFF: case 0xFFA0:
        return true;
    default:
        break;
    }
    return (c >= 0x180B && c <= 0x180E) || (c >= 0x200B && c <= 0x200D) || (c >= 0x2060 && c <= 0x2064) ||
           (c >= 0xFFF9 && c <= 0xFFFB) || (c >= 0x1D173 && c <= 0x1D17A) || (c >= 0xE0000 && c <= 0xE0FFF);
}

std::u32string decode_utf8(std::string_view text, std::string_view what) {
    std::u32string out;
    out.reserve(text.size());
    size_t i = 0;
    while (i < text.size()) {
        unsigned char b = static_cast<unsigned char>(text[i]);
        char32_t c;
        size_t extra;
        char32_t min;
        if (b < 0x80) { c = b; extra = 0; min = 0; }
        else if ((b & 0xE0) == 0xC0) { c = b & 0x1F; extra = 1; min = 0x80; }
        else if ((b & 0xF0) == 0xE0) { c = b & 0x0F; extra = 2; min = 0x800; }
        else if ((b & 0xF8) == 0xF0) { c = b & 0x07; extra = 3; min = 0x10000; }
        else refuse("utf8", std::string(what) + " is not valid UTF-8: byte " + std::to_string(b) + " at offset " +
                                std::to_string(i) + " cannot start a character");
        if (extra > 0 && i + extra >= text.size())
            refuse("utf8", std::string(what) + " is not valid UTF-8: the character at offset " + std::to_string(i) +
                               " is cut short");
        for (size_t k = 1; k <= extra; ++k) {
            unsigned char t = static_cast<unsigned char>(text[i + k]);
            if ((t & 0xC0) != 0x80)
                refuse("utf8", std::string(what) + " is not valid UTF-8: offset " + std::to_string(i + k) +
                                   " is not a continuation byte");
            c = (c << 6) | (t & 0x3F);
        }
        if (c < min || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF))
            refuse("utf8", std::string(what) + " is not valid UTF-8: overlong form, surrogate or value past U+10FFFF at offset " +
                               std::to_string(i));
        out.push_back(c);
        i += extra + 1;
    }
    return out;
}

void append_utf8(std::string &out, char32_t c) {
    if (c < 0x80) {
        out += static_cast<char>(c);
    } else if (c < 0x800) {
        out += static_cast<char>(0xC0 | (c >> 6));
        out += static_cast<char>(0x80 | (c & 0x3F));
    } else if (c < 0x10000) {
        out += static_cast<char>(0xE0 | (c >> 12));
        out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (c & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (c >> 18));
        out += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (c & 0x3F));
    }
}

namespace {

std::string code_point(char32_t c) {
    char buffer[16];
    std::snprintf(buffer, sizeof buffer, "U+%04X", static_cast<unsigned>(c));
    return buffer;
}

}  // namespace

void check_input(std::string_view text) {
    for (char32_t c : decode_utf8(text, "the payload")) {
        if (is_bidi_control(c))
            refuse("bidi", "the payload holds the bidi control " + code_point(c) +
                               ", which can reorder what is shown; no bidi controls are allowed");
        if (is_invisible(c))
            refuse("invisible", "the payload holds the invisible character " + code_point(c) +
                                    ", which hides text; no zero-width or invisible characters are allowed");
    }
}

void check_line(std::string_view value, std::string_view what, bool allow_empty) {
    if (value.empty() && !allow_empty) refuse("syntax", std::string(what) + " is empty");
    for (char32_t c : decode_utf8(value, what)) {
        if (is_control(c))
            refuse("control", std::string(what) + " holds the control character " + code_point(c) +
                                  "; control characters (CR and LF included) are not allowed");
        if (is_bidi_control(c))
            refuse("bidi", std::string(what) + " holds the bidi control " + code_point(c) + "; none are allowed");
        if (is_invisible(c))
            refuse("invisible", std::string(what) + " holds the invisible character " + code_point(c) +
                                    "; none are allowed");
    }
}

bool is_alpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_hex(char c) { return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }
char lower(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c + 32) : c; }

std::string lower(std::string_view text) {
    std::string out(text);
    for (char &c : out) c = lower(c);
    return out;
}

bool iequals(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    for (size_t i = 0; i < a.size(); ++i)
        if (lower(a[i]) != lower(b[i])) return false;
    return true;
}

bool istarts_with(std::string_view text, std::string_view prefix) {
    return text.size() >= prefix.size() && iequals(text.substr(0, prefix.size()), prefix);
}

namespace {

int hex_value(char c) {
    if (is_digit(c)) return c - '0';
    return lower(c) - 'a' + 10;
}

}  // namespace

std::string percent_decode(std::string_view text, std::string_view what) {
    std::string out;
    out.reserve(text.size());
    for (size_t i = 0; i < text.size(); ++i) {
        if (text[i] != '%') {
            out += text[i];
            continue;
        }
        if (i + 2 >= text.size() || !is_hex(text[i + 1]) || !is_hex(text[i + 2]))
            refuse("syntax", std::string(what) + " has a '%' at offset " + std::to_string(i) +
                                 " not followed by two hex digits");
        out += static_cast<char>(hex_value(text[i + 1]) * 16 + hex_value(text[i + 2]));
        i += 2;
    }
    return out;
}

void append_percent(std::string &out, unsigned char byte) {
    static const char digits[] = "0123456789ABCDEF";
    out += '%';
    out += digits[byte >> 4];
    out += digits[byte & 15];
}

std::string percent_encode(std::string_view text) {
    std::string out;
    out.reserve(text.size() * 3);
    for (char ch : text) {
        if (is_alpha(ch) || is_digit(ch) || ch == '-' || ch == '.' || ch == '_' || ch == '~') out += ch;
        else append_percent(out, static_cast<unsigned char>(ch));
    }
    return out;
}

std::string_view trim_spaces(std::string_view text) {
    while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
    while (!text.empty() && text.back() == ' ') text.remove_suffix(1);
    return text;
}

std::string quoted(std::string_view text) {
    std::string out = "'";
    size_t shown = 0;
    for (char ch : text) {
        if (shown >= 60) {
            out += "...";
            break;
        }
        unsigned char c = static_cast<unsigned char>(ch);
        if (c >= 0x20 && c < 0x7F && ch != '\'' && ch != '\\') {
            out += ch;
        } else {
            char buffer[8];
            std::snprintf(buffer, sizeof buffer, "\\x%02X", c);
            out += buffer;
        }
        ++shown;
    }
    return out + "'";
}

}  // namespace ckey::payload
