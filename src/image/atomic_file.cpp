// Atomic file writes: a temporary file beside the target, flushed to disk,
// then renamed over it. A failure removes the temporary and says why.
#include "atomic_file.hpp"

#include "../core/error.hpp"

#include <atomic>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

namespace ckey {

void write_file_atomic(const std::string &path, const uint8_t *data, size_t length) {
    if (path.empty()) fail(CKEY_INVALID_ARGUMENT, "path is empty; pass a file path");
    if (length > 0 && data == nullptr) fail(CKEY_INVALID_ARGUMENT, "data is NULL but length is ", length);
    static std::atomic<unsigned> counter{0};
    const size_t slash = path.find_last_of('/');
    const std::string dir = slash == std::string::npos ? "" : path.substr(0, slash + 1);
    const std::string name = slash == std::string::npos ? path : path.substr(slash + 1);
    if (name.empty()) fail(CKEY_INVALID_ARGUMENT, "path '", path, "' names a directory; pass a file path");
    const std::string temp = cat(dir, ".", name, ".tmp-", static_cast<long>(getpid()), "-", counter++);
    auto failed = [&](const char *step, int error) {
        ::unlink(temp.c_str());
        fail(CKEY_IO_ERROR, "cannot write '", path, "': ", step, " failed: ", std::strerror(error));
    };
    int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    if (fd < 0) {
        int error = errno;
        fail(CKEY_IO_ERROR, "cannot write '", path, "': creating the temporary file in '", dir.empty() ? "." : dir,
             "' failed: ", std::strerror(error));
    }
    size_t done = 0;
    while (done < length) {
        ssize_t n = ::write(fd, data + done, length - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            int error = n < 0 ? errno : EIO;
            ::close(fd);
            failed("writing", error);
        }
        done += static_cast<size_t>(n);
    }
    if (::fsync(fd) != 0) {
        int error = errno;
        ::close(fd);
        failed("flushing", error);
    }
    if (::close(fd) != 0) failed("closing", errno);
    if (::rename(temp.c_str(), path.c_str()) != 0) failed("renaming the temporary file", errno);
}

}  // namespace ckey
