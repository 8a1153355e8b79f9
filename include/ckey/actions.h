/*
 * CKey Safe Actions: signed codes from a known site for one app.
 * See spec/CKey-Safe-Actions.md. Included by <ckey/ckey.h>; do not include
 * directly.
 *
 * A verifier holds the app ID, the trusted keys (issuer, key ID, Ed25519
 * public key, optional request-info URL template), the registered actions and
 * the seen-set of nonces and request IDs. ckey_action_verify runs the checks
 * in the order the spec states and returns either a verified action, "not a
 * Safe Action" (CKEY_OK with no action) or CKEY_ACTION_REJECTED with a
 * ckey_action_reason.
 */
#ifndef CKEY_ACTIONS_H
#define CKEY_ACTIONS_H

#include "status.h"

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Why a code was rejected. The numbers and the names that
 * ckey_action_reason_string returns are stable (spec section 5.5). */
typedef enum ckey_action_reason {
    CKEY_ACTION_VERIFIED = 0,
    CKEY_ACTION_NOT_A_SAFE_ACTION = 1,
    CKEY_ACTION_TOO_LONG = 2,
    CKEY_ACTION_STRAY_CHARACTERS = 3,
    CKEY_ACTION_BAD_PREFIX = 4,
    CKEY_ACTION_UNSUPPORTED_VERSION = 5,
    CKEY_ACTION_SEGMENT_COUNT = 6,
    CKEY_ACTION_BASE64_PADDING = 7,
    CKEY_ACTION_BASE64_INVALID = 8,
    CKEY_ACTION_BASE64_NON_CANONICAL = 9,
    CKEY_ACTION_HEADER_INVALID = 10,
    CKEY_ACTION_HEADER_UNKNOWN_FIELD = 11,
    CKEY_ACTION_SIGNATURE_LENGTH = 12,
    CKEY_ACTION_UNKNOWN_ISSUER = 13,
    CKEY_ACTION_UNKNOWN_KEY = 14,
    CKEY_ACTION_SIGNATURE_NON_CANONICAL = 15,
    CKEY_ACTION_BAD_SIGNATURE = 16,
    CKEY_ACTION_CLAIMS_TOO_LARGE = 17,
    CKEY_ACTION_CLAIMS_INVALID = 18,
    CKEY_ACTION_CLAIMS_DUPLICATE_KEY = 19,
    CKEY_ACTION_CLAIMS_UNKNOWN_FIELD = 20,
    CKEY_ACTION_CLAIMS_MISSING_FIELD = 21,
    CKEY_ACTION_TIMESTAMP_RANGE = 22,
    CKEY_ACTION_PARAMS_TOO_LARGE = 23,
    CKEY_ACTION_REQUEST_ID_INVALID = 24,
    CKEY_ACTION_REQUEST_ID_MISSING = 25,
    CKEY_ACTION_REQUEST_ID_UNEXPECTED = 26,
    CKEY_ACTION_ISSUER_MISMATCH = 27,
    CKEY_ACTION_KEY_ID_MISMATCH = 28,
    CKEY_ACTION_APP_MISMATCH = 29,
    CKEY_ACTION_TIME_ORDER = 30,
    CKEY_ACTION_ISSUED_IN_FUTURE = 31,
    CKEY_ACTION_NOT_YET_VALID = 32,
    CKEY_ACTION_EXPIRED = 33,
    CKEY_ACTION_LIFETIME_TOO_LONG = 34,
    CKEY_ACTION_NOT_REGISTERED = 35,
    CKEY_ACTION_ISSUER_NOT_ALLOWED = 36,
    CKEY_ACTION_SCOPE_MISMATCH = 37,
    CKEY_ACTION_REPLAYED = 38,
    CKEY_ACTION_REPLAY_SET_FULL = 39,
    CKEY_ACTION_REQUEST_INFO_UNAVAILABLE = 40, /* no template for this key */
    CKEY_ACTION_REQUEST_INFO_FAILED = 41,      /* transport error or non-200 status */
    CKEY_ACTION_REQUEST_INFO_TIMEOUT = 42,
    CKEY_ACTION_REQUEST_INFO_TOO_LARGE = 43,
    CKEY_ACTION_REQUEST_INFO_REDIRECT = 44,    /* a redirect off the pinned host */
    CKEY_ACTION_REQUEST_INFO_INVALID = 45,     /* the reply is not the stated JSON */
    CKEY_ACTION_CONFIGURATION = 46,            /* the app's trust/register setup was refused */
    CKEY_ACTION_REQUEST_INFO_TEXT = 47,        /* the reply's shown text holds a refused character */
    CKEY_ACTION_REPLAY_FORGOTTEN = 48          /* the clock went back past codes the seen-set dropped */
} ckey_action_reason;

typedef enum ckey_action_scope {
    CKEY_ACTION_SAME_DEVICE = 0,
    CKEY_ACTION_CROSS_DEVICE = 1
} ckey_action_scope;

/* The stated limits (spec section 3). */
#define CKEY_ACTION_MAX_CODE_BYTES 2048
#define CKEY_ACTION_MAX_PARAMS_BYTES 1024
#define CKEY_ACTION_CLOCK_SKEW_SECONDS 60
#define CKEY_ACTION_MAX_LIFETIME_SAME_DEVICE 2592000 /* 30 days */
#define CKEY_ACTION_MAX_LIFETIME_CROSS_DEVICE 600    /* 10 minutes */
#define CKEY_ACTION_MAX_TIMESTAMP 4102444800LL       /* 2100-01-01T00:00:00Z */
#define CKEY_ACTION_REPLAY_CAPACITY 4096
#define CKEY_ACTION_MAX_REQUEST_INFO_BYTES 4096
#define CKEY_ACTION_REQUEST_INFO_TIMEOUT_SECONDS 5

/* The stable snake_case name of a reason, e.g. "bad_signature"; "unknown"
 * for numbers outside the enum. Never NULL; static storage. */
CKEY_API const char *ckey_action_reason_string(int reason);

/* Whether text claims to be a Safe Action: after optional ASCII whitespace
 * and U+FEFF it begins with "ckey-action:" in any letter case. Such text
 * must be verified (and shown as unverified if it fails), never treated as
 * an ordinary payload. No verification is done. Thread-safe; cost: O(1). */
CKEY_API ckey_status ckey_action_detect(const char *text, size_t length, int *out_claims_action);

/* A verifier. Not thread-safe: calls on one verifier must not overlap (the
 * seen-set changes on every successful verify); different verifiers are
 * independent. Free with ckey_action_verifier_destroy (NULL is a no-op). */
typedef struct ckey_action_verifier ckey_action_verifier;

/* Creates a verifier for one app.
 * app_id: 1-128 characters of A-Z a-z 0-9 . _ -, e.g. "com.viadere".
 * Result: CKEY_OK, or CKEY_INVALID_PARAMETER naming the bad value.
 * Cost: an allocation. */
CKEY_API ckey_status ckey_action_verifier_create(const char *app_id, ckey_action_verifier **out_verifier);

CKEY_API void ckey_action_verifier_destroy(ckey_action_verifier *verifier);

/* Trusts one Ed25519 key of an issuer.
 * issuer: a lowercase DNS name ("citeory.com"). key_id: 1-64 of A-Z a-z 0-9
 * . _ -. public_key_hex: 64 hex digits; a non-canonical or small-order key is
 * refused. request_info: NULL, or an https URL template on the issuer's host
 * (or a subdomain) with exactly one "{request_id}", no userinfo, no fragment.
 * Trusting the same (issuer, key_id) twice is refused.
 * Result: CKEY_OK or CKEY_INVALID_PARAMETER with a message. Cost: tiny. */
CKEY_API ckey_status ckey_action_verifier_trust(ckey_action_verifier *verifier, const char *issuer,
                                                const char *key_id, const char *public_key_hex,
                                                const char *request_info);

/* Registers an action name for the given issuers with one scope
 * (ckey_action_scope). issuers: issuer_count strings, each already trusted.
 * Registering the same name twice is refused. Result: CKEY_OK or
 * CKEY_INVALID_PARAMETER. */
CKEY_API ckey_status ckey_action_verifier_register(ckey_action_verifier *verifier, const char *name,
                                                   const char *const *issuers, size_t issuer_count,
                                                   int scope);

/* A verified action. Immutable: any thread may read it. Free with
 * ckey_action_destroy (NULL is a no-op). */
typedef struct ckey_action ckey_action;

typedef struct ckey_action_info {
    const char *issuer;      /* the verified issuer (a pinned, trusted key signed it) */
    const char *key_id;
    const char *app_id;
    const char *name;        /* the action name */
    const char *params;      /* the parameters text, UTF-8 ("" when absent) */
    size_t params_length;    /* bytes (params may hold no NUL; this is strlen) */
    int scope;               /* ckey_action_scope */
    int64_t issued_at, not_before, expires; /* Unix seconds */
    const char *request_id;  /* NULL for same-device actions */
    const char *nonce;
} ckey_action_info;

/* Verifies a scanned text.
 * text/length: the decoded payload (need not be NUL-terminated).
 * now_seconds: the current Unix time from the caller's clock (injected so
 * tests and apps with a trusted clock control it).
 * Result:
 * - CKEY_OK, *out_action = NULL, *out_reason = CKEY_ACTION_NOT_A_SAFE_ACTION:
 *   the text does not claim to be a Safe Action; show it as ordinary payload.
 * - CKEY_OK, *out_action set, *out_reason = CKEY_ACTION_VERIFIED: every check
 *   passed and the nonce (and request ID) are now in the seen-set.
 *   now_seconds may go back between calls: a code that expires no later
 *   than an entry the seen-set already dropped is then refused with
 *   CKEY_ACTION_REPLAY_FORGOTTEN, never verified twice.
 * - CKEY_ACTION_REJECTED, *out_reason the first failed check; the last-error
 *   message says which value failed and what is allowed.
 * Ownership: the caller frees *out_action with ckey_action_destroy.
 * Threading: see ckey_action_verifier. Cost: one Ed25519 verification plus
 * parsing linear in the 2 KB input cap; about 0.2 ms per code on an x86-64
 * core with OpenSSL 3.0 (bench/bench_actions), a few microseconds for a text
 * that fails before the signature step. */
CKEY_API ckey_status ckey_action_verify(ckey_action_verifier *verifier, const char *text, size_t length,
                                        int64_t now_seconds, ckey_action **out_action, int *out_reason);

CKEY_API void ckey_action_destroy(ckey_action *action);

/* The verified fields; the strings live as long as the action. */
CKEY_API ckey_status ckey_action_get_info(const ckey_action *action, ckey_action_info *out_info);

/* Whether a verified action may still run at now_seconds (Unix): CKEY_OK
 * until its exp plus CKEY_ACTION_CLOCK_SKEW_SECONDS, then CKEY_ACTION_REJECTED
 * with reason CKEY_ACTION_EXPIRED. The same rule verification applies; an
 * app that shows a confirmation asks it again when the user confirms. */
CKEY_API ckey_status ckey_action_check_expiry(int64_t expires, int64_t now_seconds, int *out_reason);

/* The request-info URL of a cross-device action: the trusted template with
 * the validated request ID substituted. Fails with CKEY_ACTION_REJECTED
 * (reason CKEY_ACTION_REQUEST_INFO_UNAVAILABLE) when the key has no template
 * or the action has no request ID. Free *out_url with ckey_free. */
CKEY_API ckey_status ckey_action_request_info_url(const ckey_action *action, char **out_url, int *out_reason);

/* Whether the fetch may follow a redirect to url, given as received (not
 * percent-decoded): only a target of RFC 3986 characters (no space, control,
 * byte above 0x7E, backslash, quote, angle bracket or brace; spec section
 * 7.2) on https and the same host and port as the template. CKEY_OK when
 * allowed; CKEY_ACTION_REJECTED with reason CKEY_ACTION_REQUEST_INFO_REDIRECT
 * and a message naming the refused byte or host otherwise. */
CKEY_API ckey_status ckey_action_request_info_check_redirect(const ckey_action *action, const char *url,
                                                             int *out_reason);

/* Parses a request-info reply body: strictly the JSON object
 * {"request_id": <this action's>, "requester": <1-200 bytes of text>,
 *  "location": <optional, 1-200 bytes>}, at most
 * CKEY_ACTION_MAX_REQUEST_INFO_BYTES. On success *out_requester (and
 * *out_location, or NULL) are new strings to free with ckey_free.
 * Fails with CKEY_ACTION_REJECTED and reason REQUEST_INFO_INVALID,
 * REQUEST_INFO_TOO_LARGE, or REQUEST_INFO_TEXT when requester or location
 * holds a character the prompt must not show (a control, line or paragraph
 * separator, bidi control, invisible or format character, or noncharacter;
 * spec section 7.1). */
CKEY_API ckey_status ckey_action_request_info_parse(const ckey_action *action, const char *body, size_t length,
                                                    char **out_requester, char **out_location, int *out_reason);

/* Issuer side. */

/* Makes a new Ed25519 key pair from the system's random source. Writes the
 * private key as PKCS#8 PEM ("-----BEGIN PRIVATE KEY-----", what openssl and
 * Python cryptography read), the public key as 64 hex digits and a key ID
 * derived from it (the first 8 bytes of SHA-256 of the public key, as 16 hex
 * digits). Free the three strings with ckey_free. */
CKEY_API ckey_status ckey_action_keygen(char **out_private_pem, char **out_public_hex, char **out_key_id);

/* The public key (64 hex) and derived key ID of a PKCS#8 PEM private key. */
CKEY_API ckey_status ckey_action_key_public(const char *private_pem, char **out_public_hex, char **out_key_id);

/* Signs a Safe Action. claims_json: the claims object (spec section 4); it is
 * checked with the verifier's rules (fields, types, limits, time order,
 * lifetime caps) and re-serialised in the canonical field order before
 * signing. The header takes iss and kid from the claims. Writes the code
 * ("ckey-action:1:...") to *out_code (free with ckey_free).
 * Result: CKEY_OK; CKEY_INVALID_PARAMETER for bad claims or key text. */
CKEY_API ckey_status ckey_action_sign(const char *private_pem, const char *claims_json, char **out_code);

#ifdef __cplusplus
}
#endif

#endif /* CKEY_ACTIONS_H */
