// A small deterministic random source for the camera simulator: xoshiro256**
// seeded through splitmix64, with its own uniform, normal and Poisson draws.
// std:: engines and distributions are avoided on purpose: their outputs
// differ between standard libraries, and a frame must be reproducible from
// its seed on every platform.
#pragma once

// Same bits everywhere: no fused multiply-add unless written (clang fuses
// within expressions by default on some targets; GCC in ISO mode does not).
#if defined(__clang__)
#pragma clang fp contract(off)
#endif

#include <cmath>
#include <cstdint>

namespace ckey {

inline uint64_t splitmix64(uint64_t &state) {
    uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

// Independent streams of one seed (scene draw, clutter, sensor noise...).
enum class Stream : uint64_t { scene = 1, clutter = 2, noise = 3, damage = 4 };

class Random {
public:
    explicit Random(uint64_t seed, Stream stream = Stream::scene) {
        uint64_t s = seed ^ (static_cast<uint64_t>(stream) * 0xD1B54A32D192ED03ull);
        for (auto &word : state_) word = splitmix64(s);
    }

    uint64_t next() {
        const uint64_t result = rotl(state_[1] * 5, 7) * 9;
        const uint64_t t = state_[1] << 17;
        state_[2] ^= state_[0];
        state_[3] ^= state_[1];
        state_[1] ^= state_[2];
        state_[0] ^= state_[3];
        state_[2] ^= t;
        state_[3] = rotl(state_[3], 45);
        return result;
    }

    // [0, 1), 53 bits.
    double uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }
    double uniform(double lo, double hi) { return lo + (hi - lo) * uniform(); }
    // 0 ... n-1 (n >= 1); the tiny modulo bias is irrelevant here.
    int below(int n) { return static_cast<int>(next() % static_cast<uint64_t>(n)); }
    int between(int lo, int hi) { return lo + below(hi - lo + 1); }
    bool coin() { return (next() >> 63) != 0; }

    // Standard normal by Marsaglia's polar method (no trigonometry).
    double normal() {
        if (has_spare_) {
            has_spare_ = false;
            return spare_;
        }
        double x, y, s;
        do {
            x = 2 * uniform() - 1;
            y = 2 * uniform() - 1;
            s = x * x + y * y;
        } while (s >= 1 || s == 0);
        const double k = std::sqrt(-2 * std::log(s) / s);
        spare_ = y * k;
        has_spare_ = true;
        return x * k;
    }

    // Exact Poisson by multiplying uniforms (Knuth); for small means only.
    int poisson(double mean) {
        const double limit = std::exp(-mean);
        double product = uniform();
        int count = 0;
        while (product > limit) {
            product *= uniform();
            ++count;
        }
        return count;
    }

private:
    static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
    uint64_t state_[4];
    double spare_ = 0;
    bool has_spare_ = false;
};

}  // namespace ckey
