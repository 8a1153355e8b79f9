// Durable files in the app's telemetry directory:
//   current.json        the aggregate being counted (a batch document)
//   outbox/FIRST-LAST.json  a batch waiting to be sent; FIRST...LAST are the
//                       numbers of the batches merged into it. A merge writes
//                       the new range, then removes the parts, so a crash in
//                       between leaves parts inside a range: they are removed
//                       at load once the range has decoded, and nothing is
//                       counted twice.
//   schedule            "last_send_utc not_before_utc", the due-time state
//   quarantine/         corrupt files and strangers (any other entry in
//                       outbox/), moved aside and counted, never deleted
//   lock                held (flock) by the one recorder using the directory;
//                       it holds the holder's process id (directory_lock.hpp)
// Every write is a temporary file, fsync, rename, then an fsync of the folder.
#pragma once

#include "directory_lock.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace ckey::telemetry {

// What outbox/ holds, sorted by what each entry is (outbox_names.hpp). Only
// regular files can be batches: a directory or a link under a batch's name
// is a stranger too.
struct OutboxListing {
    std::vector<std::pair<uint64_t, uint64_t>> batches;  // ascending by first
    std::vector<std::string> temporaries, strangers;    // paths
};

class Outbox {
public:
    explicit Outbox(std::string directory);  // "" = memory only

    bool configured() const { return !directory_.empty(); }
    // Makes the folders and takes the directory's lock. Until claim says held,
    // and after release, every file call below is a no-op: a recorder that is
    // off, or was refused the directory, touches nothing.
    DirectoryLock::Outcome claim();
    void release() { lock_.release(); }
    bool durable() const { return lock_.is_held(); }
    const std::string &directory() const { return directory_; }
    std::string lock_path() const { return directory_ + "/lock"; }
    long owner() const { return lock_.owner(); }  // after claim: who holds the lock (0: unknown)

    // Each returns false on an I/O failure (the caller counts it).
    bool write_atomic(const std::string &path, const std::string &text);
    std::optional<std::string> read(const std::string &path);  // nullopt: missing
    bool remove(const std::string &path);
    bool quarantine(const std::string &path);

    // Where write_atomic puts path's bytes before the rename.
    static std::string temporary_path(const std::string &path) { return path + ".tmp"; }
    std::string current_path() const { return directory_ + "/current.json"; }
    std::string schedule_path() const { return directory_ + "/schedule"; }
    std::string batch_path(uint64_t first, uint64_t last) const;
    OutboxListing list();
    bool rename(const std::string &from, const std::string &to);

private:
    bool make_folders();

    std::string directory_;
    DirectoryLock lock_;
};

}  // namespace ckey::telemetry
