/* step.h - what every stage of a sub-step is handed (step.c), the force
 * evaluation and the integrators (integrate.c). Only the engine's own files include it */
#ifndef LOOM_STEP_H
#define LOOM_STEP_H

#include "loom.h"
#include "particles.h"
#include "pool.h"

/* What every stage of a sub-step is handed (step.c builds it once per
 * sub-step instead of each stage recomputing it). */
typedef struct lm_step {
    double h;     /* s, the sub-step: time_step / substeps */
    double inv_h; /* 1 / h */
    double time;  /* s, world time at the start of the sub-step */
    int index;    /* this sub-step, 0 .. count - 1 */
    int count;    /* sub-steps per step */
    /* m/s: a contact arriving slower than this rests instead of bouncing
     * (2 |g| h: gravity's push over a sub-step, with room to spare) */
    double rest_speed;
} lm_step;

/* The force evaluation an integrator calls (force.c makes it): clears the
 * accumulators and applies every force at the particles' current state.
 * Non-zero = a callback failed and the step is abandoned. */
typedef struct lm_force_eval {
    int (*evaluate)(void *context, double time);
    void *context;
} lm_force_eval;
/* Advances positions (and velocities) by step->h with the integrator; keep
 * is 1 - damping. The per-particle updates run on the pool's threads when
 * there are enough particles (pool may be NULL). Returns non-zero when a
 * force evaluation failed. */
int lm_integrate(lm_particles *particles, lm_integrator integrator, double keep,
                 const lm_step *step, const lm_force_eval *forces, lm_pool *pool);

#endif
