/*
 * list.h - the display list: everything a picture is made of, as primitives
 * in picture pixels, in the order they are painted.
 *
 * The renderer makes a picture in two halves. The first (render/compose.c
 * and the stages it calls) turns the world, the script's drawing, labels,
 * plots, the title and the window's panels into this list; the second, a
 * backend, draws the list. loom's backend is a software rasteriser into an
 * RGBA picture (render/raster.h: supersampled, tiled, threaded, with a depth
 * buffer), used for the window and for `loom render` alike; other backends
 * (SVG, PDF) can draw the same list, since nothing in it is specific to
 * rasterising: no triangles of lines, no supersampling, no clipping.
 *
 * Coordinates are picture pixels: x from the left edge, y down from the top
 * edge, (0, 0) the top-left corner of the picture, pixel (i, j) the square
 * [i, i+1) x [j, j+1). They may lie far outside the picture (a backend clips).
 * Sizes (widths, radii, text sizes) are pixels too: the list is made for one
 * picture size. Colours are 0xRRGGBBAA, not premultiplied; alpha under 0xFF
 * blends over what is below.
 *
 * The primitives (lr_item.kind):
 *   PATH       a line through `count` points, `width` wide, in `color`; closed
 *              (LR_CLOSED) it joins the last point to the first. Joins are
 *              mitred (the miter capped at twice the width); open ends are
 *              butt, or square (LR_SQUARE_CAPS: extended by half the width).
 *              `dash` cuts it into dashes: on dash[0], off dash[1], on dash[2],
 *              off dash[3], repeating (dash[2] = 0: on/off only), the pattern
 *              carried along the whole path; each dash has butt ends.
 *              LR_POINT_COLORS: each point has its own colour (a trail fading
 *              along its length), blended linearly between points.
 *   FILL       a filled simple polygon (convex or not; LR_CONVEX says it is
 *              convex) of `count` points in `fill`.
 *   CIRCLE     centre (x, y), radius `size`: a disc in `fill` (0: none) and an
 *              outline `width` wide in `color` (width 0: none), centred on the
 *              radius, dashed by `dash` like a closed path from angle 0.
 *   TRIANGLES  count / 3 triangles, each corner with its own colour (blended
 *              across: smooth shading) and, with LR_DEPTH, a depth: a value
 *              linear across the picture, smaller nearer. A backend with a
 *              depth buffer draws a depth triangle's pixels only where it is
 *              nearer than every depth triangle drawn there before (folded
 *              cloth, crossing surfaces); without LR_DEPTH triangles are
 *              painted in order like everything else.
 *   TEXT       one line of UTF-8 text (`count` bytes at `first` of the
 *              characters), its line box's top-left corner at (x, y), `size`
 *              pixels from the highest ascender to the lowest descender of
 *              the face, in `color`. The face is `face` (lr_face): DejaVu Sans
 *              or Sans Mono, regular or bold (render/fonts.h measures it).
 *   MARKER     a plot marker of shape `shape` (lr_marker) centred at (x, y),
 *              `size` pixels across, filled with `fill` (0: hollow) and
 *              outlined `width` wide in `color`.
 *   CLIP       not drawn: the items after it, up to the next CLIP, paint
 *              only inside the rectangle with its top-left corner at (x, y),
 *              `width` wide and `size` high (several worlds side by side,
 *              each in its own column); `width` 0: the whole picture again.
 *
 * Items are appended with the functions below, never changed; a list is
 * reset for each picture and keeps its memory. A failed append (out of
 * memory) leaves the item out and sets `failed`.
 */
#ifndef LOOM_RENDER_LIST_H
#define LOOM_RENDER_LIST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum lr_item_kind {
    LR_ITEM_PATH,
    LR_ITEM_FILL,
    LR_ITEM_CIRCLE,
    LR_ITEM_TRIANGLES,
    LR_ITEM_TEXT,
    LR_ITEM_MARKER,
    LR_ITEM_CLIP,
    LR_ITEM_KIND_COUNT
} lr_item_kind;

/* lr_item.flags */
enum {
    LR_CLOSED = 1u,       /* PATH: joins the last point to the first */
    LR_SQUARE_CAPS = 2u,  /* PATH: open ends extended by half the width */
    LR_POINT_COLORS = 4u, /* PATH, TRIANGLES: colours per point in lr_list.colors */
    LR_CONVEX = 8u,       /* FILL: the polygon is convex */
    LR_DEPTH = 16u,       /* TRIANGLES: depths per point in lr_list.depths */
};

typedef enum lr_face {
    LR_FACE_SANS,
    LR_FACE_SANS_BOLD,
    LR_FACE_MONO,
    LR_FACE_MONO_BOLD,
    LR_FACE_COUNT
} lr_face;

typedef enum lr_marker {
    LR_MARKER_NONE,
    LR_MARKER_CIRCLE,
    LR_MARKER_SQUARE,
    LR_MARKER_TRIANGLE, /* pointing up */
    LR_MARKER_DIAMOND,
    LR_MARKER_CROSS, /* x: two strokes, `color` only */
    LR_MARKER_PLUS,  /* +: two strokes, `color` only */
    LR_MARKER_COUNT
} lr_marker;

typedef struct lr_point {
    float x, y;
} lr_point;

typedef struct lr_item {
    uint8_t kind;   /* lr_item_kind */
    uint8_t flags;  /* LR_CLOSED, ... */
    uint8_t shape;  /* MARKER: lr_marker; TEXT: lr_face */
    uint32_t color; /* lines, outlines, text */
    uint32_t fill;  /* inside fills, circles, markers; 0 = none */
    float width;    /* line width, px; 0 = no line */
    float dash[4];  /* px; dash[0] = 0: solid */
    float x, y;     /* CIRCLE, MARKER: centre; TEXT: top-left of the line box */
    float size;     /* CIRCLE: radius; MARKER: across; TEXT: line height */
    uint32_t first; /* PATH, FILL, TRIANGLES: first point; TEXT: first byte */
    uint32_t count; /* points, or bytes of text */
} lr_item;

typedef struct lr_list {
    int width, height;   /* the picture, pixels */
    uint32_t background; /* opaque: the picture before the first item */
    lr_item *items;
    size_t item_count, item_capacity;
    lr_point *points;
    uint32_t *colors; /* per point, where the item says so */
    float *depths;    /* per point, where the item says so */
    size_t point_count, point_capacity;
    char *chars; /* the texts' bytes */
    size_t char_count, char_capacity;
    bool failed; /* an append ran out of memory */
} lr_list;

/* NULL when out of memory. */
lr_list *lr_list_create(void);
void lr_list_destroy(lr_list *list);
/* Forgets every item, keeping the memory, for a picture of width x height on
 * background (made opaque). */
void lr_list_reset(lr_list *list, int width, int height, uint32_t background);

/* Each returns false when out of memory (and sets list->failed). A dash of
 * NULL is solid. */
bool lr_list_path(lr_list *list, const lr_point *points, size_t count, unsigned flags, float width,
                  uint32_t color, const float *dash);
/* A path whose points have their own colours (flags gains LR_POINT_COLORS). */
bool lr_list_path_colors(lr_list *list, const lr_point *points, const uint32_t *colors,
                         size_t count, unsigned flags, float width, const float *dash);
bool lr_list_line(lr_list *list, float x0, float y0, float x1, float y1, float width,
                  uint32_t color, unsigned flags);
bool lr_list_fill(lr_list *list, const lr_point *points, size_t count, uint32_t fill, bool convex);
/* An axis-aligned rectangle, filled. */
bool lr_list_rect(lr_list *list, float x, float y, float width, float height, uint32_t fill);
bool lr_list_circle(lr_list *list, float x, float y, float radius, uint32_t fill, float width,
                    uint32_t color, const float *dash);
/* One triangle; depths NULL: painted in order, without the depth buffer. */
bool lr_list_triangle(lr_list *list, const lr_point corners[3], const uint32_t colors[3],
                      const float *depths);
bool lr_list_text(lr_list *list, float x, float y, float size, lr_face face, uint32_t color,
                  const char *text, size_t length);
bool lr_list_marker(lr_list *list, float x, float y, float size, lr_marker shape, uint32_t fill,
                    float width, uint32_t color);
/* What the items from here on may paint: the rectangle, or (width 0) the
 * whole picture. */
bool lr_list_clip(lr_list *list, float x, float y, float width, float height);

/* Names, for option parsers and backends: "none", "circle", "square",
 * "triangle", "diamond", "cross", "plus" (NULL-terminated, in enum order). */
const char *const *lr_marker_names(void);

#endif
