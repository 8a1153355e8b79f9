// Print quality grade (spec/CKey-Print-Quality.md): a clean render grades A
// on every parameter; known defects lower exactly the parameters they
// touch; the grade falls monotonically with blur, noise, low contrast and
// print growth; bad input fails with a reason.
#include "check.hpp"

#include "certify/grade_measure.hpp"
#include "certify/grade_rules.hpp"

#include <ckey/ckey.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <random>
#include <string>
#include <vector>

using ckey::GrayImage;

namespace {

constexpr int kSize = 1024;
constexpr double kUnit = kSize / 31.0;  // px per canvas unit

GrayImage render(const char *text, int profile = 0, int layout = 0, int size = kSize) {
    ckey_symbol *s = nullptr;
    ckey_symbol_encode(reinterpret_cast<const uint8_t *>(text), std::strlen(text), profile, 0, 1, layout, &s);
    GrayImage g;
    if (s == nullptr) return g;
    std::vector<uint8_t> rgba(static_cast<size_t>(size) * size * 4);
    ckey_render_pixels(s, nullptr, size, CKEY_RASTER_COVERAGE, 0, rgba.data(), static_cast<size_t>(size) * 4,
                       rgba.size());
    ckey_symbol_destroy(s);
    g.width = g.height = size;
    g.pixels.resize(static_cast<size_t>(size) * size);
    for (size_t i = 0; i < g.pixels.size(); ++i) g.pixels[i] = rgba[4 * i + 1];
    return g;
}

// Paints the canvas rectangle [x0, x1) x [y0, y1) with one grey level.
void paint(GrayImage &g, double x0, double y0, double x1, double y1, uint8_t level) {
    for (int y = static_cast<int>(y0 * kUnit); y < static_cast<int>(y1 * kUnit); ++y)
        for (int x = static_cast<int>(x0 * kUnit); x < static_cast<int>(x1 * kUnit); ++x)
            g.pixels[static_cast<size_t>(y) * g.width + x] = level;
}

// Ink spread: each pixel takes the darkest within `radius` px (a square).
GrayImage spread_ink(const GrayImage &g, int radius) {
    GrayImage row = g, out = g;
    for (int y = 0; y < g.height; ++y)
        for (int x = 0; x < g.width; ++x) {
            uint8_t v = 255;
            for (int k = std::max(0, x - radius); k <= std::min(g.width - 1, x + radius); ++k)
                v = std::min(v, g.at(k, y));
            row.pixels[static_cast<size_t>(y) * g.width + x] = v;
        }
    for (int y = 0; y < g.height; ++y)
        for (int x = 0; x < g.width; ++x) {
            uint8_t v = 255;
            for (int k = std::max(0, y - radius); k <= std::min(g.height - 1, y + radius); ++k)
                v = std::min(v, row.at(x, k));
            out.pixels[static_cast<size_t>(y) * g.width + x] = v;
        }
    return out;
}

// A box blur of this radius, rows then columns.
GrayImage blur(const GrayImage &g, int radius) {
    GrayImage row = g, out = g;
    const int w = 2 * radius + 1;
    for (int y = 0; y < g.height; ++y)
        for (int x = 0; x < g.width; ++x) {
            int sum = 0;
            for (int k = -radius; k <= radius; ++k) sum += g.at(std::clamp(x + k, 0, g.width - 1), y);
            row.pixels[static_cast<size_t>(y) * g.width + x] = static_cast<uint8_t>(sum / w);
        }
    for (int y = 0; y < g.height; ++y)
        for (int x = 0; x < g.width; ++x) {
            int sum = 0;
            for (int k = -radius; k <= radius; ++k) sum += row.at(x, std::clamp(y + k, 0, g.height - 1));
            out.pixels[static_cast<size_t>(y) * g.width + x] = static_cast<uint8_t>(sum / w);
        }
    return out;
}

GrayImage levels(const GrayImage &g, int black, int white) {
    GrayImage out = g;
    for (uint8_t &p : out.pixels) p = static_cast<uint8_t>(black + (white - black) * p / 255);
    return out;
}

GrayImage noisy(const GrayImage &g, double sigma, unsigned seed) {
    GrayImage out = g;
    std::mt19937 random(seed);
    std::normal_distribution<double> n(0, sigma);
    for (uint8_t &p : out.pixels) p = static_cast<uint8_t>(std::clamp(p + n(random), 0.0, 255.0));
    return out;
}

// Every grade, by the C API (the path users take).
ckey_grade_summary grade_of(const GrayImage &g, int expected_status = CKEY_OK) {
    ckey_grade *grade = nullptr;
    ckey_grade_summary s{};
    const int status = ckey_grade_gray8(g.pixels.data(), g.pixels.size(), g.width, g.height,
                                        static_cast<size_t>(g.width), &grade);
    CHECK_EQ(status, expected_status);
    if (grade != nullptr) CHECK_EQ(ckey_grade_get_summary(grade, &s), CKEY_OK);
    ckey_grade_destroy(grade);
    return s;
}

// Every parameter graded A except those listed, which take the grades given.
void expect_grades(const ckey_grade_summary &s, std::vector<std::pair<int, int>> except) {
    for (int p = 0; p < CKEY_GRADE_PARAMETER_COUNT; ++p) {
        int want = 4;
        for (auto [q, g] : except)
            if (q == p) want = g;
        if (s.grades[p] != want)
            check::record_failure(__FILE__, __LINE__,
                                  std::string(ckey_grade_parameter_name(p)) + " graded " + std::to_string(s.grades[p]) +
                                      ", expected " + std::to_string(want) + " (value " + std::to_string(s.values[p]) + ")");
    }
}

const char *kText = "https://openckey.org/grade";

}  // namespace

TEST(clean_render_grades_A_on_every_parameter) {
    for (int layout : {0, 1}) {
        const ckey_grade_summary s = grade_of(render(kText, 0, layout));
        CHECK_EQ(s.overall, 4);
        expect_grades(s, {});
        CHECK(std::fabs(s.values[CKEY_GRADE_PRINT_GROWTH_X]) < 0.03);
        CHECK(std::fabs(s.values[CKEY_GRADE_GRID_NONUNIFORMITY]) < 0.05);
        CHECK_EQ(s.values[CKEY_GRADE_UNUSED_ERROR_CORRECTION], 1.0);
    }
    // Profile 2 (text) and a light-on-dark print of the same symbol.
    CHECK_EQ(grade_of(render("GRADE ME", 2)).overall, 4);
    GrayImage inverted = render(kText);
    for (uint8_t &p : inverted.pixels) p = static_cast<uint8_t>(255 - p);
    const ckey_grade_summary s = grade_of(inverted);
    CHECK_EQ(s.ink_light, 1);
    CHECK_EQ(s.overall, 4);
}

TEST(ring_gap_lowers_ring_damage_alone) {
    GrayImage g = render(kText);
    paint(g, 8, 1.9, 13, 3.0, 255);  // 5 of the ring's 100 graded units, top side
    const ckey_grade_summary s = grade_of(g);
    expect_grades(s, {{CKEY_GRADE_RING_DAMAGE, 2}});
    CHECK(std::fabs(s.values[CKEY_GRADE_RING_DAMAGE] - 5.0 / 100) < 0.011);
}

TEST(smudged_band_side_fails_band_damage) {
    GrayImage g = render(kText);
    paint(g, 4, 27, 27, 28, 128);  // the bottom side's cells, mid-grey
    const ckey_grade_summary s = grade_of(g);
    expect_grades(s, {{CKEY_GRADE_BAND_DAMAGE, 0}});
    CHECK(s.values[CKEY_GRADE_BAND_DAMAGE] >= 22.0 / 96);
}

TEST(ink_spread_shows_as_print_growth) {
    const GrayImage clean = render(kText);
    const ckey_grade_summary base = grade_of(clean);
    const double pitch_px = base.pixels_per_module;
    double previous = -1;
    for (int radius : {1, 3, 5}) {
        const ckey_grade_summary s = grade_of(spread_ink(clean, radius));
        const double expected = 2.0 * radius / pitch_px;
        for (int axis : {CKEY_GRADE_PRINT_GROWTH_X, CKEY_GRADE_PRINT_GROWTH_Y}) {
            CHECK(std::fabs(s.values[axis] - expected) < 0.03);
            CHECK_EQ(s.grades[axis], ckey::grade_print_growth(s.values[axis]));
        }
        CHECK(s.values[CKEY_GRADE_PRINT_GROWTH_X] > previous);
        previous = s.values[CKEY_GRADE_PRINT_GROWTH_X];
    }
    // 5 px of spread on 36 px modules: 0.28 of the pitch, grade C.
    const ckey_grade_summary s = grade_of(spread_ink(clean, 5));
    CHECK_EQ(s.grades[CKEY_GRADE_PRINT_GROWTH_X], 2);
    CHECK_EQ(s.grades[CKEY_GRADE_PRINT_GROWTH_Y], 2);
}

TEST(low_contrast_lowers_contrast_and_minimum_reflectance) {
    // Ink at 90, paper at 170 of 255: contrast 31 %, the lowest reflectance
    // more than half the highest.
    const ckey_grade_summary s = grade_of(levels(render(kText), 90, 170));
    expect_grades(s, {{CKEY_GRADE_SYMBOL_CONTRAST, 1}, {CKEY_GRADE_MINIMUM_REFLECTANCE, 0}});
    CHECK(std::fabs(s.values[CKEY_GRADE_SYMBOL_CONTRAST] - 80 * 100.0 / 255) < 1.0);
}

TEST(grade_falls_monotonically_with_blur_noise_and_contrast) {
    // 400 px: modules of 12 px, the size of a phone photo of a label.
    const GrayImage clean = render(kText, 0, 0, 400);
    auto non_increasing = [](const std::vector<ckey_grade_summary> &run, int parameter) {
        for (size_t i = 1; i < run.size(); ++i) {
            CHECK(run[i].overall <= run[i - 1].overall);
            CHECK(run[i].values[parameter] <= run[i - 1].values[parameter] + 1e-3);
        }
        CHECK(run.back().overall < run.front().overall);
    };
    std::vector<ckey_grade_summary> run;
    for (int radius : {0, 2, 4, 6}) run.push_back(grade_of(blur(clean, radius)));
    non_increasing(run, CKEY_GRADE_MINIMUM_EDGE_CONTRAST);
    run.clear();
    for (double sigma : {0.0, 30.0, 60.0, 90.0}) run.push_back(grade_of(noisy(clean, sigma, 7)));
    non_increasing(run, CKEY_GRADE_MODULATION);
    run.clear();
    for (int span : {255, 160, 100, 60}) run.push_back(grade_of(levels(clean, 128 - span / 2, 128 + span / 2)));
    non_increasing(run, CKEY_GRADE_SYMBOL_CONTRAST);
}

TEST(bad_input_fails_with_a_reason) {
    GrayImage blank;
    blank.width = blank.height = 300;
    blank.pixels.assign(300 * 300, 255);
    grade_of(blank, CKEY_DECODE_FAILED);
    CHECK(std::string(ckey_last_error()).find("no readable CKey symbol") != std::string::npos);
    grade_of(render(kText, 0, 0, 70), CKEY_SIZE_TOO_SMALL);
    CHECK(std::string(ckey_last_error()).find("px per module") != std::string::npos);
    grade_of(render("\x01\x02\x03\x04", 1), CKEY_INVALID_PARAMETER);
    CHECK(std::string(ckey_last_error()).find("locator") != std::string::npos);
    ckey_grade *g = nullptr;
    CHECK_EQ(ckey_grade_file("/nonexistent/grade.png", &g), CKEY_IO_ERROR);
    CHECK(g == nullptr);
    CHECK_EQ(ckey_grade_gray8(nullptr, 0, 10, 10, 10, &g), CKEY_INVALID_ARGUMENT);
    CHECK(ckey_grade_parameter_name(CKEY_GRADE_PARAMETER_COUNT) == nullptr);
}

TEST(grade_rules_at_their_thresholds) {
    CHECK_EQ(ckey::grade_symbol_contrast(70), 4);
    CHECK_EQ(ckey::grade_symbol_contrast(69.9), 3);
    CHECK_EQ(ckey::grade_symbol_contrast(19.9), 0);
    CHECK_EQ(ckey::grade_grid(0.38), 4);
    CHECK_EQ(ckey::grade_grid(0.76), 0);
    CHECK_EQ(ckey::grade_damage(0, 100), 4);
    CHECK_EQ(ckey::grade_damage(3, 100), 3);
    CHECK_EQ(ckey::grade_damage(11, 100), 0);
    CHECK_EQ(ckey::grade_print_growth(-0.25), 2);
    // Two blocks of E = 4: a block with one codeword under C leaves 0.75 of
    // its correction at level C (A) but at B two codewords leave 0.5 (B).
    const std::vector<int> grades{4, 4, 2, 4, 3, 3, 4, 4};
    const std::vector<int> blocks{0, 0, 0, 0, 1, 1, 1, 1};
    CHECK_EQ(ckey::grade_by_codewords(grades, blocks, 2, 4), 3);
    CHECK_EQ(ckey::grade_by_codewords({0, 0, 0, 4}, {0, 0, 0, 0}, 1, 4), 1);  // 0.25 left: D
    CHECK_EQ(ckey::grade_by_codewords({0, 0, 0, 0, 0}, {0, 0, 0, 0, 0}, 1, 4), 0);
}

TEST(json_card_and_report_are_well_formed) {
    const GrayImage g = render(kText);
    ckey_grade *grade = nullptr;
    REQUIRE(ckey_grade_gray8(g.pixels.data(), g.pixels.size(), g.width, g.height, g.width, &grade) == CKEY_OK);
    char *json = nullptr;
    CHECK_EQ(ckey_grade_json(grade, &json), CKEY_OK);
    const std::string text = json ? json : "";
    ckey_free(json);
    CHECK(text.find("\"overall\":{\"grade\":4,\"letter\":\"A\"}") != std::string::npos);
    CHECK(text.find("\"payload\":\"https://openckey.org/grade\"") != std::string::npos);
    for (int p = 0; p < CKEY_GRADE_PARAMETER_COUNT; ++p)
        CHECK(text.find(std::string("\"") + ckey_grade_parameter_name(p) + "\"") != std::string::npos);
    uint8_t *bytes = nullptr;
    size_t length = 0;
    CHECK_EQ(ckey_grade_card_png(grade, &bytes, &length), CKEY_OK);
    CHECK(length > 1000 && std::memcmp(bytes, "\x89PNG\r\n\x1a\n", 8) == 0);
    ckey_free(bytes);
    CHECK_EQ(ckey_grade_report_pdf(grade, &bytes, &length), CKEY_OK);
    CHECK(length > 1000 && std::memcmp(bytes, "%PDF-", 5) == 0);
    ckey_free(bytes);
    ckey_grade_destroy(grade);
}

// The same print (paper 0.85, ink 0.05) photographed four times by the
// camera simulator, a phone held straight above it: tilt under 5 degrees,
// any roll, the light, blur and noise of the nominal scene, JPEG 90. No
// parameter's grade differs by more than one step between the photographs.
TEST(rephotographed_copies_grade_within_one_step) {
    const GrayImage texture = render(kText);
    const ckey_camera_texture t{texture.pixels.data(), texture.width, texture.height,
                                static_cast<size_t>(texture.width)};
    int lowest[CKEY_GRADE_PARAMETER_COUNT], highest[CKEY_GRADE_PARAMETER_COUNT];
    std::fill(lowest, lowest + CKEY_GRADE_PARAMETER_COUNT, 4);
    std::fill(highest, highest + CKEY_GRADE_PARAMETER_COUNT, 0);
    for (uint64_t seed = 1; seed <= 4; ++seed) {
        ckey_camera_scene scene;
        REQUIRE(ckey_camera_scene_draw(CKEY_CAMERA_NOMINAL, seed, 0.0, &scene) == CKEY_OK);
        ckey_camera_label &label = scene.labels[0];
        label.size_px = 440;  // turned 45 degrees, still inside the 720 px frame
        label.centre_x = label.centre_y = 0.5;
        label.paper_reflectance = 0.85;
        label.ink_reflectance = 0.05;
        label.tilt_deg = std::min(label.tilt_deg, 5.0);
        scene.shadow = 0;
        scene.glare_count = 0;
        scene.exposure = 6000;
        scene.jpeg_quality = 90;
        GrayImage frame;
        frame.width = scene.width;
        frame.height = scene.height;
        frame.pixels.resize(static_cast<size_t>(frame.width) * frame.height);
        REQUIRE(ckey_camera_render(&scene, &t, 1, nullptr, 0, 0, 0, frame.pixels.data(), frame.pixels.size(),
                                   nullptr) == CKEY_OK);
        const ckey_grade_summary s = grade_of(frame);
        for (int p = 0; p < CKEY_GRADE_PARAMETER_COUNT; ++p) {
            lowest[p] = std::min(lowest[p], s.grades[p]);
            highest[p] = std::max(highest[p], s.grades[p]);
        }
    }
    for (int p = 0; p < CKEY_GRADE_PARAMETER_COUNT; ++p)
        if (highest[p] - lowest[p] > 1)
            check::record_failure(__FILE__, __LINE__,
                                  std::string(ckey_grade_parameter_name(p)) + " graded from " + std::to_string(lowest[p]) +
                                      " to " + std::to_string(highest[p]) + " across the photographs");
}
