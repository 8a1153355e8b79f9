// Certification: the style check, then frames of the use envelope drawn by
// the camera simulator around the real rendering and read by the real
// scanner (envelope_scene, envelope_predict); the adaptive policy adapts the
// style until it certifies or says it cannot; the smallest printed size that
// would certify at the far end of the range.
#include <ckey/certify.h>

#include "../codec/symbol_handle.hpp"
#include "../core/guard.hpp"
#include "../render/raster.hpp"
#include "../render/style_check.hpp"
#include "envelope_predict.hpp"
#include "envelope_scene.hpp"
#include "certify_report.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

namespace {

using ckey::SurfaceTexture;

// Straight-alpha RGBA over an opaque colour, as luminance (Rec. 601).
ckey::GrayImage composite(const std::vector<uint8_t> &rgba, int size, uint32_t backdrop) {
    ckey::GrayImage g;
    g.width = g.height = size;
    g.pixels.resize(static_cast<size_t>(size) * size);
    const int br = (backdrop >> 16) & 255, bg = (backdrop >> 8) & 255, bb = backdrop & 255;
    for (size_t i = 0; i < g.pixels.size(); ++i) {
        const uint8_t *p = &rgba[4 * i];
        int a = p[3];
        int r = (p[0] * a + br * (255 - a) + 127) / 255, gg = (p[1] * a + bg * (255 - a) + 127) / 255,
            b = (p[2] * a + bb * (255 - a) + 127) / 255;
        g.pixels[i] = static_cast<uint8_t>((77 * r + 150 * gg + 29 * b + 128) >> 8);
    }
    return g;
}

double grey_of(uint32_t rgb) {
    return ((77 * ((rgb >> 16) & 255) + 150 * ((rgb >> 8) & 255) + 29 * (rgb & 255) + 128) >> 8) / 255.0;
}

// The symbol drawn in `style` over each surface, at `size` px.
std::vector<SurfaceTexture> textures_for(const ckey::Symbol &symbol, const ckey_style &style, bool transparent,
                                         const std::vector<uint32_t> &surfaces, int size) {
    size = std::clamp(std::max(size, ckey::min_raster_size(symbol)), 64, 2048);
    ckey::validate_raster_size(symbol, size);
    std::vector<uint8_t> rgba(static_cast<size_t>(size) * size * 4);
    const ckey::Style drawn = ckey::resolve_style(symbol, style, transparent, nullptr);
    ckey::rasterize(symbol, drawn, size, CKEY_RASTER_COVERAGE, transparent, rgba.data(), static_cast<size_t>(size) * 4);
    std::vector<SurfaceTexture> out;
    for (uint32_t surface : surfaces) {
        SurfaceTexture t;
        t.texture = composite(rgba, size, surface);
        // The texture's 0...255 prints as reflectance 0.03...0.9 (envelope_scene.cpp).
        t.carrier = 0.03 + 0.87 * grey_of(surface);
        out.push_back(std::move(t));
    }
    return out;
}


class Certifier {
public:
    Certifier(const ckey::Symbol &symbol, const ckey_certify_envelope &envelope, bool transparent,
              std::vector<uint32_t> surfaces)
        : symbol_(symbol), envelope_(envelope), transparent_(transparent), surfaces_(std::move(surfaces)) {
        payload_ = symbol.payload;
        width_mm_ = ckey::envelope_width_mm(envelope);
        quick_ = envelope.quick != 0;
        frames_ = quick_ ? 32 : envelope.frames;
        if (envelope.time_budget_ms > 0)
            deadline_ = std::chrono::steady_clock::now() +
                        std::chrono::microseconds(static_cast<long long>(envelope.time_budget_ms * 1000));
    }

    ckey::EnvelopeSample evaluate(const ckey_style &style) {
        // Texture resolution: about two texels per frame pixel at the nearest
        // distance (quick: one and a quarter, as its frames are not supersampled).
        const double nearest_px = ckey::kPhoneFocalPx * width_mm_ / envelope_.distance_min_mm;
        const double texels = (quick_ ? 1.25 : 2) * nearest_px;
        textures_ = textures_for(symbol_, style, transparent_, surfaces_, static_cast<int>(std::min(texels, 1024.0)));
        return ckey::sample_envelope(textures_, payload_, envelope_, width_mm_, envelope_.distance_min_mm,
                                     envelope_.distance_max_mm, frames_, 0, quick_, deadline());
    }

    // Smallest width (steps of 2^(1/4), 1/2 to 8 times the given one) whose
    // frames at the far distance read at the threshold; 0 when none does.
    double min_size_mm() {
        const int frames = quick_ ? 16 : 40;
        auto passes = [&](int step) {
            const double width = width_mm_ * std::pow(2.0, step / 4.0);
            const ckey::EnvelopeSample s =
                ckey::sample_envelope(textures_, payload_, envelope_, width, envelope_.distance_max_mm,
                                      envelope_.distance_max_mm, frames, 1u << 20, quick_, nullptr);
            return s.read >= envelope_.threshold * s.frames;
        };
        int step = 0;
        if (passes(0)) {
            while (step > -4 && passes(step - 1)) --step;
            return width_mm_ * std::pow(2.0, step / 4.0);
        }
        while (++step <= 12)
            if (passes(step)) return width_mm_ * std::pow(2.0, step / 4.0);
        return 0;
    }

    double width_mm() const { return width_mm_; }

private:
    const ckey::Deadline *deadline() const { return envelope_.time_budget_ms > 0 ? &deadline_ : nullptr; }

    const ckey::Symbol &symbol_;
    ckey_certify_envelope envelope_;
    bool transparent_, quick_ = false;
    std::vector<uint32_t> surfaces_;
    std::vector<uint8_t> payload_;
    std::vector<SurfaceTexture> textures_;
    double width_mm_ = 0;
    int frames_ = 0;
    ckey::Deadline deadline_{};
};

void say(ckey_certify_report *r, const std::string &text) {
    std::snprintf(r->message, sizeof r->message, "%s", text.c_str());
}

// The adaptive policy's further steps when the checked style falls short:
// effects off, then the darkest ink on the lightest ground or the reverse.
// ground: the mean grey (0...1) the marks sit on: the style's background, or
// for a transparent symbol its backdrops'.
ckey_style adapt_step(const ckey_style &style, int step, double ground) {
    ckey_style s = style;
    s.bevel = s.shadow = s.texture = 0;
    s.background_edge = s.background;
    if (step >= 2) {
        const bool light_ground = ground >= 0.5;
        s.ink = s.ring_color = s.key_color = light_ground ? 0x000000 : 0xFFFFFF;
        s.background = s.background_edge = light_ground ? 0xFFFFFF : 0x000000;
    }
    return s;
}

double mean_grey(const std::vector<uint32_t> &surfaces) {
    double sum = 0;
    for (uint32_t c : surfaces) sum += grey_of(c);
    return surfaces.empty() ? 1 : sum / static_cast<double>(surfaces.size());
}

// The style check over each surface; false (the report said why) when it refuses.
bool check_style(const ckey::Symbol &symbol, ckey_style &drawn, bool transparent,
                 const std::vector<uint32_t> &surfaces, ckey_certify_report *out) {
    for (uint32_t surface : surfaces) {
        const ckey::StyleCheck check = ckey::check_style(symbol, drawn, transparent, transparent ? &surface : nullptr);
        if (check.refused) {
            say(out, "not certified: the style check refused the style: " + ckey::refusal_message(check, drawn));
            return false;
        }
        if (check.report.adapted) out->adapted = 1;
        drawn = check.drawn;
    }
    return true;
}

}  // namespace

namespace {

ckey_certify_envelope default_envelope() {
    ckey_certify_envelope env{};
    env.size_mm = 30;
    env.distance_min_mm = 100;
    env.distance_max_mm = 300;
    env.lighting = CKEY_LIGHTING_INDOOR;
    env.frames = 200;
    env.seed = 1;
    env.threshold = 0.95;
    env.find_min_size = 1;
    return env;
}

}  // namespace

extern "C" ckey_status ckey_certify_envelope_init(ckey_certify_envelope *out) {
    return ckey::guarded([&] {
        ckey::require(out, "out_envelope");
        *out = default_envelope();
    });
}

namespace {

// The envelope given or the defaults, checked.
ckey_certify_envelope envelope_or_defaults(const ckey_certify_envelope *envelope) {
    ckey_certify_envelope env = default_envelope();
    if (envelope != nullptr) env = *envelope;
    ckey::check_envelope(env);
    return env;
}

// Samples the envelope with the checked style, then (adaptive policy) with
// each further adaptation until one certifies; the summary last.
void certify_checked(Certifier &certifier, const ckey_style &style, ckey_style drawn, const ckey_certify_envelope &env,
                     double ground, ckey_style *out_style, ckey_certify_report *out) {
    ckey::fill_report(out, certifier.evaluate(drawn), env);
    for (int step = 1; !out->certified && style.policy == CKEY_STYLE_ADAPTIVE && step <= 2; ++step) {
        drawn = adapt_step(drawn, step, ground);
        ckey::fill_report(out, certifier.evaluate(drawn), env);
        out->adapted = 1;
        if (out_style) *out_style = drawn;
    }
    if (env.find_min_size && !out->budget_stopped) out->min_size_mm = certifier.min_size_mm();
    std::string text = ckey::report_summary(out, env, certifier.width_mm());
    if (!out->certified && style.policy == CKEY_STYLE_ADAPTIVE)
        text += "; the adaptive policy could not reach the threshold (effects off, full contrast)";
    say(out, text);
}

}  // namespace

extern "C" ckey_status ckey_certify(const ckey_symbol *symbol, const ckey_style *style, int transparent,
                                    const uint32_t *backdrops, size_t backdrop_count,
                                    const ckey_certify_envelope *envelope, ckey_style *out_style,
                                    ckey_certify_report *out) {
    return ckey::guarded([&] {
        const ckey::Symbol &sym = ckey::symbol_of(symbol);
        ckey::require(out, "out_report");
        *out = ckey_certify_report{};
        out->correction_margin = -1;
        if (backdrop_count > 0) ckey::require(backdrops, "backdrops");
        if (backdrop_count > 64)
            ckey::fail(CKEY_INVALID_ARGUMENT, "backdrop_count is ", backdrop_count, "; at most 64 backdrops");
        const ckey_certify_envelope env = envelope_or_defaults(envelope);
        const ckey_style base = ckey::style_preset(CKEY_STYLE_PLAIN);
        const ckey_style &given = style != nullptr ? *style : base;
        if (out_style) *out_style = given;
        if (transparent && backdrop_count == 0) {
            say(out, "not certified: a transparent symbol is certified only over the backdrops it will sit on, and "
                     "none were given");
            return;
        }
        // The surfaces to read over: the given ones when transparent, else the style's own background.
        std::vector<uint32_t> surfaces;
        if (transparent) surfaces.assign(backdrops, backdrops + backdrop_count);
        else surfaces.push_back(given.background);
        out->backdrops_tested = static_cast<int>(surfaces.size());
        ckey_style drawn = given;
        const bool checked = check_style(sym, drawn, transparent != 0, surfaces, out);
        if (out_style) *out_style = drawn;
        if (!checked) return;
        Certifier certifier(sym, env, transparent != 0, surfaces);
        certify_checked(certifier, given, drawn, env, mean_grey(surfaces), out_style, out);
    });
}
