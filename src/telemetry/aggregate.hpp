// The aggregate telemetry keeps: counts, two integer-exact histograms and a
// range of UTC days. Merging two aggregates loses nothing but day detail.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <string>

namespace ckey::telemetry {

// Every count and sum stops at 2^64 - 1 instead of wrapping to 0: a full
// counter stays the largest value, never a small wrong one. Totals that a
// full counter leaves inconsistent are refused by decode_batch, and the
// recorder sets such a batch aside (recorder.cpp, take).
inline void add_saturating(uint64_t &total, uint64_t n) {
    if (__builtin_add_overflow(total, n, &total)) total = UINT64_MAX;
}

// Log-linear buckets, 8 per power of two, over microseconds:
// a value v in [16, 2^27) falls in bucket (e - 4) * 8 + ((v >> (e - 3)) & 7)
// with e = floor(log2 v); bucket i covers [lower(i), lower(i + 1)).
// v < 16 is underflow, v >= 2^27 (134 s) overflow. Integers only: exact.
struct Histogram {
    static constexpr int kMinExponent = 4, kMaxExponent = 27, kPerOctave = 8;
    static constexpr int kBuckets = (kMaxExponent - kMinExponent) * kPerOctave;

    uint64_t count = 0, sum = 0, underflow = 0, overflow = 0;
    std::map<int, uint64_t> buckets;  // sparse: index -> count >= 1

    static int bucket_of(uint64_t value);  // -1 underflow, kBuckets overflow
    static uint64_t lower_bound(int index);
    void add(uint64_t value);
    void merge(const Histogram &other);
    bool operator==(const Histogram &) const = default;
};

struct Aggregate {
    std::string sdk, sdk_version, platform;
    int64_t first_day = -1, last_day = -1;  // days since 1970-01-01 UTC; -1 = none yet
    uint64_t started = 0, succeeded = 0, failed = 0, frames = 0;
    std::array<uint64_t, 4> decodes{};
    Histogram time_to_first_decode, frame_time;

    bool empty() const { return started == 0 && succeeded == 0 && failed == 0 && frames == 0; }
    void touch_day(int64_t day);
    // Adds other's counts; the identity (sdk, version, platform) becomes other's.
    void merge(const Aggregate &other);
    bool operator==(const Aggregate &) const = default;
};

// "2026-11-29" for a day number, and back (-1 when malformed).
std::string day_text(int64_t day);
int64_t parse_day(const std::string &text);

}  // namespace ckey::telemetry
