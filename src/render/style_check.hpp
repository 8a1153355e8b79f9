// The style check: contrast (WCAG ratios), effect amplitudes, the logo's
// cost in codewords per Reed-Solomon block, and transparent output without
// a known backdrop. Strict refuses, adaptive adapts, override reports only.
#pragma once

#include "../codec/symbol.hpp"
#include "style.hpp"

#include <string>

namespace ckey {

constexpr double kMinInkContrast = 4.5;     // WCAG AA for text: data modules are read like glyphs
constexpr double kMinAccentContrast = 3.0;  // WCAG 1.4.11 non-text graphics: ring, rays, keys
constexpr double kMinEffectsContrast = 3.0; // worst pixel pair once bevel, grain and shadow apply
constexpr int kLogoSharePercent = 40;       // of each block's error-correction capacity (E/2)

struct StyleCheck {
    ckey_style_report report{};
    Style drawn{};       // what would be drawn (adapted under the adaptive policy)
    bool refused = false;
};

StyleCheck check_style(const Symbol &symbol, const Style &style, bool transparent, const uint32_t *backdrop);

// Why the check refused the style, with its policy's hint (style: the one
// checked), e.g. "style refused: ... (or set policy adaptive ...)".
std::string refusal_message(const StyleCheck &check, const Style &style);

// Throws CKEY_STYLE_REFUSED with refusal_message when the check refused.
void fail_if_refused(const StyleCheck &check, const Style &style);

// The style to draw; throws CKEY_STYLE_REFUSED under the strict policy.
Style resolve_style(const Symbol &symbol, const Style &style, bool transparent, const uint32_t *backdrop);

}  // namespace ckey
