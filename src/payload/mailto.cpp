// Stage: email forms. mailto: (RFC 6068) with one recipient and only subject
// and body fields, and MATMSG:. Every value is percent-decoded before it is
// checked, so an encoded CR or LF (header injection) is refused like a raw one.
#include "forms.hpp"
#include "text.hpp"

namespace ckey::payload {

namespace {

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

// The one recipient, which is the one shown. A second address, in the path or
// in a to, cc or bcc field, would send the message to people the user was not
// shown, so it is refused (spec 7.1).
EmailAddress the_recipient(std::string_view encoded) {
    std::string decoded = percent_decode(encoded, "the mailto: recipient");
    check_line(decoded, "the mailto: recipient");
    if (decoded.find(',') != std::string::npos)
        refuse("recipients", "the mailto: URL names more than one recipient (" + quoted(decoded) +
                                 "); only one is allowed, the one that is shown");
    return parse_email_address(decoded);
}

struct MailFields {
    std::string subject, body;
};

// The fields after '?': subject and body once each; a field that adds a
// recipient or any other header is refused.
MailFields read_fields(std::string_view fields) {
    MailFields out;
    bool has_subject = false, has_body = false;
    for (size_t start = 0;;) {
        size_t amp = fields.find('&', start);
        std::string_view field = fields.substr(start, amp == std::string_view::npos ? amp : amp - start);
        size_t eq = field.find('=');
        if (eq == std::string_view::npos) refuse("syntax", "mailto: field " + quoted(field) + " must be name=value");
        std::string name = lower(percent_decode(field.substr(0, eq), "a mailto: field name"));
        if (name == "to" || name == "cc" || name == "bcc")
            refuse("recipients", "mailto: field " + quoted(name) +
                                     " adds a recipient; only the one address before '?' is allowed, the one shown");
        if (name != "subject" && name != "body")
            refuse("header", "mailto: field " + quoted(name) +
                                 " is not allowed; only subject and body are (another header could act unseen)");
        bool &seen = name == "subject" ? has_subject : has_body;
        if (seen) refuse("syntax", "the mailto: URL has two " + name + " fields");
        seen = true;
        std::string decoded = percent_decode(field.substr(eq + 1), "the mailto: " + name);
        check_line(decoded, "the mailto: " + name + " (after percent-decoding)", true);
        (name == "subject" ? out.subject : out.body) = decoded;
        if (amp == std::string_view::npos) break;
        start = amp + 1;
    }
    return out;
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

std::string mailto_url(std::string_view to, std::string_view subject, std::string_view body) {
    std::string url = "mailto:";
    url += address_in_url(to);
    char separator = '?';
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
    MailFields fields;
    if (question != std::string_view::npos) fields = read_fields(rest.substr(question + 1));
    if (to_part.empty()) refuse("syntax", "the mailto: URL names no recipient before '?'");
    EmailAddress to = the_recipient(to_part);
    Payload p;
    p.kind = Kind::email;
    p.url = mailto_url(to.ascii, fields.subject, fields.body);
    p.address = to.display;
    p.lookalike = to.lookalike;
    p.subject = fields.subject;
    p.body = fields.body;
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
    p.url = mailto_url(to, subject, body);
    p.address = to_display;
    p.lookalike = lookalike;
    p.subject = subject;
    p.body = body;
    return p;
}

}  // namespace ckey::payload
