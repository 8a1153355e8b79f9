/*
 * CKey telemetry: aggregate scan counters that never leak and never get lost.
 * The normative rules are in docs/adoption-and-telemetry.md; the batch format
 * is docs/telemetry-batch.schema.json.
 *
 * This header is the CKeyTelemetry Clang module: it needs only the base,
 * <ckey/status.h>, and the scanning library links none of this code.
 * Fallible calls return a ckey_status: CKEY_OK, CKEY_INVALID_ARGUMENT,
 * CKEY_IO_ERROR, CKEY_INVALID_CONFIGURATION, CKEY_OUT_OF_MEMORY or
 * CKEY_INTERNAL, with the reason in ckey_last_error(). Strings the library
 * returns are freed with ckey_free.
 *
 * Only aggregates are kept: counts, two histograms, the SDK name and version,
 * the platform and a range of UTC days. No payload, URL, identifier, location
 * or per-scan history is ever accepted by this API.
 *
 * Threading: one ckey_telemetry may be used from any number of threads; every
 * call takes its lock. Recording calls (session_*, frame) never touch files
 * and cost a few counter updates. File I/O happens only in poll, take_batch,
 * report, set_mode and create/destroy.
 */
#ifndef CKEY_TELEMETRY_H
#define CKEY_TELEMETRY_H

#include "status.h"

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define CKEY_TELEMETRY_OFF 0    /* nothing counted, no file touched; switching to it purges every
                                   counter and file */
#define CKEY_TELEMETRY_ON 1     /* counted and sent, at most one batch an hour */
#define CKEY_TELEMETRY_LOCAL 2  /* counted, never sent */

typedef struct ckey_telemetry ckey_telemetry;

/* A clock: UTC seconds since 1970 (utc) or a monotonic nanosecond count. */
typedef int64_t (*ckey_telemetry_clock)(void *clock_context);

typedef struct ckey_telemetry_config {
    const char *directory;   /* where batches wait (the app's, e.g. Application Support/CKey);
                                one recorder at a time (see create);
                                NULL = memory only, nothing survives a restart */
    const char *sdk;         /* "swift"; 1...16 of [a-z0-9-] */
    const char *sdk_version; /* e.g. "0.1.0"; 1...32 of [0-9A-Za-z.+-] */
    const char *platform;    /* "ios", "macos" or "linux" */
    int mode;                /* CKEY_TELEMETRY_*; the caller's default (1 in the CKey product) */
    ckey_telemetry_clock utc_clock;       /* NULL = the system clock */
    ckey_telemetry_clock monotonic_clock; /* NULL = the system's monotonic clock */
    void *clock_context;
} ckey_telemetry_config;

/* Local totals since creation (or since the last switch to off). Every count
 * here and in batches stops at UINT64_MAX; none wraps. */
typedef struct ckey_telemetry_counters {
    uint64_t sessions_started, sessions_succeeded, sessions_failed;
    uint64_t frames;
    uint64_t decodes[4];     /* per profile 0...3 */
} ckey_telemetry_counters;

/* Telemetry's own errors, counted instead of thrown. */
typedef struct ckey_telemetry_errors {
    uint64_t rejected_samples;   /* negative times, unknown profiles */
    uint64_t io_errors;          /* a file that could not be written or read */
    uint64_t quarantined_files;  /* corrupt files, and entries of outbox/ not named as
                                    this code names batches, moved to quarantine/ */
    uint64_t dropped_batches;    /* refused by the server with a 4xx other than 408/429 */
} ckey_telemetry_errors;

/* Creates a recorder. In mode 1 or 2 it makes directory (parents too) and
 * loads what an earlier process left there (the current aggregate and the
 * outbox); temporary files a crash left are removed, corrupt files and
 * unexpected names are quarantined and counted, and neither makes create fail. In mode 0 it touches no disk at all until
 * set_mode switches it on.
 * One recorder per directory: in mode 1 or 2 the recorder holds an advisory
 * lock on directory/lock until it is destroyed or switched to 0 (or its
 * process ends). While another recorder, in any process, holds it, create
 * returns 10 (I/O error) at once, with a message naming the directory and
 * who holds it; a recorder switched on from 0 meanwhile counts in memory
 * only and counts that in io_errors.
 * Ownership: free with ckey_telemetry_destroy. Cost: a directory scan. */
CKEY_API ckey_status ckey_telemetry_create(const ckey_telemetry_config *config, ckey_telemetry **out_telemetry);

/* Persists the current aggregate (mode 1 or 2) and frees. NULL is a no-op. */
CKEY_API void ckey_telemetry_destroy(ckey_telemetry *telemetry);

/* Sets the mode. Anything but 0, 1, 2 returns 13 (invalid configuration) and
 * leaves the mode unchanged. Switching to 0 purges every counter, the current
 * aggregate and the outbox, on disk too; switching from 0 makes and loads the
 * directory as create does in mode 1 or 2. */
CKEY_API ckey_status ckey_telemetry_set_mode(ckey_telemetry *telemetry, int mode);
CKEY_API ckey_status ckey_telemetry_get_mode(ckey_telemetry *telemetry, int *out_mode);

/* Recording. In mode 0 they count nothing. ttfd_us: microseconds from the
 * session's start to its first decode; frame_us: one frame's decode time.
 * A negative time or a profile outside 0...3 is rejected (returns 1, counted
 * in rejected_samples, nothing else changes). */
CKEY_API ckey_status ckey_telemetry_session_started(ckey_telemetry *telemetry);
CKEY_API ckey_status ckey_telemetry_session_succeeded(ckey_telemetry *telemetry, int profile, int64_t ttfd_us);
CKEY_API ckey_status ckey_telemetry_session_failed(ckey_telemetry *telemetry);
CKEY_API ckey_status ckey_telemetry_frame_processed(ckey_telemetry *telemetry, int64_t frame_us);

CKEY_API ckey_status ckey_telemetry_get_counters(ckey_telemetry *telemetry, ckey_telemetry_counters *out_counters);
CKEY_API ckey_status ckey_telemetry_get_errors(ckey_telemetry *telemetry, ckey_telemetry_errors *out_errors);

/* Makes the current aggregate durable (temp file + fsync + rename), and in
 * mode 1, when an hour has passed since the last send (see the due-time rule
 * in docs/adoption-and-telemetry.md), moves it into the outbox. *out_due = 1
 * when a batch should be sent now. Call it every 15 minutes, after each
 * session ends and when the app goes to the background. */
CKEY_API ckey_status ckey_telemetry_poll(ckey_telemetry *telemetry, int *out_due);

/* The batch to send after poll said due: its JSON (validated against the
 * schema's rules) and its id for report. Records the send time, so a second
 * call within the hour gives no batch (*out_json = NULL, OK). A batch that
 * fails validation (totals a full counter left inconsistent) returns 1 once,
 * with the reason: it is moved to quarantine/, counted in quarantined_files,
 * and the next due poll offers the batch after it.
 * Ownership: free *out_json with ckey_free. */
CKEY_API ckey_status ckey_telemetry_take_batch(ckey_telemetry *telemetry, char **out_json, size_t *out_length,
                                               uint64_t *out_id);

/* The outcome of sending batch id: http_status 0 = no response (refused,
 * timed out). 2xx deletes it; 0, 408, 429 and 5xx keep it and wait at least
 * retry_after_s (>= 0) seconds; any other status keeps it too except the
 * other 4xx, which drop it and count the drop. */
CKEY_API ckey_status ckey_telemetry_report(ckey_telemetry *telemetry, uint64_t id, int http_status,
                                           int64_t retry_after_s);

/* The same from the answer as received: retry_after_header is the value of
 * the Retry-After header, or NULL when there is none. Seconds and every
 * HTTP-date form are understood (ckey_telemetry_retry_after), measured on the
 * telemetry's own UTC clock; a value that is neither counts as none (the
 * hourly rule still spaces the attempts). */
CKEY_API ckey_status ckey_telemetry_report_answer(ckey_telemetry *telemetry, uint64_t id, int http_status,
                                                  const char *retry_after_header);

/* The seconds a Retry-After header value asks to wait, from now_utc (Unix
 * seconds): delay-seconds ("120") or an HTTP-date in any of its three forms
 * ("Sun, 06 Nov 1994 08:49:37 GMT", "Sunday, 06-Nov-94 08:49:37 GMT",
 * "Sun Nov  6 08:49:37 1994"); a date in the past gives 0. Anything else
 * returns 1 (invalid argument) with a message, and *out_seconds = 0. */
CKEY_API ckey_status ckey_telemetry_retry_after(const char *value, int64_t now_utc, int64_t *out_seconds);

/* Batches waiting in the outbox. */
CKEY_API ckey_status ckey_telemetry_pending(ckey_telemetry *telemetry, size_t *out_count);

/* Strictly decodes a batch: unknown or missing fields, negative numbers,
 * non-integers and inconsistent totals (a histogram whose buckets do not add
 * up to its count, a sum outside what its buckets allow) return 1 with a
 * message. */
CKEY_API ckey_status ckey_telemetry_validate_batch(const char *json, size_t length);

#ifdef __cplusplus
}
#endif

#endif /* CKEY_TELEMETRY_H */
