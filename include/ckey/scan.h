/*
 * CKey scanning: find and decode symbols in pixel buffers and image files.
 * Included by <ckey/ckey.h>; may also be included alone.
 *
 * A ckey_decoder holds reusable scratch memory. One decoder must not be used
 * by two threads at once; use one decoder per thread (they are cheap). The
 * results handle is independent of the decoder and immutable.
 */
#ifndef CKEY_SCAN_H
#define CKEY_SCAN_H

#include "image.h"
#include "status.h"

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ckey_decoder ckey_decoder;
typedef struct ckey_results ckey_results;

typedef struct ckey_point {
    float x, y;
} ckey_point;

typedef struct ckey_result_info {
    int profile, version, level, layout;
    int inverted;              /* 1 when the symbol is light ink on a dark ground */
    int mirrored;              /* 1 when the image shows the symbol mirrored */
    ckey_point corners[4];     /* ring's outer corners: top-left, top-right,
                                  bottom-right, bottom-left of the symbol */
    int errors_corrected;      /* Reed-Solomon symbols fixed, all blocks */
    int erasures_filled;
    int correction_margin;     /* Reed-Solomon margin left: smallest E - 2e - f over the blocks */
    int parity_per_block;      /* E */
    size_t payload_bytes;
    int is_text;               /* 1 when the payload is UTF-8 without control characters
                                  (tab, LF and CR allowed) */
} ckey_result_info;

CKEY_API ckey_status ckey_decoder_create(ckey_decoder **out_decoder);
CKEY_API void ckey_decoder_destroy(ckey_decoder *decoder);

/* Scan flags, OR-ed together. */
#define CKEY_SCAN_ALL 1      /* every distinct symbol, not just the first */
#define CKEY_SCAN_THOROUGH 2 /* frames >= 480 px on the short side are searched at
                                full resolution too when the half-resolution pass
                                finds nothing: finds symbols under ~60 px wide,
                                at about 8x the cost of a symbol-free frame */

/* Scans a pixel buffer of buffer_length bytes. bytes_per_row >= width * bytes
 * per pixel (1 for gray and NV12 luma, 4 otherwise); the buffer must hold
 * (height - 1) * bytes_per_row + width * bytes per pixel bytes, or the call
 * fails with CKEY_INVALID_ARGUMENT before reading a pixel. flags: CKEY_SCAN_*
 * bits (0 = the first valid symbol, camera speed). A frame without a symbol
 * gives CKEY_OK and a results handle with count 0. Cost: about 1-4 ms for
 * 1280 x 720 on one core. */
CKEY_API ckey_status ckey_decoder_scan(ckey_decoder *decoder, const uint8_t *pixels, size_t buffer_length, int width,
                                       int height, size_t bytes_per_row, int format, int flags,
                                       ckey_results **out_results);

/* Reads and scans a PNG, JPEG (EXIF orientation honoured; grey, RGB, CMYK or
 * YCCK), PGM or PPM file; path "-" reads standard input. Anything that is not
 * a regular file (a FIFO, a device, a directory) is refused with
 * CKEY_IO_ERROR before a byte is read. A truncated or corrupt file fails with
 * CKEY_IMAGE_FORMAT. The file is streamed into the luminance image: peak
 * memory is about the image's width * height bytes plus a constant. flags as
 * for ckey_decoder_scan; files are usually scanned THOROUGH. */
CKEY_API ckey_status ckey_decoder_scan_file(ckey_decoder *decoder, const char *path, int flags,
                                            ckey_results **out_results);

CKEY_API void ckey_results_destroy(ckey_results *results);
/* The number of symbols found (0 for a frame without one). */
CKEY_API ckey_status ckey_results_get_count(const ckey_results *results, size_t *out_count);
CKEY_API ckey_status ckey_results_get_info(const ckey_results *results, size_t index,
                                           ckey_result_info *out_info);
/* The payload bytes, valid while results lives. */
CKEY_API ckey_status ckey_results_get_payload(const ckey_results *results, size_t index,
                                              const uint8_t **out_data, size_t *out_length);

#ifdef __cplusplus
}
#endif

#endif /* CKEY_SCAN_H */
