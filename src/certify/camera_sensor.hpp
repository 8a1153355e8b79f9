// Camera simulator, stage 5: the sensor. Radiance to electrons (exposure),
// shot noise (exact Poisson below 20 e-, normal above), read noise, the
// full well (1.6 x exposure), the tone curve to 8 bits, and an optional
// JPEG round trip through libjpeg.
#pragma once

#include <ckey/camera.h>

#include <cstdint>
#include <vector>

namespace ckey {

// Electrons collected from white paper under full light saturate at this multiple.
constexpr double kFullWellRatio = 1.6;

// Noise and tone: 8-bit grey, width * height, from linear radiance.
std::vector<uint8_t> expose(const std::vector<float> &radiance, const ckey_camera_scene &scene);

// Compresses at quality 1...100 and decodes back in place.
void jpeg_round_trip(std::vector<uint8_t> &frame, int width, int height, int quality);

}  // namespace ckey
