// The request-info protocol (spec section 7): the issuer's URL template,
// request-ID substitution, the redirect rule and the reply format. The
// fetch itself is the SDK's (it needs an HTTPS client); every decision about
// what may be fetched and what a reply means is made here.
#pragma once

#include <string>
#include <string_view>

namespace ckey::actions {

struct RequestInfoTemplate {
    std::string text;       // the template as trusted
    std::string authority;  // lowercase host[:port], ":443" removed
};

// Throws ckey::Error(CKEY_INVALID_PARAMETER) naming what is wrong.
RequestInfoTemplate parse_request_info_template(std::string_view url, std::string_view issuer);

// Substitutes a request ID (validated again here: [A-Za-z0-9_-]{1,64}).
std::string request_info_url(const RequestInfoTemplate &tmpl, std::string_view request_id);

// Whether a redirect may be followed: the target is RFC 3986 characters only
// and stays on https and the template's host and port. Throws
// Rejection(request_info_redirect) naming what is wrong.
void check_redirect(const RequestInfoTemplate &tmpl, std::string_view url);

struct RequestInfo {
    std::string requester;  // "who is asking", shown to the user
    std::string location;   // "" when absent
};

// Parses a reply body; throws Rejection (request_info_invalid / _too_large,
// or request_info_text for a character the prompt must not show).
RequestInfo parse_request_info(std::string_view body, std::string_view request_id);

}  // namespace ckey::actions
