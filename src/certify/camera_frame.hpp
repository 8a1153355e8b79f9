// Camera simulator, every stage in order: radiance (camera_render), optics
// (camera_optics), then the sensor and JPEG (camera_sensor). The C API and
// certification both draw frames through it.
#pragma once

#include "camera_render.hpp"

#include <ckey/camera.h>

#include <cstdint>
#include <vector>

namespace ckey {

// The frame's width * height grey bytes; scene, textures and backdrop already
// checked. window: see LightWindow.
std::vector<uint8_t> render_camera_frame(const ckey_camera_scene &scene, const ckey_camera_texture *textures,
                                         const BackdropView &backdrop, const LightWindow &window = {});

}  // namespace ckey
