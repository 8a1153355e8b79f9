// Camera simulator, stage 1: the scene. Every parameter of a frame drawn
// from a category, a seed and a severity (docs/camera-simulator.md lists the
// ranges). Each category's own factor moves from its nominal draw v0 to a
// hard draw v1 as v0 + severity * (v1 - v0).
#pragma once

#include <ckey/camera.h>

#include <cstdint>

namespace ckey {

// category in 0...CKEY_CAMERA_CATEGORY_COUNT-1, severity in 0...1 (checked by the caller).
ckey_camera_scene draw_camera_scene(int category, uint64_t seed, double severity);

// Points scene.light_dir off_axis_deg away from the optical axis, toward
// azimuth_deg in the frame, from the camera's side (the light is behind it).
void set_light(ckey_camera_scene &scene, double off_axis_deg, double azimuth_deg);

// "nominal", "small", ... or nullptr when unknown.
const char *camera_category_name(int category);

}  // namespace ckey
