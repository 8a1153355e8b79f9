#include "grade_report.hpp"

#include "../core/error.hpp"
#include "../render/pdf_file.hpp"
#include "grade_card.hpp"

#include <cstdio>

namespace ckey {

namespace {

const char *kind_name(ElementKind k) {
    static const char *names[] = {"quiet", "ring", "band", "key", "data"};
    return names[static_cast<int>(k)];
}

std::string fixed(double v, int decimals) {
    char text[40];
    std::snprintf(text, sizeof text, "%.*f", decimals, v);
    return text;
}

// Printable ASCII only (JSON and PDF strings alike), the rest as \u00XX or '?'.
std::string json_string(const std::vector<uint8_t> &bytes) {
    std::string out = "\"";
    for (uint8_t b : bytes) {
        if (b == '"' || b == '\\') out += cat('\\', static_cast<char>(b));
        else if (b >= 0x20 && b < 0x7F) out += static_cast<char>(b);
        else {
            char text[8];
            std::snprintf(text, sizeof text, "\\u%04x", b);
            out += text;
        }
    }
    return out + "\"";
}

std::string pdf_string(const std::string &text) {
    std::string out = "(";
    for (char c : text) {
        if (c == '(' || c == ')' || c == '\\') out += '\\';
        out += (c >= 0x20 && c < 0x7F) ? c : '?';
    }
    return out + ")";
}

std::string rgb(uint32_t c) {
    return short_decimal((c >> 16 & 255) / 255.0) + " " + short_decimal((c >> 8 & 255) / 255.0) + " " + short_decimal((c & 255) / 255.0);
}

std::string text_at(double x, double y, const char *font, double size, const std::string &text) {
    return cat("BT /", font, " ", short_decimal(size), " Tf ", short_decimal(x), " ", short_decimal(y), " Td ", pdf_string(text),
               " Tj ET\n");
}

// The grade map: each element a square of its grade's colour (ink darker),
// damaged ones crossed; canvas units scaled to `side` points at (x, y) top-left.
std::string grade_map(const GradeMeasurement &m, double x, double y, double side) {
    const double u = side / 31;
    std::string out = cat("q 0.92 0.92 0.92 rg ", short_decimal(x), " ", short_decimal(y - side), " ", short_decimal(side), " ",
                          short_decimal(side), " re f Q\n");
    for (const GradedElement &e : m.elements) {
        uint32_t c = grade_colour(e.grade);
        if (e.ink) c = (c >> 1) & 0x7F7F7F;
        const double h = e.size * u * 0.45, cx = x + e.x * u, cy = y - e.y * u;
        out += cat(rgb(c), " rg ", short_decimal(cx - h), " ", short_decimal(cy - h), " ", short_decimal(2 * h), " ", short_decimal(2 * h),
                   " re f\n");
        if (e.grade == 0)
            out += cat("0.85 0 0 RG 0.6 w ", short_decimal(cx - h), " ", short_decimal(cy - h), " m ", short_decimal(cx + h), " ",
                       short_decimal(cy + h), " l ", short_decimal(cx - h), " ", short_decimal(cy + h), " m ", short_decimal(cx + h), " ",
                       short_decimal(cy - h), " l S\n");
    }
    return out;
}

}  // namespace

const char *grade_parameter_key(int parameter) {
    static const char *keys[kGradeParameterCount] = {
        "symbol_contrast", "minimum_reflectance", "minimum_edge_contrast", "modulation", "reflectance_margin",
        "ring_damage", "band_damage", "key_damage", "axial_nonuniformity", "grid_nonuniformity",
        "unused_error_correction", "print_growth_x", "print_growth_y"};
    return parameter >= 0 && parameter < kGradeParameterCount ? keys[parameter] : nullptr;
}

std::string grade_json(const GradeMeasurement &m) {
    std::string out = cat("{\"overall\":{\"grade\":", m.overall, ",\"letter\":\"", grade_letter(m.overall), "\"},");
    out += cat("\"symbol\":{\"profile\":", m.info.profile, ",\"version\":", m.info.version, ",\"level\":", m.info.level,
               ",\"layout\":", m.info.layout, ",\"mask\":", m.info.mask, ",\"modules\":", m.n,
               ",\"ink_light\":", m.ink_light ? "true" : "false", ",\"pixels_per_module\":",
               fixed(m.pixels_per_module, 2), ",\"payload\":", json_string(m.payload), "},");
    out += cat("\"reflectance\":{\"min\":", fixed(m.r_min, 2), ",\"max\":", fixed(m.r_max, 2),
               ",\"threshold\":", fixed(m.threshold, 2), "},\"parameters\":{");
    for (int p = 0; p < kGradeParameterCount; ++p)
        out += cat(p ? "," : "", "\"", grade_parameter_key(p), "\":{\"value\":", fixed(m.values[p], 4),
                   ",\"grade\":", m.grades[p], ",\"letter\":\"", grade_letter(m.grades[p]), "\"}");
    const char *patterns[3] = {"ring", "band", "keys"};
    out += "},\"damage\":{";
    for (int p = 0; p < 3; ++p)
        out += cat(p ? "," : "", "\"", patterns[p], "\":{\"damaged\":", m.damaged[p], ",\"elements\":", m.patterns[p], "}");
    out += cat("},\"growth_edges\":{\"x\":", m.edges_x, ",\"y\":", m.edges_y, "},\"elements\":[");
    for (size_t i = 0; i < m.elements.size(); ++i) {
        const GradedElement &e = m.elements[i];
        out += cat(i ? "," : "", "{\"kind\":\"", kind_name(e.kind), "\",\"x\":", fixed(e.x, 3), ",\"y\":", fixed(e.y, 3),
                   ",\"ink\":", e.ink ? 1 : 0, ",\"reflectance\":", fixed(e.reflectance, 1), ",\"margin\":",
                   fixed(e.margin, 3), ",\"grade\":", e.grade, "}");
    }
    return out + "]}\n";
}

std::vector<uint8_t> grade_report_pdf(const GradeMeasurement &m) {
    // A4 portrait, 595 x 842 points, y up.
    std::string page = text_at(50, 790, "F2", 20, "CKey print quality report");
    page += cat(rgb(grade_colour(m.overall)), " rg 465 705 80 80 re f\n");
    page += cat("1 1 1 rg ", text_at(485, 722, "F2", 56, std::string(1, grade_letter(m.overall))), "0 0 0 rg\n");
    page += text_at(50, 764, "F1", 11,
                    cat("Profile ", m.info.profile, ", version ", m.info.version, ", level ", "LMQH"[m.info.level & 3],
                        ", ", m.info.layout ? "print" : "standard", " layout"));
    page += text_at(50, 749, "F1", 11, cat(m.n, " x ", m.n, " modules, ", fixed(m.pixels_per_module, 1), " px per module"));
    std::string payload(m.payload.begin(), m.payload.end());
    if (payload.size() > 60) payload = payload.substr(0, 57) + "...";
    page += text_at(50, 734, "F1", 11, "Payload: " + payload);
    page += text_at(50, 719, "F1", 11,
                    cat("Overall grade ", grade_letter(m.overall), " (", m.overall, ".0): the lowest of the parameters."));
    double y = 690;
    page += text_at(50, y, "F2", 11, "Parameter") + text_at(230, y, "F2", 11, "Value") + text_at(310, y, "F2", 11, "Grade");
    for (int p = 0; p < kGradeParameterCount; ++p) {
        y -= 18;
        page += cat(rgb(grade_colour(m.grades[p])), " rg 306 ", short_decimal(y - 4), " 40 15 re f 0 0 0 rg\n");
        page += text_at(50, y, "F1", 11, grade_parameter_key(p)) + text_at(230, y, "F1", 11, grade_value_text(p, m.values[p]));
        page += cat("1 1 1 rg ", text_at(312, y, "F2", 11, cat(grade_letter(m.grades[p]), " ", m.grades[p])), "0 0 0 rg\n");
    }
    page += text_at(50, 400, "F2", 11, "Grade map (ink modules darker; crossed: damaged)");
    page += grade_map(m, 50, 390, 300) + "0 0 0 rg\n";
    page += text_at(50, 60, "F1", 9,
                    "Reflectance is the image's grey level (0-100 %). Grades follow spec/CKey-Print-Quality.md;");
    page += text_at(50, 48, "F1", 9, "an uncalibrated camera or scanner gives an indication, not a verification.");
    PdfFile pdf;
    pdf.add("<< /Type /Catalog /Pages 3 0 R >>");
    pdf.add("<< /Producer (CKey) /Title (CKey print quality report) >>");
    pdf.add("<< /Type /Pages /Kids [4 0 R] /Count 1 >>");
    pdf.add("<< /Type /Page /Parent 3 0 R /MediaBox [0 0 595 842] /Contents 5 0 R /Resources << /Font << /F1 6 0 R "
            "/F2 7 0 R >> >> >>");
    pdf.add("<< >>", page, true);
    pdf.add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>");
    pdf.add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>");
    return pdf.bytes();
}

}  // namespace ckey
