#include "grade_card.hpp"

#include "../render/export.hpp"
#include "../scan/sampler.hpp"
#include "grade_font.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace ckey {

namespace {

constexpr int kView = 620;   // the straightened symbol, px
constexpr int kPanel = 400;  // the grades beside it, px

void draw_symbol(Raster &card, const GrayImage &image, const GradeMeasurement &m) {
    const CanvasMap map(m.map);
    const double unit = 31.0 / kView;
    for (int v = 0; v < kView; ++v)
        for (int u = 0; u < kView; ++u) {
            const Point p = map.map((u + 0.5) * unit, (v + 0.5) * unit);
            const auto g = static_cast<uint8_t>(std::lround(sample_bilinear(image, p)));
            uint8_t *q = &card.rgba[(static_cast<size_t>(v) * card.width + u) * 4];
            q[0] = q[1] = q[2] = g;
            q[3] = 255;
        }
}

void draw_line(Raster &card, double x0, double y0, double x1, double y1, uint32_t rgb, double opacity) {
    const int steps = static_cast<int>(std::max(std::fabs(x1 - x0), std::fabs(y1 - y0))) + 1;
    for (int s = 0; s <= steps; ++s) {
        const int x = static_cast<int>(x0 + (x1 - x0) * s / steps), y = static_cast<int>(y0 + (y1 - y0) * s / steps);
        card.fill_rect(x, y, x + 1, y + 1, rgb, opacity);
    }
}

// Tints, grid and crosses, in view pixels (kView / 31 per canvas unit).
void draw_overlay(Raster &card, const GradeMeasurement &m) {
    const double px = kView / 31.0;
    for (const GradedElement &e : m.elements) {
        const double half = e.size * px / 2, inner = half * 0.7;
        const double cx = e.x * px, cy = e.y * px;
        card.fill_rect(static_cast<int>(cx - inner), static_cast<int>(cy - inner), static_cast<int>(cx + inner),
                       static_cast<int>(cy + inner), grade_colour(e.grade), 0.45);
        if (e.grade == 0) {
            draw_line(card, cx - half, cy - half, cx + half, cy + half, 0xE00000, 1.0);
            draw_line(card, cx - half, cy + half, cx + half, cy - half, 0xE00000, 1.0);
        }
    }
    const double pitch = 23.0 / m.n * px, start = 4 * px, end = 27 * px;
    if (pitch >= 3)
        for (int k = 0; k <= m.n; ++k) {
            const double t = start + k * pitch;
            draw_line(card, t, start, t, end, 0x00A0C0, 0.5);
            draw_line(card, start, t, end, t, 0x00A0C0, 0.5);
        }
}

void draw_panel(Raster &card, const GradeMeasurement &m) {
    const int x0 = kView + 24;
    char line[64];
    draw_text(card, x0, 20, "GRADE", 4, 0x202020);
    card.fill_rect(x0 + 200, 12, x0 + 200 + 110, 12 + 130, grade_colour(m.overall));
    draw_text(card, x0 + 225, 25, std::string(1, grade_letter(m.overall)), 15, 0xFFFFFF);
    std::snprintf(line, sizeof line, "%.1f", static_cast<double>(m.overall));
    draw_text(card, x0, 70, line, 4, 0x202020);
    std::snprintf(line, sizeof line, "P%d V%d %c %s", m.info.profile, m.info.version, "LMQH"[m.info.level & 3],
                  m.info.layout ? "PRINT" : "STD");
    draw_text(card, x0, 150, line, 2, 0x404040);
    std::snprintf(line, sizeof line, "%.1f PX/MODULE", m.pixels_per_module);
    draw_text(card, x0, 172, line, 2, 0x404040);
    int y = 210;
    for (int p = 0; p < kGradeParameterCount; ++p, y += 29) {
        card.fill_rect(x0, y - 3, x0 + 22, y + 19, grade_colour(m.grades[p]));
        draw_text(card, x0 + 5, y + 1, std::string(1, grade_letter(m.grades[p])), 2, 0xFFFFFF);
        draw_text(card, x0 + 34, y + 1, grade_parameter_label(p), 2, 0x202020);
        draw_text(card, x0 + 250, y + 1, grade_value_text(p, m.values[p]), 2, 0x404040);
    }
}

}  // namespace

const char *grade_parameter_label(int parameter) {
    static const char *labels[kGradeParameterCount] = {
        "CONTRAST", "MIN REFLECT", "EDGE CONTRAST", "MODULATION", "MARGIN", "RING DAMAGE", "BAND DAMAGE",
        "KEY DAMAGE", "AXIAL", "GRID", "UNUSED EC", "GROWTH X", "GROWTH Y"};
    return parameter >= 0 && parameter < kGradeParameterCount ? labels[parameter] : "";
}

std::string grade_value_text(int parameter, double value) {
    char text[32];
    switch (parameter) {
    case kSymbolContrast:
    case kMinimumReflectance:
    case kMinimumEdgeContrast: std::snprintf(text, sizeof text, "%.0f%%", value); break;
    case kRingDamage:
    case kBandDamage:
    case kKeyDamage: std::snprintf(text, sizeof text, "%.1f%%", value * 100); break;
    case kPrintGrowthX:
    case kPrintGrowthY: std::snprintf(text, sizeof text, "%+.2f", value); break;
    default: std::snprintf(text, sizeof text, "%.2f", value); break;
    }
    return text;
}

uint32_t grade_colour(int grade) {
    static const uint32_t colours[5] = {0xC62828, 0xEF6C00, 0xF9A825, 0x7CB342, 0x2E7D32};
    return colours[std::clamp(grade, 0, 4)];
}

std::vector<uint8_t> grade_card_png(const GrayImage &image, const GradeMeasurement &m) {
    Raster card;
    card.width = kView + kPanel;
    card.height = kView;
    card.rgba.assign(static_cast<size_t>(card.width) * card.height * 4, 255);
    draw_symbol(card, image, m);
    draw_overlay(card, m);
    draw_panel(card, m);
    return encode_png(card.rgba.data(), card.width, card.height, static_cast<size_t>(card.width) * 4, 72);
}

}  // namespace ckey
