// The grade as JSON (every measurement) and as a one-page PDF report drawn
// with the core's own PDF writer (src/render/pdf_file.hpp).
#pragma once

#include "grade_measure.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace ckey {

// snake_case name of a parameter ("symbol_contrast"), or nullptr.
const char *grade_parameter_key(int parameter);

std::string grade_json(const GradeMeasurement &m);

std::vector<uint8_t> grade_report_pdf(const GradeMeasurement &m);

}  // namespace ckey
