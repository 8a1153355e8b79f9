// PDF: one page exactly width_points square; marks as filled paths in canvas
// units (y down through the page matrix), gradients as shadings, a logo as
// the only image (RGB with a soft mask). Streams are left uncompressed: the
// core links no zlib of its own, and the paths are small.
#include "export.hpp"

#include "../core/error.hpp"
#include "paint.hpp"
#include "pdf_file.hpp"
#include "scene.hpp"
#include "vector_paths.hpp"

#include <cstdio>

namespace ckey {

namespace {

std::string rgb_text(uint32_t c) {
    Rgb x = rgb_of(c);
    return short_decimal(x.r / 255.0) + " " + short_decimal(x.g / 255.0) + " " + short_decimal(x.b / 255.0);
}

std::string function_of(const std::vector<Stop> &stops) {
    std::string functions, bounds, encode;
    for (size_t i = 1; i < stops.size(); ++i) {
        functions += cat("<< /FunctionType 2 /Domain [0 1] /C0 [", rgb_text(stops[i - 1].color), "] /C1 [",
                         rgb_text(stops[i].color), "] /N 1 >> ");
        if (i + 1 < stops.size()) bounds += short_decimal(stops[i].t / 1000.0) + " ";
        encode += "0 1 ";
    }
    return cat("<< /FunctionType 3 /Domain [0 1] /Functions [", functions, "] /Bounds [", bounds, "] /Encode [",
               encode, "] >>");
}

}  // namespace

std::vector<uint8_t> render_pdf(const Symbol &s, const Style &style, double width, bool transparent) {
    if (!(width >= 1 && width <= 14400))
        fail(CKEY_INVALID_ARGUMENT, "width is ", width, " points; allowed: 1...14400 (PDF page limit)");
    const Scene scene = build_scene(s, style, 0);
    const auto groups = paint_groups(scene, style);
    PdfFile pdf;
    pdf.add("<< /Type /Catalog /Pages 3 0 R >>");  // object 1, the document root
    pdf.add(cat("<< /Producer (CKey ", ckey_version_string(), ") >>"));
    const int pages = pdf.add("");
    const int page = pdf.add("");

    std::string shadings, images, content;
    const double k = width / 31.0;
    content += cat("q ", short_decimal(k), " 0 0 ", short_decimal(-k), " 0 ", short_decimal(width), " cm\n");
    const bool vignette = style.background != style.background_edge;
    if (!transparent) {
        if (vignette) {
            int id = pdf.add(cat("<< /ShadingType 3 /ColorSpace /DeviceRGB /Coords [15.5 15.5 0 15.5 15.5 21.9203] ",
                                 "/Extend [true true] /Function ", function_of(vignette_stops(style)), " >>"));
            shadings += cat("/ShBg ", id, " 0 R ");
            content += "q 0 0 31 31 re W n /ShBg sh Q\n";
        } else {
            content += rgb_text(style.background) + " rg 0 0 31 31 re f\n";
        }
    }
    std::string gstates;
    if (style.shadow > 0) {
        gstates = cat("/ExtGState << /GS0 << /ca ", short_decimal(style.shadow / 100.0), " >> >> ");
        std::vector<const Contour *> all;
        for (const auto &g : groups) all.insert(all.end(), g.contours.begin(), g.contours.end());
        content += "q /GS0 gs 0 0 0 rg\n" + path_text(all, true, kShadowOffset, kShadowOffset) + "f\nQ\n";
    }
    for (size_t g = 0; g < groups.size(); ++g) {
        if (groups[g].contours.empty()) continue;
        const std::string path = path_text(groups[g].contours, true);
        if (style.bevel > 0) {
            int id = pdf.add(cat("<< /ShadingType 2 /ColorSpace /DeviceRGB /Coords [0 0 31 31] /Extend [true true] ",
                                 "/Function ", function_of(sheen_stops(groups[g].color, style.bevel)), " >>"));
            shadings += cat("/Sh", g, " ", id, " 0 R ");
            content += "q\n" + path + cat("W n /Sh", g, " sh\nQ\n");
        } else {
            content += rgb_text(groups[g].color) + " rg\n" + path + "f\n";
        }
    }
    if (scene.logo.present) {
        const int w = style.logo_width, h = style.logo_height;
        std::string rgb, alpha;
        rgb.reserve(size_t(w) * h * 3);
        alpha.reserve(size_t(w) * h);
        for (size_t i = 0; i < size_t(w) * h; ++i) {
            const uint8_t *p = style.logo_rgba + i * 4;
            rgb.append(reinterpret_cast<const char *>(p), 3);
            alpha.push_back(static_cast<char>(p[3]));
        }
        int mask = pdf.add(cat("<< /Type /XObject /Subtype /Image /Width ", w, " /Height ", h,
                               " /ColorSpace /DeviceGray /BitsPerComponent 8 >>"), alpha, true);
        int image = pdf.add(cat("<< /Type /XObject /Subtype /Image /Width ", w, " /Height ", h,
                                " /ColorSpace /DeviceRGB /BitsPerComponent 8 /SMask ", mask, " 0 R >>"), rgb, true);
        images = cat("/XObject << /Im0 ", image, " 0 R >> ");
        const Box &b = scene.logo.image;
        content += cat("q ", units_text(int64_t(b.x1) - b.x0), " 0 0 ", units_text(int64_t(b.y0) - b.y1), " ",
                       units_text(b.x0), " ", units_text(b.y1), " cm /Im0 Do Q\n");
    }
    content += "Q\n";
    const int contents = pdf.add("<< >>", content, true);
    pdf.set(pages, cat("<< /Type /Pages /Kids [", page, " 0 R] /Count 1 >>"));
    pdf.set(page, cat("<< /Type /Page /Parent ", pages, " 0 R /MediaBox [0 0 ", short_decimal(width), " ", short_decimal(width),
                      "] /Contents ", contents, " 0 R /Resources << ",
                      shadings.empty() ? std::string() : "/Shading << " + shadings + ">> ", gstates, images,
                      ">> >>"));
    return pdf.bytes();
}

}  // namespace ckey
