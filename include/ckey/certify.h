/*
 * CKey style certification: render, composite over backdrops, pass through a
 * phone-camera model, and decode with the real scanner.
 * Included by <ckey/ckey.h>; do not include directly.
 */
#ifndef CKEY_CERTIFY_H
#define CKEY_CERTIFY_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ckey_certify_report {
    int certified;          /* 1 when every reading decoded the payload */
    int backdrops_tested;   /* backdrops tried (the style's own background when opaque) */
    int readings;           /* camera-model readings made (two per backdrop) */
    int readings_passed;
    int worst_margin;       /* smallest Reed-Solomon margin left over the readings; -1 if one failed */
    int adapted;            /* 1 when the adaptive policy changed the style */
    char message[512];      /* why not certified, or a one-line summary */
} ckey_certify_report;

/* Certifies a style for a symbol.
 * style: NULL = plain. transparent: nonzero when the symbol will be drawn
 * with a transparent background; then backdrops (0xRRGGBB, backdrop_count of
 * them) are the surfaces it will sit on, and with none it is never certified.
 * Opaque symbols are tested over their own background (backdrops ignored).
 * The style check runs first (strict refuses, adaptive adapts: the adapted
 * style is written to out_style when given). Each backdrop is read twice
 * through the camera model: 3 px per module upright, and 4 px per module
 * turned 20 degrees; each reading blurs (sigma 0.7 px), adds glare (contrast
 * x0.8) and sensor noise (sigma 5, fixed seed), then scans thoroughly.
 * The model is a model, not a measurement: real-camera tests remain the
 * evidence. Result: CKEY_OK with the verdict in *out_report (required).
 * Thread-safe; cost: a few to tens of milliseconds per backdrop. */
CKEY_API int ckey_certify(const ckey_symbol *symbol, const ckey_style *style, int transparent,
                          const uint32_t *backdrops, size_t backdrop_count, ckey_style *out_style,
                          ckey_certify_report *out_report);

#ifdef __cplusplus
}
#endif

#endif /* CKEY_CERTIFY_H */
