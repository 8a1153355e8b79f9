#include "grade_rules.hpp"

#include <algorithm>

namespace ckey {

namespace {

// 4 when value >= floors[0], 3 when >= floors[1], ..., else 0.
int grade_at_least(double value, const double (&floors)[4]) {
    for (int i = 0; i < 4; ++i)
        if (value >= floors[i]) return 4 - i;
    return 0;
}

// 4 when value <= ceilings[0], 3 when <= ceilings[1], ..., else 0.
int grade_at_most(double value, const double (&ceilings)[4]) {
    for (int i = 0; i < 4; ++i)
        if (value <= ceilings[i]) return 4 - i;
    return 0;
}

}  // namespace

int grade_symbol_contrast(double percent) { return grade_at_least(percent, {70, 55, 40, 20}); }

int grade_minimum_reflectance(double r_min, double r_max) { return r_min <= 0.5 * r_max ? 4 : 0; }

int grade_edge_contrast(double percent) { return percent >= 15 ? 4 : 0; }

int grade_element(double value) { return grade_at_least(value, {0.50, 0.40, 0.30, 0.20}); }

int grade_damage(int damaged, int total) {
    if (damaged <= 0) return 4;
    const double share = total > 0 ? static_cast<double>(damaged) / total : 1.0;
    return grade_at_most(share, {0.0, 0.03, 0.06, 0.10});
}

int grade_axial(double value) { return grade_at_most(value, {0.06, 0.08, 0.10, 0.12}); }

int grade_grid(double value) { return grade_at_most(value, {0.38, 0.50, 0.63, 0.75}); }

int grade_unused_error_correction(double value) { return grade_at_least(value, {0.62, 0.50, 0.37, 0.25}); }

int grade_print_growth(double value) {
    return grade_at_most(value < 0 ? -value : value, {0.10, 0.20, 0.30, 0.40});
}

int grade_by_codewords(const std::vector<int> &codeword_grades, const std::vector<int> &block_of, int blocks,
                       int parity) {
    int best = 0;
    for (int level = 1; level <= 4; ++level) {
        std::vector<int> erasures(static_cast<size_t>(blocks), 0);
        for (size_t k = 0; k < codeword_grades.size(); ++k)
            if (codeword_grades[k] < level) ++erasures[static_cast<size_t>(block_of[k])];
        const int worst = *std::max_element(erasures.begin(), erasures.end());
        const double unused = parity > 0 ? std::max(0.0, 1.0 - static_cast<double>(worst) / parity) : 0.0;
        best = std::max(best, std::min(level, grade_unused_error_correction(unused)));
    }
    return best;
}

char grade_letter(int grade) { return "FDCBA"[std::clamp(grade, 0, 4)]; }

}  // namespace ckey
