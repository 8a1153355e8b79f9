// Who owns the telemetry directory. Two recorders that shared one directory
// would each count in memory and overwrite the other's current.json, so the
// counts of one were lost with no error. One recorder at a time may use a
// directory: it holds an advisory lock on DIR/lock (flock, exclusive) for as
// long as it uses the directory, and another recorder, in this process or any
// other, is refused at once instead of waiting.
#pragma once

#include <string>

namespace ckey::telemetry {

class DirectoryLock {
public:
    enum Outcome { held, busy, failed };

    DirectoryLock() = default;
    DirectoryLock(const DirectoryLock &) = delete;
    DirectoryLock &operator=(const DirectoryLock &) = delete;
    ~DirectoryLock() { release(); }

    // Never waits. busy: another holder has it (owner() says who, when the
    // file tells); failed: the file cannot be opened or locked (errno).
    Outcome acquire(const std::string &path);
    void release();
    bool is_held() const { return fd_ >= 0; }
    // The holder's process id as it wrote it into the file; 0 when unknown.
    long owner() const { return owner_; }

private:
    int fd_ = -1;
    long owner_ = 0;
};

}  // namespace ckey::telemetry
