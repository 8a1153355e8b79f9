#include "style_check.hpp"

#include "../codec/blocks.hpp"
#include "../codec/field.hpp"
#include "../core/error.hpp"
#include "paint.hpp"
#include "scene.hpp"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <vector>

namespace ckey {

namespace {

struct Findings {
    int problems = 0, warnings = 0;
    double contrast = 21, accent = 21, effects = 21;
    int logo_codewords = 0, logo_budget = 0;
    std::string message;
    void problem(int bit, const std::string &text) {
        if (message.empty()) message = text;
        problems |= bit;
    }
};

std::string ratio_text(double r) {
    char text[32];
    std::snprintf(text, sizeof text, "%.2f:1", r);
    return text;
}

// Which backgrounds the marks will sit on.
std::vector<uint32_t> backgrounds(const Style &s, bool transparent, const uint32_t *backdrop) {
    if (transparent && backdrop != nullptr) return {*backdrop & 0xFFFFFF};
    if (s.background == s.background_edge) return {s.background};
    return {s.background, s.background_edge};
}

// Contrast of a mark against a background, 1.0 when the polarity differs
// from the ink's (a scanner binarizes every mark the same way).
double polar_contrast(uint32_t mark, uint32_t bg, bool light_ink) {
    bool light = relative_luminance(mark) > relative_luminance(bg);
    return light == light_ink ? contrast_ratio(mark, bg) : 1.0;
}

void check_logo(const Symbol &s, const Style &style, Findings &f) {
    if (style.logo_rgba == nullptr) return;
    if (s.profile == CKEY_PROFILE_LOCATOR) {
        f.problem(CKEY_CHECK_LOGO, "Profile 1 (locator) has 60 data cells and no room for a logo; remove the logo");
        return;
    }
    LogoPlacement logo = place_logo(s, style);
    for (size_t i = 0; i < logo.covered.size(); ++i)
        if (logo.covered[i] && (s.modules[i] & 2)) {
            f.problem(CKEY_CHECK_LOGO, cat("the logo (", style.logo_size, "% of the field",
                                           style.logo_mode == CKEY_LOGO_RESERVE ? cat(" plus ", style.logo_padding, "% padding") : std::string(),
                                           ") would cover the key module at row ", i / s.n, ", column ", i % s.n,
                                           "; keys must stay visible: use a smaller logo_size"));
            return;
        }
    const bool scalable = s.profile == CKEY_PROFILE_SCALABLE;
    const FieldLayout &layout = field_layout(s.profile, scalable ? s.version : 0, scalable ? s.layout : 0);
    const auto order = interleave_order(s.plan);
    const size_t blocks = s.plan.block_lengths.size();
    std::vector<uint8_t> lost(order.size(), 0);
    for (size_t bit = 0; bit < layout.data_order.size(); ++bit) {
        size_t cw = bit / 8;
        if (cw < order.size() && logo.covered[layout.data_order[bit]]) lost[cw] = 1;
    }
    std::vector<int> per_block(blocks, 0);
    for (size_t cw = 0; cw < order.size(); ++cw)
        if (lost[cw]) ++per_block[order[cw].first];
    const int worst = blocks ? *std::max_element(per_block.begin(), per_block.end()) : 0;
    const int e = s.plan.parity_per_block;
    f.logo_codewords = worst;
    f.logo_budget = e * kLogoSharePercent / 200;  // share of E/2 correctable errors
    if (worst > f.logo_budget)
        f.problem(CKEY_CHECK_LOGO,
                  cat("the logo removes ", worst, " codewords from one Reed-Solomon block; a block at level ",
                      "LMQH"[s.level & 3], " corrects ", e / 2, " and the logo may use ", kLogoSharePercent,
                      "% of that (", f.logo_budget, "): use a smaller logo_size or a higher level"));
}

Findings evaluate(const Symbol &s, const Style &style, bool transparent, const uint32_t *backdrop) {
    Findings f;
    if (transparent && backdrop == nullptr) f.warnings |= CKEY_CHECK_TRANSPARENT_NO_BACKDROP;
    const auto bgs = backgrounds(style, transparent, backdrop);
    const bool light_ink = relative_luminance(style.ink) > relative_luminance(bgs.front());
    for (uint32_t bg : bgs) f.contrast = std::min(f.contrast, polar_contrast(style.ink, bg, light_ink));
    if (f.contrast < kMinInkContrast)
        f.problem(CKEY_CHECK_CONTRAST, cat("ink ", hex_color(style.ink), " on background ", hex_color(bgs.back()),
                                           " has contrast ", ratio_text(f.contrast), "; at least ",
                                           ratio_text(kMinInkContrast), " is needed (WCAG AA): ",
                                           light_ink ? "lighten the ink or darken the background"
                                                     : "darken the ink or lighten the background"));
    const uint32_t marks[3] = {style.ink, style.ring_color, style.key_color};
    const char *names[3] = {"ink", "ring_color", "key_color"};
    for (int m = 1; m < 3; ++m)
        for (uint32_t bg : bgs) {
            double r = polar_contrast(marks[m], bg, light_ink);
            if (r < f.accent) f.accent = r;
            if (r < kMinAccentContrast && !(f.problems & CKEY_CHECK_ACCENT))
                f.problem(CKEY_CHECK_ACCENT,
                          r == 1.0 && contrast_ratio(marks[m], bg) > 1.0
                              ? cat(names[m], " ", hex_color(marks[m]), " is ", light_ink ? "darker" : "lighter",
                                    " than the background ", hex_color(bg), " while the ink is ",
                                    light_ink ? "lighter" : "darker", "; every mark needs the ink's polarity")
                              : cat(names[m], " ", hex_color(marks[m]), " on ", hex_color(bg), " has contrast ",
                                    ratio_text(r), "; accents need at least ", ratio_text(kMinAccentContrast),
                                    " (WCAG non-text contrast)"));
        }
    if (style.bevel || style.texture || style.shadow) {
        for (int m = 0; m < 3; ++m)
            for (uint32_t bg : bgs) {
                uint32_t worst_mark = light_ink ? shade_rgb(marks[m], -effect_darken_permille(style))
                                                : shade_rgb(marks[m], effect_lighten_permille(style));
                uint32_t worst_bg = light_ink ? bg : shade_rgb(bg, -style.shadow * 10);
                f.effects = std::min(f.effects, polar_contrast(worst_mark, worst_bg, light_ink));
            }
        if (f.effects < kMinEffectsContrast)
            f.problem(CKEY_CHECK_EFFECTS, cat("bevel ", style.bevel, ", texture ", style.texture, " and shadow ",
                                              style.shadow, " bring the worst mark/background pair to ",
                                              ratio_text(f.effects), "; at least ", ratio_text(kMinEffectsContrast),
                                              " is needed: lower the effects"));
    } else {
        f.effects = std::min(f.contrast, f.accent);
    }
    check_logo(s, style, f);
    return f;
}

// One step of adaptation for the first failing check; false when stuck.
bool adapt(const Symbol &s, Style &style, const Findings &f, bool transparent, const uint32_t *backdrop) {
    const auto bgs = backgrounds(style, transparent, backdrop);
    const bool light_ink = relative_luminance(style.ink) > relative_luminance(bgs.front());
    const uint32_t extreme = light_ink ? 0xFFFFFF : 0x000000, opposite = light_ink ? 0x000000 : 0xFFFFFF;
    if (f.problems & CKEY_CHECK_CONTRAST) {
        if (style.ink != extreme) { style.ink = mix_rgb(style.ink, extreme, 1, 8); return true; }
        if (transparent && backdrop) return false;
        style.background = mix_rgb(style.background, opposite, 1, 8);
        style.background_edge = mix_rgb(style.background_edge, opposite, 1, 8);
        return true;
    }
    if (f.problems & CKEY_CHECK_ACCENT) {
        bool changed = false;
        for (uint32_t *accent : {&style.ring_color, &style.key_color}) {
            bool weak = false;
            for (uint32_t bg : bgs) weak |= polar_contrast(*accent, bg, light_ink) < kMinAccentContrast;
            if (weak && *accent != style.ink) {
                *accent = (relative_luminance(*accent) > relative_luminance(bgs.front())) == light_ink
                              ? mix_rgb(*accent, extreme, 1, 8)
                              : style.ink;
                changed = true;
            }
        }
        return changed;
    }
    if (f.problems & CKEY_CHECK_EFFECTS) {
        if (!style.bevel && !style.texture && !style.shadow) return false;
        style.bevel = style.bevel * 8 / 10;
        style.texture = style.texture * 8 / 10;
        style.shadow = style.shadow * 8 / 10;
        return true;
    }
    if (f.problems & CKEY_CHECK_LOGO) {
        if (s.profile != CKEY_PROFILE_LOCATOR && style.logo_size > 5) { --style.logo_size; return true; }
        style.logo_rgba = nullptr;
        return true;
    }
    return false;
}

}  // namespace

StyleCheck check_style(const Symbol &s, const Style &input, bool transparent, const uint32_t *backdrop) {
    validate_style(input);
    StyleCheck result;
    result.drawn = input;
    Findings f = evaluate(s, input, transparent, backdrop);
    const Findings original = f;
    if (input.policy == CKEY_STYLE_ADAPTIVE) {
        for (int step = 0; step < 200 && f.problems; ++step) {
            if (!adapt(s, result.drawn, f, transparent, backdrop)) break;
            f = evaluate(s, result.drawn, transparent, backdrop);
        }
        result.report.adapted = std::memcmp(&result.drawn, &input, sizeof input) != 0;
    }
    ckey_style_report &r = result.report;
    r.problems = f.problems;
    r.warnings = f.warnings;
    r.contrast_x100 = static_cast<int>(f.contrast * 100);
    r.accent_contrast_x100 = static_cast<int>(f.accent * 100);
    r.effects_contrast_x100 = static_cast<int>(f.effects * 100);
    r.logo_codewords = f.logo_codewords;
    r.logo_budget = f.logo_budget;
    std::string message = f.message;
    if (input.policy == CKEY_STYLE_ADAPTIVE && original.problems && !f.problems)
        message = cat("adapted: ", original.message);
    if (message.empty() && (f.warnings & CKEY_CHECK_TRANSPARENT_NO_BACKDROP))
        message = "transparent output with no backdrop given: contrast is checked against the style's own "
                  "background; composite it over a contrasting colour";
    std::snprintf(r.message, sizeof r.message, "%s", message.c_str());
    result.refused = f.problems != 0 && input.policy != CKEY_STYLE_OVERRIDE;
    return result;
}

std::string refusal_message(const StyleCheck &check, const Style &style) {
    return cat("style refused: ", check.report.message,
               style.policy == CKEY_STYLE_STRICT ? " (or set policy adaptive to adapt it, override to draw it as given)"
                                                 : "");
}

void fail_if_refused(const StyleCheck &check, const Style &style) {
    if (check.refused) throw Error(CKEY_STYLE_REFUSED, refusal_message(check, style));
}

Style resolve_style(const Symbol &s, const Style &style, bool transparent, const uint32_t *backdrop) {
    StyleCheck check = check_style(s, style, transparent, backdrop);
    fail_if_refused(check, style);
    return check.drawn;
}

}  // namespace ckey
