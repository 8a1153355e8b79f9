/*
 * CKey C API, the base every header includes: status codes, the last error,
 * ckey_free, the version. The conventions of the whole API are in ckey.h.
 */
#ifndef CKEY_STATUS_H
#define CKEY_STATUS_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#ifndef CKEY_API
#if defined(_WIN32)
#define CKEY_API __declspec(dllexport)
#else
#define CKEY_API __attribute__((visibility("default")))
#endif
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

/* Frees any buffer or string the library returned (out_data, out_text,
 * out_json, ...). NULL is allowed. */
CKEY_API void ckey_free(void *memory);

/* The library version, e.g. "0.1.0". */
CKEY_API const char *ckey_version_string(void);

#ifdef __cplusplus
}
#endif

#endif /* CKEY_STATUS_H */
