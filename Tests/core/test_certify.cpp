// Certification: plain and concept certify; a transparent symbol without a
// backdrop never does; low contrast over a backdrop fails or is refused.
#include "check.hpp"

#include <ckey/ckey.h>

#include <cstring>
#include <string>

namespace {
ckey_symbol *make(const char *text) {
    ckey_symbol *s = nullptr;
    ckey_symbol_encode(reinterpret_cast<const uint8_t *>(text), std::strlen(text), 0, 0, 1, 0, &s);
    return s;
}
}  // namespace

TEST(plain_and_concept_certify) {
    ckey_symbol *s = make("https://openckey.org/certify");
    REQUIRE(s != nullptr);
    for (int preset : {CKEY_STYLE_PLAIN, CKEY_STYLE_CONCEPT}) {
        ckey_style style;
        ckey_style_init(&style, preset);
        ckey_certify_report r;
        CHECK_EQ(ckey_certify(s, &style, 0, nullptr, 0, nullptr, &r), 0);
        CHECK_EQ(r.certified, 1);
        CHECK_EQ(r.readings, 2);
        CHECK(r.worst_margin >= 0);
        CHECK(std::string(r.message).find("certified") == 0);
    }
    ckey_symbol_destroy(s);
}

TEST(transparent_needs_backdrops) {
    ckey_symbol *s = make("ABC123");
    ckey_certify_report r;
    CHECK_EQ(ckey_certify(s, nullptr, 1, nullptr, 0, nullptr, &r), 0);
    CHECK_EQ(r.certified, 0);
    CHECK(std::string(r.message).find("none were given") != std::string::npos);
    const uint32_t backdrops[2] = {0xFFFFFF, 0xF0F0E0};
    CHECK_EQ(ckey_certify(s, nullptr, 1, backdrops, 2, nullptr, &r), 0);
    CHECK_EQ(r.certified, 1);
    CHECK_EQ(r.backdrops_tested, 2);
    ckey_symbol_destroy(s);
}

TEST(ink_nearly_the_backdrop_colour_is_not_certified) {
    ckey_symbol *s = make("ABC123");
    const uint32_t dark = 0x202020;
    ckey_style style;
    ckey_style_init(&style, CKEY_STYLE_PLAIN);
    style.ink = style.ring_color = style.key_color = 0x262626;
    style.policy = CKEY_STYLE_OVERRIDE;  // draw as given: the camera model must catch it
    ckey_certify_report r;
    CHECK_EQ(ckey_certify(s, &style, 1, &dark, 1, nullptr, &r), 0);
    CHECK_EQ(r.certified, 0);
    CHECK_EQ(r.worst_margin, -1);
    style.policy = CKEY_STYLE_STRICT;  // the style check refuses it first
    CHECK_EQ(ckey_certify(s, &style, 1, &dark, 1, nullptr, &r), 0);
    CHECK_EQ(r.certified, 0);
    CHECK(std::string(r.message).find("style check") != std::string::npos);
    ckey_symbol_destroy(s);
}

TEST(null_arguments_are_refused) {
    ckey_certify_report r;
    CHECK_EQ(ckey_certify(nullptr, nullptr, 0, nullptr, 0, nullptr, &r), static_cast<int>(CKEY_INVALID_ARGUMENT));
    CHECK(std::string(ckey_last_error()).find("symbol") != std::string::npos);
}
