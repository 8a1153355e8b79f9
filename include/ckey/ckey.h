/*
 * CKey C API: the umbrella for every area's header (status.h holds the
 * status codes and the last error).
 *
 * Conventions (all ckey_* headers, telemetry.h included):
 * - Names are ckey_<object>_<verb>: ckey_symbol_encode, ckey_decoder_scan.
 * - Every fallible call returns a ckey_status and writes results through
 *   out-parameters. CKEY_OK is 0.
 * - Every call sets or clears the calling thread's one last-error message,
 *   which says what was wrong and what is allowed; read it with
 *   ckey_last_error(). It stays valid until the next ckey_* call on the same
 *   thread. (_destroy, ckey_free, ckey_session_options_init and the
 *   *_name/_string lookups leave it.)
 * - Opaque handles come in _create/_destroy (or _encode/_destroy) pairs. The
 *   caller owns every handle a call gives out and frees it with the matching
 *   _destroy, which accepts NULL. Every buffer and string the library returns
 *   is freed with ckey_free.
 * - No C++ exception ever crosses this API.
 * - "Nothing found" is not an error: a scan of a frame with no symbol returns
 *   CKEY_OK and a result count of zero.
 */
#ifndef CKEY_CKEY_H
#define CKEY_CKEY_H

/* Each header includes what it needs; this one includes them all. Sibling
 * headers by quote, so any -I layout finds them. */
#include "status.h"
#include "image.h"
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
