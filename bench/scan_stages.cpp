// Times the scanner's fixed stages on image files, the cost every frame pays
// before any candidate is decoded: halving, smoothing, thresholds, ring
// components, then the whole scan, and the scan through the C API (a
// gray8 buffer, as a camera frame arrives). Prints the median of each over all
// files and repeats. Usage: scan_stages [--repeat N] FILE...
// (bench/scan_benchmark.py --save DIR writes frames to feed it.)
#include <ckey/ckey.h>

#include "image/image_file.hpp"
#include "scan/binarize.hpp"
#include "scan/candidates.hpp"
#include "scan/scanner.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <exception>
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

// Reads [--repeat N] FILE...; false (after a usage line) when that is not what was given.
bool parse_args(int argc, char **argv, int &repeat, std::vector<std::string> &files) {
    bool known = true;
    for (int i = 1; i < argc && known; ++i) {
        if (std::strcmp(argv[i], "--repeat") == 0 && i + 1 < argc) repeat = std::atoi(argv[++i]);
        else if (argv[i][0] == '-' && argv[i][1] != '\0') known = false;
        else files.push_back(argv[i]);
    }
    if (known && !files.empty() && repeat >= 1) return true;
    std::fprintf(stderr, "usage: scan_stages [--repeat N] FILE...\n");
    return false;
}

}  // namespace

int main(int argc, char **argv) {
    int repeat = 7;
    std::vector<std::string> files;
    if (!parse_args(argc, argv, repeat, files)) return 2;
    const char *names[] = {"decimate", "smooth", "binarize", "components", "whole scan", "C API scan"};
    constexpr int kStages = 6;
    std::vector<double> times[kStages];
    size_t runs = 0, candidates = 0, decoded = 0;
    ckey::GrayImage halved, smoothed;
    ckey::Ternary binary;
    ckey::BinarizeScratch binarize_scratch;
    ckey::ComponentScratch components;
    std::vector<ckey::RingCandidate> rings;
    ckey::Scanner scanner;
    ckey_decoder *decoder = nullptr;
    if (ckey_decoder_create(&decoder) != CKEY_OK) return 1;
    for (const std::string &file : files) {
        ckey::GrayImage image;
        try {
            image = ckey::read_image_file(file);
        } catch (const std::exception &e) {
            std::fprintf(stderr, "scan_stages: %s: %s\n", file.c_str(), e.what());
            ckey_decoder_destroy(decoder);
            return 1;
        }
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
            ckey_results *results = nullptr;
            ckey_decoder_scan(decoder, image.pixels.data(), image.pixels.size(), image.width, image.height,
                              static_cast<size_t>(image.width), CKEY_PIXELS_GRAY8, 0, &results);
            auto t6 = Clock::now();
            size_t count = 0;
            if (r == 0 && results && ckey_results_get_count(results, &count) == CKEY_OK && count > 0) ++decoded;
            ckey_results_destroy(results);
            const Clock::time_point marks[] = {t0, t1, t2, t3, t4, t5, t6};
            for (int k = 0; k < kStages; ++k) times[k].push_back(ms_between(marks[k], marks[k + 1]));
            if (r == 0) {
                runs += components.runs.size();
                candidates += rings.size();
            }
        }
    }
    std::printf("%zu files x %d repeats; medians in ms\n", files.size(), repeat);
    for (int k = 0; k < kStages; ++k) std::printf("  %-11s %7.3f\n", names[k], median(times[k]));
    std::printf("per file: %.0f runs, %.1f ring candidates; %zu of %zu files decoded\n",
                static_cast<double>(runs) / files.size(), static_cast<double>(candidates) / files.size(), decoded,
                files.size());
    ckey_decoder_destroy(decoder);
    return 0;
}
