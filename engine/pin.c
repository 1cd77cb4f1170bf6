/* pin.c - a particle held at a target point. Pins run after every other
 * constraint in each sweep (phase 1), as the article re-applies its hook
 * inside the loop. */
#include "constraint.h"

/* Where the pin puts its particle in this sub-step: on the target in the
 * step's last sub-step. A target the script moved between steps is reached in
 * equal parts over the step's sub-steps, so the pinned particle moves (and
 * leaves the step) with the target's velocity instead of jumping in the first
 * sub-step. */
lm_vec3 lm_pin_goal(const lm_world *world, const lm_step *step, const lm_constraint_item *pin) {
    int left = step->count - step->index; /* sub-steps left, this one included */
    if (left <= 1) {
        return pin->u.target;
    }
    lm_vec3 x0 = world->particles.x0[pin->particle[0]];
    return lm_mad(x0, lm_sub(pin->u.target, x0), 1.0 / left);
}

static void solve_pins(lm_world *world, const lm_step *step, lm_constraint_item *items,
                       uint32_t count) {
    lm_vec3 *x = world->particles.x;
    for (uint32_t i = 0; i < count; i++) {
        x[items[i].particle[0]] = lm_pin_goal(world, step, &items[i]);
    }
}

/* A pinned particle moves only with its target: its velocity is the target's,
 * not what the integrator predicted before the pin pulled it back. */
static void pin_velocity(lm_world *world, const lm_step *step, lm_constraint_item *items,
                         uint32_t count) {
    lm_particles *p = &world->particles;
    for (uint32_t i = 0; i < count; i++) {
        uint32_t s = items[i].particle[0];
        p->v[s] = lm_scale(lm_sub(p->x[s], p->x0[s]), step->inv_h);
    }
}

/* The distance from the particle to the target. */
static double pin_error(const lm_world *world, const lm_constraint_item *c) {
    lm_vec3 delta = lm_sub(world->particles.x[c->particle[0]], c->u.target);
    return sqrt(lm_dot(delta, delta));
}

const lm_constraint_class lm_pin_class = {
    .name = "pin",
    .phase = 1,
    .particle_count = 1,
    .solve = solve_pins,
    .fix_velocity = pin_velocity,
    .error = pin_error,
    .value = pin_error,
};
