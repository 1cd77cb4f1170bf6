/*
 * geometry.h - the colliders' private geometry (geometry.c) and the helpers
 * the collider files share. Only engine .c files include it.
 */
#ifndef LOOM_GEOMETRY_H
#define LOOM_GEOMETRY_H

#include <math.h>

#include "world.h"

static inline lm_vec3 lm_cross(lm_vec3 a, lm_vec3 b) {
    return lm_v3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x);
}

static inline double lm_length(lm_vec3 v) {
    return sqrt(lm_dot(v, v));
}

/* v rotated by the inverse of q. */
lm_vec3 lm_quat_rotate_back(lm_quat q, lm_vec3 v);
/* q / |q|; the identity for a zero quaternion. */
lm_quat lm_quat_normalized(lm_quat q);

/* Distance from x to the solid's surface, positive outside the solid, and
 * the outward normal (the direction in which the distance grows). */
double lm_solid_distance(const lm_collider_def *d, lm_vec3 x, lm_vec3 *normal);
/* Distance on the free side: for a container the solid is outside. */
double lm_free_distance(const lm_collider_def *d, lm_vec3 x, lm_vec3 *normal);

/* Whether segment a..b enters an oriented box (d is a box). */
bool lm_segment_enters_box(const lm_collider_def *d, lm_vec3 a, lm_vec3 b);
/* The point of segment a..b deepest in the solid: its parameter t, its
 * signed distance, and the move that brings the segment out there (the
 * normal times minus the distance, except across a box's edge). */
double lm_deepest_on_segment(const lm_collider_def *d, lm_vec3 a, lm_vec3 b, double *t_out,
                             lm_vec3 *push);

/* The point of triangle x[0..2] closest to q, as barycentric weights w. */
void lm_closest_on_triangle(lm_vec3 q, const lm_vec3 x[3], double w[3]);
/* sum w_i x_i */
lm_vec3 lm_barycentric(const lm_vec3 x[3], const double w[3]);
/* The point of the triangle deepest in a sphere, capsule or box: its
 * barycentric weights, its signed distance (negative inside), and the
 * displacement that puts it on the surface. side: the push direction where
 * the surface normal is undefined. */
double lm_deepest_on_triangle(const lm_collider_def *d, const lm_vec3 x[3], lm_vec3 side,
                              double w[3], lm_vec3 *push);

/* collider_respond.c: velocity of a collider's surface at x over the
 * sub-step (its pose moving from start_position, start_rotation to pose). */
lm_vec3 lm_collider_surface_velocity(const lm_collider_item *c, const lm_step *step, lm_vec3 x);

#endif
