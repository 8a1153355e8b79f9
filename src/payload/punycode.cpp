// Stage: RFC 3492 Punycode encoding of internationalised host labels.
#include "host.hpp"

#include "payload.hpp"

namespace ckey::payload {

namespace {

constexpr uint32_t kBase = 36, kTMin = 1, kTMax = 26, kSkew = 38, kDamp = 700;
constexpr uint32_t kInitialBias = 72, kInitialN = 128;

uint32_t adapt(uint32_t delta, uint32_t points, bool first) {
    delta = first ? delta / kDamp : delta / 2;
    delta += delta / points;
    uint32_t k = 0;
    while (delta > ((kBase - kTMin) * kTMax) / 2) {
        delta /= kBase - kTMin;
        k += kBase;
    }
    return k + (kBase - kTMin + 1) * delta / (delta + kSkew);
}

char digit(uint32_t d) { return static_cast<char>(d < 26 ? 'a' + d : '0' + (d - 26)); }

int digit_value(char c) {
    if (c >= 'a' && c <= 'z') return c - 'a';
    if (c >= 'A' && c <= 'Z') return c - 'A';
    if (c >= '0' && c <= '9') return c - '0' + 26;
    return -1;
}

}  // namespace

// Quadratic in the label length at worst; labels are at most 63 code points.
std::string punycode_encode(const std::u32string &label) {
    std::string out;
    for (char32_t c : label)
        if (c < 0x80) out += static_cast<char>(c);
    uint32_t b = static_cast<uint32_t>(out.size()), h = b;
    if (b > 0) out += '-';
    uint32_t n = kInitialN, delta = 0, bias = kInitialBias;
    const uint64_t limit = 0xFFFFFFFFu;
    while (h < label.size()) {
        uint32_t m = 0x10FFFF + 1;
        for (char32_t c : label)
            if (c >= n && c < m) m = c;
        uint64_t step = static_cast<uint64_t>(m - n) * (h + 1);
        if (delta + step > limit) refuse("host", "a host label is too long to encode as punycode");
        delta += static_cast<uint32_t>(step);
        n = m;
        for (char32_t c : label) {
            if (c < n && ++delta == 0) refuse("host", "a host label is too long to encode as punycode");
            if (c == n) {
                uint32_t q = delta;
                for (uint32_t k = kBase;; k += kBase) {
                    uint32_t t = k <= bias ? kTMin : (k >= bias + kTMax ? kTMax : k - bias);
                    if (q < t) break;
                    out += digit(t + (q - t) % (kBase - t));
                    q = (q - t) / (kBase - t);
                }
                out += digit(q);
                bias = adapt(delta, h + 1, h == b);
                delta = 0;
                ++h;
            }
        }
        ++delta;
        ++n;
    }
    return out;
}

std::optional<std::u32string> punycode_decode(std::string_view text) {
    std::u32string out;
    size_t delimiter = text.rfind('-');
    size_t in = 0;
    if (delimiter != std::string_view::npos) {
        for (size_t j = 0; j < delimiter; ++j) {
            if (static_cast<unsigned char>(text[j]) >= 0x80) return std::nullopt;
            out += static_cast<char32_t>(text[j]);
        }
        in = delimiter + 1;
    }
    uint32_t n = kInitialN, i = 0, bias = kInitialBias;
    const uint32_t max = 0xFFFFFFFFu;
    while (in < text.size()) {
        uint32_t old_i = i, w = 1;
        for (uint32_t k = kBase;; k += kBase) {
            if (in >= text.size()) return std::nullopt;
            int d = digit_value(text[in++]);
            if (d < 0) return std::nullopt;
            uint32_t value = static_cast<uint32_t>(d);
            if (value > (max - i) / w) return std::nullopt;
            i += value * w;
            uint32_t t = k <= bias ? kTMin : (k >= bias + kTMax ? kTMax : k - bias);
            if (value < t) break;
            if (w > max / (kBase - t)) return std::nullopt;
            w *= kBase - t;
        }
        uint32_t points = static_cast<uint32_t>(out.size()) + 1;
        bias = adapt(i - old_i, points, old_i == 0);
        if (i / points > max - n) return std::nullopt;
        n += i / points;
        i %= points;
        if (n < 0x80 || n > 0x10FFFF || (n >= 0xD800 && n <= 0xDFFF)) return std::nullopt;
        out.insert(out.begin() + i, static_cast<char32_t>(n));
        ++i;
    }
    return out;
}

}  // namespace ckey::payload
