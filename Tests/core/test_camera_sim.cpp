// Camera simulator: determinism, the physics of each stage measured on
// rendered frames (tone and noise, blur edge width, Lambertian shading,
// shadow transmission, projected corners), range checks, the drawn ranges
// of every category, and JPEG.
#include "check.hpp"

#include <ckey/ckey.h>

#include "certify/camera_frame.hpp"
#include "certify/camera_geometry.hpp"
#include "certify/camera_render.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

namespace {

struct Texture {
    std::vector<uint8_t> pixels;
    ckey_camera_texture view{};
    Texture(int w, int h, const std::function<uint8_t(int, int)> &value) : pixels(static_cast<size_t>(w) * h) {
        for (int y = 0; y < h; ++y)
            for (int x = 0; x < w; ++x) pixels[static_cast<size_t>(y) * w + x] = value(x, y);
        view = {pixels.data(), w, h, static_cast<size_t>(w)};
    }
};

Texture white() { return Texture(16, 16, [](int, int) { return uint8_t{255}; }); }
Texture checker() {
    return Texture(256, 256, [](int x, int y) { return static_cast<uint8_t>(((x / 16 + y / 16) % 2) * 255); });
}

// One untilted flat label at the frame centre under even light, no blur,
// no noise worth the name (huge exposure, no read noise), linear tone, no JPEG.
ckey_camera_scene plain_scene(int width = 1280, int height = 720) {
    ckey_camera_scene s;
    ckey_camera_scene_draw(CKEY_CAMERA_NOMINAL, 1, 0, &s);
    s.width = width;
    s.height = height;
    s.label_count = 1;
    auto &l = s.labels[0];
    l.centre_x = l.centre_y = 0.5;
    l.size_px = 400;
    l.roll_deg = l.tilt_deg = l.tilt_axis_deg = 0;
    l.surface = CKEY_SURFACE_FLAT;
    l.carrier_scale = 1.5;
    l.carrier_reflectance = 0.3;
    l.paper_reflectance = 0.9;
    l.ink_reflectance = 0.05;
    l.damage_count = 0;
    s.light_dir[0] = s.light_dir[1] = 0;
    s.light_dir[2] = -1;
    s.ambient = 1;
    s.ramp_strength = s.spot_strength = 0;
    s.shadow = 0;
    s.glare_count = 0;
    s.blur_sigma = s.defocus_radius = s.motion_length = 0;
    s.exposure = 1e6;
    s.read_noise = 0;
    s.gamma = 1;
    s.jpeg_quality = 0;
    s.supersample = 2;
    return s;
}

std::vector<uint8_t> render(const ckey_camera_scene &s, const std::vector<ckey_camera_texture> &textures,
                            ckey_camera_truth *truth = nullptr, const Texture *backdrop = nullptr) {
    std::vector<uint8_t> frame(static_cast<size_t>(s.width) * s.height);
    const int status = ckey_camera_render(&s, textures.data(), textures.size(),
                                          backdrop ? backdrop->pixels.data() : nullptr, backdrop ? backdrop->view.width : 0,
                                          backdrop ? backdrop->view.height : 0,
                                          backdrop ? backdrop->view.bytes_per_row : 0, frame.data(), frame.size(), truth);
    if (status != CKEY_OK) {
        std::printf("render failed: %s\n", ckey_last_error());
        frame.clear();
    }
    return frame;
}

double mean_of(const std::vector<uint8_t> &f, int width, int x0, int y0, int x1, int y1) {
    double sum = 0;
    for (int y = y0; y < y1; ++y)
        for (int x = x0; x < x1; ++x) sum += f[static_cast<size_t>(y) * width + x];
    return sum / ((x1 - x0) * (y1 - y0));
}

double mean(const std::vector<uint8_t> &f) {
    double sum = 0;
    for (uint8_t v : f) sum += v;
    return sum / f.size();
}

}  // namespace

TEST(category_names) {
    CHECK_EQ(std::string(ckey_camera_category_name(CKEY_CAMERA_NOMINAL)), std::string("nominal"));
    CHECK_EQ(std::string(ckey_camera_category_name(CKEY_CAMERA_LOW_CONTRAST)), std::string("low-contrast"));
    CHECK_EQ(std::string(ckey_camera_category_name(CKEY_CAMERA_COMBO)), std::string("combo"));
    CHECK(ckey_camera_category_name(CKEY_CAMERA_CATEGORY_COUNT) == nullptr);
    CHECK(ckey_camera_category_name(-1) == nullptr);
}

TEST(same_seed_draws_the_same_scene) {
    for (int c = 0; c < CKEY_CAMERA_CATEGORY_COUNT; ++c) {
        ckey_camera_scene a, b, other;
        std::memset(&a, 0xAB, sizeof a);
        std::memset(&b, 0x00, sizeof b);
        CHECK_EQ(ckey_camera_scene_draw(c, 42, 0.8, &a), 0);
        CHECK_EQ(ckey_camera_scene_draw(c, 42, 0.8, &b), 0);
        CHECK(std::memcmp(&a, &b, sizeof a) == 0);
        CHECK_EQ(ckey_camera_scene_draw(c, 43, 0.8, &other), 0);
        CHECK(std::memcmp(&a, &other, sizeof a) != 0);
        CHECK_EQ(a.category, c);
    }
}

TEST(same_seed_renders_the_same_bytes) {
    const Texture t = checker();
    const Texture photo(300, 200, [](int x, int y) { return static_cast<uint8_t>((x * 7 + y * 3) % 256); });
    for (int c : {CKEY_CAMERA_COMBO, CKEY_CAMERA_CURVED, CKEY_CAMERA_DAMAGE}) {
        ckey_camera_scene s, s2;
        ckey_camera_scene_draw(c, 7, 1, &s);
        ckey_camera_scene_draw(c, 8, 1, &s2);
        s.width = s2.width = 640;
        s.height = s2.height = 360;
        std::vector<ckey_camera_texture> tex(s.label_count, t.view), tex2(s2.label_count, t.view);
        const auto a = render(s, tex), b = render(s, tex), d = render(s2, tex2);
        REQUIRE(!a.empty() && !d.empty());
        CHECK(a == b);
        CHECK(a != d);
        const auto p1 = render(s, tex, nullptr, &photo), p2 = render(s, tex, nullptr, &photo);
        REQUIRE(!p1.empty());
        CHECK(p1 == p2);
        CHECK(p1 != a);
    }
}

// Flat paper of reflectance 0.5 under full light at exposure 1000 e-: 500 e-
// through out = 255 (e / 1600)^(1/2.2); noise sqrt(500 + 3^2) e- times the
// curve's slope (plus the 1/12 of rounding).
TEST(flat_label_mean_and_noise_follow_the_tone_curve) {
    const Texture t = white();
    ckey_camera_scene s = plain_scene();
    s.labels[0].paper_reflectance = 0.5;
    s.exposure = 1000;
    s.read_noise = 3;
    s.gamma = 2.2;
    s.supersample = 1;
    const auto f = render(s, {t.view});
    REQUIRE(!f.empty());
    const double e = 500, full = 1600;
    const double expected_mean = 255 * std::pow(e / full, 1 / 2.2);
    const double slope = 255 / (2.2 * full) * std::pow(e / full, 1 / 2.2 - 1);
    const double expected_std = std::sqrt(std::pow(slope * std::sqrt(e + 9), 2) + 1.0 / 12);
    const double m = mean_of(f, s.width, 540, 260, 740, 460);
    double var = 0;
    for (int y = 260; y < 460; ++y)
        for (int x = 540; x < 740; ++x) var += std::pow(f[static_cast<size_t>(y) * s.width + x] - m, 2);
    const double sd = std::sqrt(var / (200 * 200));
    std::printf("  mean %.3f (expected %.3f), std %.3f (expected %.3f)\n", m, expected_mean, sd, expected_std);
    CHECK(std::fabs(m - expected_mean) < 0.3);
    CHECK(std::fabs(sd / expected_std - 1) < 0.1);
}

// A black/white step blurred with sigma 2: 10-90% width 2.563 sigma.
TEST(blurred_edge_has_the_gaussian_width) {
    const Texture t(1024, 64, [](int x, int) { return static_cast<uint8_t>(x < 512 ? 0 : 255); });
    ckey_camera_scene s = plain_scene();
    s.blur_sigma = 2;
    s.supersample = 4;
    const auto f = render(s, {t.view});
    REQUIRE(!f.empty());
    std::vector<double> profile;
    const int x0 = 640 - 40;
    for (int x = x0; x < 640 + 40; ++x) profile.push_back(mean_of(f, s.width, x, 310, x + 1, 410));
    const double lo = profile[5], hi = profile[75];
    auto crossing = [&](double level) {
        for (size_t i = 1; i < profile.size(); ++i)
            if (profile[i - 1] < level && profile[i] >= level)
                return i - 1 + (level - profile[i - 1]) / (profile[i] - profile[i - 1]);
        return -1.0;
    };
    const double width = crossing(lo + 0.9 * (hi - lo)) - crossing(lo + 0.1 * (hi - lo));
    std::printf("  10-90%% width %.3f px (Gaussian sigma 2: %.3f)\n", width, 2.563 * 2);
    CHECK(hi - lo > 100);
    CHECK(std::fabs(width / (2.563 * 2) - 1) < 0.15);
}

// A vertical cylinder lit from the camera side: brightness ~ n.l = cos(phi),
// and with the light 30 degrees to the right, cos(phi - 30).
TEST(cylinder_shading_is_lambertian) {
    const Texture t = white();
    ckey_camera_scene s = plain_scene();
    s.labels[0].surface = CKEY_SURFACE_CYLINDER_VERTICAL;
    s.labels[0].arc_deg = 90;
    s.labels[0].paper_reflectance = 0.8;
    s.ambient = 0;
    const ckey::Camera camera = ckey::make_camera(s);
    const double depth = camera.focal / s.labels[0].size_px, r = 1 / ckey::radians(90);
    auto column_of = [&](double phi) { return camera.cx + camera.focal * r * std::sin(phi) / (depth + r * (1 - std::cos(phi))); };
    auto phi_of_pixel = [&](int column) {  // bisection: the angle seen at the column's centre
        double lo = -ckey::kPi / 4, hi = ckey::kPi / 4;
        for (int i = 0; i < 60; ++i) {
            const double mid = (lo + hi) / 2;
            (column_of(mid) < column + 0.5 ? lo : hi) = mid;
        }
        return lo;
    };
    for (double light_deg : {0.0, 30.0}) {
        const double l = ckey::radians(light_deg);
        s.light_dir[0] = std::sin(l);
        s.light_dir[2] = -std::cos(l);
        const auto f = render(s, {t.view});
        REQUIRE(!f.empty());
        const double centre = mean_of(f, s.width, 639, 340, 641, 380);
        for (double deg : {-35.0, -20.0, 15.0, 30.0, 40.0}) {
            const int column = static_cast<int>(column_of(ckey::radians(deg)));
            const double phi = phi_of_pixel(column);
            const double measured = mean_of(f, s.width, column, 340, column + 1, 380) / centre;
            const double expected = std::cos(phi - l) / std::cos(l);
            CHECK(std::fabs(measured / expected - 1) < 0.02);
        }
    }
}

TEST(shadow_band_lets_its_transmission_through) {
    const Texture t = white();
    ckey_camera_scene s = plain_scene();
    s.labels[0].size_px = 500;
    s.shadow = 1;
    s.shadow_angle_deg = 90;            // a vertical band
    s.shadow_offset = 100.0 / s.width;  // centred 100 px left of the frame centre
    s.shadow_width = 0.08;
    s.shadow_penumbra = 0.01;
    s.shadow_transmission = 0.4;
    const auto f = render(s, {t.view});
    REQUIRE(!f.empty());
    const double inside = mean_of(f, s.width, 530, 300, 550, 420), outside = mean_of(f, s.width, 730, 300, 750, 420);
    std::printf("  inside/outside %.4f (transmission 0.4)\n", inside / outside);
    CHECK(std::fabs(inside / outside - 0.4) < 0.012);
}

// Certification renders a crop of a phone frame, lit as the whole frame is:
// a band drawn 100 px right of the phone frame's centre falls there in the
// crop, and is as wide as in the phone frame.
TEST(crop_is_lit_as_the_phone_frame_around_it) {
    const Texture t = white();
    ckey_camera_scene s = plain_scene(400, 400);
    s.labels[0].size_px = 600;  // white everywhere in the crop
    s.shadow = 1;
    s.shadow_angle_deg = 90;
    s.shadow_offset = -100.0 / 1280;  // phone-frame widths: the band's centre at phone x 740
    s.shadow_width = 0.08;            // about 102 px of it
    s.shadow_penumbra = 0.01;
    s.shadow_transmission = 0.4;
    s.supersample = 1;
    const ckey::LightWindow window{440.0, 160.0, 1280, 720};  // the crop's top-left at (440, 160)
    const std::vector<uint8_t> f = ckey::render_camera_frame(s, &t.view, ckey::BackdropView{}, window);
    REQUIRE(f.size() == 400u * 400u);
    const double band_x = 740 - 440;
    const double inside = mean_of(f, 400, static_cast<int>(band_x) - 10, 150, static_cast<int>(band_x) + 10, 250);
    const double outside = mean_of(f, 400, 60, 150, 80, 250);
    std::printf("  inside/outside %.4f at crop x %.0f (transmission 0.4)\n", inside / outside, band_x);
    CHECK(std::fabs(inside / outside - 0.4) < 0.02);
    // Without the window the band is drawn in crop widths: 31 px right of the crop's centre, not at band_x.
    const std::vector<uint8_t> g = ckey::render_camera_frame(s, &t.view, ckey::BackdropView{});
    const double own = mean_of(g, 400, static_cast<int>(band_x) - 10, 150, static_cast<int>(band_x) + 10, 250);
    CHECK(own / mean_of(g, 400, 60, 150, 80, 250) > 0.95);
}

// The drawn clutter behind a crop is the phone frame's clutter at that place,
// not a frame's worth of clutter squeezed into the crop.
TEST(crop_sees_the_phone_frame_clutter) {
    ckey_camera_scene phone = plain_scene(1280, 720);
    ckey_camera_scene crop = plain_scene(200, 150);
    phone.seed = crop.seed = 77;
    phone.backdrop_gain = crop.backdrop_gain = 1;
    const std::vector<float> whole = ckey::backdrop_reflectance(phone, ckey::BackdropView{});
    const std::vector<float> part =
        ckey::backdrop_reflectance(crop, ckey::BackdropView{}, ckey::LightWindow{300, 200, 1280, 720});
    REQUIRE(part.size() == 200u * 150u);
    double worst = 0;
    for (int y = 0; y < 150; ++y)
        for (int x = 0; x < 200; ++x)
            worst = std::max(worst, std::fabs(static_cast<double>(part[y * 200 + x]) - whole[(y + 200) * 1280 + x + 300]));
    std::printf("  largest difference from the phone frame's clutter: %g\n", worst);
    CHECK(worst < 1e-5);
    // Without the window the crop draws its own clutter, which is not that.
    const std::vector<float> own = ckey::backdrop_reflectance(crop, ckey::BackdropView{});
    double differ = 0;
    for (int y = 0; y < 150; ++y)
        for (int x = 0; x < 200; ++x) differ += std::fabs(static_cast<double>(own[y * 200 + x]) - part[y * 200 + x]);
    CHECK(differ / (200 * 150) > 0.02);
}

TEST(truth_corners_are_the_projected_square) {
    const Texture t = white();
    ckey_camera_scene s = plain_scene(320, 240);
    s.labels[0].size_px = 100;
    ckey_camera_truth truth;
    REQUIRE(!render(s, {t.view}, &truth).empty());
    const double expected[4][2] = {{110, 70}, {210, 70}, {210, 170}, {110, 170}};
    for (int i = 0; i < 4; ++i) {
        CHECK(std::fabs(truth.corners[0][i].x - expected[i][0]) < 0.5);
        CHECK(std::fabs(truth.corners[0][i].y - expected[i][1]) < 0.5);
    }
    CHECK_EQ(truth.visible[0], 1);
    s.labels[0].roll_deg = 90;  // clockwise: the texture's top-left is now at the top right
    REQUIRE(!render(s, {t.view}, &truth).empty());
    CHECK(std::fabs(truth.corners[0][0].x - 210) < 0.5 && std::fabs(truth.corners[0][0].y - 70) < 0.5);
    s.labels[0].centre_x = 0.95;
    REQUIRE(!render(s, {t.view}, &truth).empty());
    CHECK_EQ(truth.visible[0], 0);
}

TEST(every_range_is_checked) {
    const Texture t = white();
    const ckey_camera_scene good = plain_scene(96, 64);
    std::vector<uint8_t> frame(96 * 64);
    ckey_camera_texture tex = t.view;
    CHECK_EQ(ckey_camera_render(&good, &tex, 1, nullptr, 0, 0, 0, frame.data(), frame.size(), nullptr), 0);
    struct Bad {
        const char *field;
        std::function<void(ckey_camera_scene &)> spoil;
    };
    const std::vector<Bad> bad = {
        {"scene.category", [](auto &s) { s.category = 17; }},
        {"scene.width", [](auto &s) { s.width = 8; }},
        {"scene.height", [](auto &s) { s.height = 5000; }},
        {"scene.fov_deg", [](auto &s) { s.fov_deg = 179; }},
        {"scene.supersample", [](auto &s) { s.supersample = 0; }},
        {"scene.label_count", [](auto &s) { s.label_count = 5; }},
        {"scene.labels[0].centre_x", [](auto &s) { s.labels[0].centre_x = -0.1; }},
        {"scene.labels[0].centre_y", [](auto &s) { s.labels[0].centre_y = NAN; }},
        {"scene.labels[0].size_px", [](auto &s) { s.labels[0].size_px = 0; }},
        {"scene.labels[0].roll_deg", [](auto &s) { s.labels[0].roll_deg = 400; }},
        {"scene.labels[0].tilt_deg", [](auto &s) { s.labels[0].tilt_deg = 80; }},
        {"scene.labels[0].tilt_axis_deg", [](auto &s) { s.labels[0].tilt_axis_deg = -1; }},
        {"scene.labels[0].surface", [](auto &s) { s.labels[0].surface = 3; }},
        {"scene.labels[0].arc_deg", [](auto &s) { s.labels[0].surface = 1, s.labels[0].arc_deg = 400; }},
        {"scene.labels[0].carrier_scale", [](auto &s) { s.labels[0].carrier_scale = 0.5; }},
        {"scene.labels[0].carrier_reflectance", [](auto &s) { s.labels[0].carrier_reflectance = 1.5; }},
        {"scene.labels[0].paper_reflectance", [](auto &s) { s.labels[0].paper_reflectance = -1; }},
        {"scene.labels[0].ink_reflectance", [](auto &s) { s.labels[0].ink_reflectance = 2; }},
        {"scene.labels[0].damage_count", [](auto &s) { s.labels[0].damage_count = 9; }},
        {"scene.labels[0].damage[0].kind", [](auto &s) { s.labels[0].damage_count = 1, s.labels[0].damage[0] = {3, 0.5, 0.5, 0.1}; }},
        {"scene.labels[0].damage[0].radius", [](auto &s) { s.labels[0].damage_count = 1, s.labels[0].damage[0] = {0, 0.5, 0.5, -0.1}; }},
        {"scene.light_dir", [](auto &s) { s.light_dir[2] = -0.5; }},
        {"scene.light_dir[0]", [](auto &s) { s.light_dir[0] = 3; }},
        {"scene.ambient", [](auto &s) { s.ambient = 1.2; }},
        {"scene.ramp_strength", [](auto &s) { s.ramp_strength = -0.1; }},
        {"scene.ramp_angle_deg", [](auto &s) { s.ramp_angle_deg = 361; }},
        {"scene.spot_strength", [](auto &s) { s.spot_strength = 3; }},
        {"scene.spot_radius", [](auto &s) { s.spot_radius = -1; }},
        {"scene.shadow", [](auto &s) { s.shadow = 2; }},
        {"scene.shadow_offset", [](auto &s) { s.shadow_offset = 2; }},
        {"scene.shadow_width", [](auto &s) { s.shadow_width = 2; }},
        {"scene.shadow_penumbra", [](auto &s) { s.shadow_penumbra = 0.6; }},
        {"scene.shadow_transmission", [](auto &s) { s.shadow_transmission = 1.1; }},
        {"scene.glare_count", [](auto &s) { s.glare_count = 5; }},
        {"scene.glares[0].intensity", [](auto &s) { s.glare_count = 1, s.glares[0] = {0.5, 0.5, 10, 20}; }},
        {"scene.glares[0].radius_px", [](auto &s) { s.glare_count = 1, s.glares[0] = {0.5, 0.5, -1, 1}; }},
        {"scene.blur_sigma", [](auto &s) { s.blur_sigma = 11; }},
        {"scene.defocus_radius", [](auto &s) { s.defocus_radius = 9; }},
        {"scene.motion_length", [](auto &s) { s.motion_length = 51; }},
        {"scene.motion_angle_deg", [](auto &s) { s.motion_angle_deg = 720; }},
        {"scene.exposure", [](auto &s) { s.exposure = 0; }},
        {"scene.read_noise", [](auto &s) { s.read_noise = -1; }},
        {"scene.gamma", [](auto &s) { s.gamma = 0.5; }},
        {"scene.jpeg_quality", [](auto &s) { s.jpeg_quality = 101; }},
        {"scene.backdrop_gain", [](auto &s) { s.backdrop_gain = 2; }},
    };
    for (const Bad &b : bad) {
        ckey_camera_scene s = good;
        b.spoil(s);
        const int status = ckey_camera_render(&s, &tex, 1, nullptr, 0, 0, 0, frame.data(), frame.size(), nullptr);
        const std::string message = ckey_last_error();
        if (status != CKEY_INVALID_ARGUMENT || message.find(b.field) != 0)
            std::printf("  %s: status %d, \"%s\"\n", b.field, status, message.c_str());
        CHECK_EQ(status, static_cast<int>(CKEY_INVALID_ARGUMENT));
        CHECK(message.find(b.field) == 0);
    }
    // The arc message reads as promised.
    ckey_camera_scene s = good;
    s.label_count = 2;
    s.labels[1] = s.labels[0];
    s.labels[1].surface = CKEY_SURFACE_CYLINDER_HORIZONTAL;
    s.labels[1].arc_deg = 400;
    ckey_camera_texture two[2] = {tex, tex};
    CHECK_EQ(ckey_camera_render(&s, two, 2, nullptr, 0, 0, 0, frame.data(), frame.size(), nullptr), 1);
    CHECK_EQ(std::string(ckey_last_error()), std::string("scene.labels[1].arc_deg is 400; allowed 1...120"));

    // Textures, backdrop and the output.
    auto status_of = [&](const ckey_camera_texture *texes, size_t count, const uint8_t *back, int bw, int bh,
                         size_t bstride, uint8_t *out, size_t length, const char *field) {
        const int status = ckey_camera_render(&good, texes, count, back, bw, bh, bstride, out, length, nullptr);
        CHECK_EQ(status, static_cast<int>(CKEY_INVALID_ARGUMENT));
        CHECK(std::string(ckey_last_error()).find(field) == 0);
    };
    const uint8_t photo[64] = {};
    status_of(&tex, 2, nullptr, 0, 0, 0, frame.data(), frame.size(), "texture_count");
    status_of(nullptr, 1, nullptr, 0, 0, 0, frame.data(), frame.size(), "textures");
    ckey_camera_texture broken = tex;
    broken.pixels = nullptr;
    status_of(&broken, 1, nullptr, 0, 0, 0, frame.data(), frame.size(), "textures[0].pixels");
    broken = tex, broken.width = 4;
    status_of(&broken, 1, nullptr, 0, 0, 0, frame.data(), frame.size(), "textures[0].width");
    broken = tex, broken.height = 5000;
    status_of(&broken, 1, nullptr, 0, 0, 0, frame.data(), frame.size(), "textures[0].height");
    broken = tex, broken.bytes_per_row = 3;
    status_of(&broken, 1, nullptr, 0, 0, 0, frame.data(), frame.size(), "textures[0].bytes_per_row");
    status_of(&tex, 1, photo, 0, 8, 8, frame.data(), frame.size(), "backdrop_width");
    status_of(&tex, 1, photo, 8, 9000, 8, frame.data(), frame.size(), "backdrop_height");
    status_of(&tex, 1, photo, 8, 8, 4, frame.data(), frame.size(), "backdrop_bytes_per_row");
    status_of(&tex, 1, nullptr, 0, 0, 0, nullptr, frame.size(), "out_frame");
    status_of(&tex, 1, nullptr, 0, 0, 0, frame.data(), frame.size() - 1, "out_length");
    CHECK_EQ(ckey_camera_render(nullptr, &tex, 1, nullptr, 0, 0, 0, frame.data(), frame.size(), nullptr), 1);
    CHECK(std::string(ckey_last_error()).find("scene") == 0);

    ckey_camera_scene out;
    CHECK_EQ(ckey_camera_scene_draw(17, 1, 0.5, &out), 1);
    CHECK(std::string(ckey_last_error()).find("category") == 0);
    CHECK_EQ(ckey_camera_scene_draw(0, 1, 1.5, &out), 1);
    CHECK(std::string(ckey_last_error()).find("severity") == 0);
    CHECK_EQ(ckey_camera_scene_draw(0, 1, 0.5, nullptr), 1);
    CHECK(std::string(ckey_last_error()).find("out_scene") == 0);
}

namespace {

// A drawn scene passes every range check: the render gets as far as the
// textures (and stops there, costing nothing).
bool passes_range_checks(const ckey_camera_scene &s) {
    uint8_t pixel = 0;
    ckey_camera_render(&s, nullptr, 0, nullptr, 0, 0, 0, &pixel, 1, nullptr);
    const bool ok = std::string(ckey_last_error()).find("texture_count") == 0;
    if (!ok) std::printf("  %s\n", ckey_last_error());
    return ok;
}

bool within(double v, double lo, double hi) { return v >= lo - 1e-9 && v <= hi + 1e-9; }

double off_axis_deg(const ckey_camera_scene &s) { return std::acos(-s.light_dir[2]) * 180 / ckey::kPi; }

// The nominal ranges (docs/camera-simulator.md), for what a category leaves alone.
bool nominal_label(const ckey_camera_label &l) {
    return within(l.size_px, 180, 420) && within(l.tilt_deg, 0, 25) && l.surface == CKEY_SURFACE_FLAT &&
           within(l.paper_reflectance, 0.75, 0.9) && within(l.ink_reflectance, 0.03, 0.1) && l.damage_count == 0 &&
           within(l.centre_x, 0.2, 0.8) && within(l.centre_y, 0.2, 0.8);
}
bool nominal_light(const ckey_camera_scene &s) {
    return within(s.ambient, 0.6, 0.9) && within(s.ramp_strength, 0, 0.2) && within(s.spot_strength, 0, 0.1) &&
           within(off_axis_deg(s), 0, 35) && s.shadow == 0 && s.glare_count == 0;
}
bool nominal_optics(const ckey_camera_scene &s) {
    return within(s.blur_sigma, 0.4, 0.9) && s.defocus_radius == 0 && s.motion_length == 0;
}
bool nominal_sensor(const ckey_camera_scene &s) {
    return within(s.exposure, 2000, 6000) && within(s.read_noise, 2, 5) && within(s.gamma, 2.0, 2.4) &&
           within(s.jpeg_quality, 70, 92);
}

// Separating-axis test on two convex quads.
bool quads_overlap(const ckey_point *a, const ckey_point *b) {
    for (const ckey_point *poly : {a, b})
        for (int i = 0; i < 4; ++i) {
            const double nx = poly[(i + 1) % 4].y - poly[i].y, ny = poly[i].x - poly[(i + 1) % 4].x;
            double amin = 1e300, amax = -1e300, bmin = 1e300, bmax = -1e300;
            for (int k = 0; k < 4; ++k) {
                amin = std::min(amin, a[k].x * nx + a[k].y * ny), amax = std::max(amax, a[k].x * nx + a[k].y * ny);
                bmin = std::min(bmin, b[k].x * nx + b[k].y * ny), bmax = std::max(bmax, b[k].x * nx + b[k].y * ny);
            }
            if (amax < bmin || bmax < amin) return false;
        }
    return true;
}

// The hard ranges at severity 1.
bool hard_ranges_hold(int c, const ckey_camera_scene &s) {
    const auto &l = s.labels[0];
    switch (c) {
    case CKEY_CAMERA_NOMINAL:
        return s.label_count == 1 && nominal_label(l) && nominal_light(s) && nominal_optics(s) && nominal_sensor(s) &&
               std::fabs(l.carrier_reflectance - l.paper_reflectance) >= 0.15 - 1e-9 &&
               within(l.carrier_reflectance, 0.05, 0.95) && s.width == 1280 && s.height == 720 && s.fov_deg == 70 &&
               s.supersample == 3;
    case CKEY_CAMERA_SMALL: return within(l.size_px, 60, 140);
    case CKEY_CAMERA_ROTATION: {
        const double off = std::fmod(l.roll_deg, 90);
        return within(off, 30, 60) && within(l.size_px, 80, 160);
    }
    case CKEY_CAMERA_PERSPECTIVE: return within(l.tilt_deg, 40, 60) && l.surface == CKEY_SURFACE_FLAT;
    case CKEY_CAMERA_CURVED: return l.surface != CKEY_SURFACE_FLAT && within(l.arc_deg, 45, 90) && within(l.tilt_deg, 0, 20);
    case CKEY_CAMERA_SHADOW:
        return s.shadow == 1 && within(s.shadow_transmission, 0.2, 0.5) && within(s.shadow_penumbra, 0.003, 0.03) &&
               within(l.size_px, 90, 180);
    case CKEY_CAMERA_GLARE: {
        bool ok = within(s.glare_count, 1, 3);
        for (int i = 0; i < s.glare_count; ++i)
            ok = ok && within(s.glares[i].intensity, 0.6, 2.5) && within(s.glares[i].radius_px / l.size_px, 0.3, 1.0);
        return ok;
    }
    case CKEY_CAMERA_LIGHTING:
        return within(s.ramp_strength, 0.5, 0.9) && within(s.spot_strength, 1.0, 2.0) && within(s.ambient, 0.1, 0.4) &&
               within(off_axis_deg(s), 35, 70) && within(l.size_px, 90, 180) &&
               within(s.spot_radius, 0.03, 0.1);
    case CKEY_CAMERA_BLUR:
        return within(l.size_px, 200, 350) &&
               ((within(s.defocus_radius, 2, 4) && within(s.blur_sigma, 0.4, 0.9)) ||
                (s.defocus_radius == 0 && within(s.blur_sigma, 1.5, 2.5)));
    case CKEY_CAMERA_MOTION: return within(s.motion_length, 6, 12);
    case CKEY_CAMERA_NOISE:
        return within(s.exposure, 25, 150) && within(s.read_noise, 6, 12) && within(l.size_px, 140, 280);
    case CKEY_CAMERA_JPEG: return within(s.jpeg_quality, 15, 40) && within(l.size_px, 70, 140);
    case CKEY_CAMERA_LOW_CONTRAST: {
        const double d = l.paper_reflectance - l.ink_reflectance;
        return within(d, 0.1, 0.25) && within(l.ink_reflectance, 0.2, 0.6) && within(l.paper_reflectance, 0.4, 0.8);
    }
    case CKEY_CAMERA_INVERTED:
        return within(l.ink_reflectance, 0.75, 0.9) && within(l.paper_reflectance, 0.03, 0.12) &&
               within(l.size_px, 80, 160) &&
               std::fabs(l.carrier_reflectance - l.paper_reflectance) >= 0.15 - 1e-9;
    case CKEY_CAMERA_DAMAGE: {
        bool ok = within(l.damage_count, 2, 6);
        for (int i = 0; i < l.damage_count; ++i)
            ok = ok && within(l.damage[i].radius, 0.03, 0.12) && within(l.damage[i].kind, 0, 2) &&
                 within(l.damage[i].x, 0.15, 0.85) && within(l.damage[i].y, 0.15, 0.85);
        return ok;
    }
    case CKEY_CAMERA_MULTI: {
        if (s.label_count != 3) return false;
        const ckey::Camera camera = ckey::make_camera(s);
        ckey_point quads[3][4];
        int visible = 0;
        for (int i = 0; i < 3; ++i) {
            if (!within(s.labels[i].size_px, 70, 140)) return false;
            ckey::label_corners(ckey::make_pose(s.labels[i], camera), camera, quads[i], &visible);
            if (!visible) return false;
        }
        return !quads_overlap(quads[0], quads[1]) && !quads_overlap(quads[0], quads[2]) &&
               !quads_overlap(quads[1], quads[2]);
    }
    case CKEY_CAMERA_COMBO: {
        // Exactly three factors differ from nominal.
        int hard = 0;
        hard += l.tilt_deg > 25 || l.surface != CKEY_SURFACE_FLAT;
        hard += s.shadow;
        hard += s.glare_count > 0;
        hard += !within(s.ramp_strength, 0, 0.2) || !within(s.ambient, 0.6, 0.9) || s.spot_strength > 0.1;
        hard += s.defocus_radius > 0 || s.blur_sigma > 0.9;
        hard += s.motion_length > 0;
        hard += s.exposure < 2000;
        hard += s.jpeg_quality < 70;
        hard += l.paper_reflectance - l.ink_reflectance < 0.65;
        return hard >= 2 && hard <= 3;  // a mild draw of one factor may look nominal
    }
    default: return false;
    }
}

}  // namespace

TEST(every_category_draws_within_its_ranges) {
    for (int c = 0; c < CKEY_CAMERA_CATEGORY_COUNT; ++c) {
        int failures = 0;
        for (uint64_t seed = 0; seed < 200; ++seed) {
            ckey_camera_scene hard, none, half;
            ckey_camera_scene_draw(c, seed, 1, &hard);
            ckey_camera_scene_draw(c, seed, 0, &none);
            ckey_camera_scene_draw(c, seed, 0.5, &half);
            bool ok = passes_range_checks(hard) && passes_range_checks(none) && passes_range_checks(half);
            ok = ok && hard_ranges_hold(c, hard);
            ok = ok && none.label_count == 1 && nominal_label(none.labels[0]) && nominal_light(none) &&
                 nominal_optics(none) && nominal_sensor(none);
            if (!ok && failures++ < 3) std::printf("  %s seed %d out of range\n", ckey_camera_category_name(c), int(seed));
        }
        CHECK_EQ(failures, 0);
    }
}

TEST(jpeg_changes_the_frame_but_not_its_mean) {
    const Texture t = checker();
    ckey_camera_scene s;
    ckey_camera_scene_draw(CKEY_CAMERA_NOMINAL, 5, 0, &s);
    s.width = 640;
    s.height = 360;
    s.jpeg_quality = 0;
    const auto raw = render(s, {t.view});
    s.jpeg_quality = 20;
    const auto coded = render(s, {t.view});
    REQUIRE(!raw.empty() && !coded.empty());
    CHECK(raw != coded);
    CHECK(std::fabs(mean(raw) - mean(coded)) < 1.0);
}

TEST(render_time_per_category) {
    const Texture t = checker();
    for (int c : {CKEY_CAMERA_NOMINAL, CKEY_CAMERA_CURVED, CKEY_CAMERA_BLUR, CKEY_CAMERA_MOTION, CKEY_CAMERA_MULTI,
                  CKEY_CAMERA_COMBO}) {
        ckey_camera_scene s;
        ckey_camera_scene_draw(c, 3, 1, &s);
        std::vector<ckey_camera_texture> tex(s.label_count, t.view);
        const auto start = std::chrono::steady_clock::now();
        const auto f = render(s, tex);
        const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
        std::printf("  %-12s 1280 x 720, supersample %d: %.1f ms\n", ckey_camera_category_name(c), s.supersample, ms);
        CHECK(!f.empty());
    }
}
