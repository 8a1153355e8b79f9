// Unit tests of single scan stages: smoothing, decimation, binarization,
// module equalisation, joined ring pieces, pixel formats, the image readers' refusals.
#include <ckey/ckey.h>
#include "check.hpp"
#include "synth.hpp"

#include "image/gray_image.hpp"
#include "image/image_file.hpp"
#include "scan/binarize.hpp"
#include "scan/candidates.hpp"
#include "scan/refine_edges.hpp"
#include "scan/ring_pieces.hpp"
#include "scan/small_blobs.hpp"
#include "scan/equalise.hpp"
#include "core/error.hpp"
#include "codec/symbol.hpp"

#include <algorithm>
#include <cmath>
#include <random>
#include <string>

using synth::random_image;

TEST(smooth_matches_direct_kernel) {
    for (auto [w, h] : {std::pair{37, 23}, std::pair{2, 2}, std::pair{5, 64}}) {
        auto a = random_image(w, h, 1);
        ckey::GrayImage b;
        ckey::smooth(a, b);
        const int k[3] = {1, 2, 1};
        int bad = 0;
        for (int y = 0; y < h; ++y)
            for (int x = 0; x < w; ++x) {
                int acc = 0;
                for (int dy = -1; dy <= 1; ++dy)
                    for (int dx = -1; dx <= 1; ++dx)
                        acc += k[dy + 1] * k[dx + 1] * a.at(std::clamp(x + dx, 0, w - 1), std::clamp(y + dy, 0, h - 1));
                bad += ((acc + 8) >> 4) != b.at(x, y);
            }
        CHECK_EQ(bad, 0);
    }
}

TEST(decimate_averages_blocks) {
    auto a = random_image(9, 7, 2);
    ckey::GrayImage b;
    ckey::decimate(a, b);
    CHECK_EQ(b.width, 4);
    CHECK_EQ(b.height, 3);
    CHECK_EQ(static_cast<int>(b.at(1, 2)), (a.at(2, 4) + a.at(3, 4) + a.at(2, 5) + a.at(3, 5) + 2) / 4);
}

TEST(binarize_flat_is_unknown_edges_are_classified) {
    ckey::GrayImage a;
    a.width = 64;
    a.height = 32;
    a.pixels.assign(64 * 32, 200);
    for (int y = 0; y < 32; ++y)
        for (int x = 32; x < 64; ++x) a.pixels[y * 64 + x] = 30;
    ckey::Ternary t;
    ckey::binarize(a, t);
    CHECK_EQ(static_cast<int>(t.cells[5 * 64 + 2]), static_cast<int>(ckey::kUnknown));   // far from the edge
    CHECK_EQ(static_cast<int>(t.cells[5 * 64 + 30]), static_cast<int>(ckey::kLight));
    CHECK_EQ(static_cast<int>(t.cells[5 * 64 + 33]), static_cast<int>(ckey::kDark));
}

TEST(equalise_moves_each_module_from_its_neighbours_mean) {
    // 3 x 3: a dark centre (10) among light modules (20), strength 1.5.
    std::vector<float> grid(9, 20);
    grid[4] = 10;
    auto out = ckey::equalise_modules(grid, 3, nullptr, 1.5f);
    CHECK(std::fabs(out[4] - (10 + 1.5f * (10 - 20))) < 1e-4f);
    CHECK(std::fabs(out[0] - 20) < 1e-4f);                            // a corner: neighbours (0,1), (1,0)
    CHECK(std::fabs(out[1] - (20 + 1.5f * (20 - 50.0f / 3))) < 1e-4f);  // an edge: (0,0), (0,2), (1,1)
    // A skipped cell (a key) neither changes nor counts as a neighbour.
    const uint8_t skip[9] = {0, 0, 0, 0, 1, 0, 0, 0, 0};
    out = ckey::equalise_modules(grid, 3, skip, 1.5f);
    CHECK(std::fabs(out[4] - 10) < 1e-4f);
    CHECK(std::fabs(out[1] - 20) < 1e-4f);
}

TEST(equalise_undoes_a_leak_between_modules) {
    // A random field of ink (40) and paper (200), each module leaking an
    // eighth of itself into each of its four neighbours (edge modules keep
    // what would leak outside). Blurred, lone modules cross the midway
    // threshold; equalised, none does, and the samples are nearer the truth.
    const int n = 29;
    std::mt19937 rng(5);
    std::vector<float> truth(n * n), blurred(n * n);
    for (float &v : truth) v = rng() % 2 ? 40.0f : 200.0f;
    for (int r = 0; r < n; ++r)
        for (int c = 0; c < n; ++c) {
            float kept = truth[r * n + c], sum = 0;
            for (auto [dr, dc] : {std::pair{-1, 0}, {1, 0}, {0, -1}, {0, 1}}) {
                const int rr = r + dr, cc = c + dc;
                const bool in = rr >= 0 && cc >= 0 && rr < n && cc < n;
                sum += (in ? truth[rr * n + cc] : truth[r * n + c]) / 8;
                kept -= truth[r * n + c] / 8;
            }
            blurred[r * n + c] = kept + sum;
        }
    const auto equalised = ckey::equalise_modules(blurred, n, nullptr);
    auto wrong = [&](const std::vector<float> &v) {
        int count = 0;
        for (int i = 0; i < n * n; ++i) count += (v[i] < 120) != (truth[i] < 120);
        return count;
    };
    auto error = [&](const std::vector<float> &v) {
        double sum = 0;
        for (int i = 0; i < n * n; ++i) sum += std::fabs(v[i] - truth[i]);
        return sum;
    };
    CHECK(wrong(blurred) > 0);
    CHECK_EQ(wrong(equalised), 0);
    CHECK(error(equalised) < 0.6 * error(blurred));
}

TEST(pixel_formats_draw_over_white) {
    // One transparent red pixel and one opaque black: straight alpha.
    const uint8_t rgba[8] = {255, 0, 0, 0, 0, 0, 0, 255};
    auto g = ckey::to_gray(rgba, sizeof rgba, 2, 1, 8, CKEY_PIXELS_RGBA8);
    CHECK_EQ(static_cast<int>(g.pixels[0]), 255);
    CHECK_EQ(static_cast<int>(g.pixels[1]), 0);
    // Premultiplied half-transparent black reads mid grey; BGRA channel order.
    const uint8_t bgra[4] = {0, 0, 0, 128};
    auto p = ckey::to_gray(bgra, sizeof bgra, 1, 1, 4, CKEY_PIXELS_BGRA8_PREMULTIPLIED);
    CHECK(std::abs(static_cast<int>(p.pixels[0]) - 127) <= 1);
    // Video-range luma: 16 -> 0, 235 -> 255.
    const uint8_t luma[2] = {16, 235};
    auto v = ckey::to_gray(luma, sizeof luma, 2, 1, 2, CKEY_PIXELS_NV12_VIDEO);
    CHECK_EQ(static_cast<int>(v.pixels[0]), 0);
    CHECK_EQ(static_cast<int>(v.pixels[1]), 255);
}

TEST(bad_buffers_are_refused_with_reasons) {
    const uint8_t px[16] = {};
    auto code_of = [&](auto call) {
        try {
            call();
        } catch (const ckey::Error &e) {
            return static_cast<int>(e.code());
        }
        return 0;
    };
    CHECK_EQ(code_of([&] { ckey::to_gray(px, sizeof px, 0, 4, 4, 0); }), static_cast<int>(CKEY_INVALID_ARGUMENT));
    CHECK_EQ(code_of([&] { ckey::to_gray(px, sizeof px, 4, 4, 3, 0); }), static_cast<int>(CKEY_INVALID_ARGUMENT));
    CHECK_EQ(code_of([&] { ckey::to_gray(px, sizeof px, 2, 2, 8, 99); }), static_cast<int>(CKEY_INVALID_PARAMETER));
    CHECK_EQ(code_of([&] { ckey::to_gray(px, sizeof px, 20000, 20000, 20000, 0); }), static_cast<int>(CKEY_IMAGE_TOO_LARGE));
    CHECK_EQ(code_of([&] { ckey::to_gray(nullptr, 4, 2, 2, 2, 0); }), static_cast<int>(CKEY_INVALID_ARGUMENT));
}

TEST(image_readers_refuse_garbage) {
    auto code_of = [&](const std::vector<uint8_t> &bytes) {
        try {
            ckey::read_image_bytes(bytes.data(), bytes.size());
        } catch (const ckey::Error &e) {
            return static_cast<int>(e.code());
        }
        return 0;
    };
    CHECK_EQ(code_of({'h', 'e', 'l', 'l', 'o'}), static_cast<int>(CKEY_IMAGE_FORMAT));
    CHECK_EQ(code_of({0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n', 0, 0}), static_cast<int>(CKEY_IMAGE_FORMAT));
    CHECK_EQ(code_of({0xFF, 0xD8, 0xFF, 0xE0, 0, 16}), static_cast<int>(CKEY_IMAGE_FORMAT));
    std::string pgm = "P5 4 4 255\n";  // 16 samples promised, 2 given
    std::vector<uint8_t> truncated(pgm.begin(), pgm.end());
    truncated.push_back(1);
    truncated.push_back(2);
    CHECK_EQ(code_of(truncated), static_cast<int>(CKEY_IMAGE_FORMAT));
    // The PNM reader called directly checks its own signature (an empty input
    // was an over-read found by fuzz/pnm_fuzz.cpp).
    try {
        ckey::read_pnm(nullptr, 0);
        CHECK(false);
    } catch (const ckey::Error &e) {
        CHECK_EQ(static_cast<int>(e.code()), static_cast<int>(CKEY_IMAGE_FORMAT));
    }
    std::string huge = "P5 20000 20000 255\n";
    CHECK_EQ(code_of(std::vector<uint8_t>(huge.begin(), huge.end())), static_cast<int>(CKEY_IMAGE_TOO_LARGE));
    try {
        ckey::read_image_file("/nonexistent/file.png");
        CHECK(false);
    } catch (const ckey::Error &e) {
        CHECK_EQ(static_cast<int>(e.code()), static_cast<int>(CKEY_IO_ERROR));
        CHECK(std::string(e.what()).find("/nonexistent/file.png") != std::string::npos);
    }
}

// Light and dark components never join, so labelling the classes apart and
// merging by the order of finding gives the candidates and small blobs of one
// labelling of both (the halved pass of a one-symbol scan relies on it).
TEST(dark_and_light_labelled_apart_match_both_together) {
    std::mt19937 rng(11);
    ckey::GrayImage image;
    image.width = 320;
    image.height = 240;
    image.pixels.assign(static_cast<size_t>(image.width) * image.height, 128);
    auto fill = [&](int x0, int y0, int x1, int y1, uint8_t v) {
        for (int y = std::max(0, y0); y < std::min(image.height, y1); ++y)
            for (int x = std::max(0, x0); x < std::min(image.width, x1); ++x)
                image.pixels[static_cast<size_t>(y) * image.width + x] = v;
    };
    for (int i = 0; i < 120; ++i) {  // clutter: blobs of either polarity
        const int x = static_cast<int>(rng() % 320), y = static_cast<int>(rng() % 240);
        fill(x, y, x + 2 + static_cast<int>(rng() % 12), y + 2 + static_cast<int>(rng() % 12), rng() % 2 ? 30 : 230);
    }
    for (int i = 0; i < 6; ++i) {  // hollow squares: dark rings on light, light rings on dark
        const int x = 20 + 100 * (i % 3), y = 20 + 110 * (i / 3), side = 40 + 5 * i;
        const bool dark = i % 2 == 0;
        fill(x - 4, y - 4, x + side + 4, y + side + 4, dark ? 230 : 30);
        fill(x, y, x + side, y + side, dark ? 30 : 230);
        fill(x + 4, y + 4, x + side - 4, y + side - 4, dark ? 230 : 30);
    }
    ckey::Ternary t;
    ckey::binarize(image, t);
    ckey::ComponentScratch both, dark, light;
    std::vector<ckey::RingCandidate> together, apart;
    ckey::find_ring_candidates(t, both, together);
    ckey::find_ring_candidates(t, dark, apart, ckey::CellClasses::dark);
    const auto middle = static_cast<long>(apart.size());
    ckey::find_ring_candidates(t, light, apart, ckey::CellClasses::light);
    std::inplace_merge(apart.begin(), apart.begin() + middle, apart.end(),
                       [](const ckey::RingCandidate &a, const ckey::RingCandidate &b) { return a.order < b.order; });
    const auto inverted = std::count_if(together.begin(), together.end(), [](const auto &c) { return c.inverted; });
    CHECK(inverted >= 3);
    CHECK(static_cast<long>(together.size()) - inverted >= 3);
    REQUIRE(apart.size() == together.size());
    for (size_t i = 0; i < apart.size(); ++i) {
        CHECK_EQ(apart[i].order, together[i].order);
        CHECK_EQ(apart[i].inverted, together[i].inverted);
        for (int k = 0; k < 4; ++k) {
            CHECK_EQ(apart[i].quad[k].x, together[i].quad[k].x);
            CHECK_EQ(apart[i].quad[k].y, together[i].quad[k].y);
        }
    }
    std::vector<ckey::SmallBlob> blobs_together, blobs_apart;
    ckey::find_small_blobs(both, image, 1000, blobs_together);
    ckey::find_small_blobs(dark, image, 1000, blobs_apart, &light);
    CHECK(blobs_together.size() >= 10);
    REQUIRE(blobs_apart.size() == blobs_together.size());
    for (size_t i = 0; i < blobs_apart.size(); ++i) {
        CHECK_EQ(blobs_apart[i].x0, blobs_together[i].x0);
        CHECK_EQ(blobs_apart[i].y0, blobs_together[i].y0);
        CHECK_EQ(blobs_apart[i].x1, blobs_together[i].x1);
        CHECK_EQ(blobs_apart[i].y1, blobs_together[i].y1);
    }
}

// Small blobs (spec 14.3 step 6) are taken in turn by size and by how much
// they stand out from an even surround: a small dark square on a plain light
// patch comes second, after the largest, among larger blobs in a checkered
// surround that a ranking by size alone puts first.
TEST(small_blobs_take_the_largest_and_the_most_distinct_in_turn) {
    ckey::GrayImage image;
    image.width = 240;
    image.height = 120;
    image.pixels.resize(static_cast<size_t>(image.width) * image.height);
    for (int y = 0; y < image.height; ++y)  // a busy surround: 3-pixel checks
        for (int x = 0; x < image.width; ++x)
            image.pixels[static_cast<size_t>(y) * image.width + x] = ((x / 3 + y / 3) % 2) ? 150 : 110;
    auto fill = [&](int x0, int y0, int x1, int y1, uint8_t v) {
        for (int y = y0; y < y1; ++y)
            for (int x = x0; x < x1; ++x) image.pixels[static_cast<size_t>(y) * image.width + x] = v;
    };
    for (int i = 0; i < 4; ++i) fill(10 + 40 * i, 20, 10 + 40 * i + 16 + i, 36 + i, 10);  // blobs in clutter
    fill(170, 50, 234, 114, 220);  // a plain light patch, too large to be a blob...
    fill(197, 77, 207, 87, 10);    // ...around a 10-pixel dark square
    ckey::GrayImage smoothed;
    ckey::smooth(image, smoothed);
    ckey::Ternary t;
    ckey::binarize(smoothed, t);
    ckey::ComponentScratch scratch;
    std::vector<ckey::RingCandidate> rings;
    ckey::find_ring_candidates(t, scratch, rings);
    std::vector<ckey::SmallBlob> all, two;
    ckey::find_small_blobs(scratch, smoothed, 1000, all);
    ckey::find_small_blobs(scratch, smoothed, 2, two);
    REQUIRE(all.size() >= 6u);
    REQUIRE(two.size() == 2u);
    auto square = [](const ckey::SmallBlob &b) { return b.x0 >= 195 && b.x0 <= 198 && b.y0 >= 75 && b.y0 <= 78; };
    // By size alone the square would come late: most blobs here are larger.
    const auto found = std::find_if(all.begin(), all.end(), square);
    REQUIRE(found != all.end());
    const auto larger = std::count_if(all.begin(), all.end(),
                                      [&](const ckey::SmallBlob &b) { return b.size_rank > found->size_rank; });
    CHECK(larger >= 4);
    const auto largest = std::max_element(all.begin(), all.end(), [](const auto &a, const auto &b) {
        return a.size_rank < b.size_rank;
    });
    CHECK(two[0].largest);
    CHECK_EQ(two[0].size_rank, largest->size_rank);
    CHECK(!two[1].largest);
    CHECK(square(two[1]));
    for (const ckey::SmallBlob &b : all)
        if (!square(b)) CHECK(two[1].contrast_rank > b.contrast_rank);
}

// Ring edges (spec 14.4) of a large, faint, blurred symbol: ink and paper 12
// grey levels apart, blurred (sigma 1.2 px), so that no gradient across two
// profile steps reaches 6 levels. From corners 2 px off (as the halved pass
// gives them) the refinement still finds the ring.
TEST(ring_edges_refine_on_a_faint_blurred_ring) {
    const std::string text = "https://openckey.org/a/faint/label/0123456789";
    const ckey::Symbol s = ckey::encode_symbol(reinterpret_cast<const uint8_t *>(text.data()), text.size(), {0, 0, 1, 0});
    const double size = 270, cx = 200, cy = 200, angle = 0.3, unit = size / 31;
    ckey::GrayImage image = synth::frame(s, 400, 400, size, cx, cy, angle, 121, 133, 121);
    for (int pass = 0; pass < 3; ++pass) {  // three 1-2-1 passes: a Gaussian of sigma 1.2 px
        ckey::GrayImage blurred;
        ckey::smooth(image, blurred);
        image = std::move(blurred);
    }
    auto at = [&](double u, double v) {
        const double du = (u - 15.5) * unit, dv = (v - 15.5) * unit;
        return ckey::Point{cx + std::cos(angle) * du - std::sin(angle) * dv,
                           cy + std::sin(angle) * du + std::cos(angle) * dv};
    };
    const ckey::Quad truth = {at(2, 2), at(29, 2), at(29, 29), at(2, 29)};
    ckey::Quad quad = truth;
    quad[0] = quad[0] + ckey::Point{2, 1.5};
    quad[1] = quad[1] + ckey::Point{-1.5, 2};
    quad[2] = quad[2] + ckey::Point{-2, -1};
    REQUIRE(ckey::refine_ring_edges(image, false, quad));
    for (int i = 0; i < 4; ++i) CHECK(ckey::length(quad[i] - truth[i]) < 1.0);
}

// A ring broken into pieces (spec 14.3 step 5): pieces of one polarity whose
// boxes overlap are joined into the hull's quadrilateral; pieces apart, of
// the other polarity, or joining into something too large are not.
TEST(ring_pieces_that_overlap_join_into_one_outline) {
    using ckey::Point;
    auto piece = [](Point a, Point b, Point c, Point d, bool inverted = false) {
        ckey::RingCandidate r;
        r.quad = {a, b, c, d};
        r.inverted = inverted;
        r.area = ckey::polygon_area(r.quad);
        return r;
    };
    // The two halves of a ring turned 45 degrees about (100, 100), split
    // along a diagonal, each half's hull a little past the split.
    const ckey::RingCandidate top = piece({100, 50}, {150, 100}, {125, 125}, {75, 75});
    const ckey::RingCandidate bottom = piece({128, 122}, {100, 150}, {50, 100}, {72, 78});
    const ckey::RingCandidate far = piece({300, 300}, {340, 300}, {340, 340}, {300, 340});
    std::vector<ckey::RingCandidate> joined;
    ckey::join_ring_pieces({top, far, bottom}, 20, 200, joined);
    REQUIRE(joined.size() == 1);
    const ckey::Point expected[] = {{100, 50}, {150, 100}, {100, 150}, {50, 100}};
    for (const Point &e : expected) {
        bool found = false;
        for (const Point &p : joined[0].quad) found = found || ckey::length(p - e) < 1e-9;
        CHECK(found);
    }
    CHECK(!joined[0].inverted);
    CHECK(std::fabs(joined[0].area - 5000) < 1e-6);
    joined.clear();
    ckey::join_ring_pieces({top, piece({128, 122}, {100, 150}, {50, 100}, {72, 78}, true)}, 20, 200, joined);
    CHECK(joined.empty());  // one polarity each
    ckey::join_ring_pieces({top, bottom}, 20, 60, joined);
    CHECK(joined.empty());  // larger than max_side (sqrt of 5000 is 70.7)
    ckey::join_ring_pieces({top, far}, 20, 200, joined);
    CHECK(joined.empty());  // apart
}
