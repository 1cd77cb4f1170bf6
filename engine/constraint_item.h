/* constraint_item.h - a constraint as the store holds it, and the table of
 * solvers (constraint.c, constraint_kinds.c; one file per kind). Only the engine's own files
 * include it */
#ifndef LOOM_CONSTRAINT_ITEM_H
#define LOOM_CONSTRAINT_ITEM_H

#include <stdbool.h>
#include <stdint.h>

#include "loom.h"
#include "step.h"

/* One flat 56-byte item per constraint. kind is what the user asked for;
 * solver is the function table that projects it (a plain stick has a tight
 * loop of its own; a stick with options is solved as a distance, like a
 * rope). Kind-specific data shares a union so the item stays small (a
 * 256 x 256 cloth's 261,121 sticks: 14.6 MB). */
enum lm_solver {
    LM_SOLVER_STICK, /* plain stick: stiffness only */
    LM_SOLVER_PIN,
    LM_SOLVER_DISTANCE, /* [min, max] distance: rope, and sticks with options */
    LM_SOLVER_ANGLE,
    LM_SOLVER_AREA,
    LM_SOLVER_VOLUME,
    LM_SOLVER_FACE, /* collision face: nothing to solve, the collision pass visits it */
    LM_SOLVER_COUNT
};

enum lm_item_flags {
    LM_ITEM_XPBD = 1u,         /* distance: stiffness holds the compliance */
    LM_ITEM_SQRT_APPROX = 2u,  /* distance: Jakobsen's square-root approximation */
    LM_ITEM_BREAKABLE = 4u,    /* distance: breaks above distance.break_strain */
    LM_ITEM_BROKEN = 8u,       /* distance: broke; skipped by solver and drawing */
    LM_ITEM_JUST_BROKEN = 16u, /* broke during the current step */
    LM_ITEM_SIGNED = 32u,      /* angle: signed about +z */
    LM_ITEM_EXACT = 64u,       /* stick, distance: solved exactly in its group (shake.c) */
};

typedef struct lm_constraint_item {
    uint8_t kind;         /* lm_constraint_kind */
    uint8_t solver;       /* enum lm_solver */
    uint16_t flags;       /* enum lm_item_flags */
    uint32_t particle[3]; /* slots */
    double rest;          /* stick, distance: rest (max) length; area, volume: target */
    double stiffness;     /* (0, 1]; with LM_ITEM_XPBD the compliance (m/N) */
    union {
        lm_vec3 target; /* pin */
        struct {
            double min;          /* m */
            double lambda;       /* XPBD multiplier, reset every sub-step */
            double break_strain; /* relative */
        } distance;
        struct {
            double min, max; /* radians */
        } angle;
        struct {
            /* world->shape_index[first ..] holds count particle slots, then
             * (volume) 3 x triangles local indices into them */
            uint32_t first, count, triangles;
        } shape;
    } u;
} lm_constraint_item;

/* A run of consecutive items of one solver: the unit a solver gets. */
typedef struct lm_run {
    uint32_t kind, start, count;
} lm_run;

typedef struct lm_constraint_class {
    const char *name;
    int phase;          /* 0: in creation order; 1: after all of phase 0 in each sweep (pins) */
    int particle_count; /* the slots in item->particle; 0: see particles */
    void (*solve)(lm_world *world, const lm_step *step, lm_constraint_item *items, uint32_t count);
    /* After velocities are derived (optional). */
    void (*fix_velocity)(lm_world *world, const lm_step *step, lm_constraint_item *items,
                         uint32_t count);
    /* How far from satisfied (lm_constraint_error). */
    double (*error)(const lm_world *world, const lm_constraint_item *item);
    /* Once per sub-step before the first sweep (optional): XPBD resets lambda. */
    void (*begin)(lm_world *world, const lm_step *step, lm_constraint_item *items, uint32_t count);
    /* The measured quantity (lm_constraint_value): length, angle, area, ... */
    double (*value)(const lm_world *world, const lm_constraint_item *item);
    /* projection = "shake" (optional): whether the item is solved exactly
     * with the other sticks of its group (groups.c, shake.c): a distance
     * between its first two particles kept within [*min, *max] */
    bool (*exact)(const lm_world *world, const lm_constraint_item *item, double *min, double *max);
    /* The particle slots when they are not item->particle (optional: areas
     * and volumes list any number). */
    const uint32_t *(*particles)(const lm_world *world, const lm_constraint_item *item,
                                 uint32_t *count);
    /* What lm_world_draw reports for it (optional: angles and shapes are not drawn). */
    void (*draw)(const lm_world *world, const lm_constraint_item *item, lm_constraint handle,
                 const lm_draw_fns *fns, void *context);
    /* Just before it is removed (optional). */
    void (*destroy)(lm_world *world, lm_constraint_item *item);
    /* Its [min, max] (lm_constraint_limits; optional, false when it has none). */
    bool (*limits)(const lm_constraint_item *item, double *min, double *max);
    /* Its tension (N) when its own solve keeps a multiplier (optional, XPBD). */
    bool (*tension)(const lm_world *world, const lm_constraint_item *item, double *tension);
    /* Whether collide_edges pushes it out of colliders as an edge: always
     * (edge) or as edge_of says (optional). */
    bool edge;
    bool (*edge_of)(const lm_constraint_item *item);
    bool link;         /* a distance of at most rest between its first two particles */
    bool length_error; /* its error is a length (m): counted by lm_world_max_error */
} lm_constraint_class;

/* Indexed by enum lm_solver (constraint_kinds.c; one file per kind). */
extern const lm_constraint_class *const lm_constraint_classes[LM_SOLVER_COUNT];
/* The particle slots an item acts on, and how many (constraint_kinds.c). */
const uint32_t *lm_constraint_slots(const lm_world *world, const lm_constraint_item *item,
                                    uint32_t *count);
/* The same, given the item's kind (constraint.c: the kinds' files use it,
 * they cannot reach the table). */
const uint32_t *lm_constraint_class_slots(const lm_constraint_class *kind, const lm_world *world,
                                          const lm_constraint_item *item, uint32_t *count);
/* Whether collide_edges pushes the item out of colliders as an edge. */
static inline bool lm_constraint_is_edge(const lm_constraint_item *item) {
    const lm_constraint_class *kind = lm_constraint_classes[item->solver];
    return kind->edge || (kind->edge_of && kind->edge_of(item));
}

/* constraint_kinds.c: builds every particle's list from the constraints (in
 * creation order, so each list is what linking at creation would have made)
 * and keeps them from then on; false when out of memory (nothing changed).
 * Called before the first spring is made and before a particle is removed. */
bool lm_constraint_uses_build(lm_world *world);
/* constraint_kinds.c: removes every constraint acting on the particle, newest
 * first, by a scan of all of them (when the lists could not be built). */
void lm_constraint_destroy_all_of(lm_world *world, uint32_t particle);
/* Reclaims the shape_index entries of removed areas and volumes (when they
 * are most of it). The constraint store must be compacted first. */
void lm_shapes_compact(lm_world *world);

/* pin.c: where a pin puts its particle in this sub-step. */
lm_vec3 lm_pin_goal(const lm_world *world, const lm_step *step, const lm_constraint_item *pin);

#endif
