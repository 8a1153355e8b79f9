// The C API of scan sessions: ckey_session_*.
#include <ckey/session.h>

#include "../core/guard.hpp"
#include "scan_session.hpp"

struct ckey_session {
    ckey::ScanSession impl;
};

using ckey::guarded;
using ckey::require;

namespace {

void check_options(const ckey_session_options &options) {
    if (options.max_fps < 1 || options.max_fps > 1000)
        ckey::fail(CKEY_INVALID_CONFIGURATION, "max_fps is ", options.max_fps, "; allowed: 1...1000 (default 20)");
    if (options.timeout_ms < 1 || options.timeout_ms > 86400000)
        ckey::fail(CKEY_INVALID_CONFIGURATION, "timeout_ms is ", options.timeout_ms,
                   "; allowed: 1...86400000 (default 30000)");
    if (options.scan_flags != 0 && options.scan_flags != CKEY_SCAN_THOROUGH)
        ckey::fail(CKEY_INVALID_CONFIGURATION, "scan_flags is ", options.scan_flags,
                   "; allowed: 0 or CKEY_SCAN_THOROUGH (2); a session delivers one symbol");
}

ckey::ScanSession &impl(ckey_session *session) {
    require(session, "session");
    return session->impl;
}

}  // namespace

extern "C" void ckey_session_options_init(ckey_session_options *options) {
    if (options == nullptr) return;
    *options = ckey_session_options{};
    options->max_fps = 20;
    options->timeout_ms = 30000;
}

extern "C" ckey_status ckey_session_create(const ckey_session_callbacks *callbacks, const ckey_session_options *options,
                                           ckey_session **out_session) {
    return guarded([&] {
        require(out_session, "out_session");
        *out_session = nullptr;
        ckey_session_options chosen;
        ckey_session_options_init(&chosen);
        if (options) chosen = *options;
        check_options(chosen);
        ckey_session_callbacks calls{};
        if (callbacks) calls = *callbacks;
        *out_session = new ckey_session{ckey::ScanSession(calls, chosen)};
    });
}

extern "C" void ckey_session_destroy(ckey_session *session) { delete session; }

extern "C" ckey_status ckey_session_start(ckey_session *session) {
    return guarded([&] { impl(session).start(); });
}

extern "C" ckey_status ckey_session_scan_again(ckey_session *session) {
    return guarded([&] { impl(session).scan_again(); });
}

extern "C" ckey_status ckey_session_stop(ckey_session *session) {
    return guarded([&] { impl(session).stop(); });
}

extern "C" ckey_status ckey_session_submit_frame(ckey_session *session, const uint8_t *pixels, size_t buffer_length,
                                                 int width, int height, size_t bytes_per_row, int format,
                                                 int64_t timestamp_ns, int *out_disposition) {
    return guarded([&] {
        ckey::ScanSession &s = impl(session);
        require(pixels, "pixels");
        ckey::check_buffer(buffer_length, width, height, bytes_per_row, ckey::bytes_per_pixel(format));
        int disposition = s.submit(pixels, buffer_length, width, height, bytes_per_row, format, timestamp_ns);
        if (out_disposition) *out_disposition = disposition;
    });
}

extern "C" ckey_status ckey_session_get_stats(ckey_session *session, ckey_session_stats *out_stats) {
    return guarded([&] {
        ckey::ScanSession &s = impl(session);
        require(out_stats, "out_stats");
        *out_stats = s.stats();
    });
}

extern "C" ckey_status ckey_session_wait_idle(ckey_session *session) {
    return guarded([&] { impl(session).wait_idle(); });
}
