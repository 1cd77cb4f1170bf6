/* impact_pairs.c - the moment of impact between particles, inside the step.
 *
 * Two balls with restitution (p:set_restitution) that meet within a
 * sub-step were seen once, at its end: overlapping, pushed apart along the
 * line of their centres there (which is not the line at the moment they
 * touched), then bounced with their end-of-step velocities (bounce.c). A
 * glancing hit at one sub-step of 1/60 s left 1-5 degrees off the closed
 * form and 3-13% off in speed.
 *
 * This stage runs after the impacts with colliders (impact.c), on the
 * candidate pairs (contact.c) whose restitution e = max(e_i, e_j) > 0, as
 * a sequence of events in time: each particle moves on its path through the
 * sub-step (impact.h); for every pair that starts clear (or touching) and
 * ends overlapping, the first moment their surfaces touch is found, and the
 * earliest such moment over all pairs is taken first. If the pair then
 * approaches faster than the resting speed, it bounces there: along the
 * line of centres at that moment, J = (1 + e) approach / (w_i + w_j), each
 * particle's velocity changed by its share (w its inverse mass; pinned
 * particles stay), which keeps momentum and, for e = 1, energy. Both
 * particles then go on along their new paths, and the events of every pair
 * either belongs to are looked for again from there. So a row of touching
 * balls struck at one end passes the strike along within the same instant
 * (Newton's cradle: each two-body collision swaps the velocities of equal
 * balls), and a row with gaps passes it on at the moments the gaps close.
 * The events wait in a binary heap, ordered by time and then by pair; a
 * pair's events are counted by a version so that an outdated one is
 * skipped; at most 4 events per pair and sub-step (and 16 more) are taken.
 *
 * At the end every particle that bounced has its prediction moved (impact.h,
 * lm_impact_apply): the velocity by the sum of its changes dv, the end by
 * the sum of dv (h - t). What follows sees the bounced motion: the pairs no
 * longer overlap, nothing is projected, and bounce.c finds no pair
 * approaching. Pairs that start a sub-step overlapping, slow contacts,
 * particles that hit a collider in the same sub-step and pairs that touch
 * and part within it are left to the projection and bounce.c, as before.
 * Pairs without restitution cost one test each. */
#include <math.h>
#include <string.h>

#include "impact.h"

typedef struct event {
    double t;
    uint32_t pair;    /* index into the listed pairs */
    uint32_t version; /* the pair's version when it was found */
} event;

struct lm_pair_impacts {
    lm_path *path;    /* per particle slot: its path through the sub-step */
    lm_vec3 *dv, *dx; /* per slot: its changes of velocity and end so far */
    uint32_t *first;  /* per slot + 1: where its pairs start in incident */
    uint32_t *cursor; /* per slot: filling incident */
    uint32_t slot_capacity;
    uint32_t *pair;     /* the bouncing pairs, as indices of the candidate pairs */
    uint32_t *version;  /* per listed pair */
    uint32_t *incident; /* 2 per listed pair: each particle's pairs, slot by slot */
    uint32_t pair_capacity;
    event *heap;
    uint32_t heap_count, heap_capacity;
};

void lm_pair_impacts_free(lm_collision *c) {
    struct lm_pair_impacts *s = c->pair_impacts;
    if (!s) {
        return;
    }
    void *blocks[] = {s->path, s->dv,      s->dx,       s->first, s->cursor,
                      s->pair, s->version, s->incident, s->heap};
    for (size_t i = 0; i < sizeof blocks / sizeof blocks[0]; i++) {
        lm_memory_free(c->memory, blocks[i]);
    }
    lm_memory_free(c->memory, s);
    c->pair_impacts = NULL;
}

static bool grow(lm_memory *memory, void **block, size_t count, size_t size) {
    void *grown = lm_memory_resize_array(memory, *block, count, size);
    if (!grown) {
        return false;
    }
    *block = grown;
    return true;
}

/* Room for the particle slots and n listed pairs; false when out of memory
 * (the sub-step then has no impacts between particles). */
static bool reserve(lm_collision *c, uint32_t slots, uint32_t n) {
    if (!c->pair_impacts) {
        c->pair_impacts = lm_memory_zeroed(c->memory, 1, sizeof *c->pair_impacts);
        if (!c->pair_impacts) {
            return false;
        }
    }
    struct lm_pair_impacts *s = c->pair_impacts;
    if (slots > s->slot_capacity) {
        if (!grow(c->memory, (void **)&s->path, slots, sizeof *s->path) ||
            !grow(c->memory, (void **)&s->dv, slots, sizeof *s->dv) ||
            !grow(c->memory, (void **)&s->dx, slots, sizeof *s->dx) ||
            !grow(c->memory, (void **)&s->first, (size_t)slots + 1, sizeof *s->first) ||
            !grow(c->memory, (void **)&s->cursor, slots, sizeof *s->cursor)) {
            return false;
        }
        s->slot_capacity = slots;
    }
    if (n > s->pair_capacity) {
        if (!grow(c->memory, (void **)&s->pair, n, sizeof *s->pair) ||
            !grow(c->memory, (void **)&s->version, n, sizeof *s->version) ||
            !grow(c->memory, (void **)&s->incident, (size_t)n * 2, sizeof *s->incident)) {
            return false;
        }
        s->pair_capacity = n;
    }
    return true;
}

/* ----------------------------------------------------------------- heap -- */

static bool before(event a, event b) {
    return a.t < b.t || (a.t == b.t && a.pair < b.pair);
}

static bool push(lm_memory *memory, struct lm_pair_impacts *s, event e) {
    if (s->heap_count == s->heap_capacity) {
        uint32_t next = s->heap_capacity ? 2 * s->heap_capacity : 64;
        if (!grow(memory, (void **)&s->heap, next, sizeof *s->heap)) {
            return false;
        }
        s->heap_capacity = next;
    }
    uint32_t k = s->heap_count++;
    while (k > 0 && before(e, s->heap[(k - 1) / 2])) {
        s->heap[k] = s->heap[(k - 1) / 2];
        k = (k - 1) / 2;
    }
    s->heap[k] = e;
    return true;
}

static event pop(struct lm_pair_impacts *s) {
    event top = s->heap[0], last = s->heap[--s->heap_count];
    uint32_t k = 0, n = s->heap_count;
    for (;;) {
        uint32_t child = 2 * k + 1;
        if (child >= n) {
            break;
        }
        if (child + 1 < n && before(s->heap[child + 1], s->heap[child])) {
            child++;
        }
        if (!before(s->heap[child], last)) {
            break;
        }
        s->heap[k] = s->heap[child];
        k = child;
    }
    if (n > 0) {
        s->heap[k] = last;
    }
    return top;
}

/* --------------------------------------------------------------- events -- */

static double pair_restitution(const lm_particles *p, uint32_t i, uint32_t j) {
    return fmax(0.0, fmax(p->restitution[i], p->restitution[j]));
}

/* Two particles' surfaces along their paths. */
typedef struct pair_gap {
    const lm_path *a, *b;
    double reach;
} pair_gap;

static double gap_between(const void *context, double t) {
    const pair_gap *g = context;
    lm_vec3 d = lm_sub(lm_path_at(g->b, t), lm_path_at(g->a, t));
    return sqrt(lm_dot(d, d)) - g->reach;
}

/* When listed pair q next bounces on the particles' present paths, or
 * INFINITY: from the later of their paths' starts, a pair clear (or
 * touching) then and overlapping at the sub-step's end, at the first touch,
 * if it approaches faster than the resting speed there. */
static double next_bounce(const lm_world *world, const lm_step *step, uint32_t q) {
    const struct lm_pair_impacts *s = world->collision.pair_impacts;
    const lm_particles *p = &world->particles;
    uint32_t k = s->pair[q];
    uint32_t i = world->collision.pairs[2 * k], j = world->collision.pairs[2 * k + 1];
    if (!(p->solve_w[i] + p->solve_w[j] > 0)) {
        return INFINITY; /* neither can move */
    }
    pair_gap g = {&s->path[i], &s->path[j], p->radius[i] + p->radius[j]};
    double h = step->h, from = fmax(g.a->t0, g.b->t0);
    if (gap_between(&g, h) >= 0 || gap_between(&g, from) < -LM_IMPACT_SLACK) {
        return INFINITY; /* ends apart, or starts overlapping: the projection's */
    }
    /* the relative path is a parabola too: its speed is largest at an end */
    lm_vec3 a0 = lm_path_velocity(g.a, from), b0 = lm_path_velocity(g.b, from);
    lm_vec3 a1 = lm_path_velocity(g.a, h), b1 = lm_path_velocity(g.b, h);
    double top = fmax(lm_length(lm_sub(b0, a0)), lm_length(lm_sub(b1, a1)));
    double t = lm_first_touch(gap_between, &g, from, h, top);
    lm_vec3 d = lm_sub(lm_path_at(g.b, t), lm_path_at(g.a, t));
    lm_vec3 closing = lm_sub(lm_path_velocity(g.a, t), lm_path_velocity(g.b, t));
    double distance = sqrt(lm_dot(d, d));
    if (!(distance > 0) || !(lm_dot(closing, d) / distance > step->rest_speed)) {
        return INFINITY;
    }
    return t;
}

static bool find(lm_world *world, const lm_step *step, uint32_t q) {
    struct lm_pair_impacts *s = world->collision.pair_impacts;
    double t = next_bounce(world, step, q);
    if (t == INFINITY) {
        return true;
    }
    event e = {t, q, s->version[q]};
    return push(world->collision.memory, s, e);
}

/* Pair q bounces at time t: both velocities change along the line of
 * centres, and both paths go on from there. */
static void bounce(lm_world *world, const lm_step *step, uint32_t q, double t) {
    struct lm_pair_impacts *s = world->collision.pair_impacts;
    const lm_particles *p = &world->particles;
    uint32_t k = s->pair[q];
    uint32_t i = world->collision.pairs[2 * k], j = world->collision.pairs[2 * k + 1];
    lm_path *a = &s->path[i], *b = &s->path[j];
    lm_vec3 xa = lm_path_at(a, t), xb = lm_path_at(b, t);
    lm_vec3 va = lm_path_velocity(a, t), vb = lm_path_velocity(b, t);
    lm_vec3 d = lm_sub(xb, xa);
    lm_vec3 n = lm_scale(d, 1.0 / sqrt(lm_dot(d, d)));
    double wa = p->solve_w[i], wb = p->solve_w[j];
    double approach = lm_dot(lm_sub(va, vb), n);
    double impulse = (1.0 + pair_restitution(p, i, j)) * approach / (wa + wb);
    lm_vec3 dva = lm_scale(n, -impulse * wa), dvb = lm_scale(n, impulse * wb);
    s->dv[i] = lm_add(s->dv[i], dva);
    s->dx[i] = lm_mad(s->dx[i], dva, step->h - t);
    s->dv[j] = lm_add(s->dv[j], dvb);
    s->dx[j] = lm_mad(s->dx[j], dvb, step->h - t);
    a->x = xa;
    a->v = lm_add(va, dva);
    a->t0 = t;
    b->x = xb;
    b->v = lm_add(vb, dvb);
    b->t0 = t;
}

/* Looks again for the next bounce of every pair particle i belongs to. */
static bool renew(lm_world *world, const lm_step *step, uint32_t i) {
    struct lm_pair_impacts *s = world->collision.pair_impacts;
    for (uint32_t e = s->first[i]; e < s->first[i + 1]; e++) {
        uint32_t q = s->incident[e];
        s->version[q]++;
        if (!find(world, step, q)) {
            return false;
        }
    }
    return true;
}

/* Lists the candidate pairs that can bounce, each particle's pairs beside
 * it, and starts every particle of them on its path. */
static uint32_t list_pairs(lm_world *world, const lm_step *step) {
    lm_collision *c = &world->collision;
    struct lm_pair_impacts *s = c->pair_impacts;
    const lm_particles *p = &world->particles;
    uint32_t n = 0;
    memset(s->first, 0, ((size_t)p->count + 1) * sizeof *s->first);
    for (uint32_t k = 0; k < c->pair_count; k++) {
        uint32_t i = c->pairs[2 * k], j = c->pairs[2 * k + 1];
        if (!(pair_restitution(p, i, j) > 0) ||
            ((p->contact[i] | p->contact[j]) & LM_CONTACT_IMPACT)) {
            continue; /* no bounce, or a collider bounced one of them already */
        }
        s->pair[n] = k;
        s->version[n] = 0;
        s->first[i + 1]++;
        s->first[j + 1]++;
        n++;
    }
    for (uint32_t slot = 0; slot < p->count; slot++) {
        s->first[slot + 1] += s->first[slot];
        s->cursor[slot] = s->first[slot];
    }
    for (uint32_t q = 0; q < n; q++) {
        uint32_t k = s->pair[q];
        uint32_t ends[2] = {c->pairs[2 * k], c->pairs[2 * k + 1]};
        for (int e = 0; e < 2; e++) {
            uint32_t i = ends[e];
            if (s->cursor[i] == s->first[i]) { /* its first pair: start its path */
                s->path[i] = lm_path_of(world, step, i);
                s->dv[i] = s->dx[i] = lm_v3(0, 0, 0);
            }
            s->incident[s->cursor[i]++] = q;
        }
    }
    return n;
}

void lm_impacts_pairs(lm_world *world, const lm_step *step) {
    lm_collision *c = &world->collision;
    const lm_particles *p = &world->particles;
    uint32_t bouncing = 0;
    for (uint32_t k = 0; k < c->pair_count && bouncing == 0; k++) {
        bouncing = pair_restitution(p, c->pairs[2 * k], c->pairs[2 * k + 1]) > 0;
    }
    if (bouncing == 0 || !reserve(c, p->count, c->pair_count)) {
        return;
    }
    struct lm_pair_impacts *s = c->pair_impacts;
    uint32_t n = list_pairs(world, step);
    s->heap_count = 0;
    bool ok = true;
    for (uint32_t q = 0; q < n && ok; q++) {
        ok = find(world, step, q);
    }
    uint64_t events = 0, most = 4 * (uint64_t)n + 16;
    while (ok && s->heap_count > 0 && events < most) {
        event e = pop(s);
        if (e.version != s->version[e.pair]) {
            continue; /* the pair's paths changed since */
        }
        bounce(world, step, e.pair, e.t);
        events++;
        uint32_t k = s->pair[e.pair];
        ok = renew(world, step, c->pairs[2 * k]) && renew(world, step, c->pairs[2 * k + 1]);
    }
    /* What bounced takes its changes into its prediction, even when the
     * heap could not grow (then the later events are left to the
     * projection). */
    for (uint32_t i = 0; i < p->count; i++) {
        if (s->first[i + 1] > s->first[i] &&
            (s->dv[i].x != 0 || s->dv[i].y != 0 || s->dv[i].z != 0)) {
            lm_impact_apply(world, step, i, s->dv[i], s->dx[i]);
        }
    }
}
