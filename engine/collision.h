/* collision.h - colliders as the store holds them, the per-slot collision state
 * and the collision passes (collider*.c, contact.c, impact*.c, bounce.c, body_contact.c,
 * embed.c, tunnel.c). Only the engine's own files include it */
#ifndef LOOM_COLLISION_H
#define LOOM_COLLISION_H

#include <stdbool.h>
#include <stdint.h>

#include "loom.h"
#include "memory.h"
#include "step.h"

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
/* After velocities are derived: restitution and friction for particles that
 * touched a collider this sub-step. Reads the arrival velocity from p->sv.
 * True when friction moved particles along surfaces (the step then runs its
 * collision pass again). */
bool lm_colliders_respond(lm_world *world, const lm_step *step);
/* tunnel.c: notes a particle that passed through a thin collider in this
 * sub-step (x0 -> x), keeping the one that needs the most sub-steps. */
void lm_tunnel_note(lm_world *world, const lm_step *step);

#endif
