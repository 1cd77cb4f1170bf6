/* constraint.h - what the constraint kinds share (constraint.c, one file
 * per kind: stick.c, distance.c, pin.c, angle.c, shape.c, face.c, and
 * constraint_kinds.c that gathers them). Only those files include it. */
#ifndef LOOM_CONSTRAINT_H
#define LOOM_CONSTRAINT_H

#include <math.h>

#include "world.h"

/* One table per kind, gathered by constraint_kinds.c into lm_constraint_classes. */
extern const lm_constraint_class lm_stick_class;
extern const lm_constraint_class lm_pin_class;
extern const lm_constraint_class lm_distance_class;
extern const lm_constraint_class lm_angle_class;
extern const lm_constraint_class lm_area_class;
extern const lm_constraint_class lm_volume_class;
extern const lm_constraint_class lm_face_class;

/* constraint.c: a new item of that kind, solved by solver, acting on
 * `particles` particles (room is reserved in the use lists); NULL in *item
 * when out of memory (nothing changed then). The kind's file fills the item
 * in, then links it. */
lm_constraint lm_constraint_add(lm_world *world, lm_constraint_item **item, lm_constraint_kind kind,
                                enum lm_solver solver, uint32_t particles);
/* Lists the new item with each of its particles (room was reserved by add);
 * kind is the item's own table (the kind's file passes its own). */
void lm_constraint_link(lm_world *world, const lm_constraint_class *kind,
                        const lm_constraint_item *item, lm_constraint handle);
/* The item of a handle, asserting it is valid. */
lm_constraint_item *lm_constraint_get(const lm_world *world, lm_constraint constraint);
/* |x_b - x_a| of two particle slots. */
double lm_particle_distance(const lm_world *world, uint32_t a, uint32_t b);

/* The stick projection, written once: with delta = x_b - x_a and k the
 * fraction of delta to remove, a moves by +w_a k delta and b by -w_b k delta,
 * each in proportion to its inverse mass w (Jakobsen's mass-weighted
 * projection; an immovable or pinned end, w = 0, stays put). Plain sticks,
 * their square-root approximation, ropes and XPBD distances all end here. */
static inline void lm_stick_correct(lm_vec3 *x, const double *w, uint32_t a, uint32_t b,
                                    lm_vec3 delta, double k) {
    x[a] = lm_mad(x[a], delta, w[a] * k);
    x[b] = lm_mad(x[b], delta, -w[b] * k);
}

/* Jakobsen's square-root approximation: sqrt(d.d) replaced by its first-order
 * Taylor expansion around the rest length r (one Newton step from r), so
 * (length - r) / length becomes (d.d - r^2) / (d.d + r^2). Exact at the rest
 * length; the error grows with the distance from it. */
static inline double lm_sqrt_approx_factor(double d2, double rest) {
    double r2 = rest * rest;
    return (d2 - r2) / (d2 + r2);
}

/* |x_b - x_a| of a two-particle item. */
static inline double lm_item_length(const lm_world *world, const lm_constraint_item *c) {
    lm_vec3 delta = lm_sub(world->particles.x[c->particle[1]], world->particles.x[c->particle[0]]);
    return sqrt(lm_dot(delta, delta));
}

static inline lm_vec3 lm_cross(lm_vec3 a, lm_vec3 b) {
    return lm_v3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x);
}

/* The particle slots of an area or volume (then 3 x triangles local indices). */
static inline const uint32_t *lm_shape_slots(const lm_world *world, const lm_constraint_item *c) {
    return world->shape_index + c->u.shape.first;
}

#endif
