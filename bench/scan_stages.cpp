// Times the scanner's fixed stages on image files, the cost every frame pays
// before any candidate is decoded: halving, smoothing, thresholds, ring
// components, and then the whole scan. Prints the median of each over all
// files and repeats. Usage: scan_stages [--repeat N] FILE...
// (bench/scan_benchmark.py --save DIR writes frames to feed it.)
#include "image/image_file.hpp"
#include "scan/binarize.hpp"
#include "scan/candidates.hpp"
#include "scan/scanner.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;

double ms_between(Clock::time_point a, Clock::time_point b) {
    return std::chrono::duration<double, std::milli>(b - a).count();
}

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v.empty() ? 0 : v[v.size() / 2];
}

}  // namespace

int main(int argc, char **argv) {
    int repeat = 7;
    std::vector<std::string> files;
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--repeat") == 0 && i + 1 < argc) repeat = std::atoi(argv[++i]);
        else files.push_back(argv[i]);
    }
    if (files.empty() || repeat < 1) {
        std::fprintf(stderr, "usage: scan_stages [--repeat N] FILE...\n");
        return 2;
    }
    const char *names[] = {"decimate", "smooth", "binarize", "components", "whole scan"};
    std::vector<double> times[5];
    size_t runs = 0, candidates = 0;
    ckey::GrayImage halved, smoothed;
    ckey::Ternary binary;
    ckey::BinarizeScratch binarize_scratch;
    ckey::ComponentScratch components;
    std::vector<ckey::RingCandidate> rings;
    ckey::Scanner scanner;
    for (const std::string &file : files) {
        const ckey::GrayImage image = ckey::read_image_file(file);
        for (int r = 0; r < repeat; ++r) {
            // The scanner halves frames of 480 px or more on the short side.
            const bool halve = std::min(image.width, image.height) >= 480;
            auto t0 = Clock::now();
            if (halve) ckey::decimate(image, halved);
            auto t1 = Clock::now();
            ckey::smooth(halve ? halved : image, smoothed);
            auto t2 = Clock::now();
            ckey::binarize(smoothed, binary, binarize_scratch);
            auto t3 = Clock::now();
            rings.clear();
            ckey::find_ring_candidates(binary, components, rings);
            auto t4 = Clock::now();
            scanner.scan(image, false);
            auto t5 = Clock::now();
            const Clock::time_point marks[] = {t0, t1, t2, t3, t4, t5};
            for (int k = 0; k < 5; ++k) times[k].push_back(ms_between(marks[k], marks[k + 1]));
            if (r == 0) {
                runs += components.runs.size();
                candidates += rings.size();
            }
        }
    }
    std::printf("%zu files x %d repeats; medians in ms\n", files.size(), repeat);
    for (int k = 0; k < 5; ++k) std::printf("  %-11s %7.3f\n", names[k], median(times[k]));
    std::printf("per file: %.0f runs, %.1f ring candidates\n", static_cast<double>(runs) / files.size(),
                static_cast<double>(candidates) / files.size());
    return 0;
}
