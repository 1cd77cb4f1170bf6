/* world.c - the world and its time step.
 *
 * lm_world_step reads like the source texts' TimeStep():
 *   accumulate forces -> integrate -> satisfy constraints and collisions by
 *   relaxation -> derive velocities -> respond to contacts. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

lm_world_def lm_world_default_def(void) {
    lm_world_def def;
    memset(&def, 0, sizeof def);
    def.gravity = lm_v3(0, -9.81, 0);
    def.integrator = LM_INTEGRATOR_VERLET;
    def.time_step = 1.0 / 60.0;
    def.substeps = 1;
    def.iterations = 10;
    def.damping = 0;
    return def;
}

static void check_def(const lm_world_def *def) {
    assert(def->integrator < LM_INTEGRATOR_COUNT);
    assert(def->time_step > 0 && isfinite(def->time_step));
    assert(def->substeps >= 1 && def->iterations >= 1);
    assert(def->damping >= 0 && def->damping < 1);
    assert(def->tolerance >= 0 && isfinite(def->tolerance));
    (void)def;
}

lm_world *lm_world_create(const lm_world_def *def) {
    lm_world_def defaults = lm_world_default_def();
    if (!def) {
        def = &defaults;
    }
    check_def(def);
    lm_world *world = calloc(1, sizeof *world);
    if (!world) {
        return NULL;
    }
    world->def = *def;
    world->particles.free_head = LM_DEAD;
    lm_store_init(&world->constraints, sizeof(lm_constraint_item));
    lm_store_init(&world->forces, sizeof(lm_force_item));
    lm_store_init(&world->colliders, sizeof(lm_collider_item));
    return world;
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
    free(world->constraint_runs[0]);
    free(world->constraint_runs[1]);
    free(world->force_runs);
    free(world->sweep_start);
    free(world->shape_index);
    free(world->shape_gradient);
    free(world->broken);
    free(world->link_color);
    free(world);
}

lm_world_def lm_world_settings(const lm_world *world) {
    return world->def;
}

void lm_world_configure(lm_world *world, const lm_world_def *def) {
    check_def(def);
    double old_h = world->def.time_step / world->def.substeps;
    double new_h = def->time_step / def->substeps;
    world->def = *def;
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

/* ---------------------------------------------------------------- runs -- */

static bool push_run(lm_run **runs, uint32_t *count, uint32_t *capacity, uint32_t kind,
                     uint32_t index) {
    if (*count > 0) {
        lm_run *last = &(*runs)[*count - 1];
        if (last->kind == kind && last->start + last->count == index) {
            last->count++;
            return true;
        }
    }
    if (*count == *capacity) {
        uint32_t next = *capacity ? *capacity * 2 : 8;
        lm_run *grown = realloc(*runs, next * sizeof *grown);
        if (!grown) {
            return false;
        }
        *runs = grown;
        *capacity = next;
    }
    lm_run run = {kind, index, 1};
    (*runs)[(*count)++] = run;
    return true;
}

/* Compacts the stores and regroups items into runs of one kind. */
static bool prepare(lm_world *world) {
    lm_store_compact(&world->constraints);
    lm_shapes_compact(world);
    lm_store_compact(&world->forces);
    lm_store_compact(&world->colliders);
    if (world->constraints.changed) {
        world->constraint_run_count[0] = world->constraint_run_count[1] = 0;
        for (uint32_t i = 0; i < world->constraints.count; i++) {
            const lm_constraint_item *c = lm_store_at(&world->constraints, i);
            int phase = lm_constraint_classes[c->solver].phase;
            if (!push_run(&world->constraint_runs[phase], &world->constraint_run_count[phase],
                          &world->constraint_run_capacity[phase], c->solver, i)) {
                return false;
            }
        }
        world->constraints.changed = false;
    }
    if (world->forces.changed) {
        world->force_run_count = 0;
        for (uint32_t i = 0; i < world->forces.count; i++) {
            const lm_force_item *f = lm_store_at(&world->forces, i);
            if (!push_run(&world->force_runs, &world->force_run_count, &world->force_run_capacity,
                          f->kind, i)) {
                return false;
            }
        }
        world->forces.changed = false;
    }
    world->colliders.changed = false;
    if (world->def.tolerance > 0 && world->sweep_start_capacity < world->particles.count) {
        lm_vec3 *grown =
            realloc(world->sweep_start, world->particles.count * sizeof *world->sweep_start);
        if (!grown) {
            return false;
        }
        world->sweep_start = grown;
        world->sweep_start_capacity = world->particles.count;
    }
    return true;
}

/* Largest distance any particle moved since start (Jakobsen: "measuring the
 * change from last iteration"). */
static double largest_move(const lm_world *world, const lm_vec3 *start) {
    const lm_particles *p = &world->particles;
    double largest = 0;
    for (uint32_t i = 0; i < p->count; i++) {
        lm_vec3 d = lm_sub(p->x[i], start[i]);
        largest = fmax(largest, lm_dot(d, d));
    }
    return sqrt(largest);
}

/* --------------------------------------------------------------- forces -- */

int lm_evaluate_forces(lm_world *world, double time) {
    lm_particles *p = &world->particles;
    lm_vec3 g = world->def.gravity;
    for (uint32_t i = 0; i < p->count; i++) {
        p->f[i] = p->inv_mass[i] > 0 ? lm_scale(g, p->mass[i]) : lm_v3(0, 0, 0);
    }
    for (uint32_t r = 0; r < world->force_run_count; r++) {
        const lm_run *run = &world->force_runs[r];
        const lm_force_item *items = lm_store_at(&world->forces, run->start);
        if (lm_force_classes[run->kind].apply(world, items, run->count, time)) {
            return 1;
        }
    }
    return 0;
}

/* ------------------------------------------------------------ the step -- */

/* Jakobsen's SatisfyConstraints(): every sweep projects collisions (colliders,
 * sticks against colliders, particle pairs), then the constraints in creation
 * order (Gauss-Seidel: each sees the positions the previous ones left), then
 * re-applies the pins. Contacts get the last word: friction between
 * particles, a pair pass and a final collider pass, so no particle ends a
 * step inside a collider and a resting pile stays at rest. */
static void satisfy_constraints(lm_world *world) {
    for (int phase = 0; phase < 2; phase++) {
        for (uint32_t r = 0; r < world->constraint_run_count[phase]; r++) {
            const lm_run *run = &world->constraint_runs[phase][r];
            if (lm_constraint_classes[run->kind].begin) {
                lm_constraint_item *items = lm_store_at(&world->constraints, run->start);
                lm_constraint_classes[run->kind].begin(world, items, run->count);
            }
        }
    }
    double tolerance = world->def.tolerance;
    int sweep = 0;
    while (sweep < world->def.iterations) {
        if (tolerance > 0 && world->particles.count > 0) {
            memcpy(world->sweep_start, world->particles.x,
                   world->particles.count * sizeof(lm_vec3));
        }
        lm_colliders_project(world);
        lm_edges_project(world);
        lm_faces_project(world);
        lm_contact_project(world);
        for (int phase = 0; phase < 2; phase++) {
            for (uint32_t r = 0; r < world->constraint_run_count[phase]; r++) {
                const lm_run *run = &world->constraint_runs[phase][r];
                lm_constraint_item *items = lm_store_at(&world->constraints, run->start);
                lm_constraint_classes[run->kind].solve(world, items, run->count);
            }
        }
        sweep++;
        if (tolerance > 0) {
            world->last_correction = largest_move(world, world->sweep_start);
            if (world->last_correction < tolerance) {
                break; /* adaptive: this sweep changed (almost) nothing */
            }
        }
    }
    lm_contact_friction(world);
    lm_contact_project(world);
    lm_colliders_project(world);
    lm_edges_project(world);
    lm_faces_project(world);
    world->sweeps += (uint64_t)sweep;
    world->projections += (uint64_t)world->constraints.count * (uint64_t)sweep;
}

/* Velocities after the constraints moved particles. Verlet's velocity is
 * implicit: (x - x0) / h. The velocity-based integrators keep their own
 * velocity and add the constraints' displacement over h (so a particle no
 * constraint touched keeps exactly what the integrator computed). */
static void derive_velocities(lm_world *world, double h) {
    lm_particles *p = &world->particles;
    bool verlet = world->def.integrator == LM_INTEGRATOR_VERLET;
    for (uint32_t i = 0; i < p->count; i++) {
        if (p->inv_mass[i] == 0) {
            p->x_prev[i] = p->x0[i];
            continue;
        }
        if (verlet) {
            p->v[i] = lm_scale(lm_sub(p->x[i], p->x0[i]), 1.0 / h);
        } else {
            p->v[i] = lm_mad(p->v[i], lm_sub(p->x[i], p->x_integrated[i]), 1.0 / h);
            p->x_prev[i] = p->x0[i];
        }
    }
    for (uint32_t r = 0; r < world->constraint_run_count[1]; r++) {
        const lm_run *run = &world->constraint_runs[1][r];
        const lm_constraint_class *kind = &lm_constraint_classes[run->kind];
        if (kind->fix_velocity) {
            kind->fix_velocity(world, lm_store_at(&world->constraints, run->start), run->count, h);
        }
    }
}

static lm_status substep(lm_world *world, double h) {
    lm_particles *p = &world->particles;
    bool verlet = world->def.integrator == LM_INTEGRATOR_VERLET;
    for (uint32_t i = 0; i < p->count; i++) {
        p->x0[i] = p->x[i];
        p->v0[i] = p->v[i];
        p->contact[i] = 0;
    }
    if (lm_integrate(world, h) != 0) {
        /* Leave the world as it was before this sub-step. */
        for (uint32_t i = 0; i < p->count; i++) {
            p->x[i] = p->x0[i];
            p->v[i] = p->v0[i];
        }
        return LM_ERROR_CALLBACK;
    }
    for (uint32_t i = 0; i < p->count; i++) {
        p->x_integrated[i] = p->x[i];
        p->sv[i] = verlet ? lm_scale(lm_sub(p->x[i], p->x0[i]), 1.0 / h) : p->v[i];
    }
    lm_contact_find_pairs(world); /* out of memory: this sub-step has no particle contacts */
    satisfy_constraints(world);
    derive_velocities(world, h);
    lm_colliders_respond(world, h);
    if (verlet) {
        /* Contacts changed velocities: keep x_prev consistent with them. */
        for (uint32_t i = 0; i < p->count; i++) {
            if (p->contact[i]) {
                p->x_prev[i] = lm_mad(p->x[i], p->v[i], -h);
            }
        }
    }
    world->time += h;
    return LM_OK;
}

/* Lists the sticks that broke during the step, in creation order. */
static void list_broken(lm_world *world) {
    lm_store *store = &world->constraints;
    for (uint32_t i = 0; i < store->count; i++) {
        lm_constraint_item *c = lm_store_at(store, i);
        if (!(c->flags & LM_ITEM_JUST_BROKEN)) {
            continue;
        }
        c->flags &= ~(uint32_t)LM_ITEM_JUST_BROKEN;
        if (world->broken_count == world->broken_capacity) {
            uint32_t next = world->broken_capacity ? world->broken_capacity * 2 : 16;
            lm_constraint *grown = realloc(world->broken, next * sizeof *grown);
            if (!grown) {
                continue; /* still broken, just not listed */
            }
            world->broken = grown;
            world->broken_capacity = next;
        }
        lm_constraint handle = {store->item_slot[i] + 1,
                                store->slot_generation[store->item_slot[i]]};
        world->broken[world->broken_count++] = handle;
    }
    world->broke_in_step = 0;
}

lm_status lm_world_step(lm_world *world) {
    assert(!world->stepping && "lm_world_step called from inside a force callback");
    if (!prepare(world)) {
        return LM_ERROR_MEMORY;
    }
    lm_collision_begin_step(world);
    world->stepping = true;
    world->projections = 0;
    world->sweeps = 0;
    world->last_correction = 0;
    world->broken_count = 0;
    double h = world->def.time_step / world->def.substeps;
    lm_status status = LM_OK;
    for (int s = 0; s < world->def.substeps && status == LM_OK; s++) {
        world->substeps_left = world->def.substeps - s;
        status = substep(world, h);
    }
    world->substeps_left = 0;
    world->stepping = false;
    if (world->broke_in_step > 0) {
        list_broken(world);
    }
    if (status == LM_OK) {
        world->steps++;
        lm_collision_end_step(world);
    }
    return status;
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
    return stats;
}

double lm_world_max_error(const lm_world *world) {
    double largest = 0;
    for (uint32_t i = 0; i < world->constraints.count; i++) {
        const lm_constraint_item *c = lm_store_at(&world->constraints, i);
        if (lm_store_alive(&world->constraints, i) &&
            (c->kind == LM_CONSTRAINT_STICK || c->kind == LM_CONSTRAINT_ROPE ||
             c->kind == LM_CONSTRAINT_PIN)) {
            largest = fmax(largest, lm_constraint_classes[c->solver].error(world, c));
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
            lm_collider_classes[c->def.kind].bounds(c, &lo, &hi);
            grow_bounds(min, max, lo, hi);
            any = true;
        }
    }
    return any;
}

/* A link to whichever callback is set: link_look with the drawing hint, else link. */
static void draw_link(const lm_draw_fns *fns, void *context, lm_vec3 a, lm_vec3 b,
                      lm_link_style style, lm_link_look look, uint32_t color) {
    if (fns->link_look) {
        fns->link_look(context, a, b, style, look, color);
    } else {
        fns->link(context, a, b, style);
    }
}

void lm_world_draw(const lm_world *world, const lm_draw_fns *fns, void *context) {
    const lm_particles *p = &world->particles;
    if (fns->collider) {
        for (uint32_t i = 0; i < world->colliders.count; i++) {
            if (lm_store_alive(&world->colliders, i)) {
                const lm_collider_item *c = lm_store_at(&world->colliders, i);
                fns->collider(context, &c->def);
            }
        }
    }
    if (fns->link || fns->link_look) {
        for (uint32_t i = 0; i < world->constraints.count; i++) {
            const lm_constraint_item *c = lm_store_at(&world->constraints, i);
            if (!lm_store_alive(&world->constraints, i)) {
                continue;
            }
            uint32_t slot = world->constraints.item_slot[i];
            if (c->kind == LM_CONSTRAINT_STICK && !(c->flags & LM_ITEM_BROKEN)) {
                draw_link(fns, context, p->x[c->particle[0]], p->x[c->particle[1]], LM_LINK_STICK,
                          lm_item_look(c), lm_item_color(world, c, slot));
            } else if (c->kind == LM_CONSTRAINT_PIN) {
                draw_link(fns, context, c->u.target, p->x[c->particle[0]], LM_LINK_PIN,
                          lm_item_look(c), lm_item_color(world, c, slot));
            } else if (c->kind == LM_CONSTRAINT_ROPE) {
                draw_link(fns, context, p->x[c->particle[0]], p->x[c->particle[1]], LM_LINK_ROPE,
                          lm_item_look(c), lm_item_color(world, c, slot));
            }
        }
        for (uint32_t i = 0; i < world->forces.count; i++) {
            const lm_force_item *f = lm_store_at(&world->forces, i);
            if (lm_store_alive(&world->forces, i) && f->kind == LM_FORCE_SPRING) {
                draw_link(fns, context, p->x[f->particle[0]], p->x[f->particle[1]], LM_LINK_SPRING,
                          f->look, f->color);
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
            fns->particle(context, p->x[i], p->radius[i], p->color[i], flags);
        }
    }
}
