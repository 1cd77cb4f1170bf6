/* batch.c - grouping the plain sticks into batches that share no particle
 * (the batched order; relax.c projects them).
 *
 * Rebuilt only when the constraints change (topology: adding, removing,
 * tearing), in a fixed order that depends on nothing but the constraint store:
 *
 * 1. Families. A stick joins slots a < b at offset d = b - a. Sticks of one
 *    offset split by the parity of floor(a / d) never share a particle (two
 *    sticks of offset d meet only when their a differ by exactly d, and then
 *    floor(a / d) differs by one). A grid's rows, columns and diagonals are
 *    such families, so a cloth needs 2 batches per direction, and within a
 *    batch the slots run on consecutively: runs that gcc vectorises.
 * 2. The rest (offsets too rare to be worth a batch, repeated sticks) is
 *    coloured greedily in creation order: each stick takes the lowest of 64
 *    colours free at both ends; a stick that finds none goes to one last
 *    serial batch, projected in creation order by one thread.
 * 3. The layout (set_regions, place_regions): the particles' places in the
 *    arrays relax.c works on, by the parity of their row and column, so a
 *    grid's batch is two long runs of consecutive places; a hole lane joins
 *    a row's run to the next row's. Where things are stored changes no
 *    result.
 *
 * Projecting a stick with its ends swapped gives the same bits (the
 * difference only changes sign), so a < b costs nothing. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "world.h"

enum {
    FAMILY_MIN = 64, /* sticks of one offset that make a family of their own */
    RUN_MIN = 4,     /* consecutive sticks worth a vector run */
    COLOURS = 64,
};

typedef struct entry {
    uint32_t a, b, item;
    double rest, stiffness;
} entry;

static int by_offset_then_a(const void *p, const void *q) {
    const entry *x = p, *y = q;
    uint32_t dx = x->b - x->a, dy = y->b - y->a;
    if (dx != dy) {
        return dx < dy ? -1 : 1;
    }
    if (x->a != y->a) {
        return x->a < y->a ? -1 : 1;
    }
    return x->item < y->item ? -1 : x->item > y->item;
}

static bool grow(lm_memory *memory, void **array, size_t size, uint32_t *capacity, uint32_t need) {
    if (need <= *capacity) {
        return true;
    }
    uint32_t next = *capacity ? *capacity : 16;
    while (next < need) {
        next *= 2;
    }
    void *grown = lm_memory_resize_array(memory, *array, next, size);
    if (!grown) {
        return false;
    }
    *array = grown;
    *capacity = next;
    return true;
}

static bool reserve(lm_batches *bt, uint32_t sticks) {
    if (!grow(bt->memory, (void **)&bt->rest, sizeof *bt->rest, &bt->stick_capacity, sticks)) {
        return false;
    }
    uint32_t capacity = bt->gather_capacity;
    return grow(bt->memory, (void **)&bt->ia, sizeof *bt->ia, &capacity, sticks) &&
           grow(bt->memory, (void **)&bt->ib, sizeof *bt->ib, &bt->gather_capacity, sticks);
}

/* The region of place p (while the batches are built: no gaps between the
 * regions yet, see place_regions). */
static uint32_t region_of(const lm_batches *bt, uint32_t p) {
    uint32_t q = 0;
    while (q < 3 && p >= bt->base[q] + bt->size[q]) {
        q++;
    }
    return q;
}

/* Whether places p and q lie in the same region. */
static bool same_side(const lm_batches *bt, uint32_t p, uint32_t q) {
    return region_of(bt, p) == region_of(bt, q);
}

/* Whether e[i] continues the run that ends with e[i - 1]: a run never
 * crosses from one region to another. */
static bool continues(const lm_batches *bt, const entry *e, uint32_t i) {
    return e[i].a == e[i - 1].a + 1 && e[i].b == e[i - 1].b + 1 &&
           e[i].stiffness == e[i - 1].stiffness && same_side(bt, e[i].a, e[i - 1].a) &&
           same_side(bt, e[i].b, e[i - 1].b);
}

static int by_a(const void *p, const void *q) {
    const entry *x = p, *y = q;
    return x->a < y->a ? -1 : x->a > y->a;
}

/* A hole: a lane of a run that projects nothing (relax.c skips a negative
 * rest length), so two runs one place apart become one. */
static const double HOLE = -1.0;

/* Copies the batch's entries (sorted by place) into out, with a hole between
 * two sticks whose ends both advance by two places when the places skipped
 * are no particle of the batch (a grid's row ends: the odd sticks of a row
 * stop one place before the next row's begin). A hole writes back what it
 * read, so its places must not be written by another stick of the batch.
 * stamp marks the places used by this batch (stamp[p] == its number).
 * Returns the count in out (at most 2n - 1). */
static uint32_t with_holes(const lm_batches *bt, const entry *e, uint32_t n, uint32_t *stamp,
                           entry *out) {
    uint32_t id = bt->batch_count + 1;
    for (uint32_t i = 0; i < n; i++) {
        stamp[e[i].a] = stamp[e[i].b] = id;
    }
    uint32_t m = 0;
    for (uint32_t i = 0; i < n; i++) {
        if (i > 0) {
            const entry *p = &e[i - 1];
            uint32_t ha = p->a + 1, hb = p->b + 1;
            if (e[i].a == p->a + 2 && e[i].b == p->b + 2 && e[i].stiffness == p->stiffness &&
                same_side(bt, p->a, e[i].a) && same_side(bt, p->b, e[i].b) && stamp[ha] != id &&
                stamp[hb] != id) {
                stamp[ha] = stamp[hb] = id;
                out[m++] = (entry){ha, hb, UINT32_MAX, HOLE, p->stiffness};
            }
        }
        out[m++] = e[i];
    }
    return m;
}

/* Appends one batch of the entries (slots), cut into runs. The ends are
 * renamed to their places in the structure of arrays (lm_batch_place: by
 * row and column parity), so the sticks of one direction starting at every
 * other column are consecutive on both ends. Sticks of a batch share no
 * particle, so their order within it changes nothing: sorted by place, runs
 * of consecutive places are as long as they can be. The serial batch keeps
 * creation order. */
static bool add_batch(lm_batches *bt, entry *e, uint32_t n, bool serial, uint32_t *stamp) {
    if (n == 0) {
        return true;
    }
    for (uint32_t i = 0; i < n; i++) {
        e[i].a = lm_batch_place(bt, e[i].a);
        e[i].b = lm_batch_place(bt, e[i].b);
    }
    if (!serial) {
        qsort(e, n, sizeof *e, by_a); /* places are unique within a batch */
    }
    entry *holed = NULL;
    if (!serial && n > 1) {
        holed = lm_memory_resize_array(bt->memory, NULL, 2 * (size_t)n, sizeof *holed);
        if (!holed) {
            return false;
        }
        n = with_holes(bt, e, n, stamp, holed);
        e = holed;
    }
    bool ok = reserve(bt, bt->stick_count + n) &&
              grow(bt->memory, (void **)&bt->batches, sizeof *bt->batches, &bt->batch_capacity,
                   bt->batch_count + 1);
    if (!ok) {
        lm_memory_free(bt->memory, holed);
        return false;
    }
    lm_batch *batch = &bt->batches[bt->batch_count++];
    batch->first_run = bt->run_count;
    batch->first_stick = bt->stick_count;
    batch->stick_count = n;
    batch->serial = serial;
    uint32_t i = 0;
    while (i < n) {
        /* the longest run of consecutive places starting here */
        uint32_t stride = 0, length = 1;
        if (!serial) {
            while (i + length < n && continues(bt, e, i + length)) {
                length++;
            }
            stride = 1;
        }
        if (length < RUN_MIN) {
            stride = 0;
            length = 1;
        }
        /* gathered sticks next to each other share one run */
        lm_batch_run *last = bt->run_count > batch->first_run ? &bt->runs[bt->run_count - 1] : NULL;
        if (stride == 0 && last && last->stride == 0 && last->stiffness == e[i].stiffness) {
            last->count++;
        } else {
            if (!grow(bt->memory, (void **)&bt->runs, sizeof *bt->runs, &bt->run_capacity,
                      bt->run_count + 1)) {
                lm_memory_free(bt->memory, holed);
                return false;
            }
            lm_batch_run run = {.a = e[i].a,
                                .b = e[i].b,
                                .first = bt->stick_count,
                                .count = length,
                                .stride = stride,
                                .gather = bt->gather_count,
                                .stiffness = e[i].stiffness,
                                .weight = NAN};
            bt->runs[bt->run_count++] = run;
        }
        for (uint32_t k = 0; k < length; k++) {
            bt->rest[bt->stick_count++] = e[i + k].rest;
            if (stride == 0) {
                bt->ia[bt->gather_count] = e[i + k].a;
                bt->ib[bt->gather_count++] = e[i + k].b;
            }
        }
        i += length;
    }
    batch->run_count = bt->run_count - batch->first_run;
    lm_memory_free(bt->memory, holed);
    return true;
}

static int by_item(const void *p, const void *q) {
    const entry *x = p, *y = q;
    return x->item < y->item ? -1 : x->item > y->item;
}

/* The colour of a stick of a family: the parity of a / period. */
static uint32_t colour_of(const entry *e, uint32_t period) {
    return (e->a / period) % 2;
}

/* For a family (sticks of offset d, sorted by a), the period whose colouring
 * is valid (a stick and the one starting at its far end, a + d, differ) and
 * keeps most sticks a, a + 2 together (consecutive places: long runs). d is
 * always valid; in a grid of rows of n the diagonals (d = n + 1, n - 1) are
 * better cut by rows, period n, than by d (which cuts rows in two). */
static uint32_t family_period(const entry *f, uint32_t n, uint32_t d) {
    uint32_t best = d;
    uint64_t best_score = 0;
    uint32_t candidates[3] = {d, d - 1, d + 1};
    for (int c = 0; c < 3; c++) {
        uint32_t p = candidates[c];
        if (p == 0) {
            continue;
        }
        bool valid = true;
        uint64_t score = 0;
        for (uint32_t k = 0, far = 0, next = 0; k < n && valid; k++) {
            while (far < n && f[far].a < f[k].a + d) {
                far++;
            }
            if (far < n && f[far].a == f[k].a + d && colour_of(&f[far], p) == colour_of(&f[k], p)) {
                valid = false;
            }
            while (next < n && f[next].a < f[k].a + 2) {
                next++;
            }
            score += next < n && f[next].a == f[k].a + 2 &&
                     colour_of(&f[next], p) == colour_of(&f[k], p);
        }
        if (valid && (c == 0 || score > best_score)) {
            best = p;
            best_score = score;
        }
    }
    return best;
}

/* 1. Sticks sorted by offset, then a: families of FAMILY_MIN or more make two
 * batches each (by the parity of a / period, family_period); the rest is
 * appended to rest. */
static bool add_families(lm_batches *bt, const entry *all, uint32_t n, entry *rest,
                         uint32_t *rest_count, entry *scratch, uint32_t *stamp) {
    for (uint32_t start = 0; start < n;) {
        uint32_t d = all[start].b - all[start].a, end = start;
        while (end < n && all[end].b - all[end].a == d) {
            end++;
        }
        if (end - start < FAMILY_MIN) {
            memcpy(rest + *rest_count, all + start, (end - start) * sizeof *all);
            *rest_count += end - start;
            start = end;
            continue;
        }
        uint32_t period = family_period(all + start, end - start, d);
        for (uint32_t parity = 0; parity < 2; parity++) {
            uint32_t m = 0;
            for (uint32_t k = start; k < end; k++) {
                if (colour_of(&all[k], period) != parity) {
                    continue;
                }
                if (k > start && all[k].a == all[k - 1].a) {
                    rest[(*rest_count)++] = all[k]; /* the same stick twice */
                } else {
                    scratch[m++] = all[k];
                }
            }
            if (!add_batch(bt, scratch, m, false, stamp)) {
                return false;
            }
        }
        start = end;
    }
    return true;
}

/* 2. The rest in creation order, coloured greedily: one batch per colour,
 * then the serial batch of sticks that found no colour. */
static bool add_colours(lm_batches *bt, entry *rest, uint32_t n, uint64_t *used, uint32_t *colour,
                        entry *scratch, uint32_t *stamp) {
    qsort(rest, n, sizeof *rest, by_item);
    uint32_t colours_used = 0;
    for (uint32_t i = 0; i < n; i++) {
        uint64_t taken = used[rest[i].a] | used[rest[i].b];
        uint32_t c = 0;
        while (c < COLOURS && (taken >> c) & 1u) {
            c++;
        }
        colour[i] = c;
        if (c < COLOURS) {
            used[rest[i].a] |= (uint64_t)1 << c;
            used[rest[i].b] |= (uint64_t)1 << c;
            colours_used = c + 1 > colours_used ? c + 1 : colours_used;
        }
    }
    for (uint32_t c = 0; c <= COLOURS; c++) {
        if (c < COLOURS && c >= colours_used) {
            continue;
        }
        uint32_t m = 0;
        for (uint32_t i = 0; i < n; i++) {
            if (colour[i] == c) {
                scratch[m++] = rest[i];
            }
        }
        if (!add_batch(bt, scratch, m, c == COLOURS, stamp)) {
            return false;
        }
    }
    return true;
}

/* The layout's row length: the most common offset of 2 or more among the
 * families (all sorted by offset), a grid's column sticks; with none, one
 * row of every slot (regions 0 and 1: even and odd slots). */
static uint32_t row_length(const entry *all, uint32_t n, uint32_t particles) {
    uint32_t best = particles > 0 ? particles : 1, best_count = 0;
    for (uint32_t start = 0; start < n;) {
        uint32_t d = all[start].b - all[start].a, end = start;
        while (end < n && all[end].b - all[end].a == d) {
            end++;
        }
        if (d >= 2 && end - start >= FAMILY_MIN && end - start > best_count) {
            best = d;
            best_count = end - start;
        }
        start = end;
    }
    return best;
}

/* The regions' sizes and bases (no gaps) for row length r. */
static void set_regions(lm_batches *bt, uint32_t r) {
    bt->row_length = r;
    bt->width[0] = (r + 1) / 2;
    bt->width[1] = r / 2;
    uint32_t rows = bt->particles / r, tail = bt->particles % r;
    for (uint32_t q = 0; q < 4; q++) {
        uint32_t row_parity = q >> 1, odd = q & 1u;
        uint32_t full = (rows + 1 - row_parity) / 2; /* whole rows of this parity */
        uint32_t part = rows % 2 == row_parity ? (tail + 1 - odd) / 2 : 0;
        bt->size[q] = full * bt->width[odd] + part;
        bt->base[q] = q == 0 ? 0 : bt->base[q - 1] + bt->size[q - 1];
    }
}

/* The smallest distance (bytes, modulo the 4 KiB page) between the six
 * streams of a stride-1 run, its ends' x, y and z, when region q's places
 * move by extra[q]. */
static uint32_t stream_gap(const lm_batches *bt, const lm_batch_run *run, const uint32_t *extra) {
    uint32_t a = run->a + extra[region_of(bt, run->a)];
    uint32_t b = run->b + extra[region_of(bt, run->b)];
    uint32_t at[6];
    for (uint32_t c = 0; c < 3; c++) {
        at[c] = (8 * a + c * LM_BATCH_AXIS_BYTES) % 4096;
        at[3 + c] = (8 * b + c * LM_BATCH_AXIS_BYTES) % 4096;
    }
    uint32_t gap = 4096;
    for (int i = 0; i < 6; i++) {
        for (int j = i + 1; j < 6; j++) {
            uint32_t d = (at[i] - at[j]) % 4096, e = (at[j] - at[i]) % 4096;
            d = d < e ? d : e;
            gap = d < gap ? d : gap;
        }
    }
    return gap;
}

/* Gaps between the regions (layout only: no result changes). A run's loop
 * loads and stores six streams; when two of them are a multiple of 4 KiB
 * apart (or nearly), the CPU takes a load for one that may depend on a store
 * to the other (4K aliasing) and waits: a 128 x 128 cloth's rows ran at 2/3
 * of the speed. So regions 1, 2 and 3 in turn start up to 4 KiB later, at
 * the offset that keeps the most sticks' streams (of the regions placed so
 * far) at least GAP_MIN bytes apart; x, y and z are LM_BATCH_AXIS_BYTES
 * apart (modulo 4 KiB, lm_batches_prepare). Only runs of LONG_RUN sticks or
 * more count (the time is in them; a mesh of many short runs would make the
 * search cost more than it saves on every regrouping, as when a cloth tears). */
enum { GAP_MIN = 256, LONG_RUN = 64 };
static void place_regions(lm_batches *bt) {
    uint32_t extra[4] = {0, 0, 0, 0};
    for (uint32_t q = 1; q < 4; q++) {
        uint32_t from = extra[q - 1], best = from;
        uint64_t best_cost = UINT64_MAX;
        for (uint32_t shift = 0; shift < 512 && bt->size[q] > 0; shift += 8) {
            for (uint32_t k = q; k < 4; k++) {
                extra[k] = from + shift;
            }
            uint64_t cost = 0;
            for (uint32_t r = 0; r < bt->run_count; r++) {
                const lm_batch_run *run = &bt->runs[r];
                if (run->stride == 1 && run->count >= LONG_RUN && region_of(bt, run->a) <= q &&
                    region_of(bt, run->b) <= q) {
                    uint32_t gap = stream_gap(bt, run, extra);
                    cost += gap < GAP_MIN ? (uint64_t)run->count * (GAP_MIN - gap) : 0;
                }
            }
            if (cost < best_cost) {
                best = from + shift;
                best_cost = cost;
            }
        }
        for (uint32_t k = q; k < 4; k++) {
            extra[k] = best;
        }
    }
    for (uint32_t r = 0; r < bt->run_count; r++) {
        lm_batch_run *run = &bt->runs[r];
        run->a += extra[region_of(bt, run->a)];
        run->b += extra[region_of(bt, run->b)];
    }
    for (uint32_t g = 0; g < bt->gather_count; g++) {
        bt->ia[g] += extra[region_of(bt, bt->ia[g])];
        bt->ib[g] += extra[region_of(bt, bt->ib[g])];
    }
    for (uint32_t q = 0; q < 4; q++) {
        bt->base[q] += extra[q];
    }
}

static bool build(lm_world *world) {
    lm_batches *bt = &world->batches;
    bt->stick_count = bt->run_count = bt->batch_count = bt->gather_count = 0;
    bt->particles = world->particles.count;
    set_regions(bt, bt->particles > 0 ? bt->particles : 1);
    uint32_t total = 0;
    for (uint32_t i = 0; i < world->constraints.count; i++) {
        const lm_constraint_item *c = lm_store_at(&world->constraints, i);
        total += c->solver == LM_SOLVER_STICK && !(c->flags & LM_ITEM_EXACT);
    }
    size_t room = (size_t)total + 1;
    lm_memory *memory = world->memory;
    entry *all = lm_memory_resize_array(memory, NULL, room, sizeof *all);
    entry *rest = lm_memory_resize_array(memory, NULL, room, sizeof *rest);
    entry *scratch = lm_memory_resize_array(memory, NULL, room, sizeof *scratch);
    uint32_t *colour = lm_memory_resize_array(memory, NULL, room, sizeof *colour);
    uint64_t *used = lm_memory_zeroed(memory, (size_t)world->particles.count + 1, sizeof *used);
    uint32_t *stamp = lm_memory_zeroed(memory, (size_t)world->particles.count + 1, sizeof *stamp);
    bool ok = all && rest && scratch && colour && used && stamp && reserve(bt, total);
    if (ok) {
        uint32_t n = 0, rest_count = 0;
        for (uint32_t i = 0; i < world->constraints.count; i++) {
            const lm_constraint_item *c = lm_store_at(&world->constraints, i);
            if (c->solver == LM_SOLVER_STICK && !(c->flags & LM_ITEM_EXACT)) {
                uint32_t a = c->particle[0], b = c->particle[1];
                all[n++] = (entry){a < b ? a : b, a < b ? b : a, i, c->rest, c->stiffness};
            }
        }
        qsort(all, n, sizeof *all, by_offset_then_a);
        set_regions(bt, row_length(all, n, bt->particles));
        ok = add_families(bt, all, n, rest, &rest_count, scratch, stamp) &&
             add_colours(bt, rest, rest_count, used, colour, scratch, stamp);
        if (ok) {
            place_regions(bt);
        }
    }
    lm_memory_free(memory, all);
    lm_memory_free(memory, rest);
    lm_memory_free(memory, scratch);
    lm_memory_free(memory, colour);
    lm_memory_free(memory, used);
    lm_memory_free(memory, stamp);
    if (!ok) {
        bt->stick_count = bt->run_count = bt->batch_count = bt->gather_count = 0;
        return false;
    }
    bt->built = true;
    return true;
}

/* The slot at place p (the inverse of lm_batch_place). */
static uint32_t slot_at(const lm_batches *bt, uint32_t p) {
    uint32_t q = 3;
    while (q > 0 && p < bt->base[q]) {
        q--;
    }
    uint32_t odd = q & 1u, index = p - bt->base[q];
    uint32_t row = 2 * (index / bt->width[odd]) + (q >> 1);
    uint32_t column = 2 * (index % bt->width[odd]) + odd;
    return row * bt->row_length + column;
}

/* Exceptions closer than SPAN_JOIN sticks join into one span (a vector
 * loop's worth: pieces shorter than that are not worth a loop of their own);
 * a run whose exceptions cover more than a quarter of it loads its weights
 * everywhere. */
enum { SPAN_JOIN = 8 };

/* Whether stick k of a stride-1 run has weight w at both ends. */
static bool weighs(const lm_batches *bt, const double *solve_w, const lm_batch_run *run, uint32_t k,
                   double w) {
    return solve_w[slot_at(bt, run->a + k)] == w && solve_w[slot_at(bt, run->b + k)] == w;
}

/* The weight most of a stride-1 run's ends have, if most have one
 * (Boyer-Moore's majority vote over both ends of every stick). */
static double run_majority(const lm_batches *bt, const double *solve_w, const lm_batch_run *run) {
    double candidate = 0;
    uint32_t votes = 0;
    for (uint32_t k = 0; k < 2 * run->count; k++) {
        double w = solve_w[slot_at(bt, (k % 2 ? run->b : run->a) + k / 2)];
        if (votes == 0) {
            candidate = w;
        }
        votes += w == candidate ? 1 : -1u;
    }
    return candidate;
}

/* Run r's weight: the one most of its ends have, with the sticks whose ends
 * weigh otherwise (a pinned corner) as spans; NaN with no spans when they
 * are too many. False when out of memory. */
static bool set_run_weight(lm_batches *bt, const double *solve_w, lm_batch_run *run) {
    run->weight = NAN;
    run->first_span = bt->span_count;
    run->span_count = 0;
    if (run->stride != 1) {
        return true;
    }
    double w = run_majority(bt, solve_w, run);
    uint32_t excepted = 0;
    for (uint32_t k = 0; k < run->count; k++) {
        if (weighs(bt, solve_w, run, k, w)) {
            continue;
        }
        lm_batch_span *last = run->span_count > 0 ? &bt->spans[bt->span_count - 1] : NULL;
        if (last && k - (last->first + last->count) < SPAN_JOIN) {
            excepted += k + 1 - (last->first + last->count);
            last->count = k + 1 - last->first;
            continue;
        }
        if (!grow(bt->memory, (void **)&bt->spans, sizeof *bt->spans, &bt->span_capacity,
                  bt->span_count + 1)) {
            return false;
        }
        bt->spans[bt->span_count++] = (lm_batch_span){k, 1};
        run->span_count++;
        excepted++;
    }
    if (excepted > run->count / 4) {
        bt->span_count = run->first_span; /* too many: weights loaded everywhere */
        run->span_count = 0;
        return true;
    }
    run->weight = w;
    return true;
}

/* Each stride-1 run's weight and exceptions (set_run_weight), when the
 * weights changed since last time (pins, masses) or the runs are new. The
 * kernel for a piece of one weight does the same arithmetic with that
 * weight as a constant: the bits do not depend on which kernel ran. */
static bool set_weights(lm_world *world) {
    lm_batches *bt = &world->batches;
    const double *solve_w = world->particles.solve_w;
    size_t bytes = (size_t)world->particles.count * sizeof *solve_w;
    if (bt->weights_set && (bytes == 0 || memcmp(bt->w_seen, solve_w, bytes) == 0)) {
        return true;
    }
    if (bytes > 0) {
        double *seen =
            lm_memory_resize_array(bt->memory, bt->w_seen, world->particles.count, sizeof *seen);
        if (!seen) {
            return false;
        }
        bt->w_seen = seen;
        memcpy(seen, solve_w, bytes);
    }
    bt->span_count = 0;
    for (uint32_t r = 0; r < bt->run_count; r++) {
        if (!set_run_weight(bt, solve_w, &bt->runs[r])) {
            for (uint32_t q = 0; q < bt->run_count; q++) {
                bt->runs[q].weight = NAN; /* correct, only slower */
                bt->runs[q].span_count = 0;
            }
            bt->span_count = 0;
            bt->weights_set = false;
            return false;
        }
    }
    bt->weights_set = true;
    bt->w_placed = false;
    return true;
}

bool lm_batches_prepare(lm_world *world) {
    lm_batches *bt = &world->batches;
    if (bt->particles != world->particles.count) {
        bt->built = false; /* new slots: the places change */
    }
    if (!bt->built) {
        bt->weights_set = false;
        if (!build(world)) {
            return false;
        }
    }
    if (!set_weights(world)) {
        return false;
    }
    /* sx, sy, sz and sw in one block from a 4 KiB boundary, each array
     * LM_BATCH_AXIS_BYTES further (modulo 4 KiB) than the one before:
     * place_odd's streams apart */
    uint32_t places = bt->base[3] + bt->size[3];
    uint32_t axis = LM_BATCH_AXIS_BYTES / sizeof(double), page = 4096 / sizeof(double);
    size_t stride = (places + page - 1 - axis) / page * page + axis;
    size_t need = 4 * stride + page;
    if (bt->soa_capacity < need) {
        lm_memory_free(bt->memory, bt->soa);
        bt->soa_capacity = 0;
        bt->soa = lm_memory_resize_array(bt->memory, NULL, need, sizeof *bt->soa);
        if (!bt->soa) {
            return false;
        }
        bt->soa_capacity = need;
        bt->w_placed = false;
    }
    size_t skip = (page - ((uintptr_t)bt->soa / sizeof(double)) % page) % page;
    bt->sx = bt->soa + skip;
    bt->sy = bt->sx + stride;
    bt->sz = bt->sy + stride;
    if (bt->sw != bt->sz + stride) {
        bt->sw = bt->sz + stride;
        bt->w_placed = false;
    }
    int threads = world->def.threads;
    if (bt->pool && lm_pool_threads(bt->pool) != threads) {
        lm_pool_destroy(bt->pool);
        bt->pool = NULL;
    }
    if (!bt->pool && threads > 1) {
        /* NULL when threads cannot be made: one thread gives the same bits */
        bt->pool = lm_pool_create(threads, bt->memory);
    }
    return true;
}

void lm_batches_free(lm_batches *bt) {
    lm_pool_destroy(bt->pool);
    lm_memory *memory = bt->memory;
    lm_memory_free(memory, bt->rest);
    lm_memory_free(memory, bt->ia);
    lm_memory_free(memory, bt->ib);
    lm_memory_free(memory, bt->runs);
    lm_memory_free(memory, bt->spans);
    lm_memory_free(memory, bt->batches);
    lm_memory_free(memory, bt->soa);
    lm_memory_free(memory, bt->w_seen);
    memset(bt, 0, sizeof *bt);
    bt->memory = memory;
}

bool lm_batches_pure(const lm_world *world) {
    if (world->def.tolerance > 0 || world->colliders.count > 0 || world->collision.pair_count > 0) {
        return false;
    }
    for (uint32_t r = 0; r < world->constraint_run_count[0]; r++) {
        if (world->constraint_runs[0][r].kind != LM_SOLVER_STICK) {
            return false;
        }
    }
    for (uint32_t r = 0; r < world->constraint_run_count[1]; r++) {
        if (world->constraint_runs[1][r].kind != LM_SOLVER_PIN) {
            return false;
        }
    }
    return true;
}
