/* world.h - a world: every module's state (world.c). Only the engine's own
 * files include it; each module's types are in its own header, included here */
#ifndef LOOM_WORLD_H
#define LOOM_WORLD_H

#include <assert.h>
#include <math.h>

#include "batch.h"
#include "collision.h"
#include "constraint_item.h"
#include "force.h"
#include "loom.h"
#include "memory.h"
#include "particles.h"
#include "pool.h"
#include "shake.h"
#include "step.h"
#include "store.h"
#include "uses.h"
#include "vec3.h"

struct lm_world {
    lm_world_def def;       /* substeps resolved: never 0 here */
    int substeps_requested; /* def.substeps as configured: 0 = the integrator's own */
    lm_memory *memory;      /* &own_memory: reachable from const queries that need scratch */
    lm_memory own_memory;
    lm_interrupt_fn interrupt; /* lm_world_set_interrupt */
    void *interrupt_context;
    bool interrupted; /* the interrupt stopped the step under way */
    double time;
    uint64_t steps;
    uint64_t projections;
    bool stepping;
    lm_particles particles;
    lm_store constraints, forces, colliders;
    /* Runs rebuilt when the stores change. */
    lm_run *constraint_runs[2];
    uint32_t constraint_run_count[2], constraint_run_capacity[2];
    lm_run *force_runs;
    uint32_t force_run_count, force_run_capacity;
    /* Constraints (constraint.c, step.c). */
    uint64_t sweeps; /* sweeps performed by the last step */
    double last_correction;
    lm_vec3 *sweep_start; /* positions before a sweep, while a tolerance is set */
    uint32_t sweep_start_capacity;
    uint32_t *shape_index; /* particle slots and triangles of area and volume constraints */
    uint32_t shape_index_count, shape_index_capacity;
    uint32_t shape_index_dead; /* entries of removed shapes, squeezed out by lm_shapes_compact */
    lm_vec3 *shape_gradient;   /* scratch, one per particle of the largest shape */
    uint32_t shape_gradient_capacity;
    uint32_t broke_in_step; /* sticks that broke during this step */
    lm_constraint *broken;  /* ... listed after the step */
    uint32_t broken_count, broken_capacity;
    lm_collision collision; /* collider.c, contact.c */
    lm_uses uses;           /* uses.c: what uses each particle */
    lm_batches batches;     /* batch.c, relax.c: the batched order */
    lm_shake shake;         /* groups.c, shake.c: the sticks solved exactly */
};

/* The sub-step length h of the world's current settings (the step hands
 * its stages the same h in lm_step; this is for the calls between steps). */
static inline double lm_world_substep_length(const lm_world *world) {
    return world->def.time_step / world->def.substeps;
}

#endif
