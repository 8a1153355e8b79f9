#include "grade_measure.hpp"

#include "../codec/blocks.hpp"
#include "../codec/field.hpp"
#include "../core/error.hpp"
#include "../codec/symbol.hpp"
#include "../scan/read_format.hpp"
#include "../scan/read_modules.hpp"
#include "../scan/sampler.hpp"
#include "../scan/scanner.hpp"

#include <algorithm>
#include <cmath>

namespace ckey {

namespace {

constexpr double kPercent = 100.0 / 255.0;

double field_centre(int module, double pitch) { return kFieldOrigin + (module + 0.5) * pitch; }

// The symbol the scanner reads first, with its format (not a locator).
ScanResult find_symbol(const GrayImage &image) {
    Scanner scanner;
    std::vector<ScanResult> found = scanner.scan(image, false, true);
    if (found.empty())
        fail(CKEY_DECODE_FAILED, "no readable CKey symbol in the ", image.width, "x", image.height,
             " image; grading measures one symbol that decodes: scan or photograph it straight on, sharp, "
             "with its quiet margin");
    if (found.front().info.profile == CKEY_PROFILE_LOCATOR)
        fail(CKEY_INVALID_PARAMETER, "the symbol is a Profile 1 locator, which has no format band or keys; "
                                     "grading covers Profiles 0, 2 and 3");
    return found.front();
}

// Mean grey of the ring (ring_depth units in) and of the margin, round all four sides.
void ring_levels(const GrayImage &image, const Homography &h, float &ink, float &paper) {
    double sum_ink = 0, sum_paper = 0;
    int count = 0;
    for (int side = 0; side < 4; ++side)
        for (int k = 0; k < 20; ++k) {
            const double t = 4.0 + 23.0 * k / 19.0;
            const Point r = turn_canvas({t, 2.5}, side), q = turn_canvas({t, 1.0}, side);
            sum_ink += sample_bilinear(image, h.map(r.x, r.y));
            sum_paper += sample_bilinear(image, h.map(q.x, q.y));
            ++count;
        }
    ink = static_cast<float>(sum_ink / count);
    paper = static_cast<float>(sum_paper / count);
}

// Where a key lies about canvas (x, y): the centroid of the offsets (0.1
// pitch apart, within 0.6 pitch) whose template contrast comes within 5 %
// of the best. On a sharp image the template matches equally well over a
// whole pitch; the centroid is that plateau's middle. False when the best
// contrast is under a third of the ring's.
bool locate_key(const GrayImage &image, const CanvasMap &map, double x, double y, double pitch, bool ink_light,
                double ring_contrast, Point &offset) {
    constexpr int kReach = 6;
    double match[2 * kReach + 1][2 * kReach + 1];
    double best = -1e9;
    for (int j = -kReach; j <= kReach; ++j)
        for (int i = -kReach; i <= kReach; ++i) {
            match[j + kReach][i + kReach] = key_match(image, map, x + 0.1 * i * pitch, y + 0.1 * j * pitch, pitch, ink_light);
            best = std::max(best, match[j + kReach][i + kReach]);
        }
    if (best < ring_contrast / 3) return false;
    double sx = 0, sy = 0;
    int count = 0;
    for (int j = -kReach; j <= kReach; ++j)
        for (int i = -kReach; i <= kReach; ++i)
            if (match[j + kReach][i + kReach] >= best * 0.95) {
                sx += 0.1 * i * pitch;
                sy += 0.1 * j * pitch;
                ++count;
            }
    offset = Point{sx / count, sy / count};
    return true;
}

// Keys located about where the ring's homography puts them; the grid
// non-uniformity is the largest offset found (module pitches), and the map
// is refitted on the ring's corners and the keys as found.
Homography fit_on_keys(const GrayImage &image, const Homography &ring_map, const ScanResult &symbol,
                       GradeMeasurement &m) {
    float ink = 0, paper = 0;
    ring_levels(image, ring_map, ink, paper);
    m.ink_light = ink > paper;
    const FieldLayout &f = field_layout(m.info.profile, m.info.version, m.info.layout);
    const double pitch = static_cast<double>(kFieldUnits) / f.n;
    std::vector<Point> canvas(kCanvasRingCorners.begin(), kCanvasRingCorners.end());
    std::vector<Point> found(symbol.corners.begin(), symbol.corners.end());
    const CanvasMap ring_canvas(ring_map);
    double worst = 0;
    int valid = 0;
    for (int row : f.key_centres)
        for (int col : f.key_centres) {
            const Point c{field_centre(col, pitch), field_centre(row, pitch)};
            Point d;
            if (!locate_key(image, ring_canvas, c.x, c.y, pitch, m.ink_light, std::fabs(paper - ink), d)) continue;
            canvas.push_back(c);
            found.push_back(ring_map.map(c.x + d.x, c.y + d.y));
            worst = std::max(worst, length(d) / pitch);
            ++valid;
        }
    // Fewer than two keys found: no grid to measure, graded F.
    m.values[kGridNonUniformity] = valid >= 2 ? worst : 1.0;
    Homography fitted = ring_map;
    if (!fit_homography(canvas, found, fitted)) fitted = ring_map;
    return fitted;
}

// Axial non-uniformity and module size from the map's scale at the canvas centre.
void measure_axes(const Homography &h, GradeMeasurement &m) {
    const double sx = length(h.map(16.5, 15.5) - h.map(14.5, 15.5)) / 2;
    const double sy = length(h.map(15.5, 16.5) - h.map(15.5, 14.5)) / 2;
    m.values[kAxialNonUniformity] = std::fabs(sx - sy) / ((sx + sy) / 2);
    m.pixels_per_module = (sx + sy) / 2 * kFieldUnits / m.n;
}

// The printed modules (bit 0 dark), from the corrected codewords.
std::vector<uint8_t> printed_modules(const FormatInfo &info, const std::vector<uint8_t> &codewords) {
    const FieldLayout &f = field_layout(info.profile, info.version, info.layout);
    std::vector<uint8_t> modules = place_codewords(f, codewords);
    apply_mask(modules, f, info.mask);
    return modules;
}

// The modules read on the fitted map, for the codewords they were printed from.
std::vector<uint8_t> read_printed(const GrayImage &image, const Homography &fitted, const Homography &ring_map,
                                  GradeMeasurement &m, int &margin, int &parity) {
    float ink = 0, paper = 0;
    ring_levels(image, fitted, ink, paper);
    for (const Homography *h : {&fitted, &ring_map})
        for (bool follow : {false, true}) {
            ModuleDecode d = read_modules(image, CanvasMap(*h), m.info, ink, paper, follow);
            if (!d.ok || d.payload != m.payload) continue;
            margin = d.correction_margin;
            parity = d.parity_per_block;
            return printed_modules(m.info, d.codewords);
        }
    fail(CKEY_DECODE_FAILED, "the symbol reads, but its modules do not decode on a flat grid fitted to its ring "
                             "and keys; grading needs a flat, sharp image of the printed symbol (a curved or "
                             "blurred label can read and still not be graded)");
}

void add(GradeMeasurement &m, ElementKind kind, double x, double y, double size, bool ink) {
    GradedElement e;
    e.kind = kind;
    e.x = x;
    e.y = y;
    e.size = size;
    e.ink = ink;
    m.elements.push_back(e);
}

// Every element at its canvas centre, in the order: quiet margin, ring, band, field.
void list_elements(GradeMeasurement &m, const std::vector<uint8_t> &modules) {
    for (int side = 0; side < 4; ++side)
        for (int t = 0; t < 29; ++t) {
            const Point q = turn_canvas({t + 1.0, 1.0}, side), r = turn_canvas({t + 2.5, 2.5}, side);
            add(m, ElementKind::quiet, q.x, q.y, 1, false);
            // The ring's corner units are left out: a style may round them (spec 4.2).
            if (t > 0 && t < 26) add(m, ElementKind::ring, r.x, r.y, 1, true);
        }
    const auto cells = format_cells(format_pack(m.info));
    for (int i = 0; i < kFormatCells; ++i) {
        int x = 0, y = 0;
        format_cell_origin(i, x, y);
        add(m, ElementKind::band, x + 0.5, y + 0.5, 1, cells[static_cast<size_t>(i)] != 0);
    }
    const FieldLayout &f = field_layout(m.info.profile, m.info.version, m.info.layout);
    const double pitch = static_cast<double>(kFieldUnits) / m.n;
    for (int r = 0; r < m.n; ++r)
        for (int c = 0; c < m.n; ++c) {
            const size_t i = static_cast<size_t>(r) * m.n + c;
            add(m, f.is_key[i] ? ElementKind::key : ElementKind::data, field_centre(c, pitch), field_centre(r, pitch),
                pitch, (modules[i] & 1) != 0);
        }
}

// Reflectance of each element, the symbol's extremes, then each element's
// margin and modulation against the global threshold.
void measure_reflectance(const GrayImage &image, GradeMeasurement &m) {
    const CanvasMap map(m.map);
    m.r_min = 100;
    m.r_max = 0;
    for (GradedElement &e : m.elements) {
        // Band cells at their centre alone: a dark cell may be drawn as a ray (spec 4.3).
        const double spread = e.kind == ElementKind::band ? 0.0 : 0.22 * e.size;
        e.reflectance = static_cast<float>(sample_cell(image, map, e.x, e.y, spread) * kPercent);
        m.r_min = std::min(m.r_min, static_cast<double>(e.reflectance));
        m.r_max = std::max(m.r_max, static_cast<double>(e.reflectance));
    }
    m.threshold = (m.r_min + m.r_max) / 2;
    const double half = std::max(1e-6, (m.r_max - m.r_min) / 2);
    for (GradedElement &e : m.elements) {
        const double above = e.reflectance - m.threshold;  // > 0: the lighter side
        const bool light_wanted = e.ink == m.ink_light;
        e.margin = static_cast<float>((light_wanted ? above : -above) / half);
        e.modulation = static_cast<float>(std::fabs(above) / half);
        e.grade = grade_element(e.margin);
    }
}

// The field's elements start after the quiet margin, ring and band.
size_t field_start(const GradeMeasurement &m) { return m.elements.size() - static_cast<size_t>(m.n) * m.n; }

double minimum_edge_contrast(const GradeMeasurement &m) {
    const size_t first = field_start(m);
    const int n = m.n;
    double least = 100;
    for (int r = 0; r < n; ++r)
        for (int c = 0; c < n; ++c) {
            const GradedElement &a = m.elements[first + static_cast<size_t>(r) * n + c];
            if (c + 1 < n) {
                const GradedElement &b = m.elements[first + static_cast<size_t>(r) * n + c + 1];
                if (a.ink != b.ink) least = std::min(least, static_cast<double>(std::fabs(a.reflectance - b.reflectance)));
            }
            if (r + 1 < n) {
                const GradedElement &b = m.elements[first + static_cast<size_t>(r + 1) * n + c];
                if (a.ink != b.ink) least = std::min(least, static_cast<double>(std::fabs(a.reflectance - b.reflectance)));
            }
        }
    return least;
}

// Modulation and reflectance margin graded through the codewords (grade_rules.hpp).
void grade_codewords(GradeMeasurement &m) {
    const FieldLayout &f = field_layout(m.info.profile, m.info.version, m.info.layout);
    const int total = static_cast<int>(f.data_order.size() / 8);
    const BlockPlan plan = plan_blocks(total, m.info.level);
    std::vector<int> block_of(static_cast<size_t>(total));
    const auto order = interleave_order(plan);
    for (int k = 0; k < total; ++k) block_of[static_cast<size_t>(k)] = order[static_cast<size_t>(k)].first;
    std::vector<int> by_margin(static_cast<size_t>(total), 4), by_modulation(static_cast<size_t>(total), 4);
    const size_t first = field_start(m);
    for (int bit = 0; bit < total * 8; ++bit) {
        const GradedElement &e = m.elements[first + static_cast<size_t>(f.data_order[static_cast<size_t>(bit)])];
        int &a = by_margin[static_cast<size_t>(bit / 8)], &b = by_modulation[static_cast<size_t>(bit / 8)];
        a = std::min(a, e.grade);
        b = std::min(b, grade_element(e.modulation));
    }
    const int blocks = static_cast<int>(plan.block_lengths.size());
    m.values[kModulation] = m.values[kReflectanceMargin] = 0;
    int data = 0;
    for (const GradedElement &e : m.elements)
        if (e.kind == ElementKind::data) {
            m.values[kModulation] += e.modulation;
            m.values[kReflectanceMargin] += e.margin;
            ++data;
        }
    data = std::max(data, 1);
    m.values[kModulation] /= data;
    m.values[kReflectanceMargin] /= data;
    m.grades[kModulation] = grade_by_codewords(by_modulation, block_of, blocks, plan.parity_per_block);
    m.grades[kReflectanceMargin] = grade_by_codewords(by_margin, block_of, blocks, plan.parity_per_block);
}

void count_damage(GradeMeasurement &m) {
    for (const GradedElement &e : m.elements) {
        const int pattern = e.kind == ElementKind::ring ? 0 : e.kind == ElementKind::band ? 1
                            : e.kind == ElementKind::key ? 2 : -1;
        if (pattern < 0) continue;
        ++m.patterns[pattern];
        m.damaged[pattern] += e.grade == 0;
    }
    for (int p = 0; p < 3; ++p) {
        m.values[kRingDamage + p] = static_cast<double>(m.damaged[p]) / std::max(1, m.patterns[p]);
        m.grades[kRingDamage + p] = grade_damage(m.damaged[p], m.patterns[p]);
    }
}

// Where the grey level crosses the threshold between two neighbouring
// module centres a and b (canvas), as a fraction of the way from a; -1 when
// it does not. Each point averages three samples across the line, 0.2 of
// the pitch apart.
double crossing(const GrayImage &image, const CanvasMap &map, Point a, Point b, double threshold) {
    constexpr int kSteps = 24;
    const Point step = (b - a) * (1.0 / kSteps), normal{-(b - a).y * 0.2, (b - a).x * 0.2};
    double previous = 0;
    for (int s = 0; s <= kSteps; ++s) {
        const Point p = a + step * s;
        double v = 0;
        for (int k = -1; k <= 1; ++k) {
            const Point q = p + normal * k;
            v += sample_bilinear(image, map.map(q.x, q.y));
        }
        v = v / 3 * kPercent - threshold;
        if (s > 0 && (v > 0) != (previous > 0)) return (s - 1 + previous / (previous - v)) / kSteps;
        previous = v;
    }
    return -1;
}

// The shift of the edge between neighbouring data modules a and b toward
// the paper one, from the middle, in pitches; false when the pair does not
// count (same print, a key, a damaged module, no crossing).
bool edge_shift(const GrayImage &image, const CanvasMap &map, const GradeMeasurement &m, const GradedElement &a,
                const GradedElement &b, double &shift) {
    if (a.kind != ElementKind::data || b.kind != ElementKind::data || a.ink == b.ink) return false;
    if (a.grade == 0 || b.grade == 0) return false;  // a damaged module's edge is not growth
    const double t = crossing(image, map, {a.x, a.y}, {b.x, b.y}, m.threshold);
    if (t < 0) return false;
    shift = a.ink ? t - 0.5 : 0.5 - t;
    return true;
}

// Print growth along one axis (0: x, across columns; 1: y): twice the mean
// shift of the ink-paper edges between data modules toward the paper,
// against where the design puts them (the print layout draws data marks at
// 0.85 of the pitch), in module pitches.
void measure_growth(const GrayImage &image, GradeMeasurement &m, int axis) {
    const CanvasMap map(m.map);
    const size_t first = field_start(m), n = static_cast<size_t>(m.n);
    const double inset = m.info.profile == CKEY_PROFILE_SCALABLE && m.info.layout == CKEY_LAYOUT_PRINT ? 0.075 : 0.0;
    double sum = 0;
    int count = 0;
    for (size_t r = 0; r < n; ++r)
        for (size_t c = 0; c + 1 < n; ++c) {
            const size_t ia = axis == 0 ? r * n + c : c * n + r, ib = axis == 0 ? ia + 1 : ia + n;
            double shift = 0;
            if (!edge_shift(image, map, m, m.elements[first + ia], m.elements[first + ib], shift)) continue;
            sum += shift + inset;
            ++count;
        }
    (axis == 0 ? m.edges_x : m.edges_y) = count;
    const double growth = count > 0 ? 2 * sum / count : 1.0;
    m.values[kPrintGrowthX + axis] = growth;
    m.grades[kPrintGrowthX + axis] = count > 0 ? grade_print_growth(growth) : 0;
}

}  // namespace

GradeMeasurement measure_print_quality(const GrayImage &image) {
    GradeMeasurement m;
    const ScanResult symbol = find_symbol(image);
    m.info = symbol.info;
    m.payload = symbol.payload;
    m.n = field_layout(m.info.profile, m.info.version, m.info.layout).n;
    Homography ring_map;
    if (!fit_homography({kCanvasRingCorners.begin(), kCanvasRingCorners.end()},
                        {symbol.corners.begin(), symbol.corners.end()}, ring_map))
        fail(CKEY_DECODE_FAILED, "the symbol's ring corners are degenerate; it cannot be graded");
    m.map = fit_on_keys(image, ring_map, symbol, m);
    measure_axes(m.map, m);
    if (m.pixels_per_module < kGradeMinPixelsPerModule)
        fail(CKEY_SIZE_TOO_SMALL, "the symbol's modules are ", std::round(m.pixels_per_module * 10) / 10,
             " px wide in this image; grading needs at least ", kGradeMinPixelsPerModule,
             " px per module: scan or photograph it at a higher resolution");
    int margin = 0, parity = 1;
    const std::vector<uint8_t> modules = read_printed(image, m.map, ring_map, m, margin, parity);
    list_elements(m, modules);
    measure_reflectance(image, m);
    m.values[kSymbolContrast] = m.r_max - m.r_min;
    m.grades[kSymbolContrast] = grade_symbol_contrast(m.values[kSymbolContrast]);
    m.values[kMinimumReflectance] = m.r_min;
    m.grades[kMinimumReflectance] = grade_minimum_reflectance(m.r_min, m.r_max);
    m.values[kMinimumEdgeContrast] = minimum_edge_contrast(m);
    m.grades[kMinimumEdgeContrast] = grade_edge_contrast(m.values[kMinimumEdgeContrast]);
    grade_codewords(m);
    count_damage(m);
    m.grades[kAxialNonUniformity] = grade_axial(m.values[kAxialNonUniformity]);
    m.grades[kGridNonUniformity] = grade_grid(m.values[kGridNonUniformity]);
    m.values[kUnusedErrorCorrection] = parity > 0 ? std::max(0.0, static_cast<double>(margin) / parity) : 0;
    m.grades[kUnusedErrorCorrection] = grade_unused_error_correction(m.values[kUnusedErrorCorrection]);
    measure_growth(image, m, 0);
    measure_growth(image, m, 1);
    m.overall = *std::min_element(m.grades, m.grades + kGradeParameterCount);
    return m;
}

}  // namespace ckey
