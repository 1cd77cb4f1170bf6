/* distance.c - a distance kept within [min, max] (rest = max). A rope has min 0: it
 * pulls when stretched and is slack otherwise (Jakobsen's unilateral
 * constraints). A stick with options has min = max and may use XPBD
 * compliance, the square-root approximation, or break. */
#include <string.h>

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

/* Solved exactly (projection = "shake") unless it asks for compliance,
 * breaking, the square root approximation or a partial correction. */
static bool distance_exact(const lm_world *world, const lm_constraint_item *c, double *min,
                           double *max) {
    *min = c->u.distance.min;
    *max = c->rest;
    uint16_t own = LM_ITEM_XPBD | LM_ITEM_SQRT_APPROX | LM_ITEM_BREAKABLE | LM_ITEM_BROKEN;
    return !(c->flags & own) && c->stiffness == 1.0 && !world->def.sqrt_approx && c->rest > 0;
}

lm_rope_def lm_rope_default_def(void) {
    lm_rope_def def;
    memset(&def, 0, sizeof def);
    def.max_length = -1;
    def.stiffness = 1;
    return def;
}

lm_constraint lm_rope_create(lm_world *world, const lm_rope_def *def) {
    uint32_t a = lm_particle_slot(world, def->a), b = lm_particle_slot(world, def->b);
    double max = def->max_length >= 0 ? def->max_length : lm_particle_distance(world, a, b);
    assert(a != b && def->stiffness > 0 && def->stiffness <= 1);
    assert(def->min_length >= 0 && def->min_length <= max && def->compliance >= 0);
    lm_constraint_item *c;
    lm_constraint handle = lm_constraint_add(world, &c, LM_CONSTRAINT_ROPE, LM_SOLVER_DISTANCE, 2);
    if (!c) {
        return handle;
    }
    c->particle[0] = a;
    c->particle[1] = b;
    c->rest = max;
    c->u.distance.min = def->min_length;
    c->stiffness = def->stiffness;
    if (def->compliance > 0) {
        c->flags |= LM_ITEM_XPBD;
        c->stiffness = def->compliance;
    }
    lm_constraint_link(world, &lm_distance_class, c, handle);
    return handle;
}

/* A rope is drawn as a rope, a stick with options as a stick; a broken one
 * not at all. */
static void draw_distance(const lm_world *world, const lm_constraint_item *c, lm_constraint handle,
                          const lm_draw_fns *fns, void *context) {
    if (fns->link && !(c->flags & LM_ITEM_BROKEN)) {
        const lm_vec3 *x = world->particles.x;
        fns->link(context, x[c->particle[0]], x[c->particle[1]],
                  c->kind == LM_CONSTRAINT_ROPE ? LM_LINK_ROPE : LM_LINK_STICK, handle,
                  (lm_force){0, 0, 0});
    }
}

/* A rope's [min, max] (m); a stick with options has none to show. */
static bool distance_limits(const lm_constraint_item *c, double *min, double *max) {
    if (c->kind != LM_CONSTRAINT_ROPE) {
        return false;
    }
    *min = c->u.distance.min;
    *max = c->rest;
    return true;
}

/* XPBD's multiplier is the force's impulse times h: the tension is
 * -lambda / h^2 (lambda < 0 while stretched). */
static bool distance_tension(const lm_world *world, const lm_constraint_item *c, double *tension) {
    if (!(c->flags & LM_ITEM_XPBD) || (c->flags & LM_ITEM_BROKEN)) {
        return false;
    }
    double h = lm_world_substep_length(world);
    *tension = -c->u.distance.lambda / (h * h);
    return true;
}

/* A stick with options collides as an edge (collide_edges); a rope does not. */
static bool distance_edge(const lm_constraint_item *c) {
    return c->kind == LM_CONSTRAINT_STICK;
}

const lm_constraint_class lm_distance_class = {
    .name = "distance",
    .phase = 0,
    .particle_count = 2,
    .solve = solve_distances,
    .error = distance_error,
    .begin = distance_begin,
    .value = lm_item_length,
    .exact = distance_exact,
    .draw = draw_distance,
    .limits = distance_limits,
    .tension = distance_tension,
    .link = true,
    .length_error = true,
    .edge_of = distance_edge,
};
