/* bounce.c - restitution between particles, passed on along chains.
 *
 * Pairs that meet inside a sub-step bounce at that moment (impact_pairs.c)
 * and no longer approach here; this pass is for what that one leaves:
 * pairs that start a sub-step overlapping, or touch and part within it,
 * particles that hit a collider in the same sub-step.
 *
 * The projection (contact.c) pushes overlapping particles apart, and the
 * velocity derived from that push is the perfectly inelastic one: struck, a
 * row of touching balls moves off together. Restitution needs the impulse to
 * travel along the row instead, as in Newton's cradle. After the velocities
 * are derived, this pass:
 *
 * 1. finds the pairs still touching, joins them into clusters (union-find),
 *    and marks the clusters holding a pair that hit: whose arrival velocities
 *    (before any projection) approached faster than the resting threshold,
 *    with restitution e > 0 (e = max of the two particles', as against a
 *    collider; unset counts as 0);
 * 2. gives every particle of such a cluster back the velocity it arrived
 *    with along its contact normals (keeping what sticks, pins and colliders
 *    did across them);
 * 3. resolves the contacts as a sequence of two-body collisions, pass after
 *    pass in pair order, until no pair approaches: a pair approaching faster
 *    than the threshold separates at e times its approach, a slower one
 *    stops approaching. With e = 1 and equal masses every collision swaps the
 *    two velocities, so the struck end's speed reaches the far end and the
 *    others stop, conserving momentum and energy (Guendelman, Bridson and
 *    Fedkiw 2003 process collisions the same way).
 *
 * Clusters with no bouncing impact keep the projection's result bit for bit,
 * so scenes without particle restitution are unchanged. */
#include <math.h>
#include <stdlib.h>

#include "world.h"

static bool reserve(lm_collision *c, uint32_t n) {
    if (n <= c->bounce_capacity) {
        return true;
    }
    uint32_t *cluster = lm_memory_resize_array(c->memory, c->cluster, n, sizeof *cluster);
    if (!cluster) {
        return false;
    }
    c->cluster = cluster;
    uint8_t *impact = lm_memory_resize(c->memory, c->impact, n);
    if (!impact) {
        return false;
    }
    c->impact = impact;
    lm_vec3 *basis =
        lm_memory_resize_array(c->memory, c->normal_basis, (size_t)n * 3, sizeof *basis);
    if (!basis) {
        return false;
    }
    c->normal_basis = basis;
    uint8_t *count = lm_memory_resize(c->memory, c->normal_count, n);
    if (!count) {
        return false;
    }
    c->normal_count = count;
    c->bounce_capacity = n;
    return true;
}

static uint32_t find_root(uint32_t *parent, uint32_t i) {
    while (parent[i] != i) {
        parent[i] = parent[parent[i]];
        i = parent[i];
    }
    return i;
}

static double pair_restitution(const lm_particles *p, uint32_t i, uint32_t j) {
    return fmax(0.0, fmax(p->restitution[i], p->restitution[j]));
}

/* The unit normal of pair (i, j), from i to j, if they touch. */
static bool touching(const lm_particles *p, uint32_t i, uint32_t j, lm_vec3 *n) {
    double reach = p->radius[i] + p->radius[j];
    lm_vec3 d = lm_sub(p->x[j], p->x[i]);
    double distance = sqrt(lm_dot(d, d));
    if (!(distance > 1e-12) || distance > reach * (1 + 1e-6) + 1e-9) {
        return false;
    }
    *n = lm_scale(d, 1.0 / distance);
    return true;
}

/* Adds n to particle i's orthonormal basis of contact normals (at most 3). */
static void add_normal(lm_collision *c, uint32_t i, lm_vec3 n) {
    lm_vec3 *basis = &c->normal_basis[3 * i];
    uint8_t count = c->normal_count[i];
    for (uint8_t k = 0; k < count; k++) {
        n = lm_mad(n, basis[k], -lm_dot(n, basis[k]));
    }
    /* A normal within 30 degrees of the span adds nothing: in a row of balls
     * the normals are nearly parallel, and their small differences must
     * not restore the arrival velocity across the row (gravity's h g). */
    double length = sqrt(lm_dot(n, n));
    if (count < 3 && length > 0.5) {
        basis[count] = lm_scale(n, 1.0 / length);
        c->normal_count[i] = (uint8_t)(count + 1);
    }
}

void lm_contact_restitution(lm_world *world, const lm_step *step) {
    lm_collision *c = &world->collision;
    lm_particles *p = &world->particles;
    if (c->pair_count == 0) {
        return;
    }
    double rest_speed = step->rest_speed;
    /* Cheap first look: does any touching pair bounce? */
    bool any = false;
    for (uint32_t k = 0; k < c->pair_count && !any; k++) {
        uint32_t i = c->pairs[2 * k], j = c->pairs[2 * k + 1];
        lm_vec3 n;
        any = pair_restitution(p, i, j) > 0 && touching(p, i, j, &n) &&
              lm_dot(lm_sub(p->sv[j], p->sv[i]), n) < -rest_speed;
    }
    if (!any || !reserve(c, p->count)) {
        return;
    }
    for (uint32_t i = 0; i < p->count; i++) {
        c->cluster[i] = i;
        c->impact[i] = 0;
        c->normal_count[i] = 0;
    }
    for (uint32_t k = 0; k < c->pair_count; k++) {
        uint32_t i = c->pairs[2 * k], j = c->pairs[2 * k + 1];
        lm_vec3 n;
        if (!touching(p, i, j, &n)) {
            continue;
        }
        uint32_t a = find_root(c->cluster, i), b = find_root(c->cluster, j);
        uint8_t hit = (uint8_t)(c->impact[a] | c->impact[b] |
                                (pair_restitution(p, i, j) > 0 &&
                                 lm_dot(lm_sub(p->sv[j], p->sv[i]), n) < -rest_speed));
        c->cluster[b] = a;
        c->impact[a] = hit;
        if (p->solve_w[i] > 0) {
            add_normal(c, i, n);
        }
        if (p->solve_w[j] > 0) {
            add_normal(c, j, n);
        }
    }
    /* 2. Back to the arrival velocity along the contact normals. */
    for (uint32_t i = 0; i < p->count; i++) {
        if (!c->impact[find_root(c->cluster, i)] || p->solve_w[i] == 0) {
            continue;
        }
        lm_vec3 change = lm_sub(p->v[i], p->sv[i]);
        for (uint8_t k = 0; k < c->normal_count[i]; k++) {
            lm_vec3 b = c->normal_basis[3 * i + k];
            p->v[i] = lm_mad(p->v[i], b, -lm_dot(change, b));
        }
    }
    /* 3. Two-body collisions until no pair of a bouncing cluster approaches. */
    uint32_t passes = 2 * c->pair_count + 8;
    passes = passes > 512 ? 512 : passes;
    for (uint32_t pass = 0; pass < passes; pass++) {
        double largest = 0;
        for (uint32_t k = 0; k < c->pair_count; k++) {
            uint32_t i = c->pairs[2 * k], j = c->pairs[2 * k + 1];
            lm_vec3 n;
            if (!c->impact[find_root(c->cluster, i)] || !touching(p, i, j, &n)) {
                continue;
            }
            double wi = p->solve_w[i], wj = p->solve_w[j];
            double vn = lm_dot(lm_sub(p->v[j], p->v[i]), n);
            if (vn >= 0 || !(wi + wj > 0)) {
                continue;
            }
            double e = vn < -rest_speed ? pair_restitution(p, i, j) : 0.0;
            double impulse = -(1.0 + e) * vn / (wi + wj);
            p->v[i] = lm_mad(p->v[i], n, -impulse * wi);
            p->v[j] = lm_mad(p->v[j], n, impulse * wj);
            largest = fmax(largest, -vn);
        }
        if (largest < 1e-9) {
            break;
        }
    }
    if (world->def.integrator == LM_INTEGRATOR_VERLET) {
        for (uint32_t i = 0; i < p->count; i++) {
            if (c->impact[find_root(c->cluster, i)] && p->solve_w[i] > 0) {
                p->x_prev[i] = lm_mad(p->x[i], p->v[i], -step->h);
            }
        }
    }
}
