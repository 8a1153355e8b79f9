// The phone-camera model used by certification: what a symbol of a given
// module pitch looks like to a phone (optics blur, glare, sensor noise).
#pragma once

#include "../image/gray_image.hpp"

#include <cstdint>

namespace ckey {

struct CameraModel {
    double blur_sigma = 0.7;  // px, lens and demosaicing
    double contrast = 0.8;    // glare lifts the blacks: v' = contrast * v + (1 - contrast) * 255 * 0.6
    double noise_sigma = 5;   // grey levels
    double rotation_degrees = 0;
    uint32_t seed = 1;        // noise is deterministic
};

// Applies the model to a luminance picture of the symbol and places it, with
// a margin of a quarter of its size in the backdrop's grey, in a larger frame.
GrayImage camera_view(const GrayImage &symbol, uint8_t backdrop_grey, const CameraModel &model);

}  // namespace ckey
