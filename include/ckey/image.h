/*
 * CKey image I/O: the pixel formats that scanning reads, the largest image
 * accepted, PNG decoding (for logos) and atomic file writes. Included by
 * <ckey/ckey.h> and <ckey/scan.h>; may also be included alone.
 */
#ifndef CKEY_IMAGE_H
#define CKEY_IMAGE_H

#include "status.h"

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum ckey_pixel_format {
    CKEY_PIXELS_GRAY8 = 0,
    CKEY_PIXELS_RGBA8 = 1,          /* straight alpha, drawn over white */
    CKEY_PIXELS_BGRA8 = 2,
    CKEY_PIXELS_ARGB8 = 3,
    CKEY_PIXELS_RGBA8_PREMULTIPLIED = 4,
    CKEY_PIXELS_BGRA8_PREMULTIPLIED = 5,
    CKEY_PIXELS_ARGB8_PREMULTIPLIED = 6,
    CKEY_PIXELS_NV12_VIDEO = 7,     /* 420v: the luma plane, 16...235 */
    CKEY_PIXELS_NV12_FULL = 8       /* 420f: the luma plane, 0...255 */
} ckey_pixel_format;

/* The largest image accepted: 100 megapixels. */
#define CKEY_MAX_PIXELS 100000000

/* The bytes per pixel of a pixel format (1 for gray and the NV12 luma plane,
 * 4 otherwise). An unknown format is CKEY_INVALID_PARAMETER. */
CKEY_API ckey_status ckey_image_bytes_per_pixel(int format, int *out_bytes);

/* Whether the library accepts a width x height image in this format (a
 * ckey_pixel_format) with rows of width * bytes per pixel: CKEY_OK, or the
 * failure a scan of such a buffer would give (CKEY_INVALID_ARGUMENT,
 * CKEY_IMAGE_TOO_LARGE past CKEY_MAX_PIXELS, CKEY_INVALID_PARAMETER). For
 * callers that size their own frame buffers first, such as the CLI. */
CKEY_API ckey_status ckey_image_check_size(int width, int height, int format);

/* Writes bytes to path atomically: a temporary file in the same directory,
 * flushed, then renamed over path. On failure nothing is left behind and
 * CKEY_IO_ERROR names the path, the step and the system's reason. */
CKEY_API ckey_status ckey_file_write(const char *path, const uint8_t *data, size_t length);

/* Decodes a PNG (any colour type and depth) to straight-alpha RGBA8, e.g. a
 * logo for ckey_style. At most 4096 x 4096 px. *out_rgba holds width*height*4
 * bytes; free it with ckey_free. Errors: CKEY_IMAGE_FORMAT (not a PNG
 * or corrupt), CKEY_IMAGE_TOO_LARGE. */
CKEY_API ckey_status ckey_image_read_png(const uint8_t *data, size_t length, uint8_t **out_rgba,
                                         int *out_width, int *out_height);

#ifdef __cplusplus
}
#endif

#endif /* CKEY_IMAGE_H */
