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
