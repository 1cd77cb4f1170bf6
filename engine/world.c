/* world.c - the world: its settings, queries and drawing. The time step is
 * in step.c. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "world.h"

lm_world_def lm_world_default_def(void) {
    lm_world_def def;
    memset(&def, 0, sizeof def);
    def.gravity = lm_v3(0, -9.81, 0);
    def.integrator = LM_INTEGRATOR_VERLET;
    def.time_step = 1.0 / 60.0;
    def.substeps = 0; /* the integrator's own (lm_integrator_substeps) */
    def.iterations = 10;
    def.damping = 0;
    def.order = LM_ORDER_CREATION;
    def.projection = LM_PROJECT_SHAKE;
    def.threads = 1;
    return def;
}

static const char *const order_names[LM_ORDER_COUNT + 1] = {
    [LM_ORDER_CREATION] = "creation",
    [LM_ORDER_BATCHED] = "batched",
    [LM_ORDER_COUNT] = NULL,
};

const char *lm_order_name(lm_order order) {
    assert(order < LM_ORDER_COUNT);
    return order_names[order];
}

const char *const *lm_order_names(void) {
    return order_names;
}

static void check_def(const lm_world_def *def) {
    assert(def->integrator < LM_INTEGRATOR_COUNT);
    assert(def->time_step > 0 && isfinite(def->time_step));
    assert(def->substeps >= 0 && def->iterations >= 1);
    assert(def->damping >= 0 && def->damping < 1);
    assert(def->tolerance >= 0 && isfinite(def->tolerance));
    assert(def->order < LM_ORDER_COUNT);
    assert(def->threads >= 1 && def->threads <= LM_MAX_THREADS);
    (void)def;
}

lm_world *lm_world_create(const lm_world_def *def) {
    return lm_world_create_with_allocator(def, NULL, NULL);
}

lm_world *lm_world_create_with_allocator(const lm_world_def *def, lm_alloc_fn fn, void *context) {
    lm_world_def defaults = lm_world_default_def();
    if (!def) {
        def = &defaults;
    }
    check_def(def);
    lm_memory memory;
    lm_memory_init(&memory, fn, context);
    lm_world *world = lm_memory_zeroed(&memory, 1, sizeof *world);
    if (!world) {
        return NULL;
    }
    world->own_memory = memory;
    world->memory = &world->own_memory;
    world->def = *def;
    world->substeps_requested = def->substeps;
    if (def->substeps == 0) {
        world->def.substeps = lm_integrator_substeps(def->integrator);
    }
    world->particles.free_head = LM_DEAD;
    world->particles.memory = world->memory;
    world->uses.free_head = LM_DEAD;
    world->uses.memory = world->memory;
    world->collision.memory = world->memory;
    world->batches.memory = world->memory;
    world->shake.memory = world->memory;
    world->shake.matrix.memory = world->memory;
    lm_store_init(&world->constraints, sizeof(lm_constraint_item), world->memory);
    lm_store_init(&world->forces, sizeof(lm_force_item), world->memory);
    lm_store_init(&world->colliders, sizeof(lm_collider_item), world->memory);
    return world;
}

void lm_world_set_interrupt(lm_world *world, lm_interrupt_fn fn, void *context) {
    world->interrupt = fn;
    world->interrupt_context = fn ? context : NULL;
}

void lm_world_destroy(lm_world *world) {
    if (!world) {
        return;
    }
    for (uint32_t i = 0; i < world->forces.count; i++) {
        const lm_force_item *f = lm_store_at(&world->forces, i);
        if (lm_store_alive(&world->forces, i) && f->release) {
            f->release(f->context);
        }
    }
    lm_particles_free(&world->particles);
    lm_store_free(&world->constraints);
    lm_store_free(&world->forces);
    lm_store_free(&world->colliders);
    lm_collision_free(&world->collision);
    lm_uses_free(&world->uses);
    lm_batches_free(&world->batches);
    lm_shake_free(&world->shake);
    lm_memory *memory = world->memory;
    lm_memory_free(memory, world->constraint_runs[0]);
    lm_memory_free(memory, world->constraint_runs[1]);
    lm_memory_free(memory, world->force_runs);
    lm_memory_free(memory, world->sweep_start);
    lm_memory_free(memory, world->shape_index);
    lm_memory_free(memory, world->shape_gradient);
    lm_memory_free(memory, world->broken);
    lm_memory last = world->own_memory; /* the world's own block goes last */
    lm_memory_free(&last, world);
}

lm_world_def lm_world_settings(const lm_world *world) {
    lm_world_def def = world->def;
    def.substeps = world->substeps_requested;
    return def;
}

int lm_world_substeps(const lm_world *world) {
    return world->def.substeps;
}

void lm_world_configure(lm_world *world, const lm_world_def *def) {
    check_def(def);
    double old_h = lm_world_substep_length(world);
    if (def->projection != world->def.projection || def->sqrt_approx != world->def.sqrt_approx) {
        world->shake.built = false; /* which sticks are exact changes */
    }
    world->def = *def;
    world->substeps_requested = def->substeps;
    if (def->substeps == 0) {
        world->def.substeps = lm_integrator_substeps(def->integrator);
    }
    double new_h = lm_world_substep_length(world);
    if (new_h != old_h) {
        /* Verlet's previous positions encode v h: re-derive them for the new h. */
        lm_particles *p = &world->particles;
        for (uint32_t i = 0; i < p->count; i++) {
            p->x_prev[i] = lm_mad(p->x[i], p->v[i], -new_h);
        }
    }
}

double lm_world_time(const lm_world *world) {
    return world->time;
}

uint64_t lm_world_step_count(const lm_world *world) {
    return world->steps;
}

bool lm_world_is_stepping(const lm_world *world) {
    return world->stepping;
}

/* --------------------------------------------------------------- queries -- */

lm_world_stats lm_world_get_stats(const lm_world *world) {
    lm_world_stats stats;
    stats.particles = world->particles.live;
    stats.constraints = world->constraints.count - world->constraints.removed;
    stats.forces = world->forces.count - world->forces.removed;
    stats.colliders = world->colliders.count - world->colliders.removed;
    stats.projections = world->projections;
    stats.sweeps = world->sweeps;
    stats.last_correction = world->last_correction;
    const lm_shake *sh = &world->shake;
    stats.exact = sh->rows;
    stats.relaxed = sh->relaxed_sticks;
    stats.newton = sh->newton;
    stats.parts = sh->parts > 0 ? sh->parts : 1;
    stats.unmet = sh->unmet;
    stats.unmet_time = sh->unmet_time;
    stats.unmet_jump = sh->unmet ? sh->unmet_jump : 0;
    stats.unmet_length = sh->unmet ? sh->unmet_length : 0;
    stats.net_error = sh->net_error;
    stats.net_sticks = sh->net_sticks;
    return stats;
}

double lm_world_max_error(const lm_world *world) {
    double largest = 0;
    for (uint32_t i = 0; i < world->constraints.count; i++) {
        const lm_constraint_item *c = lm_store_at(&world->constraints, i);
        if (lm_store_alive(&world->constraints, i) &&
            lm_constraint_classes[c->solver]->length_error) {
            largest = fmax(largest, lm_constraint_classes[c->solver]->error(world, c));
        }
    }
    return largest;
}

size_t lm_world_broken(const lm_world *world, const lm_constraint **list) {
    *list = world->broken_count ? world->broken : NULL;
    return world->broken_count;
}

static void grow_bounds(lm_vec3 *min, lm_vec3 *max, lm_vec3 lo, lm_vec3 hi) {
    min->x = fmin(min->x, lo.x);
    min->y = fmin(min->y, lo.y);
    min->z = fmin(min->z, lo.z);
    max->x = fmax(max->x, hi.x);
    max->y = fmax(max->y, hi.y);
    max->z = fmax(max->z, hi.z);
}

bool lm_world_bounds(const lm_world *world, lm_vec3 *min, lm_vec3 *max) {
    *min = lm_v3(INFINITY, INFINITY, INFINITY);
    *max = lm_v3(-INFINITY, -INFINITY, -INFINITY);
    bool any = false;
    const lm_particles *p = &world->particles;
    for (uint32_t i = 0; i < p->count; i++) {
        if (p->alive[i]) {
            double r = p->radius[i];
            grow_bounds(min, max, lm_v3(p->x[i].x - r, p->x[i].y - r, p->x[i].z - r),
                        lm_v3(p->x[i].x + r, p->x[i].y + r, p->x[i].z + r));
            any = true;
        }
    }
    for (uint32_t i = 0; i < world->colliders.count; i++) {
        if (lm_store_alive(&world->colliders, i)) {
            const lm_collider_item *c = lm_store_at(&world->colliders, i);
            lm_vec3 lo, hi;
            lm_collider_classes[c->def.kind].bounds(&c->def, &lo, &hi);
            grow_bounds(min, max, lo, hi);
            any = true;
        }
    }
    return any;
}

void lm_world_draw(const lm_world *world, const lm_draw_fns *fns, void *context) {
    const lm_particles *p = &world->particles;
    if (fns->collider) {
        for (uint32_t i = 0; i < world->colliders.count; i++) {
            if (lm_store_alive(&world->colliders, i)) {
                const lm_collider_item *c = lm_store_at(&world->colliders, i);
                fns->collider(context, lm_collider_handle(world, world->colliders.item_slot[i]),
                              &c->def);
            }
        }
    }
    if (fns->link || fns->face) {
        for (uint32_t i = 0; i < world->constraints.count; i++) {
            const lm_constraint_item *c = lm_store_at(&world->constraints, i);
            const lm_constraint_class *kind = lm_constraint_classes[c->solver];
            if (lm_store_alive(&world->constraints, i) && kind->draw) {
                kind->draw(world, c, lm_constraint_handle(world, world->constraints.item_slot[i]),
                           fns, context);
            }
        }
        for (uint32_t i = 0; i < world->forces.count; i++) {
            const lm_force_item *f = lm_store_at(&world->forces, i);
            if (fns->link && lm_store_alive(&world->forces, i) && f->kind == LM_FORCE_SPRING) {
                lm_force handle = lm_force_handle(world, world->forces.item_slot[i]);
                fns->link(context, p->x[f->particle[0]], p->x[f->particle[1]], LM_LINK_SPRING,
                          (lm_constraint){0, 0, 0}, handle);
            }
        }
    }
    if (fns->particle) {
        for (uint32_t i = 0; i < p->count; i++) {
            if (!p->alive[i]) {
                continue;
            }
            unsigned flags =
                (p->inv_mass[i] == 0 ? LM_DRAW_IMMOVABLE : 0u) | (p->pins[i] ? LM_DRAW_PINNED : 0u);
            lm_particle handle = lm_particle_handle(world, i);
            fns->particle(context, handle, p->x[i], p->radius[i], flags);
        }
    }
}
