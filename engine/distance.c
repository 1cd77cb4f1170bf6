/* distance.c - a distance kept within [min, max] (rest = max). A rope has min 0: it
 * pulls when stretched and is slack otherwise (Jakobsen's unilateral
 * constraints). A stick with options has min = max and may use XPBD
 * compliance, the square-root approximation, or break. */
#include "constraint.h"

static void break_item(lm_world *world, lm_constraint_item *c) {
    c->flags |= LM_ITEM_BROKEN | LM_ITEM_JUST_BROKEN;
    world->broke_in_step++;
}

static void solve_distances(lm_world *world, const lm_step *step, lm_constraint_item *items,
                            uint32_t count) {
    lm_vec3 *x = world->particles.x;
    const double *w = world->particles.solve_w;
    double inv_h2 = 1.0 / (step->h * step->h);
    bool world_approx = world->def.sqrt_approx;
    for (uint32_t i = 0; i < count; i++) {
        lm_constraint_item *c = &items[i];
        if (c->flags & LM_ITEM_BROKEN) {
            continue;
        }
        uint32_t a = c->particle[0], b = c->particle[1];
        double wsum = w[a] + w[b];
        lm_vec3 delta = lm_sub(x[b], x[a]);
        double d2 = lm_dot(delta, delta);
        bool approx = (c->flags & LM_ITEM_SQRT_APPROX || world_approx) &&
                      !(c->flags & LM_ITEM_XPBD) && c->u.distance.min == c->rest && c->rest > 0;
        if (approx) {
            double r2 = c->rest * c->rest;
            if ((c->flags & LM_ITEM_BREAKABLE) &&
                (d2 - r2) / (2.0 * r2) > c->u.distance.break_strain) {
                break_item(world, c); /* the approximate length is (d.d + r^2) / 2r */
                continue;
            }
            if (wsum == 0.0) {
                continue;
            }
            lm_stick_correct(x, w, a, b, delta,
                             c->stiffness * lm_sqrt_approx_factor(d2, c->rest) / wsum);
            continue;
        }
        double length = sqrt(d2);
        if ((c->flags & LM_ITEM_BREAKABLE) && c->rest > 0 &&
            (length - c->rest) / c->rest > c->u.distance.break_strain) {
            break_item(world, c);
            continue;
        }
        double error;
        if (length > c->rest) {
            error = length - c->rest;
        } else if (length < c->u.distance.min) {
            error = length - c->u.distance.min;
        } else {
            continue; /* within the limits: a slack rope does nothing */
        }
        if (wsum == 0.0 || length < 1e-12) {
            continue;
        }
        if (c->flags & LM_ITEM_XPBD) {
            /* XPBD: the correction is a Lagrange multiplier increment with the
             * compliance scaled by 1/h^2; lambda accumulates over the sweeps
             * of a sub-step, so the result converges to the same stretch
             * whatever the iteration count. */
            double alpha = c->stiffness * inv_h2;
            double dlambda = (-error - alpha * c->u.distance.lambda) / (wsum + alpha);
            c->u.distance.lambda += dlambda;
            /* along the unit vector delta / length; the multiplier's sign is
             * the opposite of the stick's correction (w (-k) = -(w k) exactly) */
            lm_stick_correct(x, w, a, b, delta, -(dlambda / length));
        } else {
            lm_stick_correct(x, w, a, b, delta, c->stiffness * error / (length * wsum));
        }
    }
}

static void distance_begin(lm_world *world, const lm_step *step, lm_constraint_item *items,
                           uint32_t count) {
    (void)world;
    (void)step;
    for (uint32_t i = 0; i < count; i++) {
        items[i].u.distance.lambda = 0;
    }
}

static double distance_error(const lm_world *world, const lm_constraint_item *c) {
    if (c->flags & LM_ITEM_BROKEN) {
        return 0;
    }
    double length = lm_item_length(world, c);
    if (length > c->rest) {
        return length - c->rest;
    }
    return length < c->u.distance.min ? c->u.distance.min - length : 0;
}

const lm_constraint_class lm_distance_class = {
    .name = "distance",
    .phase = 0,
    .particle_count = 2,
    .solve = solve_distances,
    .error = distance_error,
    .begin = distance_begin,
    .value = lm_item_length,
    .solve_shake = lm_shake_solve,
};
