// Exports: PNG read back with libpng, SVG and PDF structure, atomic files
// and the C API's argument checks.
#include "check.hpp"
#include "test_render_support.hpp"

#include "core/error.hpp"
#include "image/atomic_file.hpp"
#include "render/export.hpp"

#include <ckey/ckey.h>
#include <png.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dirent.h>
#include <string>
#include <sys/stat.h>
#include <unistd.h>

using namespace ckey;
using namespace render_test;

namespace {

struct Decoded {
    int width = 0, height = 0, color_type = -1, bit_depth = 0;
    png_uint_32 ppm_x = 0, ppm_y = 0;
    int unit = -1;
    std::string software;
    std::vector<uint8_t> rgba;
};

Decoded read_png(const std::vector<uint8_t> &bytes) {
    Decoded d;
    png_image image{};
    image.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_memory(&image, bytes.data(), bytes.size())) return d;
    image.format = PNG_FORMAT_RGBA;
    d.width = int(image.width);
    d.height = int(image.height);
    d.rgba.resize(PNG_IMAGE_SIZE(image));
    if (!png_image_finish_read(&image, nullptr, d.rgba.data(), 0, nullptr)) d.rgba.clear();
    // Chunks through the low-level reader.
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, nullptr, nullptr, nullptr);
    png_infop info = png_create_info_struct(png);
    struct Source { const std::vector<uint8_t> *bytes; size_t at; } source{&bytes, 0};
    png_set_read_fn(png, &source, [](png_structp p, png_bytep out, png_size_t n) {
        auto *s = static_cast<Source *>(png_get_io_ptr(p));
        std::memcpy(out, s->bytes->data() + s->at, n);
        s->at += n;
    });
    if (setjmp(png_jmpbuf(png)) == 0) {
        png_read_info(png, info);
        d.color_type = png_get_color_type(png, info);
        d.bit_depth = png_get_bit_depth(png, info);
        png_get_pHYs(png, info, &d.ppm_x, &d.ppm_y, &d.unit);
        png_textp text = nullptr;
        int count = 0;
        png_get_text(png, info, &text, &count);
        for (int i = 0; i < count; ++i)
            if (std::string(text[i].key) == "Software") d.software = text[i].text;
    }
    png_destroy_read_struct(&png, &info, nullptr);
    return d;
}

bool contains(const std::string &text, const std::string &part) { return text.find(part) != std::string::npos; }

std::string temp_dir() {
    char pattern[] = "/tmp/ckey-render-test-XXXXXX";
    char *dir = mkdtemp(pattern);
    return dir ? dir : "/tmp";
}

int entries(const std::string &dir) {
    int count = 0;
    if (DIR *d = opendir(dir.c_str())) {
        while (dirent *e = readdir(d)) count += std::strcmp(e->d_name, ".") && std::strcmp(e->d_name, "..");
        closedir(d);
    }
    return count;
}

}  // namespace

TEST(png_round_trips_with_the_smallest_exact_type) {
    Symbol sym = encode("png", 0, 6);
    struct Case { int preset, policy; bool transparent; int type, depth; };
    const Case cases[] = {
        {0, CKEY_RASTER_BINARY, false, PNG_COLOR_TYPE_GRAY, 1},
        {0, CKEY_RASTER_COVERAGE, false, PNG_COLOR_TYPE_GRAY, 8},
        {0, CKEY_RASTER_COVERAGE, true, PNG_COLOR_TYPE_GRAY_ALPHA, 8},
        {1, CKEY_RASTER_COVERAGE, false, PNG_COLOR_TYPE_RGB, 8},
        {1, CKEY_RASTER_COVERAGE, true, PNG_COLOR_TYPE_RGB_ALPHA, 8},
        {1, CKEY_RASTER_BINARY, false, PNG_COLOR_TYPE_PALETTE, 8},
    };
    for (const Case &c : cases) {
        Style style = style_preset(c.preset);
        auto raw = pixels(sym, style, 300, c.policy, c.transparent);
        auto png = encode_png(raw.data(), 300, 300, 1200, 300);
        Decoded d = read_png(png);
        CHECK_EQ(d.width, 300);
        CHECK_EQ(d.color_type, c.type);
        CHECK_EQ(d.bit_depth, c.depth);
        CHECK(d.rgba == raw);
        CHECK_EQ(d.ppm_x, png_uint_32(11811));  // 300 dpi = 11811.02 px per metre
        CHECK_EQ(d.unit, PNG_RESOLUTION_METER);
        CHECK(contains(d.software, "CKey"));
    }
    auto raw = pixels(sym, style_preset(0), 100, 0);
    CHECK_EQ(read_png(encode_png(raw.data(), 100, 100, 400, 0)).unit, -1);  // no pHYs without dpi
}

TEST(svg_is_vector_merged_and_in_canvas_units) {
    Symbol sym = encode("svg", 0, 5);
    std::string plain = render_svg(sym, style_preset(CKEY_STYLE_PLAIN), 2.5, false);
    CHECK(contains(plain, "viewBox=\"0 0 31 31\""));
    CHECK(contains(plain, "width=\"77.5\""));
    CHECK(!contains(plain, "<image"));
    size_t paths = 0;
    for (size_t at = plain.find("<path"); at != std::string::npos; at = plain.find("<path", at + 1)) ++paths;
    CHECK_EQ(paths, size_t(1));  // ring, rays, modules and keys share one black path
    std::string metal = render_svg(sym, style_preset(CKEY_STYLE_CONCEPT), 8, false);
    CHECK(contains(metal, "<radialGradient id=\"vignette\""));
    CHECK(contains(metal, "<linearGradient id=\"sheen0\""));
    CHECK(contains(metal, "fill-opacity=\"0.35\""));
    std::string clear = render_svg(sym, style_preset(CKEY_STYLE_CONCEPT), 8, true);
    CHECK(!contains(clear, "<rect"));
    // A logo is embedded as a PNG data URI.
    std::vector<uint8_t> logo(16 * 16 * 4, 255);
    Style s = style_preset(CKEY_STYLE_PLAIN);
    s.logo_rgba = logo.data();
    s.logo_width = s.logo_height = 16;
    s.logo_size = 10;
    CHECK(contains(render_svg(sym, s, 4, false), "href=\"data:image/png;base64,iVBORw0KGgo"));
}

TEST(pdf_has_one_page_of_the_width_and_no_image_without_logo) {
    Symbol sym = encode("pdf", 0, 5);
    auto bytes = render_pdf(sym, style_preset(CKEY_STYLE_CONCEPT), 144, false);
    std::string pdf(bytes.begin(), bytes.end());
    CHECK(pdf.rfind("%PDF-1.4", 0) == 0);
    CHECK(contains(pdf, "/MediaBox [0 0 144 144]"));
    CHECK(contains(pdf, "/ShadingType 2"));
    CHECK(contains(pdf, "/ShadingType 3"));
    CHECK(!contains(pdf, "/Subtype /Image"));
    CHECK(contains(pdf, "%%EOF"));
    std::vector<uint8_t> logo(8 * 8 * 4, 128);
    Style s = style_preset(CKEY_STYLE_PLAIN);
    s.logo_rgba = logo.data();
    s.logo_width = s.logo_height = 8;
    s.logo_size = 10;
    auto with_logo = render_pdf(sym, s, 72, false);
    CHECK(contains(std::string(with_logo.begin(), with_logo.end()), "/SMask"));
}

TEST(atomic_write_replaces_or_leaves_nothing) {
    const std::string dir = temp_dir();
    const std::string path = dir + "/a.png";
    const uint8_t first[] = {1, 2, 3}, second[] = {4, 5};
    write_file_atomic(path, first, 3);
    write_file_atomic(path, second, 2);
    struct stat st{};
    CHECK_EQ(stat(path.c_str(), &st), 0);
    CHECK_EQ(st.st_size, 2);
    CHECK_EQ(entries(dir), 1);
    try {
        write_file_atomic(dir + "/missing/b.png", first, 3);
        CHECK(false);
    } catch (const Error &e) {
        CHECK_EQ(e.code(), CKEY_IO_ERROR);
        CHECK(contains(e.what(), "missing/b.png"));
        CHECK(contains(e.what(), "No such file or directory"));
    }
    // Renaming over a directory fails after the temporary was written: it must go.
    const std::string blocker = dir + "/blocker";
    mkdir(blocker.c_str(), 0755);
    const std::string inside = blocker + "/x";
    mkdir(inside.c_str(), 0755);
    try {
        write_file_atomic(blocker, first, 3);
        CHECK(false);
    } catch (const Error &e) {
        CHECK_EQ(e.code(), CKEY_IO_ERROR);
        CHECK(contains(e.what(), "renaming"));
    }
    CHECK_EQ(entries(dir), 2);  // a.png and blocker, no temporary
    rmdir(inside.c_str());
    rmdir(blocker.c_str());
    unlink(path.c_str());
    rmdir(dir.c_str());
}

TEST(c_api_renders_and_checks_arguments) {
    ckey_symbol *sym = nullptr;
    const char *text = "https://openckey.org";
    REQUIRE(ckey_symbol_encode(reinterpret_cast<const uint8_t *>(text), std::strlen(text), 0, 0, 1, 0, &sym) == CKEY_OK);
    int min = 0;
    CHECK_EQ(ckey_render_min_size(sym, &min), int(CKEY_OK));
    CHECK(min >= 31);
    std::vector<uint8_t> buffer(256 * 256 * 4);
    CHECK_EQ(ckey_render_pixels(sym, nullptr, 256, CKEY_RASTER_COVERAGE, 0, buffer.data(), 1024, buffer.size()), int(CKEY_OK));
    CHECK_EQ(int(buffer[0]), 255);
    CHECK_EQ(ckey_render_pixels(sym, nullptr, 256, 7, 0, buffer.data(), 1024, buffer.size()), int(CKEY_INVALID_PARAMETER));
    CHECK(contains(ckey_last_error(), "policy 7"));
    CHECK_EQ(ckey_render_pixels(sym, nullptr, 256, 0, 0, buffer.data(), 1000, buffer.size()), int(CKEY_INVALID_ARGUMENT));
    CHECK(contains(ckey_last_error(), "bytes_per_row is 1000"));
    CHECK_EQ(ckey_render_pixels(sym, nullptr, 10, 0, 0, buffer.data(), 1024, buffer.size()), int(CKEY_SIZE_TOO_SMALL));
    CHECK_EQ(ckey_render_pixels(nullptr, nullptr, 256, 0, 0, buffer.data(), 1024, buffer.size()), int(CKEY_INVALID_ARGUMENT));
    CHECK(contains(ckey_last_error(), "symbol is NULL"));

    ckey_style style;
    CHECK_EQ(ckey_style_init(&style, CKEY_STYLE_CONCEPT), int(CKEY_OK));
    CHECK_EQ(ckey_style_init(&style, 5), int(CKEY_INVALID_PARAMETER));
    ckey_style_init(&style, CKEY_STYLE_PLAIN);
    style.ink = 0xDDDDDD;
    ckey_style_report report;
    ckey_style adapted;
    CHECK_EQ(ckey_style_check(sym, &style, 0, nullptr, &adapted, &report), int(CKEY_STYLE_REFUSED));
    CHECK(contains(ckey_last_error(), "style refused"));
    CHECK(report.problems & CKEY_CHECK_CONTRAST);
    CHECK_EQ(ckey_render_pixels(sym, &style, 256, 0, 0, buffer.data(), 1024, buffer.size()), int(CKEY_STYLE_REFUSED));
    style.policy = CKEY_STYLE_ADAPTIVE;
    CHECK_EQ(ckey_style_check(sym, &style, 0, nullptr, &adapted, &report), int(CKEY_OK));
    CHECK_EQ(report.adapted, 1);

    uint8_t *png = nullptr;
    size_t png_length = 0;
    CHECK_EQ(ckey_render_png(sym, nullptr, 200, 0, 0, 300, &png, &png_length), int(CKEY_OK));
    CHECK(png_length > 8 && png[1] == 'P');
    ckey_free(png);
    char *svg = nullptr;
    CHECK_EQ(ckey_render_svg(sym, nullptr, 4, 0, &svg), int(CKEY_OK));
    CHECK(svg && contains(svg, "<svg"));
    ckey_free(svg);
    uint8_t *pdf = nullptr;
    size_t pdf_length = 0;
    CHECK_EQ(ckey_render_pdf(sym, nullptr, 0.5, 0, &pdf, &pdf_length), int(CKEY_INVALID_ARGUMENT));
    CHECK(contains(ckey_last_error(), "width is 0.5 points"));
    CHECK_EQ(ckey_file_write("/nonexistent-dir/x.png", reinterpret_cast<const uint8_t *>("x"), 1), int(CKEY_IO_ERROR));
    // The logo reader takes any PNG back to RGBA.
    std::vector<uint8_t> raw(200 * 200 * 4);
    ckey_render_pixels(sym, nullptr, 200, 0, 1, raw.data(), 800, raw.size());
    CHECK_EQ(ckey_render_png(sym, nullptr, 200, 0, 1, 0, &png, &png_length), int(CKEY_OK));
    uint8_t *rgba = nullptr;
    int w = 0, h = 0;
    CHECK_EQ(ckey_image_read_png(png, png_length, &rgba, &w, &h), int(CKEY_OK));
    CHECK(w == 200 && h == 200 && rgba && std::memcmp(rgba, raw.data(), raw.size()) == 0);
    ckey_free(rgba);
    CHECK_EQ(ckey_image_read_png(png, 7, &rgba, &w, &h), int(CKEY_IMAGE_FORMAT));
    ckey_free(png);
    ckey_free(nullptr);
    ckey_symbol_destroy(sym);
}
