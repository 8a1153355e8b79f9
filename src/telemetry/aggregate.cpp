// Histogram bucketing and aggregate merging.
#include "aggregate.hpp"

#include <algorithm>
#include <cstdio>

namespace ckey::telemetry {

int Histogram::bucket_of(uint64_t value) {
    if (value < (uint64_t(1) << kMinExponent)) return -1;
    if (value >= (uint64_t(1) << kMaxExponent)) return kBuckets;
    int exponent = 63 - __builtin_clzll(value);
    return (exponent - kMinExponent) * kPerOctave + int((value >> (exponent - 3)) & 7);
}

uint64_t Histogram::lower_bound(int index) {
    int exponent = index / kPerOctave + kMinExponent;
    return (uint64_t(8 + index % kPerOctave)) << (exponent - 3);
}

void Histogram::add(uint64_t value) {
    add_saturating(count, 1);
    add_saturating(sum, value);
    int index = bucket_of(value);
    if (index < 0) add_saturating(underflow, 1);
    else if (index >= kBuckets) add_saturating(overflow, 1);
    else add_saturating(buckets[index], 1);
}

void Histogram::merge(const Histogram &other) {
    add_saturating(count, other.count);
    add_saturating(sum, other.sum);
    add_saturating(underflow, other.underflow);
    add_saturating(overflow, other.overflow);
    for (const auto &[index, n] : other.buckets) add_saturating(buckets[index], n);
}

void Aggregate::touch_day(int64_t day) {
    first_day = first_day < 0 ? day : std::min(first_day, day);
    last_day = std::max(last_day, day);
}

void Aggregate::merge(const Aggregate &other) {
    if (!other.sdk.empty()) {
        sdk = other.sdk;
        sdk_version = other.sdk_version;
        platform = other.platform;
    }
    if (other.first_day >= 0) touch_day(other.first_day);
    if (other.last_day >= 0) touch_day(other.last_day);
    add_saturating(started, other.started);
    add_saturating(succeeded, other.succeeded);
    add_saturating(failed, other.failed);
    add_saturating(frames, other.frames);
    for (int i = 0; i < 4; ++i) add_saturating(decodes[i], other.decodes[i]);
    time_to_first_decode.merge(other.time_to_first_decode);
    frame_time.merge(other.frame_time);
}

// Civil-from-days (H. Hinnant's algorithm), valid for the proleptic Gregorian calendar.
std::string day_text(int64_t day) {
    int64_t z = day + 719468, era = (z >= 0 ? z : z - 146096) / 146097;
    int64_t doe = z - era * 146097, yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    int64_t y = yoe + era * 400, doy = doe - (365 * yoe + yoe / 4 - yoe / 100), mp = (5 * doy + 2) / 153;
    int64_t d = doy - (153 * mp + 2) / 5 + 1, m = mp < 10 ? mp + 3 : mp - 9;
    char text[16];
    std::snprintf(text, sizeof text, "%04d-%02d-%02d", int(y + (m <= 2)), int(m), int(d));
    return text;
}

int64_t parse_day(const std::string &text) {
    int y = 0, m = 0, d = 0;
    char tail = 0;
    if (text.size() != 10 || std::sscanf(text.c_str(), "%4d-%2d-%2d%c", &y, &m, &d, &tail) != 3) return -1;
    if (y < 2000 || y > 9999 || m < 1 || m > 12 || d < 1 || d > 31) return -1;
    y -= m <= 2;
    int64_t era = y / 400, yoe = y - era * 400, doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1;
    int64_t doe = yoe * 365 + yoe / 4 - yoe / 100 + doy, day = era * 146097 + doe - 719468;
    return day_text(day) == text ? day : -1;  // refuses 2026-02-30
}

}  // namespace ckey::telemetry
