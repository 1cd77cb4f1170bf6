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

#include "world.h"

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

/* Measured (tests/lua/test_defaults.lua): at 60 steps per second the
 * quadruple pendulum's whip turns its last stick by up to 13 degrees a step,
 * where Verlet and RK4 lose 3-6% of its swing in a minute; at 2 sub-steps
 * every integrator keeps it within 0.1%. Explicit and semi-implicit Euler
 * are first order: a pendulum's energy swings 2.3% within each period at one
 * sub-step, 0.6% at four. */
int lm_integrator_substeps(lm_integrator integrator) {
    assert(integrator < LM_INTEGRATOR_COUNT);
    return integrator == LM_INTEGRATOR_EULER || integrator == LM_INTEGRATOR_SEMI_IMPLICIT_EULER ? 4
                                                                                                : 2;
}

static inline lm_vec3 acceleration(const lm_particles *p, uint32_t i) {
    return lm_scale(p->f[i], p->inv_mass[i]);
}

/* Each integrator is a few force evaluations, each followed by an update of
 * every particle on its own (a range function over particles lo .. hi - 1,
 * run on the pool's threads when there are enough particles: the same bits
 * either way). What a range needs: */
typedef struct update {
    lm_particles *p;
    double h, keep;
    int stage; /* rk4 */
} update;

/* Sets particle i to x0 + dx h, v0 + dv h for a stage (movable particles). */
static inline void set_stage(lm_particles *p, uint32_t i, lm_vec3 dx, lm_vec3 dv, double h) {
    if (p->inv_mass[i] == 0) {
        return;
    }
    p->x[i] = lm_mad(p->x0[i], dx, h);
    p->v[i] = lm_mad(p->v0[i], dv, h);
}

/* Evaluates the forces at time, then runs fn over every particle. */
static int evaluate_then(const lm_force_eval *forces, double time, lm_pool *pool, lm_range_fn fn,
                         update *u) {
    if (forces->evaluate(forces->context, time)) {
        return 1;
    }
    lm_pool_for(pool, u->p->count, fn, u);
    return 0;
}

/* x += v h, then v += a h: the velocity used for the move is the old one. */
static void euler_update(void *context, uint32_t lo, uint32_t hi) {
    const update *u = context;
    lm_particles *p = u->p;
    for (uint32_t i = lo; i < hi; i++) {
        if (p->inv_mass[i] == 0) {
            continue;
        }
        p->x[i] = lm_mad(p->x[i], p->v[i], u->h);
        p->v[i] = lm_scale(lm_mad(p->v[i], acceleration(p, i), u->h), u->keep);
    }
}

/* v += a h, then x += v h with the new velocity (symplectic: energy stays bounded). */
static void semi_implicit_euler_update(void *context, uint32_t lo, uint32_t hi) {
    const update *u = context;
    lm_particles *p = u->p;
    for (uint32_t i = lo; i < hi; i++) {
        if (p->inv_mass[i] == 0) {
            continue;
        }
        p->v[i] = lm_scale(lm_mad(p->v[i], acceleration(p, i), u->h), u->keep);
        p->x[i] = lm_mad(p->x[i], p->v[i], u->h);
    }
}

/* Position Verlet with drag (Jakobsen; Lee eq. 9):
 *   x' = x + (1 - d)(x - x*) + a h^2,  x* = x.
 * A particle whose velocity was just set (or that was just made) has no
 * meaningful x* yet, so its first step uses x' = x + (1 - d) v h + a h^2 / 2,
 * which makes the scheme exact for constant acceleration from the start.
 * Velocities are derived after the constraints: v = (x' - x) / h. */
static void verlet_update(void *context, uint32_t lo, uint32_t hi) {
    const update *u = context;
    lm_particles *p = u->p;
    double h = u->h, h2 = h * h, keep = u->keep;
    for (uint32_t i = lo; i < hi; i++) {
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
}

/* Velocity Verlet: x += v h + a h^2 / 2; a' = a(x, v + a h); v += (a + a') h / 2. */
static void velocity_verlet_first(void *context, uint32_t lo, uint32_t hi) {
    const update *u = context;
    lm_particles *p = u->p;
    double h = u->h;
    for (uint32_t i = lo; i < hi; i++) {
        if (p->inv_mass[i] == 0) {
            continue;
        }
        lm_vec3 a = acceleration(p, i);
        p->sv[i] = a;
        p->x[i] = lm_mad(lm_mad(p->x[i], p->v[i], h), a, 0.5 * h * h);
        p->v[i] = lm_mad(p->v[i], a, h); /* predicted, for velocity-dependent forces */
    }
}

static void velocity_verlet_second(void *context, uint32_t lo, uint32_t hi) {
    const update *u = context;
    lm_particles *p = u->p;
    for (uint32_t i = lo; i < hi; i++) {
        if (p->inv_mass[i] == 0) {
            continue;
        }
        lm_vec3 a_sum = lm_add(p->sv[i], acceleration(p, i));
        p->v[i] = lm_scale(lm_mad(p->v0[i], a_sum, 0.5 * u->h), u->keep);
    }
}

/* Midpoint (RK2, Lander): evaluate at the start, step half way, evaluate
 * again there, and take the whole step with the midpoint's rates. */
static void midpoint_half(void *context, uint32_t lo, uint32_t hi) {
    const update *u = context;
    lm_particles *p = u->p;
    for (uint32_t i = lo; i < hi; i++) {
        p->sx[i] = p->v[i];
        p->sv[i] = acceleration(p, i);
        set_stage(p, i, p->sx[i], p->sv[i], 0.5 * u->h);
    }
}

static void midpoint_whole(void *context, uint32_t lo, uint32_t hi) {
    const update *u = context;
    lm_particles *p = u->p;
    for (uint32_t i = lo; i < hi; i++) {
        if (p->inv_mass[i] == 0) {
            continue;
        }
        lm_vec3 v_mid = p->v[i], a_mid = acceleration(p, i);
        p->x[i] = lm_mad(p->x0[i], v_mid, u->h);
        p->v[i] = lm_scale(lm_mad(p->v0[i], a_mid, u->h), u->keep);
    }
}

/* Classic fourth-order Runge-Kutta (Lander): four evaluations, weighted
 * 1, 2, 2, 1. sx and sv accumulate the weighted rates of position and
 * velocity; each stage starts again from x0, v0, and the last takes the
 * step. */
static const double rk4_at[4] = {0.0, 0.5, 0.5, 1.0};

static void rk4_stage(void *context, uint32_t lo, uint32_t hi) {
    static const double weight[4] = {1.0, 2.0, 2.0, 1.0};
    const update *u = context;
    lm_particles *p = u->p;
    lm_vec3 *kx = p->x_integrated, *kv = p->ka; /* this stage's rates */
    int stage = u->stage;
    for (uint32_t i = lo; i < hi; i++) {
        kx[i] = p->v[i];
        kv[i] = acceleration(p, i);
        if (stage == 0) {
            p->sx[i] = kx[i];
            p->sv[i] = kv[i];
        } else {
            p->sx[i] = lm_mad(p->sx[i], kx[i], weight[stage]);
            p->sv[i] = lm_mad(p->sv[i], kv[i], weight[stage]);
        }
        if (stage < 3) {
            set_stage(p, i, kx[i], kv[i], rk4_at[stage + 1] * u->h);
        } else if (p->inv_mass[i] != 0) {
            p->x[i] = lm_mad(p->x0[i], p->sx[i], u->h / 6.0);
            p->v[i] = lm_scale(lm_mad(p->v0[i], p->sv[i], u->h / 6.0), u->keep);
        }
    }
}

int lm_integrate(lm_particles *p, lm_integrator integrator, double keep, const lm_step *step,
                 const lm_force_eval *forces, lm_pool *pool) {
    update u = {p, step->h, keep, 0};
    double t = step->time, h = step->h;
    switch (integrator) {
    case LM_INTEGRATOR_EULER:
        return evaluate_then(forces, t, pool, euler_update, &u);
    case LM_INTEGRATOR_SEMI_IMPLICIT_EULER:
        return evaluate_then(forces, t, pool, semi_implicit_euler_update, &u);
    case LM_INTEGRATOR_VERLET:
        return evaluate_then(forces, t, pool, verlet_update, &u);
    case LM_INTEGRATOR_VELOCITY_VERLET:
        return evaluate_then(forces, t, pool, velocity_verlet_first, &u) ||
               evaluate_then(forces, t + h, pool, velocity_verlet_second, &u);
    case LM_INTEGRATOR_MIDPOINT:
        return evaluate_then(forces, t, pool, midpoint_half, &u) ||
               evaluate_then(forces, t + 0.5 * h, pool, midpoint_whole, &u);
    case LM_INTEGRATOR_RK4:
        for (u.stage = 0; u.stage < 4; u.stage++) {
            if (evaluate_then(forces, t + rk4_at[u.stage] * h, pool, rk4_stage, &u)) {
                return 1;
            }
        }
        return 0;
    case LM_INTEGRATOR_COUNT:
        break;
    }
    assert(0 && "unknown integrator");
    return 1;
}
