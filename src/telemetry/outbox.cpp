// POSIX file operations for the telemetry directory.
#include "outbox.hpp"

#include "outbox_names.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace ckey::telemetry {

namespace {

bool sync_folder(const std::string &folder) {
    int fd = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY);
    if (fd < 0) return false;
    bool ok = ::fsync(fd) == 0;
    ::close(fd);
    return ok;
}

std::string folder_of(const std::string &path) { return path.substr(0, path.find_last_of('/')); }

// mkdir -p that starts at the folder itself and climbs only past missing
// parents (the default's ~/.local/share may not exist yet), so a parent that
// exists is never touched: a sandbox may refuse even a mkdir there.
bool make_folder(const std::string &folder) {
    if (::mkdir(folder.c_str(), 0700) == 0 || errno == EEXIST) return true;
    size_t slash = folder.find_last_of('/');
    if (errno != ENOENT || slash == 0 || slash == std::string::npos) return false;
    return make_folder(folder.substr(0, slash)) && (::mkdir(folder.c_str(), 0700) == 0 || errno == EEXIST);
}

}  // namespace

Outbox::Outbox(std::string directory) : directory_(std::move(directory)) {
    while (directory_.size() > 1 && directory_.back() == '/') directory_.pop_back();
}

bool Outbox::make_folders() {
    for (const std::string &folder : {directory_, directory_ + "/outbox", directory_ + "/quarantine"})
        if (!make_folder(folder)) return false;
    return true;
}

DirectoryLock::Outcome Outbox::claim() {
    if (!configured() || !make_folders()) return DirectoryLock::failed;
    return lock_.acquire(lock_path());
}

std::string Outbox::batch_path(uint64_t first, uint64_t last) const {
    return directory_ + "/outbox/" + batch_file_name(first, last);
}

bool Outbox::rename(const std::string &from, const std::string &to) {
    if (!durable()) return true;
    if (::rename(from.c_str(), to.c_str()) != 0) return false;
    return sync_folder(folder_of(to)) && sync_folder(folder_of(from));
}

bool Outbox::write_atomic(const std::string &path, const std::string &text) {
    if (!durable()) return true;
    std::string temporary = temporary_path(path);
    int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    if (fd < 0) return false;
    size_t done = 0;
    while (done < text.size()) {
        ssize_t n = ::write(fd, text.data() + done, text.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        done += size_t(n);
    }
    bool ok = done == text.size() && ::fsync(fd) == 0;
    ok = ::close(fd) == 0 && ok;
    if (!ok || ::rename(temporary.c_str(), path.c_str()) != 0) {
        ::unlink(temporary.c_str());
        return false;
    }
    return sync_folder(folder_of(path));
}

std::optional<std::string> Outbox::read(const std::string &path) {
    if (!durable()) return std::nullopt;
    int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return std::nullopt;
    std::string text;
    char buffer[4096];
    for (;;) {
        ssize_t n = ::read(fd, buffer, sizeof buffer);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        text.append(buffer, size_t(n));
        if (text.size() > (1 << 20)) break;  // far over any batch: decoding refuses it
    }
    ::close(fd);
    return text;
}

bool Outbox::remove(const std::string &path) {
    if (!durable()) return true;
    if (::unlink(path.c_str()) != 0) return errno == ENOENT;  // nothing removed: nothing to sync
    return sync_folder(folder_of(path));
}

bool Outbox::quarantine(const std::string &path) {
    if (!durable()) return true;
    // A stranger's name may be as long as a file name can be: room for the suffix.
    std::string name = path.substr(path.find_last_of('/') + 1).substr(0, 200);
    // A unique name: the same file name may be quarantined twice.
    for (int n = 0; n < 1000; ++n) {
        std::string target = directory_ + "/quarantine/" + name + "." + std::to_string(n);
        if (::access(target.c_str(), F_OK) == 0) continue;
        if (::rename(path.c_str(), target.c_str()) != 0) return false;
        return sync_folder(directory_ + "/quarantine");
    }
    return false;
}

OutboxListing Outbox::list() {
    OutboxListing listing;
    if (!durable()) return listing;
    std::string folder = directory_ + "/outbox";
    DIR *dir = ::opendir(folder.c_str());
    if (!dir) return listing;
    while (dirent *entry = ::readdir(dir)) {
        std::string name = entry->d_name;
        if (name == "." || name == "..") continue;
        std::string path = folder + "/" + name;
        OutboxName what = classify_outbox_name(name);
        struct stat info;
        bool regular = ::lstat(path.c_str(), &info) == 0 && S_ISREG(info.st_mode);
        if (!regular || what.kind == OutboxName::stranger) listing.strangers.push_back(path);
        else if (what.kind == OutboxName::temporary) listing.temporaries.push_back(path);
        else listing.batches.emplace_back(what.first, what.last);
    }
    ::closedir(dir);
    std::sort(listing.batches.begin(), listing.batches.end());
    return listing;
}

}  // namespace ckey::telemetry
