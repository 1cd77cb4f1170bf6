/*
 * overlay.h - what a scene draws on top of its world: lines, arrows, circles,
 * polygons and text, in world units or in fractions of the picture.
 *
 * An overlay is a plain list in C, filled once per picture (by the Lua
 * binding's loom.draw, attached trails and arrows, and plot panels) and
 * rasterised by the renderer into the same supersampled canvas as the world,
 * after it and before the canvas is averaged down, so the window and
 * `loom render` show the same pixels. Text items are only kept here: the
 * caller draws them after the picture is resolved, with the labels' fonts.
 *
 * Coordinates: a world item's points are metres, projected with the camera
 * of the picture; a screen item's points are fractions of the picture, x from
 * its left and y from its top, and its sizes (a circle's radius) fractions of
 * the picture's height. Widths and arrow heads are points: pixels of a
 * 720-line picture.
 *
 * Needs no SDL: lm_overlay_rasterise receives what it draws into.
 */
#ifndef LOOM_OVERLAY_H
#define LOOM_OVERLAY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../engine/loom.h"

typedef struct lm_overlay lm_overlay;

typedef struct lm_overlay_style {
    uint32_t color; /* 0xRRGGBBAA of lines, outlines and arrows */
    uint32_t fill;  /* 0xRRGGBBAA inside polygons and circles; 0 = not filled */
    double width;   /* points, >= 0; 0 draws no outline (a filled shape only) */
    double dash;    /* points, >= 0: dashes this long with gaps as long; 0 = solid */
    double head;    /* points, > 0: an arrow head's length (its width is 0.6 of it) */
} lm_overlay_style;

/* The style of an item left unstyled: ink, 2 points wide, solid, head 12. */
lm_overlay_style lm_overlay_default_style(void);

/* Text as the caller draws it (the same fields as a label). */
typedef enum lm_overlay_align {
    LM_OVERLAY_ALIGN_LEFT,
    LM_OVERLAY_ALIGN_CENTER,
    LM_OVERLAY_ALIGN_RIGHT
} lm_overlay_align;

typedef struct lm_overlay_text {
    const char *text; /* UTF-8; valid until the overlay is cleared */
    bool screen;      /* at is a fraction of the picture, else a world point */
    lm_vec3 at;
    double size; /* points, the height of a line */
    uint32_t color;
    lm_overlay_align align;
    bool bold;
    bool panel; /* on a pale translucent panel */
    int part;   /* the part of the picture a world point is in: see lm_overlay_set_part */
} lm_overlay_text;

/* NULL when out of memory. */
lm_overlay *lm_overlay_create(void);
void lm_overlay_destroy(lm_overlay *overlay);
/* Forgets every item, keeping the memory for the next picture. */
void lm_overlay_clear(lm_overlay *overlay);

/* Items and points held, for the caller's per-picture limits. */
size_t lm_overlay_item_count(const lm_overlay *overlay);
size_t lm_overlay_point_count(const lm_overlay *overlay);

/* Each returns false when out of memory (nothing is added). Points are
 * copied. A path of count >= 2 points; closed joins the last to the first
 * and may be filled (any simple polygon, convex or not). */
bool lm_overlay_path(lm_overlay *overlay, const lm_vec3 *points, size_t count, bool closed,
                     bool screen, const lm_overlay_style *style);
/* A path whose colour's alpha goes from alpha_start (at the first point)
 * to the colour's own alpha (at the last): a trail that fades. */
bool lm_overlay_faded_path(lm_overlay *overlay, const lm_vec3 *points, size_t count, bool screen,
                           const lm_overlay_style *style, double alpha_start);
/* A circle facing the camera: radius in m (world) or picture heights (screen). */
bool lm_overlay_circle(lm_overlay *overlay, lm_vec3 centre, double radius, bool screen,
                       const lm_overlay_style *style);
/* A world circle of radius m drawn at least min_points points in radius: a
 * copy of a particle, which the renderer draws at least a dot. */
bool lm_overlay_dot(lm_overlay *overlay, lm_vec3 centre, double radius, double min_points,
                    const lm_overlay_style *style);
/* An arrow from tail to tip with its head at the tip. */
bool lm_overlay_arrow(lm_overlay *overlay, lm_vec3 tail, lm_vec3 tip, bool screen,
                      const lm_overlay_style *style);
/* Text; the string is copied. Its part is the overlay's (lm_overlay_set_part). */
bool lm_overlay_add_text(lm_overlay *overlay, const lm_overlay_text *text);

/* The part of a picture that shows several worlds side by side (render.h's
 * lr_renderer_draw_parts) that the world items added from now on belong
 * to: part k (from 1) is drawn only in the k-th world's columns; 0, the
 * default and what lm_overlay_clear goes back to, in every part. Screen
 * items are drawn once over the whole picture whatever their part. */
void lm_overlay_set_part(lm_overlay *overlay, int part);

/* Multiplies the x of every screen item and text added so far by factor:
 * the scene's screen coordinates squeezed into the part of the picture a
 * plot strip leaves free. */
void lm_overlay_squeeze_screen(lm_overlay *overlay, double factor);

size_t lm_overlay_text_count(const lm_overlay *overlay);
lm_overlay_text lm_overlay_text_at(const lm_overlay *overlay, size_t index);

/* ------------------------------------------------------- rasterising -- */

/* A corner of a triangle: canvas pixels and its colour (0xRRGGBBAA). */
typedef struct lm_overlay_vertex {
    float x, y;
    uint32_t rgba;
} lm_overlay_vertex;

/* What lm_overlay_rasterise draws into: a canvas of width x height pixels,
 * `point` canvas pixels per point, where world points land (project returns
 * false for a point behind the eye, else the canvas position and how many
 * canvas pixels a metre spans there), and a sink for triangles (corners
 * 3 * triangle_count, in order; translucent says whether any corner's alpha
 * is under 255, so the sink blends). */
typedef struct lm_overlay_target {
    double width, height, point;
    bool (*project)(const void *context, lm_vec3 world, double *x, double *y,
                    double *pixels_per_metre);
    void (*triangles)(void *context, const lm_overlay_vertex *corners, size_t triangle_count,
                      bool translucent);
    /* Asked between items: true stops the drawing there (the time limit of
     * the picture). May be NULL. */
    bool (*stop)(void *context);
    void *context;
    /* Which items: 0 every item; k > 0 the world items of part k or of
     * every part (0); -1 the screen items only. */
    int part;
} lm_overlay_target;

/* Draws every item but the text, in the order they were added (those
 * target->part selects), until target->stop says to stop (false then). */
bool lm_overlay_rasterise(const lm_overlay *overlay, const lm_overlay_target *target);

#endif
