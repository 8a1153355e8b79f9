// Blackbox camera frames from the simulator (<ckey/camera.h>): for each hard
// category, fixed seeds draw scenes at the benchmark's severities; a CKey
// symbol of a random mixed-case URL is rendered through the C API, placed by
// the simulator and scanned at camera speed (flags 0). Each category must
// read at least its minimum; a wrong payload fails the test outright. The
// frames are made here from their seeds (the simulator is deterministic), so
// no image files are stored. Minimums are the counts measured when the test
// was last revised, less one: they guard against regressions.
#include "check.hpp"
#include "scan_support.hpp"

#include <ckey/ckey.h>

#include "image/image_file.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

namespace {

constexpr int kFrames = 9;

// A URL of exactly `length` bytes, mixed case, drawn from seed.
std::string url(uint64_t seed, size_t length) {
    static const char kChars[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~";
    std::string out = "https://";
    uint64_t x = seed * 0x9E3779B97F4A7C15ull + 1;
    while (out.size() < length) {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        out += out.size() == 14 ? '/' : kChars[x % (sizeof kChars - 1)];
    }
    return out.substr(0, length);
}

struct Outcome {
    int read = 0, misread = 0;
};

// The luma texture of payload's symbol, side pixels square; empty when a
// call failed.
std::vector<uint8_t> label_texture(const std::string &payload, int side, int profile = 0,
                                   int preset = CKEY_STYLE_PLAIN) {
    auto rgba = scan_support::render(payload, side, profile, 0, 1, 0, preset);
    return rgba.size > 0 ? scan_support::luma(rgba) : std::vector<uint8_t>{};
}

// The frame the simulator draws of the scene with these label textures
// (gray8, rows of scene.width bytes); empty when the call failed.
std::vector<uint8_t> render_scene(const ckey_camera_scene &scene, const std::vector<ckey_camera_texture> &views) {
    std::vector<uint8_t> frame(static_cast<size_t>(scene.width) * scene.height);
    if (ckey_camera_render(&scene, views.data(), views.size(), nullptr, 0, 0, 0, frame.data(), frame.size(),
                           nullptr) != CKEY_OK)
        frame.clear();
    return frame;
}

// The payloads read from a frame of the scene through the C API.
std::vector<std::string> scan_frame(ckey_decoder *decoder, const ckey_camera_scene &scene,
                                    const std::vector<uint8_t> &frame, int flags) {
    return scan_support::scan(decoder, frame.data(), scene.width, scene.height, scene.width, CKEY_PIXELS_GRAY8, flags);
}

// The scene rendered and scanned (every symbol when the scene has several
// labels, or when flags say so).
void scan_scene(ckey_decoder *decoder, const ckey_camera_scene &scene, const std::vector<ckey_camera_texture> &views,
                std::vector<std::string> &found, int flags = 0) {
    const std::vector<uint8_t> frame = render_scene(scene, views);
    REQUIRE(!frame.empty());
    if (scene.label_count > 1) flags |= CKEY_SCAN_ALL;
    found = scan_frame(decoder, scene, frame, flags);
}

// Fills outcome; a failed C call records a check failure and returns.
void run_category(int category, double severity, Outcome &outcome) {
    ckey_decoder *decoder = nullptr;
    REQUIRE(ckey_decoder_create(&decoder) == CKEY_OK);
    for (int i = 0; i < kFrames; ++i) {
        const uint64_t seed = 7'000'000ull + 1000ull * category + i;
        ckey_camera_scene scene;
        REQUIRE(ckey_camera_scene_draw(category, seed, severity, &scene) == CKEY_OK);
        scene.supersample = 2;
        std::vector<std::string> payloads;
        std::vector<std::vector<uint8_t>> textures;
        std::vector<ckey_camera_texture> views;
        for (int l = 0; l < scene.label_count; ++l) {
            payloads.push_back(url(seed * 4 + l, (i % 3 == 0) ? 20 : (i % 3 == 1) ? 60 : 150));
            textures.push_back(label_texture(payloads.back(), 31 * 8));
            REQUIRE(!textures.back().empty());
        }
        for (auto &t : textures) views.push_back({t.data(), 31 * 8, 31 * 8, 31 * 8});
        std::vector<std::string> read;
        scan_scene(decoder, scene, views, read);
        for (const std::string &found : read) {
            bool ours = false;
            for (const std::string &p : payloads) ours = ours || p == found;
            if (ours) ++outcome.read;
            else ++outcome.misread;
        }
    }
    ckey_decoder_destroy(decoder);
}

struct Case {
    int category;
    double severity;
    int minimum;  // of kFrames labels (3 per frame for multi)
};

// count Profile 1 locators of category, one per frame (seeds from seed),
// each with the id id_of(i) and the scene as setup(i, scene) leaves it,
// scanned for one symbol.
template <class IdOf, class Setup>
Outcome scan_locators(int category, uint64_t seed, int count, IdOf id_of, Setup setup) {
    ckey_decoder *decoder = nullptr;
    Outcome o;
    if (ckey_decoder_create(&decoder) != CKEY_OK) return {0, count};
    for (int i = 0; i < count; ++i) {
        const std::string id = id_of(i);
        const std::vector<uint8_t> texture = label_texture(id, 31 * 8, 1);
        ckey_camera_scene scene;
        if (texture.empty() || ckey_camera_scene_draw(category, seed + i, 1.0, &scene) != CKEY_OK) {
            ++o.misread;  // a failed call fails the test as a misread would
            continue;
        }
        scene.supersample = 2;
        setup(i, scene);
        std::vector<std::string> found;
        scan_scene(decoder, scene, {{texture.data(), 31 * 8, 31 * 8, 31 * 8}}, found);
        const auto hits = std::count(found.begin(), found.end(), id);
        o.read += hits > 0;
        o.misread += static_cast<int>(found.size() - hits);
    }
    ckey_decoder_destroy(decoder);
    return o;
}

}  // namespace

TEST(camera_categories_read_their_minimums) {
    // Measured when last revised (of 9 frames; 27 labels for multi), less one:
    // after the neighbour levels and the curved-label stages of issue 10.
    const Case cases[] = {
        {CKEY_CAMERA_NOMINAL, 1.0, 8},      {CKEY_CAMERA_SMALL, 1.0, 5},    {CKEY_CAMERA_ROTATION, 1.0, 7},
        {CKEY_CAMERA_PERSPECTIVE, 1.0, 8},  {CKEY_CAMERA_CURVED, 0.8, 6},   {CKEY_CAMERA_SHADOW, 1.0, 6},
        {CKEY_CAMERA_GLARE, 0.5, 3},        {CKEY_CAMERA_LIGHTING, 1.0, 8}, {CKEY_CAMERA_BLUR, 1.0, 5},
        {CKEY_CAMERA_MOTION, 1.0, 5},       {CKEY_CAMERA_NOISE, 0.8, 8},    {CKEY_CAMERA_JPEG, 1.0, 5},
        {CKEY_CAMERA_LOW_CONTRAST, 1.0, 8}, {CKEY_CAMERA_INVERTED, 1.0, 8}, {CKEY_CAMERA_DAMAGE, 1.0, 7},
        {CKEY_CAMERA_MULTI, 1.0, 21},       {CKEY_CAMERA_COMBO, 0.8, 4},
    };
    for (const Case &c : cases) {
        Outcome o;
        run_category(c.category, c.severity, o);
        std::printf("  %-13s %2d read, %d misread (minimum %d)\n", ckey_camera_category_name(c.category), o.read,
                    o.misread, c.minimum);
        CHECK_EQ(o.misread, 0);
        CHECK(o.read >= c.minimum);
    }
}

// A 70 px label (about 2 px per module) on a surface nearly as light as its
// paper, slightly blurred: in the halved detection image the ring merges
// with the label's edge, so its candidate has the wrong corners. The failed
// ring is read again from a full-resolution crop (spec 14.3 step 5). When
// revised 8 and 9 of these 9 frames read (minimum 7); before that stage, 4
// and 5.
TEST(small_symbol_on_light_carrier_is_read_from_a_full_resolution_crop) {
    ckey_decoder *decoder = nullptr;
    REQUIRE(ckey_decoder_create(&decoder) == CKEY_OK);
    const std::string payload = "https://ck.example/Ab3dE";
    const std::vector<uint8_t> texture = label_texture(payload, 31 * 8);
    REQUIRE(!texture.empty());
    const ckey_camera_texture view{texture.data(), 31 * 8, 31 * 8, 31 * 8};
    for (double carrier : {0.8, 0.95}) {
        int read = 0;
        for (int roll = 0; roll < 90; roll += 10) {
            ckey_camera_scene scene;
            REQUIRE(ckey_camera_scene_draw(CKEY_CAMERA_NOMINAL, 11, 1.0, &scene) == CKEY_OK);
            scene.supersample = 2;
            scene.blur_sigma = 1.0;
            scene.jpeg_quality = 0;
            ckey_camera_label &label = scene.labels[0];
            label.size_px = 70;
            label.roll_deg = roll;
            label.tilt_deg = 20;
            label.carrier_scale = 1.3;
            label.carrier_reflectance = carrier * label.paper_reflectance;
            std::vector<std::string> found;
            scan_scene(decoder, scene, {view}, found);
            CHECK(found.size() <= 1);
            read += found.size() == 1 && found[0] == payload;
        }
        std::printf("  carrier %.2f of the paper: %d of 9 read\n", carrier, read);
        CHECK(read >= 7);
    }
    ckey_decoder_destroy(decoder);
}

// The concept style's ink is a colour, not black: in low-contrast scenes
// its ink and paper can be 13 grey levels apart at 150, which the binarizer
// must still see as an edge (a sixteenth of the local maximum, at least 8
// levels). Its margin is dark: on a darker carrier the margin thresholds
// light near the label's edge and the light ring joins it, on a lighter one
// the margin is the component, and either is read as the canvas outline
// (spec 14.5 step 4). Measured 53 of 60 with those readings, 29 without
// them, 26 with the older twelfth and 10 levels; the minimum is 50.
TEST(concept_style_in_low_contrast_reads_its_minimum) {
    ckey_decoder *decoder = nullptr;
    REQUIRE(ckey_decoder_create(&decoder) == CKEY_OK);
    int read = 0, misread = 0;
    for (int i = 0; i < 60; ++i) {
        const std::string payload = "https://ck.example/Lc" + std::to_string(100 + i);
        const std::vector<uint8_t> texture = label_texture(payload, 31 * 8, 0, CKEY_STYLE_CONCEPT);
        REQUIRE(!texture.empty());
        const ckey_camera_texture view{texture.data(), 31 * 8, 31 * 8, 31 * 8};
        ckey_camera_scene scene;
        REQUIRE(ckey_camera_scene_draw(CKEY_CAMERA_LOW_CONTRAST, 7'012'000 + i, 1.0, &scene) == CKEY_OK);
        scene.supersample = 2;
        std::vector<std::string> read_here;
        scan_scene(decoder, scene, {view}, read_here);
        for (const std::string &found : read_here) {
            if (found == payload) ++read;
            else ++misread;
        }
    }
    std::printf("  concept, low contrast: %d of 60 read, %d misread (minimum 50)\n", read, misread);
    CHECK_EQ(misread, 0);
    CHECK(read >= 50);
    ckey_decoder_destroy(decoder);
}

// A locator of 55 px, slanted or blurred: in the halved detection image its
// ring, about a pixel thick, merges with its cells into one dense blob of
// 28-35 pixels, so it never shows as a ring. Blobs up to 40 pixels are read
// again from full-resolution crops (spec 14.3 step 6). Every symbol is asked
// for: a label's cells and its margin can be two blobs whose crops hold the
// same symbol, which must be reported once. Measured when revised: 20 and
// 20 of 30 read, none twice; with blobs up to 30 pixels 13 and 17, and
// under blur one read twice. (With the locator's equalised cells, 14.7:
// 20 and 23.)
TEST(locator_of_55_px_is_read_once_from_its_blob) {
    ckey_decoder *decoder = nullptr;
    REQUIRE(ckey_decoder_create(&decoder) == CKEY_OK);
    for (int category : {CKEY_CAMERA_PERSPECTIVE, CKEY_CAMERA_BLUR}) {
        int read = 0, misread = 0, repeated = 0;
        for (int i = 0; i < 30; ++i) {
            const std::string id{static_cast<char>('A' + i), 'k', static_cast<char>(0x80 + i), '\x05'};
            const std::vector<uint8_t> texture = label_texture(id, 27 * 8, 1);
            REQUIRE(!texture.empty());
            ckey_camera_scene scene;
            REQUIRE(ckey_camera_scene_draw(category, 7'015'000 + i, 1.0, &scene) == CKEY_OK);
            scene.supersample = 2;
            scene.labels[0].size_px = 55;
            std::vector<std::string> found;
            scan_scene(decoder, scene, {{texture.data(), 27 * 8, 27 * 8, 27 * 8}}, found, CKEY_SCAN_ALL);
            const auto hits = std::count(found.begin(), found.end(), id);
            repeated += hits > 1;
            read += hits > 0;
            misread += static_cast<int>(found.size() - hits);
        }
        std::printf("  %s, 55 px locator: %d of 30 read, %d misread, %d read twice (minimum 18)\n",
                    ckey_camera_category_name(category), read, misread, repeated);
        CHECK_EQ(misread, 0);
        CHECK_EQ(repeated, 0);
        CHECK(read >= 18);
    }
    ckey_decoder_destroy(decoder);
}

// Locators wrapped on a cylinder: the ring's refined corners are the arc's
// chord and the cells between are compressed toward two sides, so the flat
// map misses them; the bent maps along the axis the traced sides give read
// them (spec 14.8). When revised: 34 of 40 read, 31 without the bent maps.
TEST(locator_on_a_cylinder_reads_under_bends) {
    const Outcome o = scan_locators(
        CKEY_CAMERA_CURVED, 7'016'000, 40,
        [](int i) { return std::string{'c', static_cast<char>('a' + i), static_cast<char>(0x90 + i), '\x11'}; },
        [](int i, ckey_camera_scene &scene) {
            scene.labels[0].size_px = 60 + i % 5 * 10;
            scene.labels[0].arc_deg = 60 + i % 4 * 10;
        });
    std::printf("  curved, 60-100 px locators on arcs of 60-90 degrees: %d of 40 read, %d misread (minimum 33)\n",
                o.read, o.misread);
    CHECK_EQ(o.misread, 0);
    CHECK(o.read >= 33);
}

// Moving locators: the ring smears into the cells and the surround, and in a
// crop the light quiet margin is often the one hollow component left; the
// ring 2 units inside it reads (read_crop_margins). When revised: 30 of 60
// read, 24 without the margins.
TEST(moving_locator_is_read_from_its_quiet_margin) {
    const Outcome o = scan_locators(
        CKEY_CAMERA_MOTION, 7'017'000, 60,
        [](int i) {
            return std::string{'m', static_cast<char>('a' + i % 26), static_cast<char>(0xa0 + i), '\x21'};
        },
        [](int i, ckey_camera_scene &scene) { scene.labels[0].size_px = 40 + i % 7 * 5; });
    std::printf("  motion, 40-70 px locators: %d of 60 read, %d misread (minimum 29)\n", o.read, o.misread);
    CHECK_EQ(o.misread, 0);
    CHECK(o.read >= 29);
}

// Dense symbols (150-byte URLs) in small, blurred and JPEG scenes: blur
// leaves lone modules paler than the keys' levels, and the readings judged on
// equalised samples (spec 14.7) read frames that the samples as they are do
// not. When revised, of 24 frames each: small 16, blur 21, jpeg 9 read
// (minimums 14, 19, 7); before the equalised readings, 9, 8 and 4.
TEST(dense_symbols_under_blur_read_from_equalised_modules) {
    ckey_decoder *decoder = nullptr;
    REQUIRE(ckey_decoder_create(&decoder) == CKEY_OK);
    const Case cases[] = {{CKEY_CAMERA_SMALL, 1.0, 14}, {CKEY_CAMERA_BLUR, 1.0, 19}, {CKEY_CAMERA_JPEG, 1.0, 7}};
    for (const Case &c : cases) {
        int read = 0, misread = 0;
        for (int i = 0; i < 24; ++i) {
            const uint64_t seed = 7'030'000ull + 1000ull * c.category + i;
            const std::string payload = url(seed, 150);
            const std::vector<uint8_t> texture = label_texture(payload, 31 * 8);
            REQUIRE(!texture.empty());
            ckey_camera_scene scene;
            REQUIRE(ckey_camera_scene_draw(c.category, seed, c.severity, &scene) == CKEY_OK);
            scene.supersample = 2;
            scene.label_count = 1;
            std::vector<std::string> found;
            scan_scene(decoder, scene, {{texture.data(), 31 * 8, 31 * 8, 31 * 8}}, found);
            for (const std::string &f : found) f == payload ? ++read : ++misread;
        }
        std::printf("  %-13s 150 B: %d of 24 read, %d misread (minimum %d)\n", ckey_camera_category_name(c.category),
                    read, misread, c.minimum);
        CHECK_EQ(misread, 0);
        CHECK(read >= c.minimum);
    }
    ckey_decoder_destroy(decoder);
}

// A frame wanting one symbol first tries the dark rings of a quarter-size
// image (spec 14.3 step 2a), then the halved pass. Whichever finds it, the
// one-symbol scan must read a symbol of the frame whenever the every-symbol
// scan reads one: light-on-dark labels, which the quick pass never finds,
// and the three labels of a multi scene, whose first symbol may come from
// either pass. Scenes are drawn at the benchmark's severities. When revised,
// all 24 frames read in both modes (minimum 23).
TEST(one_symbol_scan_reads_whenever_every_symbol_scan_does) {
    ckey_decoder *decoder = nullptr;
    REQUIRE(ckey_decoder_create(&decoder) == CKEY_OK);
    int frames = 0, both = 0;
    for (int category : {CKEY_CAMERA_NOMINAL, CKEY_CAMERA_PERSPECTIVE, CKEY_CAMERA_INVERTED, CKEY_CAMERA_MULTI}) {
        for (int i = 0; i < 6; ++i) {
            const uint64_t seed = 7'040'000ull + 1000ull * category + i;
            ckey_camera_scene scene;
            REQUIRE(ckey_camera_scene_draw(category, seed, 1.0, &scene) == CKEY_OK);
            scene.supersample = 2;
            std::vector<std::string> payloads;
            std::vector<std::vector<uint8_t>> textures;
            std::vector<ckey_camera_texture> views;
            for (int l = 0; l < scene.label_count; ++l) {
                payloads.push_back(url(seed * 4 + l, i % 2 == 0 ? 20 : 60));
                textures.push_back(label_texture(payloads.back(), 31 * 8));
                REQUIRE(!textures.back().empty());
            }
            for (auto &t : textures) views.push_back({t.data(), 31 * 8, 31 * 8, 31 * 8});
            std::vector<uint8_t> frame(static_cast<size_t>(scene.width) * scene.height);
            REQUIRE(ckey_camera_render(&scene, views.data(), views.size(), nullptr, 0, 0, 0, frame.data(),
                                       frame.size(), nullptr) == CKEY_OK);
            const auto every = scan_support::scan(decoder, frame.data(), scene.width, scene.height, scene.width,
                                                  CKEY_PIXELS_GRAY8, CKEY_SCAN_ALL);
            const auto one = scan_support::scan(decoder, frame.data(), scene.width, scene.height, scene.width,
                                                CKEY_PIXELS_GRAY8, 0);
            ++frames;
            for (const std::string &f : every) CHECK(std::find(payloads.begin(), payloads.end(), f) != payloads.end());
            if (every.empty()) continue;
            CHECK_EQ(one.size(), size_t{1});
            if (one.size() == 1 && std::find(payloads.begin(), payloads.end(), one[0]) != payloads.end()) ++both;
        }
    }
    std::printf("  %d of %d frames read in both modes\n", both, frames);
    CHECK(both >= 23);
    ckey_decoder_destroy(decoder);
}

// Full frames of certification's default envelope (Tests/samples/
// camera-split-ring, tools/make-split-ring-frames.py): a turned plain symbol
// of 90-130 px over a photograph of grass or gravel, whose one-unit ring
// breaks into two or three pieces in the halved image. Each piece is a
// candidate that fails; the pieces joined into one outline (spec 14.3 step
// 5) read. Scanned at camera speed (flags 0). When revised all 4 read; the
// code before the joining read none.
TEST(ring_broken_into_pieces_is_read_from_the_joined_outline) {
    namespace fs = std::filesystem;
    const fs::path dir = check::source_path("Tests/samples/camera-split-ring");
    std::vector<fs::path> frames;
    for (const auto &entry : fs::directory_iterator(dir))
        if (entry.path().extension() == ".jpg") frames.push_back(entry.path());
    std::sort(frames.begin(), frames.end());
    REQUIRE(frames.size() == 4);
    ckey_decoder *decoder = nullptr;
    REQUIRE(ckey_decoder_create(&decoder) == CKEY_OK);
    int read = 0;
    for (const fs::path &path : frames) {
        std::ifstream text(path.string() + ".txt", std::ios::binary);
        const std::string expected((std::istreambuf_iterator<char>(text)), {});
        const ckey::GrayImage image = ckey::read_image_file(path.string());
        const auto found = scan_support::scan(decoder, image.pixels.data(), image.width, image.height,
                                              static_cast<size_t>(image.width), CKEY_PIXELS_GRAY8, 0);
        for (const std::string &f : found) CHECK_EQ(f, expected);
        read += found.size() == 1 && found[0] == expected;
    }
    std::printf("  %d of %zu frames read\n", read, frames.size());
    CHECK_EQ(read, 4);
    ckey_decoder_destroy(decoder);
}

// A ring whose band reads only on the traced sides' bowed maps, and whose
// modules do not, locates a symbol as a flat band does: a one-symbol scan
// ends with the stage that found it (spec 14.9). Here a label wrapped on a
// 90-degree arc has its data scribbled over, and a 40 px locator beside it
// is found only by the halved pass, after the quick pass; scanned for every
// symbol, the locator is read. When revised: 5 of 12 such frames ended
// early; before, none did (the scan went on and read the locator).
TEST(symbol_located_on_a_bowed_map_ends_a_one_symbol_scan) {
    ckey_decoder *decoder = nullptr;
    REQUIRE(ckey_decoder_create(&decoder) == CKEY_OK);
    constexpr int kUnit = 8, kSide = 31 * kUnit;  // texture pixels per canvas unit, and per side
    const std::string id{'b', 'o', '\x77', '\x01'};
    const std::string payload = url(91, 60);
    std::vector<uint8_t> big = label_texture(payload, kSide);
    const std::vector<uint8_t> locator = label_texture(id, kSide, 1);
    REQUIRE(!big.empty() && !locator.empty());
    uint32_t x = 12345;
    for (int uy = 11; uy < 20; ++uy)  // 9 x 9 units of the data field, each one random block
        for (int ux = 11; ux < 20; ++ux) {
            x = x * 1664525u + 1013904223u;
            for (int y = uy * kUnit; y < (uy + 1) * kUnit; ++y)
                std::fill_n(&big[static_cast<size_t>(y) * kSide + ux * kUnit], kUnit, x >> 31 ? 20 : 235);
        }
    int ended = 0, located = 0;
    for (int i = 0; i < 12; ++i) {
        ckey_camera_scene scene;
        REQUIRE(ckey_camera_scene_draw(CKEY_CAMERA_CURVED, 7'018'000 + i, 1.0, &scene) == CKEY_OK);
        scene.supersample = 2;
        ckey_camera_label &label = scene.labels[0];
        label.size_px = 320;
        label.arc_deg = 90;
        label.centre_x = 0.35;
        label.centre_y = 0.5;
        label.damage_count = 0;
        scene.labels[1] = label;
        scene.labels[1].surface = CKEY_SURFACE_FLAT;
        scene.labels[1].size_px = 40;
        scene.labels[1].centre_x = 0.85;
        scene.labels[1].centre_y = 0.25;
        scene.labels[1].tilt_deg = 10;
        scene.label_count = 2;
        const std::vector<uint8_t> frame =
            render_scene(scene, {{big.data(), kSide, kSide, kSide}, {locator.data(), kSide, kSide, kSide}});
        REQUIRE(!frame.empty());
        const auto one = scan_frame(decoder, scene, frame, 0);
        const auto all = scan_frame(decoder, scene, frame, CKEY_SCAN_ALL);
        const bool in_all = std::count(all.begin(), all.end(), id) == 1;
        for (const std::string &found : all) CHECK(found == id || found == payload);  // no misread
        located += in_all;
        ended += in_all && one.empty();
    }
    std::printf("  scribbled label on a 90-degree arc beside a locator: %d of 12 ended early (locator in %d)\n", ended,
                located);
    ckey_decoder_destroy(decoder);
    CHECK(ended >= 4);
}
