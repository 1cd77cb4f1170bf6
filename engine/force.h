/* force.h - forces as the store holds them, their kinds (force.c, field.c).
 * Only the engine's own files include it */
#ifndef LOOM_FORCE_H
#define LOOM_FORCE_H

#include <stdint.h>

#include "loom.h"
#include "step.h"

typedef struct lm_force_item {
    lm_force_kind kind;
    uint32_t particle[2];
    lm_vec3 vector;     /* gravity */
    double coefficient; /* drag k, spring stiffness */
    double damping;     /* spring */
    double rest;        /* spring */
    lm_force_fn fn;
    void *context;
    lm_release_fn release;
} lm_force_item;

typedef struct lm_force_class {
    const char *name;
    /* Adds forces to world->particles.f; returns non-zero to abandon the step. */
    int (*apply)(lm_world *world, const lm_force_item *items, uint32_t count, double time);
} lm_force_class;

extern const lm_force_class lm_force_classes[LM_FORCE_KIND_COUNT];
/* field.c: the LM_FORCE_FIELD kind (item->context is its lm_field_item). */
int lm_fields_apply(lm_world *world, const lm_force_item *items, uint32_t count, double time);
void lm_field_release(void *context);
/* field.c: adds the field's potential energy over the particles it acts on
 * whose measured[slot] is set, at positions x (loom.h: lm_energy); 0, or 1
 * when a potential function failed, -1 when out of memory. */
int lm_field_potential(lm_world *world, const lm_force_item *item, const lm_vec3 *x,
                       const uint8_t *measured, double *energy);
/* force.c: the world's force evaluation (gravity, then every generator in
 * creation order), as handed to an integrator. */
lm_force_eval lm_forces_of(lm_world *world);

#endif
