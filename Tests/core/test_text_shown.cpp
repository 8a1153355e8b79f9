// src/text/shown_text: the classifier against the table of spec section 7.1
// in spec/vectors/safe-actions.json ("shown_text"), for every Unicode scalar
// value, and the strict UTF-8 pass that finds the first refused character.
#include "check.hpp"
#include "json.hpp"

#include "text/shown_text.hpp"

#include <map>
#include <string>

using ckey::text::Unshowable;

namespace {

const std::map<std::string, Unshowable> kClasses = {
    {"control", Unshowable::control},     {"separator", Unshowable::separator},
    {"bidi", Unshowable::bidi},           {"invisible", Unshowable::invisible},
    {"noncharacter", Unshowable::noncharacter},
};

// The class the vector file gives each code point (none when absent).
std::map<char32_t, Unshowable> refused_table() {
    const json::Value doc = json::parse_file(check::source_path("spec/vectors/safe-actions.json"));
    std::map<char32_t, Unshowable> table;
    for (const auto &[name, ranges] : doc["shown_text"]["refused"].object)
        for (const json::Value &range : ranges.array) {
            char32_t first = std::stoul(range[0].str(), nullptr, 16), last = std::stoul(range[1].str(), nullptr, 16);
            for (char32_t c = first; c <= last; ++c) table[c] = kClasses.at(name);
        }
    return table;
}

std::string utf8(char32_t c) {
    std::string out;
    json::put_utf8(out, c);
    return out;
}

}  // namespace

TEST(every_scalar_value_has_the_class_of_the_spec_table) {
    const std::map<char32_t, Unshowable> table = refused_table();
    CHECK(table.size() > 4000);
    size_t mismatches = 0;
    for (char32_t c = 0; c <= 0x10FFFF; ++c) {
        if (c >= 0xD800 && c <= 0xDFFF) continue;
        auto it = table.find(c);
        Unshowable want = it == table.end() ? Unshowable::none : it->second;
        ckey::text::Finding found = ckey::text::find_unshowable("ab" + utf8(c) + "cd");
        bool agrees = ckey::text::classify(c) == want && found.kind == want &&
                      (want == Unshowable::none || (found.offset == 2 && found.code_point == c));
        if (!agrees && ++mismatches <= 10)
            std::fprintf(stderr, "  U+%04X: classified %d, table says %d\n", unsigned(c), int(ckey::text::classify(c)),
                         int(want));
    }
    CHECK_EQ(mismatches, size_t(0));
}

TEST(ill_formed_utf8_is_found_at_its_offset) {
    for (const char *bad : {"\xC0\xAF", "\xC1\xBF", "\xE0\x80\xAF", "\xED\xA0\x80", "\xED\xBF\xBF", "\xF4\x90\x80\x80",
                            "\xF5\x80\x80\x80", "\x80", "\xBF", "\xFE", "\xFF", "\xE2\x80", "\xF0\x9F\x98", "\xC3"}) {
        ckey::text::Finding found = ckey::text::find_unshowable(std::string("ok ") + bad + " end");
        CHECK(found.kind == Unshowable::ill_formed);
        CHECK_EQ(found.offset, size_t(3));
    }
    CHECK(ckey::text::find_unshowable("\xE2\x80").kind == Unshowable::ill_formed);  // cut short at the end
}

TEST(first_refused_character_wins_and_plain_text_passes) {
    CHECK(ckey::text::find_unshowable("").kind == Unshowable::none);
    CHECK(ckey::text::find_unshowable("Chrome on macOS, Zürich, 東京, \xF0\x9F\x93\x9A \xE2\x9D\xA4\xEF\xB8\x8F").kind ==
          Unshowable::none);
    ckey::text::Finding found = ckey::text::find_unshowable("a\xE2\x80\x8B" "b\xE2\x80\xAE");
    CHECK(found.kind == Unshowable::invisible);
    CHECK_EQ(found.offset, size_t(1));
    CHECK(found.code_point == 0x200B);
    CHECK_EQ(std::string(ckey::text::describe(Unshowable::bidi)), std::string("the bidi control"));
}
