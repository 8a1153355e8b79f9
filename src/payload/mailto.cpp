// Stage: email forms. mailto: (RFC 6068) with only to, cc, subject and body,
// and MATMSG:. Every value is percent-decoded before it is checked, so an
// encoded CR or LF (header injection) is refused like a raw one.
#include "forms.hpp"
#include "text.hpp"

namespace ckey::payload {

namespace {

constexpr size_t kMaxRecipients = 10;

bool is_atext(char c) {
    if (is_alpha(c) || is_digit(c)) return true;
    switch (c) {
    case '!': case '#': case '$': case '%': case '&': case '\'': case '*': case '+': case '-': case '/':
    case '=': case '?': case '^': case '_': case '`': case '{': case '|': case '}': case '~':
        return true;
    default:
        return false;
    }
}

// Address characters that stand for themselves in a mailto: URL.
std::string address_in_url(std::string_view address) {
    std::string out;
    for (char c : address) {
        if (is_alpha(c) || is_digit(c) || std::string_view("-._~!$'*+=@/").find(c) != std::string_view::npos)
            out += c;
        else
            append_percent(out, static_cast<unsigned char>(c));
    }
    return out;
}

void add_addresses(std::string_view encoded, std::vector<std::string> &ascii, std::vector<std::string> &display,
                   bool &lookalike, std::string_view what) {
    std::string decoded = percent_decode(encoded, what);
    check_line(decoded, what);
    std::string_view list = decoded;
    for (size_t start = 0;;) {
        size_t comma = list.find(',', start);
        EmailAddress a = parse_email_address(list.substr(start, comma == std::string_view::npos ? comma : comma - start));
        ascii.push_back(a.ascii);
        display.push_back(a.display);
        lookalike = lookalike || a.lookalike;
        if (comma == std::string_view::npos) break;
        start = comma + 1;
    }
}

}  // namespace

EmailAddress parse_email_address(std::string_view text) {
    if (text.size() > 254) refuse("syntax", "email address " + quoted(text) + " is longer than 254 bytes");
    size_t at = text.rfind('@');
    if (at == std::string_view::npos || at == 0)
        refuse("syntax", "email address " + quoted(text) + " must be local-part@domain");
    std::string_view local = text.substr(0, at), domain = text.substr(at + 1);
    if (local.size() > 64) refuse("syntax", "the local part of " + quoted(text) + " is longer than 64 bytes");
    for (size_t i = 0; i < local.size(); ++i) {
        char c = local[i];
        if (c == '.') {
            if (i == 0 || i + 1 == local.size() || local[i + 1] == '.')
                refuse("syntax", "the local part of " + quoted(text) + " has a leading, trailing or double dot");
        } else if (!is_atext(c)) {
            refuse("syntax", "the local part of " + quoted(text) +
                                 " holds a character outside RFC 5322 dot-atom (quoted local parts are not accepted)");
        }
    }
    if (domain.find('.') == std::string_view::npos)
        refuse("host", "the domain of " + quoted(text) + " must have at least two labels");
    Host host = parse_host(domain, false);
    EmailAddress address{std::string(local) + "@" + host.ascii, std::string(local) + "@" + host.display, host.lookalike};
    if (address.ascii.size() > 254)
        refuse("syntax", "email address " + quoted(text) + " is " + std::to_string(address.ascii.size()) +
                             " bytes with its domain as punycode; at most 254 are allowed");
    return address;
}

std::string mailto_url(const std::vector<std::string> &to, const std::vector<std::string> &cc,
                       std::string_view subject, std::string_view body) {
    std::string url = "mailto:";
    for (size_t i = 0; i < to.size(); ++i) {
        if (i) url += ',';
        url += address_in_url(to[i]);
    }
    char separator = '?';
    if (!cc.empty()) {
        url += separator;
        url += "cc=";
        for (size_t i = 0; i < cc.size(); ++i) {
            if (i) url += ',';
            url += address_in_url(cc[i]);
        }
        separator = '&';
    }
    if (!subject.empty()) {
        url += separator;
        url += "subject=" + percent_encode(subject);
        separator = '&';
    }
    if (!body.empty()) {
        url += separator;
        url += "body=" + percent_encode(body);
    }
    return url;
}

Payload parse_mailto(std::string_view text) {
    check_line(text, "the mailto: URL");
    if (text.find('\\') != std::string_view::npos) refuse("backslash", "the mailto: URL holds a backslash");
    if (text.find('#') != std::string_view::npos) refuse("syntax", "the mailto: URL holds '#'; encode it as %23");
    if (text.find_first_of(" \"<>") != std::string_view::npos)
        refuse("syntax", "the mailto: URL holds a space, '\"', '<' or '>'; RFC 6068 requires them percent-encoded");
    std::string_view rest = text.substr(7);  // after "mailto:"
    size_t question = rest.find('?');
    std::string_view to_part = rest.substr(0, question);
    std::vector<std::string> to, to_display, cc, cc_display;
    std::string subject, body;
    bool has_subject = false, has_body = false, lookalike = false;
    if (!to_part.empty()) add_addresses(to_part, to, to_display, lookalike, "the mailto: recipient");
    if (question != std::string_view::npos) {
        std::string_view fields = rest.substr(question + 1);
        for (size_t start = 0;;) {
            size_t amp = fields.find('&', start);
            std::string_view field = fields.substr(start, amp == std::string_view::npos ? amp : amp - start);
            size_t eq = field.find('=');
            if (eq == std::string_view::npos)
                refuse("syntax", "mailto: field " + quoted(field) + " must be name=value");
            std::string name = lower(percent_decode(field.substr(0, eq), "a mailto: field name"));
            std::string_view value = field.substr(eq + 1);
            if (name == "to") {
                add_addresses(value, to, to_display, lookalike, "the mailto: to field");
            } else if (name == "cc") {
                add_addresses(value, cc, cc_display, lookalike, "the mailto: cc field");
            } else if (name == "subject" || name == "body") {
                bool &seen = name == "subject" ? has_subject : has_body;
                if (seen) refuse("syntax", "the mailto: URL has two " + name + " fields");
                seen = true;
                std::string decoded = percent_decode(value, "the mailto: " + name);
                check_line(decoded, "the mailto: " + name + " (after percent-decoding)", true);
                (name == "subject" ? subject : body) = decoded;
            } else {
                refuse("header", "mailto: field " + quoted(name) +
                                     " is not allowed; only to, cc, subject and body are (a bcc or other header could act unseen)");
            }
            if (amp == std::string_view::npos) break;
            start = amp + 1;
        }
    }
    if (to.empty()) refuse("syntax", "the mailto: URL names no recipient");
    if (to.size() + cc.size() > kMaxRecipients)
        refuse("syntax", "the mailto: URL names " + std::to_string(to.size() + cc.size()) +
                             " recipients; at most " + std::to_string(kMaxRecipients) + " are allowed");
    Payload p;
    p.kind = Kind::email;
    p.url = mailto_url(to, cc, subject, body);
    p.address = to_display.front();
    p.lookalike = lookalike;
    p.subject = subject;
    p.body = body;
    return p;
}

Payload parse_matmsg(std::string_view text) {
    auto fields = split_mecard_fields(text.substr(7), "the MATMSG record");
    std::string to, to_display, subject, body;
    bool has_subject = false, has_body = false, lookalike = false;
    for (const auto &[name, value] : fields) {
        if (name == "TO") {
            if (!to.empty()) refuse("field", "MATMSG has two TO fields; exactly one is allowed");
            check_line(value, "the MATMSG TO field");
            EmailAddress a = parse_email_address(value);
            to = a.ascii;
            to_display = a.display;
            lookalike = a.lookalike;
        } else if (name == "SUB" || name == "BODY") {
            bool &seen = name == "SUB" ? has_subject : has_body;
            if (seen) refuse("field", "MATMSG has two " + name + " fields");
            seen = true;
            check_line(value, "the MATMSG " + name + " field", true);
            (name == "SUB" ? subject : body) = value;
        } else {
            refuse("field", "MATMSG field " + quoted(name) + " is not allowed; only TO, SUB and BODY are");
        }
    }
    if (to.empty()) refuse("field", "MATMSG has no TO field");
    Payload p;
    p.kind = Kind::email;
    p.url = mailto_url({to}, {}, subject, body);
    p.address = to_display;
    p.lookalike = lookalike;
    p.subject = subject;
    p.body = body;
    return p;
}

}  // namespace ckey::payload
