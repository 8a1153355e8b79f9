// Certification over a use envelope, stage 2: frames rendered by the camera
// simulator and scanned by the real scanner; the read rate, what fails in
// the frames that do not read (judged again at the symbol's true position),
// and where in the envelope reading is worst.
#pragma once

#include "../image/gray_image.hpp"

#include <ckey/certify.h>

#include <chrono>
#include <cstdint>
#include <vector>

namespace ckey {

// The symbol as drawn over one surface: a grey texture (the canvas, quiet
// margin included) and the reflectance of the surface around it.
struct SurfaceTexture {
    GrayImage texture;
    double carrier = 0.5;
};

struct EnvelopeSample {
    int frames = 0, read = 0;
    int failures[CKEY_FAIL_KIND_COUNT] = {};
    int correction_margin = -1;
    int band_frames[5] = {}, band_read[5] = {};          // five distance bands
    int lighting_frames[2] = {}, lighting_read[2] = {};  // indoor, outdoor
    bool budget_stopped = false;
    double rate() const { return frames > 0 ? static_cast<double>(read) / frames : 0; }
};

using Deadline = std::chrono::steady_clock::time_point;

// Frames first...first+count of the envelope at these distances, the
// surfaces taken in turn; stops early at the deadline (when set).
EnvelopeSample sample_envelope(const std::vector<SurfaceTexture> &surfaces, const std::vector<uint8_t> &payload,
                               const ckey_certify_envelope &envelope, double width_mm, double distance_min_mm,
                               double distance_max_mm, int count, uint64_t first, bool quick, const Deadline *deadline);

// Wilson's 95% interval for read of frames.
void wilson_interval(int read, int frames, double &low, double &high);

}  // namespace ckey
