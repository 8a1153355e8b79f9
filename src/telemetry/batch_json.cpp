// Batch encoding and strict decoding. The decoder reads only what the schema
// allows: objects with exactly the listed keys, unsigned integers, plain
// ASCII strings without escapes, and arrays of [index, count] pairs.
#include "batch_json.hpp"

#include "../core/error.hpp"

#include <cstring>
#include <map>
#include <memory>
#include <set>
#include <vector>

namespace ckey::telemetry {

namespace {

void put_histogram(std::string &out, const Histogram &h) {
    out += cat("{\"count\":", h.count, ",\"sum\":", h.sum, ",\"underflow\":", h.underflow, ",\"overflow\":",
               h.overflow, ",\"buckets\":[");
    bool first = true;
    for (const auto &[index, n] : h.buckets) {
        out += cat(first ? "" : ",", "[", index, ",", n, "]");
        first = false;
    }
    out += "]}";
}

[[noreturn]] void refuse(const std::string &what) { fail(CKEY_INVALID_ARGUMENT, "telemetry batch refused: ", what); }

struct Value {
    enum Kind { object, array, string, number } kind = number;
    std::map<std::string, std::unique_ptr<Value>> members;
    std::vector<std::unique_ptr<Value>> items;
    std::string text;
    uint64_t number_value = 0;
};

class Parser {
public:
    explicit Parser(const std::string &text) : s_(text) {}

    std::unique_ptr<Value> document() {
        auto value = parse(0);
        space();
        if (at_ != s_.size()) refuse(cat("extra text at byte ", at_));
        return value;
    }

private:
    void space() {
        while (at_ < s_.size() && std::strchr(" \t\r\n", s_[at_]) && s_[at_] != '\0') ++at_;
    }
    char peek() {
        space();
        return at_ < s_.size() ? s_[at_] : '\0';
    }
    void expect(char c) {
        if (peek() != c) refuse(cat("expected '", c, "' at byte ", at_));
        ++at_;
    }

    std::unique_ptr<Value> parse(int depth) {
        if (depth > 8) refuse("nesting deeper than the schema allows");
        char c = peek();
        if (c == '{') return parse_object(depth);
        if (c == '[') return parse_array(depth);
        if (c == '"') return parse_string();
        if (c == '-') refuse(cat("a negative number at byte ", at_, "; counters are never negative"));
        if (c >= '0' && c <= '9') return parse_number();
        refuse(cat("unexpected ", at_ < s_.size() ? cat("'", s_[at_], "'") : std::string("end"), " at byte ", at_,
                   "; only objects, arrays, strings and whole numbers"));
    }

    std::unique_ptr<Value> parse_object(int depth) {
        auto value = std::make_unique<Value>();
        value->kind = Value::object;
        ++at_;
        if (peek() == '}') { ++at_; return value; }
        for (;;) {
            auto key = parse(depth + 1);
            if (key->kind != Value::string) refuse(cat("an object key is not a string at byte ", at_));
            expect(':');
            if (value->members.count(key->text)) refuse(cat("duplicate field \"", key->text, "\""));
            value->members[key->text] = parse(depth + 1);
            if (peek() == ',') { ++at_; continue; }
            expect('}');
            return value;
        }
    }

    std::unique_ptr<Value> parse_array(int depth) {
        auto value = std::make_unique<Value>();
        value->kind = Value::array;
        ++at_;
        if (peek() == ']') { ++at_; return value; }
        for (;;) {
            value->items.push_back(parse(depth + 1));
            if (value->items.size() > 1000) refuse("an array longer than the schema allows");
            if (peek() == ',') { ++at_; continue; }
            expect(']');
            return value;
        }
    }

    std::unique_ptr<Value> parse_string() {
        auto value = std::make_unique<Value>();
        value->kind = Value::string;
        ++at_;
        while (at_ < s_.size() && s_[at_] != '"') {
            unsigned char ch = static_cast<unsigned char>(s_[at_]);
            if (ch < 0x20 || ch > 0x7e || ch == '\\') refuse(cat("a string holds a byte the schema forbids at byte ", at_));
            if (value->text.size() >= 64) refuse("a string longer than the schema allows");
            value->text += static_cast<char>(ch);
            ++at_;
        }
        expect('"');
        return value;
    }

    std::unique_ptr<Value> parse_number() {
        auto value = std::make_unique<Value>();
        size_t start = at_;
        uint64_t n = 0;
        while (at_ < s_.size() && s_[at_] >= '0' && s_[at_] <= '9') {
            uint64_t digit = uint64_t(s_[at_] - '0');
            if (n > (UINT64_MAX - digit) / 10) refuse(cat("a number over 2^64 - 1 at byte ", start));
            n = n * 10 + digit;
            ++at_;
        }
        if (s_[start] == '0' && at_ - start > 1) refuse(cat("a number with a leading zero at byte ", start));
        if (at_ < s_.size() && std::strchr(".eE", s_[at_]) && s_[at_] != '\0')
            refuse(cat("a number that is not a whole number at byte ", start));
        value->number_value = n;
        return value;
    }

    const std::string &s_;
    size_t at_ = 0;
};

std::string text_of(unsigned __int128 n) {  // streams cannot print 128 bits
    std::string digits;
    do digits.insert(digits.begin(), char('0' + int(n % 10)));
    while ((n /= 10) != 0);
    return digits;
}

const Value &field(const Value &object, const char *name, Value::Kind kind) {
    auto it = object.members.find(name);
    if (it == object.members.end()) refuse(cat("missing field \"", name, "\""));
    if (it->second->kind != kind) refuse(cat("field \"", name, "\" has the wrong type"));
    return *it->second;
}

void exact_keys(const Value &object, std::set<std::string> allowed, const char *where) {
    if (object.kind != Value::object) refuse(cat(where, " is not an object"));
    for (const auto &[key, value] : object.members)
        if (!allowed.count(key)) refuse(cat("unknown field \"", key, "\" in ", where));
}

uint64_t number(const Value &object, const char *name) { return field(object, name, Value::number).number_value; }

std::string text(const Value &object, const char *name, const char *allowed_chars, size_t max_length) {
    std::string value = field(object, name, Value::string).text;
    if (value.empty() || value.size() > max_length ||
        value.find_first_not_of(allowed_chars) != std::string::npos)
        refuse(cat("field \"", name, "\" is \"", value, "\"; allowed: 1...", max_length, " of [", allowed_chars, "]"));
    return value;
}

Histogram histogram(const Value &object, const char *name) {
    const Value &v = field(object, name, Value::object);
    exact_keys(v, {"count", "sum", "underflow", "overflow", "buckets"}, name);
    Histogram h;
    h.count = number(v, "count");
    h.sum = number(v, "sum");
    h.underflow = number(v, "underflow");
    h.overflow = number(v, "overflow");
    // What the samples' buckets allow: the sum lies between their lower
    // bounds and, when none overflowed, their upper bounds.
    unsigned __int128 total = static_cast<unsigned __int128>(h.underflow) + h.overflow, least = 0, most = 0;
    least += static_cast<unsigned __int128>(h.overflow) << Histogram::kMaxExponent;
    most += static_cast<unsigned __int128>(h.underflow) * (Histogram::lower_bound(0) - 1);
    int last = -1;
    for (const auto &pair : field(v, "buckets", Value::array).items) {
        if (pair->kind != Value::array || pair->items.size() != 2 || pair->items[0]->kind != Value::number ||
            pair->items[1]->kind != Value::number)
            refuse(cat(name, ".buckets holds something other than [index, count] pairs"));
        uint64_t index = pair->items[0]->number_value, n = pair->items[1]->number_value;
        if (index >= uint64_t(Histogram::kBuckets) || int(index) <= last || n == 0)
            refuse(cat(name, ".buckets: index ", index, " count ", n,
                       "; indexes rise strictly within 0...", Histogram::kBuckets - 1, " and counts are >= 1"));
        last = int(index);
        h.buckets[int(index)] = n;
        total += n;
        least += static_cast<unsigned __int128>(n) * Histogram::lower_bound(int(index));
        most += static_cast<unsigned __int128>(n) * (Histogram::lower_bound(int(index) + 1) - 1);
    }
    if (total != h.count)
        refuse(cat(name, ".count is ", h.count, ", but underflow + overflow + buckets hold ", text_of(total)));
    if (h.sum < least) refuse(cat(name, ".sum is ", h.sum, ", less than its buckets' lower bounds allow"));
    if (h.overflow == 0 && h.sum > most)
        refuse(cat(name, ".sum is ", h.sum, ", more than its samples can add up to (", text_of(most),
                   "): a sum that overflowed"));
    return h;
}

}  // namespace

std::string encode_batch(const Aggregate &a) {
    std::string out = cat("{\"format\":", kBatchFormat, ",\"sdk\":\"", a.sdk, "\",\"sdk_version\":\"", a.sdk_version,
                          "\",\"platform\":\"", a.platform, "\",\"first_day\":\"", day_text(a.first_day),
                          "\",\"last_day\":\"", day_text(a.last_day), "\",\"sessions\":{\"started\":", a.started,
                          ",\"succeeded\":", a.succeeded, ",\"failed\":", a.failed, "},\"frames\":", a.frames,
                          ",\"decodes\":{\"profile_0\":", a.decodes[0], ",\"profile_1\":", a.decodes[1],
                          ",\"profile_2\":", a.decodes[2], ",\"profile_3\":", a.decodes[3],
                          "},\"time_to_first_decode_us\":");
    put_histogram(out, a.time_to_first_decode);
    out += ",\"frame_time_us\":";
    put_histogram(out, a.frame_time);
    out += "}";
    return out;
}

Aggregate decode_batch(const std::string &json) {
    if (json.size() > 65536) refuse(cat("it is ", json.size(), " bytes; at most 65536"));
    auto root = Parser(json).document();
    exact_keys(*root, {"format", "sdk", "sdk_version", "platform", "first_day", "last_day", "sessions", "frames",
                       "decodes", "time_to_first_decode_us", "frame_time_us"}, "the batch");
    if (number(*root, "format") != kBatchFormat) refuse(cat("format is not ", kBatchFormat));
    Aggregate a;
    a.sdk = text(*root, "sdk", "abcdefghijklmnopqrstuvwxyz0123456789-", 16);
    a.sdk_version = text(*root, "sdk_version",
                         "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz.+-", 32);
    a.platform = text(*root, "platform", "abcdefghijklmnopqrstuvwxyz", 16);
    if (a.platform != "ios" && a.platform != "macos" && a.platform != "linux")
        refuse(cat("platform is \"", a.platform, "\"; allowed: ios, macos, linux"));
    a.first_day = parse_day(field(*root, "first_day", Value::string).text);
    a.last_day = parse_day(field(*root, "last_day", Value::string).text);
    if (a.first_day < 0 || a.last_day < 0 || a.first_day > a.last_day)
        refuse("first_day and last_day must be UTC dates YYYY-MM-DD, first <= last");
    const Value &sessions = field(*root, "sessions", Value::object);
    exact_keys(sessions, {"started", "succeeded", "failed"}, "sessions");
    a.started = number(sessions, "started");
    a.succeeded = number(sessions, "succeeded");
    a.failed = number(sessions, "failed");
    a.frames = number(*root, "frames");
    const Value &decodes = field(*root, "decodes", Value::object);
    exact_keys(decodes, {"profile_0", "profile_1", "profile_2", "profile_3"}, "decodes");
    const char *names[4] = {"profile_0", "profile_1", "profile_2", "profile_3"};
    unsigned __int128 decoded = 0;
    for (int i = 0; i < 4; ++i) decoded += a.decodes[i] = number(decodes, names[i]);
    a.time_to_first_decode = histogram(*root, "time_to_first_decode_us");
    a.frame_time = histogram(*root, "frame_time_us");
    if (decoded != a.succeeded) refuse(cat("decodes add up to other than sessions.succeeded (", a.succeeded, ")"));
    if (a.time_to_first_decode.count != a.succeeded)
        refuse(cat("time_to_first_decode_us.count is ", a.time_to_first_decode.count, "; sessions.succeeded is ",
                   a.succeeded));
    if (a.frame_time.count != a.frames)
        refuse(cat("frame_time_us.count is ", a.frame_time.count, "; frames is ", a.frames));
    return a;
}

}  // namespace ckey::telemetry
