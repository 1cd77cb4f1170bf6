/* particle.c - particles as a structure of arrays with stable slots: making
 * one, its handle and its fields. Removing one takes what acts on it along,
 * so that is in particle_destroy.c, above the constraints and forces. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "world.h"

lm_particle_def lm_particle_default_def(void) {
    lm_particle_def def;
    memset(&def, 0, sizeof def);
    def.mass = 1.0;
    return def;
}

/* Every per-slot array, so growing and freeing cannot forget one. */
// clang-format off
#define PARTICLE_ARRAYS(X)                                                     \
    X(x) X(x_prev) X(v) X(f) X(inv_mass) X(solve_w) X(mass) X(radius)         \
    X(group) X(generation) X(next_free) X(pins) X(alive) X(fresh)     \
    X(contact) X(contact_collider) X(contact_normal) X(friction) X(restitution) \
    X(collision_mask) X(uses) X(v0) X(sv)
// clang-format on

/* Grows p->name to capacity slots, or returns false from the function. */
#define GROW_TO(name)                                                                              \
    {                                                                                              \
        void *grown = lm_memory_resize_array(p->memory, p->name, capacity, sizeof *p->name);       \
        if (!grown) {                                                                              \
            return false;                                                                          \
        }                                                                                          \
        p->name = grown;                                                                           \
    }

bool lm_particles_reserve(lm_particles *p, uint32_t n) {
    if (n <= p->capacity) {
        return true;
    }
    uint32_t capacity = p->capacity ? p->capacity : 64;
    while (capacity < n) {
        capacity *= 2;
    }
    /* Grow every array; a failure leaves the ones already grown larger, which
     * is harmless because capacity only changes when all succeeded. */
    PARTICLE_ARRAYS(GROW_TO)
    p->capacity = capacity;
    return true;
}

/* The scratch only the velocity-based integrators use (Verlet needs none of
 * it, so a Verlet world never allocates it: 96 bytes a particle). Verlet's
 * start of the sub-step is x_prev itself (see lm_particles.x0). */
#define SCRATCH_ARRAYS(X) X(sx) X(ka) X(x_integrated) X(x0_own)

bool lm_particles_reserve_scratch(lm_particles *p) {
    if (p->scratch_capacity >= p->capacity) {
        return true;
    }
    uint32_t capacity = p->capacity;
    SCRATCH_ARRAYS(GROW_TO)
    p->scratch_capacity = capacity;
    return true;
}

void lm_particles_free(lm_particles *p) {
#define FREE(name) lm_memory_free(p->memory, p->name);
    PARTICLE_ARRAYS(FREE)
    SCRATCH_ARRAYS(FREE)
#undef FREE
    lm_memory *memory = p->memory;
    memset(p, 0, sizeof *p);
    p->memory = memory;
}

uint32_t lm_particle_slot(const lm_world *world, lm_particle particle) {
    assert(lm_particle_is_valid(world, particle) && "use of a removed or foreign particle");
    return particle.index1 - 1;
}

lm_particle lm_particle_handle(const lm_world *world, uint32_t slot) {
    lm_handle h = lm_handle_make(world, slot, world->particles.generation[slot]);
    lm_particle handle = {h.index1, h.generation, h.world};
    return handle;
}

lm_particle lm_particle_create(lm_world *world, const lm_particle_def *def) {
    assert(!world->stepping);
    assert(def->mass >= 0 && isfinite(def->mass) && def->radius >= 0);
    lm_particles *p = &world->particles;
    uint32_t slot = p->free_head;
    if (slot == LM_DEAD || slot >= p->count) {
        if (!lm_particles_reserve(p, p->count + 1)) {
            lm_particle null = {0, 0, 0};
            return null;
        }
        slot = p->count++;
        p->generation[slot] = 1;
    } else {
        p->free_head = p->next_free[slot];
    }
    p->x[slot] = def->position;
    p->v[slot] = def->velocity;
    double h = lm_world_substep_length(world);
    p->x_prev[slot] = lm_mad(def->position, def->velocity, -h);
    p->f[slot] = lm_v3(0, 0, 0);
    p->mass[slot] = def->mass;
    p->inv_mass[slot] = def->mass > 0 ? 1.0 / def->mass : 0.0;
    p->solve_w[slot] = p->inv_mass[slot];
    p->radius[slot] = def->radius;
    p->group[slot] = def->group;
    p->next_free[slot] = LM_DEAD;
    p->pins[slot] = 0;
    p->alive[slot] = 1;
    p->fresh[slot] = 1;
    p->contact[slot] = 0;
    p->contact_collider[slot] = LM_DEAD;
    p->contact_normal[slot] = lm_v3(0, 0, 0);
    p->friction[slot] = -1;
    p->restitution[slot] = -1;
    p->collision_mask[slot] = UINT32_MAX;
    p->uses[slot] = LM_DEAD;
    p->live++;
    return lm_particle_handle(world, slot);
}

void lm_particles_release(lm_particles *p, uint32_t slot) {
    p->alive[slot] = 0;
    p->inv_mass[slot] = 0;
    p->solve_w[slot] = 0;
    p->mass[slot] = 0;
    p->v[slot] = lm_v3(0, 0, 0);
    p->f[slot] = lm_v3(0, 0, 0);
    p->generation[slot]++;
    p->next_free[slot] = p->free_head;
    p->free_head = slot;
    p->live--;
}

bool lm_particle_is_valid(const lm_world *world, lm_particle particle) {
    const lm_particles *p = &world->particles;
    if (particle.world != lm_world_id(world) || particle.index1 == 0 ||
        particle.index1 > p->count) {
        return false;
    }
    uint32_t slot = particle.index1 - 1;
    return p->alive[slot] && p->generation[slot] == particle.generation;
}

lm_vec3 lm_particle_position(const lm_world *world, lm_particle particle) {
    return world->particles.x[lm_particle_slot(world, particle)];
}

void lm_particle_set_position(lm_world *world, lm_particle particle, lm_vec3 position) {
    uint32_t slot = lm_particle_slot(world, particle);
    lm_particles *p = &world->particles;
    lm_vec3 shift = lm_sub(position, p->x[slot]);
    p->x[slot] = position;
    p->x_prev[slot] = lm_add(p->x_prev[slot], shift);
}

lm_vec3 lm_particle_velocity(const lm_world *world, lm_particle particle) {
    return world->particles.v[lm_particle_slot(world, particle)];
}

void lm_particle_set_velocity(lm_world *world, lm_particle particle, lm_vec3 velocity) {
    uint32_t slot = lm_particle_slot(world, particle);
    lm_particles *p = &world->particles;
    double h = lm_world_substep_length(world);
    p->v[slot] = velocity;
    p->x_prev[slot] = lm_mad(p->x[slot], velocity, -h);
    p->fresh[slot] = 1;
}

double lm_particle_mass(const lm_world *world, lm_particle particle) {
    return world->particles.mass[lm_particle_slot(world, particle)];
}

void lm_particle_set_mass(lm_world *world, lm_particle particle, double mass) {
    assert(mass >= 0 && isfinite(mass));
    uint32_t slot = lm_particle_slot(world, particle);
    bool moved = world->particles.solve_w[slot] > 0;
    world->particles.mass[slot] = mass;
    world->particles.inv_mass[slot] = mass > 0 ? 1.0 / mass : 0.0;
    world->particles.solve_w[slot] =
        world->particles.pins[slot] ? 0.0 : world->particles.inv_mass[slot];
    if ((world->particles.solve_w[slot] > 0) != moved) {
        world->shake.built = false; /* a fixed end joins or splits groups */
    }
}

double lm_particle_radius(const lm_world *world, lm_particle particle) {
    return world->particles.radius[lm_particle_slot(world, particle)];
}

void lm_particle_set_radius(lm_world *world, lm_particle particle, double radius) {
    assert(radius >= 0 && isfinite(radius));
    world->particles.radius[lm_particle_slot(world, particle)] = radius;
}

lm_vec3 lm_particle_force(const lm_world *world, lm_particle particle) {
    return world->particles.f[lm_particle_slot(world, particle)];
}

void lm_particle_add_force(lm_world *world, lm_particle particle, lm_vec3 force) {
    uint32_t slot = lm_particle_slot(world, particle);
    world->particles.f[slot] = lm_add(world->particles.f[slot], force);
}

uint32_t lm_world_particle_slots(const lm_world *world) {
    return world->particles.count;
}

lm_particle lm_world_particle_in_slot(const lm_world *world, uint32_t slot) {
    if (slot >= world->particles.count || !world->particles.alive[slot]) {
        lm_particle null = {0, 0, 0};
        return null;
    }
    return lm_particle_handle(world, slot);
}

static bool finite_vec3(lm_vec3 v) {
    return isfinite(v.x) && isfinite(v.y) && isfinite(v.z);
}

lm_particle lm_world_find_nonfinite(const lm_world *world) {
    const lm_particles *p = &world->particles;
    for (uint32_t i = 0; i < p->count; i++) {
        if (p->alive[i] && !(finite_vec3(p->x[i]) && finite_vec3(p->v[i]))) {
            return lm_particle_handle(world, i);
        }
    }
    lm_particle none = {0, 0, 0};
    return none;
}
