// Writes spec/vectors/symbols.json (payload + parameters -> expected symbol)
// and the generated blocks of spec/CKey-Symbology.md. Run through
// tools/make-vectors, which compiles this file with the codec sources.
//   make_vectors --vectors spec/vectors/symbols.json --spec spec/CKey-Symbology.md [--check]
#include "spec_tables.hpp"
#include "stream_vectors.hpp"

#include "codec/field.hpp"
#include "core/error.hpp"

#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace {

struct VectorCase {
    std::string name;
    std::string note;
    int profile, version, level, layout;
    std::vector<uint8_t> payload;
};

std::vector<uint8_t> bytes_of(const std::string &text) { return {text.begin(), text.end()}; }

// Deterministic filler: byte i = (i * 37 + 11) mod 256.
std::vector<uint8_t> pattern(size_t length) {
    std::vector<uint8_t> out(length);
    for (size_t i = 0; i < length; ++i) out[i] = static_cast<uint8_t>((i * 37 + 11) & 0xFF);
    return out;
}

// Deterministic text40 filler: character i = alphabet[(i * 7 + 3) mod 40].
std::vector<uint8_t> text40_pattern(size_t length) {
    std::vector<uint8_t> out(length);
    for (size_t i = 0; i < length; ++i) out[i] = static_cast<uint8_t>(ckey::kText40Alphabet[(i * 7 + 3) % 40]);
    return out;
}

// Payload sizes follow the capacity, so the vectors survive a change of the level percentages.
size_t cap(int version, int level, int layout) { return ckey::capacity_bytes(0, version, level, layout); }
size_t text40_cap(int version, int level, int layout) {
    return static_cast<size_t>(spec_tables::text40_capacity(ckey::data_codewords(0, version, level, layout)));
}

// Deterministic filler over an alphabet: character i = alphabet[(i * 7 + 3) mod size].
std::vector<uint8_t> alphabet_pattern(const char *alphabet, size_t length) {
    const size_t size = std::strlen(alphabet);
    std::vector<uint8_t> out(length);
    for (size_t i = 0; i < length; ++i) out[i] = static_cast<uint8_t>(alphabet[(i * 7 + 3) % size]);
    return out;
}

// The most characters of one sub-mode that a one-segment mode-2 stream fits (spec 7.8).
size_t segment_cap(ckey::SubMode mode, int version, int level) {
    const int d = ckey::data_codewords(0, version, level, 0);
    const int code = mode == ckey::SubMode::bytes ? 3 : 2;
    size_t n = 0;
    while (4 + code + ckey::count_width(mode, d) + ckey::segment_data_bits(mode, n + 1) + 1 + 32 <=
           static_cast<size_t>(d) * 8)
        ++n;
    return n;
}

std::vector<VectorCase> segmented_cases() {
    using ckey::SubMode;
    std::vector<VectorCase> v;
    v.push_back({"p0-v1-M-standard-segmented-gs1", "Annex A worked example: prefix https://, text40 then digits", 0, 1,
                 1, 0, bytes_of(spec_tables::example_profile0_payload())});
    v.push_back({"p0-v1-L-standard-segmented-digits", "digits: groups of 3, final pair", 0, 1, 0, 0,
                 bytes_of("0952012345678")});
    v.push_back({"p0-v1-L-standard-segmented-digits-single", "digits: final single (4 bits)", 0, 1, 0, 0,
                 bytes_of("7")});
    v.push_back({"p0-v1-M-standard-segmented-mixed", "mixed alphabet, every punctuation character", 0, 1, 1, 0,
                 bytes_of("Az09-._~:/?#@!&*+,;=% ")});
    v.push_back({"p0-v1-M-standard-segmented-prefix-https", "prefix https://, mixed case", 0, 1, 1, 0,
                 bytes_of("https://CKey.to/Ab3x9")});
    v.push_back({"p0-v1-M-standard-segmented-prefix-http", "prefix http://", 0, 1, 1, 0,
                 bytes_of("http://shop.example/x")});
    v.push_back({"p0-v2-M-standard-segmented-prefix-www", "prefix https://www., a campaign URL", 0, 2, 1, 0,
                 bytes_of("https://www.example.com/p?utm_source=flyer&utm_medium=qr")});
    v.push_back({"p0-v2-M-standard-segmented-bytes-switch", "bytes segment between mixed segments (UTF-8)", 0, 2, 1, 0,
                 bytes_of("https://example.com/caf\xC3\xA9?Menu=Today")});
    v.push_back({"p0-v3-M-standard-segmented-switches", "digits, text40, mixed and bytes with switches both ways", 0,
                 3, 1, 0, bytes_of("WIFI:T:WPA;S:Caf\xC3\xA9 12;P:0123456789012345;;lower-case-tail/0123456789")});
    v.push_back({"p0-v1-M-standard-segmented-digits-at-capacity", "one digits segment at capacity", 0, 1, 1, 0,
                 alphabet_pattern("0123456789", segment_cap(SubMode::digits, 1, 1))});
    v.push_back({"p0-v1-M-standard-segmented-mixed-at-capacity", "one mixed segment at capacity", 0, 1, 1, 0,
                 alphabet_pattern(ckey::kMixedAlphabet, segment_cap(SubMode::mixed, 1, 1))});
    v.push_back({"p0-v1-H-standard-segmented-binary", "binary bytes: a bytes segment beats mode 0 at small D", 0, 1,
                 3, 0, {0x00, 0x01, 0xFE, 0xFF}});
    return v;
}

std::vector<VectorCase> cases() {
    std::vector<VectorCase> v;
    v.push_back({"p0-v1-M-standard-hello", "a short lower-case word", 0, 1, 1, 0, bytes_of("hello")});
    v.push_back({"p0-v1-L-standard-single", "one character", 0, 1, 0, 0, bytes_of("a")});
    v.push_back({"p0-v1-Q-standard-upper", "upper case: outside text40, inside the mixed alphabet", 0, 1, 2, 0,
                 bytes_of("CKey")});
    v.push_back({"p0-v2-M-standard-empty", "empty payload: bytes, header and CRC-32C of nothing", 0, 2, 1, 0, {}});
    v.push_back({"p0-v1-M-standard-url", "a lower-case URL", 0, 1, 1, 0, bytes_of("https://openckey.org")});
    v.push_back({"p0-auto-M-standard-bytes-100", "version 0 requested: the smallest version that fits is chosen", 0, 0, 1,
                 0, pattern(100)});
    v.push_back({"p0-v3-Q-print-text", "print layout, text40 characters", 0, 3, 2, 1, bytes_of("shelf-42/aisle-7")});
    v.push_back({"p0-v5-L-print-bytes", "print layout, bytes", 0, 5, 0, 1, pattern(60)});
    v.push_back({"p0-v7-H-standard-utf8", "UTF-8 text", 0, 7, 3, 0,
                 bytes_of("Gr\xC3\xBC\xC3\x9F" "e aus \xE6\x9D\xB1\xE4\xBA\xAC")});
    v.push_back({"p0-v10-M-standard-bytes-full", "bytes at exactly the capacity", 0, 10, 1, 0, pattern(cap(10, 1, 0))});
    v.push_back({"p0-v10-M-print-text40-long", "text40 characters over several codewords, print layout", 0, 10, 1, 1,
                 text40_pattern(text40_cap(10, 1, 1) * 3 / 4)});
    v.push_back({"p0-v12-Q-standard-bytes", "two blocks", 0, 12, 2, 0, pattern(cap(12, 2, 0) * 4 / 5)});
    v.push_back({"p0-v15-H-print-bytes", "print layout, level H", 0, 15, 3, 1, pattern(cap(15, 3, 1) * 9 / 10)});
    v.push_back({"p0-v20-L-print-bytes", "print layout, level L, five blocks", 0, 20, 0, 1, pattern(cap(20, 0, 1) * 3 / 4)});
    v.push_back({"p0-v24-M-standard-bytes-blocks", "unequal block lengths", 0, 24, 1, 0, pattern(cap(24, 1, 0) * 5 / 6)});
    v.push_back({"p0-v31-L-standard-bytes-full", "the largest Profile 0 symbol at its capacity", 0, 31, 0, 0,
                 pattern(cap(31, 0, 0))});
    v.push_back({"p0-v31-H-print-text40", "the largest version, level H, print layout: large D, mode 1 beats mode 2", 0,
                 31, 3, 1, text40_pattern(text40_cap(31, 3, 1) * 2 / 3)});
    for (VectorCase &c : segmented_cases()) v.push_back(std::move(c));
    v.push_back({"p1-locator-12345678", "Annex B worked example", 1, 0, 2, 0, {0x12, 0x34, 0x56, 0x78}});
    v.push_back({"p1-locator-00000000", "all-zero identifier: the whitening still gives a mixed pattern", 1, 0, 2, 0,
                 {0, 0, 0, 0}});
    v.push_back({"p1-locator-deadbeef", "locator", 1, 0, 2, 0, {0xDE, 0xAD, 0xBE, 0xEF}});
    v.push_back({"p2-text-url", "Profile 2 with a lower-case URL", 2, 0, ckey::fixed_level(2), 0,
                 bytes_of("https://openckey.org/t/4f2-b9")});
    v.push_back({"p2-text-mixed-case", "Profile 2 with mixed-case text and UTF-8", 2, 0, ckey::fixed_level(2), 0,
                 bytes_of("Hello, World! Caf\xC3\xA9")});
    v.push_back({"p3-extended-text40", "Profile 3: large D, text40 in mode 1", 3, 0, 0, 0, text40_pattern(64)});
    v.push_back({"p3-extended-bytes-large", "Profile 3 beyond what Profile 0 version 31 holds", 3, 0, 0, 0,
                 pattern(ckey::capacity_bytes(0, 31, 0, 0) + 500)});
    return v;
}

std::string json_string(const std::string &s) {
    std::string out = "\"";
    for (unsigned char c : s) {
        if (c == '"' || c == '\\') { out += '\\'; out += static_cast<char>(c); }
        else if (c == '\n') out += "\\n";
        else if (c < 0x20) { char buf[8]; std::snprintf(buf, sizeof buf, "\\u%04x", c); out += buf; }
        else out += static_cast<char>(c);
    }
    return out + "\"";
}

std::string hex(const std::vector<uint8_t> &bytes) {
    std::string out;
    for (uint8_t b : bytes) { char buf[3]; std::snprintf(buf, sizeof buf, "%02x", b); out += buf; }
    return out;
}

bool printable_utf8(const std::vector<uint8_t> &p) {
    if (!ckey::valid_utf8(p.data(), p.size())) return false;
    for (uint8_t b : p)
        if (b < 0x20 || b == 0x7F) return false;
    return true;
}

const char *level_name(int level) { return spec_tables::level_letter(level); }

std::string vectors_json() {
    std::ostringstream out;
    out << "{\n"
        << "  \"description\": \"CKey symbology test vectors: payload and parameters -> the expected symbol. "
           "Generated by tools/make-vectors from the reference codec; see spec/CKey-Symbology.md, Annex C.\",\n"
        << "  \"format_version\": 1,\n"
        << "  \"fields\": {\n"
        << "    \"input\": \"profile 0-3; version (Profile 0: 0 = smallest that fits, else 1-31; other profiles 0); "
           "level L/M/Q/H and layout standard/print (ignored by Profiles 1-3, which use their fixed values); "
           "payload_hex (the exact payload bytes); payload_text is informational\",\n"
        << "    \"expect\": \"the symbol: version, level, layout, mask, modules (N), encodation, format_word (12 bits), "
           "capacity (bytes), format (96 band cells in reading order, 1 = dark, or 'none' for Profile 1), "
           "matrix (N rows, row 0 first, column 0 first; '#' dark, '.' light)\"\n"
        << "  },\n"
        << "  \"vectors\": [\n";
    auto all = cases();
    for (size_t i = 0; i < all.size(); ++i) {
        const VectorCase &c = all[i];
        ckey::Symbol s = ckey::encode_symbol(c.payload.data(), c.payload.size(), {c.profile, c.version, c.level, c.layout});
        std::string text = ckey::matrix_text(s);
        std::vector<std::string> lines;
        std::istringstream in(text);
        for (std::string line; std::getline(in, line);) lines.push_back(line);
        out << "    {\n"
            << "      \"name\": " << json_string(c.name) << ",\n"
            << "      \"note\": " << json_string(c.note) << ",\n"
            << "      \"input\": {\n"
            << "        \"profile\": " << c.profile << ",\n"
            << "        \"version\": " << c.version << ",\n"
            << "        \"level\": \"" << level_name(c.level) << "\",\n"
            << "        \"layout\": \"" << (c.layout ? "print" : "standard") << "\",\n";
        if (printable_utf8(c.payload) && !c.payload.empty())
            out << "        \"payload_text\": " << json_string(std::string(c.payload.begin(), c.payload.end())) << ",\n";
        out << "        \"payload_hex\": \"" << hex(c.payload) << "\"\n"
            << "      },\n"
            << "      \"expect\": {\n"
            << "        \"version\": " << s.version << ",\n"
            << "        \"level\": \"" << level_name(s.level) << "\",\n"
            << "        \"layout\": \"" << (s.layout ? "print" : "standard") << "\",\n"
            << "        \"mask\": " << s.mask << ",\n"
            << "        \"modules\": " << s.n << ",\n"
            << "        \"encodation\": \"" << ckey::encodation_name(s.encodation) << "\",\n"
            << "        \"format_word\": " << s.format_word << ",\n"
            << "        \"capacity\": " << s.capacity << ",\n"
            << "        \"format\": " << json_string(lines[0].substr(7)) << ",\n"
            << "        \"matrix\": [\n";
        for (size_t r = 1; r < lines.size(); ++r)
            out << "          " << json_string(lines[r]) << (r + 1 < lines.size() ? ",\n" : "\n");
        out << "        ]\n      }\n    }" << (i + 1 < all.size() ? ",\n" : "\n");
    }
    out << "  ]\n}\n";
    return out.str();
}

std::string streams_json() {
    std::ostringstream out;
    out << "{\n"
        << "  \"description\": \"CKey data-stream vectors: D data codewords as a decoder sees them after error "
           "correction, and whether a decoder shall return the payload or reject the stream (spec section 7). "
           "Generated by tools/make-vectors.\",\n"
        << "  \"format_version\": 1,\n  \"vectors\": [\n";
    auto all = stream_vectors::cases();
    for (size_t i = 0; i < all.size(); ++i) {
        const auto &c = all[i];
        std::vector<uint8_t> payload(c.payload.begin(), c.payload.end());
        out << "    {\"name\": " << json_string(c.name) << ", \"note\": " << json_string(c.note)
            << ", \"data_codewords\": " << c.data_codewords << ", \"stream_hex\": \"" << hex(stream_vectors::build(c))
            << "\", \"expect\": ";
        if (c.accept)
            out << "{\"payload_hex\": \"" << hex(payload) << "\"}";
        else
            out << "\"reject\"";
        out << "}" << (i + 1 < all.size() ? ",\n" : "\n");
    }
    out << "  ]\n}\n";
    return out.str();
}

bool read_file(const std::string &path, std::string &text) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return false;
    std::stringstream buffer;
    buffer << in.rdbuf();
    text = buffer.str();
    return true;
}

bool write_or_check(const std::string &path, const std::string &text, bool check) {
    std::string current;
    bool exists = read_file(path, current);
    if (check) {
        if (!exists || current != text) {
            std::fprintf(stderr, "make-vectors: %s is out of date; run tools/make-vectors\n", path.c_str());
            return false;
        }
        return true;
    }
    if (exists && current == text) return true;
    std::ofstream out(path, std::ios::binary);
    out << text;
    std::printf("wrote %s\n", path.c_str());
    return static_cast<bool>(out);
}

}  // namespace

int main(int argc, char **argv) {
    std::string vectors_path, spec_path, streams_path;
    bool check = false;
    for (int i = 1; i < argc; ++i) {
        std::string a = argv[i];
        if (a == "--vectors" && i + 1 < argc) vectors_path = argv[++i];
        else if (a == "--spec" && i + 1 < argc) spec_path = argv[++i];
        else if (a == "--streams" && i + 1 < argc) streams_path = argv[++i];
        else if (a == "--check") check = true;
        else if (a == "--print" && i + 1 < argc) { std::fputs(spec_tables::generate(argv[++i]).c_str(), stdout); return 0; }
        else {
            std::fprintf(stderr, "usage: make_vectors [--vectors FILE] [--streams FILE] [--spec FILE] [--check] | --print BLOCK\n");
            return 2;
        }
    }
    try {
        bool ok = true;
        if (!vectors_path.empty()) ok = write_or_check(vectors_path, vectors_json(), check) && ok;
        if (!streams_path.empty()) ok = write_or_check(streams_path, streams_json(), check) && ok;
        if (!spec_path.empty()) {
            std::string spec;
            if (!read_file(spec_path, spec)) {
                std::fprintf(stderr, "make-vectors: cannot read %s\n", spec_path.c_str());
                return 1;
            }
            if (!spec_tables::update(spec)) {
                std::fprintf(stderr, "make-vectors: %s lacks a <!-- BEGIN/END GENERATED name --> pair\n", spec_path.c_str());
                return 1;
            }
            ok = write_or_check(spec_path, spec, check) && ok;
        }
        return ok ? 0 : 1;
    } catch (const ckey::Error &e) {
        std::fprintf(stderr, "make-vectors: %s\n", e.what());
        return 1;
    }
}
