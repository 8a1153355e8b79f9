/*
 * CKey print quality grade: measures one printed symbol from a scan or a
 * photograph and grades it from A (4) to F (0), parameter by parameter, in
 * the manner of ISO/IEC 15415 (spec/CKey-Print-Quality.md).
 * Included by <ckey/ckey.h>; may also be included alone.
 */
#ifndef CKEY_GRADE_H
#define CKEY_GRADE_H

#include "status.h"

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The graded parameters (indices into ckey_grade_summary's arrays). */
typedef enum ckey_grade_parameter {
    CKEY_GRADE_SYMBOL_CONTRAST = 0,      /* percent: highest minus lowest reflectance */
    CKEY_GRADE_MINIMUM_REFLECTANCE = 1,  /* percent: the lowest reflectance */
    CKEY_GRADE_MINIMUM_EDGE_CONTRAST = 2,/* percent: least contrast between unlike neighbours */
    CKEY_GRADE_MODULATION = 3,           /* mean over data modules, fraction of half the contrast */
    CKEY_GRADE_REFLECTANCE_MARGIN = 4,   /* the same, signed: negative on the wrong side */
    CKEY_GRADE_RING_DAMAGE = 5,          /* share of ring units damaged (corners not graded) */
    CKEY_GRADE_BAND_DAMAGE = 6,          /* share of format band cells damaged */
    CKEY_GRADE_KEY_DAMAGE = 7,           /* share of key modules damaged */
    CKEY_GRADE_AXIAL_NONUNIFORMITY = 8,  /* |X - Y| / mean module size */
    CKEY_GRADE_GRID_NONUNIFORMITY = 9,   /* largest key offset, module pitches */
    CKEY_GRADE_UNUSED_ERROR_CORRECTION = 10, /* smallest over the blocks */
    CKEY_GRADE_PRINT_GROWTH_X = 11,      /* mark width against the design, pitches (+ grown) */
    CKEY_GRADE_PRINT_GROWTH_Y = 12,
    CKEY_GRADE_PARAMETER_COUNT = 13
} ckey_grade_parameter;

typedef struct ckey_grade ckey_grade;

typedef struct ckey_grade_summary {
    int overall;                                 /* 4 (A) ... 0 (F): the lowest parameter grade */
    int grades[CKEY_GRADE_PARAMETER_COUNT];      /* 4 (A) ... 0 (F) */
    double values[CKEY_GRADE_PARAMETER_COUNT];   /* units as listed in ckey_grade_parameter */
    int profile, version, level, layout, mask;
    int modules;                                 /* data-field modules per side */
    int ink_light;                               /* 1: light marks on a dark ground */
    double pixels_per_module;
    double reflectance_min, reflectance_max, threshold; /* percent */
} ckey_grade_summary;

/* Grades the one symbol in an 8-bit grey image (stride >= width). The
 * symbol must read, be a Profile 0, 2 or 3 symbol and have at least 4 px
 * per module; otherwise CKEY_DECODE_FAILED, CKEY_INVALID_PARAMETER or
 * CKEY_SIZE_TOO_SMALL, with the reason in ckey_last_error(). */
CKEY_API ckey_status ckey_grade_gray8(const uint8_t *pixels, size_t buffer_length, int width, int height,
                                      size_t bytes_per_row, ckey_grade **out_grade);
/* The same from a PNG, JPEG or PNM file. */
CKEY_API ckey_status ckey_grade_file(const char *path, ckey_grade **out_grade);
CKEY_API void ckey_grade_destroy(ckey_grade *grade);

CKEY_API ckey_status ckey_grade_get_summary(const ckey_grade *grade, ckey_grade_summary *out_summary);
/* "symbol_contrast", ...; NULL for an unknown parameter. */
CKEY_API const char *ckey_grade_parameter_name(int parameter);
/* Every measurement as JSON (free with ckey_free). */
CKEY_API ckey_status ckey_grade_json(const ckey_grade *grade, char **out_json);
/* The grade card: the symbol with its fitted grid, each module coloured by
 * its reflectance margin, damaged cells crossed out, the grades beside it
 * (PNG bytes; free with ckey_free). */
CKEY_API ckey_status ckey_grade_card_png(const ckey_grade *grade, uint8_t **out_png, size_t *out_length);
/* A one-page PDF report (free with ckey_free). */
CKEY_API ckey_status ckey_grade_report_pdf(const ckey_grade *grade, uint8_t **out_pdf, size_t *out_length);

#ifdef __cplusplus
}
#endif

#endif /* CKEY_GRADE_H */
