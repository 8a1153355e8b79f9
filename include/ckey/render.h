/*
 * CKey render: a symbol as pixels (straight-alpha RGBA8), PNG, SVG or PDF,
 * drawn with a style that the style check may refuse or adapt.
 * Included by <ckey/ckey.h>; may also be included alone. See docs/rendering.md.
 *
 * Geometry: the canvas is 31 x 31 units including the 2-unit quiet margin;
 * a raster `size` is the pixel width of the whole canvas.
 * Threading: every function here is reentrant; a ckey_symbol may be rendered
 * from many threads at once. Style pointers are only read during the call.
 */
#ifndef CKEY_RENDER_H
#define CKEY_RENDER_H

#include "status.h"
#include "symbol.h"

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* How edges become pixels. */
typedef enum ckey_raster_policy {
    CKEY_RASTER_COVERAGE = 0, /* exact-area antialiasing (default) */
    CKEY_RASTER_BINARY = 1,   /* two colours only: background or a mark colour; effects off */
    CKEY_RASTER_HYBRID = 2    /* antialiased, every mark widened to at least 1 px */
} ckey_raster_policy;

typedef enum ckey_module_shape {
    CKEY_MODULE_SQUARE = 0,  /* full squares; neighbours merge with no seam */
    CKEY_MODULE_CIRCLE = 1,  /* dots of 0.9 pitch */
    CKEY_MODULE_ROUNDED = 2  /* squares whose free outer corners are rounded (radius 0.35 pitch) */
} ckey_module_shape;

typedef enum ckey_ring_style {
    CKEY_RING_SQUARE = 0,    /* sharp corners */
    CKEY_RING_ROUNDED = 1,   /* outer corner radius 1.5 units */
    CKEY_RING_CHAMFERED = 2  /* corners cut at 45 degrees, 1.25 units */
} ckey_ring_style;

typedef enum ckey_ray_cap {
    CKEY_RAY_BUTT = 0,    /* flat inner end */
    CKEY_RAY_ROUND = 1,   /* half-disc inner end */
    CKEY_RAY_POINTED = 2  /* tapered inner end */
} ckey_ray_cap;

typedef enum ckey_style_policy {
    CKEY_STYLE_STRICT = 0,   /* refuse an unsafe style (CKEY_STYLE_REFUSED) */
    CKEY_STYLE_ADAPTIVE = 1, /* draw the nearest safe style instead */
    CKEY_STYLE_OVERRIDE = 2  /* draw as given; the check only reports */
} ckey_style_policy;

typedef enum ckey_logo_mode {
    CKEY_LOGO_RESERVE = 0,  /* modules under the logo and its padding are left out */
    CKEY_LOGO_OVERWRITE = 1 /* modules are drawn, the logo is painted over them */
} ckey_logo_mode;

typedef enum ckey_style_preset { CKEY_STYLE_PLAIN = 0, CKEY_STYLE_CONCEPT = 1 } ckey_style_preset;

/* Every visual choice. Colours are 0xRRGGBB (opaque). Start from a preset
 * (ckey_style_init) and change fields; each range is checked by every call. */
typedef struct ckey_style {
    uint32_t ink;             /* data modules */
    uint32_t background;      /* the canvas, quiet margin included (centre of the vignette) */
    uint32_t background_edge; /* the canvas corners; a radial vignette from background to it.
                                 Equal to background: flat. */
    uint32_t ring_color;      /* accent: the border ring and the format-band rays */
    uint32_t key_color;       /* accent: the 5x5 keys (reference marks) */
    int module_shape;         /* ckey_module_shape */
    int ring_style;           /* ckey_ring_style */
    int ray_cap;              /* ckey_ray_cap */
    int bevel;                /* 0...100: metallic light across the marks; at 100 a mark colour
                                 moves up to 50% toward white at the highlights and 35% toward
                                 black in the shade (a diagonal sheen, lit from the top left) */
    int shadow;               /* 0...100: opacity (percent) of a black drop shadow 0.12 units
                                 down-right of every mark */
    int texture;              /* 0...100: brushed-metal grain on the marks; at 100 a pixel's
                                 colour moves up to 12% toward white or black (raster only) */
    int policy;               /* ckey_style_policy */
    const uint8_t *logo_rgba; /* NULL = no logo; straight-alpha RGBA8, rows of logo_width*4 bytes;
                                 borrowed: only read during calls */
    int logo_width, logo_height; /* 1...4096 each when logo_rgba is set */
    int logo_size;            /* logo box side in percent of the data field side, 5...30 */
    int logo_padding;         /* clear space around the box in percent of the field side, 0...10 */
    int logo_mode;            /* ckey_logo_mode */
} ckey_style;

/* Fills *out_style with a preset: CKEY_STYLE_PLAIN (black on white, square
 * modules and ring, butt rays, no effects) or CKEY_STYLE_CONCEPT (cream
 * metallic ink on a dark vignette, rounded modules and ring, round rays,
 * bevel 70, shadow 35, texture 30). Policy strict, no logo. */
CKEY_API ckey_status ckey_style_init(ckey_style *out_style, int preset);

/* What the style check found. Ratios are WCAG 2.x contrast ratios times 100. */
typedef struct ckey_style_report {
    int problems;                /* CKEY_CHECK_* bits of failed checks (0 = safe) */
    int warnings;                /* CKEY_CHECK_* bits that are only warnings */
    int adapted;                 /* 1 when *out_style differs from the input */
    int contrast_x100;           /* ink vs background (worst background point) */
    int accent_contrast_x100;    /* the weaker accent vs background */
    int effects_contrast_x100;   /* darkest/lightest ink under bevel, texture and shadow */
    int logo_codewords;          /* codewords the logo removes from the worst RS block */
    int logo_budget;             /* codewords that block may lose (share of its capacity) */
    char message[512];           /* the first problem, or "" */
} ckey_style_report;

#define CKEY_CHECK_CONTRAST 1              /* ink vs background below 4.5:1 */
#define CKEY_CHECK_ACCENT 2                /* an accent below 3:1, or of the other polarity */
#define CKEY_CHECK_EFFECTS 4               /* effects push the worst pair below 3:1 */
#define CKEY_CHECK_LOGO 8                  /* logo over budget, on a key, or not allowed here */
#define CKEY_CHECK_TRANSPARENT_NO_BACKDROP 16 /* warning: transparent output, unknown backdrop */

/* Checks a style for a symbol.
 * transparent: nonzero when the output will have a transparent background;
 * backdrop: the 0xRRGGBB it will be composited over, or NULL if unknown
 * (then transparent output is flagged and, with a backdrop, the backdrop
 * replaces the background in the contrast checks).
 * out_style (optional): the style that would be drawn (adapted under
 * CKEY_STYLE_ADAPTIVE, else a copy). out_report (optional).
 * Result: CKEY_STYLE_REFUSED under the strict policy when a check fails (the
 * last-error message says which and what would pass); CKEY_OK otherwise.
 * Cost: microseconds; a logo adds one pass over the symbol's modules. */
CKEY_API ckey_status ckey_style_check(const ckey_symbol *symbol, const ckey_style *style, int transparent,
                                      const uint32_t *backdrop, ckey_style *out_style,
                                      ckey_style_report *out_report);

/* Smallest raster size for this symbol: at least 1 px per module and per
 * canvas unit (max(31, ceil(31*N/23))). Sizes above 8192 are refused. */
CKEY_API ckey_status ckey_render_min_size(const ckey_symbol *symbol, int *out_size);

/* Draws the symbol into a caller buffer as straight-alpha RGBA8.
 * style: NULL = plain. size: min_size...8192 px. policy: ckey_raster_policy.
 * transparent: nonzero = background alpha 0 (marks keep their colour, edges
 * antialiased in alpha). buffer: size rows of bytes_per_row (>= size*4) bytes;
 * buffer_size >= bytes_per_row*size.
 * The bytes are the same on every platform (integer arithmetic only).
 * Cost: about 1 ms for 1024 px plain, 35 ms for concept, on one core; memory:
 * the caller's buffer plus 32-row accumulation bands. */
CKEY_API ckey_status ckey_render_pixels(const ckey_symbol *symbol, const ckey_style *style, int size,
                                        int policy, int transparent, uint8_t *buffer, size_t bytes_per_row,
                                        size_t buffer_size);

/* A PNG file in memory. dpi: 0 = no pHYs chunk, else 1...100000 written as
 * pixels per metre (rounded). The smallest exact colour type is chosen
 * (grey, grey+alpha, palette, RGB or RGBA). A tEXt "Software" chunk names CKey.
 * The caller frees *out_data with ckey_free. Cost: the render plus zlib. */
CKEY_API ckey_status ckey_render_png(const ckey_symbol *symbol, const ckey_style *style, int size, int policy,
                                     int transparent, int dpi, uint8_t **out_data, size_t *out_length);

/* An SVG document. scale: px per canvas unit for width/height (0.1...1000);
 * the viewBox is 0 0 31 31. Merged filled paths, gradients for effects, a
 * logo as a PNG data URI. Texture is raster only. Free with ckey_free. */
CKEY_API ckey_status ckey_render_svg(const ckey_symbol *symbol, const ckey_style *style, double scale,
                                     int transparent, char **out_text);

/* A one-page vector PDF exactly width_points wide and high (1...14400).
 * Fills and gradients are PDF operators; a logo is the only image (an image
 * XObject with a soft mask). Free *out_data with ckey_free. */
CKEY_API ckey_status ckey_render_pdf(const ckey_symbol *symbol, const ckey_style *style, double width_points,
                                     int transparent, uint8_t **out_data, size_t *out_length);



#ifdef __cplusplus
}
#endif

#endif /* CKEY_RENDER_H */
