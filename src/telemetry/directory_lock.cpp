// The directory's advisory lock. flock, not fcntl: an fcntl lock belongs to
// the process, so a second recorder in the same process would get it too, and
// closing any descriptor of the file would drop it. A flock lock belongs to
// its open file description and ends when the holder closes it or exits,
// however it exits (kill -9 too), so a crash never leaves the directory locked.
#include "directory_lock.hpp"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <fcntl.h>
#include <string>
#include <sys/file.h>
#include <unistd.h>

namespace ckey::telemetry {

namespace {

long read_owner(int fd) {
    char text[32] = {};
    ssize_t n = ::pread(fd, text, sizeof text - 1, 0);
    return n > 0 ? std::strtol(text, nullptr, 10) : 0;
}

// Who holds it, for the message a refused recorder gives; nothing depends on it.
void write_owner(int fd) {
    std::string text = std::to_string(long(::getpid())) + "\n";
    if (::ftruncate(fd, 0) != 0) return;
    ssize_t written = ::pwrite(fd, text.data(), text.size(), 0);
    (void)written;  // without the id the lock still holds
}

}  // namespace

DirectoryLock::Outcome DirectoryLock::acquire(const std::string &path) {
    release();
    int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0600);
    if (fd < 0) return failed;
    int status;
    do status = ::flock(fd, LOCK_EX | LOCK_NB);
    while (status != 0 && errno == EINTR);
    if (status != 0) {
        bool taken = errno == EWOULDBLOCK;
        owner_ = taken ? read_owner(fd) : 0;
        ::close(fd);
        return taken ? busy : failed;
    }
    write_owner(fd);
    fd_ = fd;
    owner_ = long(::getpid());
    return held;
}

void DirectoryLock::release() {
    if (fd_ >= 0) ::close(fd_);  // closing the only descriptor ends the lock
    fd_ = -1;
    owner_ = 0;
}

}  // namespace ckey::telemetry
