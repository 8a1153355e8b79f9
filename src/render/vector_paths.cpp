#include "vector_paths.hpp"

#include "export.hpp"

namespace ckey {

std::string units_text(int64_t q) {
    // Four decimals, rounded, trailing zeros dropped.
    int64_t v = (q * 10000 * 2 + (q >= 0 ? kQ : -kQ)) / (2 * kQ);
    std::string out = v < 0 ? "-" : "";
    if (v < 0) v = -v;
    out += std::to_string(v / 10000);
    int64_t frac = v % 10000;
    if (frac) {
        std::string digits = std::to_string(frac);
        digits.insert(0, 4 - digits.size(), '0');
        while (digits.back() == '0') digits.pop_back();
        out += "." + digits;
    }
    return out;
}

std::vector<PaintGroup> paint_groups(const Scene &scene, const Style &style) {
    const uint32_t colors[kMarkCount] = {style.ink, style.ring_color, style.key_color};
    std::vector<PaintGroup> groups;
    for (int m = 0; m < kMarkCount; ++m) {
        size_t g = 0;
        while (g < groups.size() && groups[g].color != colors[m]) ++g;
        if (g == groups.size()) groups.push_back({colors[m], {}});
        for (const Contour &c : scene.marks[m]) groups[g].contours.push_back(&c);
    }
    return groups;
}

std::string path_text(const std::vector<const Contour *> &contours, bool pdf, int32_t dx, int32_t dy) {
    std::string out;
    auto point = [&](Pt p) {
        out += units_text(int64_t(p.x) + dx);
        out += ' ';
        out += units_text(int64_t(p.y) + dy);
        out += ' ';
    };
    for (const Contour *c : contours) {
        if (pdf) { point(c->start); out += "m\n"; }
        else { out += 'M'; point(c->start); }
        for (const Segment &s : c->segs) {
            if (s.cubic) {
                if (!pdf) out += 'C';
                point(s.c1); point(s.c2); point(s.p);
                if (pdf) out += "c\n";
            } else {
                if (!pdf) out += 'L';
                point(s.p);
                if (pdf) out += "l\n";
            }
        }
        out += pdf ? "h\n" : "Z";
    }
    return out;
}

std::string base64(const std::vector<uint8_t> &bytes) {
    static const char *alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string out;
    out.reserve((bytes.size() + 2) / 3 * 4);
    for (size_t i = 0; i < bytes.size(); i += 3) {
        uint32_t v = uint32_t(bytes[i]) << 16;
        if (i + 1 < bytes.size()) v |= uint32_t(bytes[i + 1]) << 8;
        if (i + 2 < bytes.size()) v |= bytes[i + 2];
        out += alphabet[(v >> 18) & 63];
        out += alphabet[(v >> 12) & 63];
        out += i + 1 < bytes.size() ? alphabet[(v >> 6) & 63] : '=';
        out += i + 2 < bytes.size() ? alphabet[v & 63] : '=';
    }
    return out;
}

}  // namespace ckey
