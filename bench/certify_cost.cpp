// Times ckey_certify on one core: the default envelope with a 41-byte
// payload, plain or concept, as a full run (200 frames), a full run with the
// smallest-size search, and a quick run (32 frames). Prints the median and
// range of each over the repeats (docs/certification.md, "Cost").
// Usage: certify_cost [--style plain|concept] [--repeat N] [--quick-only]
#include <ckey/ckey.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;

struct Options {
    int preset = CKEY_STYLE_PLAIN;
    int repeat = 5;
    bool quick_only = false;
};

// False (after a usage line) when the arguments are not the ones described above.
bool parse_args(int argc, char **argv, Options &o) {
    for (int i = 1; i < argc; ++i) {
        const bool has_value = i + 1 < argc;
        if (std::strcmp(argv[i], "--style") == 0 && has_value) {
            const char *name = argv[++i];
            if (std::strcmp(name, "plain") == 0) o.preset = CKEY_STYLE_PLAIN;
            else if (std::strcmp(name, "concept") == 0) o.preset = CKEY_STYLE_CONCEPT;
            else return std::fprintf(stderr, "certify_cost: --style is plain or concept, not %s\n", name), false;
        } else if (std::strcmp(argv[i], "--repeat") == 0 && has_value) {
            o.repeat = std::atoi(argv[++i]);
            if (o.repeat < 1 || o.repeat > 100)
                return std::fprintf(stderr, "certify_cost: --repeat is 1...100\n"), false;
        } else if (std::strcmp(argv[i], "--quick-only") == 0) {
            o.quick_only = true;
        } else {
            return std::fprintf(stderr, "usage: certify_cost [--style plain|concept] [--repeat N] [--quick-only]\n"),
                   false;
        }
    }
    return true;
}

// Seconds per run of ckey_certify with this envelope, one entry per repeat.
std::vector<double> time_runs(const ckey_symbol *symbol, const ckey_style &style, const ckey_certify_envelope &e,
                              int repeat, int &read, int &frames) {
    std::vector<double> seconds;
    for (int r = 0; r < repeat; ++r) {
        ckey_certify_report report;
        const auto start = Clock::now();
        if (ckey_certify(symbol, &style, 0, nullptr, 0, &e, nullptr, &report) != CKEY_OK) return {};
        seconds.push_back(std::chrono::duration<double>(Clock::now() - start).count());
        read = report.readings_passed;
        frames = report.readings;
    }
    return seconds;
}

void report_line(const char *name, std::vector<double> s, int read, int frames) {
    if (s.empty()) return (void)std::printf("%-28s failed\n", name);
    std::sort(s.begin(), s.end());
    std::printf("%-28s median %.3f s (range %.3f-%.3f, %zu runs), read %d of %d frames\n", name, s[s.size() / 2],
                s.front(), s.back(), s.size(), read, frames);
}

}  // namespace

int main(int argc, char **argv) {
    Options o;
    if (!parse_args(argc, argv, o)) return 2;
    const char *payload = "https://ckey.example/certify/cost/a1B2c3D4";  // 41 bytes
    ckey_symbol *symbol = nullptr;
    if (ckey_symbol_encode(reinterpret_cast<const uint8_t *>(payload), std::strlen(payload), CKEY_PROFILE_SCALABLE,
                           0, CKEY_LEVEL_M, 0, &symbol) != CKEY_OK)
        return std::fprintf(stderr, "certify_cost: the payload did not encode\n"), 1;
    ckey_style style;
    ckey_style_init(&style, o.preset);
    ckey_certify_envelope e;
    ckey_certify_envelope_init(&e);
    int read = 0, frames = 0;
    e.quick = 1;
    e.find_min_size = 0;
    std::vector<double> seconds = time_runs(symbol, style, e, o.repeat, read, frames);
    report_line("quick (32 frames)", seconds, read, frames);
    if (!o.quick_only) {
        e.quick = 0;
        seconds = time_runs(symbol, style, e, o.repeat, read, frames);
        report_line("200 frames", seconds, read, frames);
        e.find_min_size = 1;
        seconds = time_runs(symbol, style, e, o.repeat, read, frames);
        report_line("200 frames and smallest size", seconds, read, frames);
    }
    ckey_symbol_destroy(symbol);
    return 0;
}
