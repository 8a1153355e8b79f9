// Mode rules, counting, the due-time rule and the outbox life cycle.
#include "recorder.hpp"

#include "../core/error.hpp"
#include "batch_json.hpp"
#include "retry_after.hpp"

#include <chrono>
#include <cstdio>
#include <unistd.h>

namespace ckey::telemetry {

Recorder::Recorder(const ckey_telemetry_config &config)
    : config_(config), outbox_(config.directory ? config.directory : ""), mode_(config.mode) {
    identity_.sdk = config.sdk;
    identity_.sdk_version = config.sdk_version;
    identity_.platform = config.platform;
    current_ = identity_;
    config_.directory = nullptr;  // not owned
    std::lock_guard<std::mutex> lock(mutex_);
    // Off from the start: no folder is made and no file is read or removed
    // (what an earlier process left waits for a process that is on).
    if (mode_ != CKEY_TELEMETRY_OFF && !attach()) refuse_shared_directory();
}

Recorder::~Recorder() {
    std::lock_guard<std::mutex> lock(mutex_);
    if (mode_ != CKEY_TELEMETRY_OFF) persist_current();
}

int64_t Recorder::utc() const {
    if (config_.utc_clock) return config_.utc_clock(config_.clock_context);
    return std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch())
        .count();
}

int64_t Recorder::monotonic() const {
    if (config_.monotonic_clock) return config_.monotonic_clock(config_.clock_context);
    return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

void Recorder::count_day() {
    int64_t seconds = utc();
    current_.touch_day(seconds >= 0 ? seconds / 86400 : 0);
    current_dirty_ = true;
}

// Takes the directory, then loads it. false: another recorder holds it. A
// directory that cannot be made or locked is counted and left alone: the
// recorder counts in memory.
bool Recorder::attach() {
    if (!outbox_.configured()) return true;
    switch (outbox_.claim()) {
    case DirectoryLock::held:
        load();
        return true;
    case DirectoryLock::busy:
        return false;
    case DirectoryLock::failed:
        break;
    }
    ++errors_.io_errors;
    return true;
}

[[noreturn]] void Recorder::refuse_shared_directory() const {
    long owner = outbox_.owner();
    std::string who = owner == long(::getpid()) ? std::string("another recorder in this process")
                      : owner > 0             ? cat("another process (pid ", owner, ")")
                                              : std::string("another process");
    fail(CKEY_IO_ERROR, "telemetry directory \"", outbox_.directory(), "\" is in use: ", who, " holds ",
         outbox_.lock_path(), ". Recorders that share a directory lose each other's counts; give each process "
         "its own directory, or NULL to count in memory only");
}

// What an earlier process left: the aggregate it was counting, its outbox and
// its schedule. Corrupt files are quarantined and counted.
void Recorder::load() {
    OutboxListing listing = outbox_.list();
    remove_stale_temporaries(listing.temporaries);
    load_current();
    load_batches(listing);
    load_schedule();
}

// This recorder holds the directory, so no one else is writing in it: every
// temporary file is one a crash left between its write and its rename, and
// the file it was to replace still holds the counts.
void Recorder::remove_stale_temporaries(const std::vector<std::string> &in_outbox) {
    std::vector<std::string> stale = in_outbox;
    stale.push_back(Outbox::temporary_path(outbox_.current_path()));
    stale.push_back(Outbox::temporary_path(outbox_.schedule_path()));
    for (const std::string &path : stale)
        if (!outbox_.remove(path)) ++errors_.io_errors;
}

void Recorder::quarantine(const std::string &path) {
    ++errors_.quarantined_files;
    if (!outbox_.quarantine(path)) ++errors_.io_errors;
}

void Recorder::load_current() {
    auto text = outbox_.read(outbox_.current_path());
    if (!text) return;
    try {
        current_.merge(decode_batch(*text));
        current_.sdk = identity_.sdk;
        current_.sdk_version = identity_.sdk_version;
        current_.platform = identity_.platform;
    } catch (const std::exception &) {
        quarantine(outbox_.current_path());
    }
}

namespace {

using Range = std::pair<uint64_t, uint64_t>;

bool inside_a_wider_range(const Range &range, const std::vector<std::pair<Range, Aggregate>> &loaded) {
    for (const auto &[other, aggregate] : loaded)
        if (other != range && other.first <= range.first && range.second <= other.second) return true;
    return false;
}

}  // namespace

void Recorder::load_batches(const OutboxListing &listing) {
    // An entry this code did not write: aside, counted, never read.
    for (const std::string &path : listing.strangers) quarantine(path);
    std::vector<std::pair<Range, Aggregate>> loaded;
    for (const Range &range : listing.batches) {
        std::string path = outbox_.batch_path(range.first, range.second);
        auto text = outbox_.read(path);
        try {
            if (!text) throw std::runtime_error("unreadable");
            loaded.emplace_back(range, decode_batch(*text));
        } catch (const std::exception &) {
            quarantine(path);
        }
    }
    for (auto &[range, aggregate] : loaded) {
        // A part left by a merge that crashed before removing it: the wider
        // range, read above, holds its counts.
        if (inside_a_wider_range(range, loaded)) {
            if (!outbox_.remove(outbox_.batch_path(range.first, range.second))) ++errors_.io_errors;
            continue;
        }
        next_number_ = std::max(next_number_, range.second + 1);
        pending_[range.first] = Pending{range.second, std::move(aggregate)};
    }
}

void Recorder::load_schedule() {
    auto text = outbox_.read(outbox_.schedule_path());
    if (!text) return;
    long long last = 0, not_before = 0;
    char tail = 0;
    if (std::sscanf(text->c_str(), "%lld %lld%c", &last, &not_before, &tail) >= 2 && (tail == 0 || tail == '\n')) {
        have_last_send_ = true;
        last_send_utc_ = last;
        not_before_utc_ = not_before;
    } else {
        quarantine(outbox_.schedule_path());
    }
}

void Recorder::save_schedule() {
    if (!outbox_.write_atomic(outbox_.schedule_path(), std::to_string(last_send_utc_) + " " +
                                                           std::to_string(not_before_utc_) + "\n"))
        ++errors_.io_errors;
}

void Recorder::persist_current() {
    if (!current_dirty_ || !outbox_.durable()) return;
    bool ok = current_.empty() ? outbox_.remove(outbox_.current_path())
                               : outbox_.write_atomic(outbox_.current_path(), encode_batch(current_));
    if (ok) current_dirty_ = false;
    else ++errors_.io_errors;
}

void Recorder::move_current_to_outbox() {
    if (current_.empty()) return;
    uint64_t number = next_number_++;
    // current.json is renamed, never copied: the counts live in exactly one file.
    current_dirty_ = true;
    persist_current();
    if (outbox_.durable() && !outbox_.rename(outbox_.current_path(), outbox_.batch_path(number, number))) {
        ++errors_.io_errors;
        return;  // stays current; tried again at the next poll
    }
    pending_[number] = Pending{number, current_};
    current_ = identity_;
    current_dirty_ = false;
    bound_outbox();
}

// Merges older and the batch after it into one file named by their joint
// range: the new file is written before the parts are removed (see outbox.hpp).
bool Recorder::merge_pair(std::map<uint64_t, Pending>::iterator older) {
    auto newer = std::next(older);
    Pending merged{newer->second.last, older->second.aggregate};
    merged.aggregate.merge(newer->second.aggregate);
    std::string older_path = outbox_.batch_path(older->first, older->second.last);
    std::string newer_path = outbox_.batch_path(newer->first, newer->second.last);
    if (!outbox_.write_atomic(outbox_.batch_path(older->first, merged.last), encode_batch(merged.aggregate))) {
        ++errors_.io_errors;
        return false;
    }
    if (!outbox_.remove(older_path) || !outbox_.remove(newer_path)) ++errors_.io_errors;
    uint64_t first = older->first;
    pending_.erase(newer);
    pending_[first] = merged;
    return true;
}

void Recorder::bound_outbox() {
    // A new batch joins the newest waiting one of the same SDK build, unless
    // that one is being sent: one request carries both.
    if (pending_.size() >= 2) {
        auto newest = std::prev(pending_.end()), before = std::prev(newest);
        const Aggregate &a = before->second.aggregate, &b = newest->second.aggregate;
        if (!(in_flight_ && in_flight_id_ == before->first) && a.sdk == b.sdk && a.sdk_version == b.sdk_version &&
            a.platform == b.platform)
            merge_pair(before);
    }
    while (pending_.size() > kMaxPending) {
        auto oldest = pending_.begin();
        if (in_flight_ && (in_flight_id_ == oldest->first || in_flight_id_ == std::next(oldest)->first)) return;
        if (!merge_pair(oldest)) return;
    }
}

void Recorder::purge() {
    current_ = identity_;
    current_dirty_ = false;
    totals_ = ckey_telemetry_counters{};
    due_ = false;
    for (const auto &[first, batch] : pending_)
        if (!outbox_.remove(outbox_.batch_path(first, batch.last))) ++errors_.io_errors;
    pending_.clear();
    if (outbox_.durable()) {
        // Files an earlier process left too.
        for (auto [first, last] : outbox_.list().batches)
            if (!outbox_.remove(outbox_.batch_path(first, last))) ++errors_.io_errors;
        if (!outbox_.remove(outbox_.current_path())) ++errors_.io_errors;
    }
}

void Recorder::set_mode(int mode) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (mode == mode_) return;
    int before = mode_;
    mode_ = mode;
    if (mode == CKEY_TELEMETRY_OFF) {
        purge();
        outbox_.release();  // off holds no directory: another process may take it
    } else if (before == CKEY_TELEMETRY_OFF && !attach()) {
        ++errors_.io_errors;  // held by another: this recorder counts in memory only
    }
}

int Recorder::mode() {
    std::lock_guard<std::mutex> lock(mutex_);
    return mode_;
}

void Recorder::started() {
    std::lock_guard<std::mutex> lock(mutex_);
    if (mode_ == CKEY_TELEMETRY_OFF) return;
    add_saturating(current_.started, 1);
    add_saturating(totals_.sessions_started, 1);
    count_day();
}

bool Recorder::succeeded(int profile, int64_t ttfd_us) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (mode_ == CKEY_TELEMETRY_OFF) return true;
    if (profile < 0 || profile > 3 || ttfd_us < 0) {
        ++errors_.rejected_samples;
        return false;
    }
    add_saturating(current_.succeeded, 1);
    add_saturating(current_.decodes[profile], 1);
    current_.time_to_first_decode.add(uint64_t(ttfd_us));
    add_saturating(totals_.sessions_succeeded, 1);
    add_saturating(totals_.decodes[profile], 1);
    count_day();
    return true;
}

void Recorder::failed() {
    std::lock_guard<std::mutex> lock(mutex_);
    if (mode_ == CKEY_TELEMETRY_OFF) return;
    add_saturating(current_.failed, 1);
    add_saturating(totals_.sessions_failed, 1);
    count_day();
}

bool Recorder::frame(int64_t frame_us) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (mode_ == CKEY_TELEMETRY_OFF) return true;
    if (frame_us < 0) {
        ++errors_.rejected_samples;
        return false;
    }
    add_saturating(current_.frames, 1);
    current_.frame_time.add(uint64_t(frame_us));
    add_saturating(totals_.frames, 1);
    count_day();
    return true;
}

ckey_telemetry_counters Recorder::counters() {
    std::lock_guard<std::mutex> lock(mutex_);
    return totals_;
}

ckey_telemetry_errors Recorder::errors() {
    std::lock_guard<std::mutex> lock(mutex_);
    return errors_;
}

size_t Recorder::pending() {
    std::lock_guard<std::mutex> lock(mutex_);
    return pending_.size();
}

bool Recorder::poll() {
    std::lock_guard<std::mutex> lock(mutex_);
    due_ = false;
    if (mode_ == CKEY_TELEMETRY_OFF) return false;
    persist_current();
    if (mode_ != CKEY_TELEMETRY_ON) return false;
    int64_t now = utc();
    if (have_last_send_ && now < last_send_utc_) {
        // The clock was set back: the time since the last send is unknown, so
        // the hour starts again from now.
        last_send_utc_ = now;
        not_before_utc_ = std::min(not_before_utc_, now + kSendInterval);
        save_schedule();
        return false;
    }
    if (have_last_send_ && now < last_send_utc_ + kSendInterval) return false;
    if (now < not_before_utc_) return false;
    // Within one process the monotonic clock also holds, so setting the clock
    // forward does not shorten the hour.
    if (sent_in_process_ && monotonic() - last_send_monotonic_ < kSendInterval * 1000000000LL) return false;
    move_current_to_outbox();
    due_ = !pending_.empty();
    return due_;
}

// A batch whose totals cannot be right (a counter that stopped at the top, a
// file changed by hand) would be refused at every poll and block the batches
// after it: it goes to quarantine, counted, and take says why, once.
void Recorder::set_aside(std::map<uint64_t, Pending>::iterator batch, const ckey::Error &refusal) {
    std::string path = outbox_.batch_path(batch->first, batch->second.last);
    pending_.erase(batch);
    quarantine(path);
    fail(refusal.code(), "batch ", path.substr(path.find_last_of('/') + 1),
         " set aside in quarantine/ and not sent: ", refusal.what());
}

bool Recorder::take(std::string &json, uint64_t &id) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (!due_ || mode_ != CKEY_TELEMETRY_ON || pending_.empty()) return false;
    due_ = false;
    auto &[first, batch] = *pending_.begin();
    json = encode_batch(batch.aggregate);
    try {
        decode_batch(json);  // every batch is validated before it leaves
    } catch (const ckey::Error &refusal) {
        set_aside(pending_.begin(), refusal);
    }
    id = first;
    in_flight_ = true;
    in_flight_id_ = first;
    have_last_send_ = true;
    last_send_utc_ = utc();
    sent_in_process_ = true;
    last_send_monotonic_ = monotonic();
    save_schedule();
    return true;
}

void Recorder::report(uint64_t id, int status, int64_t retry_after_s) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (in_flight_ && in_flight_id_ == id) in_flight_ = false;
    auto it = pending_.find(id);
    if (it == pending_.end()) return;
    bool delivered = status >= 200 && status < 300;
    bool refused = status >= 400 && status < 500 && status != 408 && status != 429;
    if (delivered || refused) {
        if (refused) ++errors_.dropped_batches;
        if (!outbox_.remove(outbox_.batch_path(id, it->second.last))) ++errors_.io_errors;
        pending_.erase(it);
        return;
    }
    if (retry_after_s > 0) {
        not_before_utc_ = std::max(not_before_utc_, utc() + std::min<int64_t>(retry_after_s, 7 * 86400));
        save_schedule();
    }
}

void Recorder::report_answer(uint64_t id, int status, const char *retry_after_header) {
    int64_t seconds = 0;
    if (retry_after_header) {
        try {
            seconds = retry_after_seconds(retry_after_header, utc());
        } catch (const ckey::Error &) {
            seconds = 0;  // the hourly rule still spaces the attempts
        }
    }
    report(id, status, seconds);
}

}  // namespace ckey::telemetry
