/*
 * CKey camera simulator: renders printed labels into phone-camera frames from
 * physics (pinhole optics, 3-D label surfaces, lighting, blur, sensor noise,
 * JPEG). Certification and the scan benchmark share this one model.
 * Included by <ckey/ckey.h>; may also be included alone.
 *
 * Use: ckey_camera_scene_draw() fills a scene from a category and a seed
 * (every parameter is drawn from the seed, so a frame is reproduced from its
 * seed alone); change fields if needed; ckey_camera_render() draws it.
 * Threading: every function is reentrant; scenes are plain values.
 */
#ifndef CKEY_CAMERA_H
#define CKEY_CAMERA_H

#include "status.h"
#include "scan.h"

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* What a scene stresses. NOMINAL draws mild values of everything; each other
 * category draws one factor hard and the rest mild; COMBO draws three
 * factors hard at once. */
typedef enum ckey_camera_category {
    CKEY_CAMERA_NOMINAL = 0,
    CKEY_CAMERA_SMALL = 1,         /* labels down to about 2 px per module */
    CKEY_CAMERA_ROTATION = 2,      /* any roll in the label plane */
    CKEY_CAMERA_PERSPECTIVE = 3,   /* flat label tilted up to 60 degrees */
    CKEY_CAMERA_CURVED = 4,        /* cylinder, either axis, arc up to 90 degrees */
    CKEY_CAMERA_SHADOW = 5,        /* soft shadow band, 20-60% transmission */
    CKEY_CAMERA_GLARE = 6,         /* saturating specular blobs */
    CKEY_CAMERA_LIGHTING = 7,      /* strong ramp and spot light */
    CKEY_CAMERA_BLUR = 8,          /* defocus (disk) and Gaussian */
    CKEY_CAMERA_MOTION = 9,        /* motion blur along a line */
    CKEY_CAMERA_NOISE = 10,        /* dim light: strong shot and read noise */
    CKEY_CAMERA_JPEG = 11,         /* JPEG quality 15-40 */
    CKEY_CAMERA_LOW_CONTRAST = 12, /* ink/paper reflectance difference down to 0.1 */
    CKEY_CAMERA_INVERTED = 13,     /* light ink on dark paper */
    CKEY_CAMERA_DAMAGE = 14,       /* ink blots, white stickers, grey dirt */
    CKEY_CAMERA_MULTI = 15,        /* three labels in one frame */
    CKEY_CAMERA_COMBO = 16,        /* three hard factors at once */
    CKEY_CAMERA_CATEGORY_COUNT = 17
} ckey_camera_category;

#define CKEY_CAMERA_MAX_LABELS 4
#define CKEY_CAMERA_MAX_GLARES 4
#define CKEY_CAMERA_MAX_DAMAGE 8

typedef enum ckey_camera_surface {
    CKEY_SURFACE_FLAT = 0,
    CKEY_SURFACE_CYLINDER_VERTICAL = 1,   /* axis along the label's y axis (a standing bottle) */
    CKEY_SURFACE_CYLINDER_HORIZONTAL = 2  /* axis along the label's x axis */
} ckey_camera_surface;

typedef enum ckey_damage_kind {
    CKEY_DAMAGE_INK = 0,     /* reflectance becomes the ink's */
    CKEY_DAMAGE_STICKER = 1, /* reflectance becomes a white sticker's (0.9) */
    CKEY_DAMAGE_DIRT = 2     /* reflectance multiplied by 0.5 */
} ckey_damage_kind;

/* A damage blob on a label, in label coordinates (0...1 across its square). */
typedef struct ckey_camera_damage {
    int kind;                /* ckey_damage_kind */
    double x, y, radius;     /* radius as a fraction of the label width */
} ckey_camera_damage;

/* One label and the surface it is printed on. The label is a square of side
 * 1 world unit; its texture (0 = ink, 255 = paper) covers the square. */
typedef struct ckey_camera_label {
    double centre_x, centre_y; /* where the label's centre is seen, 0...1 of frame width/height */
    double size_px;            /* label width in pixels were it square to the camera at its distance */
    double roll_deg;           /* rotation in the label plane, clockwise on screen, 0...360 */
    double tilt_deg;           /* angle between the surface normal and the optical axis, 0...75 */
    double tilt_axis_deg;      /* direction in the frame of the axis the label tilts about */
    int surface;               /* ckey_camera_surface */
    double arc_deg;            /* cylinder only: arc the label's width (or height) covers, 1...120 */
    double carrier_scale;      /* the product surface (box face or bottle) around the label, in label widths, >= 1 */
    double carrier_reflectance;/* 0...1 */
    double paper_reflectance;  /* 0...1, the texture's 255 */
    double ink_reflectance;    /* 0...1, the texture's 0 (may exceed paper: inverted print) */
    int damage_count;          /* 0...CKEY_CAMERA_MAX_DAMAGE */
    ckey_camera_damage damage[CKEY_CAMERA_MAX_DAMAGE];
} ckey_camera_label;

typedef struct ckey_camera_glare {
    double x, y;               /* frame position, 0...1 */
    double radius_px;
    double intensity;          /* peak added radiance, in units of white paper under full light; >= 1 saturates */
} ckey_camera_glare;

typedef struct ckey_camera_scene {
    uint64_t seed;             /* drives every random draw, noise included */
    int category;              /* ckey_camera_category the scene was drawn for */
    int width, height;         /* frame, default 1280 x 720 */
    double fov_deg;            /* horizontal field of view, default 70 */
    int supersample;           /* rays per pixel per axis, 1...4 (default 3) */

    int label_count;           /* 1...CKEY_CAMERA_MAX_LABELS */
    ckey_camera_label labels[CKEY_CAMERA_MAX_LABELS];

    /* Lighting on the surfaces, as a multiplier of the illumination. */
    double light_dir[3];       /* unit vector towards the light, camera coordinates (z away from the camera) */
    double ambient;            /* 0...1: share of light that is not directional (Lambertian shading is the rest) */
    double ramp_strength;      /* 0...1: illumination falls linearly by this much across the frame */
    double ramp_angle_deg;     /* direction of the fall in the frame */
    double spot_strength;      /* 0...2: a radial spot adds this much at its centre */
    double spot_x, spot_y, spot_radius; /* frame fractions (radius of frame width) */
    int shadow;                /* 1: a soft shadow band crosses the frame */
    double shadow_angle_deg, shadow_offset; /* band direction, and its centre's offset from the frame centre (frame widths) */
    double shadow_width, shadow_penumbra;   /* frame widths */
    double shadow_transmission;             /* 0...1: light let through inside the band (SHADOW draws 0.2...0.6) */
    int glare_count;
    ckey_camera_glare glares[CKEY_CAMERA_MAX_GLARES];

    /* Optics, in pixels. */
    double blur_sigma;         /* Gaussian (lens, demosaicing), >= 0 */
    double defocus_radius;     /* disk point-spread function, >= 0 */
    double motion_length;      /* motion blur along a line, >= 0 */
    double motion_angle_deg;

    /* Sensor. */
    double exposure;           /* electrons collected from white paper under full light (full well is 1.6x that) */
    double read_noise;         /* electrons, standard deviation */
    double gamma;              /* tone curve: out = 255 * (signal / full well)^(1 / gamma), 1...3 */
    int jpeg_quality;          /* 0 = none, else 1...100 */

    /* Backdrop: the world behind the carriers, seen flat, scaled to cover the frame. */
    double backdrop_gain;      /* 0...1.5: backdrop radiance relative to white paper */
} ckey_camera_scene;

/* Where a label landed in the frame: the projected corners of its square
 * (texture top-left, top-right, bottom-right, bottom-left) and whether all
 * of it is in view. Frame coordinates: pixel (i, j) covers [i, i+1) x [j, j+1),
 * so the frame spans 0...width and its centre is (width/2, height/2). */
typedef struct ckey_camera_truth {
    ckey_point corners[CKEY_CAMERA_MAX_LABELS][4];
    int visible[CKEY_CAMERA_MAX_LABELS];
} ckey_camera_truth;

/* Fills *out_scene with parameters drawn for category from seed. severity
 * 0...1 scales how hard the category's own factor is drawn (1 = the
 * hardest ranges in docs/camera-simulator.md). Errors: CKEY_INVALID_ARGUMENT for an
 * unknown category, a severity outside 0...1 or a NULL out_scene. */
CKEY_API ckey_status ckey_camera_scene_draw(int category, uint64_t seed, double severity,
                                            ckey_camera_scene *out_scene);

/* A label texture: 8-bit grey, 0 = ink, 255 = paper; any size from 8 x 8
 * to 4096 x 4096. */
typedef struct ckey_camera_texture {
    const uint8_t *pixels;
    int width, height;
    size_t bytes_per_row;
} ckey_camera_texture;

/* Renders the scene into out_frame (width * height bytes of 8-bit grey,
 * rows packed; out_length must be at least that).
 * textures: one per label (texture_count == scene->label_count).
 * backdrop: an 8-bit grey photograph (any size, scaled to cover the frame),
 * or NULL for drawn clutter from the seed. out_truth may be NULL.
 * Every field of the scene is range-checked first; a bad one gives
 * CKEY_INVALID_ARGUMENT naming the field, its value and the allowed range.
 * The same scene, textures and backdrop give the same bytes.
 * Cost: about 50-150 ms for 1280 x 720 at supersample 3, on one core. */
CKEY_API ckey_status ckey_camera_render(const ckey_camera_scene *scene, const ckey_camera_texture *textures,
                                        size_t texture_count, const uint8_t *backdrop, int backdrop_width,
                                        int backdrop_height, size_t backdrop_bytes_per_row, uint8_t *out_frame,
                                        size_t out_length, ckey_camera_truth *out_truth);

/* The category's name ("curved", "low-contrast", ...) or NULL when unknown. */
CKEY_API const char *ckey_camera_category_name(int category);

#ifdef __cplusplus
}
#endif

#endif /* CKEY_CAMERA_H */
