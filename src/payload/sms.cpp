// Stage: message forms. sms: (RFC 5724) with only a body field, and SMSTO:.
// Recipients go through the tel: rules.
#include "forms.hpp"
#include "text.hpp"

namespace ckey::payload {

namespace {

std::string sms_url(std::string_view number, std::string_view body) {
    std::string url = "sms:";
    url += number;
    if (!body.empty()) url += "?body=" + percent_encode(body);
    return url;
}

}  // namespace

Payload parse_sms(std::string_view text) {
    check_line(text, "the sms: URL");
    std::string_view rest = text.substr(4);
    size_t question = rest.find('?');
    std::string_view recipients = rest.substr(0, question);
    if (recipients.empty()) refuse("syntax", "the sms: URL names no recipient");
    // One recipient, the one shown: more would text people the user was not shown.
    if (recipients.find(',') != std::string_view::npos)
        refuse("recipients", "the sms: URL names more than one recipient (" + quoted(recipients) +
                                 "); only one is allowed, the one that is shown");
    Subscriber subscriber = parse_telephone_subscriber(recipients, false);
    std::string body;
    if (question != std::string_view::npos) {
        std::string_view fields = rest.substr(question + 1);
        bool seen = false;
        for (size_t start = 0;;) {
            size_t amp = fields.find('&', start);
            std::string_view field = fields.substr(start, amp == std::string_view::npos ? amp : amp - start);
            size_t eq = field.find('=');
            std::string name = lower(field.substr(0, eq));
            if (eq == std::string_view::npos || name != "body")
                refuse("header", "sms: field " + quoted(field) + " is not allowed; only body=... is");
            if (seen) refuse("syntax", "the sms: URL has two body fields");
            seen = true;
            body = percent_decode(field.substr(eq + 1), "the sms: body");
            check_line(body, "the sms: body (after percent-decoding)", true);
            if (amp == std::string_view::npos) break;
            start = amp + 1;
        }
    }
    Payload p;
    p.kind = Kind::message;
    p.number = subscriber.text;
    p.lookalike = subscriber.lookalike;
    p.body = body;
    p.url = sms_url(subscriber.text, body);
    return p;
}

Payload parse_smsto(std::string_view text) {
    check_line(text, "the SMSTO record");
    std::string_view rest = text.substr(6);
    size_t colon = rest.find(':');
    std::string_view message = colon == std::string_view::npos ? std::string_view{} : rest.substr(colon + 1);
    Payload p;
    p.kind = Kind::message;
    Subscriber subscriber = parse_telephone_subscriber(rest.substr(0, colon), false);
    p.number = subscriber.text;
    p.lookalike = subscriber.lookalike;
    p.body = std::string(message);
    p.url = sms_url(p.number, message);
    return p;
}

}  // namespace ckey::payload
