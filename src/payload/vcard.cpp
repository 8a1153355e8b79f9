// Stage: vCard 3.0 and 4.0 contacts. Lines are unfolded, each content line is
// split into name, parameters and value, and only allowlisted properties are
// accepted. TEL, EMAIL and URL values go back through the tel:, email and
// web rules; nothing is found by searching inside another property's value.
#include "forms.hpp"
#include "text.hpp"

namespace ckey::payload {

namespace {

constexpr size_t kMaxLines = 200;
constexpr size_t kMaxName = 256;

struct ContentLine {
    std::string name;   // upper case, group removed
    std::string value_type;  // the VALUE parameter, lower case
    std::string_view value;
};

bool is_name_char(char c) { return is_alpha(c) || is_digit(c) || c == '-'; }

ContentLine split_content_line(std::string_view line) {
    ContentLine out;
    size_t i = 0;
    auto read_name = [&] {
        size_t start = i;
        while (i < line.size() && is_name_char(line[i])) ++i;
        if (i == start) refuse("syntax", "vCard line " + quoted(line) + " has no property name");
        return line.substr(start, i - start);
    };
    std::string_view name = read_name();
    if (i < line.size() && line[i] == '.') {  // group.NAME
        ++i;
        name = read_name();
    }
    out.name = std::string(name);
    for (char &c : out.name) c = static_cast<char>(c >= 'a' && c <= 'z' ? c - 32 : c);
    while (i < line.size() && line[i] == ';') {
        ++i;
        std::string param = lower(read_name());
        if (param == "encoding" || param == "charset")
            refuse("field", "vCard parameter " + param + " (" + quoted(line) +
                                ") belongs to inline binary or vCard 2.1 data, which is not accepted");
        std::string value;
        if (i < line.size() && line[i] == '=') {
            ++i;
            while (i < line.size() && line[i] != ';' && line[i] != ':') {
                if (line[i] == '"') {
                    size_t close = line.find('"', i + 1);
                    if (close == std::string_view::npos) refuse("syntax", "vCard line " + quoted(line) + " has an unclosed quote");
                    value.append(line.substr(i + 1, close - i - 1));
                    i = close + 1;
                } else {
                    value += line[i++];
                }
            }
        }
        if (param == "value") out.value_type = lower(value);
    }
    if (i >= line.size() || line[i] != ':') refuse("syntax", "vCard line " + quoted(line) + " has no ':' before its value");
    out.value = line.substr(i + 1);
    return out;
}

// Property text with escapes removed, on one line (a "\n" becomes a space).
std::string unescape_text(std::string_view value) {
    std::string out;
    for (size_t i = 0; i < value.size(); ++i) {
        if (value[i] == '\\' && i + 1 < value.size()) {
            char next = value[++i];
            out += (next == 'n' || next == 'N') ? ' ' : next;
        } else {
            out += value[i];
        }
    }
    return out;
}

// Splits on unescaped ';' (structured values such as N).
std::vector<std::string> components(std::string_view value) {
    std::vector<std::string> out(1);
    for (size_t i = 0; i < value.size(); ++i) {
        if (value[i] == '\\' && i + 1 < value.size()) {
            out.back() += value.substr(i, 2);
            ++i;
        } else if (value[i] == ';') {
            out.emplace_back();
        } else {
            out.back() += value[i] == ',' ? ' ' : value[i];  // an unescaped ',' separates values
        }
    }
    for (auto &c : out) c = unescape_text(c);
    return out;
}

std::string trim(std::string_view s) { return std::string(trim_spaces(s)); }

void embedded(const std::string &property, auto &&check) {
    try {
        check();
    } catch (const Refusal &inner) {
        refuse("embedded", "the vCard " + property + " value fails its own rules: " + inner.message);
    }
}

bool is_text_property(std::string_view name) {
    static const std::string_view names[] = {"N", "NICKNAME", "ORG", "TITLE", "ROLE", "ADR", "LABEL", "NOTE",
                                             "BDAY", "ANNIVERSARY", "GENDER", "KIND", "CATEGORIES", "UID", "REV",
                                             "PRODID", "LANG", "TZ", "SORT-STRING", "X-ABLABEL"};
    for (std::string_view n : names)
        if (n == name) return true;
    return false;
}

}  // namespace

std::string vcard_escape(std::string_view text) {
    std::string out;
    for (char c : text) {
        if (c == '\\' || c == ',' || c == ';') out += '\\';
        if (c == '\n') {
            out += "\\n";
            continue;
        }
        out += c;
    }
    return out;
}

Payload parse_vcard(std::string_view text) {
    // Physical lines end in LF or CRLF; a CR anywhere else is refused.
    std::vector<std::string> logical;
    for (size_t start = 0; start < text.size();) {
        size_t lf = text.find('\n', start);
        std::string_view line = text.substr(start, lf == std::string_view::npos ? lf : lf - start);
        start = lf == std::string_view::npos ? text.size() : lf + 1;
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        if (!line.empty() && (line[0] == ' ' || line[0] == '\t')) {
            if (logical.empty()) refuse("syntax", "the vCard starts with a folded line");
            logical.back().append(line.substr(1));
            continue;
        }
        if (logical.size() == kMaxLines)
            refuse("syntax", "the vCard has more than " + std::to_string(kMaxLines) + " lines");
        logical.emplace_back(line);
    }
    if (!logical.empty() && logical.back().empty() && text.back() == '\n') logical.pop_back();  // the final line end
    if (logical.size() < 2 || !iequals(logical.front(), "BEGIN:VCARD") || !iequals(logical.back(), "END:VCARD"))
        refuse("syntax", "a vCard must run from BEGIN:VCARD to END:VCARD with nothing after it");
    std::string fn, n_name, version;
    for (size_t k = 1; k + 1 < logical.size(); ++k) {
        const std::string &line = logical[k];
        check_line(line, "vCard line " + std::to_string(k + 1));
        ContentLine c = split_content_line(line);
        if (c.name == "BEGIN" || c.name == "END") refuse("syntax", "the vCard holds a nested BEGIN or a second END");
        if (c.name == "VERSION") {
            if (!version.empty()) refuse("field", "the vCard has two VERSION lines");
            version = std::string(c.value);
            if (version != "3.0" && version != "4.0")
                refuse("field", "vCard VERSION " + quoted(version) + " is not accepted; only 3.0 and 4.0 are");
        } else if (c.name == "FN") {
            if (fn.empty()) fn = trim(unescape_text(c.value));
        } else if (c.name == "TEL") {
            embedded("TEL", [&] {
                std::string_view v = c.value;
                bool uri = c.value_type == "uri" || istarts_with(v, "tel:");
                if (uri) {
                    if (!istarts_with(v, "tel:")) refuse("scheme", "a TEL URI must use tel:");
                    v.remove_prefix(4);
                }
                parse_telephone_subscriber(v, !uri);
            });
        } else if (c.name == "EMAIL") {
            embedded("EMAIL", [&] { parse_email_address(c.value); });
        } else if (c.name == "URL") {
            embedded("URL", [&] { parse_web(c.value); });
        } else if (is_text_property(c.name)) {
            if (c.name == "N") {
                auto parts = components(c.value);
                std::string family = trim(parts[0]), given = parts.size() > 1 ? trim(parts[1]) : "";
                n_name = trim(given + " " + family);
            }
        } else {
            refuse("field", "vCard property " + quoted(c.name) +
                                " is not accepted (PHOTO, LOGO, SOUND, KEY, IMPP, X- extensions and others can fetch or act; see the spec's list)");
        }
    }
    if (version.empty()) refuse("field", "the vCard has no VERSION line (3.0 or 4.0)");
    Payload p;
    p.kind = Kind::contact;
    p.name = fn.empty() ? n_name : fn;
    if (p.name.empty()) refuse("field", "the vCard has no FN or N name");
    if (p.name.size() > kMaxName) refuse("field", "the vCard name is longer than 256 bytes");
    check_line(p.name, "the vCard name");
    for (const std::string &line : logical) p.vcard += line + "\r\n";
    if (p.vcard.size() > kInputCap)
        refuse("oversize", "the vCard with CRLF line ends is " + std::to_string(p.vcard.size()) + " bytes; at most " +
                               std::to_string(kInputCap) + " are allowed");
    return p;
}

}  // namespace ckey::payload
