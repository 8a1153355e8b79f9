// Camera simulator, stage 3: supersampled radiance (surfaces, backdrop,
// lighting, glare).
#include "camera_render.hpp"

#include "random.hpp"

#include <algorithm>
#include <cmath>

namespace ckey {

namespace {

// --- Textures: bilinear samples from a box pyramid, so a texture much
// larger than its image is not aliased. ---

class LabelTexture {
public:
    // texels_per_sample: texture texels per ray spacing on the label.
    LabelTexture(const ckey_camera_texture &texture, double texels_per_sample)
        : width_(texture.width), height_(texture.height), bytes_(texture.pixels), stride_(texture.bytes_per_row) {
        while (texels_per_sample >= 2 && width_ > 8 && height_ > 8) {
            halve();
            texels_per_sample /= 2;
        }
    }
    LabelTexture(LabelTexture &&other) noexcept { *this = std::move(other); }
    LabelTexture &operator=(LabelTexture &&other) noexcept {
        width_ = other.width_, height_ = other.height_, stride_ = other.stride_;
        const bool owned = other.bytes_ == other.level_.data();
        level_ = std::move(other.level_);
        bytes_ = owned ? level_.data() : other.bytes_;
        return *this;
    }

    // t in 0 (ink) ... 1 (paper) at label coordinates (u, v).
    double sample(double u, double v) const {
        const double x = std::clamp(u * width_ - 0.5, 0.0, width_ - 1.0);
        const double y = std::clamp(v * height_ - 0.5, 0.0, height_ - 1.0);
        const int i0 = static_cast<int>(x), j0 = static_cast<int>(y);
        const int i1 = std::min(i0 + 1, width_ - 1);
        const uint8_t *row0 = bytes_ + static_cast<size_t>(j0) * stride_;
        const uint8_t *row1 = j0 + 1 < height_ ? row0 + stride_ : row0;
        const double fx = x - i0, fy = y - j0;
        const double top = row0[i0] + fx * (row0[i1] - row0[i0]);
        const double bottom = row1[i0] + fx * (row1[i1] - row1[i0]);
        return (top + fy * (bottom - top)) * (1.0 / 255);
    }

private:
    // 2 x 2 box average (rounded), the odd last row or column repeated.
    void halve() {
        const int w = std::max(1, width_ / 2), h = std::max(1, height_ / 2);
        std::vector<uint8_t> next(static_cast<size_t>(w) * h);
        auto at = [&](int i, int j) { return static_cast<int>(bytes_[static_cast<size_t>(j) * stride_ + i]); };
        for (int j = 0; j < h; ++j)
            for (int i = 0; i < w; ++i) {
                const int x1 = std::min(2 * i + 1, width_ - 1), y1 = std::min(2 * j + 1, height_ - 1);
                next[static_cast<size_t>(j) * w + i] =
                    static_cast<uint8_t>((at(2 * i, 2 * j) + at(x1, 2 * j) + at(2 * i, y1) + at(x1, y1) + 2) / 4);
            }
        level_ = std::move(next);
        bytes_ = level_.data();
        stride_ = static_cast<size_t>(w);
        width_ = w;
        height_ = h;
    }

    int width_ = 0, height_ = 0;
    const uint8_t *bytes_ = nullptr;  // the caller's texture, or level_
    size_t stride_ = 0;
    std::vector<uint8_t> level_;
};

// --- Damage: blobs with slightly irregular edges (low harmonics of the
// angle, drawn from the seed). ---

struct Blob {
    int kind;
    double x, y, radius;
    double inner2, outer2;  // squared radii surely inside / surely outside
    double c2, s2, c3, s3;  // harmonic amplitudes of the edge
};

std::vector<Blob> make_blobs(const ckey_camera_label &label, uint64_t seed, int label_index) {
    Random rng(seed ^ (0x9E37ull * (label_index + 1)), Stream::damage);
    std::vector<Blob> blobs;
    for (int i = 0; i < CKEY_CAMERA_MAX_DAMAGE; ++i) {
        Blob b{};
        b.c2 = rng.uniform(-0.06, 0.06), b.s2 = rng.uniform(-0.06, 0.06);
        b.c3 = rng.uniform(-0.06, 0.06), b.s3 = rng.uniform(-0.06, 0.06);
        if (i >= label.damage_count || label.damage[i].radius <= 0) continue;
        const auto &d = label.damage[i];
        b.kind = d.kind;
        b.x = d.x, b.y = d.y, b.radius = d.radius;
        b.inner2 = 0.75 * 0.75 * d.radius * d.radius;
        b.outer2 = 1.25 * 1.25 * d.radius * d.radius;
        blobs.push_back(b);
    }
    return blobs;
}

bool inside(const Blob &b, double u, double v) {
    const double dx = u - b.x, dy = v - b.y, d2 = dx * dx + dy * dy;
    if (d2 >= b.outer2) return false;
    if (d2 <= b.inner2) return true;
    const double d = std::sqrt(d2), c = dx / d, s = dy / d;
    const double edge = b.radius * (1 + b.c2 * (c * c - s * s) + b.s2 * (2 * c * s) + b.c3 * (4 * c * c * c - 3 * c) +
                                    b.s3 * (3 * s - 4 * s * s * s));
    return d < edge;
}

constexpr double kStickerReflectance = 0.9;
constexpr double kDirtFactor = 0.5;

struct Surface {
    LabelPose pose;
    double flat_lambert;  // flat surfaces: the shading of every point
    double side_light, normal_light;  // the light direction on the normal's two parts (see SurfaceHit)
    PixelBox box;
    CarrierBox slab;
    LabelTexture texture;
    double ink, paper, carrier;
    std::vector<Blob> blobs;

    double reflectance(const SurfaceHit &hit) const {
        double r = hit.on_label ? ink + texture.sample(hit.u, hit.v) * (paper - ink) : carrier;
        for (const Blob &b : blobs) {
            if (!inside(b, hit.u, hit.v)) continue;
            if (b.kind == CKEY_DAMAGE_INK) r = ink;
            else if (b.kind == CKEY_DAMAGE_STICKER) r = kStickerReflectance;
            else r *= kDirtFactor;
        }
        return r;
    }
};

template <class Lambert>
std::vector<Surface> make_surfaces(const ckey_camera_scene &scene, const Camera &camera,
                                   const ckey_camera_texture *textures, Vec3 light, Lambert lambert) {
    std::vector<Surface> surfaces;
    for (int i = 0; i < scene.label_count; ++i) {
        const auto &label = scene.labels[i];
        const auto &t = textures[i];
        const double per_sample = std::max(t.width, t.height) / (label.size_px * scene.supersample);
        const LabelPose pose = make_pose(label, camera);
        const Vec3 side = label.surface == CKEY_SURFACE_CYLINDER_HORIZONTAL ? pose.axis_b : pose.axis_a;
        surfaces.push_back({pose, lambert(pose.axis_c), dot(side, light), dot(pose.axis_c, light),
                            carrier_bounds(pose, camera), carrier_box(pose), LabelTexture(t, per_sample), label.ink_reflectance,
                            label.paper_reflectance, label.carrier_reflectance, make_blobs(label, scene.seed, i)});
    }
    return surfaces;
}

// --- Pixels that need no rays. A pixel's rays fill the frustum of its four
// corner rays; where that frustum crosses the slab between the planes
// c = 0 and c = depth of the carrier's box, its extremes in a and b are at
// the corner rays' crossings. So: all crossings off the box -> every ray
// misses the carrier; on a flat carrier, all crossings on the plain
// carrier (off the label and the damage) -> every ray sees the same. ---

struct Corner {
    double a0, b0, a1, b1;  // crossings of c = 0 and c = depth
    bool front;
};

enum class Footprint { trace, backdrop, carrier };

bool disjoint(double a0, double a1, double b0, double b1, double lo_a, double hi_a, double lo_b, double hi_b) {
    return a1 < lo_a || a0 > hi_a || b1 < lo_b || b0 > hi_b;
}

Footprint classify(const Surface &surface, const Corner &c0, const Corner &c1, const Corner &c2, const Corner &c3) {
    if (!(c0.front && c1.front && c2.front && c3.front)) return Footprint::trace;
    const double a0 = std::min({c0.a0, c1.a0, c2.a0, c3.a0, c0.a1, c1.a1, c2.a1, c3.a1});
    const double a1 = std::max({c0.a0, c1.a0, c2.a0, c3.a0, c0.a1, c1.a1, c2.a1, c3.a1});
    const double b0 = std::min({c0.b0, c1.b0, c2.b0, c3.b0, c0.b1, c1.b1, c2.b1, c3.b1});
    const double b1 = std::max({c0.b0, c1.b0, c2.b0, c3.b0, c0.b1, c1.b1, c2.b1, c3.b1});
    const CarrierBox &box = surface.slab;
    if (disjoint(a0, a1, b0, b1, -box.extent_a, box.extent_a, -box.extent_b, box.extent_b)) return Footprint::backdrop;
    if (surface.pose.surface != CKEY_SURFACE_FLAT) return Footprint::trace;
    const double half = surface.pose.carrier_half;
    if (a0 < -half || a1 > half || b0 < -half || b1 > half) return Footprint::trace;
    if (!disjoint(a0, a1, b0, b1, -0.5, 0.5, -0.5, 0.5)) return Footprint::trace;
    for (const Blob &blob : surface.blobs) {
        const double r = 1.25 * blob.radius, ba = blob.x - 0.5, bb = blob.y - 0.5;
        if (!disjoint(a0, a1, b0, b1, ba - r, ba + r, bb - r, bb + r)) return Footprint::trace;
    }
    return Footprint::carrier;
}

// --- Backdrop: a photograph resampled to cover the frame, or clutter. ---

// One axis of the cover mapping: for each output pixel, ss linear taps.
struct Tap {
    int i0, i1;
    float w;
};

std::vector<Tap> cover_taps(int out_size, int source_size, double scale, int ss) {
    std::vector<Tap> taps;
    taps.reserve(static_cast<size_t>(out_size) * ss);
    for (int o = 0; o < out_size; ++o)
        for (int a = 0; a < ss; ++a) {
            const double p = o + (a + 0.5) / ss;
            const double x = std::clamp((p - out_size / 2.0) / scale + source_size / 2.0 - 0.5, 0.0, source_size - 1.0);
            const int i0 = static_cast<int>(x);
            taps.push_back({i0, std::min(i0 + 1, source_size - 1), static_cast<float>(x - i0)});
        }
    return taps;
}

// Rows of the photo resampled horizontally, kept while they are needed.
class RowCache {
public:
    RowCache(const BackdropView &photo, const std::vector<Tap> &x_taps, int width, int ss, const float *linear)
        : photo_(photo), taps_(x_taps), width_(width), ss_(ss), linear_(linear), slots_(4 * ss + 4) {}

    const float *row(int j) {
        ++clock_;
        for (auto &slot : slots_)
            if (slot.key == j) {
                slot.used = clock_;
                return slot.values.data();
            }
        auto &slot = *std::min_element(slots_.begin(), slots_.end(),
                                       [](const Slot &a, const Slot &b) { return a.used < b.used; });
        slot.key = j;
        slot.used = clock_;
        slot.values.resize(width_);
        const uint8_t *src = photo_.pixels + static_cast<size_t>(j) * photo_.bytes_per_row;
        for (int x = 0; x < width_; ++x) {
            float sum = 0;
            for (int a = 0; a < ss_; ++a) {
                const Tap &t = taps_[static_cast<size_t>(x) * ss_ + a];
                sum += linear_[src[t.i0]] + t.w * (linear_[src[t.i1]] - linear_[src[t.i0]]);
            }
            slot.values[x] = sum / ss_;
        }
        return slot.values.data();
    }

private:
    struct Slot {
        int key = -1;
        uint64_t used = 0;
        std::vector<float> values;
    };
    const BackdropView &photo_;
    const std::vector<Tap> &taps_;
    int width_, ss_;
    const float *linear_;
    std::vector<Slot> slots_;
    uint64_t clock_ = 0;
};

// The photo is taken as gamma-2.2 encoded and decoded to linear reflectance.
constexpr double kPhotoGamma = 2.2;

std::vector<float> photo_reflectance(const ckey_camera_scene &scene, const BackdropView &photo) {
    const int w = scene.width, h = scene.height, ss = scene.supersample;
    float linear[256];
    for (int v = 0; v < 256; ++v) linear[v] = static_cast<float>(std::pow(v / 255.0, kPhotoGamma));
    const double scale = std::max(static_cast<double>(w) / photo.width, static_cast<double>(h) / photo.height);
    const auto x_taps = cover_taps(w, photo.width, scale, ss), y_taps = cover_taps(h, photo.height, scale, ss);
    RowCache cache(photo, x_taps, w, ss, linear);
    std::vector<float> out(static_cast<size_t>(w) * h, 0.0f);
    for (int y = 0; y < h; ++y) {
        float *dst = &out[static_cast<size_t>(y) * w];
        for (int b = 0; b < ss; ++b) {
            const Tap &t = y_taps[static_cast<size_t>(y) * ss + b];
            const float *r0 = cache.row(t.i0);
            const float *r1 = cache.row(t.i1);
            for (int x = 0; x < w; ++x) dst[x] += (r0[x] + t.w * (r1[x] - r0[x])) / ss;
        }
    }
    return out;
}

// Clutter: things a camera sees behind a product, drawn at frame resolution.
// Placed and sized in the lit frame (LightWindow), drawn where the rendered
// frame sees it.
class Clutter {
public:
    Clutter(int width, int height, uint64_t seed, const LightWindow &window)
        : w_(width), h_(height), lit_(window.resolved(width, height)), rng_(seed, Stream::clutter),
          image_(static_cast<size_t>(width) * height) {}

    std::vector<float> draw() {
        base_gradient();
        for (int i = 0, n = rng_.between(6, 14); i < n; ++i) rectangle();
        for (int i = 0, n = rng_.between(4, 10); i < n; ++i) line();
        for (int i = 0, n = rng_.between(2, 5); i < n; ++i) text_block();
        for (int i = 0, n = rng_.between(1, 3); i < n; ++i) soft_light();
        for (float &v : image_) v = std::clamp(v, 0.0f, 1.0f);
        return std::move(image_);
    }

private:
    float &at(int x, int y) { return image_[static_cast<size_t>(y) * w_ + x]; }

    void base_gradient() {
        const double g0 = rng_.uniform(0.1, 0.9), g1 = rng_.uniform(0.1, 0.9), a = radians(rng_.uniform(0, 360));
        const double c = std::cos(a), s = std::sin(a);
        const double inverse_span = 1 / (std::fabs(c) * lit_.width + std::fabs(s) * lit_.height);
        for (int y = 0; y < h_; ++y)
            for (int x = 0; x < w_; ++x) {
                const double t =
                    ((x + lit_.x0 - lit_.width / 2.0) * c + (y + lit_.y0 - lit_.height / 2.0) * s) * inverse_span + 0.5;
                at(x, y) = static_cast<float>(g0 + t * (g1 - g0));
            }
    }

    // Fills the pixels whose centres satisfy in(px, py) within a box (both
    // in the lit frame's pixels).
    template <class Inside>
    void fill(double x0, double y0, double x1, double y1, float grey, Inside in) {
        x0 -= lit_.x0, x1 -= lit_.x0, y0 -= lit_.y0, y1 -= lit_.y0;
        if (x1 < 0 || y1 < 0 || x0 > w_ || y0 > h_) return;
        const int i0 = std::max(0, static_cast<int>(std::floor(x0))), i1 = std::min(w_ - 1, static_cast<int>(x1));
        const int j0 = std::max(0, static_cast<int>(std::floor(y0))), j1 = std::min(h_ - 1, static_cast<int>(y1));
        for (int j = j0; j <= j1; ++j)
            for (int i = i0; i <= i1; ++i)
                if (in(i + lit_.x0 + 0.5, j + lit_.y0 + 0.5)) at(i, j) = grey;
    }

    void rotated_box(double cx, double cy, double hw, double hh, double angle, float grey) {
        const double c = std::cos(angle), s = std::sin(angle), r = std::hypot(hw, hh);
        fill(cx - r, cy - r, cx + r, cy + r, grey, [&](double px, double py) {
            const double dx = px - cx, dy = py - cy;
            return std::fabs(dx * c + dy * s) <= hw && std::fabs(-dx * s + dy * c) <= hh;
        });
    }

    void rectangle() {
        const double cx = rng_.uniform(-0.1, 1.1) * lit_.width, cy = rng_.uniform(-0.1, 1.1) * lit_.height;
        const double hw = rng_.uniform(0.03, 0.25) * lit_.width, hh = rng_.uniform(0.03, 0.25) * lit_.width;
        const double angle = rng_.coin() ? 0 : radians(rng_.uniform(0, 180));
        rotated_box(cx, cy, hw, hh, angle, static_cast<float>(rng_.uniform(0.05, 0.95)));
    }

    void line() {
        const double x0 = rng_.uniform(0, lit_.width), y0 = rng_.uniform(0, lit_.height);
        const double x1 = rng_.uniform(0, lit_.width), y1 = rng_.uniform(0, lit_.height);
        const double half = rng_.uniform(0.5, 3);
        const float grey = static_cast<float>(rng_.uniform(0.02, 0.98));
        const double dx = x1 - x0, dy = y1 - y0, inverse_length2 = 1 / std::max(1e-9, dx * dx + dy * dy);
        fill(std::min(x0, x1) - half, std::min(y0, y1) - half, std::max(x0, x1) + half, std::max(y0, y1) + half,
             grey, [&](double px, double py) {
                 const double t = std::clamp(((px - x0) * dx + (py - y0) * dy) * inverse_length2, 0.0, 1.0);
                 const double ex = px - (x0 + t * dx), ey = py - (y0 + t * dy);
                 return ex * ex + ey * ey <= half * half;
             });
    }

    // Lines of glyph-like strokes: what printed text looks like at a distance.
    void text_block() {
        const double x0 = rng_.uniform(0, 0.8) * lit_.width, y0 = rng_.uniform(0, 0.9) * lit_.height;
        const double line_height = rng_.uniform(8, 20), stroke = std::max(1.0, 0.12 * line_height);
        const double right = x0 + rng_.uniform(0.1, 0.4) * lit_.width;
        const float grey = static_cast<float>(rng_.coin() ? rng_.uniform(0.02, 0.3) : rng_.uniform(0.7, 0.95));
        for (int row = 0, rows = rng_.between(2, 6); row < rows; ++row) {
            const double top = y0 + row * 1.5 * line_height;
            for (double x = x0; x < right;) {
                const double glyph = rng_.uniform(0.4, 0.8) * line_height;
                if (rng_.below(6) == 0) {  // a word gap
                    x += glyph;
                    continue;
                }
                for (int k = 0, strokes = rng_.between(1, 3); k < strokes; ++k) {
                    if (rng_.coin()) {
                        const double sx = x + rng_.uniform(0, glyph - stroke);
                        rotated_box(sx + stroke / 2, top + line_height / 2, stroke / 2, line_height / 2, 0, grey);
                    } else {
                        const double sy = top + rng_.uniform(0, line_height - stroke);
                        rotated_box(x + glyph / 2, sy + stroke / 2, glyph / 2, stroke / 2, 0, grey);
                    }
                }
                x += glyph + stroke;
            }
        }
    }

    // A smooth brighter or darker patch: (1 - d^2/R^2)^2 inside R.
    void soft_light() {
        // The centre in the rendered frame's pixels.
        const double cx = rng_.uniform(0, lit_.width) - lit_.x0, cy = rng_.uniform(0, lit_.height) - lit_.y0;
        const double r = rng_.uniform(0.1, 0.4) * lit_.width;
        const double gain = rng_.uniform(-0.5, 0.5), inverse_r2 = 1 / (r * r);
        const int i0 = std::max(0, static_cast<int>(cx - r)), i1 = std::min(w_ - 1, static_cast<int>(cx + r));
        const int j0 = std::max(0, static_cast<int>(cy - r)), j1 = std::min(h_ - 1, static_cast<int>(cy + r));
        for (int j = j0; j <= j1; ++j)
            for (int i = i0; i <= i1; ++i) {
                const double dx = i + 0.5 - cx, dy = j + 0.5 - cy, q = 1 - (dx * dx + dy * dy) * inverse_r2;
                if (q > 0) at(i, j) *= static_cast<float>(1 + gain * q * q);
            }
    }

    int w_, h_;
    LightWindow lit_;  // the frame the clutter is placed in
    Random rng_;
    std::vector<float> image_;
};

// --- Light that depends only on the frame position. ---

double smoothstep(double e0, double e1, double x) {
    if (e1 <= e0) return x < e0 ? 0 : 1;
    const double t = std::clamp((x - e0) / (e1 - e0), 0.0, 1.0);
    return t * t * (3 - 2 * t);
}

// The frame's lighting, drawn over the lit frame (LightWindow): pixel
// positions of the rendered frame are shifted into it.
class FrameLight {
public:
    FrameLight(const ckey_camera_scene &s, const LightWindow &window) : s_(s) {
        const LightWindow lit = window.resolved(s.width, s.height);
        x0_ = lit.x0, y0_ = lit.y0, width_ = lit.width, height_ = lit.height;
        const double a = radians(s.ramp_angle_deg);
        rc_ = std::cos(a), rs_ = std::sin(a);
        const double corners[4] = {0, rc_ * width_, rs_ * height_, rc_ * width_ + rs_ * height_};
        ramp_min_ = *std::min_element(corners, corners + 4);
        ramp_span_ = *std::max_element(corners, corners + 4) - ramp_min_;
        inverse_span_ = ramp_span_ > 0 ? 1 / ramp_span_ : 0;
        const double b = radians(s.shadow_angle_deg);
        nx_ = -std::sin(b), ny_ = std::cos(b);
        inverse_width_ = 1.0 / width_;
        if (s.spot_strength > 0 && s.spot_radius > 0) {
            const double r = s.spot_radius * width_;  // spot_radius is in frame widths
            for (int x = 0; x < s.width; ++x) spot_x_.push_back(gauss(x + 0.5 + x0_ - s.spot_x * width_, r));
            for (int y = 0; y < s.height; ++y) spot_y_.push_back(gauss(y + 0.5 + y0_ - s.spot_y * height_, r));
        }
    }

    // 1 - strength * (0 at one edge ... 1 at the other).
    double ramp(double px, double py) const {
        if (ramp_span_ <= 0) return 1;
        return 1 - s_.ramp_strength * (((px + x0_) * rc_ + (py + y0_) * rs_ - ramp_min_) * inverse_span_);
    }

    // The Gaussian is separable: a factor per column times one per row.
    double spot(int x, int y) const { return spot_x_.empty() ? 0 : s_.spot_strength * spot_x_[x] * spot_y_[y]; }

    // Transmission inside the band, 1 outside, a smoothstep penumbra across each edge.
    double shadow(double px, double py) const {
        if (!s_.shadow) return 1;
        const double d = std::fabs(((px + x0_ - width_ / 2.0) * nx_ + (py + y0_ - height_ / 2.0) * ny_) * inverse_width_ -
                                   s_.shadow_offset);
        const double half = s_.shadow_width / 2, pen = s_.shadow_penumbra / 2;
        const double t = s_.shadow_transmission;
        return t + (1 - t) * smoothstep(half - pen, half + pen, d);
    }

    // A glare's centre in the rendered frame's pixels.
    double glare_x(const ckey_camera_glare &g) const { return g.x * width_ - x0_; }
    double glare_y(const ckey_camera_glare &g) const { return g.y * height_ - y0_; }

private:
    static double gauss(double d, double r) { return std::exp(-d * d / (2 * r * r)); }
    const ckey_camera_scene &s_;
    double x0_, y0_, width_, height_;
    double rc_, rs_, ramp_min_, ramp_span_, inverse_span_, nx_, ny_, inverse_width_;
    std::vector<double> spot_x_, spot_y_;
};

void add_glare(const ckey_camera_scene &s, const FrameLight &light, std::vector<float> &radiance) {
    for (int g = 0; g < s.glare_count; ++g) {
        const auto &glare = s.glares[g];
        if (glare.radius_px <= 0 || glare.intensity <= 0) continue;
        const double cx = light.glare_x(glare), cy = light.glare_y(glare), r = glare.radius_px, reach = 5 * r;
        const int i0 = std::max(0, static_cast<int>(cx - reach)), i1 = std::min(s.width - 1, static_cast<int>(cx + reach));
        const int j0 = std::max(0, static_cast<int>(cy - reach)), j1 = std::min(s.height - 1, static_cast<int>(cy + reach));
        for (int j = j0; j <= j1; ++j)
            for (int i = i0; i <= i1; ++i) {
                const double dx = i + 0.5 - cx, dy = j + 0.5 - cy;
                radiance[static_cast<size_t>(j) * s.width + i] +=
                    static_cast<float>(glare.intensity * std::exp(-(dx * dx + dy * dy) / (2 * r * r)));
            }
    }
}

}  // namespace

std::vector<float> backdrop_reflectance(const ckey_camera_scene &scene, const BackdropView &backdrop,
                                        const LightWindow &window) {
    std::vector<float> out = backdrop.pixels != nullptr ? photo_reflectance(scene, backdrop)
                                                        : Clutter(scene.width, scene.height, scene.seed, window).draw();
    for (float &v : out) v *= static_cast<float>(scene.backdrop_gain);
    return out;
}

std::vector<float> render_radiance(const ckey_camera_scene &scene, const ckey_camera_texture *textures,
                                   const BackdropView &backdrop, const LightWindow &window) {
    const Camera camera = make_camera(scene);
    const Vec3 light{scene.light_dir[0], scene.light_dir[1], scene.light_dir[2]};
    const double ambient = scene.ambient;
    auto lambert = [&](Vec3 n) { return ambient + (1 - ambient) * std::max(0.0, dot(n, light)); };
    const double backdrop_lambert = lambert({0, 0, -1});  // seen flat, facing the camera
    const std::vector<Surface> surfaces = make_surfaces(scene, camera, textures, light, lambert);
    const std::vector<float> back = backdrop_reflectance(scene, backdrop, window);
    const FrameLight frame_light(scene, window);
    const int w = scene.width, h = scene.height, ss = scene.supersample;

    // Ray directions of the sub-pixel grid, per column and per row.
    std::vector<double> ray_x(static_cast<size_t>(w) * ss), ray_y(static_cast<size_t>(h) * ss);
    for (int i = 0; i < w * ss; ++i) ray_x[i] = ((i + 0.5) / ss - camera.cx) / camera.focal;
    for (int j = 0; j < h * ss; ++j) ray_y[j] = ((j + 0.5) / ss - camera.cy) / camera.focal;
    // Pixel corners of the current row (top and bottom) on the row's lone surface.
    std::vector<Corner> top(static_cast<size_t>(w) + 1), bottom(static_cast<size_t>(w) + 1);
    auto corner_row = [&](const Surface &surface, int y, std::vector<Corner> &row) {
        const double ry = (y - camera.cy) / camera.focal;
        for (int x = surface.box.x0; x <= surface.box.x1 + 1; ++x) {
            Corner &c = row[x];
            const Vec3 dir{(x - camera.cx) / camera.focal, ry, 1};
            c.front = plane_point(surface.pose, dir, 0, c.a0, c.b0);
            if (surface.slab.depth == 0) {
                c.a1 = c.a0, c.b1 = c.b0;
            } else if (c.front) {
                plane_point(surface.pose, dir, surface.slab.depth, c.a1, c.b1);
            }
        }
    };

    std::vector<float> radiance(static_cast<size_t>(w) * h);
    const double per_ray = 1.0 / (ss * ss);
    const Surface *active[CKEY_CAMERA_MAX_LABELS];
    for (int y = 0; y < h; ++y) {
        const Surface *lone = nullptr;  // the row's only surface
        int in_row = 0;
        for (const Surface &surface : surfaces)
            if (y >= surface.box.y0 && y <= surface.box.y1) lone = ++in_row == 1 ? &surface : nullptr;
        if (lone != nullptr) {
            corner_row(*lone, y, top);
            corner_row(*lone, y + 1, bottom);
        }
        for (int x = 0; x < w; ++x) {
            const size_t index = static_cast<size_t>(y) * w + x;
            int count = 0;
            for (const Surface &surface : surfaces)
                if (surface.box.contains(x, y)) active[count++] = &surface;
            const Footprint footprint = count == 1 && lone != nullptr
                                            ? classify(*lone, top[x], top[x + 1], bottom[x], bottom[x + 1])
                                            : Footprint::trace;
            // shaded: sum of reflectance x Lambert; plain: sum of reflectance (for the spot).
            double shaded, plain;
            if (count == 0 || footprint == Footprint::backdrop) {
                plain = back[index];
                shaded = plain * backdrop_lambert;
            } else if (footprint == Footprint::carrier) {
                plain = lone->carrier;
                shaded = plain * lone->flat_lambert;
            } else {
                shaded = plain = 0;
                for (int b = 0; b < ss; ++b)
                    for (int a = 0; a < ss; ++a) {
                        const Vec3 dir{ray_x[static_cast<size_t>(x) * ss + a], ray_y[static_cast<size_t>(y) * ss + b], 1};
                        SurfaceHit best, hit;
                        const Surface *nearest = nullptr;
                        for (int k = 0; k < count; ++k)
                            if (intersect(active[k]->pose, dir, hit) && (nearest == nullptr || hit.t < best.t)) {
                                best = hit;
                                nearest = active[k];
                            }
                        if (nearest != nullptr) {
                            const double r = nearest->reflectance(best);
                            plain += r;
                            const double n_dot_l = best.sin_phi * nearest->side_light + best.cos_phi * nearest->normal_light;
                            shaded += r * (ambient + (1 - ambient) * std::max(0.0, n_dot_l));
                        } else {
                            plain += back[index];
                            shaded += back[index] * backdrop_lambert;
                        }
                    }
                shaded *= per_ray;
                plain *= per_ray;
            }
            const double px = x + 0.5, py = y + 0.5;
            radiance[index] = static_cast<float>(
                frame_light.shadow(px, py) * (frame_light.ramp(px, py) * shaded + frame_light.spot(x, y) * plain));
        }
    }
    add_glare(scene, frame_light, radiance);
    return radiance;
}

}  // namespace ckey
