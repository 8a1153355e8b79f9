// Certification over a use envelope, stage 1: the camera scene of each frame,
// drawn from the envelope and the frame's seed (docs/certification.md lists
// every range). The frame is a square crop of a 1280 x 720, 70-degree phone
// frame around the symbol: the same optics, a fraction of the pixels. The
// light is drawn over the whole phone frame and seen through the crop.
#pragma once

#include "camera_render.hpp"

#include <ckey/camera.h>
#include <ckey/certify.h>

#include <cstdint>

namespace ckey {

// Focal length of the 1280 px, 70-degree frame the benchmark uses, in px.
constexpr double kPhoneFocalPx = 914.0;
constexpr int kPhoneFrameWidth = 1280, kPhoneFrameHeight = 720;
// A CSS pixel, in mm (1/96 inch).
constexpr double kCssPixelMm = 25.4 / 96;

// The envelope's fields range-checked; throws CKEY_INVALID_ARGUMENT naming
// the field, its value and what is allowed.
void check_envelope(const ckey_certify_envelope &envelope);

// Printed width of the symbol's canvas, mm (size_mm, else size_px in CSS px).
double envelope_width_mm(const ckey_certify_envelope &envelope);

struct EnvelopeFrame {
    ckey_camera_scene scene;
    LightWindow window;  // where the crop lies in the phone frame
    double distance_mm = 0;
    int lighting = CKEY_LIGHTING_INDOOR;  // indoor or outdoor (a mixed envelope draws one)
};

// Frame `index` of the envelope for a symbol printed width_mm wide at the
// given distance range, its label's surround of carrier reflectance; quick:
// supersample 1.
EnvelopeFrame draw_envelope_frame(const ckey_certify_envelope &envelope, double width_mm, double distance_min_mm,
                                  double distance_max_mm, uint64_t index, double carrier, bool quick);

}  // namespace ckey
