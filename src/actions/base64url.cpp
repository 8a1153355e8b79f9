// Canonical base64url: one accepted text form per byte string.
#include "base64url.hpp"

namespace ckey::actions {

namespace {
const char kAlphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

int value_of(char c) {
    if (c >= 'A' && c <= 'Z') return c - 'A';
    if (c >= 'a' && c <= 'z') return c - 'a' + 26;
    if (c >= '0' && c <= '9') return c - '0' + 52;
    if (c == '-') return 62;
    if (c == '_') return 63;
    return -1;
}
}  // namespace

Base64Error base64url_decode(std::string_view text, std::vector<uint8_t> &out) {
    out.clear();
    for (char c : text)
        if (c == '=') return Base64Error::padding;
    if (text.size() % 4 == 1) return Base64Error::invalid;
    out.reserve(text.size() * 3 / 4);
    uint32_t bits = 0;
    int count = 0;
    for (char c : text) {
        int v = value_of(c);
        if (v < 0) return Base64Error::invalid;
        bits = (bits << 6) | static_cast<uint32_t>(v);
        count += 6;
        if (count >= 8) {
            count -= 8;
            out.push_back(static_cast<uint8_t>(bits >> count));
            bits &= (1u << count) - 1;
        }
    }
    // Two or four bits are left over for lengths 2 and 3 mod 4; they must be zero.
    if (bits != 0) return Base64Error::non_canonical;
    return Base64Error::none;
}

std::string base64url_encode(const uint8_t *data, size_t length) {
    std::string out;
    out.reserve((length * 4 + 2) / 3);
    size_t i = 0;
    for (; i + 3 <= length; i += 3) {
        uint32_t v = (uint32_t(data[i]) << 16) | (uint32_t(data[i + 1]) << 8) | data[i + 2];
        for (int shift = 18; shift >= 0; shift -= 6) out.push_back(kAlphabet[(v >> shift) & 63]);
    }
    if (length - i == 1) {
        uint32_t v = uint32_t(data[i]) << 16;
        out.push_back(kAlphabet[(v >> 18) & 63]);
        out.push_back(kAlphabet[(v >> 12) & 63]);
    } else if (length - i == 2) {
        uint32_t v = (uint32_t(data[i]) << 16) | (uint32_t(data[i + 1]) << 8);
        out.push_back(kAlphabet[(v >> 18) & 63]);
        out.push_back(kAlphabet[(v >> 12) & 63]);
        out.push_back(kAlphabet[(v >> 6) & 63]);
    }
    return out;
}

}  // namespace ckey::actions
