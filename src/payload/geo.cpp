// Stage: geo: (RFC 5870), WGS-84 only. The numbers are parsed once and
// re-serialised, and the map URL is built from those numbers, never from
// the payload's text.
#include "forms.hpp"
#include "text.hpp"

#include <charconv>
#include <cmath>

namespace ckey::payload {

namespace {

constexpr size_t kMaxLabel = 256;

// num = ["-"] 1*DIGIT ["." 1*DIGIT], at most 9 integer and 15 fraction digits.
double parse_number(std::string_view text, bool allow_negative, std::string_view what) {
    std::string_view body = text;
    if (!body.empty() && body[0] == '-') {
        if (!allow_negative) refuse("syntax", std::string(what) + " " + quoted(text) + " must not be negative");
        body.remove_prefix(1);
    }
    size_t dot = body.find('.');
    std::string_view whole = body.substr(0, dot);
    std::string_view fraction = dot == std::string_view::npos ? std::string_view{} : body.substr(dot + 1);
    auto digits_only = [](std::string_view s) {
        for (char c : s)
            if (!is_digit(c)) return false;
        return true;
    };
    if (whole.empty() || !digits_only(whole) || (dot != std::string_view::npos && (fraction.empty() || !digits_only(fraction))))
        refuse("syntax", std::string(what) + " " + quoted(text) + " is not a decimal number ([-]digits[.digits])");
    if (whole.size() > 9 || fraction.size() > 15)
        refuse("syntax", std::string(what) + " " + quoted(text) + " has too many digits (at most 9 before and 15 after the point)");
    double value = 0;
    auto result = std::from_chars(text.data(), text.data() + text.size(), value);
    if (result.ec != std::errc() || result.ptr != text.data() + text.size())
        refuse("syntax", std::string(what) + " " + quoted(text) + " is not a number");
    return value == 0 ? 0.0 : value;  // no "-0"
}

// The shortest fixed-point text that reads back as the same double.
std::string format_number(double value) {
    char buffer[64];
    auto result = std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::fixed);
    return std::string(buffer, result.ptr);
}

}  // namespace

Payload parse_geo(std::string_view text) {
    check_line(text, "the geo: URI");
    std::string_view rest = text.substr(4);
    size_t question = rest.find('?');
    std::string_view path = rest.substr(0, question);
    size_t semi = path.find(';');
    std::string_view coordinates = path.substr(0, semi);
    std::string_view numbers[3];
    int count = 0;
    for (size_t start = 0;;) {
        size_t comma = coordinates.find(',', start);
        if (count == 3) refuse("syntax", "geo: takes 2 or 3 coordinates, got more in " + quoted(coordinates));
        numbers[count++] = coordinates.substr(start, comma == std::string_view::npos ? comma : comma - start);
        if (comma == std::string_view::npos) break;
        start = comma + 1;
    }
    if (count < 2) refuse("syntax", "geo: needs latitude,longitude[,altitude]; got " + quoted(coordinates));
    Payload p;
    p.kind = Kind::geo;
    p.latitude = parse_number(numbers[0], true, "latitude");
    p.longitude = parse_number(numbers[1], true, "longitude");
    if (p.latitude < -90 || p.latitude > 90)
        refuse("range", "latitude " + quoted(numbers[0]) + " is outside -90...90");
    if (p.longitude < -180 || p.longitude > 180)
        refuse("range", "longitude " + quoted(numbers[1]) + " is outside -180...180");
    if (count == 3) {
        p.altitude = parse_number(numbers[2], true, "altitude");
        p.has_altitude = true;
    }
    bool seen_crs = false;
    while (semi != std::string_view::npos) {
        size_t next = path.find(';', semi + 1);
        std::string_view param = path.substr(semi + 1, next == std::string_view::npos ? next : next - semi - 1);
        size_t eq = param.find('=');
        std::string name = lower(param.substr(0, eq));
        std::string_view value = eq == std::string_view::npos ? std::string_view{} : param.substr(eq + 1);
        if (name == "crs") {
            if (seen_crs || p.has_uncertainty) refuse("syntax", "geo: crs must come first and only once");
            if (!iequals(value, "wgs84"))
                refuse("crs", "geo: crs " + quoted(value) + " is not supported; only wgs84 is, since maps read WGS-84");
            seen_crs = true;
        } else if (name == "u") {
            if (p.has_uncertainty) refuse("syntax", "geo: has two u parameters");
            p.uncertainty = parse_number(value, false, "uncertainty");
            p.has_uncertainty = true;
        } else {
            refuse("syntax", "geo: parameter " + quoted(param) + " is not accepted; only crs=wgs84 and u are");
        }
        semi = next;
    }
    if (question != std::string_view::npos) {
        std::string_view query = rest.substr(question + 1);
        if (query.size() < 2 || lower(query.substr(0, 2)) != "q=" || query.find('&') != std::string_view::npos)
            refuse("syntax", "the geo: query " + quoted(query) + " must be q=LABEL and nothing else");
        p.label = percent_decode(query.substr(2), "the geo: label");
        check_line(p.label, "the geo: label (after percent-decoding)");
        if (p.label.size() > kMaxLabel)
            refuse("syntax", "the geo: label is " + std::to_string(p.label.size()) + " bytes; at most 256 are allowed");
    }
    std::string lat = format_number(p.latitude), lon = format_number(p.longitude);
    p.url = "geo:" + lat + "," + lon;
    if (p.has_altitude) p.url += "," + format_number(p.altitude);
    if (p.has_uncertainty) p.url += ";u=" + format_number(p.uncertainty);
    if (!p.label.empty()) p.url += "?q=" + percent_encode(p.label);
    p.map_url = "https://maps.apple.com/?ll=" + lat + "," + lon;
    if (!p.label.empty()) p.map_url += "&q=" + percent_encode(p.label);
    return p;
}

}  // namespace ckey::payload
