// Codec timings: encode (payload -> modules, all four masks scored) and
// module-level decode, for small and the largest symbols, at full capacity.
// Prints one line per case: median and best of the runs, in milliseconds.
#include "codec/decode.hpp"
#include "codec/symbol.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <vector>

namespace {

struct Case {
    const char *name;
    int profile, version, level, layout;
};

double ms_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

int main() {
    const Case cases[] = {
        {"profile 0 v1-M standard", 0, 1, 1, 0},  {"profile 0 v10-M standard", 0, 10, 1, 0},
        {"profile 0 v31-L standard", 0, 31, 0, 0}, {"profile 0 v31-H print", 0, 31, 3, 1},
        {"profile 1 locator", 1, 0, 2, 0},        {"profile 2 text", 2, 0, 3, 0},
        {"profile 3 extended", 3, 0, 0, 0},
    };
    const int runs = 21;
    std::printf("%-26s %6s %8s %14s %14s\n", "symbol", "N", "bytes", "encode ms", "decode ms");
    for (const Case &c : cases) {
        size_t capacity = ckey::capacity_bytes(c.profile, c.version, c.level, c.layout);
        std::vector<uint8_t> payload(capacity);
        for (size_t i = 0; i < capacity; ++i) payload[i] = static_cast<uint8_t>(i * 131 + 7);
        if (c.profile == 2)
            for (auto &b : payload) b = static_cast<uint8_t>('A' + b % 26);  // valid UTF-8, not text40
        std::vector<double> encode_ms, decode_ms;
        ckey::Symbol s;
        for (int run = 0; run < runs; ++run) {
            auto start = std::chrono::steady_clock::now();
            s = ckey::encode_symbol(payload.data(), payload.size(), {c.profile, c.version, c.level, c.layout});
            encode_ms.push_back(ms_since(start));
            std::vector<uint8_t> darkness(s.modules.size());
            for (size_t i = 0; i < darkness.size(); ++i) darkness[i] = (s.modules[i] & 1) ? 255 : 0;
            start = std::chrono::steady_clock::now();
            auto result = ckey::decode_modules({s.profile, s.version, s.level, s.layout, s.mask}, darkness.data(),
                                               darkness.size());
            decode_ms.push_back(ms_since(start));
            if (!result.ok || result.payload != payload) {
                std::printf("%s: round trip failed\n", c.name);
                return 1;
            }
        }
        std::sort(encode_ms.begin(), encode_ms.end());
        std::sort(decode_ms.begin(), decode_ms.end());
        std::printf("%-26s %6d %8zu %7.3f (%.3f) %7.3f (%.3f)\n", c.name, s.n, capacity, encode_ms[runs / 2],
                    encode_ms[0], decode_ms[runs / 2], decode_ms[0]);
    }
    std::printf("median (best) of %d runs each, one thread\n", runs);
    return 0;
}
