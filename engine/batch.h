/* batch.h - the batched order (batch.c builds, relax.c projects). Only the
 * engine's own files include it */
#ifndef LOOM_BATCH_H
#define LOOM_BATCH_H

#include <stdbool.h>
#include <stdint.h>

#include "loom.h"
#include "memory.h"
#include "pool.h"
#include "step.h"

/* The batched order (batch.c builds, relax.c projects): the plain sticks
 * grouped once per topology change into batches whose members share no
 * particle, in a fixed order. The batches work on positions copied into a
 * structure of arrays, each particle at its place (lm_batch_place). Each
 * batch is a list of runs; a run of stride 1 walks places a, a + 1, ... and
 * b, b + 1, ... (a grid's rows: vectorised), a run of stride 0 lists its
 * sticks' places in ia, ib (gathered). Only the rest length is stored per
 * stick (solve order); inverse masses come from the particles. A batch with
 * `serial` set (sticks that found no colour) is projected in creation order
 * by one thread. */
typedef struct lm_batch_run {
    uint32_t a, b;    /* first places (stride 1) */
    uint32_t first;   /* first stick (index into rest) */
    uint32_t count;   /* sticks */
    uint32_t stride;  /* 1, or 0 = gathered through ia, ib */
    uint32_t gather;  /* stride 0: first index into ia, ib */
    double stiffness; /* of every stick of the run */
    /* stride 1: the inverse mass (solve_w) the run's ends have, but for its
     * exceptions (pinned or heavier particles: span_count spans from
     * first_span in lm_batches.spans, where the weights are loaded per stick),
     * or NaN when they differ too often: then every stick loads them.
     * Refreshed by lm_batches_prepare when weights change. */
    double weight;
    uint32_t first_span, span_count;
} lm_batch_run;

/* Sticks first .. first + count - 1 of a run (counted from the run's first). */
typedef struct lm_batch_span {
    uint32_t first, count;
} lm_batch_span;

typedef struct lm_batch {
    uint32_t first_run, run_count;
    uint32_t first_stick, stick_count;
    bool serial;
} lm_batch;
typedef struct lm_batches {
    bool built; /* matches the constraint store */
    uint32_t stick_count, stick_capacity;
    double *rest;      /* per stick in solve order */
    uint32_t *ia, *ib; /* particle slots of the gathered sticks */
    uint32_t gather_count, gather_capacity;
    lm_batch_run *runs;
    uint32_t run_count, run_capacity;
    lm_batch_span *spans; /* the runs' exceptions to their weight */
    uint32_t span_count, span_capacity;
    lm_batch *batches;
    uint32_t batch_count, batch_capacity;
    /* positions and inverse masses (solve_w) as structure of arrays while the
     * batches run, each particle at its place (lm_batch_place) */
    double *sx, *sy, *sz, *sw; /* in soa (see lm_batches_prepare) */
    double *soa;
    size_t soa_capacity;
    double *w_seen; /* solve_w when the runs' weights were last set (per slot) */
    bool weights_set;
    bool w_placed;      /* sw holds w_seen (relax.c copies it only after a change) */
    uint32_t particles; /* slots when built */
    /* the layout (batch.c: set_regions, place_regions): slot s = row *
     * row_length + column lives in region q = 2 (row & 1) + (column & 1), at
     * base[q] + (row >> 1) width[column & 1] + (column >> 1). A grid's rows,
     * columns and diagonals then make runs as long as a quarter of it. */
    uint32_t row_length, width[2], base[4], size[4];
    lm_pool *pool; /* threads - 1 workers, when threads > 1 */
    lm_memory *memory;
} lm_batches;

/* Where slot s lives in the batches' arrays (its place). */
static inline uint32_t lm_batch_place(const lm_batches *batches, uint32_t s) {
    uint32_t row = s / batches->row_length, column = s - row * batches->row_length;
    uint32_t odd = column & 1u;
    return batches->base[2 * (row & 1u) + odd] + (row >> 1) * batches->width[odd] + (column >> 1);
}
/* How far apart (modulo 4 KiB) the arrays x, y, z and w of the batches
 * start: a third of a page, so a run's streams do not alias. */
enum { LM_BATCH_AXIS_BYTES = 1360 };

/* Regroups the plain sticks into batches (when the constraints changed);
 * makes or remakes the thread pool. False when out of memory. */
bool lm_batches_prepare(lm_world *world);
void lm_batches_free(lm_batches *batches);
/* Whether a sweep of the batched order needs nothing but sticks and pins
 * (no colliders, contacts, other constraint kinds or tolerance): then the
 * sweeps run on the structure of arrays without converting in between. */
bool lm_batches_pure(const lm_world *world);
/* relax.c: every sweep of a pure sub-step (sticks, then pins), returns the
 * sweeps performed. */
int lm_batches_sweeps(lm_world *world, const lm_step *step, int sweeps);
/* relax.c: one pass over the batches (positions converted there and back). */
void lm_batches_sweep(lm_world *world);

#endif
