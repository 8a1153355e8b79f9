#include "envelope_predict.hpp"

#include "../scan/read_format.hpp"
#include "../scan/read_modules.hpp"
#include "../scan/scanner.hpp"
#include "camera_frame.hpp"
#include "camera_geometry.hpp"
#include "envelope_scene.hpp"

#include <algorithm>
#include <cmath>

namespace ckey {

namespace {

GrayImage render_frame(const ckey_camera_scene &scene, const LightWindow &window, const GrayImage &texture) {
    const ckey_camera_texture t{texture.pixels.data(), texture.width, texture.height,
                                static_cast<size_t>(texture.width)};
    GrayImage frame;
    frame.width = scene.width;
    frame.height = scene.height;
    frame.pixels = render_camera_frame(scene, &t, BackdropView{}, window);
    return frame;
}

// What fails in a frame that did not read, read again where the symbol truly
// is (the simulator knows its corners).
int judge_failure(const GrayImage &frame, const ckey_camera_scene &scene, const std::vector<uint8_t> &payload) {
    const Camera camera = make_camera(scene);
    ckey_point corners[4];
    int visible = 0;
    label_corners(make_pose(scene.labels[0], camera), camera, corners, &visible);
    Homography h;
    if (!fit_homography({{0, 0}, {31, 0}, {31, 31}, {0, 31}},
                        {{corners[0].x, corners[0].y}, {corners[1].x, corners[1].y}, {corners[2].x, corners[2].y},
                         {corners[3].x, corners[3].y}},
                        h))
        return CKEY_FAIL_FORMAT;
    Quad ring;
    for (int i = 0; i < 4; ++i) ring[i] = h.map(kCanvasRingCorners[i].x, kCanvasRingCorners[i].y);
    const FormatHit format = read_format(frame, ring);
    if (!format.found) return CKEY_FAIL_FORMAT;
    const std::vector<KeyReading> keys =
        find_keys(frame, format.map, format.info, format.ink, format.background, 0.6);
    const auto found = std::count_if(keys.begin(), keys.end(), [](const KeyReading &k) { return k.valid; });
    if (2 * static_cast<size_t>(found) < keys.size()) return CKEY_FAIL_KEYS;
    const ModuleDecode d = read_modules(frame, format.map, format.info, keys, true);
    return d.ok && d.payload == payload ? CKEY_FAIL_DETECTION : CKEY_FAIL_ERROR_CORRECTION;
}

}  // namespace

EnvelopeSample sample_envelope(const std::vector<SurfaceTexture> &surfaces, const std::vector<uint8_t> &payload,
                               const ckey_certify_envelope &envelope, double width_mm, double distance_min_mm,
                               double distance_max_mm, int count, uint64_t first, bool quick, const Deadline *deadline) {
    EnvelopeSample out;
    Scanner scanner;
    scanner.set_halve_min_side(0);  // the phone frame around the crop is halved
    for (int i = 0; i < count; ++i) {
        if (deadline != nullptr && out.frames > 0 && std::chrono::steady_clock::now() > *deadline) {
            out.budget_stopped = true;
            break;
        }
        const SurfaceTexture &surface = surfaces[static_cast<size_t>(i) % surfaces.size()];
        const EnvelopeFrame f = draw_envelope_frame(envelope, width_mm, distance_min_mm, distance_max_mm,
                                                    first + static_cast<uint64_t>(i), surface.carrier, quick);
        const GrayImage frame = render_frame(f.scene, f.window, surface.texture);
        const std::vector<ScanResult> results = scanner.scan(frame, false);
        const bool ok = !results.empty() && results.front().payload == payload;
        const double span = distance_max_mm - distance_min_mm;
        const int band = span > 0 ? std::clamp(static_cast<int>((f.distance_mm - distance_min_mm) / span * 5), 0, 4) : 0;
        ++out.frames;
        ++out.band_frames[band];
        ++out.lighting_frames[f.lighting == CKEY_LIGHTING_OUTDOOR];
        if (ok) {
            ++out.read;
            ++out.band_read[band];
            ++out.lighting_read[f.lighting == CKEY_LIGHTING_OUTDOOR];
            out.correction_margin = out.correction_margin < 0 ? results.front().correction_margin
                                                    : std::min(out.correction_margin, results.front().correction_margin);
        } else {
            ++out.failures[judge_failure(frame, f.scene, payload)];
        }
    }
    return out;
}

void wilson_interval(int read, int frames, double &low, double &high) {
    if (frames <= 0) {
        low = 0;
        high = 1;
        return;
    }
    const double z = 1.96, n = frames, p = read / n;
    const double denominator = 1 + z * z / n;
    const double centre = (p + z * z / (2 * n)) / denominator;
    const double half = z / denominator * std::sqrt(p * (1 - p) / n + z * z / (4 * n * n));
    // The interval always holds p; rounding at p = 0 or 1 must not put it outside.
    low = std::clamp(centre - half, 0.0, p);
    high = std::clamp(centre + half, p, 1.0);
}

}  // namespace ckey
