// The C API of Safe Actions: ckey_action_*.
#include <ckey/actions.h>

#include "ed25519.hpp"
#include "key_ring.hpp"
#include "reason.hpp"
#include "request_info.hpp"
#include "signer.hpp"
#include "verifier.hpp"

#include "../core/guard.hpp"
#include "../core/buffer.hpp"

#include <cstdlib>
#include <cstring>
#include <new>

struct ckey_action_verifier {
    ckey::actions::Verifier verifier;
};

struct ckey_action {
    ckey::actions::VerifiedAction action;
};

using ckey::guarded;
using ckey::require;

namespace {

// Runs body; a Rejection becomes CKEY_ACTION_REJECTED with its reason.
template <class Body>
ckey_status guarded_action(int *out_reason, Body &&body) {
    return guarded([&] {
        require(out_reason, "out_reason");
        *out_reason = CKEY_ACTION_VERIFIED;
        try {
            body();
        } catch (const ckey::actions::Rejection &rejection) {
            *out_reason = rejection.reason;
            ckey::fail(CKEY_ACTION_REJECTED, ckey::actions::reason_name(rejection.reason), ": ", rejection.message);
        }
    });
}

}  // namespace

extern "C" ckey_status ckey_action_detect(const char *text, size_t length, int *out_claims_action) {
    return guarded([&] {
        require(out_claims_action, "out_claims_action");
        if (length > 0) require(text, "text");
        *out_claims_action = ckey::actions::claims_to_be_action(std::string_view(length ? text : "", length)) ? 1 : 0;
    });
}

extern "C" ckey_status ckey_action_verifier_create(const char *app_id, ckey_action_verifier **out_verifier) {
    return guarded([&] {
        require(out_verifier, "out_verifier");
        *out_verifier = nullptr;
        require(app_id, "app_id");
        *out_verifier = new ckey_action_verifier{ckey::actions::Verifier(app_id)};
    });
}

extern "C" void ckey_action_verifier_destroy(ckey_action_verifier *verifier) { delete verifier; }

extern "C" ckey_status ckey_action_verifier_trust(ckey_action_verifier *verifier, const char *issuer,
                                                  const char *key_id, const char *public_key_hex,
                                                  const char *request_info) {
    return guarded([&] {
        require(verifier, "verifier");
        require(issuer, "issuer");
        require(key_id, "key_id");
        require(public_key_hex, "public_key_hex");
        verifier->verifier.trust(issuer, key_id, public_key_hex, request_info);
    });
}

extern "C" ckey_status ckey_action_verifier_register(ckey_action_verifier *verifier, const char *name,
                                                     const char *const *issuers, size_t issuer_count, int scope) {
    return guarded([&] {
        require(verifier, "verifier");
        require(name, "name");
        if (issuer_count > 0) require(issuers, "issuers");
        std::vector<std::string> list;
        for (size_t i = 0; i < issuer_count; ++i) {
            require(issuers[i], "issuers[i]");
            list.emplace_back(issuers[i]);
        }
        verifier->verifier.register_action(name, list, scope);
    });
}

extern "C" ckey_status ckey_action_verify(ckey_action_verifier *verifier, const char *text, size_t length,
                                          int64_t now_seconds, ckey_action **out_action, int *out_reason) {
    return guarded_action(out_reason, [&] {
        require(out_action, "out_action");
        *out_action = nullptr;
        require(verifier, "verifier");
        if (length > 0) require(text, "text");
        auto verified = verifier->verifier.verify(std::string_view(length ? text : "", length), now_seconds);
        if (!verified) {
            *out_reason = CKEY_ACTION_NOT_A_SAFE_ACTION;
            return;
        }
        *out_action = new ckey_action{std::move(*verified)};
    });
}

extern "C" void ckey_action_destroy(ckey_action *action) { delete action; }

extern "C" ckey_status ckey_action_get_info(const ckey_action *action, ckey_action_info *out) {
    return guarded([&] {
        require(action, "action");
        require(out, "out_info");
        const auto &c = action->action.claims;
        *out = ckey_action_info{};
        out->issuer = c.issuer.c_str();
        out->key_id = c.key_id.c_str();
        out->app_id = c.app_id.c_str();
        out->name = c.name.c_str();
        out->params = c.params.c_str();
        out->params_length = c.params.size();
        out->scope = c.scope;
        out->issued_at = c.issued_at;
        out->not_before = c.not_before;
        out->expires = c.expires;
        out->request_id = c.request_id ? c.request_id->c_str() : nullptr;
        out->nonce = c.nonce.c_str();
    });
}

extern "C" ckey_status ckey_action_check_expiry(int64_t expires, int64_t now_seconds, int *out_reason) {
    return guarded_action(out_reason, [&] { ckey::actions::check_not_expired(expires, now_seconds); });
}

extern "C" ckey_status ckey_action_request_info_url(const ckey_action *action, char **out_url, int *out_reason) {
    return guarded_action(out_reason, [&] {
        require(out_url, "out_url");
        *out_url = nullptr;
        require(action, "action");
        const auto &a = action->action;
        if (!a.request_info || !a.claims.request_id)
            ckey::actions::reject(CKEY_ACTION_REQUEST_INFO_UNAVAILABLE, "issuer \"", a.claims.issuer,
                                  "\" has no request-info URL for key \"", a.claims.key_id,
                                  "\" (or the action has no request ID); a cross-device request cannot be shown");
        *out_url = ckey::malloc_copy(ckey::actions::request_info_url(*a.request_info, *a.claims.request_id));
    });
}

extern "C" ckey_status ckey_action_request_info_check_redirect(const ckey_action *action, const char *url,
                                                               int *out_reason) {
    return guarded_action(out_reason, [&] {
        require(action, "action");
        require(url, "url");
        const auto &a = action->action;
        if (!a.request_info)
            ckey::actions::reject(CKEY_ACTION_REQUEST_INFO_REDIRECT,
                                  "this action has no request-info template, so no redirect may be followed");
        ckey::actions::check_redirect(*a.request_info, url);
    });
}

extern "C" ckey_status ckey_action_request_info_parse(const ckey_action *action, const char *body, size_t length,
                                                      char **out_requester, char **out_location, int *out_reason) {
    return guarded_action(out_reason, [&] {
        require(out_requester, "out_requester");
        require(out_location, "out_location");
        *out_requester = nullptr;
        *out_location = nullptr;
        require(action, "action");
        if (length > 0) require(body, "body");
        const auto &a = action->action;
        auto info = ckey::actions::parse_request_info(std::string_view(length ? body : "", length),
                                                      a.claims.request_id.value_or(""));
        char *requester = ckey::malloc_copy(info.requester);
        char *location = info.location.empty() ? nullptr : ckey::malloc_copy(info.location);
        *out_requester = requester;
        *out_location = location;
    });
}

extern "C" ckey_status ckey_action_keygen(char **out_private_pem, char **out_public_hex, char **out_key_id) {
    return guarded([&] {
        require(out_private_pem, "out_private_pem");
        require(out_public_hex, "out_public_hex");
        require(out_key_id, "out_key_id");
        const auto &backend = ckey::actions::ed25519_backend();
        ckey::actions::Seed seed;
        std::array<uint8_t, 32> public_key;
        do {
            backend.random(seed.data(), seed.size());
            backend.public_key(seed.data(), public_key.data());
        } while (ckey::actions::check_public_key(public_key.data()) != ckey::actions::KeyCheck::ok);
        std::string pem = ckey::actions::private_key_pem(seed);
        char *a = ckey::malloc_copy(pem);
        char *b = ckey::malloc_copy(ckey::actions::to_hex(public_key.data(), 32));
        char *c = ckey::malloc_copy(ckey::actions::derived_key_id(public_key));
        *out_private_pem = a;
        *out_public_hex = b;
        *out_key_id = c;
    });
}

extern "C" ckey_status ckey_action_key_public(const char *private_pem, char **out_public_hex, char **out_key_id) {
    return guarded([&] {
        require(private_pem, "private_pem");
        require(out_public_hex, "out_public_hex");
        require(out_key_id, "out_key_id");
        ckey::actions::Seed seed = ckey::actions::parse_private_key_pem(private_pem);
        std::array<uint8_t, 32> public_key;
        ckey::actions::ed25519_backend().public_key(seed.data(), public_key.data());
        char *a = ckey::malloc_copy(ckey::actions::to_hex(public_key.data(), 32));
        char *b = ckey::malloc_copy(ckey::actions::derived_key_id(public_key));
        *out_public_hex = a;
        *out_key_id = b;
    });
}

extern "C" ckey_status ckey_action_sign(const char *private_pem, const char *claims_json, char **out_code) {
    return guarded([&] {
        require(out_code, "out_code");
        *out_code = nullptr;
        require(private_pem, "private_pem");
        require(claims_json, "claims_json");
        ckey::actions::Seed seed = ckey::actions::parse_private_key_pem(private_pem);
        *out_code = ckey::malloc_copy(ckey::actions::sign_action(seed, claims_json));
    });
}
