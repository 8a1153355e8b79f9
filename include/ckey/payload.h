/*
 * CKey payload classification: what a decoded payload may do, decided by one
 * strict parse. See spec/CKey-Payload-Conventions.md (normative).
 * Included by <ckey/ckey.h>; may also be included alone.
 *
 * Classification never acts. It returns an action kind with the canonical
 * URL to open and the values to show, or CKEY_PAYLOAD_NONE with a reason, in
 * which case the payload is shown as plain text.
 */
#ifndef CKEY_PAYLOAD_H
#define CKEY_PAYLOAD_H

#include "status.h"

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Inputs longer than this many bytes are CKEY_PAYLOAD_NONE ("oversize"). */
#define CKEY_PAYLOAD_INPUT_CAP 8192

typedef enum ckey_payload_kind {
    CKEY_PAYLOAD_NONE = 0,    /* plain text: no action */
    CKEY_PAYLOAD_WEB = 1,     /* http:, https: */
    CKEY_PAYLOAD_EMAIL = 2,   /* mailto:, MATMSG: */
    CKEY_PAYLOAD_CALL = 3,    /* tel: */
    CKEY_PAYLOAD_MESSAGE = 4, /* sms:, SMSTO: */
    CKEY_PAYLOAD_GEO = 5,     /* geo: */
    CKEY_PAYLOAD_ADDRESS = 6, /* ADR: */
    CKEY_PAYLOAD_CONTACT = 7  /* BEGIN:VCARD (3.0, 4.0), MECARD: */
} ckey_payload_kind;

/* A classification. Immutable: any thread may read one handle concurrently.
 * Free with ckey_payload_destroy. */
typedef struct ckey_payload ckey_payload;

/* The fields of a classification. Every string is NUL-terminated UTF-8,
 * never NULL, "" when the field does not apply, and owned by the handle
 * (valid until ckey_payload_destroy). */
typedef struct ckey_payload_info {
    int kind;             /* ckey_payload_kind */
    const char *url;      /* canonical URL to open: web, email, call, message, geo */
    const char *display;  /* web: host to show (punycode for a lookalike label) */
    const char *address;  /* email: first recipient; address: the postal address */
    const char *number;   /* call, message: RFC 3966 subscriber, e.g. "+14155550123" */
    const char *subject;  /* email */
    const char *body;     /* email, message */
    const char *label;    /* geo: the q= label */
    const char *map_url;  /* geo, address: https://maps.apple.com/... */
    const char *vcard;    /* contact: vCard text with CRLF line ends */
    const char *name;     /* contact: display name */
    const char *reason;   /* none: stable token, e.g. "userinfo", "scheme", "oversize" */
    const char *message;  /* none: what was refused and why */
    double latitude, longitude, altitude, uncertainty; /* geo (WGS-84, metres) */
    int has_altitude, has_uncertainty;                 /* geo: 1 when given */
    int lookalike; /* web, email, call, message: 1 when a host has a lookalike label (one that mixes
                    * scripts or reads as ASCII, spec section 5); display, address and number show
                    * such a label as punycode. 0 otherwise. */
} ckey_payload_info;

/* Classify a payload.
 * text/length: the payload bytes (text may be NULL only when length is 0);
 * need not be NUL-terminated. Any bytes are accepted: invalid UTF-8, controls
 * and oversize inputs give CKEY_PAYLOAD_NONE with a reason, not an error.
 * out_payload receives a new handle (the caller frees it).
 * Errors: CKEY_INVALID_ARGUMENT for NULL pointers; CKEY_OUT_OF_MEMORY.
 * Threading: reentrant; no shared state.
 * Cost: linear in length (at most CKEY_PAYLOAD_INPUT_CAP bytes are read),
 * a few microseconds for typical payloads. */
CKEY_API ckey_status ckey_payload_classify(const char *text, size_t length, ckey_payload **out_payload);

/* Free a classification; NULL is a no-op. */
CKEY_API void ckey_payload_destroy(ckey_payload *payload);

/* Read a classification's fields (pointers owned by payload). */
CKEY_API ckey_status ckey_payload_get_info(const ckey_payload *payload, ckey_payload_info *out_info);

/* The kind's name: "none", "web", "email", "call", "message", "geo",
 * "address", "contact"; "unknown" otherwise. Never NULL. */
CKEY_API const char *ckey_payload_kind_name(int kind);

#ifdef __cplusplus
}
#endif

#endif /* CKEY_PAYLOAD_H */
