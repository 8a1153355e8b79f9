// Camera simulator, stage 4: optics on the linear radiance image. A
// separable Gaussian (lens, demosaicing), a disk point-spread function
// (defocus) and a line (motion), applied in that order. Borders repeat the
// edge pixel.
#pragma once

#include <ckey/camera.h>

#include <vector>

namespace ckey {

void gaussian_blur(std::vector<float> &image, int width, int height, double sigma);
void disk_blur(std::vector<float> &image, int width, int height, double radius);
void motion_blur(std::vector<float> &image, int width, int height, double length, double angle_deg);

// All three with the scene's parameters; zero values are skipped.
void apply_optics(std::vector<float> &radiance, const ckey_camera_scene &scene);

}  // namespace ckey
