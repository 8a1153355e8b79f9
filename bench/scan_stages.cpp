// Times the scanner's fixed stages on image files, the cost every frame pays
// before any candidate is decoded: halving, smoothing, thresholds, ring
// components, then the whole scan, and the scan through the C API (a
// gray8 buffer, as a camera frame arrives). Prints the median of each over all
// files and repeats. Usage: scan_stages [--repeat N] [--all] [--per-file] FILE...
// (--all: every symbol wanted, CKEY_SCAN_ALL, as for multi-label frames;
// --per-file: also each file's route, fastest whole scan and symbol count, for comparing
// two builds frame by frame)
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
#include <utility>
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

// What the command line asks for.
struct Options {
    int repeat = 7;
    bool find_all = false, per_file = false;
    std::vector<std::string> files;
};

// Reads [--repeat N] [--all] [--per-file] FILE...; false (after a usage line) when that is not what was given.
bool parse_args(int argc, char **argv, Options &o) {
    bool known = true;
    for (int i = 1; i < argc && known; ++i) {
        if (std::strcmp(argv[i], "--repeat") == 0 && i + 1 < argc) o.repeat = std::atoi(argv[++i]);
        else if (std::strcmp(argv[i], "--all") == 0) o.find_all = true;
        else if (std::strcmp(argv[i], "--per-file") == 0) o.per_file = true;
        else if (argv[i][0] == '-' && argv[i][1] != '\0') known = false;
        else o.files.push_back(argv[i]);
    }
    if (known && !o.files.empty() && o.repeat >= 1) return true;
    std::fprintf(stderr, "usage: scan_stages [--repeat N] [--all] [--per-file] FILE...\n");
    return false;
}

constexpr int kStages = 6;
const char *const kStageNames[kStages] = {"decimate", "smooth", "binarize", "components", "whole scan", "C API scan"};
// Routes: ckey::ScanRoute's values, then "none".
constexpr int kRoutes = 8;
const char *const kRouteNames[kRoutes] = {"quick", "halved", "joined", "rescued", "blob", "thin", "full", "none"};

// Everything timed, and the scratch the stages reuse from file to file.
struct Timings {
    std::vector<double> stages[kStages];
    std::vector<double> routes[kRoutes];  // per file: its best whole-scan time
    size_t runs = 0, candidates = 0, decoded = 0;
    size_t symbols = 0;  // symbols the last file's first whole scan read
    ckey::GrayImage halved, smoothed;
    ckey::Ternary binary;
    ckey::BinarizeScratch binarize_scratch;
    ckey::ComponentScratch components;
    std::vector<ckey::RingCandidate> rings;
    ckey::Scanner scanner;
    ckey_decoder *decoder = nullptr;
    bool find_all = false;
};

// Times each stage of one image, repeat times; returns the route of its
// first symbol (kRoutes - 1: none read) and its fastest whole scan.
std::pair<int, double> time_image(const ckey::GrayImage &image, int repeat, Timings &t) {
    double best_scan = 1e9;
    int route = kRoutes - 1;
    for (int r = 0; r < repeat; ++r) {
        // The scanner halves frames of 480 px or more on the short side.
        const bool halve = std::min(image.width, image.height) >= 480;
        auto t0 = Clock::now();
        if (halve) ckey::decimate(image, t.halved);
        auto t1 = Clock::now();
        ckey::smooth(halve ? t.halved : image, t.smoothed);
        auto t2 = Clock::now();
        ckey::binarize(t.smoothed, t.binary, t.binarize_scratch);
        auto t3 = Clock::now();
        t.rings.clear();
        ckey::find_ring_candidates(t.binary, t.components, t.rings);
        auto t4 = Clock::now();
        const std::vector<ckey::ScanResult> read = t.scanner.scan(image, t.find_all);
        auto t5 = Clock::now();
        if (!read.empty()) route = static_cast<int>(read[0].route);
        if (r == 0) t.symbols = read.size();
        best_scan = std::min(best_scan, ms_between(t4, t5));
        ckey_results *results = nullptr;
        ckey_decoder_scan(t.decoder, image.pixels.data(), image.pixels.size(), image.width, image.height,
                          static_cast<size_t>(image.width), CKEY_PIXELS_GRAY8, t.find_all ? CKEY_SCAN_ALL : 0, &results);
        auto t6 = Clock::now();
        size_t count = 0;
        if (r == 0 && results && ckey_results_get_count(results, &count) == CKEY_OK && count > 0) ++t.decoded;
        ckey_results_destroy(results);
        const Clock::time_point marks[] = {t0, t1, t2, t3, t4, t5, t6};
        for (int k = 0; k < kStages; ++k) t.stages[k].push_back(ms_between(marks[k], marks[k + 1]));
        if (r == 0) {
            t.runs += t.components.runs.size();
            t.candidates += t.rings.size();
        }
    }
    t.routes[route].push_back(best_scan);
    return {route, best_scan};
}

void report(const Timings &t, size_t files, int repeat) {
    std::printf("%zu files x %d repeats; medians in ms\n", files, repeat);
    for (int k = 0; k < kStages; ++k) std::printf("  %-11s %7.3f\n", kStageNames[k], median(t.stages[k]));
    std::printf("per file: %.0f runs, %.1f ring candidates; %zu of %zu files decoded\n",
                static_cast<double>(t.runs) / files, static_cast<double>(t.candidates) / files, t.decoded, files);
    std::printf("routes (best of the repeats per file):\n");
    for (int k = 0; k < kRoutes; ++k)
        if (!t.routes[k].empty())
            std::printf("  %-8s %4zu files, whole scan median %7.3f ms\n", kRouteNames[k], t.routes[k].size(),
                        median(t.routes[k]));
}

}  // namespace

int main(int argc, char **argv) {
    Options o;
    Timings t;
    if (!parse_args(argc, argv, o)) return 2;
    t.find_all = o.find_all;
    if (ckey_decoder_create(&t.decoder) != CKEY_OK) return 1;
    for (const std::string &file : o.files) {
        ckey::GrayImage image;
        try {
            image = ckey::read_image_file(file);
        } catch (const std::exception &e) {
            std::fprintf(stderr, "scan_stages: %s: %s\n", file.c_str(), e.what());
            ckey_decoder_destroy(t.decoder);
            return 1;
        }
        const auto [route, best] = time_image(image, o.repeat, t);
        if (o.per_file) std::printf("%s %s %.3f %zu\n", file.c_str(), kRouteNames[route], best, t.symbols);
    }
    report(t, o.files.size(), o.repeat);
    ckey_decoder_destroy(t.decoder);
    return 0;
}
