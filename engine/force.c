/* force.c - force generators (Lee ch. 1): gravity, drag, damped springs, and
 * user callbacks. Each kind is a small table of functions; like constraints,
 * a kind receives a run of consecutive generators at once. */
#include <math.h>
#include <string.h>

#include "world.h"

/* Uniform field: f = m g. Immovable particles (inverse mass 0) feel nothing. */
static int apply_gravity(lm_world *world, const lm_force_item *items, uint32_t count, double t) {
    (void)t;
    lm_particles *p = &world->particles;
    for (uint32_t k = 0; k < count; k++) {
        lm_vec3 g = items[k].vector;
        for (uint32_t i = 0; i < p->count; i++) {
            if (p->inv_mass[i] > 0) {
                p->f[i] = lm_mad(p->f[i], g, p->mass[i]);
            }
        }
    }
    return 0;
}

/* Medium: f = -k v (Lee eq. 2). */
static int apply_drag(lm_world *world, const lm_force_item *items, uint32_t count, double t) {
    (void)t;
    lm_particles *p = &world->particles;
    for (uint32_t k = 0; k < count; k++) {
        double c = items[k].coefficient;
        for (uint32_t i = 0; i < p->count; i++) {
            if (p->inv_mass[i] > 0) {
                p->f[i] = lm_mad(p->f[i], p->v[i], -c);
            }
        }
    }
    return 0;
}

/* Damped spring: Hooke's force -k (|d| - rest) along the spring plus a damping
 * force -c (relative velocity . axis) along the same axis, equal and opposite
 * on the two ends. */
static int apply_springs(lm_world *world, const lm_force_item *items, uint32_t count, double t) {
    (void)t;
    lm_particles *p = &world->particles;
    for (uint32_t k = 0; k < count; k++) {
        const lm_force_item *s = &items[k];
        uint32_t a = s->particle[0], b = s->particle[1];
        lm_vec3 d = lm_sub(p->x[b], p->x[a]);
        double length = sqrt(lm_dot(d, d));
        if (length < 1e-12) {
            continue;
        }
        lm_vec3 axis = lm_scale(d, 1.0 / length);
        double stretch = length - s->rest;
        double closing = lm_dot(lm_sub(p->v[b], p->v[a]), axis);
        double magnitude = s->coefficient * stretch + s->damping * closing;
        p->f[a] = lm_mad(p->f[a], axis, magnitude);
        p->f[b] = lm_mad(p->f[b], axis, -magnitude);
    }
    return 0;
}

static int apply_callbacks(lm_world *world, const lm_force_item *items, uint32_t count, double t) {
    for (uint32_t k = 0; k < count; k++) {
        if (items[k].fn(world, t, items[k].context) != 0) {
            return 1;
        }
    }
    return 0;
}

const lm_force_class lm_force_classes[LM_FORCE_KIND_COUNT] = {
    [LM_FORCE_GRAVITY] = {"gravity", apply_gravity},
    [LM_FORCE_DRAG] = {"drag", apply_drag},
    [LM_FORCE_SPRING] = {"spring", apply_springs},
    [LM_FORCE_CALLBACK] = {"callback", apply_callbacks},
    [LM_FORCE_FIELD] = {"field", lm_fields_apply},
};

/* Gravity on particles lo .. hi - 1 (on the batched order's threads when
 * there are enough particles: each on its own, the same bits). */
static void gravity_range(void *context, uint32_t lo, uint32_t hi) {
    lm_world *world = context;
    lm_particles *p = &world->particles;
    lm_vec3 g = world->def.gravity;
    for (uint32_t i = lo; i < hi; i++) {
        p->f[i] = p->inv_mass[i] > 0 ? lm_scale(g, p->mass[i]) : lm_v3(0, 0, 0);
    }
}

/* Clears the accumulators, applies the world's gravity, then every force
 * generator in creation order (runs of one kind at a time), at the
 * particles' current positions and velocities. */
static int evaluate_forces(void *context, double time) {
    lm_world *world = context;
    lm_pool_for(world->batches.pool, world->particles.count, gravity_range, world);
    for (uint32_t r = 0; r < world->force_run_count; r++) {
        const lm_run *run = &world->force_runs[r];
        const lm_force_item *items = lm_store_at(&world->forces, run->start);
        if (lm_force_classes[run->kind].apply(world, items, run->count, time)) {
            return 1;
        }
    }
    return 0;
}

lm_force_eval lm_forces_of(lm_world *world) {
    lm_force_eval eval = {evaluate_forces, world};
    return eval;
}

const char *lm_force_kind_name(lm_force_kind kind) {
    assert(kind < LM_FORCE_KIND_COUNT);
    return lm_force_classes[kind].name;
}

lm_spring_def lm_spring_default_def(void) {
    lm_spring_def def;
    memset(&def, 0, sizeof def);
    def.stiffness = 10;
    def.rest_length = -1;
    return def;
}

static lm_force add(lm_world *world, lm_force_kind kind, lm_force_item **item) {
    assert(!world->stepping);
    lm_force handle = {0, 0, 0};
    *item = NULL;
    if (kind == LM_FORCE_SPRING &&
        (!lm_constraint_uses_build(world) || !lm_uses_reserve(&world->uses, 2))) {
        return handle; /* the particles' lists, with room for the spring */
    }
    *item = lm_store_add(&world->forces, &handle.index1, &handle.generation);
    handle.world = lm_world_id(world);
    if (*item) {
        (*item)->kind = kind;
    }
    return handle;
}

lm_force lm_force_create_gravity(lm_world *world, lm_vec3 gravity) {
    lm_force_item *f;
    lm_force handle = add(world, LM_FORCE_GRAVITY, &f);
    if (f) {
        f->vector = gravity;
    }
    return handle;
}

lm_force lm_force_create_drag(lm_world *world, double coefficient) {
    assert(coefficient >= 0 && isfinite(coefficient));
    lm_force_item *f;
    lm_force handle = add(world, LM_FORCE_DRAG, &f);
    if (f) {
        f->coefficient = coefficient;
    }
    return handle;
}

lm_force lm_force_create_spring(lm_world *world, const lm_spring_def *def) {
    uint32_t a = lm_particle_slot(world, def->a), b = lm_particle_slot(world, def->b);
    assert(a != b && def->stiffness >= 0 && def->damping >= 0);
    lm_force_item *f;
    lm_force handle = add(world, LM_FORCE_SPRING, &f);
    if (!f) {
        return handle;
    }
    f->particle[0] = a;
    f->particle[1] = b;
    f->coefficient = def->stiffness;
    f->damping = def->damping;
    if (def->rest_length >= 0) {
        f->rest = def->rest_length;
    } else {
        lm_vec3 d = lm_sub(world->particles.x[b], world->particles.x[a]);
        f->rest = sqrt(lm_dot(d, d));
    }
    lm_uses_link(world, a, (handle.index1 - 1) | LM_USE_FORCE);
    lm_uses_link(world, b, (handle.index1 - 1) | LM_USE_FORCE);
    return handle;
}

lm_force lm_force_create_callback(lm_world *world, lm_force_fn fn, void *context,
                                  lm_release_fn release) {
    assert(fn);
    lm_force_item *f;
    lm_force handle = add(world, LM_FORCE_CALLBACK, &f);
    if (f) {
        f->fn = fn;
        f->context = context;
        f->release = release;
    }
    return handle;
}

static lm_force_item *get(const lm_world *world, lm_force force) {
    assert(lm_force_is_valid(world, force) && "use of a removed force generator");
    return lm_store_get(&world->forces, force.index1);
}

void lm_force_destroy(lm_world *world, lm_force force) {
    assert(!world->stepping);
    lm_force_item *f = get(world, force);
    if (f->kind == LM_FORCE_SPRING) {
        lm_uses_unlink(world, f->particle[0], (force.index1 - 1) | LM_USE_FORCE);
        lm_uses_unlink(world, f->particle[1], (force.index1 - 1) | LM_USE_FORCE);
    }
    lm_release_fn release = f->release;
    void *context = f->context;
    lm_store_remove(&world->forces, force.index1);
    if (release) {
        release(context);
    }
}

bool lm_force_is_valid(const lm_world *world, lm_force force) {
    return lm_store_has(world, &world->forces, lm_handle_of_force(force));
}

lm_force_kind lm_force_get_kind(const lm_world *world, lm_force force) {
    return get(world, force)->kind;
}

int lm_force_particles(const lm_world *world, lm_force force, lm_particle out[2]) {
    const lm_force_item *f = get(world, force);
    if (f->kind != LM_FORCE_SPRING) {
        return 0;
    }
    out[0] = lm_particle_handle(world, f->particle[0]);
    out[1] = lm_particle_handle(world, f->particle[1]);
    return 2;
}
