/* measure.c - energy, momentum and centre of mass, for lessons that check
 * conservation laws. A list of particles (or the whole world) is measured;
 * immovable particles (inverse mass 0) carry no kinetic energy, momentum or
 * mass here, since no force moves them. */
#include <math.h>
#include <stdlib.h>

#include "internal.h"

/* Calls visit for every slot measured: the listed particles or every live one. */
typedef struct selection {
    const lm_world *world;
    const lm_particle *list;
    size_t count;
} selection;

static size_t selection_size(const selection *s) {
    return s->list ? s->count : s->world->particles.count;
}

/* The slot of the k-th selected particle, or LM_DEAD to skip it. */
static uint32_t selection_slot(const selection *s, size_t k) {
    if (s->list) {
        return lm_particle_slot(s->world, s->list[k]);
    }
    return s->world->particles.alive[k] ? (uint32_t)k : LM_DEAD;
}

/* The particle's velocity at its current position (see loom.h). */
static lm_vec3 velocity_now(const lm_world *world, uint32_t i) {
    const lm_particles *p = &world->particles;
    if (world->def.integrator != LM_INTEGRATOR_VERLET || p->fresh[i] || world->steps == 0) {
        return p->v[i];
    }
    return lm_mad(lm_scale(p->v[i], 1.5), p->v0[i], -0.5);
}

/* The gravity every movable particle feels: the world's and the generators'. */
static lm_vec3 total_gravity(const lm_world *world) {
    lm_vec3 g = world->def.gravity;
    for (uint32_t k = 0; k < world->forces.count; k++) {
        const lm_force_item *f = lm_store_at(&world->forces, k);
        if (lm_store_alive(&world->forces, k) && f->kind == LM_FORCE_GRAVITY) {
            g = lm_add(g, f->vector);
        }
    }
    return g;
}

static bool listed(const selection *s, uint32_t slot) {
    if (!s->list) {
        return true;
    }
    for (size_t k = 0; k < s->count; k++) {
        if (lm_particle_slot(s->world, s->list[k]) == slot) {
            return true;
        }
    }
    return false;
}

lm_energy lm_world_energy(const lm_world *world, const lm_particle *particles, size_t count) {
    selection s = {world, particles, count};
    const lm_particles *p = &world->particles;
    lm_vec3 g = total_gravity(world);
    lm_energy e = {0, 0, 0, 0};
    for (size_t k = 0; k < selection_size(&s); k++) {
        uint32_t i = selection_slot(&s, k);
        if (i == LM_DEAD || p->inv_mass[i] == 0) {
            continue;
        }
        lm_vec3 v = velocity_now(world, i);
        e.kinetic += 0.5 * p->mass[i] * lm_dot(v, v);
        e.potential -= p->mass[i] * lm_dot(g, p->x[i]);
    }
    for (uint32_t k = 0; k < world->forces.count; k++) {
        const lm_force_item *f = lm_store_at(&world->forces, k);
        if (!lm_store_alive(&world->forces, k) || f->kind != LM_FORCE_SPRING ||
            !listed(&s, f->particle[0]) || !listed(&s, f->particle[1])) {
            continue;
        }
        lm_vec3 d = lm_sub(p->x[f->particle[1]], p->x[f->particle[0]]);
        double stretch = sqrt(lm_dot(d, d)) - f->rest;
        e.elastic += 0.5 * f->coefficient * stretch * stretch;
    }
    e.total = e.kinetic + e.potential + e.elastic;
    return e;
}

lm_vec3 lm_world_momentum(const lm_world *world, const lm_particle *particles, size_t count) {
    selection s = {world, particles, count};
    const lm_particles *p = &world->particles;
    lm_vec3 sum = lm_v3(0, 0, 0);
    for (size_t k = 0; k < selection_size(&s); k++) {
        uint32_t i = selection_slot(&s, k);
        if (i != LM_DEAD && p->inv_mass[i] > 0) {
            sum = lm_mad(sum, velocity_now(world, i), p->mass[i]);
        }
    }
    return sum;
}

bool lm_world_center_of_mass(const lm_world *world, const lm_particle *particles, size_t count,
                             lm_vec3 *center) {
    selection s = {world, particles, count};
    const lm_particles *p = &world->particles;
    lm_vec3 sum = lm_v3(0, 0, 0);
    double mass = 0;
    for (size_t k = 0; k < selection_size(&s); k++) {
        uint32_t i = selection_slot(&s, k);
        if (i != LM_DEAD && p->inv_mass[i] > 0) {
            sum = lm_mad(sum, p->x[i], p->mass[i]);
            mass += p->mass[i];
        }
    }
    if (!(mass > 0)) {
        return false;
    }
    *center = lm_scale(sum, 1.0 / mass);
    return true;
}
