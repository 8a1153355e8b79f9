// spec/vectors/payload.json through the C API: every vector's kind, refusal
// reason and fields. The Swift tests read the same file.
#include "check.hpp"
#include "json.hpp"

#include <ckey/ckey.h>

#include <cmath>
#include <string>

namespace {

std::string input_of(const json::Value &v) {
    if (v.has("input_hex")) {
        const std::string &hex = v["input_hex"].str();
        std::string out;
        for (size_t i = 0; i + 1 < hex.size(); i += 2) out += static_cast<char>(std::stoi(hex.substr(i, 2), nullptr, 16));
        return out;
    }
    const json::Value &input = v["input"];
    if (input.kind == json::Value::Kind::string) return input.str();
    std::string out = input["prefix"].str();
    for (long long i = 0; i < input["count"].integer(); ++i) out += input["repeat"].str();
    if (input.has("suffix")) out += input["suffix"].str();
    return out;
}

void fail(const std::string &id, const std::string &what) { check::record_failure(__FILE__, __LINE__, id + ": " + what); }

const char *text_field(const ckey_payload_info &info, const std::string &key) {
    if (key == "url") return info.url;
    if (key == "display") return info.display;
    if (key == "address") return info.address;
    if (key == "number") return info.number;
    if (key == "subject") return info.subject;
    if (key == "body") return info.body;
    if (key == "label") return info.label;
    if (key == "map_url") return info.map_url;
    if (key == "vcard") return info.vcard;
    if (key == "name") return info.name;
    return nullptr;
}

bool number_field(const ckey_payload_info &info, const std::string &key, double &value, bool &present) {
    if (key == "latitude") { value = info.latitude; present = true; return true; }
    if (key == "longitude") { value = info.longitude; present = true; return true; }
    if (key == "altitude") { value = info.altitude; present = info.has_altitude != 0; return true; }
    if (key == "uncertainty") { value = info.uncertainty; present = info.has_uncertainty != 0; return true; }
    return false;
}

}  // namespace

TEST(payload_vectors) {
    json::Value doc = json::parse_file(check::source_path("spec/vectors/payload.json"));
    CHECK_EQ(doc["input_cap"].integer(), static_cast<long long>(CKEY_PAYLOAD_INPUT_CAP));
    const json::Value &vectors = doc["vectors"];
    CHECK(vectors.size() >= 60);
    for (const json::Value &v : vectors.array) {
        const std::string &id = v["id"].str();
        std::string input = input_of(v);
        ckey_payload *payload = nullptr;
        REQUIRE(ckey_payload_classify(input.data(), input.size(), &payload) == CKEY_OK);
        ckey_payload_info info;
        REQUIRE(ckey_payload_get_info(payload, &info) == CKEY_OK);
        std::string kind = ckey_payload_kind_name(info.kind);
        if (kind != v["kind"].str()) {
            fail(id, "kind " + kind + " (reason '" + info.reason + "': " + info.message + "), expected " + v["kind"].str());
            ckey_payload_destroy(payload);
            continue;
        }
        if (kind == "none") {
            if (v["reason"].str() != info.reason)
                fail(id, std::string("reason '") + info.reason + "' (" + info.message + "), expected '" + v["reason"].str() + "'");
            if (std::string(info.message).empty()) fail(id, "a refusal without a message");
            if (*info.url || *info.number || *info.vcard) fail(id, "a refusal that still carries a URL, number or vCard");
        } else if (*info.reason) {
            fail(id, "an action that carries a refusal reason");
        }
        // A vector without "lookalike" expects false.
        bool lookalike = v.has("lookalike") && v["lookalike"].boolean;
        if ((info.lookalike != 0) != lookalike) fail(id, std::string("lookalike is ") + (info.lookalike ? "1" : "0"));
        for (const auto &[key, expected] : v.object) {
            if (key == "id" || key == "input" || key == "input_hex" || key == "kind" || key == "reason" || key == "note" ||
                key == "lookalike")
                continue;
            if (const char *actual = text_field(info, key)) {
                std::string want = expected.is_null() ? "" : (expected.str() == "$input" ? input : expected.str());
                if (want != actual) fail(id, key + " is '" + actual + "', expected '" + want + "'");
                continue;
            }
            double value = 0;
            bool present = false;
            if (!number_field(info, key, value, present)) {
                fail(id, "unknown field '" + key + "' in the vector");
            } else if (expected.is_null()) {
                if (present) fail(id, key + " is present, expected absent");
            } else if (!present || std::fabs(value - expected.number) > 1e-9) {
                fail(id, key + " is " + std::to_string(value) + ", expected " + std::to_string(expected.number));
            }
        }
        ckey_payload_destroy(payload);
    }
}
