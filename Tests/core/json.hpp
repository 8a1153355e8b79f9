// A minimal JSON reader for the test vectors in spec/vectors/ (tests only).
// Parses objects, arrays, strings (with \uXXXX escapes, UTF-8 out), numbers,
// true, false and null. Throws std::runtime_error naming the offset on bad input.
#pragma once

#include <cstdint>
#include <fstream>
#include <map>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace json {

class Value {
public:
    enum class Kind { null, boolean, number, string, array, object };

    Kind kind = Kind::null;
    bool boolean = false;
    double number = 0;
    std::string string;
    std::vector<Value> array;
    std::map<std::string, Value> object;

    bool is_null() const { return kind == Kind::null; }
    bool has(const std::string &key) const { return kind == Kind::object && object.count(key) != 0; }

    // Member access; throws when the key is missing or this is no object.
    const Value &operator[](const std::string &key) const {
        if (kind != Kind::object) throw std::runtime_error("json: '" + key + "' looked up in a non-object");
        auto it = object.find(key);
        if (it == object.end()) throw std::runtime_error("json: missing key '" + key + "'");
        return it->second;
    }
    const Value &operator[](size_t index) const {
        if (kind != Kind::array || index >= array.size()) throw std::runtime_error("json: bad array index");
        return array[index];
    }
    size_t size() const { return kind == Kind::array ? array.size() : object.size(); }

    const std::string &str() const {
        if (kind != Kind::string) throw std::runtime_error("json: value is not a string");
        return string;
    }
    long long integer() const {
        if (kind != Kind::number) throw std::runtime_error("json: value is not a number");
        return static_cast<long long>(number);
    }
};

// Appends the UTF-8 form of one code point (the tests also build text with it).
inline void put_utf8(std::string &out, uint32_t cp) {
    if (cp < 0x80) { out += static_cast<char>(cp); return; }
    if (cp < 0x800) { out += static_cast<char>(0xC0 | (cp >> 6)); }
    else if (cp < 0x10000) { out += static_cast<char>(0xE0 | (cp >> 12)); out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F)); }
    else {
        out += static_cast<char>(0xF0 | (cp >> 18));
        out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    }
    out += static_cast<char>(0x80 | (cp & 0x3F));
}

class Parser {
public:
    explicit Parser(const std::string &text) : text_(text) {}

    Value parse() {
        Value v = value();
        space();
        if (pos_ != text_.size()) error("trailing characters");
        return v;
    }

private:
    const std::string &text_;
    size_t pos_ = 0;

    [[noreturn]] void error(const std::string &what) const {
        throw std::runtime_error("json: " + what + " at offset " + std::to_string(pos_));
    }
    void space() {
        while (pos_ < text_.size() && (text_[pos_] == ' ' || text_[pos_] == '\n' || text_[pos_] == '\r' ||
                                       text_[pos_] == '\t'))
            ++pos_;
    }
    char peek() {
        space();
        if (pos_ >= text_.size()) error("unexpected end");
        return text_[pos_];
    }
    void expect(char c) {
        if (peek() != c) error(std::string("expected '") + c + "'");
        ++pos_;
    }
    bool literal(const char *word) {
        size_t n = std::char_traits<char>::length(word);
        if (text_.compare(pos_, n, word) != 0) return false;
        pos_ += n;
        return true;
    }

    Value value() {
        Value v;
        char c = peek();
        if (c == '{') {
            v.kind = Value::Kind::object;
            ++pos_;
            if (peek() == '}') { ++pos_; return v; }
            for (;;) {
                if (peek() != '"') error("expected a key");
                std::string key = string_body();
                expect(':');
                v.object[key] = value();
                if (peek() == ',') { ++pos_; continue; }
                expect('}');
                return v;
            }
        }
        if (c == '[') {
            v.kind = Value::Kind::array;
            ++pos_;
            if (peek() == ']') { ++pos_; return v; }
            for (;;) {
                v.array.push_back(value());
                if (peek() == ',') { ++pos_; continue; }
                expect(']');
                return v;
            }
        }
        if (c == '"') {
            v.kind = Value::Kind::string;
            v.string = string_body();
            return v;
        }
        if (literal("true")) { v.kind = Value::Kind::boolean; v.boolean = true; return v; }
        if (literal("false")) { v.kind = Value::Kind::boolean; return v; }
        if (literal("null")) return v;
        size_t start = pos_;
        while (pos_ < text_.size() && std::string("+-0123456789.eE").find(text_[pos_]) != std::string::npos) ++pos_;
        if (start == pos_) error("unexpected character");
        v.kind = Value::Kind::number;
        v.number = std::stod(text_.substr(start, pos_ - start));
        return v;
    }

    uint32_t hex4() {
        if (pos_ + 4 > text_.size()) error("short \\u escape");
        uint32_t v = static_cast<uint32_t>(std::stoul(text_.substr(pos_, 4), nullptr, 16));
        pos_ += 4;
        return v;
    }

    std::string string_body() {
        expect('"');
        std::string out;
        while (pos_ < text_.size() && text_[pos_] != '"') {
            char c = text_[pos_++];
            if (c != '\\') { out += c; continue; }
            if (pos_ >= text_.size()) error("bad escape");
            char e = text_[pos_++];
            switch (e) {
            case 'n': out += '\n'; break;
            case 't': out += '\t'; break;
            case 'r': out += '\r'; break;
            case 'b': out += '\b'; break;
            case 'f': out += '\f'; break;
            case 'u': {
                uint32_t cp = hex4();
                if (cp >= 0xD800 && cp < 0xDC00 && text_.compare(pos_, 2, "\\u") == 0) {
                    pos_ += 2;
                    cp = 0x10000 + ((cp - 0xD800) << 10) + (hex4() - 0xDC00);
                }
                put_utf8(out, cp);
                break;
            }
            default: out += e; break;  // \" \\ \/
            }
        }
        if (pos_ >= text_.size()) error("unterminated string");
        ++pos_;
        return out;
    }
};

inline Value parse(const std::string &text) { return Parser(text).parse(); }

inline Value parse_file(const std::string &path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::runtime_error("json: cannot open " + path);
    std::stringstream buffer;
    buffer << in.rdbuf();
    return parse(buffer.str());
}

}  // namespace json
