/* stability.c - when a spring will blow up (Lander: "the system will
 * explode" once the springs are too stiff for the time step).
 *
 * An undamped spring of angular frequency omega, stepped by h, is multiplied
 * each step by the integrator's amplification factor R(z), z = i omega h.
 * Semi-implicit Euler and the Verlets are stable (|R| = 1) up to z = 2 and
 * explode beyond; RK4 up to 2 sqrt 2. Explicit Euler (|R|^2 = 1 + z^2) and
 * midpoint (|R|^2 = 1 + z^4 / 4) always grow: their limit is where the growth
 * reaches 1% per period of oscillation (2 pi / z steps), to first order. */
#include <math.h>

#include "world.h"

double lm_integrator_stability_limit(lm_integrator integrator) {
    switch (integrator) {
    case LM_INTEGRATOR_EULER:
        /* |R|^(2 pi / z) = (1 + z^2)^(pi / z) ~ 1 + pi z = 1.01 */
        return 0.01 / 3.14159265358979323846;
    case LM_INTEGRATOR_MIDPOINT:
        /* (1 + z^4 / 4)^(pi / z) ~ 1 + pi z^3 / 4 = 1.01 */
        return cbrt(0.04 / 3.14159265358979323846);
    case LM_INTEGRATOR_RK4:
        return 2.0 * sqrt(2.0);
    case LM_INTEGRATOR_SEMI_IMPLICIT_EULER:
    case LM_INTEGRATOR_VERLET:
    case LM_INTEGRATOR_VELOCITY_VERLET:
        return 2.0;
    case LM_INTEGRATOR_COUNT:
        break;
    }
    assert(0 && "unknown integrator");
    return 0;
}

/* omega^2 of the fastest mode at a particle, bounded by the sum over its
 * springs of k (w_i + w_j) (Gershgorin: exact for the middle of a uniform
 * chain, 4 k / m); with damping, the same sum of c (w_i + w_j), the decay
 * rate 2 zeta omega of that mode. */
static double node_sum(const lm_world *world, uint32_t slot, bool damping) {
    const lm_particles *p = &world->particles;
    double sum = 0;
    for (uint32_t e = p->uses[slot]; e != LM_DEAD; e = world->uses.items[e].next) {
        uint32_t what = world->uses.items[e].what;
        if (!(what & LM_USE_FORCE)) {
            continue;
        }
        const lm_force_item *f = lm_store_get(&world->forces, (what & ~LM_USE_FORCE) + 1);
        if (f->kind == LM_FORCE_SPRING) {
            sum += (damping ? f->damping : f->coefficient) *
                   (p->inv_mass[f->particle[0]] + p->inv_mass[f->particle[1]]);
        }
    }
    return sum;
}

double lm_spring_omega_h(const lm_world *world, lm_force spring) {
    assert(lm_force_is_valid(world, spring));
    const lm_force_item *f = lm_store_get(&world->forces, spring.index1);
    assert(f->kind == LM_FORCE_SPRING);
    double omega2 =
        fmax(node_sum(world, f->particle[0], false), node_sum(world, f->particle[1], false));
    double h = world->def.time_step / world->def.substeps;
    return sqrt(omega2) * h;
}

lm_force lm_world_stiffest_spring(const lm_world *world, double *omega_h) {
    lm_force best = {0, 0, 0};
    *omega_h = 0;
    for (uint32_t k = 0; k < world->forces.count; k++) {
        const lm_force_item *f = lm_store_at(&world->forces, k);
        if (!lm_store_alive(&world->forces, k) || f->kind != LM_FORCE_SPRING) {
            continue;
        }
        uint32_t slot = world->forces.item_slot[k];
        lm_force handle = lm_force_handle(world, slot);
        double value = lm_spring_omega_h(world, handle);
        if (value > *omega_h) {
            *omega_h = value;
            best = handle;
        }
    }
    return best;
}

/* Damping takes zeta omega h of a mode's amplitude each step; explicit
 * Euler adds (omega h)^2 / 2 and midpoint (omega h)^4 / 8. Over a period
 * (2 pi / (omega h) steps) the growth stays under 1% while, for Euler,
 * omega h <= 0.01 / pi + 2 zeta and, for midpoint, (omega h)^3 <= 0.04 / pi
 * + 8 zeta (the undamped limits at zeta = 0), at most 2 (where both leave
 * their stability regions along the real axis). The others' limits do not
 * depend on damping. zeta is taken at the end where omega is largest. */
double lm_spring_stability_limit(const lm_world *world, lm_force spring) {
    lm_integrator integrator = world->def.integrator;
    double limit = lm_integrator_stability_limit(integrator);
    if (integrator != LM_INTEGRATOR_EULER && integrator != LM_INTEGRATOR_MIDPOINT) {
        return limit;
    }
    assert(lm_force_is_valid(world, spring));
    const lm_force_item *f = lm_store_get(&world->forces, spring.index1);
    assert(f->kind == LM_FORCE_SPRING);
    uint32_t end = f->particle[0];
    if (node_sum(world, f->particle[1], false) > node_sum(world, end, false)) {
        end = f->particle[1];
    }
    double omega2 = node_sum(world, end, false);
    if (!(omega2 > 0)) {
        return limit;
    }
    double zeta = node_sum(world, end, true) / (2.0 * sqrt(omega2));
    if (integrator == LM_INTEGRATOR_EULER) {
        return fmin(2.0, limit + 2.0 * zeta);
    }
    return fmin(2.0, cbrt(limit * limit * limit + 8.0 * zeta));
}
