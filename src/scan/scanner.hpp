// The scan pipeline, stage by stage:
//   1 pixel formats -> luminance (src/image)
//   2 decimate (frames >= 480 px on the short side) and binarize
//   2a one symbol wanted: a quick pass over the dark rings of the quarter image,
//      then its light components as quiet margins, then as light rings
//   3 ring candidates: ring-like components, hull -> quad, ranked, up to ten
//     (one symbol wanted: the dark components first, the light ones if none reads)
//   3b small rings of the halved image that fail: pieces of one ring joined into one outline,
//      then each rescanned from a full-resolution crop
//   3c thin rings: dark rings of the frame halved keeping the darkest pixels
//   3d small blobs of the halved image, each rescanned from a full-resolution crop
//   4 sub-pixel ring edges at full resolution
//   4b ring sides traced as curves when the flat format read fails (curved labels)
//   5-6 orientation + format band (Profiles 0, 2, 3) or the locator (Profile 1)
//   7 keys, local grid, module darkness
//   8 Reed-Solomon with erasures and CRC-32C (src/codec)
// A result is valid only when the format code, Reed-Solomon and the CRC agree.
#pragma once

#include "../codec/format.hpp"
#include "../image/gray_image.hpp"
#include "binarize.hpp"
#include "candidates.hpp"
#include "geometry.hpp"
#include "small_blobs.hpp"

#include <vector>

namespace ckey {

// Ring candidates decoded per pass (four times as many when every symbol is
// wanted). Ten, not six: on brick walls, shelves and windows a symbol ranked
// seventh to tenth behind outlines that score as well (camera benchmark: 5 of
// 87 failing dev frames), at no measurable cost on frames without them.
constexpr int kMaxCandidates = 10;
// Smallest ring (side, in full-resolution pixels: the square root of its
// area) read under cylindrical-bend hypotheses.
constexpr double kBendMinSide = 160;
// Smallest bow (canvas units, the middle of a ring side against the chord
// between its ends) for which the format band is read between curved sides.
constexpr double kMinSag = 0.3;
// Smallest bow for which a Profile 1 reading that fails flat is tried under
// cylindrical bends along the axis the bows give. Lower: a locator of 50 to
// 90 px on a bottle bows by 0.2 to 0.3 units, straight sides trace within
// about 0.1 (camera benchmark, dev seed 1's curved locators).
constexpr double kLocatorMinSag = 0.15;
// Largest light ring (side, in full-resolution pixels) also tried as the
// quiet margin of a dark-on-light symbol; past it the ring is thick enough
// to be found as itself.
constexpr double kQuietMarginMaxSide = 120;
// Components (side, full-resolution pixels) also tried as the dark margin of
// a light-on-dark symbol: up to kDarkMarginMaxSide, past which the margin is
// wider than the threshold's neighbourhood and keeps the ring apart, and from
// kDarkMarginMinSide, under which they are mostly the nested squares of QR
// and Aztec finders.
constexpr double kDarkMarginMinSide = 48;
constexpr double kDarkMarginMaxSide = 400;
// The thorough full-resolution pass of a halved frame decodes only rings up
// to this side (full-resolution pixels): larger ones are 80 px or more in the
// halved image, where the first pass reads them.
constexpr double kThoroughMaxSide = 160;
// Ring score (share of side points where the ring is darker than the margin,
// or lighter for light-on-dark) below which a candidate is never decoded.
constexpr double kMinRingScore = 0.7;
// Small blobs of the halved image read again from full-resolution crops,
// per frame (each costs about as much as one failed candidate), taken in
// turn from the largest and from those that stand out most from an even
// surround (small_blobs.hpp). Each is read from a crop kBlobCrop times its
// box, kFragmentCrop for the blobs that stood out: a symbol's ring and cells
// often fall apart into several blobs there, and a crop 1.6 times one of
// them misses the rest. On the camera benchmark's dev frames (seeds 1 and 3,
// 1,200 locator frames without the multi-symbol ones) this reads 11 more
// markers than six of the largest at 1.6; five read as many as six, and
// 2.4 for the largest too read 3 more for twice the extra cost. Two since
// the thin-ring stage runs before them (kThinCandidates): it reads most of
// the 40-70 px markers they found, and on the dev frames (seed 2, 680
// locator frames) two blobs read as many as five after it.
constexpr int kMaxSmallBlobs = 2;
constexpr double kBlobCrop = 1.6;
constexpr double kFragmentCrop = 2.4;
// When no ring of a crop reads, its best kCropMargins light components that
// do not score as rings are read as quiet margins, the ring 2 units in
// (where it shows). On 40 moving 40-120 px locators that failed (camera
// benchmark, motion, seeds 51000) this read 7, and 2 tries no more; on the
// dev locator frames (seeds 1 and 2, 1,280) 7 more.
constexpr int kCropMargins = 1;
// Rings of the halved image up to this side (full-resolution pixels) that
// fail are read again from a full-resolution crop kRescueMargin times their
// box, at most kMaxRescues a frame: at half resolution their ring is a pixel
// or two thick and blur merges it with the data or the surround. One: a
// crop costs about a fifth of a symbol-free frame, and on the dev frames a
// second or a fourth read no more symbols.
constexpr double kRescueMaxSide = 160;
constexpr double kRescueMargin = 1.6;
constexpr int kMaxRescues = 1;
constexpr double kRescueMinScore = 0.3;
// Failed rings joined into one outline (ring_pieces.hpp): at most
// kMaxJoinedPieces decoded a frame, of sides up to kJoinedMaxSide
// (full-resolution pixels).
constexpr int kMaxJoinedPieces = 2;
constexpr double kJoinedMaxSide = 1.4 * kRescueMaxSide;
// The halved pass of a one-symbol scan labels the dark cells first and reads
// its best kDarkFirstCandidates dark rings (flat, then as margins) before it
// labels the light cells: most symbols are dark on light, and one class has
// half the runs. On the dev frames 2, 3 and 10 cost the same; 3 matches the
// quick pass.
constexpr int kDarkFirstCandidates = 3;
// The quick pass of a halved frame when one symbol is wanted: dark rings of
// the quarter-resolution image, the best kQuickCandidates of them that score
// at least kMinRingScore and span kQuickMinSide full-resolution pixels (a
// 1-unit ring is then about two thirds of a quarter pixel wide, and smoothed
// still reads), decoded flat and as margins before the halved pass runs. On
// the camera benchmark's dev frames it reads well over half the symbols for a
// quarter of the halved pass's detection cost; 2 candidates or 110 px read
// fewer, 4 or 60 px no more. The margin readings moved the light-on-dark
// symbols (whose dark margin is the component here) and low-contrast labels
// darker than their surround into it.
constexpr int kQuickCandidates = 3;
constexpr double kQuickMinSide = 70;
// When no dark ring reads there, light components of kQuickMinSide to
// kQuickMarginMaxSide are tried as quiet margins (spec 14.2 step 4): at
// most kQuickMargins whose ring 2 units in shows in the halved image. On the
// dev frames this moved 53 of the 93 halved-pass reads into the quick pass.
constexpr double kQuickMarginMaxSide = 400;
constexpr int kQuickMargins = 2;
// Then the best kQuickLightRings light components (same sides) with no dark
// ring showing 2 units inside are decoded as the light rings of light-on-dark
// symbols whose dark margin joined as dark a surround. On the dev frames this
// moved 58 halved-pass reads (52 of them concept-style, whose ring is light)
// and 2 that nothing read into the quick pass, for 1-2 % more time on frames
// that fail.
constexpr int kQuickLightRings = 2;
// Thin rings (spec 14.3 step 7), after the rescues and before the small
// blobs: a locator 40 to 70 px wide has a 2-unit ring 1 to 2 px wide at
// half resolution, which averaging turns grey and the threshold calls
// light. Halved keeping the darkest pixel of each block instead, the ring
// keeps its depth: the best kThinCandidates dark rings of up to
// kThinMaxSide full-resolution pixels are decoded. On the camera
// benchmark's dev frames (seed 2, 680 locator frames) the best one read 25
// markers, three read 26.
constexpr int kThinCandidates = 1;
constexpr double kThinMaxSide = 160;

// The stage of Scanner::scan that read a symbol (spec 14.3): for tests,
// traces and the benchmark's stage profile; it changes nothing read.
enum class ScanRoute : uint8_t { quick, halved, joined, rescued, blob, thin, full };

struct ScanResult {
    std::vector<uint8_t> payload;
    FormatInfo info;
    bool inverted = false;
    bool mirrored = false;
    Quad corners;  // symbol's top-left, top-right, bottom-right, bottom-left
    int errors = 0, erasures = 0, correction_margin = 0, parity_per_block = 0;
    ScanRoute route = ScanRoute::full;
};

// Frames of this short side or more are detected at half resolution (stage 2).
constexpr int kHalveMinSide = 480;

// Holds scratch buffers between frames. Not thread-safe: one per thread.
class Scanner {
public:
    // thorough: on frames scanned at half resolution, also search at full
    // resolution when the first pass finds nothing (small symbols).
    std::vector<ScanResult> scan(const GrayImage &image, bool find_all, bool thorough = false);
    // Certification scans crops of a 1280 x 720 phone frame, which is halved:
    // 0 here detects a crop of any size as that frame would be.
    void set_halve_min_side(int side) { halve_min_side_ = side; }

private:
    int halve_min_side_ = kHalveMinSide;
    // detect: the (smoothed) detection image; scale: full-resolution pixels per
    // detection pixel; min_score: candidates scoring under it are "weak" and
    // at most two of them are decoded; max_side: larger rings (full-resolution
    // pixels, square root of the area) are left out.
    bool scan_level(const GrayImage &image, const GrayImage &detect, double scale, bool find_all,
                    std::vector<ScanResult> &results, double min_score, double max_side = 1e9);
    // Stage 2a: the quick pass, dark-ring candidates of the quarter-resolution
    // image (made from decimated_) decoded flat and as margins, then its light
    // components as quiet margins and as light rings (read_quick_light); true
    // when one read.
    bool scan_quick(const GrayImage &image, std::vector<ScanResult> &results);
    // The quick pass's second and third readings: candidates_ (light
    // components of the quarter image) as the quiet margins of dark-on-light
    // symbols, then as the light rings of light-on-dark ones where no dark
    // ring shows inside them; true when one read.
    bool read_quick_light(const GrayImage &image, std::vector<ScanResult> &results);
    // Stage 3 on binary_ (binarized from detect): the ring candidates of
    // these classes, scored, appended to candidates_ in the order found.
    void find_scored(const GrayImage &detect, double scale, CellClasses classes, ComponentScratch &scratch);
    // candidates_ filtered and ranked, and weak_rings_ the small ones that
    // score too low.
    void rank_candidates(const GrayImage &detect, double scale, double max_side);
    // Stages 2 and 3 for scan_level: candidates_ found, scored and ranked;
    // for the halved pass of a one-symbol scan the dark ones first, and
    // true when one of those read (into results).
    bool gather_candidates(const GrayImage &image, const GrayImage &detect, double scale, bool find_all,
                           std::vector<ScanResult> &results, double min_score, double max_side);
    // Which of the ranked candidates_ read_best reads, and how.
    struct BestReading {
        int count;         // the first this many...
        double min_side;   // ...of this side or more (full-resolution pixels)
        double min_score;  // at most two of them under it
        bool margins;      // each also read as a margin when it fails flat
    };
    // The quick pass and the dark rings first: candidates_ read flat (and as
    // margins when asked) until one reads; true when one did.
    bool read_best(const GrayImage &image, const GrayImage &detect, double scale, const BestReading &how,
                   std::vector<ScanResult> &results);
    // bends: read only under cylindrical-bend hypotheses (the second pass).
    // A flat read that fails sets band_read_ when the ring's band read, now
    // or earlier in the frame.
    bool decode_candidate(const GrayImage &image, const RingCandidate &candidate, bool bends, ScanResult &out);
    // Stage 3d: the small blobs of the last detection pass (scale: its
    // full-resolution pixels per detection pixel), each scanned from a crop.
    bool scan_small_blobs(const GrayImage &image, double scale, bool find_all, std::vector<ScanResult> &results);
    // Stage 3b, first: failed rings of the halved pass (scale: its
    // full-resolution pixels per detection pixel) that overlap, joined into
    // one outline each (ring_pieces.hpp), scored on smoothed_ and decoded.
    bool scan_joined_pieces(const GrayImage &image, double scale, bool find_all, std::vector<ScanResult> &results);
    // Stage 3c: dark rings of the frame halved keeping the darkest pixels
    // (thin_), the best few decoded.
    bool scan_thin_rings(const GrayImage &image, bool find_all, std::vector<ScanResult> &results);
    // Stage 3b: the failed rings of the halved pass, each scanned from a crop.
    bool scan_rescues(const GrayImage &image, bool find_all, std::vector<ScanResult> &results);
    // Scans the full-resolution square of this side about (cx, cy) for one symbol.
    bool read_crop(const GrayImage &image, double cx, double cy, double side, ScanResult &result);
    // read_crop's last reading: crop_candidates_ as quiet margins (kCropMargins).
    bool read_crop_margins(ScanResult &result);
    // Whether p (in the image scanned, origin_ away from the frame) lies
    // inside a ring of the frame whose band read and whose modules did not.
    bool inside_failed_band(Point p) const;
    // Whether one symbol is wanted (not find_all) and a ring of this frame
    // read its band and not its modules: a symbol is there, and a one-symbol
    // scan of a halved frame ends with the stage that found it (spec 14.9).
    bool located_unread(bool find_all) const;
    // The halved pass's second chances, in order: joined ring pieces, rescue
    // crops, thin rings, small blobs; each labels its reads with its route.
    // True when the scan is done (one symbol asked for, and one read or
    // located_unread).
    bool scan_near_misses(const GrayImage &image, double scale, bool find_all, std::vector<ScanResult> &results);
    // A failed candidate read as a symbol's margin (spec 14.5 step 4): a small
    // light one as the quiet margin of a dark-on-light symbol, one of either
    // polarity as the dark margin of a light-on-dark symbol, a dark one as
    // the margin and ring of a dark-on-light symbol on a darker label.
    // detect: the detection image, scale times smaller than image.
    bool decode_as_margin(const GrayImage &image, const GrayImage &detect, double scale,
                          const RingCandidate &candidate, ScanResult &out);
    struct FailedRing;
    // Whether a ring whose band read (attempt; ring_centre in the image
    // decoded) lies about the centre of one whose band read and whose
    // modules did not: the same symbol from corners a pixel or two away. It
    // is then recorded as such a ring and not read further.
    bool repeats_failed_band(Point ring_centre, FailedRing &attempt);
    // Whether this ring (refined, full-frame coordinates) failed earlier in
    // this frame so that it would fail again; sets band_read_.
    bool failed_before(const FailedRing &ring);

    // Rings of this frame that failed flat, in frame coordinates: those whose
    // band read and whose modules did not (band_read), and those that read
    // neither a band nor a locator, with what else decides their reading.
    // The same ring found again (as its margin, at another level, in a crop)
    // is not read again.
    struct FailedRing {
        Quad quad;
        bool inverted, refined, band_read;
    };
    std::vector<FailedRing> failed_rings_;
    bool band_read_ = false;
    // Where the image being decoded sits in the frame: a crop's corner, else 0.
    Point origin_{0, 0};
    // Small rings of the halved pass that failed (full-frame coordinates).
    std::vector<RingCandidate> rescues_, weak_rings_, pieces_, joined_;

    GrayImage decimated_, quartered_, thin_;
    GrayImage smoothed_;
    Ternary binary_;
    BinarizeScratch binarize_scratch_;
    ComponentScratch components_;
    // The thin-ring stage's own: the small blobs read the halved pass's components_ after it.
    ComponentScratch thin_components_;
    // The halved pass of a one-symbol scan labels light cells apart, in
    // light_components_, after the dark ones (in components_) failed.
    ComponentScratch light_components_;
    std::vector<RingCandidate> dark_found_;
    std::vector<RingCandidate> candidates_;
    std::vector<SmallBlob> blobs_;
    GrayImage crop_;
    Ternary crop_binary_;
    ComponentScratch crop_components_;
    std::vector<RingCandidate> crop_candidates_;
};

}  // namespace ckey
