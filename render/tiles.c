/*
 * tiles.c - stage 2 of the backend: the ops sorted into tiles, each tile
 * painted and averaged into the picture on its own (see raster.h).
 *
 * A tile's canvas (TILE_SAMPLES square) stays in the cache while every op
 * touching it is painted, so no full-size canvas is ever written or read
 * back: a 1920x1080 picture is 510 tiles of 64 KiB. Tiles with nothing in
 * them are filled with the background (or left alone when drawing over the
 * picture). Binning keeps the ops' order; a triangle whose box crosses a
 * tile it cannot touch (one edge has every corner of the tile outside) is
 * left out of that tile's list.
 */
#include "raster.h"

#include "pool.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

lr_raster *lr_raster_create(const lr_fonts *fonts) {
    lr_raster *raster = calloc(1, sizeof *raster);
    if (!raster)
        return NULL;
    raster->fonts = fonts;
    raster->threads = 1;
    if (fonts && !(raster->glyphs = lr_glyphs_create(fonts))) {
        free(raster);
        return NULL;
    }
    return raster;
}

void lr_raster_destroy(lr_raster *raster) {
    if (!raster)
        return;
    lr_pool_destroy(raster->pool);
    lr_glyphs_destroy(raster->glyphs);
    free(raster->ops);
    free(raster->tris);
    free(raster->shades);
    free(raster->planes);
    free(raster->glyph_ops);
    free(raster->polys);
    free(raster->edges);
    free(raster->x);
    free(raster->y);
    free(raster->rgba);
    free(raster->next);
    free(raster->cx);
    free(raster->cy);
    free(raster->bin_start);
    free(raster->bin_ops);
    free(raster->scratch);
    free(raster);
}

void lr_raster_set_interrupt(lr_raster *raster, bool (*stop)(void *context), void *context) {
    raster->stop = stop;
    raster->stop_context = context;
}

bool lr_raster_stopped(const lr_raster *raster) {
    return atomic_load_explicit(&raster->stopped, memory_order_relaxed);
}

bool lr_raster_ask(lr_raster *raster) {
    if (lr_raster_stopped(raster))
        return true;
    if (raster->stop && raster->stop(raster->stop_context)) {
        atomic_store_explicit(&raster->stopped, true, memory_order_relaxed);
        return true;
    }
    return false;
}

void lr_raster_set_threads(lr_raster *raster, int threads) {
    threads = threads < 1 ? 1 : threads > 64 ? 64 : threads;
    if (threads == raster->threads)
        return;
    lr_pool_destroy(raster->pool);
    raster->pool = NULL;
    raster->threads = threads;
}

/* Whether triangle t can touch the samples [x0, x1] x [y0, y1]: false when
 * some edge is negative at every corner. */
static bool touches(const lr_tri *t, int64_t x0, int64_t y0, int64_t x1, int64_t y1) {
    for (int k = 0; k < 3; k++) {
        int64_t px = t->a[k] > 0 ? x1 : x0, py = t->b[k] > 0 ? y1 : y0;
        if (t->a[k] * px + t->b[k] * py + t->c[k] < 0)
            return false;
    }
    return true;
}

/* Edge tests (and ops) between two looks at the interrupt while binning:
 * a few milliseconds. An op's tests are its tiles times its edges, so
 * thousands of picture-sized discs of hundreds of edges each (millions of
 * tests apiece at 1920x1080) are counted as the work they are. */
#define STOP_BINNED ((int64_t)1 << 22)

/* Calls through every (op, tile) pair in op order: count (fill false) or
 * fill; false when the interrupt stopped it (the bins are then unusable). */
static bool each_bin(lr_raster *r, bool fill, uint32_t *cursor) {
    int64_t work = 0;
    for (size_t i = 0; i < r->op_count; i++) {
        if (work > STOP_BINNED) {
            work = 0;
            if (lr_raster_ask(r))
                return false;
        }
        const lr_op *op = &r->ops[i];
        int tx0 = op->x0 / TILE_SAMPLES, tx1 = op->x1 / TILE_SAMPLES;
        int ty0 = op->y0 / TILE_SAMPLES, ty1 = op->y1 / TILE_SAMPLES;
        bool single = tx0 == tx1 && ty0 == ty1;
        const lr_tri *t = op->kind == OP_TRIANGLE ? &r->tris[op->index] : NULL;
        const lr_poly *p = op->kind == OP_POLYGON ? &r->polys[op->index] : NULL;
        work += 1 + (single ? 0
                            : (int64_t)(tx1 - tx0 + 1) * (ty1 - ty0 + 1) *
                                  (t   ? 3
                                   : p ? (int64_t)p->count
                                       : 0));
        for (int ty = ty0; ty <= ty1; ty++) {
            for (int tx = tx0; tx <= tx1; tx++) {
                int64_t sx0 = (int64_t)tx * TILE_SAMPLES, sy0 = (int64_t)ty * TILE_SAMPLES;
                int64_t sx1 = sx0 + TILE_SAMPLES - 1, sy1 = sy0 + TILE_SAMPLES - 1;
                if (!single && ((t && !touches(t, sx0, sy0, sx1, sy1)) ||
                                (p && !lr_polygon_touches(r, p, sx0, sy0, sx1, sy1))))
                    continue;
                size_t tile = (size_t)ty * (size_t)r->tiles_x + (size_t)tx;
                if (fill)
                    r->bin_ops[cursor[tile]++] = (uint32_t)i;
                else
                    r->bin_start[tile + 1]++;
            }
        }
    }
    return true;
}

static bool bin(lr_raster *r) {
    size_t tiles = (size_t)r->tiles_x * (size_t)r->tiles_y;
    if (!lr_grow((void **)&r->bin_start, &r->bin_start_capacity, tiles + 1, sizeof(uint32_t)))
        return false;
    memset(r->bin_start, 0, (tiles + 1) * sizeof(uint32_t));
    if (!each_bin(r, false, NULL))
        return true; /* stopped: nothing is drawn */
    for (size_t t = 0; t < tiles; t++) {
        if (r->bin_start[t + 1] > UINT32_MAX - r->bin_start[t])
            return false;
        r->bin_start[t + 1] += r->bin_start[t];
    }
    if (!lr_grow((void **)&r->bin_ops, &r->bin_capacity, (size_t)r->bin_start[tiles] + 1,
                 sizeof(uint32_t)))
        return false;
    /* The ends of the bins double as fill cursors, then are restored. */
    uint32_t *cursor = malloc((tiles + 1) * sizeof(uint32_t));
    if (!cursor)
        return false;
    memcpy(cursor, r->bin_start, (tiles + 1) * sizeof(uint32_t));
    each_bin(r, true, cursor);
    free(cursor);
    return true;
}

typedef struct draw_job {
    lr_raster *raster;
    unsigned char *pixels;
    int pitch;
    bool over;
    bool depth; /* some op has a depth plane */
} draw_job;

/* Averages each block of the tile into its picture pixel, rounding to
 * nearest; a block of equal samples (most of a picture) is copied. */
static void resolve(const lr_tile_scratch *s, unsigned char *pixels, int pitch, int px0, int py0,
                    int pw, int ph) {
    _Static_assert(SUPERSAMPLE == 2, "resolve averages 2x2 blocks");
    const uint32_t low = 0x00FF00FFu, half = 0x00020002u;
    for (int y = 0; y < ph; y++) {
        const uint32_t *row0 = s->samples + (size_t)(2 * y) * TILE_SAMPLES;
        const uint32_t *row1 = row0 + TILE_SAMPLES;
        uint32_t *out = (uint32_t *)(pixels + (size_t)(py0 + y) * (size_t)pitch) + px0;
        for (int x = 0; x < pw; x++) {
            /* Both rows' pairs at once: the block is one colour when they
             * are equal and a pair's halves too. */
            uint64_t top, bottom;
            memcpy(&top, row0 + 2 * x, sizeof top);
            memcpy(&bottom, row1 + 2 * x, sizeof bottom);
            if (top == bottom && (uint32_t)top == (uint32_t)(top >> 32)) {
                out[x] = (uint32_t)top;
                continue;
            }
            uint32_t p0 = row0[2 * x], p1 = row0[2 * x + 1], p2 = row1[2 * x], p3 = row1[2 * x + 1];
            uint32_t even = (p0 & low) + (p1 & low) + (p2 & low) + (p3 & low);
            uint32_t odd =
                ((p0 >> 8) & low) + ((p1 >> 8) & low) + ((p2 >> 8) & low) + ((p3 >> 8) & low);
            out[x] = (((even + half) >> 2) & low) | ((((odd + half) >> 2) & low) << 8);
        }
    }
}

/* Samples painted between two looks at the interrupt: a 1280x720 canvas. */
#define STOP_WORK ((int64_t)2560 * 1440)

static void draw_tile(void *context, size_t index, int worker) {
    draw_job *job = context;
    lr_raster *r = job->raster;
    if (worker == 0 ? lr_raster_ask(r) : lr_raster_stopped(r))
        return; /* stopped: the rest of the picture is left undrawn */
    lr_tile_scratch *s = &r->scratch[worker];
    int tx = (int)(index % (size_t)r->tiles_x), ty = (int)(index / (size_t)r->tiles_x);
    int px0 = tx * TILE, py0 = ty * TILE;
    int pw = r->width - px0 < TILE ? r->width - px0 : TILE;
    int ph = r->height - py0 < TILE ? r->height - py0 : TILE;
    uint32_t first = r->bin_start[index], end = r->bin_start[index + 1];
    if (first == end) {
        if (!job->over)
            for (int y = 0; y < ph; y++)
                memcpy(job->pixels + (size_t)(py0 + y) * (size_t)job->pitch + 4 * (size_t)px0,
                       s->background, 4 * (size_t)pw);
        return;
    }
    int sw = pw * SUPERSAMPLE, sh = ph * SUPERSAMPLE;
    /* The depths are read by depth triangles alone: cleared for a tile
     * that has one. */
    bool depth = false;
    for (uint32_t k = first; job->depth && !depth && k < end; k++) {
        const lr_op *op = &r->ops[r->bin_ops[k]];
        depth = op->kind == OP_TRIANGLE && r->tris[op->index].depth != NO_INDEX;
    }
    for (int y = 0; y < sh; y++) {
        uint32_t *row = s->samples + (size_t)y * TILE_SAMPLES;
        if (job->over) {
            const uint32_t *in = (const uint32_t *)(job->pixels + (size_t)(py0 + y / SUPERSAMPLE) *
                                                                      (size_t)job->pitch);
            for (int x = 0; x < sw; x++)
                row[x] = in[px0 + x / SUPERSAMPLE];
        } else {
            memcpy(row, s->background, 4 * (size_t)sw);
        }
        if (depth)
            memcpy(s->depths + (size_t)y * TILE_SAMPLES, s->far, 4 * (size_t)sw);
    }
    int sx0 = px0 * SUPERSAMPLE, sy0 = py0 * SUPERSAMPLE;
    /* Samples the ops painted so far may cover: past a canvas of them the
     * interrupt is asked (by the caller's thread; a helper only looks at
     * its answer), so a tile of thousands of picture-sized discs stops. */
    int64_t work = 0;
    for (uint32_t k = first; k < end; k++) {
        const lr_op *op = &r->ops[r->bin_ops[k]];
        int64_t ow = (int64_t)(op->x1 < sx0 + sw - 1 ? op->x1 : sx0 + sw - 1) -
                     (op->x0 > sx0 ? op->x0 : sx0) + 1;
        int64_t oh = (int64_t)(op->y1 < sy0 + sh - 1 ? op->y1 : sy0 + sh - 1) -
                     (op->y0 > sy0 ? op->y0 : sy0) + 1;
        work += ow > 0 && oh > 0 ? ow * oh : 0;
        if (work > STOP_WORK) {
            work = 0;
            if (worker == 0 ? lr_raster_ask(r) : lr_raster_stopped(r))
                break;
        }
        if (op->kind == OP_TRIANGLE) {
            lr_fill_triangle(r, &r->tris[op->index], s, sx0, sy0, sw, sh);
        } else if (op->kind == OP_POLYGON) {
            /* An opaque polygon next (a ball's next disc) paints over part
             * of this one: that part is left out. */
            const lr_op *next = k + 1 < end ? &r->ops[r->bin_ops[k + 1]] : NULL;
            const lr_poly *cover = next && next->kind == OP_POLYGON ? &r->polys[next->index] : NULL;
            lr_fill_polygon(r, &r->polys[op->index], cover && !cover->blend ? cover : NULL, s, sx0,
                            sy0, sw, sh);
        } else {
            lr_fill_glyph(&r->glyph_ops[op->index], s, sx0, sy0, sw, sh);
        }
    }
    resolve(s, job->pixels, job->pitch, px0, py0, pw, ph);
}

bool lr_raster_draw(lr_raster *raster, const lr_list *list, void *pixels, int pitch, bool over) {
    lr_raster *r = raster;
    r->width = list->width;
    r->height = list->height;
    r->background = list->background | 0xFFu;
    r->failed = false;
    atomic_store_explicit(&r->stopped, false, memory_order_relaxed);
    if (r->width < 1 || r->height < 1)
        return true;
    lr_tessellate_list(r, list);
    if (lr_raster_stopped(r))
        return true;
    r->tiles_x = (r->width + TILE - 1) / TILE;
    r->tiles_y = (r->height + TILE - 1) / TILE;
    if (!bin(r)) {
        /* Out of memory: the picture is left as it was. */
        return false;
    }
    if (lr_raster_stopped(r))
        return true;
    if (r->threads > 1 && !r->pool)
        r->pool = lr_pool_create(r->threads - 1);
    int workers = lr_pool_threads(r->pool);
    if (r->scratch_count < workers) {
        lr_tile_scratch *scratch = realloc(r->scratch, (size_t)workers * sizeof *scratch);
        if (!scratch)
            return false;
        r->scratch = scratch;
        r->scratch_count = workers;
    }
    for (int w = 0; w < workers; w++)
        for (int x = 0; x < TILE_SAMPLES; x++) {
            r->scratch[w].background[x] = lr_pixel_of(r->background);
            r->scratch[w].far[x] = INFINITY;
        }
    draw_job job = {r, pixels, pitch, over, r->plane_count > 0};
    lr_pool_run(r->pool, (size_t)r->tiles_x * (size_t)r->tiles_y, draw_tile, &job);
    return !r->failed && !list->failed;
}
