/* constraint.c - constraints satisfied by relaxation (Jakobsen 3-4, Lee 2).
 *
 * Each kind is a small table of functions (lm_constraint_class). The solver
 * hands a kind a run of consecutive items, so a cloth's thousands of sticks
 * are one call and one tight loop. */
#include <math.h>
#include <string.h>

#include "internal.h"

/* Stick: keep |xb - xa| at the rest length. Each end moves in proportion to
 * its inverse mass, so an immovable end (inverse mass 0) stays put and a
 * lighter end moves more (Jakobsen's mass-weighted projection). A pinned
 * particle counts as immovable here: otherwise the stick would move it half
 * way, the pin would put it back, and every stick next to a pin would only
 * ever be half corrected (a cloth hanging from pins stretched at its corners). */
static void solve_sticks(lm_world *world, lm_constraint_item *items, uint32_t count) {
    lm_vec3 *x = world->particles.x;
    const double *w = world->particles.solve_w;
    for (uint32_t i = 0; i < count; i++) {
        const lm_constraint_item *c = &items[i];
        uint32_t a = c->particle[0], b = c->particle[1];
        double wsum = w[a] + w[b];
        lm_vec3 delta = lm_sub(x[b], x[a]);
        double length = sqrt(lm_dot(delta, delta));
        if (wsum == 0.0 || length < 1e-12) {
            continue; /* both immovable, or coincident: no direction to push along */
        }
        double k = c->stiffness * (length - c->rest) / (length * wsum);
        x[a] = lm_mad(x[a], delta, w[a] * k);
        x[b] = lm_mad(x[b], delta, -w[b] * k);
    }
}

static double stick_error(const lm_world *world, const lm_constraint_item *c) {
    lm_vec3 delta = lm_sub(world->particles.x[c->particle[1]], world->particles.x[c->particle[0]]);
    return fabs(sqrt(lm_dot(delta, delta)) - c->rest);
}

/* Pin: the particle sits at the target. Applied after every other constraint
 * in each sweep, as the article re-applies its hook inside the loop. */
static void solve_pins(lm_world *world, lm_constraint_item *items, uint32_t count) {
    lm_vec3 *x = world->particles.x;
    for (uint32_t i = 0; i < count; i++) {
        x[items[i].particle[0]] = items[i].target;
    }
}

/* A pinned particle moves only with its target: its velocity is the target's,
 * not what the integrator predicted before the pin pulled it back. */
static void pin_velocity(lm_world *world, lm_constraint_item *items, uint32_t count, double h) {
    lm_particles *p = &world->particles;
    for (uint32_t i = 0; i < count; i++) {
        uint32_t s = items[i].particle[0];
        p->v[s] = lm_scale(lm_sub(p->x[s], p->x0[s]), 1.0 / h);
    }
}

static double pin_error(const lm_world *world, const lm_constraint_item *c) {
    lm_vec3 delta = lm_sub(world->particles.x[c->particle[0]], c->target);
    return sqrt(lm_dot(delta, delta));
}

const lm_constraint_class lm_constraint_classes[LM_CONSTRAINT_KIND_COUNT] = {
    [LM_CONSTRAINT_STICK] = {"stick", 0, 2, solve_sticks, NULL, stick_error},
    [LM_CONSTRAINT_PIN] = {"pin", 1, 1, solve_pins, pin_velocity, pin_error},
};

const char *lm_constraint_kind_name(lm_constraint_kind kind) {
    assert(kind < LM_CONSTRAINT_KIND_COUNT);
    return lm_constraint_classes[kind].name;
}

lm_stick_def lm_stick_default_def(void) {
    lm_stick_def def;
    memset(&def, 0, sizeof def);
    def.rest_length = -1;
    def.stiffness = 1;
    return def;
}

static lm_constraint add(lm_world *world, lm_constraint_item **item) {
    assert(!world->stepping);
    lm_constraint handle = {0, 0};
    *item = lm_store_add(&world->constraints, &handle.index1, &handle.generation);
    return handle;
}

lm_constraint lm_stick_create(lm_world *world, const lm_stick_def *def) {
    uint32_t a = lm_particle_slot(world, def->a), b = lm_particle_slot(world, def->b);
    assert(a != b && def->stiffness > 0 && def->stiffness <= 1);
    lm_constraint_item *c;
    lm_constraint handle = add(world, &c);
    if (!c) {
        return handle;
    }
    c->kind = LM_CONSTRAINT_STICK;
    c->particle[0] = a;
    c->particle[1] = b;
    c->stiffness = def->stiffness;
    if (def->rest_length >= 0) {
        c->rest = def->rest_length;
    } else {
        lm_vec3 delta = lm_sub(world->particles.x[b], world->particles.x[a]);
        c->rest = sqrt(lm_dot(delta, delta));
    }
    return handle;
}

lm_constraint lm_pin_create(lm_world *world, lm_particle particle, lm_vec3 target) {
    uint32_t s = lm_particle_slot(world, particle);
    lm_constraint_item *c;
    lm_constraint handle = add(world, &c);
    if (!c) {
        return handle;
    }
    c->kind = LM_CONSTRAINT_PIN;
    c->particle[0] = s;
    c->target = target;
    c->stiffness = 1;
    world->particles.pins[s]++;
    world->particles.solve_w[s] = 0;
    return handle;
}

static lm_constraint_item *get(const lm_world *world, lm_constraint constraint) {
    assert(lm_constraint_is_valid(world, constraint) && "use of a removed constraint");
    return lm_store_get(&world->constraints, constraint.index1);
}

void lm_pin_set_target(lm_world *world, lm_constraint pin, lm_vec3 target) {
    lm_constraint_item *c = get(world, pin);
    assert(c->kind == LM_CONSTRAINT_PIN);
    c->target = target;
}

lm_vec3 lm_pin_target(const lm_world *world, lm_constraint pin) {
    const lm_constraint_item *c = get(world, pin);
    assert(c->kind == LM_CONSTRAINT_PIN);
    return c->target;
}

void lm_constraint_destroy(lm_world *world, lm_constraint constraint) {
    assert(!world->stepping);
    lm_constraint_item *c = get(world, constraint);
    if (c->kind == LM_CONSTRAINT_PIN) {
        lm_particles *p = &world->particles;
        uint32_t s = c->particle[0];
        if (--p->pins[s] == 0) {
            p->solve_w[s] = p->inv_mass[s];
        }
    }
    lm_store_remove(&world->constraints, constraint.index1);
}

bool lm_constraint_is_valid(const lm_world *world, lm_constraint constraint) {
    return lm_store_is_valid(&world->constraints, constraint.index1, constraint.generation);
}

lm_constraint_kind lm_constraint_get_kind(const lm_world *world, lm_constraint constraint) {
    return get(world, constraint)->kind;
}

int lm_constraint_particles(const lm_world *world, lm_constraint constraint, lm_particle out[4]) {
    const lm_constraint_item *c = get(world, constraint);
    int n = lm_constraint_classes[c->kind].particle_count;
    for (int i = 0; i < n; i++) {
        out[i] = lm_particle_handle(world, c->particle[i]);
    }
    return n;
}

double lm_stick_rest_length(const lm_world *world, lm_constraint stick) {
    const lm_constraint_item *c = get(world, stick);
    assert(c->kind == LM_CONSTRAINT_STICK);
    return c->rest;
}

double lm_constraint_error(const lm_world *world, lm_constraint constraint) {
    const lm_constraint_item *c = get(world, constraint);
    return lm_constraint_classes[c->kind].error(world, c);
}
