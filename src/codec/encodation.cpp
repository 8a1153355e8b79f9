#include "encodation.hpp"

#include "bit_io.hpp"
#include "crc32c.hpp"

namespace ckey {

namespace {

void write_text40(BitWriter &w, const uint8_t *data, size_t length) {
    auto v = [&](size_t i) { return static_cast<uint32_t>(sub_mode_value(SubMode::text40, data[i])); };
    size_t i = 0;
    for (; i + 3 <= length; i += 3) w.put(v(i) * 1600 + v(i + 1) * 40 + v(i + 2), 16);
    if (length - i == 2) w.put(v(i) * 40 + v(i + 1), 11);
    if (length - i == 1) w.put(v(i), 6);
}

bool read_text40(BitReader &r, size_t count, std::vector<uint8_t> &payload) {
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
    return true;
}

}  // namespace

const char *encodation_name(Encodation encodation) {
    return encodation == Encodation::segmented ? "segmented" : encodation == Encodation::text40 ? "text40" : "bytes";
}

bool text40_fits(const uint8_t *data, size_t length) {
    for (size_t i = 0; i < length; ++i)
        if (sub_mode_value(SubMode::text40, data[i]) < 0) return false;
    return true;
}

size_t stream_bits(Encodation encodation, size_t length) {
    size_t payload_bits = length * 8;
    if (encodation == Encodation::text40) payload_bits = segment_data_bits(SubMode::text40, length);
    return kStreamOverheadBits + payload_bits;
}

EncodationPlan plan_encodation(const uint8_t *data, size_t length, int data_codewords) {
    EncodationPlan plan;
    plan.bits = stream_bits(Encodation::bytes, length);
    if (length == 0) return plan;
    plan.segmentation.segments.push_back({SubMode::bytes, 0, length});
    if (text40_fits(data, length) && stream_bits(Encodation::text40, length) < plan.bits) {
        plan.encodation = Encodation::text40;
        plan.bits = stream_bits(Encodation::text40, length);
        plan.segmentation.segments[0].mode = SubMode::text40;
    }
    Segmentation segmented = plan_segments(data, length, data_codewords);
    if (segmented.bits < plan.bits) {
        plan.encodation = Encodation::segmented;
        plan.bits = segmented.bits;
        plan.segmentation = std::move(segmented);
    }
    return plan;
}

std::vector<uint8_t> build_stream(const uint8_t *data, size_t length, const EncodationPlan &plan,
                                  int data_codewords) {
    BitWriter w;
    w.put(static_cast<uint32_t>(plan.encodation), 2);
    if (plan.encodation == Encodation::segmented) {
        write_segments(w, data, plan.segmentation, data_codewords);
    } else {
        w.put(static_cast<uint32_t>(length), 14);
        if (plan.encodation == Encodation::text40)
            write_text40(w, data, length);
        else
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
    uint32_t mode = 0, count = 0, crc = 0;
    if (!r.take(2, mode) || mode > 2) return false;
    encodation = static_cast<Encodation>(mode);
    payload.clear();
    if (encodation == Encodation::segmented) {
        if (!read_segments(r, static_cast<int>(length), payload)) return false;
    } else {
        if (!r.take(14, count) || stream_bits(encodation, count) > length * 8) return false;
        payload.reserve(count);
        if (encodation == Encodation::text40) {
            if (!read_text40(r, count, payload)) return false;
        } else {
            uint32_t v = 0;
            for (size_t i = 0; i < count; ++i) {
                r.take(8, v);
                payload.push_back(static_cast<uint8_t>(v));
            }
        }
    }
    return r.take(32, crc) && crc == crc32c(payload.data(), payload.size());
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
