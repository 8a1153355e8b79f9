// Stage: postal addresses in the stated form "ADR:" component *(";" component).
#include "forms.hpp"
#include "text.hpp"

namespace ckey::payload {

namespace {

constexpr size_t kMaxAddress = 256;
constexpr size_t kMaxComponents = 8;

}  // namespace

Payload parse_address(std::string_view text) {
    std::string_view rest = text.substr(4);
    check_line(rest, "the address");
    if (rest.size() > kMaxAddress)
        refuse("syntax", "the address is " + std::to_string(rest.size()) + " bytes; at most 256 are allowed");
    if (rest.find('\\') != std::string_view::npos)
        refuse("backslash", "the address holds a backslash; ADR: has no escapes");
    std::string display;
    size_t components = 0;
    bool has_alnum = false;
    for (size_t start = 0;;) {
        size_t semi = rest.find(';', start);
        std::string_view part = trim_spaces(rest.substr(start, semi == std::string_view::npos ? semi : semi - start));
        if (!part.empty()) {
            if (++components > kMaxComponents)
                refuse("syntax", "the address has more than 8 components");
            if (!display.empty()) display += ", ";
            display += part;
            for (char c : part)
                if (is_alpha(c) || is_digit(c) || static_cast<unsigned char>(c) >= 0x80) has_alnum = true;
        }
        if (semi == std::string_view::npos) break;
        start = semi + 1;
    }
    if (!has_alnum) refuse("syntax", "the address has no letters or digits");
    Payload p;
    p.kind = Kind::address;
    p.address = display;
    p.map_url = "https://maps.apple.com/?address=" + percent_encode(display);
    return p;
}

}  // namespace ckey::payload
