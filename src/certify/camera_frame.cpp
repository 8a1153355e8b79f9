#include "camera_frame.hpp"

#include "camera_optics.hpp"
#include "camera_sensor.hpp"

namespace ckey {

std::vector<uint8_t> render_camera_frame(const ckey_camera_scene &scene, const ckey_camera_texture *textures,
                                         const BackdropView &backdrop, const LightWindow &window) {
    std::vector<float> radiance = render_radiance(scene, textures, backdrop, window);
    apply_optics(radiance, scene);
    std::vector<uint8_t> frame = expose(radiance, scene);
    if (scene.jpeg_quality > 0) jpeg_round_trip(frame, scene.width, scene.height, scene.jpeg_quality);
    return frame;
}

}  // namespace ckey
