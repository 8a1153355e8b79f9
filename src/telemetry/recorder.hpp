// The telemetry recorder: mode rules, counting, the due-time rule and the
// outbox life cycle (docs/adoption-and-telemetry.md).
#pragma once

#include <ckey/telemetry.h>

#include "../core/error.hpp"
#include "aggregate.hpp"
#include "outbox.hpp"

#include <map>
#include <mutex>
#include <string>
#include <vector>

namespace ckey::telemetry {

constexpr int64_t kSendInterval = 3600;  // seconds: at most one send an hour
constexpr size_t kMaxPending = 16;       // more pending batches are merged, oldest first

class Recorder {
public:
    explicit Recorder(const ckey_telemetry_config &config);  // config validated by the caller
    ~Recorder();

    void set_mode(int mode);
    int mode();
    // false: rejected (negative time, unknown profile) and counted.
    void started();
    bool succeeded(int profile, int64_t ttfd_us);
    void failed();
    bool frame(int64_t frame_us);
    ckey_telemetry_counters counters();
    ckey_telemetry_errors errors();
    bool poll();
    // false: nothing to send now.
    bool take(std::string &json, uint64_t &id);
    void report(uint64_t id, int http_status, int64_t retry_after_s);
    // The same from the Retry-After header as sent (nullptr: none), read on
    // this recorder's UTC clock; a value that is not valid counts as none.
    void report_answer(uint64_t id, int http_status, const char *retry_after_header);
    size_t pending();

private:
    struct Pending {
        uint64_t last;
        Aggregate aggregate;
    };

    int64_t utc() const;
    int64_t monotonic() const;
    void count_day();
    bool attach();
    [[noreturn]] void refuse_shared_directory() const;
    void load();
    void load_current();
    void remove_stale_temporaries(const std::vector<std::string> &in_outbox);
    void load_batches(const OutboxListing &listing);
    void load_schedule();
    void quarantine(const std::string &path);  // moves a corrupt file aside and counts it
    void save_schedule();
    void persist_current();
    void move_current_to_outbox();
    void bound_outbox();
    bool merge_pair(std::map<uint64_t, Pending>::iterator older);
    [[noreturn]] void set_aside(std::map<uint64_t, Pending>::iterator batch, const ckey::Error &refusal);
    void purge();

    ckey_telemetry_config config_;
    Aggregate identity_;  // sdk, version, platform of new aggregates
    Outbox outbox_;
    std::mutex mutex_;
    int mode_;
    Aggregate current_;
    bool current_dirty_ = false;
    ckey_telemetry_counters totals_{};
    ckey_telemetry_errors errors_{};
    std::map<uint64_t, Pending> pending_;  // by first batch number
    uint64_t next_number_ = 1;
    bool have_last_send_ = false;
    int64_t last_send_utc_ = 0, not_before_utc_ = 0;
    bool sent_in_process_ = false;
    int64_t last_send_monotonic_ = 0;
    bool due_ = false;
    bool in_flight_ = false;  // a batch taken and not yet reported: never merged
    uint64_t in_flight_id_ = 0;
};

}  // namespace ckey::telemetry
