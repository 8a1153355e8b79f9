// Print quality grading, the measuring (spec/CKey-Print-Quality.md sections
// 3 and 4): find and decode one symbol in an image, fit its grid, rebuild
// the modules it was printed from, then measure reflectance, damage, grid
// and print growth against them. Uses the scanner (src/scan) and the codec.
#pragma once

#include "../codec/format.hpp"
#include "../image/gray_image.hpp"
#include "../scan/geometry.hpp"
#include "grade_rules.hpp"

#include <cstdint>
#include <vector>

namespace ckey {

enum class ElementKind : uint8_t { quiet, ring, band, key, data };

// One measured element: a module, a band cell, a unit of the ring or of the
// quiet margin.
struct GradedElement {
    ElementKind kind = ElementKind::data;
    double x = 0, y = 0;       // canvas centre (units)
    double size = 1;           // canvas side (units)
    bool ink = false;          // what was printed there
    float reflectance = 0;     // percent (grey level / 255 * 100)
    float margin = 0;          // reflectance margin, fraction of half the contrast; < 0 on the wrong side
    float modulation = 0;      // |R - threshold| / (contrast / 2)
    int grade = 0;             // grade_element(margin)
};

struct GradeMeasurement {
    FormatInfo info;
    int n = 0;                 // data-field modules per side
    bool ink_light = false;    // light marks on a dark ground
    std::vector<uint8_t> payload;
    Homography map;            // canvas -> image, fitted on the ring corners and the keys
    double pixels_per_module = 0;
    double r_min = 0, r_max = 0, threshold = 0;  // percent
    std::vector<GradedElement> elements;
    int damaged[3] = {0, 0, 0}, patterns[3] = {0, 0, 0};  // ring, band, keys
    int edges_x = 0, edges_y = 0;                       // edges behind the print growth
    double values[kGradeParameterCount] = {};
    int grades[kGradeParameterCount] = {};
    int overall = 0;
};

// Smallest module the grade accepts (image pixels).
constexpr double kGradeMinPixelsPerModule = 4;

// Grades the one symbol the image holds (the first the scanner reads).
// Throws ckey::Error: CKEY_DECODE_FAILED when no symbol reads, or its
// modules do not read on a fitted flat grid; CKEY_INVALID_PARAMETER for a
// Profile 1 locator; CKEY_SIZE_TOO_SMALL under kGradeMinPixelsPerModule.
GradeMeasurement measure_print_quality(const GrayImage &image);

}  // namespace ckey
