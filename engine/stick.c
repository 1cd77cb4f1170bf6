/* stick.c - the plain stick (Jakobsen 3, 4): keep |x_b - x_a| at the rest
 * length, in creation order (Gauss-Seidel). A stick with options (compliance,
 * breaking, its own square-root approximation) is a distance (distance.c).
 *
 * Each end moves in proportion to its inverse mass, so an immovable end
 * (inverse mass 0) stays put and a lighter end moves more. A pinned particle
 * counts as immovable here: otherwise the stick would move it half way, the
 * pin would put it back, and every stick next to a pin would only ever be
 * half corrected (a cloth hanging from pins stretched at its corners). */
#include <string.h>

#include "constraint.h"

static void solve_sticks_sqrt_approx(lm_world *world, lm_constraint_item *items, uint32_t count) {
    lm_vec3 *x = world->particles.x;
    const double *w = world->particles.solve_w;
    for (uint32_t i = 0; i < count; i++) {
        const lm_constraint_item *c = &items[i];
        uint32_t a = c->particle[0], b = c->particle[1];
        double wsum = w[a] + w[b];
        lm_vec3 delta = lm_sub(x[b], x[a]);
        double d2 = lm_dot(delta, delta);
        if (wsum == 0.0 || d2 + c->rest * c->rest < 1e-24) {
            continue;
        }
        lm_stick_correct(x, w, a, b, delta,
                         c->stiffness * lm_sqrt_approx_factor(d2, c->rest) / wsum);
    }
}

static void solve_sticks(lm_world *world, const lm_step *step, lm_constraint_item *items,
                         uint32_t count) {
    (void)step;
    if (world->def.sqrt_approx) {
        solve_sticks_sqrt_approx(world, items, count);
        return;
    }
    lm_vec3 *x = world->particles.x;
    const double *w = world->particles.solve_w;
    /* The ends of the last stick projected stay in registers: in a cloth the
     * next stick shares one of them nearly always, and reading it back from
     * memory would put a store-to-load forwarding on the chain of dependent
     * operations from one projection to the next. Memory is written as well,
     * so it is never stale; the arithmetic is unchanged (same bits). */
    uint32_t last_a = UINT32_MAX, last_b = UINT32_MAX;
    lm_vec3 at_a = {0, 0, 0}, at_b = {0, 0, 0};
    for (uint32_t i = 0; i < count; i++) {
        const lm_constraint_item *c = &items[i];
        uint32_t a = c->particle[0], b = c->particle[1];
        lm_vec3 pa, pb;
        if (a == last_a) {
            pa = at_a;
        } else if (a == last_b) {
            pa = at_b;
        } else {
            pa = x[a];
        }
        if (b == last_b) {
            pb = at_b;
        } else if (b == last_a) {
            pb = at_a;
        } else {
            pb = x[b];
        }
        double wa = w[a], wb = w[b], wsum = wa + wb;
        lm_vec3 delta = lm_sub(pb, pa);
        double length = sqrt(lm_dot(delta, delta));
        if (wsum == 0.0 || length < 1e-12) {
            continue; /* both immovable, or coincident: no direction to push along */
        }
        /* A stiffness of 1 (nearly every stick) multiplies by nothing: leaving
         * the product out gives the same bits and keeps it off the chain of
         * dependent operations from one projection to the next. */
        double error = c->stiffness == 1.0 ? length - c->rest : c->stiffness * (length - c->rest);
        double k = error / (length * wsum);
        /* lm_stick_correct's arithmetic */
        pa = lm_mad(pa, delta, wa * k);
        pb = lm_mad(pb, delta, -wb * k);
        x[a] = at_a = pa;
        x[b] = at_b = pb;
        last_a = a;
        last_b = b;
    }
}

/* Solved exactly (projection = "shake") unless its stiffness asks for
 * Jakobsen's partial correction or the world for his square root. */
static bool stick_exact(const lm_world *world, const lm_constraint_item *c, double *min,
                        double *max) {
    *min = *max = c->rest;
    return c->stiffness == 1.0 && !world->def.sqrt_approx && c->rest > 0;
}

static double stick_error(const lm_world *world, const lm_constraint_item *c) {
    return fabs(lm_item_length(world, c) - c->rest);
}

lm_stick_def lm_stick_default_def(void) {
    lm_stick_def def;
    memset(&def, 0, sizeof def);
    def.rest_length = -1;
    def.stiffness = 1;
    return def;
}

lm_constraint lm_stick_create(lm_world *world, const lm_stick_def *def) {
    uint32_t a = lm_particle_slot(world, def->a), b = lm_particle_slot(world, def->b);
    assert(a != b && def->stiffness > 0 && def->stiffness <= 1);
    assert(def->compliance >= 0 && def->break_strain >= 0);
    bool plain = def->compliance == 0 && !def->sqrt_approx && def->break_strain == 0;
    lm_constraint_item *c;
    lm_constraint handle = lm_constraint_add(world, &c, LM_CONSTRAINT_STICK,
                                             plain ? LM_SOLVER_STICK : LM_SOLVER_DISTANCE, 2);
    if (!c) {
        return handle;
    }
    c->particle[0] = a;
    c->particle[1] = b;
    c->stiffness = def->stiffness;
    c->rest = def->rest_length >= 0 ? def->rest_length : lm_particle_distance(world, a, b);
    if (!plain) {
        c->u.distance.min = c->rest;
        if (def->compliance > 0) {
            c->flags |= LM_ITEM_XPBD;
            c->stiffness = def->compliance;
        }
        if (def->sqrt_approx) {
            c->flags |= LM_ITEM_SQRT_APPROX;
        }
        if (def->break_strain > 0) {
            c->flags |= LM_ITEM_BREAKABLE;
            c->u.distance.break_strain = def->break_strain;
        }
    }
    lm_constraint_link(world, &lm_stick_class, c, handle);
    return handle;
}

double lm_stick_rest_length(const lm_world *world, lm_constraint stick) {
    const lm_constraint_item *c = lm_constraint_get(world, stick);
    assert(c->kind == LM_CONSTRAINT_STICK);
    return c->rest;
}

/* Drawn as a link from its first particle to its second, unless broken
 * (a stick with options is a distance item: distance.c draws it). */
static void draw_stick(const lm_world *world, const lm_constraint_item *c, lm_constraint handle,
                       const lm_draw_fns *fns, void *context) {
    if (fns->link) {
        const lm_vec3 *x = world->particles.x;
        fns->link(context, x[c->particle[0]], x[c->particle[1]], LM_LINK_STICK, handle,
                  (lm_force){0, 0, 0});
    }
}

const lm_constraint_class lm_stick_class = {
    .name = "stick",
    .phase = 0,
    .particle_count = 2,
    .solve = solve_sticks,
    .error = stick_error,
    .value = lm_item_length,
    .exact = stick_exact,
    .draw = draw_stick,
    .link = true,
    .length_error = true,
    .edge = true,
};
