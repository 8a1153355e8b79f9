/*
 * CKey style certification over a use envelope: render the symbol, sample
 * frames of where it will be used through the camera simulator
 * (<ckey/camera.h>), and decode them with the real scanner
 * (docs/certification.md).
 * Included by <ckey/ckey.h>; may also be included alone.
 */
#ifndef CKEY_CERTIFY_H
#define CKEY_CERTIFY_H

#include "status.h"
#include "symbol.h"
#include "render.h"

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Lighting classes of a use envelope. */
typedef enum ckey_lighting {
    CKEY_LIGHTING_INDOOR = 0,   /* room light: dim to bright, soft shadows, little glare */
    CKEY_LIGHTING_OUTDOOR = 1,  /* daylight: bright, hard shadow bands, specular glare */
    CKEY_LIGHTING_MIXED = 2     /* either, half the frames each */
} ckey_lighting;

/* Where and how the symbol will be scanned (docs/certification.md gives
 * every range drawn from it). */
typedef struct ckey_certify_envelope {
    double size_mm;            /* printed width of the symbol's 31-unit canvas, mm (1...1000); 0: use size_px */
    double size_px;            /* on-screen width in CSS px (1/96 inch) when size_mm is 0 (16...8192) */
    double distance_min_mm;    /* reading distance range, camera to symbol (50...5000) */
    double distance_max_mm;
    int lighting;              /* ckey_lighting */
    int frames;                /* camera frames sampled (20...5000); default 200 */
    int quick;                 /* 1: 32 frames, fewer rays and texels, for ranking styles (about 7x cheaper) */
    uint64_t seed;             /* every frame is drawn from it: the same seed gives the same report */
    double threshold;          /* read rate needed to certify (0.5...1); default 0.95 */
    double time_budget_ms;     /* stop sampling after this long (0 = no limit); default 0 */
    int find_min_size;         /* 1: also search the smallest printed size reaching the threshold */
} ckey_certify_envelope;

/* Defaults: 30 mm printed, read from 100 to 300 mm, indoor, 200 frames,
 * seed 1, threshold 0.95, no time limit, minimum size searched. */
CKEY_API ckey_status ckey_certify_envelope_init(ckey_certify_envelope *out_envelope);

/* What fails in a frame that does not read, judged again at the symbol's true
 * position: */
typedef enum ckey_certify_failure {
    CKEY_FAIL_DETECTION = 0,   /* the symbol reads at its true position: the scanner did not find it */
    CKEY_FAIL_FORMAT = 1,      /* the format band does not read */
    CKEY_FAIL_KEYS = 2,        /* fewer than half the keys are found */
    CKEY_FAIL_ERROR_CORRECTION = 3, /* too many module errors for Reed-Solomon */
    CKEY_FAIL_KIND_COUNT = 4
} ckey_certify_failure;

typedef struct ckey_certify_report {
    int certified;          /* 1 when the read rate reaches the threshold over the envelope */
    int backdrops_tested;   /* backdrops sampled (the style's own background when opaque) */
    int readings;           /* camera frames sampled */
    int readings_passed;    /* frames that decoded the payload */
    int correction_margin;  /* smallest Reed-Solomon margin left over the frames that read; -1 if none */
    int adapted;            /* 1 when the adaptive policy changed the style */
    double rate;            /* readings_passed / readings */
    double rate_low, rate_high; /* its 95% interval (Wilson) */
    int failures[CKEY_FAIL_KIND_COUNT]; /* frames that failed, by what failed */
    double worst_distance_mm;   /* the distance band (a fifth of the range) with the lowest read rate, its middle */
    double worst_rate;          /* and that band's read rate */
    int worst_lighting;         /* the lighting class with the lower rate (mixed envelopes), else the envelope's */
    double min_size_mm;     /* smallest printed width reaching the threshold at distance_max_mm; 0 if not searched
                               or not found up to 8x the given size */
    int budget_stopped;     /* 1 when time_budget_ms ended sampling early */
    char message[512];      /* why not certified, or a one-line summary */
} ckey_certify_report;

/* Certifies a style for a symbol over a use envelope.
 * style: NULL = plain. transparent: nonzero when the symbol will be drawn
 * with a transparent background; then backdrops (0xRRGGBB, backdrop_count of
 * them) are the surfaces it will sit on, and with none it is never certified.
 * Opaque symbols are tested over their own background (backdrops ignored).
 * envelope: NULL = the defaults of ckey_certify_envelope_init.
 * The style check runs first (strict refuses, adaptive adapts: the adapted
 * style is written to out_style when given). Then each frame of the envelope
 * is drawn from its seed (distance, angle, lighting, blur, noise, JPEG; the
 * backdrops in turn as the surface around the label), rendered by the camera
 * simulator (<ckey/camera.h>) around the symbol, and scanned by the real
 * scanner. Certified means the read rate reaches envelope->threshold. With
 * the adaptive policy a style that falls short is adapted further (effects
 * off, then full ink contrast) until it certifies, or the report says it
 * cannot. The model is a model, not a measurement: real-camera tests remain
 * the evidence. Result: CKEY_OK with the verdict in *out_report (required).
 * Thread-safe. Cost: about 5-6 ms per frame on one core (the default 200
 * frames: about 1.1 s; quick mode: about 0.19 s in all; bench/certify_cost). */
CKEY_API ckey_status ckey_certify(const ckey_symbol *symbol, const ckey_style *style, int transparent,
                                  const uint32_t *backdrops, size_t backdrop_count,
                                  const ckey_certify_envelope *envelope, ckey_style *out_style,
                                  ckey_certify_report *out_report);

#ifdef __cplusplus
}
#endif

#endif /* CKEY_CERTIFY_H */
