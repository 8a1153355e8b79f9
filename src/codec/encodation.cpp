#include "encodation.hpp"

#include "crc32c.hpp"

#include <cstring>

namespace ckey {

namespace {

int text40_value(uint8_t byte) {
    const char *hit = static_cast<const char *>(std::memchr(kText40Alphabet, byte, 40));
    return (hit == nullptr || byte == 0) ? -1 : static_cast<int>(hit - kText40Alphabet);
}

class BitWriter {
public:
    void put(uint32_t value, int bits) {
        for (int i = bits - 1; i >= 0; --i) {
            if (used_ % 8 == 0) bytes_.push_back(0);
            if ((value >> i) & 1) bytes_.back() |= static_cast<uint8_t>(0x80 >> (used_ % 8));
            ++used_;
        }
    }
    std::vector<uint8_t> &bytes() { return bytes_; }

private:
    std::vector<uint8_t> bytes_;
    size_t used_ = 0;
};

class BitReader {
public:
    BitReader(const uint8_t *data, size_t length) : data_(data), bits_(length * 8) {}
    bool take(int bits, uint32_t &value) {
        if (position_ + bits > bits_) return false;
        value = 0;
        for (int i = 0; i < bits; ++i, ++position_)
            value = (value << 1) | ((data_[position_ / 8] >> (7 - position_ % 8)) & 1);
        return true;
    }

private:
    const uint8_t *data_;
    size_t bits_, position_ = 0;
};

}  // namespace

bool text40_fits(const uint8_t *data, size_t length) {
    for (size_t i = 0; i < length; ++i)
        if (text40_value(data[i]) < 0) return false;
    return true;
}

size_t stream_bits(Encodation encodation, size_t length) {
    size_t payload_bits = length * 8;
    if (encodation == Encodation::text40) {
        static const size_t tail[3] = {0, 6, 11};
        payload_bits = (length / 3) * 16 + tail[length % 3];
    }
    return kStreamOverheadBits + payload_bits;
}

Encodation choose_encodation(const uint8_t *data, size_t length) {
    if (length > 0 && text40_fits(data, length) &&
        stream_bits(Encodation::text40, length) < stream_bits(Encodation::bytes, length))
        return Encodation::text40;
    return Encodation::bytes;
}

std::vector<uint8_t> build_stream(const uint8_t *data, size_t length, Encodation encodation,
                                  int data_codewords) {
    BitWriter w;
    w.put(static_cast<uint32_t>(encodation), 2);
    w.put(static_cast<uint32_t>(length), 14);
    if (encodation == Encodation::text40) {
        size_t i = 0;
        for (; i + 3 <= length; i += 3)
            w.put(static_cast<uint32_t>(text40_value(data[i]) * 1600 + text40_value(data[i + 1]) * 40 +
                                        text40_value(data[i + 2])), 16);
        if (length - i == 2) w.put(static_cast<uint32_t>(text40_value(data[i]) * 40 + text40_value(data[i + 1])), 11);
        if (length - i == 1) w.put(static_cast<uint32_t>(text40_value(data[i])), 6);
    } else {
        for (size_t i = 0; i < length; ++i) w.put(data[i], 8);
    }
    w.put(crc32c(data, length), 32);
    std::vector<uint8_t> stream = std::move(w.bytes());
    for (int i = 0; static_cast<int>(stream.size()) < data_codewords; ++i)
        stream.push_back(i % 2 == 0 ? 0xEC : 0x11);
    return stream;
}

bool parse_stream(const uint8_t *stream, size_t length, std::vector<uint8_t> &payload,
                  Encodation &encodation) {
    BitReader r(stream, length);
    uint32_t mode = 0, count = 0;
    if (!r.take(2, mode) || !r.take(14, count) || mode > 1) return false;
    encodation = static_cast<Encodation>(mode);
    if (stream_bits(encodation, count) > length * 8) return false;
    payload.clear();
    payload.reserve(count);
    if (encodation == Encodation::text40) {
        uint32_t v = 0;
        size_t i = 0;
        for (; i + 3 <= count; i += 3) {
            r.take(16, v);
            if (v >= 64000) return false;
            payload.push_back(static_cast<uint8_t>(kText40Alphabet[v / 1600]));
            payload.push_back(static_cast<uint8_t>(kText40Alphabet[(v / 40) % 40]));
            payload.push_back(static_cast<uint8_t>(kText40Alphabet[v % 40]));
        }
        if (count - i == 2) {
            r.take(11, v);
            if (v >= 1600) return false;
            payload.push_back(static_cast<uint8_t>(kText40Alphabet[v / 40]));
            payload.push_back(static_cast<uint8_t>(kText40Alphabet[v % 40]));
        } else if (count - i == 1) {
            r.take(6, v);
            if (v >= 40) return false;
            payload.push_back(static_cast<uint8_t>(kText40Alphabet[v]));
        }
    } else {
        uint32_t v = 0;
        for (size_t i = 0; i < count; ++i) {
            r.take(8, v);
            payload.push_back(static_cast<uint8_t>(v));
        }
    }
    uint32_t crc = 0;
    r.take(32, crc);
    return crc == crc32c(payload.data(), payload.size());
}

bool valid_utf8(const uint8_t *s, size_t length) {
    size_t i = 0;
    while (i < length) {
        uint8_t c = s[i];
        size_t extra;
        uint32_t cp;
        if (c < 0x80) { ++i; continue; }
        if (c >= 0xC2 && c <= 0xDF) { extra = 1; cp = c & 0x1F; }
        else if (c >= 0xE0 && c <= 0xEF) { extra = 2; cp = c & 0x0F; }
        else if (c >= 0xF0 && c <= 0xF4) { extra = 3; cp = c & 0x07; }
        else return false;
        if (i + extra >= length) return false;
        for (size_t k = 1; k <= extra; ++k) {
            if ((s[i + k] & 0xC0) != 0x80) return false;
            cp = (cp << 6) | (s[i + k] & 0x3F);
        }
        if ((extra == 2 && cp < 0x800) || (extra == 3 && (cp < 0x10000 || cp > 0x10FFFF)) ||
            (cp >= 0xD800 && cp <= 0xDFFF))
            return false;
        i += extra + 1;
    }
    return true;
}

}  // namespace ckey
