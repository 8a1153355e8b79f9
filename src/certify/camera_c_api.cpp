// Camera simulator, the C API: range checks of every scene field, then the
// stages in order: 1 scene (camera_scene), 2 geometry (camera_geometry),
// 3 radiance (camera_render), 4 optics (camera_optics), 5 sensor and JPEG
// (camera_sensor).
#include <ckey/camera.h>

#include "../core/guard.hpp"
#include "camera_frame.hpp"
#include "camera_geometry.hpp"
#include "camera_scene.hpp"

#include <cmath>
#include <cstring>
#include <string>
#include <vector>

namespace {

using ckey::cat;
using ckey::fail;

// NaN fails every comparison, so it is refused too.
void check(double value, double lo, double hi, const std::string &name) {
    if (!(value >= lo && value <= hi)) fail(CKEY_INVALID_ARGUMENT, name, " is ", value, "; allowed ", lo, "...", hi);
}

void check(int value, int lo, int hi, const std::string &name) {
    if (value < lo || value > hi) fail(CKEY_INVALID_ARGUMENT, name, " is ", value, "; allowed ", lo, "...", hi);
}

void check_label(const ckey_camera_label &l, const std::string &name) {
    check(l.centre_x, 0.0, 1.0, name + ".centre_x");
    check(l.centre_y, 0.0, 1.0, name + ".centre_y");
    check(l.size_px, 4.0, 8192.0, name + ".size_px");
    check(l.roll_deg, 0.0, 360.0, name + ".roll_deg");
    check(l.tilt_deg, 0.0, 75.0, name + ".tilt_deg");
    check(l.tilt_axis_deg, 0.0, 360.0, name + ".tilt_axis_deg");
    check(l.surface, 0, 2, name + ".surface");
    if (l.surface != CKEY_SURFACE_FLAT) check(l.arc_deg, 1.0, 120.0, name + ".arc_deg");
    check(l.carrier_scale, 1.0, 20.0, name + ".carrier_scale");
    check(l.carrier_reflectance, 0.0, 1.0, name + ".carrier_reflectance");
    check(l.paper_reflectance, 0.0, 1.0, name + ".paper_reflectance");
    check(l.ink_reflectance, 0.0, 1.0, name + ".ink_reflectance");
    check(l.damage_count, 0, CKEY_CAMERA_MAX_DAMAGE, name + ".damage_count");
    for (int i = 0; i < l.damage_count; ++i) {
        const std::string d = cat(name, ".damage[", i, "]");
        check(l.damage[i].kind, 0, 2, d + ".kind");
        check(l.damage[i].x, 0.0, 1.0, d + ".x");
        check(l.damage[i].y, 0.0, 1.0, d + ".y");
        check(l.damage[i].radius, 0.0, 1.0, d + ".radius");
    }
}

void check_lighting(const ckey_camera_scene &s) {
    for (int i = 0; i < 3; ++i) check(s.light_dir[i], -1.0, 1.0, cat("scene.light_dir[", i, "]"));
    const double length = std::sqrt(s.light_dir[0] * s.light_dir[0] + s.light_dir[1] * s.light_dir[1] +
                                    s.light_dir[2] * s.light_dir[2]);
    if (!(std::fabs(length - 1) <= 1e-3))
        fail(CKEY_INVALID_ARGUMENT, "scene.light_dir has length ", length, "; allowed 0.999...1.001 (a unit vector)");
    check(s.ambient, 0.0, 1.0, "scene.ambient");
    check(s.ramp_strength, 0.0, 1.0, "scene.ramp_strength");
    check(s.ramp_angle_deg, 0.0, 360.0, "scene.ramp_angle_deg");
    check(s.spot_strength, 0.0, 2.0, "scene.spot_strength");
    check(s.spot_x, 0.0, 1.0, "scene.spot_x");
    check(s.spot_y, 0.0, 1.0, "scene.spot_y");
    check(s.spot_radius, 0.0, 2.0, "scene.spot_radius");
    check(s.shadow, 0, 1, "scene.shadow");
    check(s.shadow_angle_deg, 0.0, 360.0, "scene.shadow_angle_deg");
    check(s.shadow_offset, -1.0, 1.0, "scene.shadow_offset");
    check(s.shadow_width, 0.0, 1.0, "scene.shadow_width");
    check(s.shadow_penumbra, 0.0, 0.5, "scene.shadow_penumbra");
    check(s.shadow_transmission, 0.0, 1.0, "scene.shadow_transmission");
    check(s.glare_count, 0, CKEY_CAMERA_MAX_GLARES, "scene.glare_count");
    for (int i = 0; i < s.glare_count; ++i) {
        const std::string g = cat("scene.glares[", i, "]");
        check(s.glares[i].x, 0.0, 1.0, g + ".x");
        check(s.glares[i].y, 0.0, 1.0, g + ".y");
        check(s.glares[i].radius_px, 0.0, 4096.0, g + ".radius_px");
        check(s.glares[i].intensity, 0.0, 10.0, g + ".intensity");
    }
}

void check_scene(const ckey_camera_scene &s) {
    check(s.category, 0, CKEY_CAMERA_CATEGORY_COUNT - 1, "scene.category");
    check(s.width, 16, 4096, "scene.width");
    check(s.height, 16, 4096, "scene.height");
    check(s.fov_deg, 10.0, 150.0, "scene.fov_deg");
    check(s.supersample, 1, 4, "scene.supersample");
    check(s.label_count, 1, CKEY_CAMERA_MAX_LABELS, "scene.label_count");
    for (int i = 0; i < s.label_count; ++i) check_label(s.labels[i], cat("scene.labels[", i, "]"));
    check_lighting(s);
    check(s.blur_sigma, 0.0, 10.0, "scene.blur_sigma");
    check(s.defocus_radius, 0.0, 8.0, "scene.defocus_radius");
    check(s.motion_length, 0.0, 50.0, "scene.motion_length");
    check(s.motion_angle_deg, 0.0, 360.0, "scene.motion_angle_deg");
    check(s.exposure, 1.0, 1e7, "scene.exposure");
    check(s.read_noise, 0.0, 100.0, "scene.read_noise");
    check(s.gamma, 1.0, 3.0, "scene.gamma");
    check(s.jpeg_quality, 0, 100, "scene.jpeg_quality");
    check(s.backdrop_gain, 0.0, 1.5, "scene.backdrop_gain");
}

void check_textures(const ckey_camera_scene &s, const ckey_camera_texture *textures, size_t count) {
    if (count != static_cast<size_t>(s.label_count))
        fail(CKEY_INVALID_ARGUMENT, "texture_count is ", count, "; it must equal scene.label_count (", s.label_count, ")");
    ckey::require(textures, "textures");
    for (size_t i = 0; i < count; ++i) {
        const auto &t = textures[i];
        const std::string name = cat("textures[", i, "]");
        ckey::require(t.pixels, (name + ".pixels").c_str());
        check(t.width, 8, 4096, name + ".width");
        check(t.height, 8, 4096, name + ".height");
        if (t.bytes_per_row < static_cast<size_t>(t.width))
            fail(CKEY_INVALID_ARGUMENT, name, ".bytes_per_row is ", t.bytes_per_row, "; it must be at least the width (",
                 t.width, ")");
    }
}

void check_backdrop(const uint8_t *backdrop, int width, int height, size_t bytes_per_row) {
    if (backdrop == nullptr) return;
    check(width, 1, 8192, "backdrop_width");
    check(height, 1, 8192, "backdrop_height");
    if (bytes_per_row < static_cast<size_t>(width))
        fail(CKEY_INVALID_ARGUMENT, "backdrop_bytes_per_row is ", bytes_per_row, "; it must be at least backdrop_width (",
             width, ")");
}

void fill_truth(const ckey_camera_scene &scene, ckey_camera_truth *truth) {
    *truth = ckey_camera_truth{};
    const ckey::Camera camera = ckey::make_camera(scene);
    for (int i = 0; i < scene.label_count; ++i)
        ckey::label_corners(ckey::make_pose(scene.labels[i], camera), camera, truth->corners[i], &truth->visible[i]);
}

}  // namespace

extern "C" ckey_status ckey_camera_scene_draw(int category, uint64_t seed, double severity,
                                              ckey_camera_scene *out_scene) {
    return ckey::guarded([&] {
        ckey::require(out_scene, "out_scene");
        check(category, 0, CKEY_CAMERA_CATEGORY_COUNT - 1, "category");
        check(severity, 0.0, 1.0, "severity");
        const ckey_camera_scene scene = ckey::draw_camera_scene(category, seed, severity);
        std::memcpy(out_scene, &scene, sizeof scene);
    });
}

extern "C" ckey_status ckey_camera_render(const ckey_camera_scene *scene, const ckey_camera_texture *textures,
                                          size_t texture_count, const uint8_t *backdrop, int backdrop_width,
                                          int backdrop_height, size_t backdrop_bytes_per_row, uint8_t *out_frame,
                                          size_t out_length, ckey_camera_truth *out_truth) {
    return ckey::guarded([&] {
        ckey::require(scene, "scene");
        check_scene(*scene);
        check_textures(*scene, textures, texture_count);
        check_backdrop(backdrop, backdrop_width, backdrop_height, backdrop_bytes_per_row);
        ckey::require(out_frame, "out_frame");
        const size_t needed = static_cast<size_t>(scene->width) * scene->height;
        if (out_length < needed)
            fail(CKEY_INVALID_ARGUMENT, "out_length is ", out_length, "; a ", scene->width, " x ", scene->height,
                 " frame needs at least ", needed);
        const std::vector<uint8_t> frame = ckey::render_camera_frame(
            *scene, textures, {backdrop, backdrop_width, backdrop_height, backdrop_bytes_per_row});
        std::memcpy(out_frame, frame.data(), needed);
        if (out_truth != nullptr) fill_truth(*scene, out_truth);
    });
}

extern "C" const char *ckey_camera_category_name(int category) { return ckey::camera_category_name(category); }
