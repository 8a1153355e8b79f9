// A frame-driven scan session: the state machine of include/ckey/session.h
// and the worker thread that decodes frames and delivers callbacks.
#pragma once

#include <ckey/session.h>

#include "../image/gray_image.hpp"

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <mutex>
#include <thread>

namespace ckey {

class ScanSession {
public:
    // options must be validated already (see c_api.cpp).
    ScanSession(const ckey_session_callbacks &callbacks, const ckey_session_options &options);
    ~ScanSession();
    ScanSession(const ScanSession &) = delete;
    ScanSession &operator=(const ScanSession &) = delete;

    void start();
    void scan_again();
    void stop();
    ckey_frame_disposition submit(const uint8_t *pixels, size_t length, int width, int height, size_t bytes_per_row,
                                  int format, int64_t timestamp_ns);
    ckey_session_stats stats();
    void wait_idle();

private:
    // What the worker hands to the callbacks, in order.
    struct Event {
        enum Kind { start, frame, result, end } kind;
        int64_t decode_ns = 0;
        bool found = false;
        uint64_t session = 0;
        ckey_results *results = nullptr;  // owned until delivered
        ckey_session_report report{};
        bool from_decode = false;  // the worker stays busy until it is delivered
    };

    int64_t now() const;
    void begin_locked();
    void end_locked(ckey_session_outcome outcome, int profile);
    void check_timeout_locked();
    bool idle_locked() const;
    void run();
    void deliver(Event &event);
    void decode_locked(std::unique_lock<std::mutex> &lock);

    ckey_session_callbacks callbacks_;
    ckey_session_options options_;
    ckey_decoder *decoder_ = nullptr;

    std::mutex mutex_;
    std::condition_variable wake_;  // the worker: a frame, an event or quit
    std::condition_variable idle_;  // wait_idle: the worker has nothing left
    ckey_session_stats stats_{};
    bool running_ = false;
    uint64_t session_ = 0;           // the current (or last) session's number
    int64_t session_started_ = 0;    // on the session clock
    uint64_t session_frames_ = 0;
    bool have_last_queued_ = false;
    int64_t last_queued_ = 0;        // timestamp of the last queued frame

    // The one frame slot: filling (a caller copies into it), full (waiting
    // for the worker) or decoding. Any of the three, or callbacks being
    // delivered, makes a new frame busy.
    bool filling_ = false, full_ = false, decoding_ = false;
    GrayImage frame_;
    GrayImage spare_;  // the last decoded frame's buffer, filled by the next submit
    uint64_t frame_session_ = 0;

    std::deque<Event> events_;
    int decode_events_ = 0;          // events from_decode not yet delivered
    bool delivering_ = false;
    bool quit_ = false;
    std::thread worker_;
};

}  // namespace ckey
