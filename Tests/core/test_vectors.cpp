// spec/vectors/symbols.json through the public C API: each input encodes to
// exactly the expected symbol, and each expected matrix decodes back to the
// payload. The Swift suite reads the same file (Tests/CKeyTests/VectorTests.swift).
#include "check.hpp"
#include "json.hpp"

#include <ckey/ckey.h>

#include <set>
#include <string>
#include <vector>

namespace {

const json::Value &vectors() {
    static const json::Value doc = json::parse_file(check::source_path("spec/vectors/symbols.json"));
    return doc["vectors"];
}

std::vector<uint8_t> from_hex(const std::string &hex) {
    std::vector<uint8_t> out;
    for (size_t i = 0; i + 1 < hex.size(); i += 2) out.push_back(static_cast<uint8_t>(std::stoi(hex.substr(i, 2), nullptr, 16)));
    return out;
}

int level_of(const std::string &name) { return static_cast<int>(std::string("LMQH").find(name)); }
int layout_of(const std::string &name) { return name == "print" ? 1 : 0; }
int encodation_of(const std::string &name) {
    return name == "segmented" ? CKEY_ENCODATION_SEGMENTED : name == "text40" ? CKEY_ENCODATION_TEXT40 : CKEY_ENCODATION_BYTES;
}

// The expected matrix text: the format line, then the rows (as ckey_symbol_matrix_text writes it).
std::string expected_text(const json::Value &expect) {
    std::string text = "format " + expect["format"].str() + "\n";
    for (const json::Value &row : expect["matrix"].array) text += row.str() + "\n";
    return text;
}

}  // namespace

TEST(vector_file_covers_the_symbology) {
    const json::Value &all = vectors();
    CHECK(all.size() >= 20);
    std::set<int> profiles, levels, layouts, versions;
    std::set<std::string> encodations;
    for (const json::Value &v : all.array) {
        const json::Value &e = v["expect"];
        profiles.insert(static_cast<int>(v["input"]["profile"].integer()));
        if (v["input"]["profile"].integer() == 0) {
            levels.insert(level_of(e["level"].str()));
            layouts.insert(layout_of(e["layout"].str()));
            versions.insert(static_cast<int>(e["version"].integer()));
        }
        encodations.insert(e["encodation"].str());
    }
    CHECK_EQ(profiles.size(), 4u);
    CHECK_EQ(levels.size(), 4u);
    CHECK_EQ(layouts.size(), 2u);
    CHECK(versions.size() >= 8);
    CHECK(versions.count(1) == 1 && versions.count(31) == 1);
    CHECK(encodations.count("bytes") == 1 && encodations.count("text40") == 1 && encodations.count("segmented") == 1);
}

TEST(every_vector_encodes_to_its_symbol) {
    for (const json::Value &v : vectors().array) {
        const std::string name = v["name"].str();
        const json::Value &in = v["input"], &expect = v["expect"];
        std::vector<uint8_t> payload = from_hex(in["payload_hex"].str());
        ckey_symbol *symbol = nullptr;
        int status = ckey_symbol_encode(payload.data(), payload.size(), static_cast<int>(in["profile"].integer()),
                                        static_cast<int>(in["version"].integer()), level_of(in["level"].str()),
                                        layout_of(in["layout"].str()), &symbol);
        if (status != CKEY_OK) std::printf("  %s: %s\n", name.c_str(), ckey_last_error());
        REQUIRE(status == CKEY_OK);
        ckey_symbol_info info{};
        CHECK_EQ(ckey_symbol_get_info(symbol, &info), CKEY_OK);
        CHECK_EQ(info.profile, in["profile"].integer());
        CHECK_EQ(info.version, expect["version"].integer());
        CHECK_EQ(info.level, level_of(expect["level"].str()));
        CHECK_EQ(info.layout, layout_of(expect["layout"].str()));
        CHECK_EQ(info.mask, expect["mask"].integer());
        CHECK_EQ(info.modules, expect["modules"].integer());
        CHECK_EQ(info.format_bits, expect["format_word"].integer());
        CHECK_EQ(info.encodation, encodation_of(expect["encodation"].str()));
        CHECK_EQ(info.capacity, static_cast<size_t>(expect["capacity"].integer()));
        char *text = nullptr;
        CHECK_EQ(ckey_symbol_matrix_text(symbol, &text), CKEY_OK);
        if (text != nullptr && std::string(text) != expected_text(expect)) {
            std::printf("  %s: matrix differs from the vector\n", name.c_str());
            CHECK(false);
        }
        ckey_free(text);
        ckey_symbol_destroy(symbol);
    }
}

TEST(every_expected_matrix_decodes_to_its_payload) {
    for (const json::Value &v : vectors().array) {
        const std::string name = v["name"].str();
        const json::Value &in = v["input"], &expect = v["expect"];
        std::vector<uint8_t> darkness;
        for (const json::Value &row : expect["matrix"].array)
            for (char c : row.str()) darkness.push_back(c == '#' ? 255 : 0);
        ckey_decoded *decoded = nullptr;
        int status = ckey_decode_modules(static_cast<int>(in["profile"].integer()),
                                         static_cast<int>(expect["version"].integer()), level_of(expect["level"].str()),
                                         layout_of(expect["layout"].str()), static_cast<int>(expect["mask"].integer()),
                                         darkness.data(), darkness.size(), &decoded);
        if (status != CKEY_OK) std::printf("  %s: %s\n", name.c_str(), ckey_last_error());
        REQUIRE(status == CKEY_OK);
        const uint8_t *data = nullptr;
        size_t length = 0;
        CHECK_EQ(ckey_decoded_get_payload(decoded, &data, &length), CKEY_OK);
        CHECK(std::vector<uint8_t>(data, data + length) == from_hex(in["payload_hex"].str()));
        ckey_decoded_info info{};
        CHECK_EQ(ckey_decoded_get_info(decoded, &info), CKEY_OK);
        CHECK_EQ(info.errors_corrected, 0);
        ckey_decoded_destroy(decoded);
    }
}

TEST(format_line_is_the_band_of_the_format_word) {
    for (const json::Value &v : vectors().array) {
        const json::Value &expect = v["expect"];
        if (v["input"]["profile"].integer() == 1) {
            CHECK_EQ(expect["format"].str(), std::string("none"));
            CHECK_EQ(expect["format_word"].integer(), 0);
            continue;
        }
        // The word's fields, as section 5.1 of the spec packs them.
        long long word = expect["format_word"].integer();
        CHECK_EQ(word >> 10, v["input"]["profile"].integer());
        CHECK_EQ((word >> 5) & 31, expect["version"].integer());
        CHECK_EQ((word >> 3) & 3, level_of(expect["level"].str()));
        CHECK_EQ((word >> 2) & 1, layout_of(expect["layout"].str()));
        CHECK_EQ(word & 3, expect["mask"].integer());
        CHECK_EQ(expect["format"].str().size(), 96u);
    }
}
