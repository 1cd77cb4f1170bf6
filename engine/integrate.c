/* integrate.c - the integrators, selectable per world.
 *
 * On entry the particles hold x, v at time t = step->time, and x0/v0 hold
 * copies of them (saved by the step). Every integrator leaves x, v at t + h.
 * Forces are evaluated through the lm_force_eval the step hands over (force.c
 * makes it), into the particles' accumulators f; the multi-stage integrators
 * set the particles to each stage's state and evaluate again there, user
 * callbacks included, so a callback always sees the state it is asked about.
 * Immovable particles (inverse mass 0) never move. */
#include <math.h>

#include "internal.h"

static const char *const integrator_names[LM_INTEGRATOR_COUNT + 1] = {
    [LM_INTEGRATOR_EULER] = "euler",
    [LM_INTEGRATOR_SEMI_IMPLICIT_EULER] = "semi_implicit_euler",
    [LM_INTEGRATOR_VERLET] = "verlet",
    [LM_INTEGRATOR_VELOCITY_VERLET] = "velocity_verlet",
    [LM_INTEGRATOR_MIDPOINT] = "midpoint",
    [LM_INTEGRATOR_RK4] = "rk4",
    [LM_INTEGRATOR_COUNT] = NULL,
};

const char *lm_integrator_name(lm_integrator integrator) {
    assert(integrator < LM_INTEGRATOR_COUNT);
    return integrator_names[integrator];
}

const char *const *lm_integrator_names(void) {
    return integrator_names;
}

static inline lm_vec3 acceleration(const lm_particles *p, uint32_t i) {
    return lm_scale(p->f[i], p->inv_mass[i]);
}

/* x += v h, then v += a h: the velocity used for the move is the old one. */
static int euler(lm_particles *p, const lm_step *step, double keep, const lm_force_eval *forces) {
    double h = step->h;
    if (forces->evaluate(forces->context, step->time)) {
        return 1;
    }
    for (uint32_t i = 0; i < p->count; i++) {
        if (p->inv_mass[i] == 0) {
            continue;
        }
        p->x[i] = lm_mad(p->x[i], p->v[i], h);
        p->v[i] = lm_scale(lm_mad(p->v[i], acceleration(p, i), h), keep);
    }
    return 0;
}

/* v += a h, then x += v h with the new velocity (symplectic: energy stays bounded). */
static int semi_implicit_euler(lm_particles *p, const lm_step *step, double keep,
                               const lm_force_eval *forces) {
    double h = step->h;
    if (forces->evaluate(forces->context, step->time)) {
        return 1;
    }
    for (uint32_t i = 0; i < p->count; i++) {
        if (p->inv_mass[i] == 0) {
            continue;
        }
        p->v[i] = lm_scale(lm_mad(p->v[i], acceleration(p, i), h), keep);
        p->x[i] = lm_mad(p->x[i], p->v[i], h);
    }
    return 0;
}

/* Position Verlet with drag (Jakobsen; Lee eq. 9):
 *   x' = x + (1 - d)(x - x*) + a h^2,  x* = x.
 * A particle whose velocity was just set (or that was just made) has no
 * meaningful x* yet, so its first step uses x' = x + (1 - d) v h + a h^2 / 2,
 * which makes the scheme exact for constant acceleration from the start.
 * Velocities are derived after the constraints: v = (x' - x) / h. */
static int verlet(lm_particles *p, const lm_step *step, double keep, const lm_force_eval *forces) {
    double h = step->h;
    if (forces->evaluate(forces->context, step->time)) {
        return 1;
    }
    double h2 = h * h;
    for (uint32_t i = 0; i < p->count; i++) {
        if (p->inv_mass[i] == 0) {
            p->x_prev[i] = p->x[i];
            continue;
        }
        lm_vec3 x = p->x[i], a = acceleration(p, i), next;
        if (p->fresh[i]) {
            next = lm_mad(lm_mad(x, p->v[i], keep * h), a, 0.5 * h2);
            p->fresh[i] = 0;
        } else {
            next = lm_mad(lm_mad(x, lm_sub(x, p->x_prev[i]), keep), a, h2);
        }
        p->x_prev[i] = x;
        p->x[i] = next;
    }
    return 0;
}

/* x += v h + a h^2 / 2; a' = a(x, v + a h); v += (a + a') h / 2. */
static int velocity_verlet(lm_particles *p, const lm_step *step, double keep,
                           const lm_force_eval *forces) {
    double h = step->h;
    if (forces->evaluate(forces->context, step->time)) {
        return 1;
    }
    for (uint32_t i = 0; i < p->count; i++) {
        if (p->inv_mass[i] == 0) {
            continue;
        }
        lm_vec3 a = acceleration(p, i);
        p->sv[i] = a;
        p->x[i] = lm_mad(lm_mad(p->x[i], p->v[i], h), a, 0.5 * h * h);
        p->v[i] = lm_mad(p->v[i], a, h); /* predicted, for velocity-dependent forces */
    }
    if (forces->evaluate(forces->context, step->time + h)) {
        return 1;
    }
    for (uint32_t i = 0; i < p->count; i++) {
        if (p->inv_mass[i] == 0) {
            continue;
        }
        lm_vec3 a_sum = lm_add(p->sv[i], acceleration(p, i));
        p->v[i] = lm_scale(lm_mad(p->v0[i], a_sum, 0.5 * h), keep);
    }
    return 0;
}

/* Sets every movable particle to x0 + dx h, v0 + dv h for a stage. */
static void set_stage(lm_particles *p, const lm_vec3 *dx, const lm_vec3 *dv, double h) {
    for (uint32_t i = 0; i < p->count; i++) {
        if (p->inv_mass[i] == 0) {
            continue;
        }
        lm_vec3 x_rate = dx[i], v_rate = dv[i];
        p->x[i] = lm_mad(p->x0[i], x_rate, h);
        p->v[i] = lm_mad(p->v0[i], v_rate, h);
    }
}

/* Midpoint (RK2, Lander): evaluate at the start, step half way, evaluate
 * again there, and take the whole step with the midpoint's rates. */
static int midpoint(lm_particles *p, const lm_step *step, double keep,
                    const lm_force_eval *forces) {
    double h = step->h;
    if (forces->evaluate(forces->context, step->time)) {
        return 1;
    }
    for (uint32_t i = 0; i < p->count; i++) {
        p->sx[i] = p->v[i];
        p->sv[i] = acceleration(p, i);
    }
    set_stage(p, p->sx, p->sv, 0.5 * h);
    if (forces->evaluate(forces->context, step->time + 0.5 * h)) {
        return 1;
    }
    for (uint32_t i = 0; i < p->count; i++) {
        if (p->inv_mass[i] == 0) {
            continue;
        }
        lm_vec3 v_mid = p->v[i], a_mid = acceleration(p, i);
        p->x[i] = lm_mad(p->x0[i], v_mid, h);
        p->v[i] = lm_scale(lm_mad(p->v0[i], a_mid, h), keep);
    }
    return 0;
}

/* Classic fourth-order Runge-Kutta (Lander): four evaluations, weighted
 * 1, 2, 2, 1. sx and sv accumulate the weighted rates of position and
 * velocity; each stage starts again from x0, v0. */
static int rk4(lm_particles *p, const lm_step *step, double keep, const lm_force_eval *forces) {
    double h = step->h;
    lm_vec3 *kx = p->x_integrated, *kv = p->ka; /* this stage's rates */
    static const double stage_at[4] = {0.0, 0.5, 0.5, 1.0};
    static const double weight[4] = {1.0, 2.0, 2.0, 1.0};
    for (int stage = 0; stage < 4; stage++) {
        if (forces->evaluate(forces->context, step->time + stage_at[stage] * h)) {
            return 1;
        }
        for (uint32_t i = 0; i < p->count; i++) {
            lm_vec3 a = acceleration(p, i);
            kx[i] = p->v[i];
            kv[i] = a;
            if (stage == 0) {
                p->sx[i] = kx[i];
                p->sv[i] = kv[i];
            } else {
                p->sx[i] = lm_mad(p->sx[i], kx[i], weight[stage]);
                p->sv[i] = lm_mad(p->sv[i], kv[i], weight[stage]);
            }
        }
        if (stage < 3) {
            set_stage(p, kx, kv, stage_at[stage + 1] * h);
        }
    }
    for (uint32_t i = 0; i < p->count; i++) {
        if (p->inv_mass[i] == 0) {
            continue;
        }
        p->x[i] = lm_mad(p->x0[i], p->sx[i], h / 6.0);
        p->v[i] = lm_scale(lm_mad(p->v0[i], p->sv[i], h / 6.0), keep);
    }
    return 0;
}

int lm_integrate(lm_particles *p, lm_integrator integrator, double keep, const lm_step *step,
                 const lm_force_eval *forces) {
    switch (integrator) {
    case LM_INTEGRATOR_EULER:
        return euler(p, step, keep, forces);
    case LM_INTEGRATOR_SEMI_IMPLICIT_EULER:
        return semi_implicit_euler(p, step, keep, forces);
    case LM_INTEGRATOR_VERLET:
        return verlet(p, step, keep, forces);
    case LM_INTEGRATOR_VELOCITY_VERLET:
        return velocity_verlet(p, step, keep, forces);
    case LM_INTEGRATOR_MIDPOINT:
        return midpoint(p, step, keep, forces);
    case LM_INTEGRATOR_RK4:
        return rk4(p, step, keep, forces);
    case LM_INTEGRATOR_COUNT:
        break;
    }
    assert(0 && "unknown integrator");
    return 1;
}
