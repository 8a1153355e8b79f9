// Scanner round trips on synthetic frames: every profile, sizes, rotations,
// mirror, inversion, noise; and no false positives on symbol-free frames.
#include "check.hpp"
#include "synth.hpp"

#include "scan/scanner.hpp"

#include <algorithm>
#include <cmath>
#include <random>
#include <utility>

namespace {

ckey::Symbol make(const std::string &text, ckey::SymbolParams p) {
    return ckey::encode_symbol(reinterpret_cast<const uint8_t *>(text.data()), text.size(), p);
}

bool decodes(const ckey::Symbol &s, const ckey::GrayImage &img, ckey::ScanResult *out = nullptr) {
    ckey::Scanner scanner;
    auto results = scanner.scan(img, false);
    if (results.empty() || results[0].payload != s.payload) return false;
    if (out) *out = results[0];
    return true;
}

}  // namespace

TEST(profile0_upright) {
    auto s = make("https://openckey.org", {0, 0, 1, 0});
    auto img = synth::frame(s, 640, 480, 300, 320, 240, 0);
    ckey::ScanResult r;
    REQUIRE(decodes(s, img, &r));
    CHECK_EQ(r.info.version, s.version);
    CHECK(!r.inverted);
    CHECK(!r.mirrored);
    // Top-left ring corner: canvas (2,2) -> 320 - 150 + 2 * 300/31.
    CHECK(std::fabs(r.corners[0].x - (170 + 600.0 / 31)) < 1.0);
    CHECK(std::fabs(r.corners[0].y - (90 + 600.0 / 31)) < 1.0);
}

TEST(every_rotation) {
    auto s = make("rotation test 12345", {0, 3, 2, 0});
    for (int deg = 0; deg < 360; deg += 15) {
        auto img = synth::frame(s, 640, 480, 320, 320, 240, deg * M_PI / 180);
        if (!decodes(s, img)) std::printf("  rotation %d failed\n", deg);
        CHECK(decodes(s, img));
    }
}

TEST(versions_and_layouts) {
    std::mt19937 rng(3);
    for (int layout = 0; layout < 2; ++layout)
        for (int version : {1, 2, 5, 8, 12, 16, 20, 25, 31}) {
            size_t cap = ckey::capacity_bytes(0, version, 1, layout);
            std::string text(cap, 'x');
            for (auto &ch : text) ch = static_cast<char>('A' + rng() % 26);
            auto s = make(text, {0, version, 1, layout});
            double size = std::max(160.0, (4 * version + 17) * 31.0 / 23.0 * 3.2);
            int dim = static_cast<int>(size * 1.3);
            auto img = synth::frame(s, dim, dim, size, dim / 2.0, dim / 2.0, 0.3);
            bool ok = decodes(s, img);
            if (!ok) std::printf("  version %d layout %d failed\n", version, layout);
            CHECK(ok);
        }
}

TEST(fixed_profiles) {
    auto text = make("https://example.com/a/b", {2, 0, 0, 0});
    CHECK(decodes(text, synth::frame(text, 400, 400, 250, 200, 200, 0.5)));
    std::string big(4000, 'q');
    auto extended = make(big, {3, 0, 0, 0});
    CHECK(decodes(extended, synth::frame(extended, 1000, 1000, 950, 500, 500, 0.0)));
    const uint8_t id[4] = {0xDE, 0xAD, 0xBE, 0xEF};
    auto locator = ckey::encode_symbol(id, 4, {1, 0, 0, 0});
    for (int deg = 0; deg < 360; deg += 45) CHECK(decodes(locator, synth::frame(locator, 200, 200, 120, 100, 100, deg * M_PI / 180)));
}

// The floor for Profile 1: a 24 px canvas (about 2.2 px per locator
// cell) at every 15-degree rotation, off the pixel grid, on white and on grey.
TEST(locator_reads_from_a_24_px_canvas) {
    const uint8_t id[4] = {0x5A, 0x01, 0xC3, 0x7E};
    auto locator = ckey::encode_symbol(id, 4, {1, 0, 0, 0});
    for (int background : {235, 128}) {
        int read = 0;
        for (int step = 0; step < 24; ++step) {
            const double shift = 0.37 * step - std::floor(0.37 * step);
            read += decodes(locator, synth::frame(locator, 120, 120, 24, 60 + shift, 60.5 - shift,
                                                  step * 15 * M_PI / 180, 20, 235, background));
        }
        std::printf("  24 px locator on %d: %d of 24 rotations\n", background, read);
        CHECK(read >= 23);
    }
}

// A far marker in a camera frame: the halved detection image holds it as a
// blob of about 10 pixels, read again from a full-resolution crop. Camera
// speed (not thorough); 20 and 24 px canvases at positions all over a
// 1280 x 720 frame, on white and on grey.
TEST(locator_of_20_px_found_anywhere_in_a_720p_frame) {
    const uint8_t id[4] = {0x13, 0x9E, 0x40, 0xD2};
    auto locator = ckey::encode_symbol(id, 4, {1, 0, 0, 0});
    for (double size : {20.0, 24.0})
        for (int background : {235, 128}) {
            int read = 0, total = 0;
            for (int step = 0; step < 12; ++step, ++total) {
                const double cx = 40 + (step * 397) % 1200 + 0.31 * step, cy = 40 + (step * 211) % 640 + 0.17 * step;
                read += decodes(locator, synth::frame(locator, 1280, 720, size, cx, cy, step * 0.5, 20, 235, background));
            }
            std::printf("  %.0f px locator in 1280x720 on %d: %d of %d\n", size, background, read, total);
            CHECK(read >= total - 1);
        }
}

// A locator of 40-56 px on a grey card, out of focus: its 2-unit ring is 1
// to 2 px wide in the halved image, where averaging turns it grey and the
// threshold calls it light. Halved keeping the darkest pixels, the ring
// keeps its depth and is read as a thin ring (spec 14.3 step 7). On these
// drawn frames the crops read most of the rest (19 of 24 without the stage);
// on the camera benchmark's frames, where the card and the blur are less
// even, they did not. Camera speed; eight places and angles per size.
TEST(locator_whose_ring_greys_at_half_resolution_is_read_as_a_thin_ring) {
    const uint8_t id[4] = {0x6B, 0x21, 0xF0, 0x3C};
    auto locator = ckey::encode_symbol(id, 4, {1, 0, 0, 0});
    int read = 0, thin = 0, total = 0;
    for (double size : {40.0, 48.0, 56.0})
        for (int step = 0; step < 8; ++step, ++total) {
            const double cx = 100 + (step * 331) % 1080 + 0.37 * step, cy = 90 + (step * 173) % 540 + 0.21 * step;
            auto img = synth::frame(locator, 1280, 720, size, cx, cy, 0.35 + step * 0.1, 45, 185, 150);
            synth::box_blur(img, 2);
            ckey::ScanResult r;
            if (!decodes(locator, img, &r)) continue;
            ++read;
            thin += r.route == ckey::ScanRoute::thin;
        }
    std::printf("  40-56 px locators on a grey card: %d of %d read, %d as thin rings\n", read, total, thin);
    CHECK(read >= total - 4);
    CHECK(thin >= total / 4);
}

// A one-symbol scan ends after the stage in which a ring's band read and
// its modules did not (spec 14.9): a 300 px symbol whose data is scribbled
// over hides a 22 px locator elsewhere in the frame, which only the later
// stages find. Scanned for every symbol, the locator is read.
TEST(symbol_located_but_unread_ends_a_one_symbol_scan) {
    auto big = make("https://openckey.org/scribbled-over", {0, 0, 0, 0});
    const uint8_t id[4] = {0x13, 0x9E, 0x40, 0xD2};
    auto locator = ckey::encode_symbol(id, 4, {1, 0, 0, 0});
    for (bool scribbled : {false, true}) {
        auto img = synth::frame(big, 1280, 720, 300, 400, 360, 0.2);
        const auto small = synth::frame(locator, 1280, 720, 22, 1000, 200, 0.3);
        for (size_t i = 0; i < img.pixels.size(); ++i)
            if (small.pixels[i] != 128) img.pixels[i] = small.pixels[i];
        std::mt19937 rng(7);
        if (scribbled)  // the middle 100 x 100 px of the big symbol's data
            for (int y = 310; y < 410; ++y)
                for (int x = 350; x < 450; ++x) img.pixels[static_cast<size_t>(y) * 1280 + x] = rng() % 2 ? 20 : 235;
        ckey::Scanner scanner;
        const auto one = scanner.scan(img, false);
        const auto all = scanner.scan(img, true);
        const bool locator_in_all = std::any_of(all.begin(), all.end(), [&](const ckey::ScanResult &r) {
            return r.payload == locator.payload;
        });
        CHECK(locator_in_all);
        if (scribbled) {
            CHECK(one.empty());
            CHECK_EQ(all.size(), size_t{1});
        } else {
            REQUIRE(!one.empty());
            CHECK(one[0].payload == big.payload);
        }
    }
}

// A wall of hollow outlines (bricks, window panes): 16 that score as well
// as a ring and are larger than the symbol. Outlines with nothing inside
// are ranked after those that hold marks, so the symbol is among the ten
// candidates a camera-speed scan decodes (before, it ranked behind the
// outlines and was never tried).
TEST(symbol_beside_a_wall_of_empty_outlines) {
    const uint8_t id[4] = {0x5A, 0x01, 0xC3, 0x7E};
    auto locator = ckey::encode_symbol(id, 4, {1, 0, 0, 0});
    auto text = make("https://ck.example/wall", {0, 0, 1, 0});
    for (const ckey::Symbol *s : {&locator, &text}) {
        auto img = synth::frame(*s, 1280, 720, 110, 1180, 620, 0.1, 20, 235, 200);
        for (int row = 0; row < 4; ++row)
            for (int col = 0; col < 4; ++col) {
                const int x0 = 20 + col * 250, y0 = 20 + row * 170, x1 = x0 + 220, y1 = y0 + 140;
                for (int y = y0; y <= y1; ++y)
                    for (int x = x0; x <= x1; ++x)
                        if (x < x0 + 6 || x > x1 - 6 || y < y0 + 6 || y > y1 - 6)
                            img.pixels[static_cast<size_t>(y) * img.width + x] = 40;
            }
        CHECK(decodes(*s, img));
    }
}

TEST(inverted_and_noisy) {
    auto s = make("light on dark", {0, 2, 1, 0});
    CHECK(decodes(s, synth::frame(s, 500, 400, 280, 250, 200, 0.2, 230, 30, 20)));
    auto img = synth::frame(s, 500, 400, 280, 250, 200, -0.4);
    synth::add_noise(img, 12, 5);
    CHECK(decodes(s, img));
}

// Symbols whose quiet margin joins the threshold's component, so that the
// quarter-resolution quick pass finds the canvas edge rather than the ring
// (spec 14.3 step 2): a light-on-dark symbol on a lighter surface (its dark
// margin is the component), and a dark-on-light symbol on a label in low
// contrast, darker than its surround (its margin thresholds dark with the
// ring). Both read in the quick pass, as the margin's outline with the ring
// 2 units in.
TEST(quick_pass_reads_a_ring_inside_its_margin) {
    auto s = make("https://openckey.org/margin", {0, 2, 1, 0});
    struct Case {
        double size, angle;
        int ink, paper, surround;
    };
    for (const Case &c : {Case{150, 0.3, 225, 35, 170}, Case{360, 0.4, 95, 125, 200}}) {
        ckey::ScanResult r;
        REQUIRE(decodes(s, synth::frame(s, 1280, 720, c.size, 640, 360, c.angle, c.ink, c.paper, c.surround), &r));
        CHECK_EQ(static_cast<int>(r.route), static_cast<int>(ckey::ScanRoute::quick));
        CHECK_EQ(r.inverted, c.ink > c.paper);
    }
}

// A dark-on-light symbol of 100-120 px: its 1-unit ring is under a pixel
// wide in the quarter image and does not show there, but the label's light
// quiet margin does, and the ring 2 units inside it is read.
TEST(quick_pass_reads_a_thin_ring_from_its_quiet_margin) {
    auto s = make("https://openckey.org/margin", {0, 2, 1, 0});
    for (const auto &[size, angle] : {std::pair{100.0, 0.0}, {110.0, 0.4}, {120.0, 0.79}}) {
        ckey::ScanResult r;
        REQUIRE(decodes(s, synth::frame(s, 1280, 720, size, 500, 300, angle, 40, 200, 110), &r));
        CHECK_EQ(static_cast<int>(r.route), static_cast<int>(ckey::ScanRoute::quick));
        CHECK(!r.inverted);
    }
}

// A light-on-dark symbol on a surround as dark as its margin: the margin
// joins the surround, and the light ring is a component of its own in the
// quarter image, read there as itself.
TEST(quick_pass_reads_a_light_ring) {
    auto s = make("https://openckey.org/light", {0, 2, 1, 0});
    for (const auto &[size, angle] : {std::pair{140.0, 0.2}, {220.0, 0.5}, {320.0, 1.1}}) {
        ckey::ScanResult r;
        REQUIRE(decodes(s, synth::frame(s, 1280, 720, size, 600, 340, angle, 215, 45, 45), &r));
        CHECK_EQ(static_cast<int>(r.route), static_cast<int>(ckey::ScanRoute::quick));
        CHECK(r.inverted);
    }
}

TEST(mirrored) {
    auto s = make("mirror", {0, 1, 1, 0});
    auto img = synth::frame(s, 400, 400, 260, 200, 200, 0.1);
    for (int y = 0; y < img.height; ++y) std::reverse(img.pixels.begin() + y * img.width, img.pixels.begin() + (y + 1) * img.width);
    ckey::ScanResult r;
    REQUIRE(decodes(s, img, &r));
    CHECK(r.mirrored);
}

// A Profile 1 reading needs at most 2 nibble errors, a mirrored one at most
// 1 (spec 14.8): cells (1,1) and (3,3) lie in nibbles 1 and 6 and on the
// diagonal, so mirroring keeps them where they are.
TEST(mirrored_locator_allows_one_nibble_error) {
    const uint8_t id[4] = {0x3C, 0xA5, 0x5A, 0xC3};
    const auto locator = ckey::encode_symbol(id, 4, {1, 0, 0, 0});
    auto with_wrong_cells = [&](std::initializer_list<std::pair<int, int>> wrong, bool mirror) {
        // Canvas 31 units over 248 px, upright, its corner at (36, 36).
        auto img = synth::frame(locator, 320, 320, 248, 160, 160, 0);
        const double unit = 248 / 31.0, cell = unit * ckey::kFieldUnits / ckey::kLocatorCells;
        for (auto [r, c] : wrong) {
            const int x0 = static_cast<int>(36 + ckey::kFieldOrigin * unit + c * cell + 3);
            const int y0 = static_cast<int>(36 + ckey::kFieldOrigin * unit + r * cell + 3);
            const uint8_t was = img.pixels[static_cast<size_t>(y0 + 5) * img.width + x0 + 5];
            for (int y = y0; y < y0 + static_cast<int>(cell) - 6; ++y)
                for (int x = x0; x < x0 + static_cast<int>(cell) - 6; ++x)
                    img.pixels[static_cast<size_t>(y) * img.width + x] = was < 128 ? 235 : 20;
        }
        if (mirror)
            for (int y = 0; y < img.height; ++y)
                std::reverse(img.pixels.begin() + y * img.width, img.pixels.begin() + (y + 1) * img.width);
        ckey::Scanner scanner;
        return scanner.scan(img, false);
    };
    auto two = with_wrong_cells({{1, 1}, {3, 3}}, false);
    REQUIRE(two.size() == 1);
    CHECK(two[0].payload == locator.payload);
    CHECK_EQ(two[0].errors, 2);
    CHECK(with_wrong_cells({{1, 1}, {3, 3}}, true).empty());
    auto one = with_wrong_cells({{1, 1}}, true);
    REQUIRE(one.size() == 1);
    CHECK(one[0].mirrored);
    CHECK_EQ(one[0].errors, 1);
}

TEST(no_symbol_no_result) {
    std::mt19937 rng(9);
    ckey::Scanner scanner;
    for (int trial = 0; trial < 30; ++trial) {
        ckey::GrayImage img;
        img.width = 320;
        img.height = 240;
        img.pixels.resize(320 * 240);
        // Random rectangles: clutter with edges and hollow squares.
        std::fill(img.pixels.begin(), img.pixels.end(), 200);
        for (int k = 0; k < 40; ++k) {
            int x0 = rng() % 300, y0 = rng() % 220, w = 5 + rng() % 60, h = 5 + rng() % 60, v = rng() % 256;
            for (int y = y0; y < std::min(240, y0 + h); ++y)
                for (int x = x0; x < std::min(320, x0 + w); ++x) img.pixels[y * 320 + x] = static_cast<uint8_t>(v);
        }
        synth::add_noise(img, 8, trial);
        CHECK(scanner.scan(img, true).empty());
    }
}
