/*
 * CKey scan sessions: live scanning driven by frames from any source (a
 * camera, a video pipe, a test). Included by <ckey/ckey.h>; do not include
 * directly.
 *
 * A ckey_session owns one worker thread and one decoder. The app submits
 * frames; the session decodes them on its worker at up to max_fps frames per
 * second. A frame that arrives while the worker is busy (decoding a frame or
 * running that frame's callbacks) is dropped and counted: late frames are
 * discarded, never queued.
 *
 * Session rules (the contract's CKeyCameraScanner):
 * - a session begins at ckey_session_start() and at ckey_session_scan_again();
 * - it succeeds at its first valid decode, delivered once through on_result;
 * - it fails at ckey_session_stop(), at scan_again() before a decode, or after
 *   timeout_ms (default 30 s) without a decode. After a timeout the session
 *   is idle: frames are ignored until scan_again().
 * Between sessions (after a result, a stop or a timeout) frames are ignored
 * and counted as idle.
 *
 * Threading: start, stop, scan_again, submit_frame, get_stats and wait_idle
 * may be called from any thread (they take the session's lock). Every
 * callback runs on the session's worker thread, one at a time, in order;
 * a callback may call start, stop, scan_again and submit_frame, but never
 * ckey_session_destroy or ckey_session_wait_idle.
 */
#ifndef CKEY_SESSION_H
#define CKEY_SESSION_H

#include "status.h"
#include "scan.h"

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ckey_session ckey_session;

/* How a session ended. */
typedef enum ckey_session_outcome {
    CKEY_SESSION_SUCCEEDED = 1,     /* its first valid decode */
    CKEY_SESSION_STOPPED = 2,       /* failed: ckey_session_stop() before a decode */
    CKEY_SESSION_RESTARTED = 3,     /* failed: ckey_session_scan_again() before a decode */
    CKEY_SESSION_TIMED_OUT = 4      /* failed: timeout_ms without a decode */
} ckey_session_outcome;

/* What became of a submitted frame. */
typedef enum ckey_frame_disposition {
    CKEY_FRAME_QUEUED = 0,          /* handed to the worker */
    CKEY_FRAME_DROPPED_BUSY = 1,    /* the worker was decoding another frame or
                                       running that frame's callbacks */
    CKEY_FRAME_SKIPPED_RATE = 2,    /* sooner than 1/max_fps after the last queued frame */
    CKEY_FRAME_IGNORED_IDLE = 3     /* no session running */
} ckey_frame_disposition;

/* The end of one session, given to on_session_end. */
typedef struct ckey_session_report {
    uint64_t session_number;        /* 1 for the first session of this handle */
    int outcome;                    /* a ckey_session_outcome */
    int64_t duration_ns;            /* from its start to its end, on the session clock */
    uint64_t frames_processed;      /* frames decoded during the session */
    int profile;                    /* the decoded symbol's profile; -1 unless succeeded */
} ckey_session_report;

/* Totals since ckey_session_create. */
typedef struct ckey_session_stats {
    uint64_t sessions_started, sessions_succeeded, sessions_failed;
    uint64_t frames_submitted;      /* every valid submit_frame call */
    uint64_t frames_processed;      /* frames the worker decoded */
    uint64_t frames_dropped_busy;   /* CKEY_FRAME_DROPPED_BUSY */
    uint64_t frames_skipped_rate;   /* CKEY_FRAME_SKIPPED_RATE */
    uint64_t frames_ignored_idle;   /* CKEY_FRAME_IGNORED_IDLE */
    int running;                    /* 1 while a session is running */
} ckey_session_stats;

/* Callbacks, all optional (NULL = not called), all on the worker thread. */
typedef struct ckey_session_callbacks {
    void *context;                  /* passed back to every callback */
    /* A session began (start or scan_again). */
    void (*on_session_start)(void *context, uint64_t session_number);
    /* The first valid decode of a session. results is borrowed: valid only
     * during the call (read it with ckey_results_*; never destroy it). */
    void (*on_result)(void *context, uint64_t session_number, const ckey_results *results);
    /* Every session's end, after on_result for a success. */
    void (*on_session_end)(void *context, const ckey_session_report *report);
    /* Every decoded frame: its decode time and whether a symbol was found. */
    void (*on_frame)(void *context, int64_t decode_ns, int found);
} ckey_session_callbacks;

/* A monotonic clock in nanoseconds; see ckey_session_options.clock. */
typedef int64_t (*ckey_session_clock)(void *clock_context);

typedef struct ckey_session_options {
    int max_fps;                    /* frames decoded per second at most; default 20, 1...1000 */
    int timeout_ms;                 /* a session fails after this long without a decode;
                                       default 30000, 1...86400000 */
    int scan_flags;                 /* CKEY_SCAN_THOROUGH or 0 (the default); CKEY_SCAN_ALL
                                       is refused: a session delivers one symbol */
    ckey_session_clock clock;       /* NULL (default): the system's monotonic clock. Tests
                                       inject one to drive timeouts without waiting. */
    void *clock_context;
} ckey_session_options;

/* Fills options with the defaults above. */
CKEY_API void ckey_session_options_init(ckey_session_options *options);

/* Creates an idle session handle and its worker thread.
 * callbacks: copied; NULL = no callbacks. options: copied; NULL = defaults.
 * Result: CKEY_INVALID_ARGUMENT / CKEY_INVALID_CONFIGURATION for bad values.
 * Ownership: free with ckey_session_destroy. Cost: one thread. */
CKEY_API ckey_status ckey_session_create(const ckey_session_callbacks *callbacks, const ckey_session_options *options,
                                         ckey_session **out_session);

/* Ends a running session (as ckey_session_stop), delivers pending callbacks,
 * joins the worker and frees the handle. NULL is a no-op. Never call it from
 * a callback. */
CKEY_API void ckey_session_destroy(ckey_session *session);

/* Begins a session unless one is running (then it does nothing). */
CKEY_API ckey_status ckey_session_start(ckey_session *session);

/* Ends the running session, if any, as failed (CKEY_SESSION_RESTARTED) and
 * begins a new one. */
CKEY_API ckey_status ckey_session_scan_again(ckey_session *session);

/* Ends the running session, if any, as failed (CKEY_SESSION_STOPPED). A frame
 * being decoded finishes, but its result is discarded. */
CKEY_API ckey_status ckey_session_stop(ckey_session *session);

/* Offers one frame. pixels, buffer_length, width, height, bytes_per_row and
 * format as for ckey_decoder_scan (the buffer length is checked the same way). timestamp_ns: the frame's time on the session clock,
 * used for the frame-rate limit; negative = read the session clock now.
 * A queued frame is copied as luminance before the call returns, so the
 * caller's buffer is free at once; a dropped, skipped or ignored frame costs
 * nothing. out_disposition (may be NULL) receives a ckey_frame_disposition.
 * The timeout is checked here too. */
CKEY_API ckey_status ckey_session_submit_frame(ckey_session *session, const uint8_t *pixels, size_t buffer_length,
                                               int width, int height, size_t bytes_per_row, int format,
                                               int64_t timestamp_ns, int *out_disposition);

/* Totals since creation. */
CKEY_API ckey_status ckey_session_get_stats(ckey_session *session, ckey_session_stats *out_stats);

/* Blocks until the worker has decoded the queued frame (if any) and delivered
 * every pending callback, also checking the timeout. For tests and
 * batch tools; never call it from a callback. */
CKEY_API ckey_status ckey_session_wait_idle(ckey_session *session);

#ifdef __cplusplus
}
#endif

#endif /* CKEY_SESSION_H */
