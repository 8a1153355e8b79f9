// Peak memory of reading image files: each file is read by ckey::read_image_file
// in a child process, and the child's peak resident size above its size at
// the start is compared with the grey image it produced.
// Usage: image_memory FILE...   (bench/image_memory.py makes 100-megapixel files)
#include "core/error.hpp"
#include "image/image_file.hpp"

#include <chrono>
#include <cstdio>
#include <string>

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

namespace {

long peak_kib() {
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return usage.ru_maxrss;
}

struct Measure {
    long start_kib, peak_kib;
    int width, height;
    double seconds;
    char error[200];
};

Measure measure_in_child(const std::string &path) {
    Measure m{};
    m.start_kib = peak_kib();
    auto t0 = std::chrono::steady_clock::now();
    try {
        ckey::GrayImage image = ckey::read_image_file(path);
        m.width = image.width;
        m.height = image.height;
    } catch (const ckey::Error &e) {
        std::snprintf(m.error, sizeof m.error, "%s", e.what());
    }
    m.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    m.peak_kib = peak_kib();
    return m;
}

}  // namespace

int main(int argc, char **argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: image_memory FILE...\n");
        return 2;
    }
    std::printf("%-28s %12s %10s %10s %8s %7s\n", "file", "pixels", "grey MB", "peak MB", "peak/grey", "s");
    for (int i = 1; i < argc; ++i) {
        int fds[2];
        if (pipe(fds) != 0) return 1;
        pid_t child = fork();
        if (child == 0) {
            Measure m = measure_in_child(argv[i]);
            ssize_t written = write(fds[1], &m, sizeof m);
            _exit(written == sizeof m ? 0 : 1);
        }
        Measure m{};
        ssize_t got = read(fds[0], &m, sizeof m);
        waitpid(child, nullptr, 0);
        close(fds[0]);
        close(fds[1]);
        std::string name = argv[i];
        name = name.substr(name.find_last_of('/') + 1);
        if (got != sizeof m) {
            std::printf("%-28s child failed\n", name.c_str());
            continue;
        }
        const double grey_mb = double(m.width) * m.height / 1e6, peak_mb = (m.peak_kib - m.start_kib) * 1024.0 / 1e6;
        if (m.error[0]) {
            std::printf("%-28s error after %.2f s, peak %.1f MB: %s\n", name.c_str(), m.seconds, peak_mb, m.error);
            continue;
        }
        std::printf("%-28s %5d x %-5d %10.1f %10.1f %8.2f %7.2f\n", name.c_str(), m.width, m.height, grey_mb, peak_mb,
                    peak_mb / grey_mb, m.seconds);
    }
    return 0;
}
