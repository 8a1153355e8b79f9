// Request-info URL templates, the redirect rule and strict reply parsing.
#include "request_info.hpp"

#include "claims.hpp"
#include "json.hpp"
#include "reason.hpp"

#include "../text/shown_text.hpp"

#include <cstdio>
#include <optional>

namespace ckey::actions {

namespace {

const std::string_view kPlaceholder = "{request_id}";

std::string lower(std::string_view s) {
    std::string out(s);
    for (char &c : out)
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    return out;
}

// Splits "https://authority/rest" and normalises the authority; nullopt when
// the URL is not https, has userinfo, or its host/port are malformed.
std::optional<std::string> https_authority(std::string_view url, std::string_view *rest) {
    if (url.size() < 8 || lower(url.substr(0, 8)) != "https://") return std::nullopt;
    std::string_view after = url.substr(8);
    size_t end = after.find_first_of("/?#");
    std::string_view authority = after.substr(0, end);
    if (rest != nullptr) *rest = end == std::string_view::npos ? std::string_view() : after.substr(end);
    if (authority.find('@') != std::string_view::npos) return std::nullopt;
    std::string_view host = authority, port;
    size_t colon = authority.rfind(':');
    if (colon != std::string_view::npos) {
        host = authority.substr(0, colon);
        port = authority.substr(colon + 1);
        if (port.empty() || port.size() > 5 || port.front() == '0') return std::nullopt;
        long value = 0;
        for (char c : port) {
            if (c < '0' || c > '9') return std::nullopt;
            value = value * 10 + (c - '0');
        }
        if (value > 65535) return std::nullopt;
    }
    std::string h = lower(host);
    if (!valid_issuer(h)) return std::nullopt;
    if (port.empty() || port == "443") return h;
    return h + ":" + std::string(port);
}

std::string host_of(const std::string &authority) { return authority.substr(0, authority.find(':')); }

bool is_hex_digit(char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }

// The offset of the first byte that RFC 3986 does not allow in a URI, or npos.
// Allowed: unreserved, reserved except "[" "]" (they only bracket IP
// literals, and hosts here are DNS names), and "%" with two hex digits. So no
// space, control, byte above 0x7E, backslash, quote, "<", ">", braces, "^",
// "`" or "|" (spec section 7, URL characters).
size_t first_non_uri_byte(std::string_view url) {
    const std::string_view punctuation = "-._~!$&'()*+,;=:/?#@";
    for (size_t i = 0; i < url.size(); ++i) {
        char c = url[i];
        if (c == '%' && i + 2 < url.size() && is_hex_digit(url[i + 1]) && is_hex_digit(url[i + 2])) {
            i += 2;
            continue;
        }
        bool alphanumeric = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
        if (!alphanumeric && punctuation.find(c) == std::string_view::npos) return i;
    }
    return std::string_view::npos;
}

// A byte for messages: its value, and the character when it is printable ASCII.
std::string byte_name(char c) {
    unsigned char u = static_cast<unsigned char>(c);
    if (u > 0x20 && u < 0x7F) return cat("'", c, "' (", int(u), ")");
    return cat("byte ", int(u));
}

// requester and location are what the prompt shows as fact, so nothing in
// them may reorder, hide or break up the text (spec section 7.1).
void check_shown(const std::string &field, const std::string &value) {
    text::Finding bad = text::find_unshowable(value);
    if (bad.kind == text::Unshowable::none) return;
    if (bad.kind == text::Unshowable::ill_formed)
        reject(CKEY_ACTION_REQUEST_INFO_TEXT, "request-info \"", field, "\" holds ", text::describe(bad.kind),
               " at byte ", bad.offset);
    char code_point[16];
    std::snprintf(code_point, sizeof code_point, "U+%04X", static_cast<unsigned>(bad.code_point));
    reject(CKEY_ACTION_REQUEST_INFO_TEXT, "request-info \"", field, "\" holds ", text::describe(bad.kind), " ",
           code_point, " at byte ", bad.offset,
           "; shown text may hold no control, line or paragraph separator, bidi control, invisible or format "
           "character, or noncharacter");
}

}  // namespace

RequestInfoTemplate parse_request_info_template(std::string_view url, std::string_view issuer) {
    std::string_view rest;
    std::optional<std::string> authority = https_authority(url, &rest);
    if (!authority)
        fail(CKEY_INVALID_PARAMETER, "request_info \"", url,
             "\" is not an https URL with a DNS host (no userinfo, port 1-65535)");
    std::string host = host_of(*authority);
    if (host != issuer && !(host.size() > issuer.size() && host.ends_with(issuer) &&
                            host[host.size() - issuer.size() - 1] == '.'))
        fail(CKEY_INVALID_PARAMETER, "request_info host \"", host, "\" is not issuer \"", issuer,
             "\" or one of its subdomains");
    if (rest.empty() || rest.front() != '/')
        fail(CKEY_INVALID_PARAMETER, "request_info \"", url, "\" needs a path starting with '/'");
    size_t at = rest.find(kPlaceholder);
    if (at == std::string_view::npos || rest.find(kPlaceholder, at + 1) != std::string_view::npos)
        fail(CKEY_INVALID_PARAMETER, "request_info \"", url, "\" must hold \"{request_id}\" exactly once");
    std::string without = std::string(rest.substr(0, at)) + std::string(rest.substr(at + kPlaceholder.size()));
    size_t bad = first_non_uri_byte(without);
    if (bad == std::string_view::npos) bad = without.find('#');
    if (bad != std::string_view::npos)
        fail(CKEY_INVALID_PARAMETER, "request_info ", json_quote(url), " holds ", byte_name(without[bad]),
             " outside the allowed URL characters (RFC 3986 characters, no fragment, spaces or braces)");
    return RequestInfoTemplate{std::string(url), *authority};
}

std::string request_info_url(const RequestInfoTemplate &tmpl, std::string_view request_id) {
    if (!valid_request_id(request_id))
        reject(CKEY_ACTION_REQUEST_ID_INVALID, "request ID is not 1-64 of A-Z a-z 0-9 _ -");
    std::string url = tmpl.text;
    size_t at = url.find(kPlaceholder);
    url.replace(at, kPlaceholder.size(), request_id);
    return url;
}

void check_redirect(const RequestInfoTemplate &tmpl, std::string_view url) {
    std::string shown = json_quote(url.substr(0, 200));
    size_t bad = first_non_uri_byte(url);
    if (bad != std::string_view::npos)
        reject(CKEY_ACTION_REQUEST_INFO_REDIRECT, "redirect to ", shown, " holds ", byte_name(url[bad]), " at offset ",
               bad, "; a redirect target is RFC 3986 characters only (no space, control, non-ASCII byte or backslash)");
    std::optional<std::string> authority = https_authority(url, nullptr);
    if (!authority || *authority != tmpl.authority)
        reject(CKEY_ACTION_REQUEST_INFO_REDIRECT, "redirect to ", shown, " leaves https://", tmpl.authority);
}

RequestInfo parse_request_info(std::string_view body, std::string_view request_id) {
    if (body.size() > CKEY_ACTION_MAX_REQUEST_INFO_BYTES)
        reject(CKEY_ACTION_REQUEST_INFO_TOO_LARGE, "the request-info reply is ", body.size(), " bytes; at most ",
               CKEY_ACTION_MAX_REQUEST_INFO_BYTES);
    JsonObject object = parse_json_object(body, CKEY_ACTION_MAX_REQUEST_INFO_BYTES);
    if (object.error != JsonError::none) reject(CKEY_ACTION_REQUEST_INFO_INVALID, "request-info JSON: ", object.message);
    RequestInfo info;
    bool has_id = false, has_requester = false;
    for (const JsonMember &m : object.members) {
        if (m.value.kind != JsonValue::Kind::string)
            reject(CKEY_ACTION_REQUEST_INFO_INVALID, "request-info \"", m.key, "\" is ", json_kind_name(m.value.kind),
                   "; expected a string");
        const std::string &v = m.value.text;
        if (m.key == "request_id") {
            if (v != request_id)
                reject(CKEY_ACTION_REQUEST_INFO_INVALID, "request-info is for request ", json_quote(v.substr(0, 64)),
                       ", not ", json_quote(request_id));
            has_id = true;
        } else if (m.key == "requester" || m.key == "location") {
            if (v.empty() || v.size() > 200)
                reject(CKEY_ACTION_REQUEST_INFO_INVALID, "request-info \"", m.key, "\" is ", v.size(),
                       " bytes; expected 1-200");
            check_shown(m.key, v);
            (m.key == "requester" ? info.requester : info.location) = v;
            if (m.key == "requester") has_requester = true;
        } else {
            reject(CKEY_ACTION_REQUEST_INFO_INVALID, "request-info field ", json_quote(m.key.substr(0, 64)),
                   " is not defined; allowed: request_id, requester, location");
        }
    }
    if (!has_id || !has_requester)
        reject(CKEY_ACTION_REQUEST_INFO_INVALID, "request-info lacks \"", has_id ? "requester" : "request_id", "\"");
    return info;
}

}  // namespace ckey::actions
