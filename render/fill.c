/*
 * fill.c - stage 3 of the backend: one triangle or glyph painted into one
 * tile's samples (see raster.h).
 *
 * A triangle is painted row by row. On a row, each edge a px + (b py + c) >= 0
 * bounds px on one side: px >= ceil(-(b py + c) / a) when a > 0, px <=
 * floor((b py + c) / -a) when a < 0; the span between the bounds is exactly
 * the samples whose edge functions pass, found with one integer division per
 * edge and row instead of a test per sample. Colours come from the
 * triangle's fixed-point planes, depths from its one double expression: a
 * sample gets the same value in any tile.
 *
 * A polygon op (polygon.c) is painted the same way, a row's span bounded by
 * the edges crossing that row; where the op painted next in the tile is an
 * opaque polygon (a ball's next, smaller disc), the part of each row it will
 * paint over is left out: those samples' colour would not last, and
 * polygons write no depth.
 *
 * Blending: out = (src a + dst (255 - a)) / 255 per channel, rounded to
 * nearest; the picture stays opaque.
 *
 * Speed (bench/bench_fill.c, RESULTS.md): each kind of span has its own
 * loop (no per-sample test of shading, blending or depth), a translucent
 * span reuses its blend while the colour under it repeats (a floor over
 * the background: most of a tablecloth's picture) and checks two samples
 * at once for it, red and blue blend in one word, the edge walk steps
 * without a branch, an opaque depth span tests four samples at a time
 * (generic vectors), and a shaded span whose colour planes stay in range
 * from end to end skips the clamps. Every sample keeps exactly the
 * arithmetic above: the same bytes as before, on any thread
 * (tests/render_spans.c and render_polygon.c check the quick ways against
 * the plain ones).
 */
#include "raster.h"

#include <string.h>

static inline int64_t floor_div(int64_t n, int64_t d) { /* d > 0 */
    int64_t q = n / d;
    return (n % d != 0 && n < 0) ? q - 1 : q;
}

/* x / 255 rounded to nearest, for x in [0, 255 * 255]. */
static inline uint32_t div255(uint32_t x) {
    x += 128;
    return (x + (x >> 8)) >> 8;
}

/* The blend of one colour over many samples, with its src a products made
 * once: the red and blue products share a word (two 16-bit lanes, each at
 * most 255 * 255 + 128 + 255 < 65536, so div255 runs on both at once with
 * no carry between them: the same bytes as one channel at a time). */
_Static_assert(SHIFT_R / 16 != SHIFT_B / 16 && SHIFT_R % 16 == SHIFT_B % 16,
               "red and blue sit at the same place in the two halves of a pixel word");
/* Where red and blue sit in their halves of the word: shifted down by LOW,
 * each is the low byte of a 16-bit lane. */
enum { LOW = SHIFT_R % 16 };

typedef struct blend_over {
    uint32_t rb, g, keep; /* r a and b a in their lanes, g a, 255 - a */
} blend_over;

static inline blend_over blend_over_of(uint32_t r, uint32_t g, uint32_t b, uint32_t a) {
    blend_over o = {(r * a) << (SHIFT_R - LOW) | (b * a) << (SHIFT_B - LOW), g * a, 255 - a};
    return o;
}

static inline uint32_t blend_with(uint32_t dst, blend_over o) {
    uint32_t rb = ((dst >> LOW) & 0x00FF00FFu) * o.keep + o.rb + 0x00800080u;
    rb = ((rb + ((rb >> 8) & 0x00FF00FFu)) >> 8) & 0x00FF00FFu;
    uint32_t g = ((dst >> SHIFT_G) & 0xFFu) * o.keep + o.g + 128;
    g = (g + (g >> 8)) >> 8;
    return rb << LOW | g << SHIFT_G | 0xFFu << SHIFT_A;
}

static inline uint32_t blend(uint32_t dst, uint32_t r, uint32_t g, uint32_t b, uint32_t a) {
    return blend_with(dst, blend_over_of(r, g, b, a));
}

/* v / 65536 rounded, clamped to [0, 255] (v <= 0 rounds to 0 or below). */
static inline uint32_t plane_channel(int64_t v) {
    int64_t c = (v + 32768) >> 16;
    c = c < 0 ? 0 : c;
    return c > 255 ? 255 : (uint32_t)c;
}

/* A span of samples [lo, hi] of one row (index px - tx0 into row). */
static void span_flat(uint32_t *row, int64_t lo, int64_t hi, uint32_t pixel) {
    for (int64_t px = lo; px <= hi; px++)
        row[px] = pixel;
}

/* A translucent colour over a span: most of it lies over one colour (the
 * background, a floor), so the last sample's blend is kept and reused
 * while the colour under it stays the same. */
static void span_blend(uint32_t *row, int64_t lo, int64_t hi, uint32_t rgba, bool plain) {
    uint32_t a = rgba & 0xFFu;
    if (!a || lo > hi)
        return;
    blend_over o = blend_over_of(rgba >> 24, (rgba >> 16) & 0xFFu, (rgba >> 8) & 0xFFu, a);
    uint32_t under = row[lo], over = blend_with(under, o);
    /* Two samples at a time while both are the colour under (a floor over
     * the background: most of them), then one. */
    uint64_t under2 = (uint64_t)under << 32 | under, over2 = (uint64_t)over << 32 | over;
    int64_t px = lo;
    while (px <= hi) {
        for (; !plain && px < hi; px += 2) {
            uint64_t two;
            memcpy(&two, row + px, sizeof two);
            if (two != under2)
                break;
            memcpy(row + px, &over2, sizeof over2);
        }
        if (px > hi)
            break;
        uint32_t dst = row[px];
        if (dst != under) {
            under = dst;
            over = blend_with(dst, o);
            under2 = (uint64_t)under << 32 | under;
            over2 = (uint64_t)over << 32 | over;
        }
        row[px++] = over;
    }
}

/* channel[] holds the planes' values at lo; they step by gx. */
static void span_shade(uint32_t *row, int64_t lo, int64_t hi, int64_t channel[4],
                       const int64_t gx[4]) {
    for (int64_t px = lo; px <= hi; px++) {
        uint32_t r = plane_channel(channel[0]), g = plane_channel(channel[1]),
                 b = plane_channel(channel[2]), a = plane_channel(channel[3]);
        for (int ch = 0; ch < 4; ch++)
            channel[ch] += gx[ch];
        if (a == 255)
            row[px] = r << SHIFT_R | g << SHIFT_G | b << SHIFT_B | 0xFFu << SHIFT_A;
        else if (a)
            row[px] = blend(row[px], r, g, b, a);
    }
}

/* A depth triangle's span: each sample painted only where nearer. Its depth
 * is the same expression in any tile: the row's part first, then the
 * sample's, rounded to float. The three kinds of triangle get a loop each,
 * so none tests the kind per sample. */
typedef struct depth_row {
    double row, gx; /* the row's part, the step along it */
    int64_t offset; /* px + offset: the sample's distance from the plane's origin */
} depth_row;

static inline depth_row depth_row_of(const lr_depth_plane *plane, int64_t py, int64_t tx0) {
    depth_row d = {plane->d0 + plane->gy * (double)(py - plane->oy), plane->gx, tx0 - plane->ox};
    return d;
}

/* The distance of sample lo from the plane's origin, as a double that the
 * loops step by 1: an integer far below 2^53, so exactly the value a
 * conversion of px + offset would give, without one per sample. */
static inline double depth_x(depth_row d, int64_t lo) {
    return (double)(lo + d.offset);
}

static inline float depth_at(depth_row d, double x) {
    return (float)(d.row + d.gx * x);
}

/* Four samples at a time where the compiler has generic vectors (gcc and
 * clang: SSE2 on any x86-64): every lane does the scalar loop's IEEE
 * operations (the row's part plus gx times x, in double, rounded to float;
 * no FMA: -ffp-contract=off), and a sample that is not nearer gets back
 * the depth and colour it had. The same bits as one at a time. */
#if defined(__GNUC__)
#define QUADS 1
typedef double f64x4 __attribute__((vector_size(32)));
typedef float f32x4 __attribute__((vector_size(16)));
typedef int32_t i32x4 __attribute__((vector_size(16)));
typedef uint32_t u32x4 __attribute__((vector_size(16)));

/* Samples px to px + 3 at *x: the depths written where nearer; those
 * lanes all ones. */
static inline u32x4 depth_quad(float *depths, int64_t px, const depth_row *d, const f64x4 *x) {
    f64x4 row = {d->row, d->row, d->row, d->row}, gx = {d->gx, d->gx, d->gx, d->gx};
    f32x4 depth = __builtin_convertvector(row + gx * *x, f32x4), old;
    memcpy(&old, depths + px, sizeof old);
    i32x4 nearer = depth < old;
    i32x4 kept = ((i32x4)depth & nearer) | ((i32x4)old & ~nearer);
    memcpy(depths + px, &kept, sizeof kept);
    return (u32x4)nearer;
}

/* colour into samples px to px + 3 where nearer. */
static inline void color_quad(uint32_t *row, int64_t px, u32x4 nearer, u32x4 color) {
    u32x4 old;
    memcpy(&old, row + px, sizeof old);
    u32x4 out = (color & nearer) | (old & ~nearer);
    memcpy(row + px, &out, sizeof out);
}
#endif

/* Opaque and flat: the colour where nearer. */
static void span_depth_flat(uint32_t *row, float *depths, int64_t lo, int64_t hi, depth_row d,
                            uint32_t pixel, bool plain) {
    double x = depth_x(d, lo);
#ifdef QUADS
    f64x4 xs = {x, x + 1.0, x + 2.0, x + 3.0};
    u32x4 color = {pixel, pixel, pixel, pixel};
    for (; !plain && lo + 3 <= hi; lo += 4, xs += 4.0)
        color_quad(row, lo, depth_quad(depths, lo, &d, &xs), color);
    x = xs[0];
#endif
    for (int64_t px = lo; px <= hi; px++, x += 1.0) {
        float depth = depth_at(d, x);
        if (depth < depths[px]) {
            depths[px] = depth;
            row[px] = pixel;
        }
    }
}

/* Flat and translucent. */
static void span_depth_blend(uint32_t *row, float *depths, int64_t lo, int64_t hi, depth_row d,
                             uint32_t rgba) {
    blend_over o =
        blend_over_of(rgba >> 24, (rgba >> 16) & 0xFFu, (rgba >> 8) & 0xFFu, rgba & 0xFFu);
    double x = depth_x(d, lo);
    for (int64_t px = lo; px <= hi; px++, x += 1.0) {
        float depth = depth_at(d, x);
        if (depth < depths[px]) {
            depths[px] = depth;
            row[px] = blend_with(row[px], o);
        }
    }
}

/* Whether a channel's plane stays where plane_channel needs no clamp from
 * sample lo to lo + n (it is linear: its ends say). */
static inline bool unclamped(int64_t v, int64_t step, int64_t n) {
    enum { LOWEST = -32768, HIGHEST = 256 * 65536 - 32769 };
    int64_t end = v + step * n;
    return v >= LOWEST && v <= HIGHEST && end >= LOWEST && end <= HIGHEST;
}

/* Shaded, alpha 255 over the whole triangle (its alpha plane constant). */
static void span_depth_shade_opaque(uint32_t *row, float *depths, int64_t lo, int64_t hi,
                                    depth_row d, const int64_t channel[4], const int64_t gx[4],
                                    bool plain) {
    int64_t r = channel[0], g = channel[1], b = channel[2];
    double x = depth_x(d, lo);
    if (!plain && unclamped(r, gx[0], hi - lo) && unclamped(g, gx[1], hi - lo) &&
        unclamped(b, gx[2], hi - lo)) {
        /* Every value v + 32768 in [0, 2^24): no clamp, and 32 bits hold
         * it (steps wrap modulo 2^32 to the same values). */
        uint32_t r32 = (uint32_t)(r + 32768), g32 = (uint32_t)(g + 32768),
                 b32 = (uint32_t)(b + 32768);
        uint32_t sr = (uint32_t)gx[0], sg = (uint32_t)gx[1], sb = (uint32_t)gx[2];
#ifdef QUADS
        f64x4 xs = {x, x + 1.0, x + 2.0, x + 3.0};
        u32x4 rs = {r32, r32 + sr, r32 + 2 * sr, r32 + 3 * sr},
              gs = {g32, g32 + sg, g32 + 2 * sg, g32 + 3 * sg},
              bs = {b32, b32 + sb, b32 + 2 * sb, b32 + 3 * sb};
        for (; lo + 3 <= hi; lo += 4, xs += 4.0) {
            u32x4 color = (rs >> 16) << SHIFT_R | (gs >> 16) << SHIFT_G | (bs >> 16) << SHIFT_B |
                          0xFFu << SHIFT_A;
            color_quad(row, lo, depth_quad(depths, lo, &d, &xs), color);
            rs += 4 * sr;
            gs += 4 * sg;
            bs += 4 * sb;
        }
        x = xs[0];
        r32 = rs[0];
        g32 = gs[0];
        b32 = bs[0];
#endif
        for (int64_t px = lo; px <= hi; px++, x += 1.0) {
            float depth = depth_at(d, x);
            if (depth < depths[px]) {
                depths[px] = depth;
                row[px] = (r32 >> 16) << SHIFT_R | (g32 >> 16) << SHIFT_G | (b32 >> 16) << SHIFT_B |
                          0xFFu << SHIFT_A;
            }
            r32 += sr;
            g32 += sg;
            b32 += sb;
        }
        return;
    }
    for (int64_t px = lo; px <= hi; px++, x += 1.0) {
        float depth = depth_at(d, x);
        if (depth < depths[px]) {
            depths[px] = depth;
            row[px] = plane_channel(r) << SHIFT_R | plane_channel(g) << SHIFT_G |
                      plane_channel(b) << SHIFT_B | 0xFFu << SHIFT_A;
        }
        r += gx[0];
        g += gx[1];
        b += gx[2];
    }
}

/* Shaded, any alpha. */
static void span_depth_shade(uint32_t *row, float *depths, int64_t lo, int64_t hi, depth_row d,
                             int64_t channel[4], const int64_t gx[4]) {
    double x = depth_x(d, lo);
    for (int64_t px = lo; px <= hi; px++, x += 1.0) {
        float depth = depth_at(d, x);
        if (depth < depths[px]) {
            depths[px] = depth;
            uint32_t r = plane_channel(channel[0]), g = plane_channel(channel[1]),
                     b = plane_channel(channel[2]), a = plane_channel(channel[3]);
            if (a == 255)
                row[px] = r << SHIFT_R | g << SHIFT_G | b << SHIFT_B | 0xFFu << SHIFT_A;
            else if (a)
                row[px] = blend(row[px], r, g, b, a);
        }
        for (int ch = 0; ch < 4; ch++)
            channel[ch] += gx[ch];
    }
}

/* An edge's bound on px along the rows, stepped exactly: floor((b py + c)
 * / d) for d = |a|, as a quotient and a remainder in [0, d). */
typedef struct edge_walk {
    int64_t q, r, d, step_q, step_r;
    int sign;     /* +1: a lower bound (a > 0), -1: an upper bound (a < 0), 0: a == 0 */
    int64_t rest; /* a == 0: b py + c */
    int64_t b;
} edge_walk;

static void walk_start(edge_walk *w, int64_t a, int64_t b, int64_t c, int64_t py) {
    w->b = b;
    w->rest = b * py + c;
    if (a == 0) {
        w->sign = 0;
        return;
    }
    w->sign = a > 0 ? 1 : -1;
    w->d = a > 0 ? a : -a;
    w->q = floor_div(w->rest, w->d);
    w->r = w->rest - w->q * w->d;
    w->step_q = floor_div(b, w->d);
    w->step_r = b - w->step_q * w->d;
}

/* Without a branch on the remainder's carry: it comes and goes with the
 * edge's slope, and a mispredicted branch per edge and row cost more than
 * the rest of the row's set-up. */
static inline void walk_next(edge_walk *w) {
    w->rest += w->b;
    if (w->sign == 0)
        return;
    int64_t r = w->r + w->step_r;
    int64_t carry = r >= w->d;
    w->q += w->step_q + carry;
    w->r = r - (w->d & -carry);
}

void lr_fill_triangle(const lr_raster *raster, const lr_tri *t, lr_tile_scratch *tile, int tx0,
                      int ty0, int tw, int th) {
    int y_lo = t->y0 > ty0 ? t->y0 : ty0, y_hi = t->y1 < ty0 + th - 1 ? t->y1 : ty0 + th - 1;
    int x_min = t->x0 > tx0 ? t->x0 : tx0, x_max = t->x1 < tx0 + tw - 1 ? t->x1 : tx0 + tw - 1;
    if (y_lo > y_hi || x_min > x_max)
        return;
    const lr_shade *shade = t->shade == NO_INDEX ? NULL : &raster->shades[t->shade];
    const lr_depth_plane *plane = t->depth == NO_INDEX ? NULL : &raster->planes[t->depth];
    uint32_t flat = lr_pixel_of(t->color);
    /* Alpha 255 everywhere: its plane flat at a value that rounds to 255. */
    bool plain = raster->plain_spans;
    bool opaque_shade =
        shade && shade->gx[3] == 0 && shade->gy[3] == 0 && plane_channel(shade->p[3]) == 255;
    edge_walk walks[3];
    for (int k = 0; k < 3; k++)
        walk_start(&walks[k], t->a[k], t->b[k], t->c[k], y_lo);
    for (int py = y_lo; py <= y_hi; py++) {
        int64_t lo = x_min, hi = x_max;
        for (int k = 0; k < 3; k++) {
            const edge_walk *w = &walks[k];
            if (w->sign > 0) {
                /* a px + rest >= 0: px >= ceil(-rest / a) = -floor(rest / a) */
                if (-w->q > lo)
                    lo = -w->q;
            } else if (w->sign < 0) {
                if (w->q < hi)
                    hi = w->q;
            } else if (w->rest < 0) {
                hi = lo - 1;
            }
        }
        for (int k = 0; k < 3; k++)
            walk_next(&walks[k]);
        if (lo > hi)
            continue;
        /* Indexed by px - tx0. */
        uint32_t *row = tile->samples + (size_t)(py - ty0) * TILE_SAMPLES;
        int64_t a = lo - tx0, b = hi - tx0;
        int64_t channel[4] = {0, 0, 0, 0};
        if (shade)
            for (int ch = 0; ch < 4; ch++)
                channel[ch] = shade->p[ch] + shade->gx[ch] * (lo - shade->ox) +
                              shade->gy[ch] * (py - shade->oy);
        if (plane) {
            float *depths = tile->depths + (size_t)(py - ty0) * TILE_SAMPLES;
            depth_row d = depth_row_of(plane, py, tx0);
            if (opaque_shade)
                span_depth_shade_opaque(row, depths, a, b, d, channel, shade->gx, plain);
            else if (shade)
                span_depth_shade(row, depths, a, b, d, channel, shade->gx);
            else if (!t->blend)
                span_depth_flat(row, depths, a, b, d, flat, plain);
            else
                span_depth_blend(row, depths, a, b, d, t->color);
        } else if (shade)
            span_shade(row, a, b, channel, shade->gx);
        else if (!t->blend)
            span_flat(row, a, b, flat);
        else
            span_blend(row, a, b, t->color, plain);
    }
}

void lr_fill_glyph(const lr_glyph_op *g, lr_tile_scratch *tile, int tx0, int ty0, int tw, int th) {
    uint32_t r = g->color >> 24, gr = (g->color >> 16) & 0xFFu, b = (g->color >> 8) & 0xFFu,
             alpha = g->color & 0xFFu;
    /* Picture pixels of the glyph inside the tile. */
    int px0 = g->x, py0 = g->y, px1 = g->x + g->width, py1 = g->y + g->height;
    int tpx0 = tx0 / SUPERSAMPLE, tpy0 = ty0 / SUPERSAMPLE;
    int tpx1 = (tx0 + tw) / SUPERSAMPLE, tpy1 = (ty0 + th) / SUPERSAMPLE;
    tpx0 = tpx0 > g->clip_x0 ? tpx0 : g->clip_x0;
    tpy0 = tpy0 > g->clip_y0 ? tpy0 : g->clip_y0;
    tpx1 = tpx1 < g->clip_x1 ? tpx1 : g->clip_x1;
    tpy1 = tpy1 < g->clip_y1 ? tpy1 : g->clip_y1;
    if (px0 < tpx0)
        px0 = tpx0;
    if (py0 < tpy0)
        py0 = tpy0;
    if (px1 > tpx1)
        px1 = tpx1;
    if (py1 > tpy1)
        py1 = tpy1;
    for (int y = py0; y < py1; y++) {
        const unsigned char *coverage = g->coverage + (size_t)(y - g->y) * (size_t)g->width;
        for (int x = px0; x < px1; x++) {
            uint32_t c = coverage[x - g->x];
            if (!c)
                continue;
            uint32_t a = div255(alpha * c);
            if (!a)
                continue;
            for (int sy = 0; sy < SUPERSAMPLE; sy++) {
                uint32_t *row = tile->samples +
                                (size_t)(y * SUPERSAMPLE + sy - ty0) * TILE_SAMPLES +
                                (size_t)(x * SUPERSAMPLE - tx0);
                for (int sx = 0; sx < SUPERSAMPLE; sx++)
                    row[sx] =
                        a == 255 ? lr_pixel_of(g->color | 0xFFu) : blend(row[sx], r, gr, b, a);
            }
        }
    }
}

/* ------------------------------------------------------------- polygons -- */

/* A polygon's rows in one tile, from the first: the edges crossing each row
 * are started when the rows reach them and stepped until they leave. */
typedef struct poly_rows {
    const lr_poly_edge *edges;
    uint32_t count, next; /* edges, sorted by first row; the first not yet reached */
    int active;
    edge_walk walks[POLY_MOST_EDGES];
    int32_t last[POLY_MOST_EDGES]; /* each walk's edge's last row */
    int y_lo, y_hi;
    int64_t x_min, x_max;
} poly_rows;

/* The rows of polygon p in the tile from row from on; false when none. */
static bool poly_rows_start(poly_rows *w, const lr_raster *raster, const lr_poly *p, int tx0,
                            int ty0, int tw, int th, int from) {
    w->y_lo = p->y0 > ty0 ? p->y0 : ty0;
    w->y_lo = w->y_lo > from ? w->y_lo : from;
    w->y_hi = p->y1 < ty0 + th - 1 ? p->y1 : ty0 + th - 1;
    w->x_min = p->x0 > tx0 ? p->x0 : tx0;
    w->x_max = p->x1 < tx0 + tw - 1 ? p->x1 : tx0 + tw - 1;
    w->edges = raster->edges + p->first;
    w->count = p->count;
    w->next = 0;
    w->active = 0;
    return w->y_lo <= w->y_hi && w->x_min <= w->x_max;
}

/* Row py's span [*lo, *hi] (empty when *lo > *hi); rows are asked in order,
 * from y_lo, one after the other. */
static void poly_rows_next(poly_rows *w, int py, int64_t *lo, int64_t *hi) {
    while (w->next < w->count && w->edges[w->next].y0 <= py) {
        const lr_poly_edge *e = &w->edges[w->next++];
        if (e->y1 < py)
            continue;
        walk_start(&w->walks[w->active], e->a, e->b, e->c, py);
        w->last[w->active++] = e->y1;
    }
    int64_t l = w->x_min, h = w->x_max;
    int kept = 0;
    for (int k = 0; k < w->active; k++) {
        if (w->last[k] < py)
            continue; /* past its edge's rows: dropped */
        edge_walk *e = &w->walks[k];
        if (e->sign > 0) {
            if (-e->q > l)
                l = -e->q;
        } else if (e->sign < 0) {
            if (e->q < h)
                h = e->q;
        } else if (e->rest < 0) {
            h = l - 1;
        }
        walk_next(e);
        if (kept != k) {
            w->walks[kept] = *e;
            w->last[kept] = w->last[k];
        }
        kept++;
    }
    w->active = kept;
    *lo = l;
    *hi = h;
}

static void paint_flat(uint32_t *row, int64_t lo, int64_t hi, const lr_poly *p, uint32_t pixel,
                       bool plain) {
    if (lo > hi)
        return;
    if (p->blend)
        span_blend(row, lo, hi, p->color, plain);
    else
        span_flat(row, lo, hi, pixel);
}

void lr_fill_polygon(const lr_raster *raster, const lr_poly *p, const lr_poly *cover,
                     lr_tile_scratch *tile, int tx0, int ty0, int tw, int th) {
    poly_rows w, c;
    if (!poly_rows_start(&w, raster, p, tx0, ty0, tw, th, ty0))
        return;
    bool covered = cover && poly_rows_start(&c, raster, cover, tx0, ty0, tw, th, w.y_lo);
    uint32_t pixel = lr_pixel_of(p->color);
    for (int py = w.y_lo; py <= w.y_hi; py++) {
        int64_t lo, hi;
        poly_rows_next(&w, py, &lo, &hi);
        /* The cover's span, where it has rows: painted next, opaque. */
        int64_t clo = 1, chi = 0;
        if (covered && py >= c.y_lo && py <= c.y_hi)
            poly_rows_next(&c, py, &clo, &chi);
        if (lo > hi)
            continue;
        uint32_t *row = tile->samples + (size_t)(py - ty0) * TILE_SAMPLES;
        if (clo > chi || chi < lo || clo > hi) {
            paint_flat(row, lo - tx0, hi - tx0, p, pixel, raster->plain_spans);
        } else {
            paint_flat(row, lo - tx0, clo - 1 - tx0, p, pixel, raster->plain_spans);
            paint_flat(row, chi + 1 - tx0, hi - tx0, p, pixel, raster->plain_spans);
        }
    }
}
