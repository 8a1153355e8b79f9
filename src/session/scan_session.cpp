// The session state machine and its worker. One lock guards all state; the
// decoder runs and callbacks are delivered with the lock released, so
// submit_frame never waits for a decode.
#include "scan_session.hpp"

#include "../core/error.hpp"

#include <chrono>

namespace ckey {

namespace {

int64_t steady_ns() {
    return std::chrono::duration_cast<std::chrono::nanoseconds>(
               std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

// How often the worker wakes without work to check the timeout.
constexpr auto kTimeoutPoll = std::chrono::milliseconds(100);

}  // namespace

ScanSession::ScanSession(const ckey_session_callbacks &callbacks, const ckey_session_options &options)
    : callbacks_(callbacks), options_(options) {
    if (ckey_decoder_create(&decoder_) != CKEY_OK) fail(CKEY_OUT_OF_MEMORY, "could not create the session's decoder");
    worker_ = std::thread([this] { run(); });
}

ScanSession::~ScanSession() {
    {
        std::lock_guard<std::mutex> lock(mutex_);
        if (running_) end_locked(CKEY_SESSION_STOPPED, -1);
        quit_ = true;
    }
    wake_.notify_all();
    worker_.join();
    ckey_decoder_destroy(decoder_);
}

int64_t ScanSession::now() const {
    return options_.clock ? options_.clock(options_.clock_context) : steady_ns();
}

void ScanSession::begin_locked() {
    running_ = true;
    ++session_;
    ++stats_.sessions_started;
    session_started_ = now();
    session_frames_ = 0;
    have_last_queued_ = false;
    Event event{Event::start};
    event.session = session_;
    events_.push_back(event);
    wake_.notify_all();
}

void ScanSession::end_locked(ckey_session_outcome outcome, int profile) {
    running_ = false;
    if (outcome == CKEY_SESSION_SUCCEEDED) ++stats_.sessions_succeeded;
    else ++stats_.sessions_failed;
    Event event{Event::end};
    event.session = session_;
    event.report.session_number = session_;
    event.report.outcome = outcome;
    event.report.duration_ns = now() - session_started_;
    event.report.frames_processed = session_frames_;
    event.report.profile = profile;
    events_.push_back(event);
    wake_.notify_all();
}

void ScanSession::check_timeout_locked() {
    if (running_ && now() - session_started_ >= int64_t(options_.timeout_ms) * 1000000)
        end_locked(CKEY_SESSION_TIMED_OUT, -1);
}

bool ScanSession::idle_locked() const {
    return !filling_ && !full_ && !decoding_ && !delivering_ && events_.empty();
}

void ScanSession::start() {
    std::lock_guard<std::mutex> lock(mutex_);
    if (!running_) begin_locked();
}

void ScanSession::scan_again() {
    std::lock_guard<std::mutex> lock(mutex_);
    if (running_) end_locked(CKEY_SESSION_RESTARTED, -1);
    begin_locked();
}

void ScanSession::stop() {
    std::lock_guard<std::mutex> lock(mutex_);
    if (running_) end_locked(CKEY_SESSION_STOPPED, -1);
}

ckey_frame_disposition ScanSession::submit(const uint8_t *pixels, size_t length, int width, int height,
                                           size_t bytes_per_row, int format, int64_t timestamp_ns) {
    uint64_t session = 0;
    GrayImage image;
    {
        std::lock_guard<std::mutex> lock(mutex_);
        check_timeout_locked();
        ++stats_.frames_submitted;
        if (!running_) {
            ++stats_.frames_ignored_idle;
            return CKEY_FRAME_IGNORED_IDLE;
        }
        if (filling_ || full_ || decoding_ || decode_events_ > 0) {
            ++stats_.frames_dropped_busy;
            return CKEY_FRAME_DROPPED_BUSY;
        }
        int64_t stamp = timestamp_ns < 0 ? now() : timestamp_ns;
        // A stamp earlier than the last one (a new source, a reset clock) is not throttled.
        if (have_last_queued_ && stamp >= last_queued_ && stamp - last_queued_ < 1000000000LL / options_.max_fps) {
            ++stats_.frames_skipped_rate;
            return CKEY_FRAME_SKIPPED_RATE;
        }
        have_last_queued_ = true;
        last_queued_ = stamp;
        filling_ = true;
        session = session_;
        // The buffer of the frame decoded last: a camera's frames are all of
        // one size, so it is refilled without allocating.
        image = std::move(spare_);
    }
    // Copied without the lock: the slot is reserved, the worker waits for full_.
    try {
        to_gray(pixels, length, width, height, bytes_per_row, format, image);
    } catch (...) {
        std::lock_guard<std::mutex> lock(mutex_);
        filling_ = false;
        spare_ = std::move(image);
        idle_.notify_all();
        throw;
    }
    {
        std::lock_guard<std::mutex> lock(mutex_);
        filling_ = false;
        frame_ = std::move(image);
        frame_session_ = session;
        full_ = true;
    }
    wake_.notify_all();
    return CKEY_FRAME_QUEUED;
}

ckey_session_stats ScanSession::stats() {
    std::lock_guard<std::mutex> lock(mutex_);
    ckey_session_stats out = stats_;
    out.running = running_ ? 1 : 0;
    return out;
}

void ScanSession::wait_idle() {
    std::unique_lock<std::mutex> lock(mutex_);
    check_timeout_locked();
    idle_.wait(lock, [this] { return idle_locked(); });
}

void ScanSession::decode_locked(std::unique_lock<std::mutex> &lock) {
    GrayImage image = std::move(frame_);
    uint64_t session = frame_session_;
    full_ = false;
    decoding_ = true;
    lock.unlock();
    ckey_results *results = nullptr;
    int64_t started = steady_ns();
    int status = ckey_decoder_scan(decoder_, image.pixels.data(), image.pixels.size(), image.width, image.height,
                                   static_cast<size_t>(image.width), CKEY_PIXELS_GRAY8, options_.scan_flags, &results);
    int64_t decode_ns = steady_ns() - started;
    lock.lock();
    decoding_ = false;
    spare_ = std::move(image);
    ++stats_.frames_processed;
    bool current = running_ && session == session_;
    if (current) ++session_frames_;
    size_t count = 0;
    bool found = status == CKEY_OK && ckey_results_get_count(results, &count) == CKEY_OK && count > 0;
    size_t first_new = events_.size();
    Event frame{Event::frame};
    frame.decode_ns = decode_ns;
    frame.found = found;
    frame.session = session;
    events_.push_back(frame);
    if (found && current) {
        ckey_result_info info;
        int profile = ckey_results_get_info(results, 0, &info) == CKEY_OK ? info.profile : -1;
        Event result{Event::result};
        result.session = session;
        result.results = results;
        events_.push_back(result);
        end_locked(CKEY_SESSION_SUCCEEDED, profile);
    } else {
        ckey_results_destroy(results);  // a stale frame's result is never delivered
    }
    for (size_t i = first_new; i < events_.size(); ++i) events_[i].from_decode = true;
    decode_events_ += static_cast<int>(events_.size() - first_new);
}

void ScanSession::deliver(Event &event) {
    switch (event.kind) {
    case Event::start:
        if (callbacks_.on_session_start) callbacks_.on_session_start(callbacks_.context, event.session);
        break;
    case Event::frame:
        if (callbacks_.on_frame) callbacks_.on_frame(callbacks_.context, event.decode_ns, event.found ? 1 : 0);
        break;
    case Event::result:
        if (callbacks_.on_result) callbacks_.on_result(callbacks_.context, event.session, event.results);
        ckey_results_destroy(event.results);
        break;
    case Event::end:
        if (callbacks_.on_session_end) callbacks_.on_session_end(callbacks_.context, &event.report);
        break;
    }
}

void ScanSession::run() {
    std::unique_lock<std::mutex> lock(mutex_);
    for (;;) {
        check_timeout_locked();
        if (!events_.empty()) {
            Event event = events_.front();
            events_.pop_front();
            delivering_ = true;
            lock.unlock();
            deliver(event);
            lock.lock();
            delivering_ = false;
            if (event.from_decode) --decode_events_;
            continue;
        }
        if (quit_) break;
        if (full_) {
            decode_locked(lock);
            continue;
        }
        idle_.notify_all();
        wake_.wait_for(lock, kTimeoutPoll, [this] { return full_ || !events_.empty() || quit_; });
    }
    idle_.notify_all();
}

}  // namespace ckey
