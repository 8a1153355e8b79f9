/*
 * CKey codec: payload bytes <-> symbol modules. See spec/CKey-Symbology.md.
 * Included by <ckey/ckey.h>; may also be included alone.
 */
#ifndef CKEY_SYMBOL_H
#define CKEY_SYMBOL_H

#include "status.h"

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum ckey_profile {
    CKEY_PROFILE_SCALABLE = 0, /* general data, versions 1...31 */
    CKEY_PROFILE_LOCATOR = 1,  /* a 32-bit identifier at a very coarse pitch */
    CKEY_PROFILE_TEXT = 2,     /* short UTF-8 text, fixed mid density */
    CKEY_PROFILE_EXTENDED = 3  /* large payloads, fixed high density */
} ckey_profile;

typedef enum ckey_level {
    CKEY_LEVEL_L = 0, CKEY_LEVEL_M = 1, CKEY_LEVEL_Q = 2, CKEY_LEVEL_H = 3
} ckey_level;

typedef enum ckey_layout {
    CKEY_LAYOUT_STANDARD = 0,
    CKEY_LAYOUT_PRINT = 1 /* denser keys and inset dark marks for print */
} ckey_layout;

/* An encoded symbol. Immutable after ckey_symbol_encode: any thread may read
 * one handle concurrently. Free with ckey_symbol_destroy. */
typedef struct ckey_symbol ckey_symbol;

typedef struct ckey_symbol_info {
    int profile;          /* ckey_profile */
    int version;          /* 1...31 for Profile 0, 0 for Profiles 1-3 */
    int level;            /* ckey_level (fixed per profile for Profiles 1-3) */
    int layout;           /* ckey_layout */
    int mask;             /* 0...3 (0 for Profile 1) */
    int modules;          /* data-field modules per side (N) */
    int format_bits;      /* 12-bit format word (Profile 1: 0) */
    int blocks;           /* Reed-Solomon blocks */
    int data_codewords;   /* all blocks together */
    int ec_codewords;     /* all blocks together */
    int encodation;       /* ckey_encodation */
    size_t payload_bytes; /* the payload's length in bytes */
    size_t capacity;      /* largest byte payload this profile/version/level/layout holds */
    size_t stream_bits;   /* bits the coded payload takes, header and CRC included */
    size_t data_bits;     /* bits the symbol's data codewords hold (8 per codeword) */
} ckey_symbol_info;

/* How the payload became bits (spec section 7). */
typedef enum ckey_encodation {
    CKEY_ENCODATION_BYTES = 0,    /* mode 0: 8 bits per byte */
    CKEY_ENCODATION_TEXT40 = 1,   /* mode 1: 0-9 a-z - . / : at 16 bits per 3 */
    CKEY_ENCODATION_SEGMENTED = 2 /* mode 2: an optional URL prefix, then segments */
} ckey_encodation;

/* One run of the payload and how it is coded. PREFIX is a URL prefix
 * (https://, http:// or https://www.) coded in 2 bits. */
typedef enum ckey_segment_mode {
    CKEY_SEGMENT_DIGITS = 0, /* 0-9, 10 bits per 3 */
    CKEY_SEGMENT_TEXT40 = 1, /* 0-9 a-z - . / :, 16 bits per 3 */
    CKEY_SEGMENT_TEXT48 = 2, /* text40 and _ ? = & % ~ # +, 17 bits per 3 */
    CKEY_SEGMENT_MIXED = 3,  /* 0-9 A-Z a-z - . _ ~ : / ? # @ ! & * + , ; = % and space, 19 bits per 3 */
    CKEY_SEGMENT_BYTES = 4,  /* any byte, 8 bits */
    CKEY_SEGMENT_PREFIX = 5
} ckey_segment_mode;

typedef struct ckey_segment {
    int mode;      /* ckey_segment_mode */
    size_t offset; /* first payload byte of the run */
    size_t length; /* payload bytes in the run */
} ckey_segment;

/* Encode a payload.
 * data/length: the payload bytes (data may be NULL only when length is 0).
 * profile: a ckey_profile. version: Profile 0 only, 0 = smallest that fits,
 * else 1...31; must be 0 for other profiles. level, layout: Profile 0 only
 * (other profiles ignore them and use their fixed values).
 * The encodation (bytes, text40 or segmented) is chosen automatically: the
 * fewest bits win (spec 7.6), so digits, URLs and mixed-case text pack small.
 * Profile 1 takes exactly 4 bytes; Profile 2 takes valid UTF-8 only.
 * Cost: about a millisecond for the largest symbol. */
CKEY_API ckey_status ckey_symbol_encode(const uint8_t *data, size_t length, int profile,
                                        int version, int level, int layout,
                                        ckey_symbol **out_symbol);

CKEY_API void ckey_symbol_destroy(ckey_symbol *symbol);

CKEY_API ckey_status ckey_symbol_get_info(const ckey_symbol *symbol, ckey_symbol_info *out_info);

/* The data field, N*N bytes in row-major order: bit 0 = dark, bit 1 = the
 * module belongs to a key (a reference mark). buffer_size must be >= N*N. */
CKEY_API ckey_status ckey_symbol_get_modules(const ckey_symbol *symbol, uint8_t *buffer,
                                             size_t buffer_size);

/* The 96 format-band cells in reading order (1 = dark ray). Profile 1 has no
 * band and writes nothing; out_count receives 96 or 0. */
CKEY_API ckey_status ckey_symbol_get_format_cells(const ckey_symbol *symbol, uint8_t *buffer,
                                                  size_t buffer_size, size_t *out_count);

/* The module matrix as text: the format line, then N rows of '#' (dark) and
 * '.' (light). The caller frees *out_text with ckey_free. */
CKEY_API ckey_status ckey_symbol_matrix_text(const ckey_symbol *symbol, char **out_text);

/* The payload bytes (a copy held by the symbol; valid while it lives). */
CKEY_API ckey_status ckey_symbol_get_payload(const ckey_symbol *symbol, const uint8_t **out_data,
                                             size_t *out_length);

/* The payload's runs in order, covering it exactly (none for an empty
 * payload or Profile 1). Writes min(count, buffer_count) entries; buffer may
 * be NULL when buffer_count is 0, to ask for the count. Bytes and text40
 * symbols report one run. */
CKEY_API ckey_status ckey_symbol_get_segments(const ckey_symbol *symbol, ckey_segment *buffer, size_t buffer_count,
                                              size_t *out_count);

/* Largest byte payload for the parameters (version 1...31 for Profile 0;
 * 0 for the fixed profiles). Text packs smaller: text40 and the mixed
 * alphabet take about 5.3 and 6.3 bits a character, digits 3.3. */
CKEY_API ckey_status ckey_symbol_get_capacity(int profile, int version, int level, int layout,
                                   size_t *out_bytes);

/* Result of a module-level decode. Free with ckey_decoded_destroy. */
typedef struct ckey_decoded ckey_decoded;

typedef struct ckey_decoded_info {
    int profile, version, level, layout, mask;
    int errors_corrected;   /* symbol errors fixed, all blocks */
    int erasures_filled;    /* erasures filled, all blocks */
    int correction_margin;  /* Reed-Solomon margin left: smallest E - 2e - f over the blocks */
} ckey_decoded_info;

/* Decode sampled module values for known parameters (as read from the format
 * band). darkness: N*N values in row-major order, 0 = surely light, 255 =
 * surely dark; values within the erasure band 96...159 are treated as
 * erasures. Key modules are ignored. Profile 1 takes 8*8 cell values.
 * Returns CKEY_DECODE_FAILED when correction or the CRC-32C fails; never
 * returns wrong data that fails the CRC. */
CKEY_API ckey_status ckey_decode_modules(int profile, int version, int level, int layout,
                                         int mask, const uint8_t *darkness, size_t count,
                                         ckey_decoded **out_decoded);

CKEY_API void ckey_decoded_destroy(ckey_decoded *decoded);
CKEY_API ckey_status ckey_decoded_get_info(const ckey_decoded *decoded, ckey_decoded_info *out_info);
CKEY_API ckey_status ckey_decoded_get_payload(const ckey_decoded *decoded, const uint8_t **out_data,
                                              size_t *out_length);

#ifdef __cplusplus
}
#endif

#endif /* CKEY_SYMBOL_H */
