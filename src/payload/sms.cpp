// Stage: message forms. sms: (RFC 5724) with only a body field, and SMSTO:.
// Recipients go through the tel: rules.
#include "forms.hpp"
#include "text.hpp"

namespace ckey::payload {

namespace {

constexpr size_t kMaxRecipients = 10;

std::string sms_url(const std::vector<std::string> &numbers, std::string_view body) {
    std::string url = "sms:";
    for (size_t i = 0; i < numbers.size(); ++i) {
        if (i) url += ',';
        url += numbers[i];
    }
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
    std::vector<std::string> numbers;
    bool lookalike = false;
    for (size_t start = 0;;) {
        size_t comma = recipients.find(',', start);
        Subscriber subscriber =
            parse_telephone_subscriber(recipients.substr(start, comma == std::string_view::npos ? comma : comma - start), false);
        numbers.push_back(subscriber.text);
        lookalike = lookalike || subscriber.lookalike;
        if (numbers.size() > kMaxRecipients)
            refuse("syntax", "the sms: URL names more than " + std::to_string(kMaxRecipients) + " recipients");
        if (comma == std::string_view::npos) break;
        start = comma + 1;
    }
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
    p.number = numbers.front();
    p.lookalike = lookalike;
    p.body = body;
    p.url = sms_url(numbers, body);
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
    p.url = sms_url({p.number}, message);
    return p;
}

}  // namespace ckey::payload
