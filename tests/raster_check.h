/*
 * raster_check.h - what the tests of the raster's quick paths share
 * (render_polygon.c, render_spans.c): a reproducible random source for
 * their pictures, and one drawing of a list with the quick paths chosen,
 * to compare with the plain ones byte for byte.
 */
#ifndef LOOM_TESTS_RASTER_CHECK_H
#define LOOM_TESTS_RASTER_CHECK_H

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>

#include "../render/raster.h"

static inline uint32_t next_random(uint32_t *state) {
    *state = *state * 1664525u + 1013904223u;
    return *state >> 8;
}

/* In [lo, hi). */
static inline double uniform(uint32_t *state, double lo, double hi) {
    return lo + (hi - lo) * (next_random(state) / 16777216.0);
}

/* Which of the raster's paths a drawing takes (render/raster.h). */
typedef struct {
    bool fans_only;   /* convex fans stay triangles */
    bool plain_spans; /* spans painted one sample at a time */
    int threads;
} raster_mode;

/* LIST drawn into a new WIDTH x HEIGHT picture (free it), NULL when out of
 * memory; *polygons (may be NULL) is how many polygon ops it painted. */
static inline unsigned char *raster_draw(lr_list *list, int width, int height, raster_mode mode,
                                         size_t *polygons) {
    if (polygons)
        *polygons = 0;
    lr_raster *raster = lr_raster_create(NULL);
    unsigned char *pixels = malloc((size_t)width * height * 4);
    if (!raster || !pixels) {
        free(pixels);
        lr_raster_destroy(raster);
        return NULL;
    }
    raster->fans_only = mode.fans_only;
    raster->plain_spans = mode.plain_spans;
    lr_raster_set_threads(raster, mode.threads);
    lr_raster_draw(raster, list, pixels, width * 4, false);
    if (polygons)
        *polygons = raster->poly_count;
    lr_raster_destroy(raster);
    return pixels;
}

#endif
