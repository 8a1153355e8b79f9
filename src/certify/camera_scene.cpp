// Camera simulator, stage 1: drawing a scene's parameters from its seed.
#include "camera_scene.hpp"

#include "camera_geometry.hpp"
#include "random.hpp"

#include <algorithm>
#include <cmath>

namespace ckey {

namespace {

double lerp(double a, double b, double t) { return a + (b - a) * t; }

// Nominal carriers stay at least this far from the paper, so the label's
// edge is visible.
constexpr double kCarrierGap = 0.15;
constexpr double kCarrierMin = 0.05, kCarrierMax = 0.95;

// Half the label's extent on screen along x (or y), with room for a tilt's
// perspective magnification of the near side.
double half_extent(const ckey_camera_label &label) {
    const double roll = radians(label.roll_deg);
    const double spread = std::fabs(std::cos(roll)) + std::fabs(std::sin(roll));
    return 0.5 * label.size_px * spread * (1 + 0.6 * std::sin(radians(label.tilt_deg)));
}

// A centre coordinate inside [lo, hi] (frame fractions) keeping the label
// in the frame when it can; the frame centre when it cannot.
double fit_centre(Random &rng, double extent_px, double frame_px, double lo, double hi) {
    const double a = std::max(lo, extent_px / frame_px), b = std::min(hi, 1 - extent_px / frame_px);
    const double u = rng.uniform();
    return a <= b ? lerp(a, b, u) : 0.5;
}

void place_label(ckey_camera_scene &scene, ckey_camera_label &label, Random &rng) {
    const double extent = half_extent(label);
    label.centre_x = fit_centre(rng, extent, scene.width, 0.2, 0.8);
    label.centre_y = fit_centre(rng, extent, scene.height, 0.2, 0.8);
}

void place_all(ckey_camera_scene &scene, Random &rng) {
    for (int i = 0; i < scene.label_count; ++i) place_label(scene, scene.labels[i], rng);
}

// Redraws the carrier when it is too close to the paper, from the allowed
// union [min, paper - gap] + [paper + gap, max].
void keep_carrier_apart(ckey_camera_label &label, Random &rng) {
    const double paper = label.paper_reflectance;
    if (std::fabs(label.carrier_reflectance - paper) >= kCarrierGap) return;
    const double below = std::max(0.0, paper - kCarrierGap - kCarrierMin);
    const double above = std::max(0.0, kCarrierMax - (paper + kCarrierGap));
    const double u = rng.uniform() * (below + above);
    label.carrier_reflectance = u < below ? kCarrierMin + u : paper + kCarrierGap + (u - below);
}

void draw_nominal_label(ckey_camera_label &label, Random &rng) {
    label = ckey_camera_label{};
    label.size_px = rng.uniform(180, 420);
    label.roll_deg = rng.uniform(0, 360);
    label.tilt_deg = rng.uniform(0, 25);
    label.tilt_axis_deg = rng.uniform(0, 180);
    label.surface = CKEY_SURFACE_FLAT;
    label.arc_deg = 30;  // unused on a flat label; a valid value all the same
    label.carrier_scale = rng.uniform(1.3, 3);
    label.paper_reflectance = rng.uniform(0.75, 0.9);
    label.ink_reflectance = rng.uniform(0.03, 0.1);
    label.carrier_reflectance = rng.uniform(kCarrierMin, kCarrierMax);
    label.damage_count = 0;
}


ckey_camera_scene draw_nominal(uint64_t seed, Random &rng) {
    ckey_camera_scene s{};
    s.seed = seed;
    s.width = 1280;
    s.height = 720;
    s.fov_deg = 70;
    s.supersample = 3;
    s.label_count = 1;
    for (auto &label : s.labels) draw_nominal_label(label, rng);

    set_light(s, rng.uniform(0, 35), rng.uniform(0, 360));
    s.ambient = rng.uniform(0.6, 0.9);
    s.ramp_strength = rng.uniform(0, 0.2);
    s.ramp_angle_deg = rng.uniform(0, 360);
    s.spot_strength = rng.uniform(0, 0.1);
    s.spot_x = rng.uniform(0, 1);
    s.spot_y = rng.uniform(0, 1);
    s.spot_radius = rng.uniform(0.2, 0.5);
    s.shadow = 0;
    s.shadow_angle_deg = rng.uniform(0, 180);
    s.shadow_offset = 0;
    s.shadow_width = 0.1;
    s.shadow_penumbra = 0.02;
    s.shadow_transmission = 1;
    s.glare_count = 0;

    s.blur_sigma = rng.uniform(0.4, 0.9);
    s.defocus_radius = 0;
    s.motion_length = 0;
    s.motion_angle_deg = rng.uniform(0, 180);

    s.exposure = rng.uniform(2000, 6000);
    s.read_noise = rng.uniform(2, 5);
    s.gamma = rng.uniform(2.0, 2.4);
    s.jpeg_quality = rng.between(70, 92);
    s.backdrop_gain = rng.uniform(0.4, 1.0);
    place_all(s, rng);
    return s;
}

// --- One function per hard factor; k is the severity it is drawn at. ---

// Factors that a near, large label shrugs off (rotation, shadow, lighting,
// noise, JPEG, inversion) are drawn on a farther label too: at severity 1 its
// width is drawn from [lo, hi] px, about 2-5 px per module for dense codes,
// so that each category still separates good readers from poor ones.
void draw_far(ckey_camera_scene &s, double k, Random &rng, double lo, double hi) {
    for (int i = 0; i < s.label_count; ++i) s.labels[i].size_px = lerp(s.labels[i].size_px, rng.uniform(lo, hi), k);
    place_all(s, rng);
}

void draw_small(ckey_camera_scene &s, double k, Random &rng) {
    for (int i = 0; i < s.label_count; ++i) s.labels[i].size_px = lerp(s.labels[i].size_px, rng.uniform(60, 140), k);
    place_all(s, rng);
}

// Rolls far from the axes (30-60 degrees past a multiple of 90 at severity 1).
void draw_rotation(ckey_camera_scene &s, double k, Random &rng) {
    for (int i = 0; i < s.label_count; ++i) {
        const double hard = 90 * rng.below(4) + rng.uniform(30, 60);
        s.labels[i].roll_deg = lerp(s.labels[i].roll_deg, hard, k);
    }
    draw_far(s, k, rng, 80, 160);
}

void draw_perspective(ckey_camera_scene &s, double k, Random &rng) {
    for (int i = 0; i < s.label_count; ++i) s.labels[i].tilt_deg = lerp(s.labels[i].tilt_deg, rng.uniform(40, 60), k);
    place_all(s, rng);
}

void draw_curved(ckey_camera_scene &s, double k, Random &rng) {
    for (int i = 0; i < s.label_count; ++i) {
        auto &label = s.labels[i];
        const bool vertical = rng.coin();
        const double arc = rng.uniform(45, 90), tilt = rng.uniform(0, 20);
        if (k <= 0) continue;
        label.surface = vertical ? CKEY_SURFACE_CYLINDER_VERTICAL : CKEY_SURFACE_CYLINDER_HORIZONTAL;
        label.arc_deg = lerp(1, arc, k);
        label.tilt_deg = lerp(label.tilt_deg, tilt, k);
    }
    place_all(s, rng);
}

void draw_blur(ckey_camera_scene &s, double k, Random &rng) {
    for (int i = 0; i < s.label_count; ++i) s.labels[i].size_px = lerp(s.labels[i].size_px, rng.uniform(200, 350), k);
    const bool defocus = rng.coin();
    const double radius = rng.uniform(2, 4), sigma = rng.uniform(1.5, 2.5);
    if (defocus)
        s.defocus_radius = k * radius;
    else
        s.blur_sigma = lerp(s.blur_sigma, sigma, k);
    place_all(s, rng);
}

void draw_motion(ckey_camera_scene &s, double k, Random &rng) {
    s.motion_length = k * rng.uniform(6, 12);
    s.motion_angle_deg = rng.uniform(0, 180);
}

void draw_noise(ckey_camera_scene &s, double k, Random &rng) {
    const double exposure = std::exp(rng.uniform(std::log(25.0), std::log(150.0)));
    s.exposure = std::exp(lerp(std::log(s.exposure), std::log(exposure), k));
    s.read_noise = lerp(s.read_noise, rng.uniform(6, 12), k);
    draw_far(s, k, rng, 140, 280);
}

void draw_jpeg(ckey_camera_scene &s, double k, Random &rng) {
    s.jpeg_quality = static_cast<int>(std::lround(lerp(s.jpeg_quality, rng.between(15, 40), k)));
    draw_far(s, k, rng, 70, 140);
}

void draw_low_contrast(ckey_camera_scene &s, double k, Random &rng) {
    for (int i = 0; i < s.label_count; ++i) {
        auto &label = s.labels[i];
        const double difference = rng.uniform(0.1, 0.25), mid = rng.uniform(0.35, 0.65);
        label.paper_reflectance = lerp(label.paper_reflectance, mid + difference / 2, k);
        label.ink_reflectance = lerp(label.ink_reflectance, mid - difference / 2, k);
    }
}

// Severity only switches inversion on: a partial swap would pass through zero contrast.
void draw_inverted(ckey_camera_scene &s, double k, Random &rng) {
    for (int i = 0; i < s.label_count; ++i) {
        const double ink = rng.uniform(0.75, 0.9), paper = rng.uniform(0.03, 0.12);
        if (k <= 0) continue;
        s.labels[i].ink_reflectance = ink;
        s.labels[i].paper_reflectance = paper;
    }
    draw_far(s, k, rng, 80, 160);
}

void draw_shadow(ckey_camera_scene &s, double k, Random &rng) {
    draw_far(s, k, rng, 90, 180);
    const double transmission = rng.uniform(0.2, 0.5), penumbra = rng.uniform(0.003, 0.03);
    const double width = rng.uniform(0.05, 0.2), angle = rng.uniform(0, 180), across = rng.uniform(-0.25, 0.25);
    if (k <= 0) return;
    s.shadow = 1;
    s.shadow_transmission = lerp(1, transmission, k);
    s.shadow_penumbra = lerp(0.05, penumbra, k);
    s.shadow_width = width;
    s.shadow_angle_deg = angle;
    // The band's centre line passes through the first label, near its centre.
    const auto &label = s.labels[0];
    const double nx = -std::sin(radians(angle)), ny = std::cos(radians(angle));
    const double dx = (label.centre_x - 0.5) * s.width, dy = (label.centre_y - 0.5) * s.height;
    s.shadow_offset = (dx * nx + dy * ny + across * label.size_px) / s.width;
}

void draw_glare(ckey_camera_scene &s, double k, Random &rng) {
    const int count = rng.between(1, 3);
    s.glare_count = k > 0 ? count : 0;
    const auto &label = s.labels[0];
    for (int i = 0; i < count; ++i) {
        auto &g = s.glares[i];
        const double radius = rng.uniform(0.3, 1.0), intensity = rng.uniform(0.6, 2.5);
        const double dx = rng.uniform(-0.4, 0.4), dy = rng.uniform(-0.4, 0.4);
        if (k <= 0) continue;
        g.radius_px = radius * label.size_px;
        g.intensity = k * intensity;
        g.x = std::clamp(label.centre_x + dx * label.size_px / s.width, 0.0, 1.0);
        g.y = std::clamp(label.centre_y + dy * label.size_px / s.height, 0.0, 1.0);
    }
}

void draw_lighting(ckey_camera_scene &s, double k, Random &rng) {
    const double off_axis0 = std::acos(std::clamp(-s.light_dir[2], -1.0, 1.0)) * 180 / kPi;
    const double azimuth = std::atan2(s.light_dir[1], s.light_dir[0]) * 180 / kPi;
    draw_far(s, k, rng, 90, 180);
    const double off_axis = rng.uniform(35, 70), ramp = rng.uniform(0.5, 0.9), spot = rng.uniform(1.0, 2.0);
    const double ambient = rng.uniform(0.1, 0.4), radius = rng.uniform(0.03, 0.1);
    const double dx = rng.uniform(-0.3, 0.3), dy = rng.uniform(-0.3, 0.3);
    set_light(s, lerp(off_axis0, off_axis, k), azimuth);
    s.ramp_strength = lerp(s.ramp_strength, ramp, k);
    s.spot_strength = lerp(s.spot_strength, spot, k);
    s.ambient = lerp(s.ambient, ambient, k);
    s.spot_radius = lerp(s.spot_radius, radius, k);
    const auto &label = s.labels[0];
    s.spot_x = lerp(s.spot_x, std::clamp(label.centre_x + dx * label.size_px / s.width, 0.0, 1.0), k);
    s.spot_y = lerp(s.spot_y, std::clamp(label.centre_y + dy * label.size_px / s.height, 0.0, 1.0), k);
}

void draw_damage(ckey_camera_scene &s, double k, Random &rng) {
    for (int i = 0; i < s.label_count; ++i) {
        auto &label = s.labels[i];
        const int count = rng.between(2, 6);
        label.damage_count = k > 0 ? std::max(1, static_cast<int>(std::lround(k * count))) : 0;
        for (int j = 0; j < count; ++j) {
            auto &d = label.damage[j];
            d.kind = rng.below(3);
            d.x = rng.uniform(0.15, 0.85);
            d.y = rng.uniform(0.15, 0.85);
            d.radius = lerp(0.03, rng.uniform(0.03, 0.12), k);
        }
        for (int j = label.damage_count; j < CKEY_CAMERA_MAX_DAMAGE; ++j) label.damage[j] = ckey_camera_damage{};
    }
}

// Footprints on screen (axis-aligned boxes of the carriers) must not overlap.
bool placed_apart(const ckey_camera_scene &s, int count) {
    for (int i = 0; i < count; ++i)
        for (int j = 0; j < i; ++j) {
            const auto &a = s.labels[i], &b = s.labels[j];
            const double ea = half_extent(a) * a.carrier_scale, eb = half_extent(b) * b.carrier_scale;
            if (std::fabs(a.centre_x - b.centre_x) * s.width < ea + eb &&
                std::fabs(a.centre_y - b.centre_y) * s.height < ea + eb)
                return false;
        }
    return true;
}

void draw_multi(ckey_camera_scene &s, double k, Random &rng) {
    const int count = 1 + static_cast<int>(std::lround(2 * k));
    const double size0[3] = {s.labels[0].size_px, s.labels[1].size_px, s.labels[2].size_px};
    s.label_count = count;
    if (count == 1) return;  // the nominal label, placed as nominal
    for (int attempt = 0; attempt < 400; ++attempt) {
        if (attempt % 20 == 0)  // a fresh draw of sizes and carriers now and then
            for (int i = 0; i < count; ++i) {
                s.labels[i].size_px = lerp(size0[i], rng.uniform(70, 140), k);
                s.labels[i].carrier_scale = lerp(s.labels[i].carrier_scale, rng.uniform(1.0, 1.15), k);
            }
        for (int i = 0; i < count; ++i) {
            const double extent = half_extent(s.labels[i]) * s.labels[i].carrier_scale;
            s.labels[i].centre_x = fit_centre(rng, extent, s.width, 0, 1);
            s.labels[i].centre_y = fit_centre(rng, extent, s.height, 0, 1);
        }
        if (placed_apart(s, count)) return;
    }
    // Fallback that always fits: small untilted labels in a row.
    for (int i = 0; i < count; ++i) {
        auto &label = s.labels[i];
        label.size_px = lerp(size0[i], 70, k);
        label.tilt_deg = 0;
        label.carrier_scale = 1;
        label.centre_x = (2 * i + 1) / (2.0 * count);
        label.centre_y = 0.5;
    }
}

void apply_factor(int category, ckey_camera_scene &s, double k, Random &rng) {
    switch (category) {
    case CKEY_CAMERA_SMALL: draw_small(s, k, rng); break;
    case CKEY_CAMERA_ROTATION: draw_rotation(s, k, rng); break;
    case CKEY_CAMERA_PERSPECTIVE: draw_perspective(s, k, rng); break;
    case CKEY_CAMERA_CURVED: draw_curved(s, k, rng); break;
    case CKEY_CAMERA_SHADOW: draw_shadow(s, k, rng); break;
    case CKEY_CAMERA_GLARE: draw_glare(s, k, rng); break;
    case CKEY_CAMERA_LIGHTING: draw_lighting(s, k, rng); break;
    case CKEY_CAMERA_BLUR: draw_blur(s, k, rng); break;
    case CKEY_CAMERA_MOTION: draw_motion(s, k, rng); break;
    case CKEY_CAMERA_NOISE: draw_noise(s, k, rng); break;
    case CKEY_CAMERA_JPEG: draw_jpeg(s, k, rng); break;
    case CKEY_CAMERA_LOW_CONTRAST: draw_low_contrast(s, k, rng); break;
    case CKEY_CAMERA_INVERTED: draw_inverted(s, k, rng); break;
    case CKEY_CAMERA_DAMAGE: draw_damage(s, k, rng); break;
    case CKEY_CAMERA_MULTI: draw_multi(s, k, rng); break;
    default: break;
    }
}

// COMBO: three distinct factors from this list, applied in this order (the
// ones that move labels first, so shadows and glare land on the label).
constexpr int kComboFactors[] = {
    CKEY_CAMERA_PERSPECTIVE, CKEY_CAMERA_CURVED, CKEY_CAMERA_BLUR,         CKEY_CAMERA_MOTION,
    CKEY_CAMERA_NOISE,       CKEY_CAMERA_JPEG,   CKEY_CAMERA_LOW_CONTRAST, CKEY_CAMERA_SHADOW,
    CKEY_CAMERA_GLARE,       CKEY_CAMERA_LIGHTING};
constexpr int kComboCount = sizeof kComboFactors / sizeof kComboFactors[0];
constexpr double kComboScale = 0.7;

void draw_combo(ckey_camera_scene &s, double k, Random &rng) {
    int order[kComboCount];
    for (int i = 0; i < kComboCount; ++i) order[i] = i;
    for (int i = 0; i < 3; ++i) std::swap(order[i], order[i + rng.below(kComboCount - i)]);
    std::sort(order, order + 3);
    for (int i = 0; i < 3; ++i) apply_factor(kComboFactors[order[i]], s, kComboScale * k, rng);
}

}  // namespace

void set_light(ckey_camera_scene &scene, double off_axis_deg, double azimuth_deg) {
    const double t = radians(off_axis_deg), p = radians(azimuth_deg);
    scene.light_dir[0] = std::sin(t) * std::cos(p);
    scene.light_dir[1] = std::sin(t) * std::sin(p);
    scene.light_dir[2] = -std::cos(t);  // towards the camera side: the light is behind it
}

ckey_camera_scene draw_camera_scene(int category, uint64_t seed, double severity) {
    Random rng(seed, Stream::scene);
    ckey_camera_scene scene = draw_nominal(seed, rng);
    scene.category = category;
    if (category == CKEY_CAMERA_COMBO)
        draw_combo(scene, severity, rng);
    else
        apply_factor(category, scene, severity, rng);
    for (int i = 0; i < scene.label_count; ++i) keep_carrier_apart(scene.labels[i], rng);
    return scene;
}

const char *camera_category_name(int category) {
    static const char *const kNames[CKEY_CAMERA_CATEGORY_COUNT] = {
        "nominal", "small", "rotation", "perspective", "curved", "shadow", "glare", "lighting", "blur",
        "motion", "noise", "jpeg", "low-contrast", "inverted", "damage", "multi", "combo"};
    return category >= 0 && category < CKEY_CAMERA_CATEGORY_COUNT ? kNames[category] : nullptr;
}

}  // namespace ckey
