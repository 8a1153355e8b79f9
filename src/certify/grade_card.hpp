// The grade card: a PNG a print operator reads at a glance. The symbol is
// shown straightened (canvas space, through the fitted map), each element
// tinted by its grade, the data field's grid drawn, damaged elements
// crossed out, and the overall grade and every parameter's beside it.
#pragma once

#include "../image/gray_image.hpp"
#include "grade_measure.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace ckey {

std::vector<uint8_t> grade_card_png(const GrayImage &image, const GradeMeasurement &m);

// Short label of a parameter, as the card and the report print it.
const char *grade_parameter_label(int parameter);
// The parameter's value as printed (percent, fraction or pitches).
std::string grade_value_text(int parameter, double value);
// 0xRRGGBB of a grade: green (4) through red (0).
uint32_t grade_colour(int grade);

}  // namespace ckey
