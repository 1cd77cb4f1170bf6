/*
 * overlay.h - what a scene draws on top of its world: lines, arrows, circles,
 * polygons and text, in world units or in fractions of the picture.
 *
 * An overlay is a plain list in C, filled once per picture (by the Lua
 * binding's loom.draw, and attached trails and arrows) and turned into
 * display list items (list.h) by lr_overlay_emit, with the picture's
 * projection, after the world's: the window and `loom render` show the same
 * pixels. Text items are only kept here: the picture's composition
 * (compose.c) sets them with the labels.
 *
 * Coordinates: a world item's points are metres, projected with the camera
 * of the picture; a screen item's points are fractions of the scene's part of
 * the picture (what the plot panels leave), x from its left and y from its
 * top, and its sizes (a circle's radius) fractions of the picture's height.
 * Widths and arrow heads are points: pixels of a 720-line picture.
 *
 * Needs neither SDL nor Lua.
 */
#ifndef LOOM_RENDER_OVERLAY_H
#define LOOM_RENDER_OVERLAY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../engine/loom.h"
#include "list.h"
#include "render.h"
#include "theme.h"

typedef struct lr_overlay lr_overlay;

typedef struct lr_overlay_style {
    uint32_t color; /* 0xRRGGBBAA of lines, outlines and arrows */
    uint32_t fill;  /* 0xRRGGBBAA inside polygons and circles; 0 = not filled */
    double width;   /* points, >= 0; 0 draws no outline (a filled shape only) */
    double dash;    /* points, >= 0: dashes this long with gaps as long; 0 = solid */
    double head;    /* points, > 0: an arrow head's length (its width is 0.6 of it) */
} lr_overlay_style;

/* The style of an item left unstyled: ink, 2 points wide, solid, head 12. */
lr_overlay_style lr_overlay_default_style(void);

/* Text as the caller draws it (the same fields as a label). */
typedef enum lr_overlay_align {
    LR_OVERLAY_ALIGN_LEFT,
    LR_OVERLAY_ALIGN_CENTER,
    LR_OVERLAY_ALIGN_RIGHT
} lr_overlay_align;

typedef struct lr_overlay_text {
    const char *text; /* UTF-8; valid until the overlay is cleared */
    bool screen;      /* at is a fraction of the picture, else a world point */
    lm_vec3 at;
    double size; /* points, the height of a line */
    uint32_t color;
    lr_overlay_align align;
    bool bold;
    bool panel; /* on a pale translucent panel */
} lr_overlay_text;

/* NULL when out of memory. */
lr_overlay *lr_overlay_create(void);
void lr_overlay_destroy(lr_overlay *overlay);
/* Forgets every item, keeping the memory for the next picture. */
void lr_overlay_clear(lr_overlay *overlay);

/* Items and points held, for the caller's per-picture limits. */
size_t lr_overlay_item_count(const lr_overlay *overlay);
size_t lr_overlay_point_count(const lr_overlay *overlay);

/* Each returns false when out of memory (nothing is added). Points are
 * copied. A path of count >= 2 points; closed joins the last to the first
 * and may be filled (any simple polygon, convex or not). */
bool lr_overlay_path(lr_overlay *overlay, const lm_vec3 *points, size_t count, bool closed,
                     bool screen, const lr_overlay_style *style);
/* A path whose colour's alpha goes from alpha_start (at the first point)
 * to the colour's own alpha (at the last): a trail that fades. */
bool lr_overlay_faded_path(lr_overlay *overlay, const lm_vec3 *points, size_t count, bool screen,
                           const lr_overlay_style *style, double alpha_start);
/* A circle facing the camera: radius in m (world) or picture heights (screen). */
bool lr_overlay_circle(lr_overlay *overlay, lm_vec3 centre, double radius, bool screen,
                       const lr_overlay_style *style);
/* A world circle of radius m drawn at least min_points points in radius: a
 * copy of a particle, which the renderer draws at least a dot. */
bool lr_overlay_dot(lr_overlay *overlay, lm_vec3 centre, double radius, double min_points,
                    const lr_overlay_style *style);
/* An arrow from tail to tip with its head at the tip. */
bool lr_overlay_arrow(lr_overlay *overlay, lm_vec3 tail, lm_vec3 tip, bool screen,
                      const lr_overlay_style *style);
/* Text; the string is copied. Its part is the overlay's (lr_overlay_set_part). */
bool lr_overlay_add_text(lr_overlay *overlay, const lr_overlay_text *text);

/* The part of a picture that shows several worlds side by side
 * (compose.h) that the world items added from now on belong to: part k
 * (from 1) is drawn only in the k-th world's column; 0, the default and
 * what lr_overlay_clear goes back to, in every column. Screen items are
 * drawn once over the scene's part whatever their part. */
void lr_overlay_set_part(lr_overlay *overlay, int part);

size_t lr_overlay_text_count(const lr_overlay *overlay);
lr_overlay_text lr_overlay_text_at(const lr_overlay *overlay, size_t index);
/* The part the index-th text was added in (lr_overlay_set_part). */
int lr_overlay_text_part(const lr_overlay *overlay, size_t index);

/* ------------------------------------------------------------ drawing -- */

/* Appends every item but the text to list, in the order they were added:
 * world points projected with view (picture pixels), screen points placed in
 * the area `screen` of the picture, widths and heads `point` pixels per
 * point, LR_DEFAULT_INK drawn in the theme's ink, and every other line
 * colour shaded to a contrast of at least 3:1 against the theme's
 * background (lr_readable), so trails, arrows and drawn lines show in every
 * theme (fills are kept). A path through a point behind the eye is cut
 * there. */
void lr_overlay_emit(const lr_overlay *overlay, const lr_view *view, lr_area screen, double point,
                     const lr_theme *theme, lr_list *list);
/* The same for some items only: part 0 every item; part k > 0 the world
 * items of part k or of every part (0); part -1 the screen items only. */
void lr_overlay_emit_part(const lr_overlay *overlay, const lr_view *view, lr_area screen,
                          double point, const lr_theme *theme, int part, lr_list *list);

#endif
