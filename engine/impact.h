/*
 * impact.h - a particle's path through the sub-step and the search for the
 * first moment it touches something, shared by impact.c (colliders) and
 * impact_pairs.c (particles). Only engine .c files include it.
 */
#ifndef LOOM_IMPACT_H
#define LOOM_IMPACT_H

#include "geometry.h"

/* The search stops within this distance of a touch (m). */
#define LM_IMPACT_TOLERANCE 1e-12
/* A particle starting this far inside still counts as starting clear (m). */
#define LM_IMPACT_SLACK 1e-9

/* A particle's motion in the sub-step from time t0 on (time from the
 * sub-step's start): x(t) = x + v (t - t0) + a (t - t0)^2 / 2. */
typedef struct lm_path {
    lm_vec3 x, v, a;
    double t0;
} lm_path;

static inline lm_vec3 lm_path_at(const lm_path *m, double t) {
    double s = t - m->t0;
    return lm_mad(lm_mad(m->x, m->v, s), m->a, 0.5 * s * s);
}

static inline lm_vec3 lm_path_velocity(const lm_path *m, double t) {
    return lm_mad(m->v, m->a, t - m->t0);
}

/* Particle i's path over the sub-step, from where it started (x0) to where
 * the integrator put it (x): a its acceleration over the sub-step (the
 * change of its velocity over h; with Verlet the force over the mass, its
 * one evaluation), its start velocity (x - x0) / h - a h / 2. */
lm_path lm_path_of(const lm_world *world, const lm_step *step, uint32_t i);

/* The first t in [lo, hi] at which gap(context, t) reaches 0, given gap > 0
 * at lo and < 0 at hi and that gap changes at most top per second: stepping
 * by gap / top never passes the first touch (conservative advancement); a
 * glancing approach that creeps up on it is finished by a secant kept in
 * its bracket (Illinois), to LM_IMPACT_TOLERANCE. */
typedef double (*lm_gap_fn)(const void *context, double t);
double lm_first_touch(lm_gap_fn gap, const void *context, double lo, double hi, double top);

/* Particle i's velocity changed by dv during the sub-step, which moved its
 * end by dx: its prediction follows (the velocity-based integrators' v, sv
 * and x_integrated; Verlet's sv and a start moved by dx - dv h, as if it had
 * come the whole sub-step with the changed velocity, which keeps x0 + sv h
 * its prediction and (x - x0) / h its velocity). */
void lm_impact_apply(lm_world *world, const lm_step *step, uint32_t i, lm_vec3 dv, lm_vec3 dx);

#endif
