// Times the scanner on image files: median and p90 of repeated decodes per
// file, and what was found. Usage: bench_scan_files [--repeat N] FILE...
#include "image/image_file.hpp"
#include "scan/scanner.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

int main(int argc, char **argv) {
    int repeat = 15;
    std::vector<std::string> files;
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--repeat") == 0 && i + 1 < argc) repeat = std::atoi(argv[++i]);
        else files.push_back(argv[i]);
    }
    if (files.empty()) {
        std::fprintf(stderr, "usage: bench_scan_files [--repeat N] FILE...\n");
        return 2;
    }
    ckey::Scanner scanner;
    for (const std::string &file : files) {
        ckey::GrayImage image = ckey::read_image_file(file);
        std::vector<double> ms;
        size_t found = 0;
        for (int r = 0; r < repeat; ++r) {
            auto t0 = std::chrono::steady_clock::now();
            auto results = scanner.scan(image, false);
            auto t1 = std::chrono::steady_clock::now();
            ms.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
            found = results.size();
        }
        std::sort(ms.begin(), ms.end());
        std::printf("%-40s %dx%d found %zu  median %.2f ms  p90 %.2f ms\n", file.c_str(), image.width, image.height,
                    found, ms[ms.size() / 2], ms[ms.size() * 9 / 10]);
    }
    return 0;
}
