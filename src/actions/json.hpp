// Strict JSON (RFC 8259) for Safe Action headers, claims and request-info
// replies: one top-level object, UTF-8 only, no duplicate keys at any level,
// a depth and a size limit. Numbers are kept as integers only when they are
// written as plain integers (no fraction, no exponent) and fit in int64.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace ckey::actions {

constexpr int kMaxJsonDepth = 4;  // objects/arrays nested at most this deep

struct JsonValue {
    enum class Kind { string, integer, number, boolean, null, object, array };
    Kind kind = Kind::null;
    std::string text;     // string: the unescaped UTF-8
    int64_t integer = 0;  // integer
};

struct JsonMember {
    std::string key;
    JsonValue value;
};

enum class JsonError { none, syntax, duplicate_key, too_deep, too_large };

struct JsonObject {
    std::vector<JsonMember> members;  // the top-level members, in order
    JsonError error = JsonError::none;
    std::string message;              // what was wrong, at which byte
};

// Parses text that must be exactly one JSON object (no BOM, no bytes after
// it except JSON whitespace). Never throws for bad input; sets error.
JsonObject parse_json_object(std::string_view text, size_t max_bytes);

const char *json_kind_name(JsonValue::Kind kind);

// Serialises a string as a JSON string literal (escaping ", \ and controls).
std::string json_quote(std::string_view text);

}  // namespace ckey::actions
