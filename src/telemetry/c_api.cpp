// The C API of telemetry: ckey_telemetry_*. It runs in the core's guard
// (src/core), so its failures set the one last-error message; CKeyTelemetry
// links the core and nothing of the codec.
#include <ckey/telemetry.h>

#include "../core/guard.hpp"
#include "../core/buffer.hpp"
#include "batch_json.hpp"
#include "recorder.hpp"
#include "retry_after.hpp"

#include <cstring>

struct ckey_telemetry {
    ckey::telemetry::Recorder recorder;
};

namespace {

using ckey::guarded;

ckey::telemetry::Recorder &recorder(ckey_telemetry *telemetry) {
    ckey::require(telemetry, "telemetry");
    return telemetry->recorder;
}

void check_mode(int mode) {
    if (mode < CKEY_TELEMETRY_OFF || mode > CKEY_TELEMETRY_LOCAL)
        ckey::fail(CKEY_INVALID_CONFIGURATION, "telemetry mode is ", mode, "; allowed: 0 (off), 1 (on), 2 (local)");
}

void check_text(const char *value, const char *name, const char *allowed, size_t max_length) {
    ckey::require(value, name);
    size_t length = std::strlen(value);
    if (length == 0 || length > max_length || std::strspn(value, allowed) != length)
        ckey::fail(CKEY_INVALID_CONFIGURATION, name, " is \"", value, "\"; allowed: 1...", max_length, " of [", allowed,
                   "]");
}

}  // namespace

extern "C" ckey_status ckey_telemetry_create(const ckey_telemetry_config *config, ckey_telemetry **out_telemetry) {
    return guarded([&] {
        ckey::require(out_telemetry, "out_telemetry");
        *out_telemetry = nullptr;
        ckey::require(config, "config");
        check_mode(config->mode);
        check_text(config->sdk, "sdk", "abcdefghijklmnopqrstuvwxyz0123456789-", 16);
        check_text(config->sdk_version, "sdk_version",
                   "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz.+-", 32);
        ckey::require(config->platform, "platform");
        std::string platform = config->platform;
        if (platform != "ios" && platform != "macos" && platform != "linux")
            ckey::fail(CKEY_INVALID_CONFIGURATION, "platform is \"", platform, "\"; allowed: ios, macos, linux");
        if (config->directory && config->directory[0] == '\0')
            ckey::fail(CKEY_INVALID_CONFIGURATION, "directory is \"\"; pass a folder path or NULL (memory only)");
        *out_telemetry = new ckey_telemetry{ckey::telemetry::Recorder(*config)};
    });
}

extern "C" void ckey_telemetry_destroy(ckey_telemetry *telemetry) { delete telemetry; }

extern "C" ckey_status ckey_telemetry_set_mode(ckey_telemetry *telemetry, int mode) {
    return guarded([&] {
        auto &r = recorder(telemetry);
        check_mode(mode);
        r.set_mode(mode);
    });
}

extern "C" ckey_status ckey_telemetry_get_mode(ckey_telemetry *telemetry, int *out_mode) {
    return guarded([&] {
        auto &r = recorder(telemetry);
        ckey::require(out_mode, "out_mode");
        *out_mode = r.mode();
    });
}

extern "C" ckey_status ckey_telemetry_session_started(ckey_telemetry *telemetry) {
    return guarded([&] { recorder(telemetry).started(); });
}

extern "C" ckey_status ckey_telemetry_session_succeeded(ckey_telemetry *telemetry, int profile, int64_t ttfd_us) {
    return guarded([&] {
        if (!recorder(telemetry).succeeded(profile, ttfd_us))
            ckey::fail(CKEY_INVALID_ARGUMENT, "profile ", profile, " and time to first decode ", ttfd_us,
                       " us rejected; allowed: profile 0...3, time >= 0");
    });
}

extern "C" ckey_status ckey_telemetry_session_failed(ckey_telemetry *telemetry) {
    return guarded([&] { recorder(telemetry).failed(); });
}

extern "C" ckey_status ckey_telemetry_frame_processed(ckey_telemetry *telemetry, int64_t frame_us) {
    return guarded([&] {
        if (!recorder(telemetry).frame(frame_us))
            ckey::fail(CKEY_INVALID_ARGUMENT, "frame time ", frame_us, " us rejected; allowed: >= 0");
    });
}

extern "C" ckey_status ckey_telemetry_get_counters(ckey_telemetry *telemetry, ckey_telemetry_counters *out_counters) {
    return guarded([&] {
        auto &r = recorder(telemetry);
        ckey::require(out_counters, "out_counters");
        *out_counters = r.counters();
    });
}

extern "C" ckey_status ckey_telemetry_get_errors(ckey_telemetry *telemetry, ckey_telemetry_errors *out_errors) {
    return guarded([&] {
        auto &r = recorder(telemetry);
        ckey::require(out_errors, "out_errors");
        *out_errors = r.errors();
    });
}

extern "C" ckey_status ckey_telemetry_poll(ckey_telemetry *telemetry, int *out_due) {
    return guarded([&] {
        auto &r = recorder(telemetry);
        ckey::require(out_due, "out_due");
        *out_due = r.poll() ? 1 : 0;
    });
}

extern "C" ckey_status ckey_telemetry_take_batch(ckey_telemetry *telemetry, char **out_json, size_t *out_length,
                                                 uint64_t *out_id) {
    return guarded([&] {
        auto &r = recorder(telemetry);
        ckey::require(out_json, "out_json");
        ckey::require(out_length, "out_length");
        ckey::require(out_id, "out_id");
        *out_json = nullptr;
        *out_length = 0;
        *out_id = 0;
        std::string json;
        uint64_t id = 0;
        if (!r.take(json, id)) return;
        *out_json = ckey::malloc_copy(json);
        *out_length = json.size();
        *out_id = id;
    });
}

namespace {

void require_http_status(int http_status) {
    if (http_status < 0 || (http_status > 0 && http_status < 100) || http_status > 999)
        ckey::fail(CKEY_INVALID_ARGUMENT, "http_status ", http_status, "; allowed: 0 (no response) or 100...999");
}

}  // namespace

extern "C" ckey_status ckey_telemetry_retry_after(const char *value, int64_t now_utc, int64_t *out_seconds) {
    if (out_seconds) *out_seconds = 0;
    return guarded([&] {
        ckey::require(value, "value");
        ckey::require(out_seconds, "out_seconds");
        *out_seconds = ckey::telemetry::retry_after_seconds(value, now_utc);
    });
}

extern "C" ckey_status ckey_telemetry_report(ckey_telemetry *telemetry, uint64_t id, int http_status,
                                             int64_t retry_after_s) {
    return guarded([&] {
        auto &r = recorder(telemetry);
        require_http_status(http_status);
        if (retry_after_s < 0)
            ckey::fail(CKEY_INVALID_ARGUMENT, "retry_after_s ", retry_after_s, "; allowed: 0 or more seconds");
        r.report(id, http_status, retry_after_s);
    });
}

extern "C" ckey_status ckey_telemetry_report_answer(ckey_telemetry *telemetry, uint64_t id, int http_status,
                                                    const char *retry_after_header) {
    return guarded([&] {
        auto &r = recorder(telemetry);
        require_http_status(http_status);
        r.report_answer(id, http_status, retry_after_header);
    });
}

extern "C" ckey_status ckey_telemetry_pending(ckey_telemetry *telemetry, size_t *out_count) {
    return guarded([&] {
        auto &r = recorder(telemetry);
        ckey::require(out_count, "out_count");
        *out_count = r.pending();
    });
}

extern "C" ckey_status ckey_telemetry_validate_batch(const char *json, size_t length) {
    return guarded([&] {
        ckey::require(json, "json");
        ckey::telemetry::decode_batch(std::string(json, length));
    });
}
