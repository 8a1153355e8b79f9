// The print quality grade's C API (include/ckey/grade.h).
#include <ckey/grade.h>
#include <ckey/scan.h>

#include "../core/guard.hpp"
#include "../core/buffer.hpp"
#include "../image/image_file.hpp"
#include "grade_card.hpp"
#include "grade_measure.hpp"
#include "grade_report.hpp"

struct ckey_grade {
    ckey::GrayImage image;
    ckey::GradeMeasurement measured;
};

namespace {

ckey_grade *graded(ckey::GrayImage image) {
    auto *g = new ckey_grade;
    try {
        g->measured = ckey::measure_print_quality(image);
    } catch (...) {
        delete g;
        throw;
    }
    g->image = std::move(image);
    return g;
}

}  // namespace

extern "C" ckey_status ckey_grade_gray8(const uint8_t *pixels, size_t buffer_length, int width, int height,
                                        size_t bytes_per_row, ckey_grade **out) {
    return ckey::guarded([&] {
        ckey::require(out, "out_grade");
        *out = nullptr;
        ckey::require(pixels, "pixels");
        *out = graded(ckey::to_gray(pixels, buffer_length, width, height, bytes_per_row, CKEY_PIXELS_GRAY8));
    });
}

extern "C" ckey_status ckey_grade_file(const char *path, ckey_grade **out) {
    return ckey::guarded([&] {
        ckey::require(out, "out_grade");
        *out = nullptr;
        ckey::require(path, "path");
        *out = graded(ckey::read_image_file(path));
    });
}

extern "C" void ckey_grade_destroy(ckey_grade *grade) { delete grade; }

extern "C" ckey_status ckey_grade_get_summary(const ckey_grade *grade, ckey_grade_summary *out) {
    return ckey::guarded([&] {
        ckey::require(grade, "grade");
        ckey::require(out, "out_summary");
        const ckey::GradeMeasurement &m = grade->measured;
        *out = ckey_grade_summary{};
        out->overall = m.overall;
        for (int p = 0; p < CKEY_GRADE_PARAMETER_COUNT; ++p) {
            out->grades[p] = m.grades[p];
            out->values[p] = m.values[p];
        }
        out->profile = m.info.profile;
        out->version = m.info.version;
        out->level = m.info.level;
        out->layout = m.info.layout;
        out->mask = m.info.mask;
        out->modules = m.n;
        out->ink_light = m.ink_light ? 1 : 0;
        out->pixels_per_module = m.pixels_per_module;
        out->reflectance_min = m.r_min;
        out->reflectance_max = m.r_max;
        out->threshold = m.threshold;
    });
}

extern "C" const char *ckey_grade_parameter_name(int parameter) { return ckey::grade_parameter_key(parameter); }

extern "C" ckey_status ckey_grade_json(const ckey_grade *grade, char **out_json) {
    return ckey::guarded([&] {
        ckey::require(out_json, "out_json");
        *out_json = nullptr;
        ckey::require(grade, "grade");
        *out_json = ckey::malloc_copy(ckey::grade_json(grade->measured));
    });
}

namespace {

ckey_status hand_over(const ckey_grade *grade, uint8_t **out, size_t *out_length, bool card) {
    return ckey::guarded([&] {
        ckey::require(out, "out buffer");
        ckey::require(out_length, "out_length");
        *out = nullptr;
        *out_length = 0;
        ckey::require(grade, "grade");
        const std::vector<uint8_t> bytes =
            card ? ckey::grade_card_png(grade->image, grade->measured) : ckey::grade_report_pdf(grade->measured);
        *out = ckey::malloc_copy(bytes.data(), bytes.size());
        *out_length = bytes.size();
    });
}

}  // namespace

extern "C" ckey_status ckey_grade_card_png(const ckey_grade *grade, uint8_t **out_png, size_t *out_length) {
    return hand_over(grade, out_png, out_length, true);
}

extern "C" ckey_status ckey_grade_report_pdf(const ckey_grade *grade, uint8_t **out_pdf, size_t *out_length) {
    return hand_over(grade, out_pdf, out_length, false);
}
