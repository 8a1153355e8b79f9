#include "certify_report.hpp"

#include <cstdio>

namespace ckey {

// The report's figures from an evaluation.
void fill_report(ckey_certify_report *out, const EnvelopeSample &s, const ckey_certify_envelope &env) {
    out->readings = s.frames;
    out->readings_passed = s.read;
    out->correction_margin = s.correction_margin;
    out->rate = s.rate();
    wilson_interval(s.read, s.frames, out->rate_low, out->rate_high);
    for (int k = 0; k < CKEY_FAIL_KIND_COUNT; ++k) out->failures[k] = s.failures[k];
    out->worst_rate = 2;
    for (int b = 0; b < 5; ++b) {
        if (s.band_frames[b] == 0) continue;
        const double rate = static_cast<double>(s.band_read[b]) / s.band_frames[b];
        if (rate < out->worst_rate) {
            out->worst_rate = rate;
            out->worst_distance_mm = env.distance_min_mm + (b + 0.5) / 5 * (env.distance_max_mm - env.distance_min_mm);
        }
    }
    out->worst_lighting = env.lighting;
    if (env.lighting == CKEY_LIGHTING_MIXED && s.lighting_frames[0] > 0 && s.lighting_frames[1] > 0)
        out->worst_lighting = s.lighting_read[0] * s.lighting_frames[1] <= s.lighting_read[1] * s.lighting_frames[0]
                                  ? CKEY_LIGHTING_INDOOR
                                  : CKEY_LIGHTING_OUTDOOR;
    out->budget_stopped = s.budget_stopped ? 1 : 0;
    out->certified = out->rate >= env.threshold && !s.budget_stopped ? 1 : 0;
}

namespace {

// Appends printf-style text to a bounded message.
template <class... Args>
void append(std::string &text, const char *format, Args... args) {
    char part[256];
    std::snprintf(part, sizeof part, format, args...);
    text += part;
}

}  // namespace

std::string report_summary(const ckey_certify_report *r, const ckey_certify_envelope &env, double width_mm) {
    static const char *lighting[3] = {"indoor", "outdoor", "mixed"};
    std::string text;
    append(text, "%s: %d of %d frames read (%.1f%%, 95%% interval %.1f-%.1f%%%s)", r->certified ? "certified" : "not certified",
           r->readings_passed, r->readings, 100 * r->rate, 100 * r->rate_low, 100 * r->rate_high,
           r->certified ? "" : ", under the threshold");
    append(text, " for %.0f mm at %.0f-%.0f mm, %s light%s", width_mm, env.distance_min_mm, env.distance_max_mm,
           lighting[env.lighting], r->adapted ? ", style adapted" : "");
    if (r->worst_rate < 1) append(text, "; worst near %.0f mm (%.0f%%)", r->worst_distance_mm, 100 * r->worst_rate);
    if (!r->certified && r->readings > r->readings_passed)
        append(text, "; failed: detection %d, format band %d, keys %d, error correction %d", r->failures[0],
               r->failures[1], r->failures[2], r->failures[3]);
    if (r->min_size_mm > 0)
        append(text, "; %.0f%% needs %.1f mm at %.0f mm", 100 * env.threshold, r->min_size_mm, env.distance_max_mm);
    if (r->budget_stopped) text += "; stopped by the time budget";
    return text;
}

}  // namespace ckey
