// The C API of payload classification: ckey_payload_*.
#include <ckey/payload.h>

#include "../core/guard.hpp"
#include "payload.hpp"

struct ckey_payload {
    ckey::payload::Payload payload;
};

using ckey::guarded;
using ckey::require;

extern "C" ckey_status ckey_payload_classify(const char *text, size_t length, ckey_payload **out_payload) {
    return guarded([&] {
        require(out_payload, "out_payload");
        *out_payload = nullptr;
        if (length > 0) require(text, "text");
        std::string_view view = length > 0 ? std::string_view(text, length) : std::string_view();
        *out_payload = new ckey_payload{ckey::payload::classify(view)};
    });
}

extern "C" void ckey_payload_destroy(ckey_payload *payload) { delete payload; }

extern "C" ckey_status ckey_payload_get_info(const ckey_payload *payload, ckey_payload_info *out_info) {
    return guarded([&] {
        require(payload, "payload");
        require(out_info, "out_info");
        const ckey::payload::Payload &p = payload->payload;
        *out_info = ckey_payload_info{};
        out_info->kind = static_cast<int>(p.kind);
        out_info->url = p.url.c_str();
        out_info->display = p.display.c_str();
        out_info->address = p.address.c_str();
        out_info->number = p.number.c_str();
        out_info->subject = p.subject.c_str();
        out_info->body = p.body.c_str();
        out_info->label = p.label.c_str();
        out_info->map_url = p.map_url.c_str();
        out_info->vcard = p.vcard.c_str();
        out_info->name = p.name.c_str();
        out_info->reason = p.reason.c_str();
        out_info->message = p.message.c_str();
        out_info->latitude = p.latitude;
        out_info->longitude = p.longitude;
        out_info->altitude = p.altitude;
        out_info->uncertainty = p.uncertainty;
        out_info->has_altitude = p.has_altitude ? 1 : 0;
        out_info->has_uncertainty = p.has_uncertainty ? 1 : 0;
        out_info->lookalike = p.lookalike ? 1 : 0;
    });
}

extern "C" const char *ckey_payload_kind_name(int kind) {
    static const char *names[] = {"none", "web", "email", "call", "message", "geo", "address", "contact"};
    return kind >= 0 && kind <= 7 ? names[kind] : "unknown";
}
