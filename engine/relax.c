/* relax.c - projecting the batches of the batched order (batch.c makes them).
 *
 * A batch's sticks share no particle, so they can be projected in any order,
 * at once: the positions are copied into a structure of arrays, and each run
 * of consecutive slots is one loop over plain arrays with precomputed rest
 * lengths and weights, no per-item dispatch, that gcc vectorises (this file is
 * built with -O3 -fno-math-errno -fno-trapping-math; -fno-math-errno only drops
 * errno from sqrt, whose argument is never negative, and -fno-trapping-math
 * lets the lanes' selects below be vectorised without AVX-512's masks; no
 * result changes). Each kernel is built for three vector widths and one is
 * chosen at run time (vector.h). Every operation is an IEEE operation on
 * one lane, with no FMA contraction and no reassociation, so the vector width
 * does not change a bit, and neither does the number of threads: each batch
 * is cut into fixed contiguous parts, one per thread, and the batches run one
 * after the other (one barrier each). */
#include <math.h>

#include "world.h"
#include "vector.h"

enum { PARALLEL_MIN = 2048 }; /* smaller batches stay on the calling thread */

/* One projection, the same arithmetic as the creation order's (stick.c): k
 * = stiffness (length - rest) / (length (w_a + w_b)), a moves by +w_a k d, b
 * by -w_b k d; a stiffness of 1 multiplies by nothing there, and here (gcc
 * folds the product by the constant 1.0 away: the same bits). A stick with
 * coincident ends, two immovable ends, or a negative rest length (a hole,
 * batch.c) moves nothing: every lane computes, then chooses a zero factor
 * (no branch, so the loops vectorise; what a skipped lane's division gives
 * is never used). */
#define PROJECT(AX, AY, AZ, BX, BY, BZ, WA, WB, REST, STIFFNESS)                                   \
    do {                                                                                           \
        double dx_ = (BX) - (AX), dy_ = (BY) - (AY), dz_ = (BZ) - (AZ);                            \
        double length_ = sqrt(dx_ * dx_ + dy_ * dy_ + dz_ * dz_), wsum_ = (WA) + (WB);             \
        double k_ = (STIFFNESS) * (length_ - (REST)) / (length_ * wsum_);                          \
        double fa_ = (WA)*k_, fb_ = (WB)*k_;                                                       \
        bool move_ = !(length_ < 1e-12) & (wsum_ != 0.0) & !((REST) < 0.0);                        \
        fa_ = move_ ? fa_ : 0.0;                                                                   \
        fb_ = move_ ? fb_ : 0.0;                                                                   \
        (AX) += dx_ * fa_;                                                                         \
        (AY) += dy_ * fa_;                                                                         \
        (AZ) += dz_ * fa_;                                                                         \
        (BX) -= dx_ * fb_;                                                                         \
        (BY) -= dy_ * fb_;                                                                         \
        (BZ) -= dz_ * fb_;                                                                         \
    } while (0)

/* Consecutive sticks whose ends a, b advance by one place each. */
LM_VECTOR_CLONES
static void run_stride1(double *restrict ax, double *restrict ay, double *restrict az,
                        double *restrict bx, double *restrict by, double *restrict bz,
                        const double *restrict wa, const double *restrict wb,
                        const double *restrict rest, double stiffness, size_t n) {
    if (stiffness == 1.0) {
        for (size_t i = 0; i < n; i++) {
            PROJECT(ax[i], ay[i], az[i], bx[i], by[i], bz[i], wa[i], wb[i], rest[i], 1.0);
        }
        return;
    }
    for (size_t i = 0; i < n; i++) {
        PROJECT(ax[i], ay[i], az[i], bx[i], by[i], bz[i], wa[i], wb[i], rest[i], stiffness);
    }
}

/* The same with every end of one inverse mass w: no weights to load. */
LM_VECTOR_CLONES
static void run_stride1_uniform(double *restrict ax, double *restrict ay, double *restrict az,
                                double *restrict bx, double *restrict by, double *restrict bz,
                                double w, const double *restrict rest, double stiffness, size_t n) {
    if (stiffness == 1.0) {
        for (size_t i = 0; i < n; i++) {
            PROJECT(ax[i], ay[i], az[i], bx[i], by[i], bz[i], w, w, rest[i], 1.0);
        }
        return;
    }
    for (size_t i = 0; i < n; i++) {
        PROJECT(ax[i], ay[i], az[i], bx[i], by[i], bz[i], w, w, rest[i], stiffness);
    }
}

/* Sticks anywhere, through their places (in order: the serial batch relies on it). */
LM_VECTOR_CLONES
static void run_gathered(double *x, double *y, double *z, const double *w, const uint32_t *ia,
                         const uint32_t *ib, const double *rest, double stiffness, size_t n) {
    for (size_t i = 0; i < n; i++) {
        uint32_t a = ia[i], b = ib[i];
        PROJECT(x[a], y[a], z[a], x[b], y[b], z[b], w[a], w[b], rest[i], stiffness);
    }
}

/* Sticks lo .. hi - 1 of a stride-1 run (counted from its first): with
 * its one weight but where its exceptions (spans) load theirs. */
static void project_stride1(const lm_batches *bt, const double *w, const lm_batch_run *run,
                            uint32_t lo, uint32_t hi) {
    double *x = bt->sx, *y = bt->sy, *z = bt->sz;
    const lm_batch_span *spans = bt->spans + run->first_span;
    bool uniform = run->weight == run->weight; /* not NaN */
    uint32_t span = 0, at = lo;
    while (at < hi) {
        /* the next piece: up to the next exception, or the exception itself */
        while (uniform && span < run->span_count && spans[span].first + spans[span].count <= at) {
            span++;
        }
        bool loads = !uniform || (span < run->span_count && spans[span].first <= at);
        uint32_t end = hi;
        if (uniform && span < run->span_count) {
            uint32_t edge = loads ? spans[span].first + spans[span].count : spans[span].first;
            end = edge < hi ? edge : hi;
        }
        size_t a = run->a + at, b = run->b + at, k = run->first + at, n = end - at;
        if (loads) {
            run_stride1(x + a, y + a, z + a, x + b, y + b, z + b, w + a, w + b, bt->rest + k,
                        run->stiffness, n);
        } else {
            run_stride1_uniform(x + a, y + a, z + a, x + b, y + b, z + b, run->weight, bt->rest + k,
                                run->stiffness, n);
        }
        at = end;
    }
}

/* Projects sticks lo .. hi - 1 of the batch (counted from its first). */
static void project_range(const lm_batches *bt, const double *w, const lm_batch *batch, uint32_t lo,
                          uint32_t hi) {
    for (uint32_t r = 0; r < batch->run_count; r++) {
        const lm_batch_run *run = &bt->runs[batch->first_run + r];
        uint32_t start = run->first - batch->first_stick, end = start + run->count;
        uint32_t from = start > lo ? start : lo, to = end < hi ? end : hi;
        if (from >= to) {
            continue;
        }
        if (run->stride == 0) {
            size_t skip = from - start, n = to - from, g = run->gather + skip;
            run_gathered(bt->sx, bt->sy, bt->sz, w, bt->ia + g, bt->ib + g,
                         bt->rest + run->first + skip, run->stiffness, n);
            continue;
        }
        project_stride1(bt, w, run, from - start, to - start);
    }
}

typedef struct batch_job {
    const lm_batches *bt;
    const double *w;
    const lm_batch *batch;
} batch_job;

/* A thread's fixed part of a batch: the same cut for every run. */
static void batch_task(void *context, int thread, int threads) {
    const batch_job *job = context;
    uint64_t n = job->batch->stick_count;
    project_range(job->bt, job->w, job->batch, (uint32_t)(n * (uint64_t)thread / (uint64_t)threads),
                  (uint32_t)(n * (uint64_t)(thread + 1) / (uint64_t)threads));
}

static void project_batches(lm_world *world) {
    const lm_batches *bt = &world->batches;
    const double *w = bt->sw;
    for (uint32_t k = 0; k < bt->batch_count; k++) {
        const lm_batch *batch = &bt->batches[k];
        if (batch->serial || !bt->pool || batch->stick_count < PARALLEL_MIN) {
            project_range(bt, w, batch, 0, batch->stick_count);
        } else {
            batch_job job = {bt, w, batch};
            lm_pool_run(bt->pool, batch_task, &job);
        }
    }
}

/* Slots lo .. hi - 1 row by row: fn(world, first slot, first place, count)
 * for each run of every other slot of a row (one column parity), whose
 * places are consecutive. */
typedef void (*span_fn)(lm_world *world, uint32_t slot, uint32_t place, uint32_t count);

static void for_spans(lm_world *world, uint32_t lo, uint32_t hi, span_fn fn) {
    const lm_batches *bt = &world->batches;
    uint64_t r = bt->row_length;
    for (uint64_t s = lo; s < hi;) {
        uint64_t row = s / r, column = s - row * r, end = (row + 1) * r < hi ? (row + 1) * r : hi;
        for (uint64_t parity = 0; parity < 2; parity++) {
            uint64_t first = column + ((column ^ parity) & 1u);
            if (row * r + first >= end) {
                continue;
            }
            uint64_t count = (end - row * r - first + 1) / 2;
            uint64_t place =
                bt->base[2 * (row & 1u) + parity] + (row >> 1) * bt->width[parity] + (first >> 1);
            fn(world, (uint32_t)(row * r + first), (uint32_t)place, (uint32_t)count);
        }
        s = end;
    }
}

static void span_to_soa(lm_world *world, uint32_t slot, uint32_t place, uint32_t count) {
    lm_batches *bt = &world->batches;
    const lm_vec3 *x = world->particles.x + slot;
    double *sx = bt->sx + place, *sy = bt->sy + place, *sz = bt->sz + place;
    for (uint32_t k = 0; k < count; k++) {
        sx[k] = x[2 * k].x;
        sy[k] = x[2 * k].y;
        sz[k] = x[2 * k].z;
    }
}

static void span_w_to_soa(lm_world *world, uint32_t slot, uint32_t place, uint32_t count) {
    const double *w = world->particles.solve_w + slot;
    double *sw = world->batches.sw + place;
    for (uint32_t k = 0; k < count; k++) {
        sw[k] = w[2 * k];
    }
}

static void span_from_soa(lm_world *world, uint32_t slot, uint32_t place, uint32_t count) {
    const lm_batches *bt = &world->batches;
    lm_vec3 *x = world->particles.x + slot;
    const double *sx = bt->sx + place, *sy = bt->sy + place, *sz = bt->sz + place;
    for (uint32_t k = 0; k < count; k++) {
        x[2 * k] = lm_v3(sx[k], sy[k], sz[k]);
    }
}

/* Positions of slots lo .. hi - 1 into their places, and their inverse
 * masses when they changed since they were last placed (w_placed). */
static void to_soa(lm_world *world, uint32_t lo, uint32_t hi) {
    for_spans(world, lo, hi, span_to_soa);
    if (!world->batches.w_placed) {
        for_spans(world, lo, hi, span_w_to_soa);
    }
}

static void from_soa(lm_world *world, uint32_t lo, uint32_t hi) {
    for_spans(world, lo, hi, span_from_soa);
}

void lm_batches_sweep(lm_world *world) {
    to_soa(world, 0, world->particles.count);
    world->batches.w_placed = true;
    project_batches(world);
    from_soa(world, 0, world->particles.count);
}

static void apply_pins(lm_world *world, const lm_step *step) {
    lm_batches *bt = &world->batches;
    for (uint32_t r = 0; r < world->constraint_run_count[1]; r++) {
        const lm_run *run = &world->constraint_runs[1][r];
        const lm_constraint_item *pins = lm_store_at(&world->constraints, run->start);
        for (uint32_t i = 0; i < run->count; i++) {
            lm_vec3 goal = lm_pin_goal(world, step, &pins[i]);
            uint32_t s = lm_batch_place(bt, pins[i].particle[0]);
            bt->sx[s] = goal.x;
            bt->sy[s] = goal.y;
            bt->sz[s] = goal.z;
        }
    }
}

typedef struct sweeps_job {
    lm_world *world;
    const lm_step *step;
    int sweeps;
} sweeps_job;

/* Every thread runs every sweep of the sub-step: its fixed part of each
 * batch (thread 0 alone for small and serial batches, and the pins), with a
 * barrier after each; the conversions to and from the arrays are cut by
 * slots. One dispatch per sub-step instead of one per batch. */
static void sweeps_task(void *context, int thread, int threads) {
    const sweeps_job *job = context;
    lm_world *world = job->world;
    lm_batches *bt = &world->batches;
    const double *w = bt->sw;
    uint64_t slots = world->particles.count;
    uint32_t lo = (uint32_t)(slots * (uint64_t)thread / (uint64_t)threads);
    uint32_t hi = (uint32_t)(slots * (uint64_t)(thread + 1) / (uint64_t)threads);
    to_soa(world, lo, hi);
    lm_pool_barrier(bt->pool);
    for (int sweep = 0; sweep < job->sweeps; sweep++) {
        for (uint32_t k = 0; k < bt->batch_count; k++) {
            const lm_batch *batch = &bt->batches[k];
            if (batch->serial || batch->stick_count < PARALLEL_MIN) {
                if (thread == 0) {
                    project_range(bt, w, batch, 0, batch->stick_count);
                }
            } else {
                uint64_t n = batch->stick_count;
                project_range(bt, w, batch, (uint32_t)(n * (uint64_t)thread / (uint64_t)threads),
                              (uint32_t)(n * (uint64_t)(thread + 1) / (uint64_t)threads));
            }
            lm_pool_barrier(bt->pool);
        }
        if (thread == 0) {
            apply_pins(world, job->step);
        }
        lm_pool_barrier(bt->pool);
    }
    from_soa(world, lo, hi);
}

/* Whether some batch is big enough to be split between threads: otherwise
 * the sweeps stay on the calling thread, without a barrier per batch (a
 * small cloth on two threads was 0.7x as fast as on one). The same bits
 * either way. */
static bool worth_threads(const lm_batches *bt) {
    for (uint32_t k = 0; bt->pool && k < bt->batch_count; k++) {
        if (!bt->batches[k].serial && bt->batches[k].stick_count >= PARALLEL_MIN) {
            return true;
        }
    }
    return false;
}

int lm_batches_sweeps(lm_world *world, const lm_step *step, int sweeps) {
    lm_batches *bt = &world->batches;
    if (worth_threads(bt)) {
        sweeps_job job = {world, step, sweeps};
        lm_pool_run(bt->pool, sweeps_task, &job);
        bt->w_placed = true;
        return sweeps;
    }
    to_soa(world, 0, world->particles.count);
    bt->w_placed = true;
    for (int sweep = 0; sweep < sweeps; sweep++) {
        project_batches(world);
        apply_pins(world, step);
    }
    from_soa(world, 0, world->particles.count);
    return sweeps;
}
