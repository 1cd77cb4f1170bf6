/* particles.h - the particle arrays, structure of arrays by slot (particle.c).
 * Only the engine's own files include it */
#ifndef LOOM_PARTICLES_H
#define LOOM_PARTICLES_H

#include <stdbool.h>
#include <stdint.h>

#include "loom.h"
#include "memory.h"

/* Structure of arrays indexed by slot. A free slot has inv_mass 0 and
 * alive 0, so the integrators need no branch for it. */
typedef struct lm_particles {
    uint32_t count, capacity; /* slots in use (alive or free), allocated */
    lm_vec3 *x;               /* position */
    lm_vec3 *x_prev;          /* position before the last sub-step (Verlet) */
    lm_vec3 *v;               /* velocity */
    lm_vec3 *f;               /* force accumulator */
    double *inv_mass;
    double *solve_w; /* inverse mass as the constraints see it: 0 while pinned */
    double *mass;
    double *radius;
    uint32_t *group;
    uint32_t *generation;
    uint32_t *next_free;
    uint16_t *pins; /* how many pins hold the particle (drawing) */
    uint8_t *alive;
    uint8_t *fresh;   /* Verlet must start from the velocity, not x_prev */
    uint8_t *contact; /* touched a collider during this sub-step */
    uint32_t *contact_collider;
    lm_vec3 *contact_normal;        /* of the last shape contact this sub-step */
    double *friction, *restitution; /* contact material; negative: not set */
    uint32_t *collision_mask;       /* groups it touches; default all */
    uint32_t *uses;                 /* first entry of its list in world->uses; LM_DEAD: none */
    uint32_t free_head;
    uint32_t live;
    /* scratch for the integrators, the same size as the arrays above; sx, ka,
     * x_integrated and x0_own only once a velocity-based integrator needs
     * them */
    lm_vec3 *v0, *sx, *sv, *ka, *x_integrated;
    /* x0: the positions at the start of the sub-step, set by the step for
     * the step (never read between steps): x0_own, or with Verlet x_prev
     * itself, which Verlet sets to the start position of every particle
     * (saves 24 bytes a particle, never touched) */
    lm_vec3 *x0, *x0_own;
    uint32_t scratch_capacity;
    lm_memory *memory;
} lm_particles;

/* Grows the particle arrays to hold at least n slots. */
bool lm_particles_reserve(lm_particles *particles, uint32_t n);
void lm_particles_free(lm_particles *particles);
/* Grows sx, ka and x_integrated to the arrays' capacity. */
bool lm_particles_reserve_scratch(lm_particles *particles);
/* Frees a live slot (its handles become invalid); what acted on it must be
 * gone already (particle_destroy.c). */
void lm_particles_release(lm_particles *particles, uint32_t slot);
/* Valid slot of a handle, asserting validity. */
uint32_t lm_particle_slot(const lm_world *world, lm_particle particle);
lm_particle lm_particle_handle(const lm_world *world, uint32_t slot);

#endif
