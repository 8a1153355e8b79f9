/*
 * CKey C API: status codes, errors, and the umbrella for every module.
 *
 * Conventions (all ckey_* headers):
 * - Every fallible call returns a ckey_status and writes results through
 *   out-parameters. CKEY_OK is 0.
 * - On failure the calling thread's last-error message says what was wrong
 *   and what is allowed; read it with ckey_last_error(). It stays valid until
 *   the next ckey_* call on the same thread.
 * - Opaque handles come in _create/_destroy (or _encode/_destroy) pairs. The
 *   caller owns every handle a call gives out and frees it with the matching
 *   _destroy, which accepts NULL.
 * - No C++ exception ever crosses this API.
 * - "Nothing found" is not an error: a scan of a frame with no symbol returns
 *   CKEY_OK and a result count of zero.
 */
#ifndef CKEY_CKEY_H
#define CKEY_CKEY_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(_WIN32)
#define CKEY_API __declspec(dllexport)
#else
#define CKEY_API __attribute__((visibility("default")))
#endif

/* Stable result codes. The numbers never change; messages may improve. */
typedef enum ckey_status {
    CKEY_OK = 0,
    CKEY_INVALID_ARGUMENT = 1,      /* a NULL pointer, a bad size, a bad flag */
    CKEY_PAYLOAD_TOO_LARGE = 2,     /* the payload exceeds the symbol's capacity */
    CKEY_VERSION_OUT_OF_RANGE = 3,  /* Profile 0 version outside 0...31 */
    CKEY_INVALID_PARAMETER = 4,     /* unknown profile, level, layout, format... */
    CKEY_INVALID_TEXT = 5,          /* text that is not valid UTF-8 */
    CKEY_EMPTY_PAYLOAD = 6,         /* an empty payload where one is required */
    CKEY_DECODE_FAILED = 7,         /* module values could not be corrected */
    CKEY_SIZE_TOO_SMALL = 8,        /* a raster size too small for the symbol */
    CKEY_STYLE_REFUSED = 9,         /* the style check refused the style */
    CKEY_IO_ERROR = 10,             /* a file could not be read or written */
    CKEY_IMAGE_FORMAT = 11,         /* an image that is corrupt or unsupported */
    CKEY_IMAGE_TOO_LARGE = 12,      /* an image over the size limit */
    CKEY_INVALID_CONFIGURATION = 13,/* a configuration value out of range */
    CKEY_ACTION_REJECTED = 14,      /* a Safe Action failed verification */
    CKEY_OUT_OF_MEMORY = 15,
    CKEY_INTERNAL = 16              /* a bug in CKey: please report it */
} ckey_status;

/* A short fixed English name for a status, e.g. "payload too large". Never NULL. */
CKEY_API const char *ckey_status_string(ckey_status status);

/* The calling thread's last error message ("" if the last call succeeded).
 * Thread-local; valid until the next ckey_* call on this thread. */
CKEY_API const char *ckey_last_error(void);

/* The library version, e.g. "0.1.0". */
CKEY_API const char *ckey_version_string(void);

#ifdef __cplusplus
}
#endif

/* Sibling headers by quote, so any -I layout finds them. */
#include "symbol.h"
#include "scan.h"
#include "payload.h"
#include "render.h"
#include "certify.h"
#include "grade.h"
#include "camera.h"
#include "actions.h"
#include "session.h"

#endif /* CKEY_CKEY_H */
