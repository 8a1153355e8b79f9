// Stage-level payload tests: punycode (RFC 3492), scripts, hosts, the C API
// contract, and linear time on hostile shapes.
#include "check.hpp"

#include "payload/host.hpp"
#include "payload/payload.hpp"
#include "payload/text.hpp"
#include "payload/unicode_tables.hpp"

#include <ckey/ckey.h>

#include <chrono>
#include <string>
#include <vector>

using namespace ckey::payload;

namespace {

std::u32string utf32(const std::string &utf8) { return decode_utf8(utf8, "test"); }

double seconds_to_classify(const std::string &text, int repeats) {
    auto start = std::chrono::steady_clock::now();
    for (int i = 0; i < repeats; ++i) (void)classify(text);
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() / repeats;
}

}  // namespace

TEST(punycode_rfc3492_samples) {
    // RFC 3492 section 7.1: (A) Arabic (Egyptian), (B) Chinese (simplified), (L) 3<nen>B<gumi><kinpachi><sensei>.
    CHECK_EQ(punycode_encode(U"\u0644\u064A\u0647\u0645\u0627\u0628\u062A\u0643\u0644\u0645\u0648\u0634\u0639\u0631\u0628\u064A\u061F"),
             std::string("egbpdaj6bu4bxfgehfvwxn"));
    CHECK_EQ(punycode_encode(U"\u4ED6\u4EEC\u4E3A\u4EC0\u4E48\u4E0D\u8BF4\u4E2D\u6587"), std::string("ihqwcrb4cv8a8dqg056pqjye"));
    CHECK_EQ(punycode_encode(U"3\u5E74B\u7D44\u91D1\u516B\u5148\u751F"), std::string("3B-ww4c5e180e575a65lsy2b"));
    CHECK_EQ(punycode_encode(U"b\u00FCcher"), std::string("bcher-kva"));
    CHECK_EQ(punycode_encode(U"abc"), std::string("abc-"));
    auto decoded = punycode_decode("3B-ww4c5e180e575a65lsy2b");
    REQUIRE(decoded.has_value());
    CHECK(*decoded == std::u32string(U"3\u5E74B\u7D44\u91D1\u516B\u5148\u751F"));
    CHECK(punycode_decode("egbpdaj6bu4bxfgehfvwxn").value_or(U"") ==
          std::u32string(U"\u0644\u064A\u0647\u0645\u0627\u0628\u062A\u0643\u0644\u0645\u0648\u0634\u0639\u0631\u0628\u064A\u061F"));
    CHECK(!punycode_decode("a-9zzzzzzzzzzzzzzzzzzz").has_value());  // overflows
    CHECK(!punycode_decode("\xC3\xA9-abc").has_value());          // non-ASCII basic part
}

TEST(host_code_points) {
    CHECK(allowed_in_host(U'a') && allowed_in_host(U'7') && allowed_in_host(U'-'));
    CHECK(!allowed_in_host(U'A'));       // ASCII capitals are lowered before the check
    CHECK(!allowed_in_host(U'\uFF0E'));  // fullwidth full stop: IDNA maps it to '.'
    CHECK(!allowed_in_host(U'_'));
    // Capitals inside the Latin, Greek and Cyrillic ranges, and what they pair with.
    for (char32_t capital : {U'\u0100', U'\u0130', U'\u0178', U'\u01C5', U'\u1E9E', U'\u0490', U'\u1F08', U'\u1FBC'})
        CHECK(!allowed_in_host(capital));
    for (char32_t small : {U'\u0101', U'\u0131', U'\u00FF', U'\u01C6', U'\u00DF', U'\u0491', U'\u1F00', U'\u1FB3'})
        CHECK(allowed_in_host(small));
    CHECK(!allowed_in_host(U'\u1F16'));  // unassigned, inside the Greek range
    CHECK(std::string(kHostUnicodeVersion) == "15.0.0");
    for (size_t i = 1; i < kHostCodePointsCount; ++i)  // sorted and disjoint, as the lookup assumes
        CHECK(kHostCodePoints[i - 1].last < kHostCodePoints[i].first);
}

TEST(scripts_and_mixing) {
    CHECK(script_set(U'a') == kScriptLatin);
    CHECK((script_set(U'\u0430') & kScriptCyrillic) != 0);
    CHECK((script_set(U'\u03BF') & kScriptGreek) != 0);
    CHECK(script_set(U'7') == kScriptAll);
    CHECK(script_set(U'_') == 0);
    // U+30FC KATAKANA-HIRAGANA PROLONGED SOUND MARK: Common, with Script_Extensions Hiragana and Katakana.
    CHECK(script_set(U'\u30FC') == (kScriptHiragana | kScriptKatakana | kScriptJapanese));
    CHECK((script_set(U'\u4E00') & (kScriptJapanese | kScriptKorean | kScriptHanWithBopomofo)) ==
          (kScriptJapanese | kScriptKorean | kScriptHanWithBopomofo));
    CHECK(resolved_scripts(U"\u043F\u0440\u0438-1") == script_set(U'\u043F'));
    CHECK(!mixes_scripts(U"paypal"));
    CHECK(mixes_scripts(U"p\u0430ypal"));
    CHECK(!mixes_scripts(U"\u043F\u0440\u0438\u043C\u0435\u0440"));
    CHECK(!mixes_scripts(U"\u30C9\u30E1\u30A4\u30F3\u540D\u4F8Babc"));  // Katakana + Han + Latin: Japanese
    CHECK(!mixes_scripts(U"\u30B3\u30FC\u30D2\u30FC"));                    // Katakana with U+30FC
    CHECK(!mixes_scripts(U"\uD55C\uAE00\u6F22"));                          // Hangul + Han: Korean
    CHECK(mixes_scripts(U"\uD55C\u30C9"));                                 // Hangul + Katakana
    CHECK(mixes_scripts(U"\u03B1\u0430"));                                 // Greek + Cyrillic
}

TEST(reads_as_ascii_code_points) {
    for (char32_t c : {U'\u0430', U'\u043C', U'\u04CF', U'\u03BF', U'\u01C0', U'\u0131', U'\u1ECD', U'\u00E6', U'\u30CE',
                       U'\u30FC', U'\u4E00', U'\u4E28', U'\u3161'})
        CHECK(reads_as_ascii(c));
    // ASCII itself, letters with marks above or attached, and ordinary CJK do not.
    for (char32_t c : {U'a', U'\u00FC', U'\u00E5', U'\u00E7', U'\u0444', U'\u03BB', U'\u30B3', U'\u65E5', U'\uD55C'})
        CHECK(!reads_as_ascii(c));
    CHECK(is_latin_letter(U'a') && is_latin_letter(U'\u01C0') && !is_latin_letter(U'7') && !is_latin_letter(U'\u30FC'));
}

TEST(lookalike_rules) {
    auto flags = [](std::initializer_list<const char *> labels) {
        std::vector<std::u32string> points;
        for (const char *label : labels) points.push_back(utf32(label));
        return lookalike_labels(points);
    };
    using Flags = std::vector<bool>;
    CHECK(flags({"example", "com"}) == (Flags{false, false}));
    CHECK(flags({"\xD0\xB0pple", "com"}) == (Flags{true, false}));                       // 1: mixes scripts
    CHECK(flags({"goog\xE4\xB8\xA8" "e", "com"}) == (Flags{true, false}));             // 2: U+4E28 beside Latin
    CHECK(flags({"\xE3\x83\x8E\xE3\x83\xBC\xE3\x83\x88", "jp"}) == (Flags{false, false}));  // ノート
    CHECK(flags({"g\xE1\xBB\x8Dogle", "com"}) == (Flags{true, false}));                // 3: gọogle
    CHECK(flags({"\xD1\x81\xD0\xBE\xD0\xBC"}) == (Flags{true}));                       // 3: сом alone
    // 3's exception: another label in the same script that does not read as ASCII.
    CHECK(flags({"\xD1\x81\xD0\xBE\xD0\xBC", "\xD1\x80\xD1\x84"}) == (Flags{false, false}));  // сом.рф
    CHECK(flags({"\xD1\x81\xD0\xBE\xD0\xBC", "123"}) == (Flags{true, false}));      // digits vouch for nothing
    CHECK(flags({"p\xC7\x80", "\xD1\x80\xD1\x84"}) == (Flags{true, false}));          // a Latin label is never vouched for
}

TEST(hosts) {
    CHECK_EQ(parse_host("Example.COM", false).ascii, std::string("example.com"));
    Host mixed = parse_host("\xD0\xB0pple.com", false);
    CHECK_EQ(mixed.ascii, std::string("xn--pple-43d.com"));
    CHECK_EQ(mixed.display, mixed.ascii);
    CHECK(mixed.lookalike);
    Host single = parse_host("b\xC3\xBC" "cher.de", false);
    CHECK_EQ(single.ascii, std::string("xn--bcher-kva.de"));
    CHECK_EQ(single.display, std::string("b\xC3\xBC" "cher.de"));
    CHECK(!single.lookalike);
    CHECK_EQ(parse_host("[::1]", true).ascii, std::string("[::1]"));
    CHECK_EQ(parse_host("[::ffff:192.0.2.1]", true).ascii, std::string("[::ffff:192.0.2.1]"));
    for (const char *bad : {"[::1]", "1.2.3.4", "-a.com", "a-.com", "a..com", "", "[1:2:3:4:5:6:7:8:9]", "[1::2::3]"}) {
        bool refused = false;
        try {
            parse_host(bad, std::string(bad) == "[::1]" || std::string(bad) == "1.2.3.4" ? false : true);
        } catch (const Refusal &r) {
            refused = r.reason == "host";
        }
        CHECK(refused);
    }
}

TEST(text_checks) {
    CHECK(is_bidi_control(0x202E));
    CHECK(is_bidi_control(0x2066));
    CHECK(is_invisible(0x200B));
    CHECK(is_invisible(0xFEFF));
    CHECK(is_control(0x0085));
    CHECK(is_control(0x2028));
    CHECK(!is_control(U'a'));
    CHECK_EQ(percent_encode("a b&c~"), std::string("a%20b%26c~"));
    CHECK_EQ(percent_decode("%41%62c", "t"), std::string("Abc"));
}

TEST(c_api_contract) {
    ckey_payload *payload = reinterpret_cast<ckey_payload *>(1);
    CHECK_EQ(ckey_payload_classify("x", 1, nullptr), static_cast<int>(CKEY_INVALID_ARGUMENT));
    CHECK(std::string(ckey_last_error()).find("out_payload") != std::string::npos);
    CHECK_EQ(ckey_payload_classify(nullptr, 3, &payload), static_cast<int>(CKEY_INVALID_ARGUMENT));
    CHECK(payload == nullptr);
    REQUIRE(ckey_payload_classify(nullptr, 0, &payload) == CKEY_OK);
    ckey_payload_info info;
    REQUIRE(ckey_payload_get_info(payload, &info) == CKEY_OK);
    CHECK_EQ(info.kind, static_cast<int>(CKEY_PAYLOAD_NONE));
    CHECK_EQ(std::string(info.reason), std::string("empty"));
    ckey_payload_destroy(payload);
    ckey_payload_destroy(nullptr);
    CHECK_EQ(ckey_payload_get_info(nullptr, &info), static_cast<int>(CKEY_INVALID_ARGUMENT));
    CHECK_EQ(std::string(ckey_payload_kind_name(5)), std::string("geo"));
    CHECK_EQ(std::string(ckey_payload_kind_name(99)), std::string("unknown"));
    // Text is not NUL-terminated and may hold NUL: the length rules.
    const char bytes[] = {'t', 'e', 'l', ':', '+', '1', '4', '1', '5', '5', '5', '5', '0', '1', '2', '3', 'X'};
    REQUIRE(ckey_payload_classify(bytes, 16, &payload) == CKEY_OK);
    REQUIRE(ckey_payload_get_info(payload, &info) == CKEY_OK);
    CHECK_EQ(std::string(info.url), std::string("tel:+14155550123"));
    ckey_payload_destroy(payload);
}

// Hostile shapes at the cap must cost about as much per byte as small ones:
// a quadratic parser would take ~100x longer per byte at 8 KB than at 80 B.
TEST(linear_time) {
    const std::string shapes[][2] = {
        {"https://a.com/", "%41"},
        {"mailto:a@example.com?subject=", "%0"},
        {"MECARD:N:X;NOTE:", "\\;"},
        {"BEGIN:VCARD\nVERSION:3.0\nFN:X\n", " \n"},
        {"sms:+14155550123?body=", "%41"},
        {"https://", "a."},
        {"geo:1,2", ";u=1"},
    };
    for (const auto &shape : shapes) {
        std::string small = shape[0], large = shape[0];
        while (small.size() + shape[1].size() <= 96) small += shape[1];
        while (large.size() + shape[1].size() <= kInputCap) large += shape[1];
        double per_byte_small = seconds_to_classify(small, 2000) / small.size();
        double per_byte_large = seconds_to_classify(large, 50) / large.size();
        CHECK(per_byte_large < per_byte_small * 20 + 1e-8);
    }
}
