// Stage: MECARD: contacts. The record is tokenised into fields on unescaped
// ';' first; a value is never searched for another field's name, so
// "NOTE:call TEL:+1900..." stays a note.
#include "forms.hpp"
#include "text.hpp"

namespace ckey::payload {

namespace {

constexpr size_t kMaxName = 256;
constexpr size_t kMaxFields = 100;  // keeps the vCard built from it within 200 lines

std::string embedded(const char *field, auto &&parse) {
    try {
        return parse();
    } catch (const Refusal &inner) {
        refuse("embedded", std::string("the ") + field + " field fails its own rules: " + inner.message);
    }
}

}  // namespace

std::vector<std::pair<std::string, std::string>> split_mecard_fields(std::string_view body, std::string_view what) {
    std::vector<std::pair<std::string, std::string>> fields;
    std::string name, value;
    bool in_value = false, ended = false, segment_empty = true;
    for (size_t i = 0; i < body.size(); ++i) {
        char c = body[i];
        if (c == ';') {
            if (segment_empty) {
                ended = true;  // ";;" ends the record; only more ';' may follow
            } else {
                if (!in_value) refuse("syntax", std::string(what) + " field " + quoted(name) + " has no ':'");
                if (name.empty()) refuse("syntax", std::string(what) + " has a field without a name");
                fields.emplace_back(name, value);
            }
            name.clear();
            value.clear();
            in_value = false;
            segment_empty = true;
            continue;
        }
        if (ended) refuse("syntax", std::string(what) + " continues after its ';;' end");
        segment_empty = false;
        if (!in_value) {
            if (c == ':') {
                in_value = true;
            } else if (is_alpha(c) || c == '-') {
                name += static_cast<char>(c >= 'a' && c <= 'z' ? c - 32 : c);
            } else {
                refuse("syntax", std::string(what) + " has a field name with " + quoted(std::string(1, c)) +
                                     "; names are letters and '-'");
            }
            continue;
        }
        if (c == '\\') {
            if (i + 1 == body.size()) refuse("syntax", std::string(what) + " ends with a lone backslash");
            value += body[++i];
        } else {
            value += c;
        }
    }
    if (!segment_empty) {
        if (!in_value) refuse("syntax", std::string(what) + " field " + quoted(name) + " has no ':'");
        fields.emplace_back(name, value);
    }
    if (fields.empty()) refuse("syntax", std::string(what) + " has no fields");
    return fields;
}

Payload parse_mecard(std::string_view text) {
    auto fields = split_mecard_fields(text.substr(7), "the MECARD record");
    if (fields.size() > kMaxFields)
        refuse("syntax", "the MECARD record has " + std::to_string(fields.size()) + " fields; at most " +
                             std::to_string(kMaxFields) + " are allowed");
    std::string family, given, lines;
    bool has_name = false;
    for (const auto &[name, value] : fields) {
        static const std::string_view known[] = {"N", "SOUND", "TEL", "TEL-AV", "EMAIL", "URL", "ADR", "NOTE",
                                                 "BDAY", "NICKNAME", "ORG", "TITLE"};
        bool is_known = false;
        for (std::string_view k : known) is_known = is_known || k == name;
        if (!is_known)
            refuse("field", "MECARD field " + quoted(name) +
                                " is not accepted; allowed: N, SOUND, TEL, TEL-AV, EMAIL, URL, ADR, NOTE, BDAY, NICKNAME, ORG, TITLE");
        check_line(value, "the MECARD " + name + " field", true);
        if (value.empty()) continue;
        if (name == "N") {
            if (has_name) refuse("field", "MECARD has two N fields; exactly one is allowed");
            has_name = true;
            size_t comma = value.find(',');
            family = std::string(trim_spaces(value.substr(0, comma)));
            given = comma == std::string::npos ? "" : std::string(trim_spaces(value.substr(comma + 1)));
        } else if (name == "TEL" || name == "TEL-AV") {
            std::string number = embedded("TEL", [&] { return parse_telephone_subscriber(value, true).text; });
            lines += (name == "TEL" ? "TEL:" : "TEL;TYPE=VIDEO:") + number + "\r\n";
        } else if (name == "EMAIL") {
            std::string address = embedded("EMAIL", [&] { return parse_email_address(value).ascii; });
            lines += "EMAIL:" + address + "\r\n";
        } else if (name == "URL") {
            std::string url = embedded("URL", [&] { return parse_web(value).url; });
            lines += "URL:" + url + "\r\n";
        } else if (name == "BDAY") {
            if (value.size() != 8 || value.find_first_not_of("0123456789") != std::string::npos)
                refuse("field", "MECARD BDAY " + quoted(value) + " must be YYYYMMDD");
            lines += "BDAY:" + value.substr(0, 4) + "-" + value.substr(4, 2) + "-" + value.substr(6) + "\r\n";
        } else if (name == "ADR") {
            lines += "ADR:;;" + vcard_escape(value) + ";;;;\r\n";
        } else if (name == "NOTE" || name == "NICKNAME" || name == "ORG" || name == "TITLE") {
            lines += name + ":" + vcard_escape(value) + "\r\n";
        } else {  // SOUND: the reading of the name
            lines += "SORT-STRING:" + vcard_escape(value) + "\r\n";
        }
    }
    Payload p;
    p.kind = Kind::contact;
    p.name = given.empty() ? family : (family.empty() ? given : given + " " + family);
    if (!has_name || p.name.empty()) refuse("field", "MECARD has no N (name) field");
    if (p.name.size() > kMaxName) refuse("field", "the MECARD name is longer than 256 bytes");
    p.vcard = "BEGIN:VCARD\r\nVERSION:3.0\r\nN:" + vcard_escape(family) + ";" + vcard_escape(given) + ";;;\r\nFN:" +
              vcard_escape(p.name) + "\r\n" + lines + "END:VCARD\r\n";
    if (p.vcard.size() > kInputCap)
        refuse("oversize", "the contact as vCard is " + std::to_string(p.vcard.size()) + " bytes; at most " +
                               std::to_string(kInputCap) + " are allowed");
    return p;
}

}  // namespace ckey::payload
