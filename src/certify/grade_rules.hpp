// Print quality grading, the rules (spec/CKey-Print-Quality.md sections 5
// and 6): how a measured value becomes a grade from 4 (A) to 0 (F), and how
// the grades of single modules become the symbol's modulation and
// reflectance-margin grades through its Reed-Solomon blocks. Pure functions;
// the measuring is grade_measure.hpp's.
#pragma once

#include <ckey/status.h>

#include <vector>

namespace ckey {

// The graded parameters, in the order of ckey_grade_parameter.
enum GradeParameter {
    kSymbolContrast,
    kMinimumReflectance,
    kMinimumEdgeContrast,
    kModulation,
    kReflectanceMargin,
    kRingDamage,
    kBandDamage,
    kKeyDamage,
    kAxialNonUniformity,
    kGridNonUniformity,
    kUnusedErrorCorrection,
    kPrintGrowthX,
    kPrintGrowthY,
    kGradeParameterCount
};

// Symbol contrast (percent): 70, 55, 40, 20 for A, B, C, D.
int grade_symbol_contrast(double percent);
// Pass (4) when the lowest reflectance is at most half the highest, else 0.
int grade_minimum_reflectance(double r_min, double r_max);
// Pass (4) from 15 percent, else 0.
int grade_edge_contrast(double percent);
// One element's modulation or reflectance margin (a fraction of half the
// symbol contrast): 0.50, 0.40, 0.30, 0.20 for A, B, C, D.
int grade_element(double value);
// Fraction of a fixed pattern's elements that are damaged: 0 for A, then
// 0.03, 0.06, 0.10 for B, C, D.
int grade_damage(int damaged, int total);
// Axial non-uniformity: 0.06, 0.08, 0.10, 0.12 for A, B, C, D.
int grade_axial(double value);
// Grid non-uniformity (module pitches): 0.38, 0.50, 0.63, 0.75.
int grade_grid(double value);
// Unused error correction: 0.62, 0.50, 0.37, 0.25.
int grade_unused_error_correction(double value);
// Print growth against the design (module pitches, either sign): 0.10, 0.20,
// 0.30, 0.40.
int grade_print_growth(double value);

// The grade of a codeword-based parameter (modulation, reflectance margin).
// codeword_grades: each codeword's grade, the lowest of its modules', in
// placement order; block_of: the Reed-Solomon block of each; parity: E per
// block. For each level L from 1 to 4 the codewords graded under L count as
// erasures; the level scores the lower of L and the unused error correction
// left; the parameter takes the best level (0 when none scores).
int grade_by_codewords(const std::vector<int> &codeword_grades, const std::vector<int> &block_of, int blocks,
                       int parity);

// "A" ... "F" for 4 ... 0.
char grade_letter(int grade);

}  // namespace ckey
