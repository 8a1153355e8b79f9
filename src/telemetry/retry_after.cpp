#include "retry_after.hpp"

#include "../core/error.hpp"

#include <algorithm>
#include <array>
#include <string>

namespace ckey::telemetry {

namespace {

constexpr std::array<std::string_view, 12> kMonths{"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                                    "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
constexpr std::array<std::string_view, 7> kDays{"Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"};
constexpr std::array<std::string_view, 7> kLongDays{"Monday", "Tuesday",  "Wednesday", "Thursday",
                                                     "Friday", "Saturday", "Sunday"};

[[noreturn]] void refuse(std::string_view value, const char *why) {
    fail(CKEY_INVALID_ARGUMENT, "Retry-After '", std::string(value.substr(0, 64)), "': ", why,
         "; allowed: seconds (\"120\") or an HTTP-date (\"Sun, 06 Nov 1994 08:49:37 GMT\")");
}

// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's
// days_from_civil), so no time zone or C library state is involved.
int64_t days_from_civil(int64_t y, int m, int d) {
    y -= m <= 2;
    const int64_t era = (y >= 0 ? y : y - 399) / 400;
    const int64_t yoe = y - era * 400;
    const int64_t doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    const int64_t doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + doe - 719468;
}

// A cursor over the value: each read consumes exactly what it names.
struct Reader {
    std::string_view text;
    size_t at = 0;

    bool literal(std::string_view s) {
        if (text.substr(at, s.size()) != s) return false;
        at += s.size();
        return true;
    }
    bool digits(int count, int &out) {
        out = 0;
        for (int i = 0; i < count; ++i) {
            if (at >= text.size() || text[at] < '0' || text[at] > '9') return false;
            out = out * 10 + (text[at++] - '0');
        }
        return true;
    }
    template <size_t N>
    bool name(const std::array<std::string_view, N> &names, int &index) {
        for (size_t i = 0; i < N; ++i)
            if (literal(names[i])) {
                index = static_cast<int>(i);
                return true;
            }
        return false;
    }
    bool time(int &h, int &m, int &s) {
        return digits(2, h) && literal(":") && digits(2, m) && literal(":") && digits(2, s);
    }
    bool done() const { return at == text.size(); }
};

struct Moment {
    int year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0;
};

// "Sun, 06 Nov 1994 08:49:37 GMT" (IMF-fixdate)
bool imf_fixdate(std::string_view v, Moment &t) {
    Reader r{v};
    int weekday;
    return r.name(kDays, weekday) && r.literal(", ") && r.digits(2, t.day) && r.literal(" ") &&
           r.name(kMonths, t.month) && r.literal(" ") && r.digits(4, t.year) && r.literal(" ") &&
           r.time(t.hour, t.minute, t.second) && r.literal(" GMT") && r.done();
}

// "Sunday, 06-Nov-94 08:49:37 GMT" (obsolete RFC 850 form)
bool rfc850_date(std::string_view v, Moment &t) {
    Reader r{v};
    int weekday;
    if (!(r.name(kLongDays, weekday) && r.literal(", ") && r.digits(2, t.day) && r.literal("-") &&
          r.name(kMonths, t.month) && r.literal("-") && r.digits(2, t.year) && r.literal(" ") &&
          r.time(t.hour, t.minute, t.second) && r.literal(" GMT") && r.done()))
        return false;
    // Two-digit years: the most recent year in the past with those digits
    // (RFC 9110 allows reading them as up to 50 years ahead; CKey only waits).
    t.year += t.year < 70 ? 2000 : 1900;
    return true;
}

// "Sun Nov  6 08:49:37 1994" (obsolete asctime form; the day padded by a space)
bool asctime_date(std::string_view v, Moment &t) {
    Reader r{v};
    int weekday;
    if (!(r.name(kDays, weekday) && r.literal(" ") && r.name(kMonths, t.month) && r.literal(" "))) return false;
    if (r.literal(" ")) {
        if (!r.digits(1, t.day)) return false;
    } else if (!r.digits(2, t.day)) {
        return false;
    }
    return r.literal(" ") && r.time(t.hour, t.minute, t.second) && r.literal(" ") && r.digits(4, t.year) && r.done();
}

bool valid(const Moment &t) {
    static constexpr int kDaysIn[12] = {31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    const bool leap = (t.year % 4 == 0 && t.year % 100 != 0) || t.year % 400 == 0;
    const int days = t.month == 1 && !leap ? 28 : kDaysIn[t.month];
    // Second 60: a leap second, which HTTP-date allows.
    return t.day >= 1 && t.day <= days && t.hour <= 23 && t.minute <= 59 && t.second <= 60;
}

std::string_view trimmed(std::string_view value) {
    while (!value.empty() && (value.front() == ' ' || value.front() == '\t')) value.remove_prefix(1);
    while (!value.empty() && (value.back() == ' ' || value.back() == '\t')) value.remove_suffix(1);
    return value;
}

int64_t delay_seconds(std::string_view value) {
    int64_t seconds = 0;
    for (char c : value) {
        if (c < '0' || c > '9') refuse(value, "seconds must be digits only");
        // Anything past a year is a year: the recorder caps waits at a week anyway.
        seconds = std::min<int64_t>(seconds * 10 + (c - '0'), 366 * 86400);
    }
    return seconds;
}

int64_t http_date_seconds(std::string_view value, int64_t now_utc) {
    Moment t;
    if (!imf_fixdate(value, t) && !rfc850_date(value, t) && !asctime_date(value, t))
        refuse(value, "neither seconds nor an HTTP-date");
    if (!valid(t)) refuse(value, "no such date or time");
    const int64_t at = days_from_civil(t.year, t.month + 1, t.day) * 86400 + t.hour * 3600 + t.minute * 60 + t.second;
    return at > now_utc ? at - now_utc : 0;
}

}  // namespace

int64_t retry_after_seconds(std::string_view value, int64_t now_utc) {
    value = trimmed(value);
    if (value.empty()) refuse(value, "empty");
    if (value.front() >= '0' && value.front() <= '9') return delay_seconds(value);
    return http_date_seconds(value, now_utc);
}

}  // namespace ckey::telemetry
