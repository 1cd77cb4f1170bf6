/* measure.c - energy, momentum, angular momentum and centre of mass, for
 * lessons that check conservation laws. A list of particles (or the whole
 * world) is measured; immovable particles (inverse mass 0) carry no kinetic
 * energy, momentum or mass here, since no force moves them.
 *
 * Under position Verlet the measures take each particle one sub-step back,
 * at x_before (the start of the last sub-step, which is x_prev after a step),
 * with the centred difference (x - x_before_that) / 2h = (v + v_before) / 2
 * as its velocity: the stored velocity v = (x - x_before) / h is half a
 * sub-step behind the position, and pairing it with the potential at x puts
 * kinetic and potential energy at different instants (a Kepler orbit's
 * energy seemed to jump 6.6% at perihelion from that alone; the centred
 * difference is velocity Verlet's velocity on the same path, to second
 * order). The centre of mass is where the particles are now. */
#include <math.h>
#include <stdlib.h>

#include "world.h"

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

/* Whether the particle is measured one sub-step back (see above). */
static bool centred(const lm_world *world, uint32_t i) {
    return world->def.integrator == LM_INTEGRATOR_VERLET && !world->particles.fresh[i] &&
           world->steps > 0;
}

/* The particle's velocity where it is measured. */
static lm_vec3 velocity_now(const lm_world *world, uint32_t i) {
    const lm_particles *p = &world->particles;
    if (!centred(world, i)) {
        return p->v[i];
    }
    return lm_scale(lm_add(p->v[i], p->v0[i]), 0.5);
}

/* Where the particle is measured. */
static lm_vec3 position_now(const lm_world *world, uint32_t i) {
    const lm_particles *p = &world->particles;
    return centred(world, i) ? p->x_prev[i] : p->x[i];
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

/* A spring's end counts when it is measured, or held still (immovable or
 * pinned: an anchor belongs to whatever hangs from it). */
static bool counts(const lm_world *world, const uint8_t *measured, uint32_t slot) {
    return measured[slot] || world->particles.solve_w[slot] == 0;
}

/* The fields' potential energy at the measured positions. */
static lm_status field_potentials(lm_world *world, const uint8_t *measured, double *energy) {
    const lm_particles *p = &world->particles;
    lm_vec3 *x = p->x;
    bool any = false;
    for (uint32_t k = 0; k < world->forces.count; k++) {
        const lm_force_item *f = lm_store_at(&world->forces, k);
        any = any || (lm_store_alive(&world->forces, k) && f->kind == LM_FORCE_FIELD);
    }
    if (!any) {
        return LM_OK;
    }
    if (world->def.integrator == LM_INTEGRATOR_VERLET) {
        x = lm_memory_resize_array(world->memory, NULL, p->count + 1, sizeof *x);
        if (!x) {
            return LM_ERROR_MEMORY;
        }
        for (uint32_t i = 0; i < p->count; i++) {
            x[i] = position_now(world, i);
        }
    }
    lm_status status = LM_OK;
    for (uint32_t k = 0; k < world->forces.count && status == LM_OK; k++) {
        const lm_force_item *f = lm_store_at(&world->forces, k);
        if (lm_store_alive(&world->forces, k) && f->kind == LM_FORCE_FIELD) {
            int result = lm_field_potential(world, f, x, measured, energy);
            status = result < 0 ? LM_ERROR_MEMORY : result > 0 ? LM_ERROR_CALLBACK : LM_OK;
        }
    }
    if (x != p->x) {
        lm_memory_free(world->memory, x);
    }
    return status;
}

lm_status lm_world_energy(const lm_world *world, const lm_particle *particles, size_t count,
                          lm_energy *energy) {
    /* The fields' scratch (their sets) and the measured mask are the only
     * things written: the world's state is not. */
    lm_world *scratch = (lm_world *)world;
    selection s = {world, particles, count};
    const lm_particles *p = &world->particles;
    lm_vec3 g = total_gravity(world);
    lm_energy e = {0, 0, 0, 0};
    uint8_t *measured = lm_memory_zeroed(scratch->memory, p->count + 1, 1);
    for (size_t k = 0; k < selection_size(&s); k++) {
        uint32_t i = selection_slot(&s, k);
        if (i == LM_DEAD) {
            continue;
        }
        if (measured) {
            measured[i] = 1;
        }
        if (p->inv_mass[i] == 0) {
            continue;
        }
        lm_vec3 v = velocity_now(world, i);
        e.kinetic += 0.5 * p->mass[i] * lm_dot(v, v);
        e.potential -= p->mass[i] * lm_dot(g, position_now(world, i));
    }
    lm_status status =
        measured ? field_potentials(scratch, measured, &e.potential) : LM_ERROR_MEMORY;
    for (uint32_t k = 0; k < world->forces.count && measured; k++) {
        const lm_force_item *f = lm_store_at(&world->forces, k);
        uint32_t a = f->particle[0], b = f->particle[1];
        if (!lm_store_alive(&world->forces, k) || f->kind != LM_FORCE_SPRING ||
            !(measured[a] || measured[b]) || !counts(world, measured, a) ||
            !counts(world, measured, b)) {
            continue;
        }
        lm_vec3 d = lm_sub(position_now(world, b), position_now(world, a));
        double stretch = sqrt(lm_dot(d, d)) - f->rest;
        e.elastic += 0.5 * f->coefficient * stretch * stretch;
    }
    lm_memory_free(scratch->memory, measured);
    e.total = e.kinetic + e.potential + e.elastic;
    *energy = e;
    return status;
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

lm_vec3 lm_world_angular_momentum(const lm_world *world, const lm_particle *particles, size_t count,
                                  lm_vec3 about) {
    selection s = {world, particles, count};
    const lm_particles *p = &world->particles;
    lm_vec3 sum = lm_v3(0, 0, 0);
    for (size_t k = 0; k < selection_size(&s); k++) {
        uint32_t i = selection_slot(&s, k);
        if (i == LM_DEAD || p->inv_mass[i] == 0) {
            continue;
        }
        lm_vec3 r = lm_sub(position_now(world, i), about), v = velocity_now(world, i);
        lm_vec3 rxv = lm_v3(r.y * v.z - r.z * v.y, r.z * v.x - r.x * v.z, r.x * v.y - r.y * v.x);
        sum = lm_mad(sum, rxv, p->mass[i]);
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
