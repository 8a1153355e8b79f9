// Codec timings: encode (payload -> modules, all four masks scored) and
// module-level decode, for small and the largest symbols, at full capacity.
// Prints one line per case: median and best of the runs, in milliseconds.
// Then the label corpus (bench/encodation_corpus.jsonl, run from the
// repository root): per payload, the encodation plan alone, the whole encode
// at version 0 level M, and the module decode, median and p90 in microseconds.
#include "codec/decode.hpp"
#include "codec/symbol.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

namespace {

struct Case {
    const char *name;
    int profile, version, level, layout;
};

double ms_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

// The "payload" strings of a JSON-lines corpus (printable ASCII; \" and \\ escapes).
std::vector<std::string> corpus_payloads(const char *path) {
    std::vector<std::string> out;
    std::ifstream in(path);
    for (std::string line; std::getline(in, line);) {
        const std::string key = "\"payload\":\"";
        size_t at = line.find(key);
        if (at == std::string::npos) continue;
        std::string text;
        for (size_t i = at + key.size(); i < line.size() && line[i] != '"'; ++i) {
            if (line[i] == '\\' && i + 1 < line.size()) ++i;
            text += line[i];
        }
        out.push_back(text);
    }
    return out;
}

double percentile(std::vector<double> v, double q) {
    std::sort(v.begin(), v.end());
    return v.empty() ? 0 : v[static_cast<size_t>(q * static_cast<double>(v.size() - 1))];
}

int corpus_timings(const char *path) {
    const std::vector<std::string> payloads = corpus_payloads(path);
    if (payloads.empty()) {
        std::printf("corpus %s: not found or empty (run from the repository root)\n", path);
        return 0;
    }
    std::vector<double> plan_us, encode_us, decode_us;
    for (const std::string &text : payloads) {
        const auto *data = reinterpret_cast<const uint8_t *>(text.data());
        double plan = 1e9, encode = 1e9, decode = 1e9;  // best of 5 per payload
        for (int run = 0; run < 5; ++run) {
            auto start = std::chrono::steady_clock::now();
            ckey::EncodationPlan p = ckey::plan_encodation(data, text.size(), ckey::data_codewords(0, 5, 1, 0));
            plan = std::min(plan, ms_since(start) * 1000);
            if (p.bits == 0) return 1;
            start = std::chrono::steady_clock::now();
            ckey::Symbol s = ckey::encode_symbol(data, text.size(), {0, 0, 1, 0});
            encode = std::min(encode, ms_since(start) * 1000);
            std::vector<uint8_t> darkness(s.modules.size());
            for (size_t i = 0; i < darkness.size(); ++i) darkness[i] = (s.modules[i] & 1) ? 255 : 0;
            start = std::chrono::steady_clock::now();
            auto result = ckey::decode_modules({0, s.version, s.level, s.layout, s.mask}, darkness.data(), darkness.size());
            decode = std::min(decode, ms_since(start) * 1000);
            if (!result.ok || std::string(result.payload.begin(), result.payload.end()) != text) {
                std::printf("corpus round trip failed: %s\n", text.c_str());
                return 1;
            }
        }
        plan_us.push_back(plan);
        encode_us.push_back(encode);
        decode_us.push_back(decode);
    }
    std::printf("\ncorpus %s: %zu payloads, level M, version 0; best of 5 per payload, microseconds\n", path,
                payloads.size());
    std::printf("%-34s %8s %8s\n", "", "median", "p90");
    std::printf("%-34s %8.1f %8.1f\n", "encodation plan (at v5-M's D)", percentile(plan_us, 0.5), percentile(plan_us, 0.9));
    std::printf("%-34s %8.1f %8.1f\n", "encode (version search, masks)", percentile(encode_us, 0.5),
                percentile(encode_us, 0.9));
    std::printf("%-34s %8.1f %8.1f\n", "module decode", percentile(decode_us, 0.5), percentile(decode_us, 0.9));
    return 0;
}

}  // namespace

int main(int argc, char **argv) {
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
    return corpus_timings(argc > 1 ? argv[1] : "bench/encodation_corpus.jsonl");
}
