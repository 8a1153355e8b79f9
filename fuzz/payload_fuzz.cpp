// libFuzzer target for payload classification (see fuzz/README.md).
// Beyond "no crash, no sanitizer report", it checks the one-parse property:
// what classify() returns to open is itself accepted, unchanged, by classify().
#include "payload/payload.hpp"
#include "payload/text.hpp"

#include <ckey/ckey.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

using namespace ckey::payload;

namespace {

[[noreturn]] void violated(const char *what, const std::string &input, const std::string &value) {
    std::fprintf(stderr, "payload_fuzz: %s\n  input: %s\n  value: %s\n", what, quoted(input).c_str(), quoted(value).c_str());
    std::abort();
}

// What an app opens must be printable ASCII: no spaces, controls or raw UTF-8.
void require_ascii_url(const std::string &url, const std::string &input) {
    for (char c : url)
        if (c <= 0x20 || c >= 0x7F) violated("a URL with a byte outside printable ASCII", input, url);
}

void require_clean(const std::string &text, const std::string &input) {
    try {
        check_line(text, "shown value", true);
    } catch (const Refusal &) {
        violated("a shown value with a control, bidi or invisible character", input, text);
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    std::string input(reinterpret_cast<const char *>(data), size);
    Payload p = classify(input);
    if (p.kind == Kind::none) {
        if (p.reason.empty() || p.message.empty()) violated("a refusal without reason or message", input, p.reason);
        return 0;
    }
    if (size > kInputCap) violated("an oversize input was classified", input, p.url);
    for (const std::string *shown : {&p.display, &p.address, &p.number, &p.subject, &p.body, &p.label, &p.name})
        require_clean(*shown, input);
    if (!p.map_url.empty()) require_ascii_url(p.map_url, input);
    if (p.lookalike && p.kind != Kind::web && p.kind != Kind::email && p.kind != Kind::call && p.kind != Kind::message)
        violated("a lookalike flag on a kind without hosts to show", input, p.url);
    if (p.kind == Kind::contact) {
        Payload again = classify(p.vcard);
        if (again.kind != Kind::contact || again.vcard != p.vcard || again.name != p.name)
            violated("the returned vCard does not classify to itself", input, p.vcard + " / " + again.message);
        return 0;
    }
    if (p.kind == Kind::address) return 0;
    require_ascii_url(p.url, input);
    Payload again = classify(p.url);
    if (again.kind != p.kind || again.url != p.url)
        violated("the canonical URL does not classify to itself", input, p.url + " / " + again.message);
    if (again.display != p.display || again.address != p.address || again.number != p.number ||
        again.label != p.label || again.body != p.body || again.subject != p.subject || again.lookalike != p.lookalike)
        violated("the canonical URL shows different values", input, p.url);
    // A web host shows an A-label exactly when one of its labels is a lookalike.
    if (p.kind == Kind::web && p.lookalike != (("." + p.display).find(".xn--") != std::string::npos))
        violated("the lookalike flag disagrees with the shown host", input, p.display);
    // The C API must agree with the C++ entry point.
    ckey_payload *handle = nullptr;
    if (ckey_payload_classify(input.data(), input.size(), &handle) != CKEY_OK) violated("C API failed", input, "");
    ckey_payload_info info;
    ckey_payload_get_info(handle, &info);
    if (info.kind != static_cast<int>(p.kind) || p.url != info.url || info.lookalike != (p.lookalike ? 1 : 0))
        violated("C API disagrees", input, info.url);
    ckey_payload_destroy(handle);
    return 0;
}
