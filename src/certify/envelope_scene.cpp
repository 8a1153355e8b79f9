#include "envelope_scene.hpp"

#include "../core/error.hpp"
#include "camera_geometry.hpp"
#include "camera_scene.hpp"
#include "random.hpp"

#include <algorithm>
#include <cmath>

namespace ckey {

namespace {

// A card's near side under a 35-degree tilt, at most (its far side shrinks).
constexpr double kTiltMagnification = 1.15;
// Crops up to this side hold the whole card (see crop_side). The scanner
// reads around rings of up to 160 px (224 px joined from pieces; scanner.hpp),
// so a card that needs a larger crop is too large to matter, and is cut at
// 1.5 symbol widths.
constexpr int kWholeCardMaxCrop = 384;

void check_range(double value, double lo, double hi, const char *name) {
    if (!(value >= lo && value <= hi)) fail(CKEY_INVALID_ARGUMENT, "envelope.", name, " is ", value, "; allowed ", lo, "...", hi);
}

void draw_indoor(ckey_camera_scene &s, Random &rng) {
    s.ambient = rng.uniform(0.5, 0.9);
    s.ramp_strength = rng.uniform(0, 0.4);
    s.spot_strength = rng.uniform(0, 0.3);
    s.shadow = rng.uniform() < 0.3;
    s.shadow_transmission = rng.uniform(0.4, 0.8);
    s.glare_count = rng.uniform() < 0.1 ? 1 : 0;
    s.glares[0].intensity = rng.uniform(0.3, 0.9);
    s.exposure = std::exp(rng.uniform(std::log(150.0), std::log(3000.0)));  // a dim room to a bright office
}

void draw_outdoor(ckey_camera_scene &s, Random &rng) {
    s.ambient = rng.uniform(0.3, 0.7);
    s.ramp_strength = rng.uniform(0, 0.3);
    s.spot_strength = 0;
    s.shadow = rng.uniform() < 0.5;
    s.shadow_transmission = rng.uniform(0.2, 0.6);
    s.glare_count = rng.uniform() < 0.3 ? 1 : 0;
    s.glares[0].intensity = rng.uniform(0.8, 2.0);
    s.exposure = std::exp(rng.uniform(std::log(3000.0), std::log(20000.0)));
}

// Where the crop lies in the phone frame: the label's centre anywhere that
// keeps it (turned 45 degrees) in view, and at least a fifth of the frame
// from its edges, as a hand-held phone frames it.
LightWindow place_in_phone_frame(double label_px, int side, Random &rng) {
    const double reach = 0.75 * label_px;
    const double mx = std::clamp(reach / kPhoneFrameWidth, 0.2, 0.5);
    const double my = std::clamp(reach / kPhoneFrameHeight, 0.2, 0.5);
    const double cx = rng.uniform(mx, 1 - mx) * kPhoneFrameWidth, cy = rng.uniform(my, 1 - my) * kPhoneFrameHeight;
    return {cx - side / 2.0, cy - side / 2.0, kPhoneFrameWidth, kPhoneFrameHeight};
}

// Light direction, then the class's own draws, then where the ramp, spot,
// shadow band and glare fall in the phone frame (fractions of it; the
// glare near the label, at the centre of the crop that window places).
void draw_light(ckey_camera_scene &s, int lighting, const LightWindow &window, Random &rng) {
    const double label_x = (window.x0 + s.width / 2.0) / window.width;
    const double label_y = (window.y0 + s.height / 2.0) / window.height;
    const double off_axis = rng.uniform(0, 40), azimuth = rng.uniform(0, 360);
    set_light(s, off_axis, azimuth);
    if (lighting == CKEY_LIGHTING_OUTDOOR) draw_outdoor(s, rng);
    else draw_indoor(s, rng);
    s.ramp_angle_deg = rng.uniform(0, 360);
    s.spot_x = rng.uniform(0, 1);
    s.spot_y = rng.uniform(0, 1);
    s.spot_radius = rng.uniform(0.3, 0.6);
    s.shadow_angle_deg = rng.uniform(0, 180);
    s.shadow_offset = rng.uniform(-0.3, 0.3);
    s.shadow_width = rng.uniform(0.2, 0.5);
    s.shadow_penumbra = rng.uniform(0.02, 0.1);
    s.glares[0].x = label_x + rng.uniform(-0.1, 0.1);
    s.glares[0].y = label_y + rng.uniform(-0.1, 0.1);
    s.glares[0].radius_px = s.labels[0].size_px * rng.uniform(0.05, 0.15);
}

// The crop: the label turned and tilted, and room for blur. The ring spans
// 27 of the canvas's 31 units: turned 45 degrees and magnified by a 35-degree
// tilt's near side it stays within 1.5 widths. Where the card the label is
// printed on is small, the crop holds all of it: in a phone frame the card's
// outline is a light ring that the scanner reads around when the symbol's
// own ring fails (spec 14.3 step 5, rescued rings), and a crop that cuts it
// predicts too low.
int crop_side(const ckey_camera_label &label) {
    const int symbol = static_cast<int>(std::ceil(label.size_px * 1.5)) + 12;
    const double turn = radians(label.roll_deg);
    const double card = label.size_px * label.carrier_scale * (std::fabs(std::cos(turn)) + std::fabs(std::sin(turn)));
    const int whole = static_cast<int>(std::ceil(card * kTiltMagnification)) + 12;
    return std::clamp(whole <= kWholeCardMaxCrop ? std::max(symbol, whole) : symbol, 64, 1024);
}

void draw_optics_and_sensor(ckey_camera_scene &s, Random &rng) {
    s.blur_sigma = rng.uniform(0.4, 1.0);
    s.defocus_radius = rng.uniform(0, 1.2);
    s.motion_length = rng.uniform(0, 3);
    s.motion_angle_deg = rng.uniform(0, 180);
    s.read_noise = rng.uniform(2, 6);
    s.gamma = rng.uniform(2.0, 2.4);
    s.jpeg_quality = rng.between(50, 90);
    s.backdrop_gain = rng.uniform(0.3, 1.0);
}

}  // namespace

void check_envelope(const ckey_certify_envelope &e) {
    if (e.size_mm != 0) check_range(e.size_mm, 1, 1000, "size_mm");
    else check_range(e.size_px, 16, 8192, "size_px (used when size_mm is 0)");
    check_range(e.distance_min_mm, 50, 5000, "distance_min_mm");
    check_range(e.distance_max_mm, e.distance_min_mm, 5000, "distance_max_mm (at least distance_min_mm)");
    if (e.lighting < CKEY_LIGHTING_INDOOR || e.lighting > CKEY_LIGHTING_MIXED)
        fail(CKEY_INVALID_ARGUMENT, "envelope.lighting is ", e.lighting, "; allowed 0 indoor, 1 outdoor, 2 mixed");
    if (e.frames < 20 || e.frames > 5000)
        fail(CKEY_INVALID_ARGUMENT, "envelope.frames is ", e.frames, "; allowed 20...5000");
    check_range(e.threshold, 0.5, 1, "threshold");
    check_range(e.time_budget_ms, 0, 3.6e6, "time_budget_ms");
}

double envelope_width_mm(const ckey_certify_envelope &e) { return e.size_mm != 0 ? e.size_mm : e.size_px * kCssPixelMm; }

EnvelopeFrame draw_envelope_frame(const ckey_certify_envelope &e, double width_mm, double distance_min_mm,
                                  double distance_max_mm, uint64_t index, double carrier, bool quick) {
    const uint64_t seed = e.seed * 0x9E3779B97F4A7C15ull + index;
    Random rng(seed);
    EnvelopeFrame f;
    f.distance_mm = rng.uniform(distance_min_mm, distance_max_mm);
    f.lighting = e.lighting == CKEY_LIGHTING_MIXED ? (rng.uniform() < 0.5 ? CKEY_LIGHTING_INDOOR : CKEY_LIGHTING_OUTDOOR)
                                                   : e.lighting;
    ckey_camera_scene &s = f.scene;
    s = ckey_camera_scene{};
    s.seed = seed;
    s.category = CKEY_CAMERA_NOMINAL;
    ckey_camera_label &label = s.labels[0];
    label.size_px = std::clamp(kPhoneFocalPx * width_mm / f.distance_mm, 4.0, 8192.0);
    s.label_count = 1;
    label.centre_x = label.centre_y = 0.5;
    label.roll_deg = rng.uniform(0, 360);
    label.tilt_deg = rng.uniform(0, 35);  // a hand-held phone
    label.tilt_axis_deg = rng.uniform(0, 180);
    label.surface = CKEY_SURFACE_FLAT;
    label.arc_deg = 30;
    label.carrier_scale = rng.uniform(1.5, 3);
    label.carrier_reflectance = carrier;
    const int side = crop_side(label);
    s.width = s.height = side;
    s.fov_deg = 2 * std::atan(side / 2.0 / kPhoneFocalPx) * 180 / kPi;
    // Two rays per pixel per axis where a canvas unit spans under 4 px
    // (aliasing matters there); quick: only under 2 px, where the crop is small.
    s.supersample = label.size_px / 31 < (quick ? 2 : 4) ? 2 : 1;
    // The texture carries the style's own greys: 0 prints as black ink, 255 as white paper.
    label.ink_reflectance = 0.03;
    label.paper_reflectance = 0.9;
    f.window = place_in_phone_frame(label.size_px, side, rng);
    draw_light(s, f.lighting, f.window, rng);
    draw_optics_and_sensor(s, rng);
    return f;
}

}  // namespace ckey
