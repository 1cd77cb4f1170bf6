/*
 * loom.h - the public interface of loom's physics engine.
 *
 * The engine is plain C11 plus libm. It knows nothing of Lua, SDL or files:
 * callers create a world, fill it with particles, constraints, force
 * generators and colliders, step it, and ask it what to draw.
 *
 * Units: metres, seconds, kilograms, newtons. All vectors are 3D; a flat
 * scene simply keeps z = 0.
 *
 * Objects are referred to by handles passed by value. A handle is an index,
 * a generation and the id of the world that made it; the zero handle is
 * "null". Removing an object bumps the generation of its slot, so a stale
 * handle is detected by the *_is_valid functions instead of being
 * dereferenced, and so is a handle of another world. Every other function asserts that
 * the handles it is given are valid: the Lua bindings check first, so no
 * script can reach an assert.
 *
 * No global mutable state: several worlds can live in one process.
 */
#ifndef LOOM_H
#define LOOM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define LM_VERSION_STRING "0.1.0"

typedef struct lm_vec3 {
    double x, y, z;
} lm_vec3;

typedef struct lm_world lm_world;

/* Handles. index1 is the slot index plus one (so zero is null); world is
 * the id of the world that made it (lm_world_id), so that an object of
 * world A is invalid in world B. */
typedef struct lm_particle {
    uint32_t index1, generation;
    uint64_t world;
} lm_particle;
typedef struct lm_constraint {
    uint32_t index1, generation;
    uint64_t world;
} lm_constraint;
typedef struct lm_force {
    uint32_t index1, generation;
    uint64_t world;
} lm_force;
typedef struct lm_collider {
    uint32_t index1, generation;
    uint64_t world;
} lm_collider;

/* The id a world puts in its handles: different for every two worlds that
 * exist at the same time (its address), never 0 (0 for NULL). */
uint64_t lm_world_id(const lm_world *world);

typedef enum lm_status {
    LM_OK = 0,
    LM_ERROR_CALLBACK, /* a user force callback returned non-zero; the step was abandoned */
    LM_ERROR_MEMORY,   /* an allocation failed; nothing was changed (a step: see lm_world_step) */
    LM_ERROR_INTERRUPTED, /* the step's interrupt (lm_world_set_interrupt) asked it to stop */
} lm_status;

/* ---------------------------------------------------------------- world -- */

typedef enum lm_integrator {
    LM_INTEGRATOR_EULER,               /* explicit (forward) Euler, 1st order */
    LM_INTEGRATOR_SEMI_IMPLICIT_EULER, /* symplectic Euler: v first, then x */
    LM_INTEGRATOR_VERLET,              /* position Verlet, Jakobsen; Lee eq. 9 with drag */
    LM_INTEGRATOR_VELOCITY_VERLET,     /* two force evaluations per step */
    LM_INTEGRATOR_MIDPOINT,            /* RK2, Lander */
    LM_INTEGRATOR_RK4,                 /* classic 4th-order Runge-Kutta, Lander */
    LM_INTEGRATOR_COUNT
} lm_integrator;

/* "euler", "semi_implicit_euler", "verlet", "velocity_verlet", "midpoint", "rk4". */
const char *lm_integrator_name(lm_integrator integrator);
/* Null-terminated list of the names above, in enum order (for option parsers). */
const char *const *lm_integrator_names(void);
/* The sub-steps a world with this integrator takes when its def asks for
 * none (substeps 0): 4 for the two Euler integrators, 2 for the others,
 * measured so that the classic constrained lessons keep their energy at 60
 * steps per second (integrate.c says how). */
int lm_integrator_substeps(lm_integrator integrator);

/* How distance constraints are projected. */
typedef enum lm_projection_method {
    LM_PROJECT_JAKOBSEN, /* along the current direction, a fixed number of sweeps */
    LM_PROJECT_SHAKE,    /* along the direction at the start of the sub-step, iterated to
                               a tolerance (SHAKE; RATTLE's velocity pass for the velocity-based
                               integrators): energy stays bounded */
    LM_PROJECT_METHOD_COUNT
} lm_projection_method;

/* projection = LM_PROJECT_SHAKE: a sub-step whose exact sticks find no
 * solution is done again in halves, at most this many times (16 parts),
 * then relaxed and reported (lm_world_stats.unmet). */
#define LM_SHAKE_SPLITS 4
/* ... and a net relaxed because it is too costly to solve exactly is
 * reported when its sticks end a step further than this (relative) from
 * their length (lm_world_stats.net_error). */
#define LM_SHAKE_NET_TOLERANCE 0.01

/* "jakobsen", "shake". */
const char *lm_projection_method_name(lm_projection_method projection);
/* Null-terminated list of the names above, in enum order. */
const char *const *lm_projection_method_names(void);
/* The order in which the relaxation projects the sticks of each sweep. */
typedef enum lm_order {
    LM_ORDER_CREATION, /* creation order, Gauss-Seidel: the article's exact loop (default) */
    LM_ORDER_BATCHED,  /* plain sticks grouped once per topology change into batches that share
                          no particle, each batch projected at once (vectorised, and split
                          across threads); other constraints, colliders and contacts as before */
    LM_ORDER_COUNT
} lm_order;

/* "creation", "batched". */
const char *lm_order_name(lm_order order);
/* Null-terminated list of the names above, in enum order (for option parsers). */
const char *const *lm_order_names(void);

/* Most threads a world may use. */
#define LM_MAX_THREADS 64

typedef struct lm_world_def {
    lm_vec3 gravity;          /* m/s^2, applied to every movable particle; default (0,-9.81,0) */
    lm_integrator integrator; /* default LM_INTEGRATOR_VERLET */
    double time_step;         /* s, one call of lm_world_step; > 0; default 1/60 */
    int substeps;             /* each step is split into this many sub-steps; >= 0, where 0 is
                                 the integrator's own (lm_integrator_substeps); default 0 */
    int iterations;           /* relaxation sweeps per sub-step; >= 1; default 10 */
    double damping;           /* [0, 1): fraction of velocity removed per sub-step (Verlet's d,
                                 Jakobsen's 2 -> 1.99 is 0.01); default 0 */
    double tolerance;         /* m, >= 0: a sub-step stops sweeping once no particle moved more
                                 than this in a sweep (Jakobsen's adaptive iteration count);
                                 iterations stays the upper bound; 0 = off; default 0 */
    bool sqrt_approx;         /* every distance constraint uses Jakobsen's square-root
                                 approximation (one Newton step around the rest length);
                                 default false */
    bool collide_particles;   /* particles with a radius push each other apart; default false */
    bool collide_edges;       /* sticks are pushed out of colliders at their deepest point
                                 (Jakobsen 5), not only at their ends; default false */
    lm_projection_method projection; /* default LM_PROJECT_SHAKE */
    bool collide_bodies; /* particles are pushed out of the collision faces (lm_face_create) of
                            other bodies: particles not linked to the face's own through
                            constraints or springs; default false */
    lm_order order;      /* default LM_ORDER_CREATION */
    int threads;         /* 1..LM_MAX_THREADS: threads that share each batch of the batched
                            order (same bits for every count); default 1 */
} lm_world_def;

lm_world_def lm_world_default_def(void);

/* ----------------------------------------------------------- stability --
 * stability.c. The largest omega h at which an undamped oscillator of
 * angular frequency omega, integrated with step h, grows by less than 1% per
 * period (from the integrator's amplification factor R(i omega h)): explicit
 * Euler 0.0032 (it always grows), midpoint 0.234, semi-implicit Euler,
 * Verlet and velocity Verlet 2, RK4 2.83. */
double lm_integrator_stability_limit(lm_integrator integrator);
/* omega h at a spring, in the world's current settings: omega^2 is the
 * larger, over its two particles, of the sum over that particle's springs of
 * k (1/m_i + 1/m_j) (a bound on the fastest mode there: sqrt(k (1/m_a +
 * 1/m_b)) for a lone spring, sqrt(4 k / m) in a chain); h = time_step /
 * substeps. 0 when both ends are immovable. */
double lm_spring_omega_h(const lm_world *world, lm_force spring);
/* The limit for omega h at a spring: lm_integrator_stability_limit, raised
 * for explicit Euler and midpoint by the spring's damping (its ratio zeta
 * at the same end: damping can take back what they add each step, up to
 * omega h = 2); see stability.c. */
double lm_spring_stability_limit(const lm_world *world, lm_force spring);
/* The spring with the largest omega h (above), and that value; the null
 * handle and 0 when the world has no spring. */
lm_force lm_world_stiffest_spring(const lm_world *world, double *omega_h);

/* embed.c: a point carried by four particles, x = sum c_i x_i (Jakobsen §5,
 * figure 6: the corners of a box embedded in a tetrahedron), that collides
 * with the colliders: pushed out by D, it moves x_i += c_i w_i D / sum c_j^2
 * w_j. weights sum to 1 (barycentric coordinates in the tetrahedron);
 * radius >= 0 m. It lasts as long as its four particles. false when out of
 * memory. */
bool lm_embedded_create(lm_world *world, const lm_particle particles[4], const double weights[4],
                        double radius);

/* tunnel.c: a movable particle whose last sub-step went right through a
 * sphere, capsule or box (both ends clear of it, the path through it). */
typedef struct lm_tunnel {
    lm_particle particle;
    lm_collider collider;
    double speed;     /* m/s over that sub-step */
    double thickness; /* m: twice the collider's smallest half-size */
    int substeps;     /* sub-steps per step that would make its move shorter than that */
} lm_tunnel;
/* false when no particle tunnelled in any sub-step of the last step; else
 * the tunnel that needs the most sub-steps to be caught. */
bool lm_world_find_tunnel(const lm_world *world, lm_tunnel *out);

/* ------------------------------------------------------------ measures --
 * For lessons (measure.c). Each takes a list of particles, or NULL and 0 for
 * every particle of the world. Units: J, kg m/s, kg m^2/s, m. Immovable
 * particles (mass 0) carry none of it.
 *
 * Where and when: under position Verlet a particle's stored velocity is its
 * last displacement over h, half a sub-step behind its position. The
 * measures then take the particle one sub-step back, at the start of the
 * last sub-step (x_before), with the centred difference (x - x_before_that)
 * / 2h as its velocity (the velocity velocity Verlet would give there, to
 * second order), so that kinetic and potential energy refer to the same
 * instant. Every other integrator keeps its velocity at its position: the
 * particle as it is. A particle made or given a velocity since the last
 * step is measured as it is too. */
typedef struct lm_energy {
    double kinetic; /* sum m v^2 / 2 */
    /* -m g . x for the world's gravity and every gravity generator (zero at
     * the origin), -(m accel + force) . x for uniform fields, the
     * attractors' (and repellers') potential (lm_field_def), and what
     * function fields with a potential (lm_field_def.potential) report, each
     * over the measured particles it acts on */
    double potential;
    /* springs: k (length - rest)^2 / 2, for springs with both ends measured
     * or one measured and the other held still (immovable or pinned) */
    double elastic;
    double total; /* the sum of the three */
} lm_energy;
/* LM_OK, or LM_ERROR_CALLBACK when a field's potential function failed,
 * LM_ERROR_MEMORY when its scratch could not be had (*energy is then the
 * rest of it). */
lm_status lm_world_energy(const lm_world *world, const lm_particle *particles, size_t count,
                          lm_energy *energy);
/* sum m v over movable particles. */
lm_vec3 lm_world_momentum(const lm_world *world, const lm_particle *particles, size_t count);
/* sum m (x - about) x v over movable particles: the angular momentum about
 * the point about (kg m^2/s). */
lm_vec3 lm_world_angular_momentum(const lm_world *world, const lm_particle *particles, size_t count,
                                  lm_vec3 about);
/* sum m x / sum m over movable particles, where they are now (not one
 * sub-step back); false (and *center untouched) when they have no mass. */
bool lm_world_center_of_mass(const lm_world *world, const lm_particle *particles, size_t count,
                             lm_vec3 *center);
/* NULL when out of memory. def may be NULL for the defaults. */
lm_world *lm_world_create(const lm_world_def *def);
void lm_world_destroy(lm_world *world);

/* ------------------------------------------------------------ allocator --
 * A world's memory, for hosts that count or limit it (lua_Alloc's shape):
 * called with block NULL and old_size 0 to allocate new_size bytes; with
 * new_size 0 to free block (of old_size bytes; return NULL); otherwise to
 * resize block from old_size to new_size bytes, keeping its contents (as
 * realloc). Return NULL when the memory cannot be had: the block passed in
 * must then stay valid and unchanged. Freeing must not fail. It is only ever
 * called from the thread that calls the world's functions (never from the
 * batched order's worker threads), never from inside itself. */
typedef void *(*lm_alloc_fn)(void *context, void *block, size_t old_size, size_t new_size);
/* lm_world_create with every allocation of the world made by fn(context, ...):
 * the world itself, particles, constraints, forces, colliders, fields,
 * batches, contact lists, scratch. fn NULL = malloc, realloc and free. When
 * fn fails, the function that needed the memory reports it (a null handle,
 * false, NULL, LM_ERROR_MEMORY) and the world stays as it was, usable. */
lm_world *lm_world_create_with_allocator(const lm_world_def *def, lm_alloc_fn fn, void *context);
/* Bytes the world holds from its allocator now (its blocks, each with a
 * 16-byte header); after lm_world_destroy, all of it is given back. */
size_t lm_world_memory(const lm_world *world);

/* ------------------------------------------------------------ interrupt --
 * A step can be stopped from outside (a host's time limit): lm_world_step
 * calls fn(context) before every relaxation sweep (and between sub-steps);
 * a non-zero return ends the step with LM_ERROR_INTERRUPTED. The sub-step
 * under way is finished without further sweeps (contacts, velocities), so
 * the world is consistent: positions finite, time advanced by the sub-steps
 * done, and the next lm_world_step carries on from there. fn must not touch
 * the world. NULL fn: no interrupt (the default). */
typedef int (*lm_interrupt_fn)(void *context);
void lm_world_set_interrupt(lm_world *world, lm_interrupt_fn fn, void *context);
/* Current settings, and changing them (takes effect at the next step).
 * substeps is as configured (0: the integrator's own). */
lm_world_def lm_world_settings(const lm_world *world);
/* The sub-steps each step takes now (>= 1). */
int lm_world_substeps(const lm_world *world);
void lm_world_configure(lm_world *world, const lm_world_def *def);

/* Advances the world by one time_step: for each sub-step, accumulate forces,
 * integrate, satisfy constraints and collisions by relaxation, derive
 * velocities. Returns LM_ERROR_CALLBACK if a force callback failed (the
 * sub-step is undone), LM_ERROR_MEMORY if memory ran out (before the first
 * sub-step: nothing changed; later: that sub-step is undone, the earlier
 * ones stay), LM_ERROR_INTERRUPTED if the interrupt stopped it (above). */
lm_status lm_world_step(lm_world *world);
/* Simulated time in seconds, and steps taken. */
double lm_world_time(const lm_world *world);
uint64_t lm_world_step_count(const lm_world *world);
/* True while lm_world_step runs (inside a force callback). Creating or
 * destroying anything, or stepping, is not allowed then. */
bool lm_world_is_stepping(const lm_world *world);

typedef struct lm_world_stats {
    size_t particles, constraints, forces, colliders;
    /* Constraint projections performed by the last step (constraints x sweeps). */
    uint64_t projections;
    /* Relaxation sweeps the last step performed, summed over its sub-steps
     * (iterations x substeps unless a tolerance stopped sub-steps early). */
    uint64_t sweeps;
    /* Largest particle displacement (m) in the last sweep of the last step's
     * last sub-step; measured only while a tolerance is set, else 0. */
    double last_correction;
    /* projection = LM_PROJECT_SHAKE (groups.c, shake.c): the sticks and ropes
     * solved exactly, and those relaxed because their group is a net too
     * costly to solve exactly (sticks with options are counted in neither);
     * as of the last step. */
    uint32_t exact, relaxed;
    /* The last step: the most Newton iterations one sweep took, and the
     * most parts one sub-step was cut into because SHAKE found no solution
     * for it whole (1: none was cut). */
    int newton, parts;
    /* The last step: true when a sub-step's exact sticks could not be solved
     * even cut in 2^LM_SHAKE_SPLITS parts (they were relaxed in that
     * sub-step), at world time unmet_time (s). */
    bool unmet;
    double unmet_time;
    /* Why: when a held particle (pinned, or of mass 0) at an end of one of
     * those sticks jumped (moved within the sub-step, or the stick started
     * it off its length, by more than half the stick's length), the jump
     * and that stick's length (m); both 0 when the sticks turned too far
     * within the sub-step (more sub-steps help then, not for a jump). */
    double unmet_jump, unmet_length;
    /* After the last step: the largest relative error |length - L| / L of a
     * relaxed group's stick, and how many sticks that group has (0, 0 when
     * nothing is relaxed). */
    double net_error;
    uint32_t net_sticks;
} lm_world_stats;
lm_world_stats lm_world_get_stats(const lm_world *world);

/* The largest error (m) over the live distance-like constraints (stick,
 * rope, pin) at the current positions: what is left after the last step.
 * Angle, area and volume errors are in other units: see lm_constraint_error. */
double lm_world_max_error(const lm_world *world);

/* The constraints that broke (lm_stick_def.break_strain) during the last
 * step, in creation order; valid until the next step or removal. Returns the
 * count and sets *list (NULL when none). */
size_t lm_world_broken(const lm_world *world, const lm_constraint **list);

/* Axis-aligned bounds of every particle (with its radius) and every collider.
 * Returns false for an empty world. */
bool lm_world_bounds(const lm_world *world, lm_vec3 *min, lm_vec3 *max);
/* lm_world_bounds grown to where anchored bodies can reach: a particle joined
 * by sticks, ropes (at their longest) or springs (1.5 x their length) to an
 * immovable or pinned particle stays within its shortest path of links from
 * it (with up to 8 anchors, the boxes around each are intersected; with more,
 * the nearest anchor's). Along gravity the top is capped at the highest point
 * a particle can climb with its kinetic energy. For framing a picture before
 * the first step: a pendulum released sideways is framed with its whole
 * swing. Returns false for an empty world. */
bool lm_world_reach_bounds(const lm_world *world, lm_vec3 *min, lm_vec3 *max);

/* ------------------------------------------------------------ particles -- */

typedef struct lm_particle_def {
    lm_vec3 position; /* m */
    lm_vec3 velocity; /* m/s */
    double mass;      /* kg, >= 0; 0 = immovable (inverse mass 0, Jakobsen); default 1 */
    double radius;    /* m, >= 0, for collisions and drawing; 0 = a point; default 0 */
    uint32_t group;   /* collision group: group % 32 (see lm_particle_set_collision_mask) */
} lm_particle_def;

lm_particle_def lm_particle_default_def(void);
/* Null handle when out of memory. */
lm_particle lm_particle_create(lm_world *world, const lm_particle_def *def);
/* Also removes every constraint and force generator that uses the particle. */
void lm_particle_destroy(lm_world *world, lm_particle particle);
bool lm_particle_is_valid(const lm_world *world, lm_particle particle);

lm_vec3 lm_particle_position(const lm_world *world, lm_particle particle);
/* Moves the particle and keeps its velocity (the previous position moves too). */
void lm_particle_set_position(lm_world *world, lm_particle particle, lm_vec3 position);
lm_vec3 lm_particle_velocity(const lm_world *world, lm_particle particle);
void lm_particle_set_velocity(lm_world *world, lm_particle particle, lm_vec3 velocity);
/* Mass in kg; 0 means immovable. */
double lm_particle_mass(const lm_world *world, lm_particle particle);
void lm_particle_set_mass(lm_world *world, lm_particle particle, double mass);
double lm_particle_radius(const lm_world *world, lm_particle particle);
void lm_particle_set_radius(lm_world *world, lm_particle particle, double radius);
/* The force accumulated so far in the current force evaluation (N). */
lm_vec3 lm_particle_force(const lm_world *world, lm_particle particle);
/* Adds a force (N) to the accumulator. Meaningful inside a force callback. */
void lm_particle_add_force(lm_world *world, lm_particle particle, lm_vec3 force);

/* Slots are stable indices 0..lm_world_particle_slots()-1; a free slot gives
 * the null handle. Iterating slots visits particles in creation order unless
 * slots were reused after removals. */
uint32_t lm_world_particle_slots(const lm_world *world);
lm_particle lm_world_particle_in_slot(const lm_world *world, uint32_t slot);
/* The first particle (in slot order) whose position or velocity is NaN or
 * infinite: a simulation that blew up (time step too long for its springs, an
 * unstable integrator). The null handle when every particle is finite. */
lm_particle lm_world_find_nonfinite(const lm_world *world);

/* ---------------------------------------------------------- constraints -- */

typedef enum lm_constraint_kind {
    LM_CONSTRAINT_STICK,  /* distance, mass-weighted (Jakobsen 3, 4) */
    LM_CONSTRAINT_PIN,    /* particle held at a point, re-applied last in every sweep */
    LM_CONSTRAINT_ROPE,   /* distance kept within [min, max]: slack rope, chain link (unilateral) */
    LM_CONSTRAINT_ANGLE,  /* angle a-b-c at b kept within [min, max] (joint limits, Jakobsen 6) */
    LM_CONSTRAINT_AREA,   /* signed area of a polygon in the xy-plane (pressure ball, 2D) */
    LM_CONSTRAINT_VOLUME, /* volume enclosed by a closed triangle mesh (pressure ball, 3D) */
    LM_CONSTRAINT_FACE,   /* a triangle that colliders push out at its deepest point (Jakobsen 5) */
    LM_CONSTRAINT_KIND_COUNT
} lm_constraint_kind;

typedef struct lm_stick_def {
    lm_particle a, b;
    double rest_length; /* m, >= 0; negative = the current distance; default -1 */
    double stiffness;   /* (0, 1], fraction of the error removed per projection; default 1 */
    /* m/N, >= 0: when > 0 the stick is an XPBD constraint (Macklin, Mueller,
     * Chentanez 2016) of this compliance (inverse stiffness) instead of using
     * stiffness: its stretch does not depend on iterations or the time step. */
    double compliance;
    bool sqrt_approx;    /* Jakobsen's square-root approximation for this stick; default false */
    double break_strain; /* > 0: breaks when |length - rest| / rest exceeds it; 0 = never */
} lm_stick_def;

lm_stick_def lm_stick_default_def(void);
/* Null handle when out of memory. */
lm_constraint lm_stick_create(lm_world *world, const lm_stick_def *def);

typedef struct lm_rope_def {
    lm_particle a, b;
    double min_length; /* m, >= 0; default 0 (a rope: only a maximum) */
    double max_length; /* m, >= min_length; negative = the current distance; default -1 */
    double stiffness;  /* (0, 1]; default 1 */
    double compliance; /* m/N, >= 0; > 0 = XPBD instead of stiffness; default 0 */
} lm_rope_def;
lm_rope_def lm_rope_default_def(void);
lm_constraint lm_rope_create(lm_world *world, const lm_rope_def *def);

typedef struct lm_angle_def {
    lm_particle a, b, c; /* the angle is at b, between b->a and b->c */
    /* radians. Unsigned (default): the 3D angle in [0, pi], min <= max.
     * Signed: measured counter-clockwise from b->a to b->c about +z in the
     * xy-plane, in [-pi, pi] (a knee that bends one way); the allowed range
     * runs counter-clockwise from min to max, so min > max wraps through pi. */
    double min_angle, max_angle;
    double stiffness; /* (0, 1]; default 1 */
    bool signed_z;    /* default false */
} lm_angle_def;
lm_angle_def lm_angle_default_def(void);
lm_constraint lm_angle_create(lm_world *world, const lm_angle_def *def);

/* Area (2D) or volume (3D) kept at scale times its value at creation. */
typedef struct lm_shape_def {
    const lm_particle *particles; /* area: a polygon in order (counter-clockwise = positive) */
    uint32_t particle_count;      /* area: >= 3; volume: >= 4 */
    /* volume only: triangle_count triples of indices into particles, each
     * triangle counter-clockwise seen from outside, together a closed surface */
    const uint32_t *triangles;
    uint32_t triangle_count;
    double scale;     /* > 0: target = scale x the area or volume at creation (a pressure); 1 */
    double stiffness; /* (0, 1]; default 1 */
} lm_shape_def;
lm_shape_def lm_shape_default_def(void);
/* Null handle when out of memory. */
lm_constraint lm_area_create(lm_world *world, const lm_shape_def *def);
lm_constraint lm_volume_create(lm_world *world, const lm_shape_def *def);
lm_constraint lm_pin_create(lm_world *world, lm_particle particle, lm_vec3 target);
/* A collision face: the triangle a, b, c (three different particles) that
 * colliders (spheres, capsules, oriented boxes) push out through its deepest
 * point p = c1 xa + c2 xb + c3 xc, each particle moved by c_i w_i lambda D
 * with lambda = 1 / sum c_i^2 w_i (Jakobsen 5 for triangles), with friction
 * at p. It constrains nothing else and is not drawn; every face collides
 * once created (no world flag). Null handle when out of memory. */
lm_constraint lm_face_create(lm_world *world, lm_particle a, lm_particle b, lm_particle c);
/* Moves a pin's target (a script dragging a cloth corner). */
void lm_pin_set_target(lm_world *world, lm_constraint pin, lm_vec3 target);
lm_vec3 lm_pin_target(const lm_world *world, lm_constraint pin);

void lm_constraint_destroy(lm_world *world, lm_constraint constraint);
bool lm_constraint_is_valid(const lm_world *world, lm_constraint constraint);
lm_constraint_kind lm_constraint_get_kind(const lm_world *world, lm_constraint constraint);
/* "stick", "pin", "rope", "angle", "area", "volume", "face" */
const char *lm_constraint_kind_name(lm_constraint_kind kind);
/* The particles it acts on; returns how many (at most 4) were written. For
 * area and volume it writes the first 4: see lm_constraint_all_particles. */
int lm_constraint_particles(const lm_world *world, lm_constraint constraint, lm_particle out[4]);
/* Every particle it acts on: writes at most max, returns how many there are. */
uint32_t lm_constraint_all_particles(const lm_world *world, lm_constraint constraint,
                                     lm_particle *out, uint32_t max);
/* True once a breakable stick broke. A broken stick stays (so a script can
 * find it) but no longer acts and is not drawn; remove it when done. */
bool lm_constraint_is_broken(const lm_world *world, lm_constraint constraint);
/* The measured quantity now: length (m) for stick and rope, distance to the
 * target (m) for a pin, angle (radians, signed if the angle is) for angle,
 * signed area (m^2) and volume (m^3), area (m^2) of a face. */
double lm_constraint_value(const lm_world *world, lm_constraint constraint);
/* Rope: min and max length (m). Angle: min and max angle (radians). */
void lm_constraint_limits(const lm_world *world, lm_constraint constraint, double *min,
                          double *max);
/* Rest length of a stick (m). */
double lm_stick_rest_length(const lm_world *world, lm_constraint stick);
/* How far the constraint is from satisfied now: |length - rest| for a stick,
 * distance to the target for a pin, distance outside [min, max] for a rope
 * (m); radians outside [min, max] for an angle; |value - target| / target
 * for area and volume (relative). 0 for a broken stick. */
double lm_constraint_error(const lm_world *world, lm_constraint constraint);
/* A stick's or rope's tension (N) in the last sub-step of the last step,
 * from its Lagrange multiplier: positive when it pulls its ends together,
 * negative when it pushes them apart, 0 for a slack rope. Known for the
 * sticks and ropes solved exactly (lm_world_stats.exact: SHAKE's multiplier
 * lambda gives lambda |r0| / h^2, plus RATTLE's mu |d| / h) and for XPBD
 * distances (-lambda / h^2); false for the others (relaxed by Jakobsen's
 * projection, which has no multiplier), for other kinds, and before the
 * first step. */
bool lm_constraint_force(const lm_world *world, lm_constraint constraint, double *tension);

/* --------------------------------------------------------------- forces -- */

typedef enum lm_force_kind {
    LM_FORCE_GRAVITY,  /* uniform field: f = m g on every movable particle (Lee 1.3) */
    LM_FORCE_DRAG,     /* medium: f = -k v on every movable particle (Lee eq. 2) */
    LM_FORCE_SPRING,   /* damped spring between two particles (Lee 1.3) */
    LM_FORCE_CALLBACK, /* user code, e.g. a Lua function */
    LM_FORCE_FIELD,    /* a force field over a set of particles (lm_field_def, field.c) */
    LM_FORCE_KIND_COUNT
} lm_force_kind;

typedef struct lm_spring_def {
    lm_particle a, b;
    double stiffness;   /* N/m, >= 0; default 10 */
    double damping;     /* N s/m, >= 0, along the spring axis; default 0 */
    double rest_length; /* m; negative = the current distance; default -1 */
} lm_spring_def;

lm_spring_def lm_spring_default_def(void);

/* A user force generator. It is called once per force evaluation (several
 * times per step for midpoint, RK4 and velocity Verlet) with the world's
 * particles set to the stage being evaluated and time the stage's time. It
 * adds forces with lm_particle_add_force. Return 0 on success; anything else
 * abandons the step and lm_world_step returns LM_ERROR_CALLBACK. */
typedef int (*lm_force_fn)(lm_world *world, double time, void *context);
/* Called once when the generator is removed or its world destroyed. */
typedef void (*lm_release_fn)(void *context);

/* Generators run in creation order after the world's own gravity. Null
 * handle when out of memory. */
lm_force lm_force_create_gravity(lm_world *world, lm_vec3 gravity);
lm_force lm_force_create_drag(lm_world *world, double coefficient);
lm_force lm_force_create_spring(lm_world *world, const lm_spring_def *def);
lm_force lm_force_create_callback(lm_world *world, lm_force_fn fn, void *context,
                                  lm_release_fn release);
void lm_force_destroy(lm_world *world, lm_force force);
bool lm_force_is_valid(const lm_world *world, lm_force force);
lm_force_kind lm_force_get_kind(const lm_world *world, lm_force force);
const char *lm_force_kind_name(lm_force_kind kind); /* "gravity", "drag", "spring", "callback" */
/* For a spring: its two particles; returns how many were written (0 or 2). */
int lm_force_particles(const lm_world *world, lm_force force, lm_particle out[2]);

/* ---------------------------------------------------------------- fields --
 * A force field acts on every particle of a set (all, a list, or one group)
 * at every force evaluation: built-in kinds in C, or a function that gets the
 * particles' arrays and adds forces itself (a Lua field). Immovable particles
 * (inverse mass 0) are skipped. */

typedef enum lm_field_kind {
    LM_FIELD_UNIFORM,   /* f = m accel + force */
    LM_FIELD_WIND,      /* f = k (w(x, t) - v): drag towards the air's velocity w, which is
                           velocity plus turbulence * smooth noise (seeded, deterministic) */
    LM_FIELD_ATTRACTOR, /* f = strength m r^ / r^falloff towards point (strength < 0 repels);
                           inside radius the magnitude falls linearly to 0 at the point */
    LM_FIELD_VORTEX,    /* f = strength m 2 r R / (r^2 + R^2) around the axis through point
                           (right-handed), r the distance from the axis, R = radius */
    LM_FIELD_DRAG,      /* f = -(linear + quadratic |v|) v */
    LM_FIELD_FUNCTION,  /* user code (lm_field_fn) */
    LM_FIELD_KIND_COUNT
} lm_field_kind;

/* What a field function sees: the world's particle arrays (indexed by slot,
 * where slot = particle.index1 - 1), and the slots it acts on. It adds to f. */
typedef struct lm_field_batch {
    const lm_vec3 *x, *v;
    const double *mass;
    lm_vec3 *f;
    const uint32_t *slots; /* count slots, ascending, alive and movable */
    uint32_t count;
    double time;
} lm_field_batch;

/* Return 0 on success; anything else abandons the step (LM_ERROR_CALLBACK). */
typedef int (*lm_field_fn)(const lm_field_batch *batch, void *context);
/* A function field's potential energy, for lm_world_energy: adds to *energy
 * the potential (J) of each particle of the batch (f is NULL; x is where the
 * particle is measured). Return 0 on success. */
typedef int (*lm_field_potential_fn)(const lm_field_batch *batch, void *context, double *energy);

typedef struct lm_field_def {
    lm_field_kind kind;
    lm_vec3 accel, force; /* uniform (m/s^2, N) */
    lm_vec3 velocity;     /* wind: the mean air velocity (m/s) */
    double k;             /* wind: N s/m, >= 0; default 1 */
    double turbulence;    /* wind: m/s, >= 0; default 0 */
    double scale;         /* wind: size of the gusts (m), > 0; default 1 */
    double period;        /* wind: how fast they change (s), > 0; default 1 */
    uint64_t seed;        /* wind: the noise's seed */
    lm_vec3 point;        /* attractor, vortex */
    lm_vec3 axis;         /* vortex: default (0, 0, 1); normalised */
    double strength;      /* attractor, vortex: m/s^2 at 1 m (attractor) or at radius (vortex) */
    /* attractor: exponent >= 0; default 2. Its potential energy is
     * -strength m / ((falloff - 1) r^(falloff - 1)) for falloff > 1 (zero
     * far away), strength m ln(r / radius) for 1, strength m (r^(1 -
     * falloff) - radius^(1 - falloff)) / (1 - falloff) below 1 (zero at the
     * radius); inside the radius it falls on as strength m r^2 / (2
     * radius^(falloff + 1)), continuous at the radius. */
    double falloff;
    double radius;            /* attractor, vortex: m, > 0; default 0.1 (attractor), 1 (vortex) */
    double linear, quadratic; /* drag: N s/m and N s^2/m^2, >= 0 */
    /* Which particles: all (particle_count 0 and group < 0), the listed ones
     * (removed ones are skipped), or those whose group equals group. */
    const lm_particle *particles;
    uint32_t particle_count;
    int64_t group;
    lm_field_fn fn;                  /* LM_FIELD_FUNCTION */
    lm_field_potential_fn potential; /* LM_FIELD_FUNCTION, optional: its potential energy */
    void *context;
    lm_release_fn release; /* called once when the field is removed */
} lm_field_def;

lm_field_def lm_field_default_def(lm_field_kind kind);
/* Null handle when out of memory (release is then not called). */
lm_force lm_force_create_field(lm_world *world, const lm_field_def *def);
const char *lm_field_kind_name(lm_field_kind kind); /* "uniform", "wind", ... */
/* The field kind of a LM_FORCE_FIELD generator. */
lm_field_kind lm_force_field_kind(const lm_world *world, lm_force force);
/* Smooth gradient noise in [-1, 1] (0 at integer points), deterministic for a seed. */
double lm_noise3(uint64_t seed, double x, double y, double z);

/* ------------------------------------------------------------ colliders -- */

typedef enum lm_collider_kind {
    LM_COLLIDER_WORLD_BOX, /* Jakobsen's cube: particles are kept inside [min, max] */
    LM_COLLIDER_PLANE,     /* half-space: the solid side is below the plane through position
                              whose normal is the local +y axis (rotation applied to (0,1,0)) */
    LM_COLLIDER_SPHERE,    /* centre position, radius */
    LM_COLLIDER_BOX,       /* oriented box: centre position, half_extents along its local axes */
    LM_COLLIDER_CAPSULE,   /* segment of half_length along the local x axis, swept by radius */
    LM_COLLIDER_KIND_COUNT
} lm_collider_kind;

/* A rotation as a unit quaternion (w, x, y, z). */
typedef struct lm_quat {
    double w, x, y, z;
} lm_quat;

/* The rotation by angle (radians) about axis (need not be unit length; a zero axis gives the
 * identity). */
lm_quat lm_quat_from_axis_angle(lm_vec3 axis, double angle);
/* The shortest rotation that takes direction from onto direction to. */
lm_quat lm_quat_from_to(lm_vec3 from, lm_vec3 to);
lm_vec3 lm_quat_rotate(lm_quat q, lm_vec3 v);

/* Friction and restitution of a contact combine the collider's and the
 * particle's values: friction = sqrt(collider * particle) (either slippery
 * surface makes the contact slippery), restitution = max(collider, particle)
 * (a rubber ball bounces on any floor). A particle that sets neither uses the
 * collider's values as they are. */
typedef struct lm_collider_def {
    lm_collider_kind kind;
    lm_vec3 min, max;   /* m, corners of a world box; min < max on every axis */
    double restitution; /* [0, 1]: fraction of the normal speed kept after a hit; default 0 */
    /* >= 0. World box: the fraction of tangential speed removed per contact, in [0, 1].
     * Other shapes: Coulomb's kinetic coefficient mu_k. Default 0. */
    double friction;
    /* Shapes other than the world box: */
    double static_friction; /* >= 0, Coulomb's mu_s; negative = the same as friction; default -1 */
    lm_vec3 position;       /* m: centre (sphere, box, capsule) or a point of the plane */
    lm_quat rotation;       /* orientation of the local axes; default identity */
    double radius;          /* m, > 0: sphere, capsule */
    double half_length;     /* m, >= 0: capsule, half the distance between its end centres */
    lm_vec3 half_extents;   /* m, > 0 on every axis: box */
    bool container;         /* keep particles inside instead of outside; default false */
    uint32_t group;         /* collision group: group % 32; default 0 */
    uint32_t mask;          /* bit g set: touches particles of group g (mod 32); default all */
} lm_collider_def;

lm_collider_def lm_collider_default_def(void);
lm_collider lm_collider_create(lm_world *world, const lm_collider_def *def);
void lm_collider_destroy(lm_world *world, lm_collider collider);
bool lm_collider_is_valid(const lm_world *world, lm_collider collider);
lm_collider_def lm_collider_get_def(const lm_world *world, lm_collider collider);
const char *lm_collider_kind_name(lm_collider_kind kind); /* "world_box", "plane", ... */

/* Kinematic colliders: a script moves or turns a collider between steps. The
 * next step moves it from where it was to the new pose, so it pushes
 * particles, and its velocity (displacement over the step's time) drags
 * touching particles through friction. Not for the world box. */
void lm_collider_set_position(lm_world *world, lm_collider collider, lm_vec3 position);
void lm_collider_set_rotation(lm_world *world, lm_collider collider, lm_quat rotation);
/* Material and filtering, any kind: restitution, friction, static_friction,
 * group and mask are copied from def; the shape is left alone. */
void lm_collider_set_material(lm_world *world, lm_collider collider, const lm_collider_def *def);
/* Signed distance from point to the collider's surface (m): positive on the
 * free side, negative inside the solid. The world box is solid outside. */
double lm_collider_distance(const lm_world *world, lm_collider collider, lm_vec3 point);
/* How deep the triangle a, b, c reaches into the collider's solid (m, >= 0;
 * 0 when no point of it is inside): minus the smallest signed distance over
 * the whole triangle, interior and edges included. */
double lm_collider_triangle_depth(const lm_world *world, lm_collider collider, lm_vec3 a, lm_vec3 b,
                                  lm_vec3 c);

/* Per-particle contact material. friction >= 0 and restitution in [0, 1]; a
 * negative value means "not set" (the collider's value is used alone). */
void lm_particle_set_contact_material(lm_world *world, lm_particle particle, double friction,
                                      double restitution);
void lm_particle_contact_material(const lm_world *world, lm_particle particle, double *friction,
                                  double *restitution);
/* Which groups the particle touches: bit g (g = 0..31) for colliders and
 * particles whose group is g (mod 32). A particle and a collider (or two
 * particles) touch only when each one's mask has the other's group bit.
 * Default: all bits. The particle's own group is lm_particle_def.group. */
void lm_particle_set_collision_mask(lm_world *world, lm_particle particle, uint32_t mask);
uint32_t lm_particle_collision_mask(const lm_world *world, lm_particle particle);

/* Contact queries after a step. The collider a particle touched in the last
 * sub-step of the last step (the last one projected when it touched several)
 * and the surface normal there, pointing to where the particle was pushed.
 * Returns false when it touched none. */
bool lm_particle_contact(const lm_world *world, lm_particle particle, lm_collider *collider,
                         lm_vec3 *normal);
/* Particles touching the collider after the last step, in slot order: writes
 * at most max handles (and normals, when normals is not NULL) and returns how
 * many touch in all. */
size_t lm_collider_contacts(const lm_world *world, lm_collider collider, lm_particle *out,
                            lm_vec3 *normals, size_t max);

/* -------------------------------------------------------------- drawing -- */

/* What a link between two points represents, so a renderer can style it. */
typedef enum lm_link_style {
    LM_LINK_STICK,
    LM_LINK_SPRING,
    LM_LINK_PIN, /* from a pin's target to its particle */
    LM_LINK_ROPE,
} lm_link_style;

/* The engine never draws and keeps nothing of how things look: it calls
 * these for everything visible, in a fixed order (colliders, links,
 * particles), so output is deterministic, with each object's handle so a
 * renderer can look up its own styles (colours, looks) by handle. Any
 * pointer may be NULL to skip that kind. */
typedef struct lm_draw_fns {
    void (*collider)(void *context, lm_collider collider, const lm_collider_def *def);
    /* A stick, pin or rope (constraint set, force null) or a spring (force
     * set, constraint null). */
    void (*link)(void *context, lm_vec3 a, lm_vec3 b, lm_link_style style, lm_constraint constraint,
                 lm_force force);
    /* flags: LM_DRAW_IMMOVABLE (mass 0) | LM_DRAW_PINNED */
    void (*particle)(void *context, lm_particle particle, lm_vec3 position, double radius,
                     unsigned flags);
    /* A collision face (lm_face_create) with its corners, reported among the
     * links in constraint order. */
    void (*face)(void *context, lm_constraint face, lm_vec3 a, lm_vec3 b, lm_vec3 c);
} lm_draw_fns;

enum { LM_DRAW_IMMOVABLE = 1u, LM_DRAW_PINNED = 2u };

void lm_world_draw(const lm_world *world, const lm_draw_fns *fns, void *context);

#endif
