/*
 * raster.h - loom's drawing backend: a display list (render/list.h) drawn
 * into an RGBA picture by a software rasteriser.
 *
 * How (one file per stage):
 *   1. tessellate.c turns the list's items, in order, into "ops": triangles
 *      in a canvas SUPERSAMPLE times the picture in each direction (paths
 *      become strips with mitred joins and dashes, fills are ear-clipped,
 *      circles and markers are fans and rings, clipped to a guard band
 *      around the picture) and glyphs (coverage maps from render/fonts.h at
 *      picture resolution). A triangle's corners are fixed point (1/256 of a
 *      canvas pixel); its edges, colours and depth are set up once, as exact
 *      integer planes (colours) and one double expression per sample (depth).
 *   2. tiles.c sorts the ops into tiles of TILE x TILE picture pixels (in
 *      order), then draws each tile on its own: clears it (or loads the
 *      picture under it), paints its ops in order into the tile's canvas
 *      samples, with a depth buffer for depth triangles, and averages every
 *      SUPERSAMPLE x SUPERSAMPLE block into a picture pixel. Tiles run on
 *      several threads at once when asked.
 *   3. fill.c paints one op into one tile: a triangle row by row, each row's
 *      span found exactly from the edges (integer division), pixels inside
 *      when an edge function is positive or zero on a top or left edge (the
 *      top-left rule: triangles sharing an edge never both paint a sample).
 *      A flat convex fan (a disc, a convex fill) is one polygon op
 *      (polygon.c): the same samples as its triangles, a row's span found
 *      from the two or three edges crossing it instead of from every
 *      triangle of the fan.
 * Every sample's value depends only on the ops covering it, in order, and
 * on integer arithmetic or one fixed floating-point expression, never on
 * the tile or the thread: a picture is the same bytes on 1 or N threads, in
 * the window and in `loom render`.
 */
#ifndef LOOM_RENDER_RASTER_H
#define LOOM_RENDER_RASTER_H

#include <math.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "fonts.h"
#include "grow.h"
#include "list.h"

typedef struct lr_raster lr_raster;

/* fonts may be NULL (text is left out) and must outlive the raster. NULL
 * when out of memory. */
lr_raster *lr_raster_create(const lr_fonts *fonts);
void lr_raster_destroy(lr_raster *raster);

/* Threads painting tiles (the caller's included), at least 1. */
void lr_raster_set_threads(lr_raster *raster, int threads);

/* Asked now and then while a list is drawn, on the caller's thread only
 * (between a few dozen items while tessellating, after about a canvas of
 * samples painted while painting tiles): true stops the drawing there, the
 * picture left unfinished. NULL removes it. */
void lr_raster_set_interrupt(lr_raster *raster, bool (*stop)(void *context), void *context);
/* Whether the last lr_raster_draw was stopped by the interrupt. */
bool lr_raster_stopped(const lr_raster *raster);
/* Asks the interrupt (the caller's thread): true once it said stop. */
bool lr_raster_ask(lr_raster *raster);

/* Draws list into pixels (list->width x list->height RGBA32 pixels, bytes
 * R, G, B, A, rows pitch bytes apart): over the picture already there when
 * over is true, else from the list's background. False when out of memory
 * (the picture is then incomplete). */
bool lr_raster_draw(lr_raster *raster, const lr_list *list, void *pixels, int pitch, bool over);

/* ------------------------------------------------- the stages' shared parts -- */

enum { SUPERSAMPLE = 2, TILE = 64, TILE_SAMPLES = TILE * SUPERSAMPLE };

/* Guard band around the picture that geometry is clipped to, in picture
 * pixels: whatever lies beyond it is never visible (widths are far smaller). */
#define RASTER_GUARD 4096.0

#define NO_INDEX UINT32_MAX

/* A triangle ready to paint, in canvas samples (px, py: integer indices of
 * sample centres). */
typedef struct lr_tri {
    int64_t a[3], b[3], c[3]; /* edge k: inside where a * px + b * py + c >= 0 */
    int32_t x0, y0, x1, y1;   /* the samples it may cover, inclusive */
    uint32_t color;           /* 0xRRGGBBAA when flat (shade NO_INDEX) */
    uint32_t shade;           /* its colour planes, or NO_INDEX */
    uint32_t depth;           /* its depth plane (a depth triangle), or NO_INDEX */
    bool blend;               /* some alpha under 0xFF */
} lr_tri;

/* Colours across a triangle: channel k (r, g, b, a) at sample (px, py) is
 * (p[k] + gx[k] (px - ox) + gy[k] (py - oy)) / 65536, rounded and clamped. */
typedef struct lr_shade {
    int64_t p[4], gx[4], gy[4];
    int32_t ox, oy;
} lr_shade;

/* Depth across a triangle: (d0 + gy (py - oy)) + gx (px - ox), smaller
 * nearer, evaluated in that order (the row's part first) for every sample. */
typedef struct lr_depth_plane {
    double d0, gx, gy;
    int32_t ox, oy;
} lr_depth_plane;

/* A glyph's coverage blended in a colour, its top-left at picture pixel (x,
 * y), painted only inside the picture pixels [clip_x0, clip_x1) x [clip_y0,
 * clip_y1) (the list's CLIP). */
typedef struct lr_glyph_op {
    const unsigned char *coverage;
    int32_t x, y, width, height;
    uint32_t color;
    int32_t clip_x0, clip_y0, clip_x1, clip_y1;
} lr_glyph_op;

/* A flat convex polygon (polygon.c): its edges, as a triangle's (inside
 * where a px + b py + c >= 0), sorted by the first row each crosses. */
typedef struct lr_poly_edge {
    int64_t a, b, c;
    int32_t y0, y1; /* the sample rows whose centres its ends span, inclusive */
} lr_poly_edge;

/* Edges of a polygon op, at most: more are drawn as a fan of triangles. */
enum { POLY_MOST_EDGES = 256 };

typedef struct lr_poly {
    uint32_t first, count;  /* its edges in edges[] */
    int32_t x0, y0, x1, y1; /* the samples it may cover, inclusive */
    uint32_t color;         /* 0xRRGGBBAA */
    bool blend;             /* alpha under 0xFF */
} lr_poly;

typedef enum op_kind { OP_TRIANGLE, OP_GLYPH, OP_POLYGON } op_kind;

typedef struct lr_op {
    uint32_t index;         /* into tris or glyph_ops */
    uint8_t kind;           /* op_kind */
    int32_t x0, y0, x1, y1; /* samples it may cover, inclusive */
} lr_op;

/* Per thread: one tile's samples and depths, and rows to clear them from. */
typedef struct lr_tile_scratch {
    uint32_t samples[TILE_SAMPLES * TILE_SAMPLES];
    float depths[TILE_SAMPLES * TILE_SAMPLES];
    uint32_t background[TILE_SAMPLES]; /* a row of the background */
    float far[TILE_SAMPLES];           /* a row of infinite depths */
} lr_tile_scratch;

struct lr_pool;

struct lr_raster {
    const lr_fonts *fonts;
    lr_glyphs *glyphs;
    int threads;
    struct lr_pool *pool; /* threads - 1 helpers, made when first needed */

    /* The interrupt: asked by the caller's thread; the helpers painting
     * tiles only read `stopped`. */
    bool (*stop)(void *context);
    void *stop_context;
    atomic_bool stopped;

    /* The picture being drawn. */
    int width, height;
    uint32_t background;
    bool failed;
    /* The samples the items being tessellated may paint, inclusive: the
     * picture's, or the list's last CLIP. */
    int64_t clip_x0, clip_y0, clip_x1, clip_y1;

    /* Stage 1's output. */
    lr_op *ops;
    size_t op_count, op_capacity;
    lr_tri *tris;
    size_t tri_count, tri_capacity;
    lr_shade *shades;
    size_t shade_count, shade_capacity;
    lr_depth_plane *planes;
    size_t plane_count, plane_capacity;
    lr_glyph_op *glyph_ops;
    size_t glyph_count, glyph_capacity;
    lr_poly *polys;
    size_t poly_count, poly_capacity;
    lr_poly_edge *edges;
    size_t edge_count, edge_capacity;
    /* Tests only: every fan as triangles (no polygon ops), to check that a
     * polygon op paints the same bytes. */
    bool fans_only;
    /* Tests only: every span one sample at a time, the plain way (no pairs,
     * no quads, every colour clamped), to check the quick ways. */
    bool plain_spans;

    /* Stage 1's scratch: a path's or polygon's points, picture pixels. */
    double *x, *y;
    uint32_t *rgba;
    int *next;
    size_t scratch_capacity;
    double *cx, *cy; /* clipping */
    size_t clip_capacity;

    /* Stage 2: ops per tile. */
    int tiles_x, tiles_y;
    uint32_t *bin_start; /* tiles_x * tiles_y + 1 */
    uint32_t *bin_ops;
    size_t bin_start_capacity, bin_capacity;

    lr_tile_scratch *scratch; /* one per thread */
    int scratch_count;
};

/* tessellate.c: every item of list into ops (clears the previous ones). */
void lr_tessellate_list(lr_raster *raster, const lr_list *list);

/* setup.c: one triangle of picture points (inside the guard band) set up
 * for filling, with corner colours and (depth != NULL) depths, appended as
 * an op; lr_clipped_triangle clips one that may reach past the band first;
 * lr_quad is two triangles (0 1 2, 0 2 3). */
void lr_triangle(lr_raster *raster, const double x[3], const double y[3], const uint32_t color[3],
                 const double *depth);
void lr_clipped_triangle(lr_raster *raster, const double x[3], const double y[3],
                         const uint32_t color[3], const double *depth);
void lr_quad(lr_raster *raster, const double x[4], const double y[4], const uint32_t color[4]);
/* Appends an op over the box of samples x0..x1, y0..y1 (inclusive). */
void lr_push_op(lr_raster *raster, op_kind kind, uint32_t index, int32_t x0, int32_t y0, int32_t x1,
                int32_t y1);
/* Cuts a box of samples (inclusive) to those the list's last CLIP lets
 * items paint; false when nothing is left. */
bool lr_clip_box(const lr_raster *raster, int64_t *x0, int64_t *y0, int64_t *x1, int64_t *y1);
/* Whether a picture point lies within the guard band around the canvas. */
bool lr_inside_guard(const lr_raster *raster, double x, double y);
/* A polygon corner with what is blended across it: r, g, b, a and depth. */
typedef struct lr_corner {
    double x, y, value[5];
} lr_corner;
/* Sutherland-Hodgman of n corners against the guard band (in is
 * overwritten); out holds 2 n + 8. Returns the corners left, in in. */
size_t lr_clip_corners(const lr_raster *raster, lr_corner *in, size_t n, lr_corner *out);
/* Channel k of an RGBA colour (0 red .. 3 alpha). */
static inline int lr_channel(uint32_t rgba, int k) {
    return (int)((rgba >> (24 - 8 * k)) & 0xFFu);
}

/* fill.c: one op painted into one tile whose samples are [tx0, tx0 + tw) x
 * [ty0, ty0 + th) of the canvas. */
void lr_fill_triangle(const lr_raster *raster, const lr_tri *tri, lr_tile_scratch *tile, int tx0,
                      int ty0, int tw, int th);
void lr_fill_glyph(const lr_glyph_op *glyph, lr_tile_scratch *tile, int tx0, int ty0, int tw,
                   int th);
/* cover, when not NULL, is the op painted next in this tile, an opaque
 * polygon: the samples it will paint over are left out (their colour would
 * not last). */
void lr_fill_polygon(const lr_raster *raster, const lr_poly *poly, const lr_poly *cover,
                     lr_tile_scratch *tile, int tx0, int ty0, int tw, int th);

/* polygon.c: the flat fan of n corners (picture pixels) around a centre
 * (cx, cy) (x and y then hold n + 1 corners, the last closing the fan as its
 * last triangle has it), or from its first corner when centre is false, as
 * one polygon
 * op when that paints exactly the fan's samples; false when it does not (a
 * fan that is not convex in the canvas's fixed point, too many corners, no
 * memory): the caller draws the triangles. */
bool lr_polygon_fan(lr_raster *raster, const double *x, const double *y, size_t n, bool centre,
                    double cx, double cy, uint32_t color);
/* Whether polygon op p can touch the samples [x0, x1] x [y0, y1]. */
bool lr_polygon_touches(const lr_raster *raster, const lr_poly *p, int64_t x0, int64_t y0,
                        int64_t x1, int64_t y1);
/* A corner of picture pixels in the canvas's fixed point (1/256 sample). */
static inline int64_t lr_fixed(double v) {
    return llround(v * (SUPERSAMPLE * 256.0));
}

/* Byte order of a picture pixel in a 32-bit word (RGBA32: bytes R, G, B, A). */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
enum { SHIFT_R = 24, SHIFT_G = 16, SHIFT_B = 8, SHIFT_A = 0 };
#else
enum { SHIFT_R = 0, SHIFT_G = 8, SHIFT_B = 16, SHIFT_A = 24 };
#endif

/* A 0xRRGGBBAA colour as a pixel word. */
static inline uint32_t lr_pixel_of(uint32_t rgba) {
    return ((rgba >> 24) & 0xFFu) << SHIFT_R | ((rgba >> 16) & 0xFFu) << SHIFT_G |
           ((rgba >> 8) & 0xFFu) << SHIFT_B | (rgba & 0xFFu) << SHIFT_A;
}

#endif
