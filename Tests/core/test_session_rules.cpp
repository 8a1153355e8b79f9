// Scan sessions as include/ckey/session.h states them, fed with real rendered
// frames (ckey_symbol_encode + ckey_render_pixels): one delivery per session,
// scan_again, stop, the frame-rate limit, busy drops and the 30 s timeout on
// an injected clock.
#include "check.hpp"
#include "scan_support.hpp"

#include <atomic>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace {

// Records every callback; the worker writes, the test reads after wait_idle.
struct Recorder {
    std::mutex mutex;
    std::vector<std::string> payloads;
    std::vector<uint64_t> result_sessions;
    std::vector<ckey_session_report> ends;
    int frames = 0, found = 0;
    std::atomic<int> block_ms{0};  // on_frame sleeps this long: a slow consumer

    std::vector<uint64_t> starts;

    static void on_start(void *context, uint64_t session) {
        auto *self = static_cast<Recorder *>(context);
        std::lock_guard<std::mutex> lock(self->mutex);
        self->starts.push_back(session);
    }
    static void on_result(void *context, uint64_t session, const ckey_results *results) {
        auto *self = static_cast<Recorder *>(context);
        const uint8_t *data = nullptr;
        size_t length = 0;
        std::string payload = ckey_results_get_payload(results, 0, &data, &length) == CKEY_OK
                                  ? std::string(reinterpret_cast<const char *>(data), length)
                                  : "<no payload>";
        std::lock_guard<std::mutex> lock(self->mutex);
        self->payloads.push_back(payload);
        self->result_sessions.push_back(session);
    }
    static void on_end(void *context, const ckey_session_report *report) {
        auto *self = static_cast<Recorder *>(context);
        std::lock_guard<std::mutex> lock(self->mutex);
        self->ends.push_back(*report);
    }
    static void on_frame(void *context, int64_t decode_ns, int found) {
        auto *self = static_cast<Recorder *>(context);
        if (int ms = self->block_ms.load()) std::this_thread::sleep_for(std::chrono::milliseconds(ms));
        std::lock_guard<std::mutex> lock(self->mutex);
        ++self->frames;
        if (found) ++self->found;
        if (decode_ns <= 0) self->found = -1000;  // a decode takes time
    }
    ckey_session_callbacks callbacks() {
        return ckey_session_callbacks{this, on_start, on_result, on_end, on_frame};
    }
};

// A settable monotonic clock.
struct FakeClock {
    std::atomic<int64_t> ns{1000000000};
    static int64_t read(void *context) { return static_cast<FakeClock *>(context)->ns.load(); }
};

// A 640 x 480 gray frame with the symbol (or nothing) pasted in the middle.
std::vector<uint8_t> frame_with(const std::string &payload, int width = 640, int height = 480) {
    std::vector<uint8_t> frame(static_cast<size_t>(width) * height, 200);
    if (payload.empty()) return frame;
    auto image = scan_support::render(payload, 300);
    auto gray = scan_support::luma(image);
    int x0 = (width - image.size) / 2, y0 = (height - image.size) / 2;
    for (int y = 0; y < image.size; ++y)
        for (int x = 0; x < image.size; ++x)
            frame[static_cast<size_t>(y0 + y) * width + x0 + x] = gray[static_cast<size_t>(y) * image.size + x];
    return frame;
}

constexpr int64_t kSecond = 1000000000;

// Default options, reading the fake clock.
ckey_session_options clocked_options(FakeClock &clock) {
    ckey_session_options options;
    ckey_session_options_init(&options);
    options.clock = FakeClock::read;
    options.clock_context = &clock;
    return options;
}

int submit(ckey_session *session, const std::vector<uint8_t> &frame, int64_t ts, int width = 640, int height = 480) {
    int disposition = -1;
    if (ckey_session_submit_frame(session, frame.data(), frame.size(), width, height, width, CKEY_PIXELS_GRAY8, ts, &disposition) !=
        CKEY_OK)
        return -1;
    return disposition;
}

}  // namespace

TEST(first_decode_delivered_once_then_idle_until_scan_again) {
    Recorder rec;
    FakeClock clock;
    ckey_session_options options = clocked_options(clock);
    auto callbacks = rec.callbacks();
    ckey_session *session = nullptr;
    REQUIRE(ckey_session_create(&callbacks, &options, &session) == CKEY_OK);
    auto empty = frame_with(""), symbol = frame_with("https://openckey.org/session/1");

    CHECK_EQ(submit(session, symbol, 0), int(CKEY_FRAME_IGNORED_IDLE));  // not started
    REQUIRE(ckey_session_start(session) == CKEY_OK);
    int64_t t = 0;
    for (int i = 0; i < 3; ++i, t += kSecond / 10) {
        CHECK_EQ(submit(session, empty, t), int(CKEY_FRAME_QUEUED));
        ckey_session_wait_idle(session);
    }
    for (int i = 0; i < 4; ++i, t += kSecond / 10) {
        int d = submit(session, symbol, t);
        CHECK(i == 0 ? d == CKEY_FRAME_QUEUED : d == CKEY_FRAME_IGNORED_IDLE);
        ckey_session_wait_idle(session);
    }
    {
        std::lock_guard<std::mutex> lock(rec.mutex);
        REQUIRE(rec.payloads.size() == 1u);
        CHECK_EQ(rec.payloads[0], std::string("https://openckey.org/session/1"));
        CHECK_EQ(rec.result_sessions[0], uint64_t(1));
        REQUIRE(rec.ends.size() == 1u);
        CHECK_EQ(rec.ends[0].outcome, int(CKEY_SESSION_SUCCEEDED));
        CHECK_EQ(rec.ends[0].frames_processed, uint64_t(4));
        CHECK_EQ(rec.ends[0].profile, 0);
        CHECK_EQ(rec.frames, 4);
        CHECK_EQ(rec.found, 1);
    }
    // scan_again: a new session delivers the same symbol again, once.
    REQUIRE(ckey_session_scan_again(session) == CKEY_OK);
    CHECK_EQ(submit(session, symbol, t), int(CKEY_FRAME_QUEUED));
    ckey_session_wait_idle(session);
    ckey_session_stats stats;
    REQUIRE(ckey_session_get_stats(session, &stats) == CKEY_OK);
    CHECK_EQ(stats.sessions_started, uint64_t(2));
    CHECK_EQ(stats.sessions_succeeded, uint64_t(2));
    CHECK_EQ(stats.sessions_failed, uint64_t(0));
    CHECK_EQ(stats.frames_processed, uint64_t(5));
    CHECK_EQ(stats.frames_ignored_idle, uint64_t(4));
    CHECK_EQ(stats.frames_submitted, uint64_t(9));
    CHECK_EQ(stats.running, 0);
    {
        std::lock_guard<std::mutex> lock(rec.mutex);
        CHECK_EQ(rec.payloads.size(), size_t(2));
        CHECK_EQ(rec.result_sessions.back(), uint64_t(2));
    }
    ckey_session_destroy(session);
}

TEST(stop_and_scan_again_fail_the_running_session) {
    Recorder rec;
    FakeClock clock;
    ckey_session_options options = clocked_options(clock);
    auto callbacks = rec.callbacks();
    ckey_session *session = nullptr;
    REQUIRE(ckey_session_create(&callbacks, &options, &session) == CKEY_OK);
    auto empty = frame_with("");
    ckey_session_start(session);
    ckey_session_start(session);  // already running: no new session
    submit(session, empty, 0);
    ckey_session_wait_idle(session);
    clock.ns += 2 * kSecond;
    ckey_session_scan_again(session);
    clock.ns += 3 * kSecond;
    ckey_session_stop(session);
    ckey_session_stop(session);  // nothing running: no second failure
    ckey_session_wait_idle(session);
    {
        std::lock_guard<std::mutex> lock(rec.mutex);
        REQUIRE(rec.ends.size() == 2u);
        CHECK_EQ(rec.ends[0].outcome, int(CKEY_SESSION_RESTARTED));
        CHECK_EQ(rec.ends[0].duration_ns, 2 * kSecond);
        CHECK_EQ(rec.ends[0].frames_processed, uint64_t(1));
        CHECK_EQ(rec.ends[0].profile, -1);
        CHECK_EQ(rec.ends[1].outcome, int(CKEY_SESSION_STOPPED));
        CHECK_EQ(rec.ends[1].session_number, uint64_t(2));
        CHECK_EQ(rec.ends[1].duration_ns, 3 * kSecond);
        CHECK(rec.payloads.empty());
        CHECK(rec.starts == (std::vector<uint64_t>{1, 2}));
    }
    ckey_session_stats stats;
    ckey_session_get_stats(session, &stats);
    CHECK_EQ(stats.sessions_started, uint64_t(2));
    CHECK_EQ(stats.sessions_failed, uint64_t(2));
    // Destroying a running session ends it as stopped, delivered before destroy returns.
    ckey_session_start(session);
    ckey_session_destroy(session);
    CHECK_EQ(rec.ends.size(), size_t(3));
    CHECK_EQ(rec.ends.back().outcome, int(CKEY_SESSION_STOPPED));
}

TEST(timeout_after_thirty_seconds_on_the_injected_clock) {
    Recorder rec;
    FakeClock clock;
    ckey_session_options options = clocked_options(clock);
    CHECK_EQ(options.timeout_ms, 30000);
    CHECK_EQ(options.max_fps, 20);
    auto callbacks = rec.callbacks();
    ckey_session *session = nullptr;
    REQUIRE(ckey_session_create(&callbacks, &options, &session) == CKEY_OK);
    auto empty = frame_with(""), symbol = frame_with("late symbol");
    int64_t start = clock.ns;
    ckey_session_start(session);
    clock.ns = start + 30 * kSecond - 1;  // one nanosecond short: still running
    CHECK_EQ(submit(session, empty, -1), int(CKEY_FRAME_QUEUED));
    ckey_session_wait_idle(session);
    ckey_session_stats stats;
    ckey_session_get_stats(session, &stats);
    CHECK_EQ(stats.running, 1);
    clock.ns = start + 30 * kSecond;
    // No frame needed: wait_idle (and the worker's poll) check the clock.
    ckey_session_wait_idle(session);
    ckey_session_get_stats(session, &stats);
    CHECK_EQ(stats.running, 0);
    CHECK_EQ(stats.sessions_failed, uint64_t(1));
    // After a timeout frames are ignored, even with a symbol, until scan_again.
    CHECK_EQ(submit(session, symbol, -1), int(CKEY_FRAME_IGNORED_IDLE));
    ckey_session_scan_again(session);
    CHECK_EQ(submit(session, symbol, -1), int(CKEY_FRAME_QUEUED));
    ckey_session_wait_idle(session);
    {
        std::lock_guard<std::mutex> lock(rec.mutex);
        REQUIRE(rec.ends.size() == 2u);
        CHECK_EQ(rec.ends[0].outcome, int(CKEY_SESSION_TIMED_OUT));
        CHECK_EQ(rec.ends[0].duration_ns, 30 * kSecond);
        CHECK_EQ(rec.ends[1].outcome, int(CKEY_SESSION_SUCCEEDED));
        CHECK_EQ(rec.payloads.size(), size_t(1));
    }
    ckey_session_destroy(session);
}

TEST(timeout_without_any_call_is_noticed_by_the_worker) {
    // No frame and no call after start: the worker, which polls the session
    // clock, ends the session by itself once the injected clock passes 30 s.
    Recorder rec;
    FakeClock clock;
    ckey_session_options options = clocked_options(clock);
    auto callbacks = rec.callbacks();
    ckey_session *session = nullptr;
    REQUIRE(ckey_session_create(&callbacks, &options, &session) == CKEY_OK);
    ckey_session_start(session);
    clock.ns += 29 * kSecond;
    std::this_thread::sleep_for(std::chrono::milliseconds(250));  // two polls: nothing may end yet
    {
        std::lock_guard<std::mutex> lock(rec.mutex);
        CHECK(rec.ends.empty());
    }
    clock.ns += kSecond;
    // The worker polls every 100 ms of real time; allow generous slack for a loaded machine.
    for (int waited = 0; waited < 10000; waited += 5) {
        {
            std::lock_guard<std::mutex> lock(rec.mutex);
            if (!rec.ends.empty()) break;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    {
        std::lock_guard<std::mutex> lock(rec.mutex);
        REQUIRE(rec.ends.size() == 1u);
        CHECK_EQ(rec.ends[0].outcome, int(CKEY_SESSION_TIMED_OUT));
        CHECK_EQ(rec.ends[0].duration_ns, 30 * kSecond);
    }
    ckey_session_destroy(session);
}

TEST(frame_rate_limit_uses_timestamps) {
    Recorder rec;
    ckey_session_options options;
    ckey_session_options_init(&options);
    options.max_fps = 10;  // 100 ms apart at least
    auto callbacks = rec.callbacks();
    ckey_session *session = nullptr;
    REQUIRE(ckey_session_create(&callbacks, &options, &session) == CKEY_OK);
    ckey_session_start(session);
    auto empty = frame_with("");
    // A 30 fps stream for one second: every third frame is 100 ms after the last queued.
    int queued = 0, skipped = 0;
    for (int i = 0; i < 30; ++i) {
        int d = submit(session, empty, int64_t(i) * kSecond / 30 + kSecond);
        ckey_session_wait_idle(session);  // never busy here
        if (d == CKEY_FRAME_QUEUED) ++queued;
        if (d == CKEY_FRAME_SKIPPED_RATE) ++skipped;
    }
    CHECK_EQ(queued, 10);
    CHECK_EQ(skipped, 20);
    ckey_session_stats stats;
    ckey_session_get_stats(session, &stats);
    CHECK_EQ(stats.frames_skipped_rate, uint64_t(20));
    CHECK_EQ(stats.frames_processed, uint64_t(10));
    CHECK_EQ(stats.frames_dropped_busy, uint64_t(0));
    ckey_session_destroy(session);
}

TEST(frames_arriving_while_busy_are_dropped_and_counted) {
    Recorder rec;
    rec.block_ms = 1000;  // each frame's callback holds the worker 1 s
    ckey_session_options options;
    ckey_session_options_init(&options);
    options.max_fps = 1000;
    auto callbacks = rec.callbacks();
    ckey_session *session = nullptr;
    REQUIRE(ckey_session_create(&callbacks, &options, &session) == CKEY_OK);
    ckey_session_start(session);
    auto empty = frame_with("");
    // Ten frames 10 ms apart: the first is queued, the rest arrive while it is busy.
    int queued = 0, dropped = 0;
    for (int i = 0; i < 10; ++i) {
        int d = submit(session, empty, -1);
        if (d == CKEY_FRAME_QUEUED) ++queued;
        if (d == CKEY_FRAME_DROPPED_BUSY) ++dropped;
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    ckey_session_wait_idle(session);
    ckey_session_stats stats;
    ckey_session_get_stats(session, &stats);
    CHECK_EQ(queued, 1);
    CHECK_EQ(dropped, 9);
    CHECK_EQ(stats.frames_dropped_busy, uint64_t(9));
    CHECK_EQ(stats.frames_processed, uint64_t(1));
    // Once idle, the next frame is queued again.
    CHECK_EQ(submit(session, empty, -1), int(CKEY_FRAME_QUEUED));
    rec.block_ms = 0;
    ckey_session_destroy(session);
}

TEST(formats_and_refusals) {
    ckey_session *session = nullptr;
    ckey_session_options options;
    ckey_session_options_init(&options);
    options.max_fps = 0;
    CHECK_EQ(ckey_session_create(nullptr, &options, &session), int(CKEY_INVALID_CONFIGURATION));
    CHECK(std::string(ckey_last_error()).find("max_fps is 0") != std::string::npos);
    CHECK(session == nullptr);
    ckey_session_options_init(&options);
    options.scan_flags = CKEY_SCAN_ALL;
    CHECK_EQ(ckey_session_create(nullptr, &options, &session), int(CKEY_INVALID_CONFIGURATION));
    options.scan_flags = 0;
    options.timeout_ms = 0;
    CHECK_EQ(ckey_session_create(nullptr, &options, &session), int(CKEY_INVALID_CONFIGURATION));
    CHECK_EQ(ckey_session_create(nullptr, nullptr, nullptr), int(CKEY_INVALID_ARGUMENT));
    CHECK_EQ(ckey_session_start(nullptr), int(CKEY_INVALID_ARGUMENT));
    CHECK(std::string(ckey_last_error()).find("session is NULL") != std::string::npos);
    ckey_session_destroy(nullptr);

    Recorder rec;
    auto callbacks = rec.callbacks();
    REQUIRE(ckey_session_create(&callbacks, nullptr, &session) == CKEY_OK);
    ckey_session_start(session);
    uint8_t pixel = 0;
    CHECK_EQ(ckey_session_submit_frame(session, &pixel, 1, 1, 1, 1, 9, -1, nullptr), int(CKEY_INVALID_PARAMETER));
    CHECK_EQ(ckey_session_submit_frame(session, nullptr, 1, 1, 1, 1, 0, -1, nullptr), int(CKEY_INVALID_ARGUMENT));
    CHECK(ckey_session_submit_frame(session, &pixel, 1, 4, 1, 2, 0, -1, nullptr) != CKEY_OK);  // stride < width
    // The buffer's length bounds what is read: a 1-byte buffer with a 2-row frame.
    CHECK_EQ(ckey_session_submit_frame(session, &pixel, 1, 1, 2, size_t{1} << 40, 0, -1, nullptr),
             int(CKEY_INVALID_ARGUMENT));
    CHECK(std::string(ckey_last_error()).find("the pixel buffer is 1 bytes") != std::string::npos);

    // RGBA and NV12 (luma plane, video range) frames decode too.
    std::string payload = "rgba and nv12";
    auto image = scan_support::render(payload, 320);
    REQUIRE(image.size == 320);
    int d = -1;
    CHECK_EQ(ckey_session_submit_frame(session, image.pixels.data(), image.pixels.size(), 320, 320, 320 * 4, CKEY_PIXELS_RGBA8, -1, &d),
             int(CKEY_OK));
    ckey_session_wait_idle(session);
    auto gray = scan_support::luma(image);
    std::vector<uint8_t> nv12(gray.size() * 3 / 2, 128);  // luma then chroma
    for (size_t i = 0; i < gray.size(); ++i) nv12[i] = static_cast<uint8_t>(16 + gray[i] * 219 / 255);
    ckey_session_scan_again(session);
    CHECK_EQ(ckey_session_submit_frame(session, nv12.data(), nv12.size(), 320, 320, 320, CKEY_PIXELS_NV12_VIDEO, -1, &d),
             int(CKEY_OK));
    ckey_session_wait_idle(session);
    {
        std::lock_guard<std::mutex> lock(rec.mutex);
        REQUIRE(rec.payloads.size() == 2u);
        CHECK_EQ(rec.payloads[0], payload);
        CHECK_EQ(rec.payloads[1], payload);
    }
    ckey_session_destroy(session);
}

namespace {
// Calls back into the session from the worker: scan_again from on_result.
struct Again {
    ckey_session *session = nullptr;
    std::atomic<int> results{0};
    static void on_result(void *context, uint64_t, const ckey_results *) {
        auto *self = static_cast<Again *>(context);
        if (++self->results < 3) ckey_session_scan_again(self->session);
    }
};
}  // namespace

TEST(callbacks_may_call_back_and_threads_may_submit_at_once) {
    Again again;
    ckey_session_callbacks callbacks{&again, nullptr, Again::on_result, nullptr, nullptr};
    ckey_session_options options;
    ckey_session_options_init(&options);
    options.max_fps = 1000;
    REQUIRE(ckey_session_create(&callbacks, &options, &again.session) == CKEY_OK);
    ckey_session_start(again.session);
    auto symbol = frame_with("threads");
    // Four threads submit at once (as a camera and a test might); the session
    // delivers three results (one per session) and counts every frame. They
    // submit until the third result (at least 100 frames each), so a slow
    // decode (ThreadSanitizer makes it ten times slower) changes only how long.
    std::vector<std::thread> threads;
    std::atomic<int> errors{0}, submitted{0};
    for (int t = 0; t < 4; ++t)
        threads.emplace_back([&] {
            for (int i = 0; i < 100 || (again.results.load() < 3 && i < 4000); ++i) {
                if (submit(again.session, symbol, -1) < 0) ++errors;
                ++submitted;
                std::this_thread::sleep_for(std::chrono::milliseconds(5));
            }
        });
    for (auto &thread : threads) thread.join();
    ckey_session_wait_idle(again.session);
    ckey_session_stats stats;
    ckey_session_get_stats(again.session, &stats);
    CHECK_EQ(errors.load(), 0);
    CHECK_EQ(again.results.load(), 3);
    CHECK_EQ(stats.sessions_succeeded, uint64_t(3));
    CHECK_EQ(stats.frames_submitted, uint64_t(submitted.load()));
    CHECK_EQ(stats.frames_submitted, stats.frames_processed + stats.frames_dropped_busy + stats.frames_skipped_rate +
                                         stats.frames_ignored_idle);
    ckey_session_destroy(again.session);
}

// A running session on the fake clock with a recorder, destroyed at scope end.
struct Started {
    Recorder rec;
    FakeClock clock;
    ckey_session *session = nullptr;
    Started() {
        ckey_session_options options = clocked_options(clock);
        auto callbacks = rec.callbacks();
        if (ckey_session_create(&callbacks, &options, &session) != CKEY_OK || ckey_session_start(session) != CKEY_OK) {
            ckey_session_destroy(session);
            session = nullptr;
        }
    }
    ~Started() { ckey_session_destroy(session); }
};

TEST(frames_of_changing_sizes_read_their_own_pixels) {
    // Each submit refills the buffer of the frame decoded before it. After a
    // symbol, blank frames of other sizes and of the same size (and a refused
    // frame between them) must read as blank, and a new symbol as itself.
    Started started;
    REQUIRE(started.session);
    Recorder &rec = started.rec;
    ckey_session *session = started.session;
    int64_t t = 0;
    auto queue = [&](const std::vector<uint8_t> &frame, int width, int height) {
        t += kSecond;
        CHECK_EQ(submit(session, frame, t, width, height), int(CKEY_FRAME_QUEUED));
        ckey_session_wait_idle(session);
    };
    queue(frame_with("https://openckey.org/session/big", 800, 600), 800, 600);
    REQUIRE(ckey_session_scan_again(session) == CKEY_OK);
    const uint8_t pixel = 0;
    int disposition = -1;
    CHECK(ckey_session_submit_frame(session, &pixel, 1, 4, 1, 2, CKEY_PIXELS_GRAY8, t, &disposition) != CKEY_OK);
    queue(frame_with("", 800, 600), 800, 600);  // the symbol's own buffer, same size
    queue(frame_with("", 640, 480), 640, 480);
    queue(frame_with("", 800, 600), 800, 600);
    {
        std::lock_guard<std::mutex> lock(rec.mutex);
        CHECK_EQ(rec.frames, 4);
        CHECK_EQ(rec.found, 1);
    }
    queue(frame_with("https://openckey.org/session/small", 400, 400), 400, 400);
    {
        std::lock_guard<std::mutex> lock(rec.mutex);
        CHECK_EQ(rec.frames, 5);
        REQUIRE(rec.payloads.size() == 2u);
        CHECK_EQ(rec.payloads[0], std::string("https://openckey.org/session/big"));
        CHECK_EQ(rec.payloads[1], std::string("https://openckey.org/session/small"));
    }
}
