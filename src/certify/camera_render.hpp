// Camera simulator, stage 3: radiance. Traces ss x ss rays per pixel into
// the labels and carriers (nearest surface wins), samples the texture,
// applies damage, Lambertian shading, the frame's light ramp, spot and
// shadow band, fills misses with the backdrop, and adds glare. The result
// is linear radiance per pixel, 1 = white paper under full light.
#pragma once

#include "camera_geometry.hpp"

#include <ckey/camera.h>

#include <cstddef>
#include <cstdint>
#include <vector>

namespace ckey {

struct BackdropView {
    const uint8_t *pixels = nullptr;  // nullptr: drawn clutter from the seed
    int width = 0, height = 0;
    size_t bytes_per_row = 0;
};

// Where the rendered frame lies in the frame that its lighting (ramp, spot,
// shadow band, glare) and its drawn clutter were drawn for. Certification
// renders a crop around one label, lit as the whole phone frame around it
// would be and with that frame's clutter behind it. A width of 0: the
// rendered frame itself. (A photograph backdrop always covers the rendered
// frame.)
struct LightWindow {
    double x0 = 0, y0 = 0;  // the rendered frame's top-left, in the lit frame's pixels
    int width = 0, height = 0;
    // The lit frame for a rendered frame of this size: a width of 0 made explicit.
    LightWindow resolved(int frame_width, int frame_height) const {
        return width > 0 ? *this : LightWindow{0, 0, frame_width, frame_height};
    }
};

// scene, textures and backdrop already checked. width * height values, row-major.
std::vector<float> render_radiance(const ckey_camera_scene &scene, const ckey_camera_texture *textures,
                                   const BackdropView &backdrop, const LightWindow &window = {});

// The backdrop's reflectance at each pixel (the average of its ss x ss
// samples), before lighting. Exposed for tests and for the clutter itself.
std::vector<float> backdrop_reflectance(const ckey_camera_scene &scene, const BackdropView &backdrop,
                                        const LightWindow &window = {});

}  // namespace ckey
