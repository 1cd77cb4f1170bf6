/*
 * internal.h - the engine's private layout. Only the engine's own .c files include it.
 */
#ifndef LOOM_INTERNAL_H
#define LOOM_INTERNAL_H

#include <assert.h>
#include <math.h>

#include "loom.h"
#include "shake.h"

#define LM_DEAD UINT32_MAX

/* ----------------------------------------------------------------- memory --
 * memory.c: a world's allocator (lm_world_create_with_allocator) and the
 * bytes it holds. Every block the engine allocates for a world goes through
 * these; each block carries its size, so the allocator is told the old size
 * as lua_Alloc is. resize(NULL, n) allocates, resize(block, 0) frees; NULL
 * when out of memory (the old block is then untouched). */
typedef struct lm_memory {
    lm_alloc_fn fn;
    void *context;
    size_t in_use; /* bytes handed out by fn, headers included */
} lm_memory;
void *lm_default_alloc(void *context, void *block, size_t old_size, size_t new_size);
void lm_memory_init(lm_memory *memory, lm_alloc_fn fn, void *context);
void *lm_memory_resize(lm_memory *memory, void *block, size_t size);
/* count * size bytes (NULL on overflow). */
void *lm_memory_resize_array(lm_memory *memory, void *block, size_t count, size_t size);
void *lm_memory_zeroed(lm_memory *memory, size_t count, size_t size);
void lm_memory_free(lm_memory *memory, void *block);

/* ------------------------------------------------------------------ store --
 * An ordered store of fixed-size items addressed by generational handles.
 * Items stay in creation order (Gauss-Seidel order for constraints);
 * removal marks an item dead and lm_store_compact squeezes it out later, so
 * removing many items in one step costs one pass. */
typedef struct lm_store {
    size_t item_size;
    unsigned char *items;     /* count * item_size bytes, creation order */
    uint32_t *item_slot;      /* dense index -> slot, LM_DEAD once removed */
    uint32_t count, capacity; /* dense */
    uint32_t *slot_dense;     /* slot -> dense index, or next free slot when free */
    uint32_t *slot_generation;
    uint32_t slot_count, slot_capacity;
    uint32_t free_head; /* LM_DEAD when empty */
    uint32_t removed;   /* dead items waiting for compaction */
    bool changed;       /* added or removed since the caller last looked */
    lm_memory *memory;
} lm_store;

void lm_store_init(lm_store *store, size_t item_size, lm_memory *memory);
void lm_store_free(lm_store *store);
/* A zeroed item appended at the end, or NULL when out of memory. */
void *lm_store_add(lm_store *store, uint32_t *index1, uint32_t *generation);
bool lm_store_is_valid(const lm_store *store, uint32_t index1, uint32_t generation);
void *lm_store_get(const lm_store *store, uint32_t index1);
void lm_store_remove(lm_store *store, uint32_t index1);
void lm_store_compact(lm_store *store);
/* Handles: every kind's has this layout (loom.h); lm_handle_make is the
 * one place one is made, the typed makers (lm_particle_handle, ...)
 * convert its result. */
typedef struct lm_handle {
    uint32_t index1, generation;
    uint64_t world;
} lm_handle;
lm_handle lm_handle_make(const lm_world *world, uint32_t slot, uint32_t generation);
/* The handle of the item in the store's slot. */
lm_handle lm_store_handle(const lm_world *world, const lm_store *store, uint32_t slot);
/* Whether {index1, generation, world} names a live item of this world's store. */
bool lm_store_has(const lm_world *world, const lm_store *store, lm_handle handle);
lm_constraint lm_constraint_handle(const lm_world *world, uint32_t slot);
lm_force lm_force_handle(const lm_world *world, uint32_t slot);
lm_collider lm_collider_handle(const lm_world *world, uint32_t slot);
static inline lm_handle lm_handle_of_constraint(lm_constraint h) {
    lm_handle r = {h.index1, h.generation, h.world};
    return r;
}
static inline lm_handle lm_handle_of_force(lm_force h) {
    lm_handle r = {h.index1, h.generation, h.world};
    return r;
}
static inline lm_handle lm_handle_of_collider(lm_collider h) {
    lm_handle r = {h.index1, h.generation, h.world};
    return r;
}
static inline void *lm_store_at(const lm_store *store, uint32_t dense) {
    return store->items + (size_t)dense * store->item_size;
}
static inline bool lm_store_alive(const lm_store *store, uint32_t dense) {
    return store->item_slot[dense] != LM_DEAD;
}

/* -------------------------------------------------------------- particles --
 * Structure of arrays indexed by slot. A free slot has inv_mass 0 and
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

/* ----------------------------------------------------------- constraints --
 * One flat 56-byte item per constraint. kind is what the user asked for;
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

/* ------------------------------------------------------------------ step --
 * What every stage of a sub-step is handed (step.c builds it once per
 * sub-step instead of each stage recomputing it). */
typedef struct lm_step {
    double h;     /* s, the sub-step: time_step / substeps */
    double inv_h; /* 1 / h */
    double time;  /* s, world time at the start of the sub-step */
    int index;    /* this sub-step, 0 .. count - 1 */
    int count;    /* sub-steps per step */
    /* m/s: a contact arriving slower than this rests instead of bouncing
     * (2 |g| h: gravity's push over a sub-step, with room to spare) */
    double rest_speed;
} lm_step;

/* The sub-step length h of the world's current settings. */
double lm_world_substep_length(const lm_world *world);

/* The force evaluation an integrator calls (force.c makes it): clears the
 * accumulators and applies every force at the particles' current state.
 * Non-zero = a callback failed and the step is abandoned. */
typedef struct lm_force_eval {
    int (*evaluate)(void *context, double time);
    void *context;
} lm_force_eval;

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

/* Indexed by enum lm_solver (constraint.c; one file per kind). */
extern const lm_constraint_class *const lm_constraint_classes[LM_SOLVER_COUNT];
/* The particle slots an item acts on, and how many (constraint.c). */
const uint32_t *lm_constraint_slots(const lm_world *world, const lm_constraint_item *item,
                                    uint32_t *count);
/* Whether collide_edges pushes the item out of colliders as an edge. */
static inline bool lm_constraint_is_edge(const lm_constraint_item *item) {
    const lm_constraint_class *kind = lm_constraint_classes[item->solver];
    return kind->edge || (kind->edge_of && kind->edge_of(item));
}

/* ------------------------------------------------------------------ uses --
 * What uses each particle (uses.c): a list per particle of the constraints
 * and springs acting on it, so removing a particle costs its degree. The
 * lists are built on demand (lm_constraint_uses_build): a world that never
 * removes a particle nor has a spring keeps none (8 bytes per constraint
 * end: 4 MB for a 256 x 256 cloth). Until then link and unlink do nothing
 * and every particle's list is empty. */
#define LM_USE_FORCE 0x80000000u /* what: a force slot with this bit, else a constraint slot */
typedef struct lm_use {
    uint32_t next; /* next entry of the same particle, LM_DEAD at the end */
    uint32_t what;
} lm_use;
typedef struct lm_uses {
    lm_use *items;
    uint32_t count, capacity; /* entries ever used, allocated */
    uint32_t free_head, free_count;
    bool active; /* the lists are kept (built once, then for good) */
    lm_memory *memory;
} lm_uses;
void lm_uses_free(lm_uses *uses);
/* Makes room for n more entries, so the links that follow cannot fail. */
bool lm_uses_reserve(lm_uses *uses, uint32_t n);
void lm_uses_link(lm_world *world, uint32_t particle, uint32_t what);
/* Removes one entry `what` from the particle's list (which must hold it). */
void lm_uses_unlink(lm_world *world, uint32_t particle, uint32_t what);
/* What the particle's list starts with, LM_DEAD when nothing uses it. */
uint32_t lm_uses_first(const lm_world *world, uint32_t particle);
/* constraint.c: builds every particle's list from the constraints (in
 * creation order, so each list is what linking at creation would have made)
 * and keeps them from then on; false when out of memory (nothing changed).
 * Called before the first spring is made and before a particle is removed. */
bool lm_constraint_uses_build(lm_world *world);
/* constraint.c: removes every constraint acting on the particle, newest
 * first, by a scan of all of them (when the lists could not be built). */
void lm_constraint_destroy_all_of(lm_world *world, uint32_t particle);

/* ---------------------------------------------------------------- forces -- */
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

/* ------------------------------------------------------------- colliders -- */
typedef struct lm_collider_item {
    lm_collider_def def; /* as the script set it: the pose at the end of the step */
    /* Kinematic colliders: the pose at the start of the current step. */
    lm_vec3 position_prev;
    lm_quat rotation_prev;
    /* The collider as the current sub-step sees it, written once per
     * sub-step by the "pose the colliders" stage (lm_colliders_pose) and read
     * by every collision pass: pose is def at the sub-step's end pose;
     * start_position and start_rotation are where it was when the sub-step
     * began, so a surface point's velocity is (x - where x was then) / h. */
    lm_collider_def pose;
    lm_vec3 start_position;
    lm_quat start_rotation;
    bool moving; /* its pose changes during this sub-step */
} lm_collider_item;

typedef struct lm_collider_class {
    const char *name;
    /* Projects particles out of (or into) the collider at its sub-step pose
     * (item->pose); marks contacts. */
    void (*project)(lm_world *world, const lm_collider_item *item, uint32_t dense);
    void (*bounds)(const lm_collider_def *pose, lm_vec3 *min, lm_vec3 *max);
} lm_collider_class;

extern const lm_collider_class lm_collider_classes[LM_COLLIDER_KIND_COUNT];

/* m: a particle this close to a shape's surface and moving into it is in
 * contact with it (friction holds it), though the projection moves it not. */
#define LM_TOUCH 1e-9
/* A contact with a shape (not the world box) sets this bit in particles.contact. */
#define LM_CONTACT_SHAPE 0x40u
/* A bounce found inside the sub-step (impact.c) sets this one: the particle
 * has had its response (the contact response skips it unless a projection
 * touched it too). */
#define LM_CONTACT_IMPACT 0x80u

/* Per-slot collision state kept beside the particle arrays (collider.c).
 * generation[slot] records which particle the entry belongs to: a slot reused
 * by a new particle gets the defaults back at the next step. */
typedef struct lm_collision {
    /* Particle-particle contacts (contact.c): candidate pairs found once per
     * sub-step from a uniform grid, projected in every sweep. */
    uint32_t *pairs;   /* 2 per pair, in a fixed order */
    double *pair_push; /* per pair: how far the sweeps pushed it apart this sub-step */
    uint32_t pair_count, pair_capacity;
    uint32_t *cell_start, *cell_items; /* bucket -> first item; items sorted by bucket */
    int32_t *cell;                     /* 3 integer cell coordinates per particle */
    double *sorted;   /* per sorted item: x, y, z, radius (read in place of the particle's) */
    uint32_t *bucket; /* bucket of each particle */
    uint32_t bucket_count, grid_capacity;
    /* Restitution between particles (bounce.c): scratch per particle. */
    uint32_t *cluster;     /* union-find parent over touching pairs */
    uint8_t *impact;       /* cluster root: holds a pair that hit with e > 0 */
    lm_vec3 *normal_basis; /* 3 per particle: its contacts' normals, orthonormal */
    uint8_t *normal_count; /* how many of them */
    uint32_t bounce_capacity;
    /* Bodies against faces (body_contact.c): which body each slot is in. */
    uint32_t *body_of;
    uint32_t body_capacity;
    bool bodies_ready; /* body_of is valid for this sub-step */
    /* Tunnelling (tunnel.c): the worst pass through a thin collider in any
     * sub-step of the last step. */
    lm_tunnel tunnel;
    bool tunnel_found;
    uint32_t *body_edges; /* 2 slots per edge of a collision face, each edge once */
    uint32_t body_edge_count, body_edge_capacity;
    /* Closed bodies (every edge of their faces shared by two of them): 3
     * slots per face, grouped by body; per hull its first face and count. */
    uint32_t *hull_faces, *hull_first, *hull_count;
    uint32_t hull_total, hull_number, hull_capacity;
    /* Impacts between particles (impact_pairs.c): its scratch, made when
     * a pair first has restitution. */
    struct lm_pair_impacts *pair_impacts;
    /* Embedded points (embed.c): points carried by four particles. */
    struct lm_embedded *embedded;
    uint32_t embedded_count, embedded_capacity;
    lm_memory *memory;
} lm_collision;

void lm_collision_free(lm_collision *collision);
/* A new step begins: no tunnel noted yet. */
void lm_collision_begin_step(lm_world *world);
/* The colliders' new poses become the previous ones. */
void lm_collision_end_step(lm_world *world);
/* The "pose the colliders" stage: writes every collider's pose for the
 * sub-step (pose, start_position, start_rotation, moving). A kinematic
 * collider moves from its old pose to the new one during the step: sub-step
 * k of n sees it (k + 1) / n of the way. */
void lm_colliders_pose(lm_world *world, const lm_step *step);

/* The collision passes: each moves particles out of what they may not be
 * in, at the colliders' sub-step poses. step.c's collision pass runs them in
 * this order inside every sweep and after the sweeps. */
/* One projection pass over every collider, in creation order. */
void lm_colliders_project(lm_world *world, const lm_step *step);
/* Sticks pushed out of colliders through their deepest point (Jakobsen 5). */
void lm_edges_project(lm_world *world, const lm_step *step);
/* Faces (LM_CONSTRAINT_FACE) pushed out of colliders through their deepest
 * point (Jakobsen 5 for triangles). */
void lm_faces_project(lm_world *world, const lm_step *step);
/* impact.c: bounces found inside the sub-step, at the moment a particle
 * touches a collider at rest, before the constraints (the prediction moves
 * with them). */
void lm_impacts_find(lm_world *world, const lm_step *step);
/* impact_pairs.c: bounces between particles with restitution at the moment
 * they touch inside the sub-step, in time order (a strike passes along a
 * row of balls), after lm_impacts_find and the pair search. */
void lm_impacts_pairs(lm_world *world, const lm_step *step);
void lm_pair_impacts_free(lm_collision *collision);
/* contact.c: finds the candidate pairs (once per sub-step, after integrating);
 * false when out of memory (the sub-step then has no particle contacts). */
bool lm_contact_find_pairs(lm_world *world);
/* One mass-weighted projection pass over the candidate pairs. */
void lm_contact_project(lm_world *world);
/* After the sweeps: friction between pairs that touch. */
void lm_contact_friction(lm_world *world);
/* bounce.c: after velocities are derived, restitution between touching
 * particles, passed on along chains of them (Newton's cradle). */
void lm_contact_restitution(lm_world *world, const lm_step *step);
/* body_contact.c (collide_bodies): labels the bodies (particles linked by
 * constraints or springs), once per sub-step; false when out of memory. */
bool lm_bodies_find(lm_world *world);
/* One pass pushing particles out of other bodies' faces. */
void lm_bodies_project(lm_world *world, const lm_step *step);
/* embed.c: one pass pushing embedded points out of the colliders. */
void lm_embedded_project(lm_world *world, const lm_step *step);

/* --------------------------------------------------------------- batches --
 * The batched order (batch.c builds, relax.c projects): the plain sticks
 * grouped once per topology change into batches whose members share no
 * particle, in a fixed order. The batches work on positions copied into a
 * structure of arrays, each particle at its place (lm_batch_place). Each
 * batch is a list of runs; a run of stride 1 walks places a, a + 1, ... and
 * b, b + 1, ... (a grid's rows: vectorised), a run of stride 0 lists its
 * sticks' places in ia, ib (gathered). Only the rest length is stored per
 * stick (solve order); inverse masses come from the particles. A batch with
 * `serial` set (sticks that found no colour) is projected in creation order
 * by one thread. */
typedef struct lm_batch_run {
    uint32_t a, b;    /* first places (stride 1) */
    uint32_t first;   /* first stick (index into rest) */
    uint32_t count;   /* sticks */
    uint32_t stride;  /* 1, or 0 = gathered through ia, ib */
    uint32_t gather;  /* stride 0: first index into ia, ib */
    double stiffness; /* of every stick of the run */
    /* stride 1: the inverse mass (solve_w) the run's ends have, but for its
     * exceptions (pinned or heavier particles: span_count spans from
     * first_span in lm_batches.spans, where the weights are loaded per stick),
     * or NaN when they differ too often: then every stick loads them.
     * Refreshed by lm_batches_prepare when weights change. */
    double weight;
    uint32_t first_span, span_count;
} lm_batch_run;

/* Sticks first .. first + count - 1 of a run (counted from the run's first). */
typedef struct lm_batch_span {
    uint32_t first, count;
} lm_batch_span;

typedef struct lm_batch {
    uint32_t first_run, run_count;
    uint32_t first_stick, stick_count;
    bool serial;
} lm_batch;

typedef struct lm_pool lm_pool;

typedef struct lm_batches {
    bool built; /* matches the constraint store */
    uint32_t stick_count, stick_capacity;
    double *rest;      /* per stick in solve order */
    uint32_t *ia, *ib; /* particle slots of the gathered sticks */
    uint32_t gather_count, gather_capacity;
    lm_batch_run *runs;
    uint32_t run_count, run_capacity;
    lm_batch_span *spans; /* the runs' exceptions to their weight */
    uint32_t span_count, span_capacity;
    lm_batch *batches;
    uint32_t batch_count, batch_capacity;
    /* positions and inverse masses (solve_w) as structure of arrays while the
     * batches run, each particle at its place (lm_batch_place) */
    double *sx, *sy, *sz, *sw; /* in soa (see lm_batches_prepare) */
    double *soa;
    size_t soa_capacity;
    double *w_seen; /* solve_w when the runs' weights were last set (per slot) */
    bool weights_set;
    bool w_placed;      /* sw holds w_seen (relax.c copies it only after a change) */
    uint32_t particles; /* slots when built */
    /* the layout (batch.c: set_regions, place_regions): slot s = row *
     * row_length + column lives in region q = 2 (row & 1) + (column & 1), at
     * base[q] + (row >> 1) width[column & 1] + (column >> 1). A grid's rows,
     * columns and diagonals then make runs as long as a quarter of it. */
    uint32_t row_length, width[2], base[4], size[4];
    lm_pool *pool; /* threads - 1 workers, when threads > 1 */
    lm_memory *memory;
} lm_batches;

/* Where slot s lives in the batches' arrays (its place). */
static inline uint32_t lm_batch_place(const lm_batches *batches, uint32_t s) {
    uint32_t row = s / batches->row_length, column = s - row * batches->row_length;
    uint32_t odd = column & 1u;
    return batches->base[2 * (row & 1u) + odd] + (row >> 1) * batches->width[odd] + (column >> 1);
}
/* How far apart (modulo 4 KiB) the arrays x, y, z and w of the batches
 * start: a third of a page, so a run's streams do not alias. */
enum { LM_BATCH_AXIS_BYTES = 1360 };

/* Regroups the plain sticks into batches (when the constraints changed);
 * makes or remakes the thread pool. False when out of memory. */
bool lm_batches_prepare(lm_world *world);
void lm_batches_free(lm_batches *batches);
/* Whether a sweep of the batched order needs nothing but sticks and pins
 * (no colliders, contacts, other constraint kinds or tolerance): then the
 * sweeps run on the structure of arrays without converting in between. */
bool lm_batches_pure(const lm_world *world);
/* relax.c: every sweep of a pure sub-step (sticks, then pins), returns the
 * sweeps performed. */
int lm_batches_sweeps(lm_world *world, const lm_step *step, int sweeps);
/* relax.c: one pass over the batches (positions converted there and back). */
void lm_batches_sweep(lm_world *world);

/* pool.c: a persistent pool of threads; lm_pool_run calls fn on every thread
 * (the caller is thread 0) and returns when all returned. */
typedef void (*lm_pool_fn)(void *context, int thread, int threads);
lm_pool *lm_pool_create(int threads, lm_memory *memory);
void lm_pool_destroy(lm_pool *pool);
int lm_pool_threads(const lm_pool *pool);
void lm_pool_run(lm_pool *pool, lm_pool_fn fn, void *context);
/* Inside a task: waits until every thread of the pool reached it. */
void lm_pool_barrier(lm_pool *pool);
/* fn(context, lo, hi) over 0 .. count - 1: cut into fixed contiguous parts,
 * one per thread of the pool, when there are LM_POOL_RANGE_MIN items per
 * thread or more, else one call on the calling thread (pool may be NULL).
 * For loops whose items are independent: the same bits either way. */
enum { LM_POOL_RANGE_MIN = 4096 };
typedef void (*lm_range_fn)(void *context, uint32_t lo, uint32_t hi);
void lm_pool_for(lm_pool *pool, uint32_t count, lm_range_fn fn, void *context);

/* pin.c: where a pin puts its particle in this sub-step. */
lm_vec3 lm_pin_goal(const lm_world *world, const lm_step *step, const lm_constraint_item *pin);

/* ----------------------------------------------------------------- world -- */
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

/* force.c: the world's force evaluation (gravity, then every generator in
 * creation order), as handed to an integrator. */
lm_force_eval lm_forces_of(lm_world *world);
/* Advances positions (and velocities) by step->h with the integrator; keep
 * is 1 - damping. The per-particle updates run on the pool's threads when
 * there are enough particles (pool may be NULL). Returns non-zero when a
 * force evaluation failed. */
int lm_integrate(lm_particles *particles, lm_integrator integrator, double keep,
                 const lm_step *step, const lm_force_eval *forces, lm_pool *pool);
/* Reclaims the shape_index entries of removed areas and volumes (when they
 * are most of it). The constraint store must be compacted first. */
void lm_shapes_compact(lm_world *world);
/* After velocities are derived: restitution and friction for particles that
 * touched a collider this sub-step. Reads the arrival velocity from p->sv.
 * True when friction moved particles along surfaces (the step then runs its
 * collision pass again). */
bool lm_colliders_respond(lm_world *world, const lm_step *step);
/* tunnel.c: notes a particle that passed through a thin collider in this
 * sub-step (x0 -> x), keeping the one that needs the most sub-steps. */
void lm_tunnel_note(lm_world *world, const lm_step *step);
/* Grows the particle arrays to hold at least n slots. */
bool lm_particles_reserve(lm_particles *particles, uint32_t n);
void lm_particles_free(lm_particles *particles);
/* Grows sx, ka and x_integrated to the arrays' capacity. */
bool lm_particles_reserve_scratch(lm_particles *particles);
/* Valid slot of a handle, asserting validity. */
uint32_t lm_particle_slot(const lm_world *world, lm_particle particle);
lm_particle lm_particle_handle(const lm_world *world, uint32_t slot);

static inline lm_vec3 lm_v3(double x, double y, double z) {
    lm_vec3 r = {x, y, z};
    return r;
}
static inline lm_vec3 lm_add(lm_vec3 a, lm_vec3 b) {
    return lm_v3(a.x + b.x, a.y + b.y, a.z + b.z);
}
static inline lm_vec3 lm_sub(lm_vec3 a, lm_vec3 b) {
    return lm_v3(a.x - b.x, a.y - b.y, a.z - b.z);
}
static inline lm_vec3 lm_scale(lm_vec3 a, double s) {
    return lm_v3(a.x * s, a.y * s, a.z * s);
}
static inline double lm_dot(lm_vec3 a, lm_vec3 b) {
    return a.x * b.x + a.y * b.y + a.z * b.z;
}
/* fmin and fmax without a call through the PLT in hot loops: the same value
 * as libm's for every input (the smaller or larger; a NaN argument gives the
 * other one; for -0 and +0, the second argument, as x86-64's minsd/maxsd). */
static inline double lm_fmin(double x, double y) {
    return (isless(x, y) || isnan(y)) ? x : y;
}
static inline double lm_fmax(double x, double y) {
    return (isgreater(x, y) || isnan(y)) ? x : y;
}
/* a + b * s */
static inline lm_vec3 lm_mad(lm_vec3 a, lm_vec3 b, double s) {
    return lm_v3(a.x + b.x * s, a.y + b.y * s, a.z + b.z * s);
}

#endif
