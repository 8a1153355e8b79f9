// The style check: presets, ranges, contrast, polarity, effects, the logo
// budget in codewords per block, and the three policies.
#include "check.hpp"
#include "test_render_support.hpp"

#include "core/error.hpp"
#include "render/style_check.hpp"

#include <cstring>
#include <string>

using namespace ckey;
using namespace render_test;

namespace {
bool contains(const std::string &text, const std::string &part) { return text.find(part) != std::string::npos; }

std::vector<uint8_t> logo_pixels(int w, int h) {
    std::vector<uint8_t> px(size_t(w) * h * 4);
    for (int i = 0; i < w * h; ++i) {
        px[4 * i] = 200; px[4 * i + 1] = 30; px[4 * i + 2] = 40; px[4 * i + 3] = 255;
    }
    return px;
}
}  // namespace

TEST(presets_pass_strict) {
    Symbol sym = encode("presets");
    for (int preset : {CKEY_STYLE_PLAIN, CKEY_STYLE_CONCEPT}) {
        StyleCheck c = check_style(sym, style_preset(preset), false, nullptr);
        CHECK(!c.refused);
        CHECK_EQ(c.report.problems, 0);
        CHECK(c.report.contrast_x100 >= 450);
    }
    CHECK_EQ(check_style(sym, style_preset(CKEY_STYLE_PLAIN), false, nullptr).report.contrast_x100, 2100);
}

TEST(out_of_range_fields_are_named) {
    Symbol sym = encode("ranges");
    Style s = style_preset(CKEY_STYLE_PLAIN);
    s.bevel = 101;
    try { check_style(sym, s, false, nullptr); CHECK(false); }
    catch (const Error &e) {
        CHECK_EQ(e.code(), CKEY_INVALID_PARAMETER);
        CHECK(contains(e.what(), "style.bevel is 101; allowed: 0...100"));
    }
    s = style_preset(CKEY_STYLE_PLAIN);
    s.ink = 0x1000000;
    try { check_style(sym, s, false, nullptr); CHECK(false); }
    catch (const Error &e) { CHECK(contains(e.what(), "style.ink")); }
}

TEST(strict_refuses_low_contrast_adaptive_fixes_override_draws) {
    Symbol sym = encode("contrast");
    Style grey = style_preset(CKEY_STYLE_PLAIN);
    grey.ink = grey.ring_color = grey.key_color = 0x999999;  // 2.85:1 on white
    StyleCheck strict = check_style(sym, grey, false, nullptr);
    CHECK(strict.refused);
    CHECK(strict.report.problems & CKEY_CHECK_CONTRAST);
    CHECK(contains(strict.report.message, "#999999"));
    CHECK(contains(strict.report.message, "4.50:1"));
    try { resolve_style(sym, grey, false, nullptr); CHECK(false); }
    catch (const Error &e) { CHECK_EQ(e.code(), CKEY_STYLE_REFUSED); CHECK(contains(e.what(), "policy adaptive")); }

    grey.policy = CKEY_STYLE_ADAPTIVE;
    StyleCheck adaptive = check_style(sym, grey, false, nullptr);
    CHECK(!adaptive.refused);
    CHECK_EQ(adaptive.report.adapted, 1);
    CHECK_EQ(adaptive.report.problems, 0);
    CHECK(contrast_ratio(adaptive.drawn.ink, 0xFFFFFF) >= kMinInkContrast);
    CHECK(adaptive.drawn.ink != 0x999999);

    grey.policy = CKEY_STYLE_OVERRIDE;
    StyleCheck over = check_style(sym, grey, false, nullptr);
    CHECK(!over.refused);
    CHECK(over.report.problems & CKEY_CHECK_CONTRAST);
    CHECK_EQ(over.drawn.ink, 0x999999u);
}

TEST(accents_must_share_the_ink_polarity) {
    Symbol sym = encode("polarity");
    Style s = style_preset(CKEY_STYLE_CONCEPT);  // light on dark
    s.ring_color = 0x000000;                       // dark ring on a dark background
    StyleCheck c = check_style(sym, s, false, nullptr);
    CHECK(c.refused);
    CHECK(c.report.problems & CKEY_CHECK_ACCENT);
    s.policy = CKEY_STYLE_ADAPTIVE;
    StyleCheck a = check_style(sym, s, false, nullptr);
    CHECK_EQ(a.report.problems, 0);
    CHECK(relative_luminance(a.drawn.ring_color) > relative_luminance(a.drawn.background));
}

TEST(effects_that_break_the_margin_are_refused_and_scaled_down) {
    Symbol sym = encode("effects");
    Style s = style_preset(CKEY_STYLE_PLAIN);
    s.ink = s.ring_color = s.key_color = 0x404040;  // 10:1 flat
    s.bevel = 100;
    s.texture = 100;
    s.shadow = 60;
    StyleCheck c = check_style(sym, s, false, nullptr);
    CHECK(c.report.problems & CKEY_CHECK_EFFECTS);
    CHECK(c.report.effects_contrast_x100 < 300);
    s.policy = CKEY_STYLE_ADAPTIVE;
    StyleCheck a = check_style(sym, s, false, nullptr);
    CHECK_EQ(a.report.problems, 0);
    CHECK(a.drawn.bevel < 100);
    CHECK(a.report.effects_contrast_x100 >= 300);
}

TEST(logo_budget_counts_codewords_per_block) {
    auto logo = logo_pixels(40, 20);
    Style s = style_preset(CKEY_STYLE_PLAIN);
    s.logo_rgba = logo.data();
    s.logo_width = 40;
    s.logo_height = 20;
    s.logo_size = 12;
    s.logo_padding = 1;
    Symbol high = encode("logo budget", 0, 12, 3);  // level H
    StyleCheck ok = check_style(high, s, false, nullptr);
    CHECK_EQ(ok.report.problems, 0);
    CHECK(ok.report.logo_codewords > 0);
    CHECK(ok.report.logo_codewords <= ok.report.logo_budget);
    // E = parity per block; the budget is 40% of the E/2 correctable errors.
    CHECK_EQ(ok.report.logo_budget, high.plan.parity_per_block * kLogoSharePercent / 200);

    Symbol low = encode("logo budget", 0, 12, 0);  // level L
    StyleCheck refused = check_style(low, s, false, nullptr);
    CHECK(refused.refused);
    CHECK(refused.report.problems & CKEY_CHECK_LOGO);
    CHECK(contains(refused.report.message, "codewords from one Reed-Solomon block"));
    s.policy = CKEY_STYLE_ADAPTIVE;
    StyleCheck adapted = check_style(low, s, false, nullptr);
    CHECK_EQ(adapted.report.problems, 0);
    CHECK(adapted.drawn.logo_rgba == nullptr || adapted.drawn.logo_size < 12);

    Symbol locator = encode("", 1);
    s.policy = CKEY_STYLE_STRICT;
    CHECK(check_style(locator, s, false, nullptr).report.problems & CKEY_CHECK_LOGO);
}

TEST(logo_on_a_key_is_refused) {
    auto logo = logo_pixels(8, 8);
    Style s = style_preset(CKEY_STYLE_PLAIN);
    s.logo_rgba = logo.data();
    s.logo_width = s.logo_height = 8;
    s.logo_size = 30;
    s.logo_padding = 10;
    Symbol sym = encode("keys", 0, 4, 3);  // 33 modules: a key at the centre
    StyleCheck c = check_style(sym, s, false, nullptr);
    CHECK(c.report.problems & CKEY_CHECK_LOGO);
    CHECK(contains(c.report.message, "key module"));
}

TEST(transparent_without_backdrop_is_flagged) {
    Symbol sym = encode("transparent");
    Style s = style_preset(CKEY_STYLE_PLAIN);
    StyleCheck c = check_style(sym, s, true, nullptr);
    CHECK(!c.refused);
    CHECK(c.report.warnings & CKEY_CHECK_TRANSPARENT_NO_BACKDROP);
    CHECK(contains(c.report.message, "no backdrop"));
    const uint32_t dark = 0x202020;
    StyleCheck on_dark = check_style(sym, s, true, &dark);
    CHECK(on_dark.refused);  // black ink over a near-black backdrop
    CHECK(on_dark.report.problems & CKEY_CHECK_CONTRAST);
    CHECK_EQ(on_dark.report.warnings, 0);
}
