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

lm_constraint lm_pin_create(lm_world *world, lm_particle particle, lm_vec3 target) {
    uint32_t s = lm_particle_slot(world, particle);
    lm_constraint_item *c;
    lm_constraint handle = lm_constraint_add(world, &c, LM_CONSTRAINT_PIN, LM_SOLVER_PIN, 1);
    if (!c) {
        return handle;
    }
    c->particle[0] = s;
    c->u.target = target;
    c->stiffness = 1;
    world->particles.pins[s]++;
    world->particles.solve_w[s] = 0;
    lm_constraint_link(world, &lm_pin_class, c, handle);
    return handle;
}

void lm_pin_set_target(lm_world *world, lm_constraint pin, lm_vec3 target) {
    lm_constraint_item *c = lm_constraint_get(world, pin);
    assert(c->kind == LM_CONSTRAINT_PIN);
    c->u.target = target;
}

lm_vec3 lm_pin_target(const lm_world *world, lm_constraint pin) {
    const lm_constraint_item *c = lm_constraint_get(world, pin);
    assert(c->kind == LM_CONSTRAINT_PIN);
    return c->u.target;
}

/* The pin's last one gone, the particle counts with its own mass again. */
static void destroy_pin(lm_world *world, lm_constraint_item *c) {
    lm_particles *p = &world->particles;
    uint32_t s = c->particle[0];
    if (--p->pins[s] == 0) {
        p->solve_w[s] = p->inv_mass[s];
        world->shake.built = false; /* a fixed end is gone: groups change */
    }
}

/* Drawn from its target to its particle. */
static void draw_pin(const lm_world *world, const lm_constraint_item *c, lm_constraint handle,
                     const lm_draw_fns *fns, void *context) {
    if (fns->link) {
        fns->link(context, c->u.target, world->particles.x[c->particle[0]], LM_LINK_PIN, handle,
                  (lm_force){0, 0, 0});
    }
}

const lm_constraint_class lm_pin_class = {
    .name = "pin",
    .phase = 1,
    .particle_count = 1,
    .solve = solve_pins,
    .fix_velocity = pin_velocity,
    .error = pin_error,
    .value = pin_error,
    .destroy = destroy_pin,
    .draw = draw_pin,
    .length_error = true,
};
