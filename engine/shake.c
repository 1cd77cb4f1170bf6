/* shake.c - SHAKE and RATTLE: distance constraints projected so that energy
 * stays bounded (world option projection = "shake").
 *
 * Jakobsen's projection moves the two ends of a stick along their current
 * direction. That is first-order in energy: a double pendulum loses its
 * swing within a minute. SHAKE (Ryckaert, Ciccotti and Berendsen 1977) moves
 * them along the direction the stick had at the start of the sub-step, r0,
 * by the multiplier that makes |x_b - x_a| = L to first order,
 *     g = d.d - L^2,   lambda = g / (2 (w_a + w_b) d.r0),
 *     x_a += w_a lambda r0,  x_b -= w_b lambda r0,
 * and sweeps until every stick is exact to a tolerance rather than for a
 * fixed count. With position Verlet this is the constrained Verlet scheme,
 * which is symplectic: the energy error stays bounded, with no drift. The
 * velocity-based integrators then get RATTLE's second half (Andersen 1983):
 * the relative velocity along each stick is removed, iterated the same way,
 * so a stick neither stretches nor shrinks in velocity either.
 *
 * A taut rope (longer than its maximum) and a stick with min < length < max
 * are handled alike with L the bound they pass. Distances with XPBD
 * compliance or the square-root approximation keep their own solve. */
#include "constraint.h"

static const char *const projection_names[LM_PROJECT_METHOD_COUNT + 1] = {
    [LM_PROJECT_JAKOBSEN] = "jakobsen",
    [LM_PROJECT_SHAKE] = "shake",
    [LM_PROJECT_METHOD_COUNT] = NULL,
};

const char *lm_projection_method_name(lm_projection_method projection) {
    assert(projection < LM_PROJECT_METHOD_COUNT);
    return projection_names[projection];
}

const char *const *lm_projection_method_names(void) {
    return projection_names;
}

/* The length the item must be brought to, or a negative value when it is
 * within its limits (a slack rope). */
static double target_length(const lm_constraint_item *c, double d2) {
    if (c->solver == LM_SOLVER_STICK) {
        return c->rest;
    }
    if (d2 > c->rest * c->rest) {
        return c->rest;
    }
    return d2 < c->u.distance.min * c->u.distance.min ? c->u.distance.min : -1.0;
}

static bool own_solve(const lm_constraint_item *c) {
    return c->solver == LM_SOLVER_DISTANCE &&
           (c->flags & (LM_ITEM_XPBD | LM_ITEM_SQRT_APPROX | LM_ITEM_BROKEN | LM_ITEM_BREAKABLE));
}

void lm_shake_solve(lm_world *world, const lm_step *step, lm_constraint_item *items,
                    uint32_t count) {
    lm_vec3 *x = world->particles.x;
    const lm_vec3 *x0 = world->particles.x0;
    const double *w = world->particles.solve_w;
    for (uint32_t i = 0; i < count; i++) {
        lm_constraint_item *c = &items[i];
        if (own_solve(c)) {
            lm_distance_class.solve(world, step, c, 1);
            continue;
        }
        uint32_t a = c->particle[0], b = c->particle[1];
        double wsum = w[a] + w[b];
        lm_vec3 delta = lm_sub(x[b], x[a]);
        double d2 = lm_dot(delta, delta);
        double length = target_length(c, d2);
        if (wsum == 0.0 || length < 0) {
            continue;
        }
        double l2 = length * length;
        double g = d2 - l2;
        if (l2 > 0) {
            world->shake_error = fmax(world->shake_error, fabs(g) / l2);
        }
        lm_vec3 r0 = lm_sub(x0[b], x0[a]);
        double along = lm_dot(delta, r0);
        if (!(along > 1e-3 * sqrt(d2 * lm_dot(r0, r0))) || !(l2 > 0)) {
            /* The stick turned by nearly 90 degrees in one sub-step, or has no
             * length: no useful r0, so Jakobsen's direction. */
            double d = sqrt(d2);
            if (d > 1e-12) {
                lm_stick_correct(x, w, a, b, delta, c->stiffness * (d - length) / (d * wsum));
            }
            continue;
        }
        double lambda = c->stiffness * g / (2.0 * wsum * along);
        /* Never move the ends more than twice Jakobsen's correction would:
         * near the solution the two agree, and in an over-constrained net
         * (a cloth with shear sticks) the old directions can disagree enough
         * for unclamped SHAKE sweeps to diverge. */
        double jakobsen = c->stiffness * fabs(sqrt(d2) - length);
        double move = fabs(lambda) * wsum * sqrt(lm_dot(r0, r0));
        if (move > 2.0 * jakobsen) {
            lambda *= 2.0 * jakobsen / move;
        }
        lm_stick_correct(x, w, a, b, r0, lambda);
    }
}

void lm_rattle_velocities(lm_world *world, const lm_step *step) {
    (void)step;
    lm_particles *p = &world->particles;
    const double *w = p->solve_w;
    int passes = LM_SHAKE_SWEEPS_PER_ITERATION * world->def.iterations;
    for (int pass = 0; pass < passes; pass++) {
        double largest = 0;
        for (uint32_t r = 0; r < world->constraint_run_count[0]; r++) {
            const lm_run *run = &world->constraint_runs[0][r];
            if (run->kind != LM_SOLVER_STICK && run->kind != LM_SOLVER_DISTANCE) {
                continue;
            }
            const lm_constraint_item *items = lm_store_at(&world->constraints, run->start);
            for (uint32_t i = 0; i < run->count; i++) {
                const lm_constraint_item *c = &items[i];
                if (own_solve(c)) {
                    continue;
                }
                uint32_t a = c->particle[0], b = c->particle[1];
                double wsum = w[a] + w[b];
                lm_vec3 delta = lm_sub(p->x[b], p->x[a]);
                double d2 = lm_dot(delta, delta);
                if (wsum == 0.0 || !(d2 > 0)) {
                    continue;
                }
                double rate = lm_dot(lm_sub(p->v[b], p->v[a]), delta); /* > 0: lengthening */
                if (c->solver == LM_SOLVER_DISTANCE && c->u.distance.min < c->rest) {
                    /* A rope holds only at its bounds, and only against
                     * passing them: a taut one may go slack. */
                    double slack = 2 * LM_SHAKE_TOLERANCE;
                    bool at_max = d2 >= c->rest * c->rest * (1 - slack);
                    bool at_min = d2 <= c->u.distance.min * c->u.distance.min * (1 + slack);
                    if (!((at_max && rate > 0) || (at_min && rate < 0))) {
                        continue;
                    }
                }
                double k = rate / (wsum * d2);
                p->v[a] = lm_mad(p->v[a], delta, w[a] * k);
                p->v[b] = lm_mad(p->v[b], delta, -w[b] * k);
                largest = fmax(largest, fabs(rate) / sqrt(d2));
            }
        }
        if (largest < 1e-10) {
            break;
        }
    }
}
