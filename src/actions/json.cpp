// A strict recursive-descent JSON reader. Linear in the input; the depth
// limit bounds the recursion.
#include "json.hpp"

#include "../core/error.hpp"

#include <set>

namespace ckey::actions {

namespace {

struct Failure {
    JsonError error;
    std::string message;
};

class Reader {
public:
    explicit Reader(std::string_view text) : s_(text) {}

    void parse_top(std::vector<JsonMember> &members) {
        skip_space();
        if (peek() != '{') throw Failure{JsonError::syntax, cat("expected '{' at byte ", pos_)};
        parse_object(1, &members);
        skip_space();
        if (pos_ != s_.size()) throw Failure{JsonError::syntax, cat("unexpected data after the object at byte ", pos_)};
    }

private:
    std::string_view s_;
    size_t pos_ = 0;

    int peek() const { return pos_ < s_.size() ? static_cast<unsigned char>(s_[pos_]) : -1; }

    void skip_space() {
        while (pos_ < s_.size() && (s_[pos_] == ' ' || s_[pos_] == '\t' || s_[pos_] == '\n' || s_[pos_] == '\r')) ++pos_;
    }

    void expect(char c) {
        if (peek() != static_cast<unsigned char>(c))
            throw Failure{JsonError::syntax, cat("expected '", c, "' at byte ", pos_)};
        ++pos_;
    }

    void parse_object(int depth, std::vector<JsonMember> *members) {
        if (depth > kMaxJsonDepth)
            throw Failure{JsonError::too_deep, cat("nesting deeper than ", kMaxJsonDepth, " levels at byte ", pos_)};
        expect('{');
        std::set<std::string> seen;
        skip_space();
        if (peek() == '}') { ++pos_; return; }
        for (;;) {
            skip_space();
            size_t key_at = pos_;
            if (peek() != '"') throw Failure{JsonError::syntax, cat("expected a string key at byte ", pos_)};
            std::string key = parse_string();
            if (!seen.insert(key).second)
                throw Failure{JsonError::duplicate_key, cat("duplicate key \"", key, "\" at byte ", key_at)};
            skip_space();
            expect(':');
            skip_space();
            JsonValue value = parse_value(depth);
            if (members != nullptr) members->push_back({std::move(key), std::move(value)});
            skip_space();
            if (peek() == ',') { ++pos_; continue; }
            expect('}');
            return;
        }
    }

    void parse_array(int depth) {
        if (depth > kMaxJsonDepth)
            throw Failure{JsonError::too_deep, cat("nesting deeper than ", kMaxJsonDepth, " levels at byte ", pos_)};
        expect('[');
        skip_space();
        if (peek() == ']') { ++pos_; return; }
        for (;;) {
            skip_space();
            parse_value(depth);
            skip_space();
            if (peek() == ',') { ++pos_; continue; }
            expect(']');
            return;
        }
    }

    JsonValue parse_value(int depth) {
        JsonValue v;
        int c = peek();
        if (c == '"') {
            v.kind = JsonValue::Kind::string;
            v.text = parse_string();
        } else if (c == '{') {
            v.kind = JsonValue::Kind::object;
            parse_object(depth + 1, nullptr);
        } else if (c == '[') {
            v.kind = JsonValue::Kind::array;
            parse_array(depth + 1);
        } else if (c == '-' || (c >= '0' && c <= '9')) {
            parse_number(v);
        } else if (literal("true") || literal("false")) {
            v.kind = JsonValue::Kind::boolean;
        } else if (literal("null")) {
            v.kind = JsonValue::Kind::null;
        } else {
            throw Failure{JsonError::syntax, cat("expected a value at byte ", pos_)};
        }
        return v;
    }

    bool literal(std::string_view word) {
        if (s_.substr(pos_, word.size()) != word) return false;
        pos_ += word.size();
        return true;
    }

    void parse_number(JsonValue &v) {
        size_t start = pos_;
        bool negative = false;
        if (peek() == '-') { negative = true; ++pos_; }
        if (peek() == '0') {
            ++pos_;
        } else if (peek() >= '1' && peek() <= '9') {
            while (peek() >= '0' && peek() <= '9') ++pos_;
        } else {
            throw Failure{JsonError::syntax, cat("malformed number at byte ", start)};
        }
        size_t int_end = pos_;
        bool plain = true;
        if (peek() == '.') {
            plain = false;
            ++pos_;
            if (!(peek() >= '0' && peek() <= '9')) throw Failure{JsonError::syntax, cat("malformed number at byte ", start)};
            while (peek() >= '0' && peek() <= '9') ++pos_;
        }
        if (peek() == 'e' || peek() == 'E') {
            plain = false;
            ++pos_;
            if (peek() == '+' || peek() == '-') ++pos_;
            if (!(peek() >= '0' && peek() <= '9')) throw Failure{JsonError::syntax, cat("malformed number at byte ", start)};
            while (peek() >= '0' && peek() <= '9') ++pos_;
        }
        v.kind = JsonValue::Kind::number;
        v.text = std::string(s_.substr(start, pos_ - start));
        if (!plain) return;
        // Plain integer: accumulate with an overflow check.
        int64_t value = 0;
        for (size_t i = start + (negative ? 1 : 0); i < int_end; ++i) {
            int digit = s_[i] - '0';
            if (value > (INT64_MAX - digit) / 10) return;  // too large: stays a "number"
            value = value * 10 + digit;
        }
        v.kind = JsonValue::Kind::integer;
        v.integer = negative ? -value : value;
    }

    static void append_utf8(std::string &out, uint32_t cp) {
        if (cp < 0x80) {
            out.push_back(static_cast<char>(cp));
        } else if (cp < 0x800) {
            out.push_back(static_cast<char>(0xC0 | (cp >> 6)));
            out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
        } else if (cp < 0x10000) {
            out.push_back(static_cast<char>(0xE0 | (cp >> 12)));
            out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
            out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
        } else {
            out.push_back(static_cast<char>(0xF0 | (cp >> 18)));
            out.push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
            out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
            out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
        }
    }

    uint32_t hex4() {
        if (pos_ + 4 > s_.size()) throw Failure{JsonError::syntax, cat("truncated \\u escape at byte ", pos_)};
        uint32_t v = 0;
        for (int i = 0; i < 4; ++i) {
            char c = s_[pos_++];
            int d = (c >= '0' && c <= '9') ? c - '0' : (c >= 'a' && c <= 'f') ? c - 'a' + 10
                    : (c >= 'A' && c <= 'F') ? c - 'A' + 10 : -1;
            if (d < 0) throw Failure{JsonError::syntax, cat("bad hex digit in \\u escape at byte ", pos_ - 1)};
            v = (v << 4) | static_cast<uint32_t>(d);
        }
        return v;
    }

    // Reads one UTF-8 sequence strictly (no overlongs, no surrogates, <= U+10FFFF).
    void copy_utf8(std::string &out) {
        size_t at = pos_;
        auto byte = [&](size_t i) { return i < s_.size() ? static_cast<unsigned char>(s_[i]) : 0u; };
        unsigned b0 = byte(pos_);
        int n = 0;
        uint32_t cp = 0, min = 0;
        if (b0 >= 0xC2 && b0 <= 0xDF) { n = 1; cp = b0 & 0x1F; min = 0x80; }
        else if (b0 >= 0xE0 && b0 <= 0xEF) { n = 2; cp = b0 & 0x0F; min = 0x800; }
        else if (b0 >= 0xF0 && b0 <= 0xF4) { n = 3; cp = b0 & 0x07; min = 0x10000; }
        else throw Failure{JsonError::syntax, cat("invalid UTF-8 at byte ", at)};
        for (int i = 1; i <= n; ++i) {
            unsigned b = byte(pos_ + i);
            if ((b & 0xC0) != 0x80) throw Failure{JsonError::syntax, cat("invalid UTF-8 at byte ", at)};
            cp = (cp << 6) | (b & 0x3F);
        }
        if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
            throw Failure{JsonError::syntax, cat("invalid UTF-8 at byte ", at)};
        out.append(s_.substr(pos_, n + 1));
        pos_ += n + 1;
    }

    std::string parse_string() {
        size_t start = pos_;
        expect('"');
        std::string out;
        for (;;) {
            int c = peek();
            if (c < 0) throw Failure{JsonError::syntax, cat("unterminated string starting at byte ", start)};
            if (c == '"') { ++pos_; return out; }
            if (c < 0x20) throw Failure{JsonError::syntax, cat("raw control character in a string at byte ", pos_)};
            if (c >= 0x80) { copy_utf8(out); continue; }
            if (c != '\\') { out.push_back(static_cast<char>(c)); ++pos_; continue; }
            ++pos_;
            int e = peek();
            ++pos_;
            switch (e) {
            case '"': out.push_back('"'); break;
            case '\\': out.push_back('\\'); break;
            case '/': out.push_back('/'); break;
            case 'b': out.push_back('\b'); break;
            case 'f': out.push_back('\f'); break;
            case 'n': out.push_back('\n'); break;
            case 'r': out.push_back('\r'); break;
            case 't': out.push_back('\t'); break;
            case 'u': {
                uint32_t cp = hex4();
                if (cp >= 0xDC00 && cp <= 0xDFFF)
                    throw Failure{JsonError::syntax, cat("lone low surrogate at byte ", pos_ - 6)};
                if (cp >= 0xD800 && cp <= 0xDBFF) {
                    if (!literal("\\u")) throw Failure{JsonError::syntax, cat("lone high surrogate at byte ", pos_ - 6)};
                    uint32_t low = hex4();
                    if (low < 0xDC00 || low > 0xDFFF)
                        throw Failure{JsonError::syntax, cat("bad surrogate pair at byte ", pos_ - 12)};
                    cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
                }
                append_utf8(out, cp);
                break;
            }
            default: throw Failure{JsonError::syntax, cat("unknown escape at byte ", pos_ - 2)};
            }
        }
    }
};

}  // namespace

JsonObject parse_json_object(std::string_view text, size_t max_bytes) {
    JsonObject result;
    if (text.size() > max_bytes) {
        result.error = JsonError::too_large;
        result.message = cat(text.size(), " bytes; at most ", max_bytes, " are allowed");
        return result;
    }
    try {
        Reader(text).parse_top(result.members);
    } catch (const Failure &failure) {
        result.members.clear();
        result.error = failure.error;
        result.message = failure.message;
    }
    return result;
}

const char *json_kind_name(JsonValue::Kind kind) {
    switch (kind) {
    case JsonValue::Kind::string: return "a string";
    case JsonValue::Kind::integer: return "an integer";
    case JsonValue::Kind::number: return "a non-integer number";
    case JsonValue::Kind::boolean: return "a boolean";
    case JsonValue::Kind::null: return "null";
    case JsonValue::Kind::object: return "an object";
    case JsonValue::Kind::array: return "an array";
    }
    return "?";
}

std::string json_quote(std::string_view text) {
    static const char hex[] = "0123456789abcdef";
    std::string out = "\"";
    for (char ch : text) {
        unsigned char c = static_cast<unsigned char>(ch);
        if (c == '"') out += "\\\"";
        else if (c == '\\') out += "\\\\";
        else if (c == '\n') out += "\\n";
        else if (c == '\r') out += "\\r";
        else if (c == '\t') out += "\\t";
        else if (c < 0x20) { out += "\\u00"; out.push_back(hex[c >> 4]); out.push_back(hex[c & 15]); }
        else out.push_back(ch);
    }
    out += "\"";
    return out;
}

}  // namespace ckey::actions
