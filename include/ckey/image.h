/*
 * CKey images: the pixel formats that scanning reads, and the largest image
 * accepted. Included by <ckey/ckey.h> and <ckey/scan.h>; may also be included
 * alone.
 */
#ifndef CKEY_IMAGE_H
#define CKEY_IMAGE_H

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

#ifdef __cplusplus
}
#endif

#endif /* CKEY_IMAGE_H */
