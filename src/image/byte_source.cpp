// Buffered, capped reads from files, standard input and memory.
#include "byte_source.hpp"

#include "../core/error.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace ckey {

size_t ByteSource::refill(size_t wanted) {
    if (begin_ > 0) {
        std::memmove(buffer_, buffer_ + begin_, end_ - begin_);
        end_ -= begin_;
        begin_ = 0;
    }
    while (end_ < wanted) {
        size_t got = fill(buffer_ + end_, kBuffer - end_);
        if (got == 0) break;
        fetched_ += got;
        if (fetched_ > kMaxBytes)
            fail(CKEY_IMAGE_TOO_LARGE, "'", name_, "' is larger than ", kMaxBytes >> 30,
                 " GiB, more than any supported 100-megapixel image needs; not read further");
        end_ += got;
    }
    return end_;
}

size_t ByteSource::read(uint8_t *dst, size_t n) {
    size_t done = 0;
    while (done < n) {
        if (begin_ == end_ && refill(1) == 0) break;
        size_t take = std::min(n - done, end_ - begin_);
        std::memcpy(dst + done, buffer_ + begin_, take);
        begin_ += take;
        done += take;
    }
    consumed_ += done;
    return done;
}

int ByteSource::get() {
    if (begin_ == end_ && refill(1) == 0) return -1;
    ++consumed_;
    return buffer_[begin_++];
}

size_t ByteSource::peek(const uint8_t *&data, size_t n) {
    n = std::min(n, kBuffer);
    if (end_ - begin_ < n) refill(n);
    data = buffer_ + begin_;
    return std::min(n, end_ - begin_);
}

size_t MemorySource::fill(uint8_t *dst, size_t n) {
    size_t take = std::min(n, length_ - offset_);
    if (take) std::memcpy(dst, data_ + offset_, take);
    offset_ += take;
    return take;
}

namespace {

const char *kind_of(mode_t mode) {
    if (S_ISFIFO(mode)) return "a FIFO (named pipe)";
    if (S_ISDIR(mode)) return "a directory";
    if (S_ISCHR(mode)) return "a character device";
    if (S_ISBLK(mode)) return "a block device";
    if (S_ISSOCK(mode)) return "a socket";
    return "not a regular file";
}

}  // namespace

FileSource::FileSource(const std::string &path) : ByteSource(path == "-" ? "standard input" : path) {
    if (path == "-") {
        fd_ = STDIN_FILENO;
        return;
    }
    // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer.
    fd_ = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd_ < 0) fail(CKEY_IO_ERROR, "cannot open '", path, "': ", std::strerror(errno));
    owned_ = true;
    struct stat info {};
    if (::fstat(fd_, &info) != 0) {
        int saved = errno;
        ::close(fd_);
        fail(CKEY_IO_ERROR, "cannot stat '", path, "': ", std::strerror(saved));
    }
    if (!S_ISREG(info.st_mode)) {
        ::close(fd_);
        fail(CKEY_IO_ERROR, "'", path, "' is ", kind_of(info.st_mode),
             "; only regular files are read (use - to read standard input)");
    }
    int flags = ::fcntl(fd_, F_GETFL);
    if (flags >= 0) ::fcntl(fd_, F_SETFL, flags & ~O_NONBLOCK);
}

FileSource::~FileSource() {
    if (owned_ && fd_ >= 0) ::close(fd_);
}

size_t FileSource::fill(uint8_t *dst, size_t n) {
    for (;;) {
        ssize_t got = ::read(fd_, dst, n);
        if (got >= 0) return static_cast<size_t>(got);
        if (errno != EINTR) fail(CKEY_IO_ERROR, "cannot read '", name(), "': ", std::strerror(errno));
    }
}

}  // namespace ckey
