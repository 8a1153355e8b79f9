#include "scanner.hpp"

#include "read_format.hpp"
#include "read_modules.hpp"
#include "refine_edges.hpp"
#include "ring_pieces.hpp"
#include "ring_sides.hpp"
#include "sampler.hpp"

#include <algorithm>
#include <array>
#include <cmath>

namespace ckey {

namespace {

// Fraction of points along the sides where the ring (2.5 units in) is ink
// against the margin (1.0 unit in) by more than min_contrast grey levels,
// for the candidate's polarity. With
// follow_bows, a point that fails is tried again with both moved 0.6 and 1.2
// units along the side's normal: on a curved label a side bows away from
// the corners' chord by over a unit.
// The grey levels of the ring (2.5 units in) and of the margin (1.0 unit in)
// at t along a side of the canvas that h maps, both moved shift units inward.
struct RingAndMargin {
    float ring, margin;
};
RingAndMargin ring_and_margin(const GrayImage &image, const Homography &h, int side, double t, double shift = 0) {
    const Point r = turn_canvas({t, 2.5 + shift}, side), q = turn_canvas({t, 1.0 + shift}, side);
    return {sample_bilinear(image, h.map(r.x, r.y)), sample_bilinear(image, h.map(q.x, q.y))};
}

double ring_score(const GrayImage &image, const RingCandidate &c, bool follow_bows = false, float min_contrast = 10) {
    Homography h;
    if (!hypothesis_homography(c.quad, 0, false, h)) return 0;
    auto ink_against_margin = [&](int side, double t, double shift) {
        const RingAndMargin v = ring_and_margin(image, h, side, t, shift);
        return (c.inverted ? v.ring - v.margin : v.margin - v.ring) > min_contrast;
    };
    int good = 0, total = 0;
    for (int side = 0; side < 4; ++side)
        for (int k = 0; k < 8; ++k) {
            const double t = 5.0 + 21.0 * k / 7.0;
            bool ink = ink_against_margin(side, t, 0);
            if (follow_bows)
                for (double shift : {-0.6, 0.6, -1.2, 1.2}) ink = ink || ink_against_margin(side, t, shift);
            good += ink;
            ++total;
        }
    return static_cast<double>(good) / total;
}

// Whether the field inside the ring holds marks: the spread of samples on a
// 9 x 9 grid over canvas 5.5...25.5 reaches a third of the ring's contrast
// against its margin (at the four side midpoints). A symbol's data and keys
// always give one; the mortar round a brick, a window pane or a sheet of
// paper does not, and on a brick wall a dozen such outlines score as well as
// a ring and are larger.
bool holds_marks(const GrayImage &image, const RingCandidate &c) {
    Homography h;
    if (!hypothesis_homography(c.quad, 0, false, h)) return false;
    float contrast = 0;
    for (int side = 0; side < 4; ++side) {
        const RingAndMargin v = ring_and_margin(image, h, side, 15.5);
        contrast += std::fabs(v.margin - v.ring) / 4;
    }
    float lo = 255, hi = 0;
    for (int i = 0; i < 9; ++i)
        for (int j = 0; j < 9; ++j) {
            const Point p = h.map(5.5 + 2.5 * j, 5.5 + 2.5 * i);
            const float v = sample_bilinear(image, p);
            lo = std::min(lo, v);
            hi = std::max(hi, v);
        }
    return hi - lo >= contrast / 3;
}

// The best-scoring of the quadrilateral and its four parallelogram
// completions (corner k moved to the sum of its neighbours less the opposite
// corner), in place; false when none scores kMinRingScore on detect (scale:
// detection pixels per pixel of the quadrilateral).
bool best_completion(const GrayImage &detect, double scale, RingCandidate &c) {
    RingCandidate best = c;
    double best_score = -1;
    for (int k = -1; k < 4; ++k) {
        RingCandidate trial = c;
        if (k >= 0) trial.quad[k] = c.quad[(k + 1) % 4] + c.quad[(k + 3) % 4] - c.quad[(k + 2) % 4];
        RingCandidate scored = trial;
        for (Point &p : scored.quad) p = p * scale;
        const double score = ring_score(detect, scored);
        if (score > best_score) best_score = score, best = trial;
    }
    c = best;
    c.score = best_score;
    return best_score >= kMinRingScore;
}

bool inside(const Quad &q, Point p) {
    for (int i = 0; i < 4; ++i)
        if (cross(q[(i + 1) % 4] - q[i], p - q[i]) < 0) return false;
    return true;
}

Point centre(const Quad &q) { return (q[0] + q[1] + q[2] + q[3]) * 0.25; }

// The modules of a symbol whose format band read. Readings in the spec's
// order (14.7): the map alone with the keys' levels where it puts them (most
// frames; the key search costs several times the modules), the same samples
// with neighbour levels (a shadow edge between keys), keys followed near the
// map, keys followed far, and the near keys followed with neighbour levels.
// Each reading's samples are judged as they are, then equalised
// (equalise.hpp: blur), which costs a module decode and no sampling. A sixth
// reading, the map alone with the near keys' levels, read nothing in 2,366
// calls on the camera benchmark's dev frames (seed 2's plain ones, seed 1's
// plain and styled ones) and cost 8 % of every symbol that failed.
bool read_symbol(const GrayImage &image, const FormatHit &format, ScanResult &out) {
    std::vector<KeyReading> near;
    std::vector<KeyLattice> lattices;  // the near search's samples, reused by the far one
    ModuleSamples on_map;              // reading 1's module samples and levels, reused by reading 2
    ModuleSamples followed;            // reading 3's, reused by reading 5
    ModuleSamples far;                 // reading 4's, reused by its equalised twin
    auto keys = [&](double reach) {
        return find_keys(image, format.map, format.info, format.ink, format.background, reach, &lattices);
    };
    const std::vector<KeyReading> on_map_keys = keys(0);
    std::vector<KeyReading> far_keys;
    bool equalise = false;
    auto read = [&](const std::vector<KeyReading> &k, bool follow, ModuleSamples *kept, Levels levels) {
        return read_modules(image, format.map, format.info, k, follow, kept, levels, equalise);
    };
    for (int attempt = 0; attempt < 10; ++attempt) {
        const int reading = attempt / 2 + 1;
        equalise = attempt % 2 == 1;
        if ((reading == 3 || reading == 5) && near.empty()) near = keys(0.6);
        if (reading == 4 && !equalise) far_keys = keys(1.2);
        // The wider search most often finds every key where the narrower one
        // did (35 of 46 failing calls on the dev frames): reading 4 would
        // then be reading 3 again, sample for sample.
        if (reading == 4 && far_keys == near) continue;
        ModuleDecode decoded;
        switch (reading) {
        case 1: decoded = read(on_map_keys, false, &on_map, Levels::keys); break;
        case 2: decoded = read(on_map_keys, false, &on_map, Levels::neighbours); break;
        case 3: decoded = read(near, true, &followed, Levels::keys); break;
        case 4: decoded = read(far_keys, true, &far, Levels::keys); break;
        default: decoded = read(near, true, &followed, Levels::neighbours);
        }
        if (!decoded.ok) continue;
        out.payload = std::move(decoded.payload);
        out.info = format.info;
        out.inverted = format.ink > format.background;
        out.mirrored = format.mirrored;
        for (int i = 0; i < 4; ++i) out.corners[i] = format.map.map(kCanvasRingCorners[i].x, kCanvasRingCorners[i].y);
        out.errors = decoded.errors;
        out.erasures = decoded.erasures;
        out.correction_margin = decoded.correction_margin;
        out.parity_per_block = decoded.parity_per_block;
        return true;
    }
    return false;
}

// The canvas axis that a ring's traced sides say is compressed (1 x when
// the top or bottom side bows more, else 2 y), or 0 when no side bows by
// min_sag units.
int bowed_axis(const SideBows &bows, double min_sag) {
    const double across_x = std::max(std::fabs(side_sag(bows, 0)), std::fabs(side_sag(bows, 2)));
    const double across_y = std::max(std::fabs(side_sag(bows, 1)), std::fabs(side_sag(bows, 3)));
    if (std::max(across_x, across_y) < min_sag) return 0;
    return across_x >= across_y ? 1 : 2;
}

// What a refined ring's sides traced as curves (spec 14.4a) give: the format
// band read between them (found is false when none reads), and the axis a
// locator's cells bend along (0: none).
struct TracedSides {
    FormatHit band;
    int locator_axis = 0;
};

// The band is read between the traced sides when a side bows by at least
// kMinSag units. The bows alone do not say how far the label wraps (the sag
// also grows with the view's elevation), so the band is read flat and
// compressed toward the straight sides (a cylinder's axis runs along them)
// by several bends, and the map whose band reads best (lowest cost) is kept.
TracedSides read_traced_sides(const GrayImage &image, bool inverted, const Quad &quad) {
    TracedSides out;
    SideBows bows;
    if (!trace_ring_sides(image, inverted, quad, bows)) return out;
    // A locator bends the way its sides bow, from a smaller bow (kLocatorMinSag).
    out.locator_axis = bowed_axis(bows, kLocatorMinSag);
    const int axis = bowed_axis(bows, kMinSag);
    if (axis == 0) return out;
    std::vector<FormatHit> hits;
    for (double phi : {0.0, 0.3, 0.6, 0.9}) {
        FormatHit hit = read_format(image, quad, phi == 0 ? 0 : axis, phi, &bows);
        if (hit.found) hits.push_back(std::move(hit));
    }
    if (!hits.empty())
        out.band = *std::min_element(hits.begin(), hits.end(),
                                     [](const FormatHit &a, const FormatHit &b) { return a.cost < b.cost; });
    return out;
}

// A label on a cylinder read under cylindrical bends: the ring stays a
// quadrilateral but the inside is compressed toward two sides. Only for
// large rings (quad: refined).
bool read_bent(const GrayImage &image, const Quad &quad, ScanResult &out) {
    if (polygon_area(quad) < kBendMinSide * kBendMinSide) return false;
    for (int axis = 1; axis <= 2; ++axis)
        for (double phi : kBends) {
            const FormatHit format = read_format(image, quad, axis, phi);
            if (format.found) return read_symbol(image, format, out);
        }
    return false;
}

// Whether a symbol already decoded in this frame covers the point.
bool already_read(const std::vector<ScanResult> &results, Point p) {
    for (const ScanResult &r : results)
        if (inside(r.corners, p)) return true;
    return false;
}

// Adds a symbol found by a later route (a crop, the full-resolution pass)
// unless its centre lies inside one already read: a label's dense cells and
// its margin can be two blobs whose crops read the same symbol.
void add_unless_read(std::vector<ScanResult> &results, ScanResult &&result) {
    if (!already_read(results, centre(result.corners))) results.push_back(std::move(result));
}

// The same ring: every corner within half a pixel of one of the other's (in
// any order; the refinement then reads the same points). A looser match
// skipped dense symbols whose second quadrilateral, a pixel or two away, read.
bool same_corners(const Quad &a, const Quad &b) {
    auto near = [](Point p, Point q) { return length(p - q) < 0.5; };
    for (const Point &p : a)
        if (!(near(p, b[0]) || near(p, b[1]) || near(p, b[2]) || near(p, b[3]))) return false;
    return true;
}

// The result of a Profile 1 locator that decoded.
ScanResult locator_result(LocatorHit &&locator, bool inverted) {
    ScanResult out;
    out.payload = std::move(locator.decoded.payload);
    out.info = FormatInfo{1, 0, 2, 0, 0};
    out.inverted = inverted;
    out.mirrored = locator.mirrored;
    for (int i = 0; i < 4; ++i) out.corners[i] = locator.h.map(kCanvasRingCorners[i].x, kCanvasRingCorners[i].y);
    out.errors = locator.decoded.errors;
    out.correction_margin = locator.decoded.correction_margin;
    out.parity_per_block = locator.decoded.parity_per_block;
    return out;
}

}  // namespace

bool Scanner::decode_candidate(const GrayImage &image, const RingCandidate &candidate, bool bends,
                               ScanResult &out) {
    Quad quad = candidate.quad;
    const bool refined = refine_ring_edges(image, candidate.inverted, quad);
    band_read_ = false;
    if (bends) return refined && read_bent(image, quad, out);
    // Failed rings are kept in frame coordinates, so that a crop does not
    // read again a ring that failed in the frame.
    Quad in_frame = quad;
    for (Point &p : in_frame) p = p + origin_;
    FailedRing attempt{in_frame, candidate.inverted, refined, false};
    if (failed_before(attempt)) return false;
    const FormatHit format = read_format(image, quad);
    if (format.found) {
        if (repeats_failed_band(centre(quad), attempt)) return false;
        if (read_symbol(image, format, out)) return true;
    }
    // The band may read flat where the data, further from the ring's
    // straight chords, does not: the traced sides then map both.
    const TracedSides sides = refined ? read_traced_sides(image, candidate.inverted, quad) : TracedSides{};
    if (sides.band.found && read_symbol(image, sides.band, out)) return true;
    if (format.found || sides.band.found) {
        attempt.band_read = band_read_ = true;
        failed_rings_.push_back(attempt);
        return false;
    }
    LocatorHit locator = read_locator(image, quad, sides.locator_axis);
    if (!locator.found) {
        failed_rings_.push_back(attempt);
        return false;
    }
    out = locator_result(std::move(locator), candidate.inverted);
    return true;
}

bool Scanner::repeats_failed_band(Point ring_centre, FailedRing &attempt) {
    // On the camera benchmark's dev frames (seed 2, 680 plain and 1,280
    // styled) none of 40 such readings decoded, and each costs as much as a
    // failed symbol: ten module readings.
    if (!inside_failed_band(ring_centre)) return false;
    attempt.band_read = band_read_ = true;
    failed_rings_.push_back(attempt);
    return true;
}

bool Scanner::failed_before(const FailedRing &ring) {
    // A ring whose band read failed in its modules, whatever the polarity
    // and refinement; one that read nothing, only with the same ones (the
    // rest of the reading depends only on the image and these).
    bool same = false;
    band_read_ = false;
    for (const FailedRing &f : failed_rings_) {
        if (!same_corners(f.quad, ring.quad)) continue;
        band_read_ = band_read_ || f.band_read;
        same = same || (f.inverted == ring.inverted && f.refined == ring.refined);
    }
    return band_read_ || same;
}

namespace {

// The ring 2 units inside a candidate taken as the canvas outline, of the
// given polarity; false when the outline maps nothing.
bool ring_inside_margin(const RingCandidate &candidate, bool inverted, RingCandidate &ring) {
    const std::vector<Point> canvas{{0, 0}, {31, 0}, {31, 31}, {0, 31}};
    Homography h;
    if (!fit_homography(canvas, {candidate.quad.begin(), candidate.quad.end()}, h)) return false;
    ring = candidate;
    for (int i = 0; i < 4; ++i) ring.quad[i] = h.map(kCanvasRingCorners[i].x, kCanvasRingCorners[i].y);
    ring.inverted = inverted;
    return true;
}

// Whether the ring (full-resolution corners) scores kMinRingScore on the
// detection image, scale times smaller.
bool ring_shows(const GrayImage &detect, double scale, RingCandidate ring, float min_contrast) {
    for (Point &p : ring.quad) p = p * (1 / scale);
    return ring_score(detect, ring, false, min_contrast) >= kMinRingScore;
}

}  // namespace

bool Scanner::inside_failed_band(Point p) const {
    for (const FailedRing &f : failed_rings_)
        if (f.band_read && inside(f.quad, p + origin_)) return true;
    return false;
}

bool Scanner::located_unread(bool find_all) const {
    // The later stages look for symbols the earlier ones missed. On the
    // camera benchmark's dev frames (seed 2's 680 plain ones, seed 1's 2,640
    // plain, styled and locator ones) one of them read a symbol after a band
    // had read and its modules had not, and half the failing frames cost
    // 2 ms less this way (spec 14.9).
    auto band_read = [](const FailedRing &f) { return f.band_read; };
    return !find_all && std::any_of(failed_rings_.begin(), failed_rings_.end(), band_read);
}

bool Scanner::decode_as_margin(const GrayImage &image, const GrayImage &detect, double scale,
                               const RingCandidate &candidate, ScanResult &out) {
    // A component whose outline may be the canvas edge, with the ring 2 units
    // in. (a) A small dark-on-light symbol on a darker surface: its thin ring
    // breaks in the threshold and joins the data or the surround, while the
    // light quiet margin stays one hollow component. (b) A light-on-dark
    // symbol on a lighter surface: its dark margin is the component, the
    // light ring inside it. (c) A light-on-dark symbol on a still darker
    // surface: the dark margin is lighter than the surround and, near the
    // label's edge, thresholds light, so the light ring joins it. (d) A
    // dark-on-light symbol on a label in low contrast, darker than its
    // surround: the label's light margin thresholds dark and joins the ring.
    const double area = polygon_area(candidate.quad);
    const bool quiet_margin = candidate.inverted && area <= kQuietMarginMaxSide * kQuietMarginMaxSide;
    const bool dark_margin =
        area >= kDarkMarginMinSide * kDarkMarginMinSide && area <= kDarkMarginMaxSide * kDarkMarginMaxSide;
    const bool dark_label = !candidate.inverted && area >= kDarkMarginMinSide * kDarkMarginMinSide;
    RingCandidate dark, light;
    if (!(quiet_margin || dark_margin || dark_label) || !ring_inside_margin(candidate, false, dark) ||
        !ring_inside_margin(candidate, true, light))
        return false;
    // (b) and (c) only where a light ring shows 2 units in, in the detection
    // image (smoothed: in low contrast the frame's grain hides it), and no
    // ring whose band read and whose modules did not lies about the same
    // centre (that symbol was read from its own ring): most failed outlines
    // are clutter, and a decode costs tens of ring scores. Judged before (a)
    // runs, so that (a)'s own failure does not count. (d) likewise only where
    // a dark ring shows.
    const bool light_ring = dark_margin && !inside_failed_band(centre(light.quad)) &&
                            ring_shows(detect, scale, light, 5);
    if (quiet_margin && decode_candidate(image, dark, false, out)) return true;  // (a)
    if (light_ring && decode_candidate(image, light, false, out)) return true;   // (b), (c)
    return dark_label && ring_shows(detect, scale, dark, 10) && decode_candidate(image, dark, false, out);  // (d)
}

void Scanner::find_scored(const GrayImage &detect, double scale, CellClasses classes, ComponentScratch &scratch) {
    const size_t first = candidates_.size();
    find_ring_candidates(binary_, scratch, candidates_, classes);
    for (size_t i = first; i < candidates_.size(); ++i) {
        RingCandidate &c = candidates_[i];
        c.score = ring_score(detect, c);
        // A large ring that scores badly may be a curved one (small rings
        // bow by under a pixel; scoring them so would let clutter outrank them).
        if (c.score < kMinRingScore && std::sqrt(c.area) * scale >= kBendMinSide) c.score = ring_score(detect, c, true);
    }
}

void Scanner::rank_candidates(const GrayImage &detect, double scale, double max_side) {
    // Small rings that score too low here may be rings that the halving
    // blurred: they are rescued from crops after the failed ones.
    weak_rings_.clear();
    if (scale > 1)
        for (const RingCandidate &c : candidates_)
            if (c.score < kMinRingScore && c.score >= kRescueMinScore && std::sqrt(c.area) * scale <= kRescueMaxSide) {
                weak_rings_.push_back(c);
                for (Point &p : weak_rings_.back().quad) p = p * scale;
            }
    candidates_.erase(std::remove_if(candidates_.begin(), candidates_.end(),
                                     [&](const RingCandidate &c) {
                                         return c.score < kMinRingScore || std::sqrt(c.area) * scale > max_side;
                                     }),
                      candidates_.end());
    // Ranked first by whether the field holds marks (outlines with nothing
    // inside go last), then by score in steps of 2 of the 32 points, then by
    // area: a point more or less must not put a symbol's own keys (small,
    // square, crisp) ahead of its ring.
    for (RingCandidate &c : candidates_) c.marked = holds_marks(detect, c);
    auto step = [](double score) { return static_cast<int>(score * 16 + 0.5); };
    std::sort(candidates_.begin(), candidates_.end(), [&](const RingCandidate &a, const RingCandidate &b) {
        if (a.marked != b.marked) return a.marked;
        return step(a.score) != step(b.score) ? step(a.score) > step(b.score) : a.area > b.area;
    });
}

bool Scanner::read_best(const GrayImage &image, const GrayImage &detect, double scale, const BestReading &how,
                        std::vector<ScanResult> &results) {
    int tried = 0, weak = 0;
    for (RingCandidate c : candidates_) {
        if (std::sqrt(c.area) * scale < how.min_side) continue;
        if (tried++ >= how.count || (c.score < how.min_score && ++weak > 2)) break;
        for (Point &p : c.quad) p = p * scale;
        ScanResult result;
        if (decode_candidate(image, c, false, result) ||
            (how.margins && decode_as_margin(image, detect, scale, c, result))) {
            results.push_back(std::move(result));
            return true;
        }
    }
    return false;
}

bool Scanner::gather_candidates(const GrayImage &image, const GrayImage &detect, double scale, bool find_all,
                                std::vector<ScanResult> &results, double min_score, double max_side) {
    binarize(detect, binary_, binarize_scratch_, kTile);
    candidates_.clear();
    if (!find_all && scale > 1) {
        // The best dark rings first; the light components only when none
        // reads, and then every candidate exactly as if both classes had
        // been labelled together (the dark ones that failed fail fast).
        find_scored(detect, scale, CellClasses::dark, components_);
        dark_found_ = candidates_;
        rank_candidates(detect, scale, max_side);
        if (read_best(image, detect, scale, {kDarkFirstCandidates, 0, min_score, true}, results)) return true;
        candidates_ = dark_found_;
        find_scored(detect, scale, CellClasses::light, light_components_);
        std::inplace_merge(candidates_.begin(), candidates_.begin() + static_cast<long>(dark_found_.size()),
                           candidates_.end(),
                           [](const RingCandidate &a, const RingCandidate &b) { return a.order < b.order; });
    } else {
        find_scored(detect, scale, CellClasses::both, components_);
    }
    rank_candidates(detect, scale, max_side);
    return false;
}

bool Scanner::scan_level(const GrayImage &image, const GrayImage &detect, double scale, bool find_all,
                         std::vector<ScanResult> &results, double min_score, double max_side) {
    if (gather_candidates(image, detect, scale, find_all, results, min_score, max_side)) return true;
    // Pass 1 reads every candidate flat; pass 2 tries cylindrical bends on
    // the two best-looking ones, only when pass 1 found nothing.
    const int limit = kMaxCandidates * (find_all ? 4 : 1);
    for (int pass = 0; pass < 2; ++pass) {
        if (pass == 1 && !results.empty()) break;
        int tried = 0, weak = 0;
        for (RingCandidate c : candidates_) {
            if (tried >= (pass == 0 ? limit : 2)) break;
            // Rings under min_score (a metallic ring in shade, a worn print;
            // but mostly clutter): at most two of them, the best-scoring.
            if (c.score < min_score && ++weak > 2) break;
            if (pass == 1 && c.score < 0.95) break;
            for (Point &p : c.quad) p = p * scale;
            // A symbol already read (by an earlier candidate or pass) is not read again.
            if (already_read(results, centre(c.quad))) continue;
            ++tried;
            ScanResult result;
            if (!decode_candidate(image, c, pass == 1, result)) {
                // Worth a crop only when the ring itself failed: a band that
                // read from it (now or earlier in the frame) means the
                // corners were right.
                const bool band_read = band_read_;
                if (pass == 1 || !decode_as_margin(image, detect, scale, c, result)) {
                    if (pass == 0 && scale > 1 && std::sqrt(c.area) * scale <= kRescueMaxSide && !band_read)
                        rescues_.push_back(c);
                    continue;
                }
            }
            results.push_back(std::move(result));
            if (!find_all) return true;
        }
    }
    rescues_.insert(rescues_.end(), weak_rings_.begin(), weak_rings_.end());
    return !results.empty();
}

bool Scanner::scan_quick(const GrayImage &image, std::vector<ScanResult> &results) {
    decimate(decimated_, quartered_);
    smooth(quartered_, smoothed_);
    // Dark rings only: light ones there are mostly the labels around symbols.
    binarize(smoothed_, binary_, binarize_scratch_, kTile);
    candidates_.clear();
    find_scored(smoothed_, 4.0, CellClasses::dark, components_);
    rank_candidates(smoothed_, 4.0, 1e9);
    if (read_best(image, smoothed_, 4.0, {kQuickCandidates, kQuickMinSide, 0, true}, results)) return true;
    // Then the light components: as the quiet margins of dark-on-light
    // symbols whose ring is too thin to show here, then as light rings.
    candidates_.clear();
    find_scored(smoothed_, 4.0, CellClasses::light, light_components_);
    rank_candidates(smoothed_, 4.0, kQuickMarginMaxSide);
    return read_quick_light(image, results);
}

bool Scanner::read_quick_light(const GrayImage &image, std::vector<ScanResult> &results) {
    // One look at each component: the margins are decoded as they come, the
    // light rings kept for after them.
    std::array<RingCandidate, kQuickLightRings> light_rings;
    int margins = 0, rings = 0;
    auto decoded = [&](const RingCandidate &ring) {
        ScanResult result;
        if (!decode_candidate(image, ring, false, result)) return false;
        results.push_back(std::move(result));
        return true;
    };
    for (RingCandidate c : candidates_) {
        if (margins >= kQuickMargins && rings >= kQuickLightRings) break;
        if (std::sqrt(c.area) * 4.0 < kQuickMinSide) continue;
        for (Point &p : c.quad) p = p * 4.0;
        // A margin is decoded only where the ring 2 units in shows in the
        // halved image (unsmoothed, 1.5 px wide there for a 90 px symbol):
        // most light outlines are paper labels, windows and other codes'
        // quiet zones. A light ring only where it does not: the component is
        // then no margin.
        RingCandidate ring;
        if (!ring_inside_margin(c, false, ring)) continue;
        if (!ring_shows(decimated_, 2.0, ring, 10)) {
            if (rings < kQuickLightRings) light_rings[rings++] = c;
        } else if (margins < kQuickMargins) {
            ++margins;
            if (decoded(ring)) return true;
        }
    }
    for (int i = 0; i < rings; ++i)
        if (decoded(light_rings[i])) return true;
    return false;
}

bool Scanner::read_crop(const GrayImage &image, double cx, double cy, double side, ScanResult &result) {
    const int x0 = std::max(0, static_cast<int>(cx - side / 2)), y0 = std::max(0, static_cast<int>(cy - side / 2));
    const int x1 = std::min(image.width, static_cast<int>(cx + side / 2) + 1);
    const int y1 = std::min(image.height, static_cast<int>(cy + side / 2) + 1);
    if (x1 - x0 < kMinRingPixels || y1 - y0 < kMinRingPixels) return false;
    crop_.width = x1 - x0;
    crop_.height = y1 - y0;
    crop_.pixels.resize(static_cast<size_t>(crop_.width) * crop_.height);
    for (int y = y0; y < y1; ++y)
        std::copy_n(&image.pixels[static_cast<size_t>(y) * image.width + x0], crop_.width,
                    &crop_.pixels[static_cast<size_t>(y - y0) * crop_.width]);
    // Not smoothed: the ring of a 16 px locator is one pixel thick.
    binarize(crop_, crop_binary_, binarize_scratch_, kTile);
    crop_candidates_.clear();
    find_ring_candidates(crop_binary_, crop_components_, crop_candidates_);
    for (RingCandidate &c : crop_candidates_) c.score = ring_score(crop_, c);
    std::sort(crop_candidates_.begin(), crop_candidates_.end(),
              [](const RingCandidate &a, const RingCandidate &b) { return a.area > b.area; });
    origin_ = Point{static_cast<double>(x0), static_cast<double>(y0)};
    int tried = 0;
    bool found = false;
    for (const RingCandidate &c : crop_candidates_) {
        if (c.score < kMinRingScore) continue;
        if (++tried > 2) break;
        if (!decode_candidate(crop_, c, false, result) && !decode_as_margin(crop_, crop_, 1, c, result)) continue;
        found = true;
        break;
    }
    found = found || read_crop_margins(result);
    if (found)
        for (Point &p : result.corners) p = p + origin_;
    origin_ = Point{0, 0};
    return found;
}

bool Scanner::read_crop_margins(ScanResult &result) {
    // Light components that do not score as rings, taken as quiet margins
    // with the ring 2 units in, where that ring shows: a moving locator's
    // ring smears into its cells and its surround, while its light margin
    // stays one hollow component.
    int tried = 0;
    for (const RingCandidate &c : crop_candidates_) {
        if (!c.inverted || c.score >= kMinRingScore) continue;
        RingCandidate ring;
        if (!ring_inside_margin(c, false, ring) || !ring_shows(crop_, 1.0, ring, 10)) continue;
        if (tried++ >= kCropMargins) break;
        if (decode_candidate(crop_, ring, false, result)) return true;
    }
    return false;
}

bool Scanner::scan_small_blobs(const GrayImage &image, double scale, bool find_all,
                               std::vector<ScanResult> &results) {
    // A one-symbol scan labelled the light cells apart (gather_candidates).
    find_small_blobs(components_, smoothed_, kMaxSmallBlobs, blobs_, find_all ? nullptr : &light_components_);
    const size_t found_before = results.size();
    for (const SmallBlob &blob : blobs_) {
        // A crop about the blob's centre that holds the whole symbol and its
        // quiet margin even when the blob is only part of it (a few cells,
        // or one side of the ring): wider for the blobs that stood out,
        // which are more often such parts (kFragmentCrop).
        const double cx = (blob.x0 + blob.x1 + 1) * 0.5 * scale, cy = (blob.y0 + blob.y1 + 1) * 0.5 * scale;
        const double widen = blob.largest ? kBlobCrop : kFragmentCrop;
        const double side = std::max(32.0, widen * scale * std::max(blob.x1 - blob.x0 + 1, blob.y1 - blob.y0 + 1));
        if (already_read(results, {cx, cy})) continue;
        ScanResult result;
        if (read_crop(image, cx, cy, side, result)) add_unless_read(results, std::move(result));
        if (!find_all && results.size() > found_before) return true;
    }
    return results.size() > found_before;
}

bool Scanner::scan_joined_pieces(const GrayImage &image, double scale, bool find_all,
                                 std::vector<ScanResult> &results) {
    // The pieces: every small ring of the halved pass in rank order, tried
    // or not (a piece scores lower than a whole ring, so most are not
    // tried), then the weak ones (already at full resolution).
    pieces_.clear();
    for (RingCandidate c : candidates_) {
        if (std::sqrt(c.area) * scale > kRescueMaxSide) continue;
        for (Point &p : c.quad) p = p * scale;
        pieces_.push_back(c);
    }
    pieces_.insert(pieces_.end(), weak_rings_.begin(), weak_rings_.end());
    joined_.clear();
    join_ring_pieces(pieces_, kMinRingPixels * 2, kJoinedMaxSide, joined_);
    const size_t found_before = results.size();
    int tried = 0;
    for (RingCandidate c : joined_) {
        if (already_read(results, centre(c.quad))) continue;
        // Scored like any candidate, on the halved pass's detection image, as
        // joined and with each corner in turn replaced by the one that makes
        // a parallelogram of the other three (pieces that missed a corner).
        if (!best_completion(smoothed_, 1 / scale, c)) continue;
        if (++tried > kMaxJoinedPieces) break;
        // Joined corners can be a few pixels off, and one refinement from
        // there can lock a side on an edge of the band: refined once here,
        // and again when decoded, it settles on the ring.
        refine_ring_edges(image, c.inverted, c.quad);
        ScanResult result;
        if (decode_candidate(image, c, false, result)) add_unless_read(results, std::move(result));
        if (!find_all && results.size() > found_before) return true;
    }
    return results.size() > found_before;
}

bool Scanner::scan_thin_rings(const GrayImage &image, bool find_all, std::vector<ScanResult> &results) {
    decimate_darkest(image, thin_);
    // Not smoothed: that would turn the ring grey again (so a higher floor).
    binarize(thin_, binary_, binarize_scratch_, kTile, kThinMinContrast);
    candidates_.clear();
    find_scored(thin_, 2.0, CellClasses::dark, thin_components_);
    rank_candidates(thin_, 2.0, kThinMaxSide);
    const size_t found_before = results.size();
    int tried = 0;
    for (RingCandidate c : candidates_) {
        for (Point &p : c.quad) p = p * 2.0;
        if (already_read(results, centre(c.quad))) continue;
        if (++tried > kThinCandidates) break;
        ScanResult result;
        if (decode_candidate(image, c, false, result)) add_unless_read(results, std::move(result));
        if (!find_all && results.size() > found_before) return true;
    }
    return results.size() > found_before;
}

bool Scanner::scan_rescues(const GrayImage &image, bool find_all, std::vector<ScanResult> &results) {
    const size_t found_before = results.size();
    int tried = 0;
    for (size_t k = 0; k < rescues_.size(); ++k) {
        const RingCandidate &c = rescues_[k];
        const QuadBox box = bounding_box(c.quad);
        const Point mid = box.middle();
        if (already_read(results, mid)) continue;
        // Rings of one symbol (its ring, its label, its quiet margin) share a centre.
        bool same_symbol = false;
        for (size_t i = 0; i < k && !same_symbol; ++i)
            same_symbol = inside(rescues_[i].quad, mid) || inside(c.quad, centre(rescues_[i].quad));
        if (same_symbol) continue;
        if (++tried > kMaxRescues) break;
        ScanResult result;
        if (read_crop(image, mid.x, mid.y, kRescueMargin * box.longer_side(), result))
            add_unless_read(results, std::move(result));
        if (!find_all && results.size() > found_before) return true;
    }
    return results.size() > found_before;
}

bool Scanner::scan_near_misses(const GrayImage &image, double scale, bool find_all,
                               std::vector<ScanResult> &results) {
    size_t from = results.size();
    auto done = [&](bool read, ScanRoute route) {
        for (size_t i = from; i < results.size(); ++i) results[i].route = route;
        from = results.size();
        return (read && !find_all) || located_unread(find_all);
    };
    return done(scan_joined_pieces(image, scale, find_all, results), ScanRoute::joined) ||
           done(scan_rescues(image, find_all, results), ScanRoute::rescued) ||
           done(scan_thin_rings(image, find_all, results), ScanRoute::thin) ||
           done(scan_small_blobs(image, scale, find_all, results), ScanRoute::blob);
}

std::vector<ScanResult> Scanner::scan(const GrayImage &image, bool find_all, bool thorough) {
    std::vector<ScanResult> results;
    failed_rings_.clear();
    rescues_.clear();
    // Each stage's reads are labelled with its route; true when the scan
    // is done (one symbol asked for, and one read).
    auto done = [&](bool read, ScanRoute route, size_t from) {
        for (size_t i = from; i < results.size(); ++i) results[i].route = route;
        return read && !find_all;
    };
    const bool halve = std::min(image.width, image.height) >= halve_min_side_;
    const GrayImage *detect = &image;
    if (halve) {
        decimate(image, decimated_);
        detect = &decimated_;
        // Most symbols of a frame are large enough for the quick pass.
        if (!find_all && done(scan_quick(image, results), ScanRoute::quick, 0)) return results;
        if (located_unread(find_all)) return results;
    }
    // Detection works on a smoothed image: sensor grain would otherwise break
    // flat regions into thousands of tiny components that each cost time.
    smooth(*detect, smoothed_);
    const double scale = halve ? 2.0 : 1.0;
    // One detection pass. Clean rings (score >= 0.85) are decoded, and at
    // most two weaker ones (from 0.7: a metallic ring in shade, a worn
    // print): clutter seldom scores that high, so symbol-free frames stay cheap.
    const ScanRoute level = halve ? ScanRoute::halved : ScanRoute::full;
    if (done(scan_level(image, smoothed_, scale, find_all, results, 0.85), level, 0)) return results;
    if (halve && (located_unread(find_all) || scan_near_misses(image, scale, find_all, results))) return results;
    if (!halve) {
        // A small image may hold a symbol whose ring is a pixel or two thick,
        // which the smoothing can merge into a grey surround: once more on
        // the image as it is.
        scan_level(image, image, 1.0, find_all, results, 0.85);
        return results;
    }
    if (!thorough) return results;
    // Full resolution finds symbols too small for the halved image; larger
    // rings were the halved pass's, and are not decoded twice.
    std::vector<ScanResult> small;
    smooth(image, smoothed_);
    scan_level(image, smoothed_, 1.0, find_all, small, 0.7, kThoroughMaxSide);
    for (ScanResult &r : small) {
        add_unless_read(results, std::move(r));
        if (!find_all && !results.empty()) break;
    }
    return results;
}

}  // namespace ckey
