/* collider.c - collision by projection (Jakobsen 2): a particle found where it
 * may not be is moved to the nearest allowed point, inside the relaxation
 * loop, so contacts and constraints are solved together.
 *
 * Every shape but the world box is described by its signed distance: how far
 * a point is from the surface, positive on the free side, and the direction
 * in which that distance grows (the contact normal). Projecting a particle of
 * radius r is then one line: move it along the normal until the distance is r.
 * The same function finds the deepest point of a stick (Jakobsen 5), answers
 * lm_collider_distance, and gives the tests their measure of penetration. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* ------------------------------------------------------------ rotations -- */

static lm_vec3 cross3(lm_vec3 a, lm_vec3 b) {
    return lm_v3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x);
}

static double length3(lm_vec3 v) {
    return sqrt(lm_dot(v, v));
}

lm_quat lm_quat_from_axis_angle(lm_vec3 axis, double angle) {
    double len = length3(axis);
    lm_quat q = {1, 0, 0, 0};
    if (!(len > 0)) {
        return q;
    }
    double s = sin(0.5 * angle) / len;
    q.w = cos(0.5 * angle);
    q.x = axis.x * s;
    q.y = axis.y * s;
    q.z = axis.z * s;
    return q;
}

lm_quat lm_quat_from_to(lm_vec3 from, lm_vec3 to) {
    double lf = length3(from), lt = length3(to);
    lm_quat q = {1, 0, 0, 0};
    if (!(lf > 0) || !(lt > 0)) {
        return q;
    }
    lm_vec3 a = lm_scale(from, 1.0 / lf), b = lm_scale(to, 1.0 / lt);
    double c = lm_dot(a, b);
    if (c < -1.0 + 1e-12) {
        /* Opposite: half a turn about any axis perpendicular to a. */
        lm_vec3 axis = cross3(a, lm_v3(1, 0, 0));
        if (lm_dot(axis, axis) < 1e-12) {
            axis = cross3(a, lm_v3(0, 0, 1));
        }
        return lm_quat_from_axis_angle(axis, 3.14159265358979323846);
    }
    lm_vec3 axis = cross3(a, b);
    q.w = 1.0 + c;
    q.x = axis.x;
    q.y = axis.y;
    q.z = axis.z;
    double n = sqrt(q.w * q.w + q.x * q.x + q.y * q.y + q.z * q.z);
    q.w /= n;
    q.x /= n;
    q.y /= n;
    q.z /= n;
    return q;
}

lm_vec3 lm_quat_rotate(lm_quat q, lm_vec3 v) {
    /* v + 2 w (u x v) + 2 u x (u x v), u the vector part */
    lm_vec3 u = lm_v3(q.x, q.y, q.z);
    lm_vec3 t = lm_scale(cross3(u, v), 2.0);
    return lm_add(lm_mad(v, t, q.w), cross3(u, t));
}

static lm_vec3 rotate_back(lm_quat q, lm_vec3 v) {
    lm_quat inverse = {q.w, -q.x, -q.y, -q.z};
    return lm_quat_rotate(inverse, v);
}

static lm_quat normalized(lm_quat q) {
    double n = sqrt(q.w * q.w + q.x * q.x + q.y * q.y + q.z * q.z);
    if (!(n > 0)) {
        lm_quat identity = {1, 0, 0, 0};
        return identity;
    }
    lm_quat r = {q.w / n, q.x / n, q.y / n, q.z / n};
    return r;
}

/* ------------------------------------------------------ signed distance -- */

/* Distance from x to the solid's surface, positive outside the solid, and
 * the outward normal (the direction in which the distance grows). */
static double solid_distance(const lm_collider_def *d, lm_vec3 x, lm_vec3 *normal) {
    switch (d->kind) {
    case LM_COLLIDER_PLANE: {
        lm_vec3 n = lm_quat_rotate(d->rotation, lm_v3(0, 1, 0));
        *normal = n;
        return lm_dot(lm_sub(x, d->position), n);
    }
    case LM_COLLIDER_SPHERE: {
        lm_vec3 v = lm_sub(x, d->position);
        double len = length3(v);
        *normal = len > 1e-12 ? lm_scale(v, 1.0 / len) : lm_v3(0, 1, 0);
        return len - d->radius;
    }
    case LM_COLLIDER_CAPSULE: {
        lm_vec3 axis = lm_quat_rotate(d->rotation, lm_v3(1, 0, 0));
        double t =
            fmax(-d->half_length, fmin(d->half_length, lm_dot(lm_sub(x, d->position), axis)));
        lm_vec3 v = lm_sub(x, lm_mad(d->position, axis, t));
        double len = length3(v);
        *normal =
            len > 1e-12 ? lm_scale(v, 1.0 / len) : lm_quat_rotate(d->rotation, lm_v3(0, 1, 0));
        return len - d->radius;
    }
    case LM_COLLIDER_BOX: {
        lm_vec3 local = rotate_back(d->rotation, lm_sub(x, d->position));
        double l[3] = {local.x, local.y, local.z};
        double h[3] = {d->half_extents.x, d->half_extents.y, d->half_extents.z};
        double outside[3], q_max = -INFINITY;
        int axis_max = 0;
        bool out = false;
        for (int k = 0; k < 3; k++) {
            double q = fabs(l[k]) - h[k];
            outside[k] = q > 0 ? (l[k] > 0 ? q : -q) : 0.0;
            out = out || q > 0;
            if (q > q_max) {
                q_max = q;
                axis_max = k;
            }
        }
        if (out) {
            lm_vec3 v = lm_v3(outside[0], outside[1], outside[2]);
            double len = length3(v);
            *normal = lm_quat_rotate(d->rotation, lm_scale(v, 1.0 / len));
            return len;
        }
        double n[3] = {0, 0, 0};
        n[axis_max] = l[axis_max] < 0 ? -1.0 : 1.0;
        *normal = lm_quat_rotate(d->rotation, lm_v3(n[0], n[1], n[2]));
        return q_max;
    }
    case LM_COLLIDER_WORLD_BOX: {
        /* Solid outside: distance to the nearest face, from the inside. */
        double best = INFINITY;
        double faces[6] = {x.x - d->min.x, d->max.x - x.x, x.y - d->min.y,
                           d->max.y - x.y, x.z - d->min.z, d->max.z - x.z};
        int face = 0;
        for (int k = 0; k < 6; k++) {
            if (faces[k] < best) {
                best = faces[k];
                face = k;
            }
        }
        double n[3] = {0, 0, 0};
        n[face / 2] = face % 2 ? -1.0 : 1.0;
        *normal = lm_v3(n[0], n[1], n[2]);
        return best;
    }
    case LM_COLLIDER_KIND_COUNT:
        break;
    }
    *normal = lm_v3(0, 1, 0);
    return INFINITY;
}

/* Distance on the free side: for a container the solid is outside. */
static double free_distance(const lm_collider_def *d, lm_vec3 x, lm_vec3 *normal) {
    double distance = solid_distance(d, x, normal);
    if (d->container && d->kind != LM_COLLIDER_WORLD_BOX) {
        *normal = lm_scale(*normal, -1.0);
        return -distance;
    }
    return distance;
}

static bool touches(const lm_particles *p, const lm_collider_def *d, uint32_t i) {
    return ((d->mask >> (p->group[i] & 31u)) & 1u) &&
           ((p->collision_mask[i] >> (d->group & 31u)) & 1u);
}

/* --------------------------------------------------------------- shapes -- */

/* Contact bits: which faces of a box a particle was pushed off. */
enum { CONTACT_MIN_X = 1, CONTACT_MIN_Y = 4, CONTACT_MIN_Z = 16 }; /* max = min << 1 */

static double clamp_axis(double v, double lo, double hi, uint8_t *contact, uint8_t low_bit) {
    if (v < lo) {
        *contact |= low_bit;
        return lo;
    }
    if (v > hi) {
        *contact |= (uint8_t)(low_bit << 1);
        return hi;
    }
    return v;
}

/* Jakobsen's cube: every coordinate clamped into [min + r, max - r]. */
static void project_world_box(lm_world *world, const lm_collider_item *item, uint32_t dense) {
    lm_particles *p = &world->particles;
    lm_vec3 lo = item->def.min, hi = item->def.max;
    for (uint32_t i = 0; i < p->count; i++) {
        /* Pinned particles stay: their pin has the last word anyway. */
        if (p->solve_w[i] == 0 || !touches(p, &item->def, i)) {
            continue;
        }
        double r = p->radius[i];
        uint8_t contact = 0;
        lm_vec3 x = p->x[i];
        /* A particle wider than the box sits in its middle on that axis. */
        double lx = fmin(lo.x + r, 0.5 * (lo.x + hi.x)), hx = fmax(hi.x - r, lx);
        double ly = fmin(lo.y + r, 0.5 * (lo.y + hi.y)), hy = fmax(hi.y - r, ly);
        double lz = fmin(lo.z + r, 0.5 * (lo.z + hi.z)), hz = fmax(hi.z - r, lz);
        x.x = clamp_axis(x.x, lx, hx, &contact, CONTACT_MIN_X);
        x.y = clamp_axis(x.y, ly, hy, &contact, CONTACT_MIN_Y);
        x.z = clamp_axis(x.z, lz, hz, &contact, CONTACT_MIN_Z);
        if (contact) {
            p->x[i] = x;
            p->contact[i] |= contact;
            p->contact_collider[i] = dense;
        }
    }
}

static void world_box_bounds(const lm_collider_item *item, lm_vec3 *min, lm_vec3 *max) {
    *min = item->def.min;
    *max = item->def.max;
}

static void mark(lm_world *world, uint32_t i, uint32_t dense, lm_vec3 normal) {
    world->particles.contact[i] |= LM_CONTACT_SHAPE;
    world->particles.contact_collider[i] = dense;
    world->particles.contact_normal[i] = normal;
}

/* A box container clamps each local coordinate, like Jakobsen's cube turned. */
static bool project_into_box(const lm_collider_def *d, lm_vec3 *x, double r, lm_vec3 *normal) {
    lm_vec3 local = rotate_back(d->rotation, lm_sub(*x, d->position));
    double l[3] = {local.x, local.y, local.z};
    double h[3] = {d->half_extents.x, d->half_extents.y, d->half_extents.z};
    double n[3] = {0, 0, 0};
    bool moved = false;
    for (int k = 0; k < 3; k++) {
        double limit = fmax(h[k] - r, 0.0);
        if (l[k] > limit) {
            l[k] = limit;
            n[k] = -1;
            moved = true;
        } else if (l[k] < -limit) {
            l[k] = -limit;
            n[k] = 1;
            moved = true;
        }
    }
    if (moved) {
        lm_vec3 nl = lm_v3(n[0], n[1], n[2]);
        *normal = lm_quat_rotate(d->rotation, lm_scale(nl, 1.0 / length3(nl)));
        *x = lm_add(d->position, lm_quat_rotate(d->rotation, lm_v3(l[0], l[1], l[2])));
    }
    return moved;
}

/* Plane, sphere, box and capsule: move the particle along the normal until
 * its surface touches the collider's. Immovable and pinned particles stay. */
static void project_shape(lm_world *world, const lm_collider_item *item, uint32_t dense) {
    lm_particles *p = &world->particles;
    const lm_collider_def *d = &item->def;
    bool box_container = d->container && d->kind == LM_COLLIDER_BOX;
    for (uint32_t i = 0; i < p->count; i++) {
        if (p->solve_w[i] == 0 || !touches(p, d, i)) {
            continue;
        }
        double r = p->radius[i];
        lm_vec3 normal;
        if (box_container) {
            if (project_into_box(d, &p->x[i], r, &normal)) {
                mark(world, i, dense, normal);
            }
            continue;
        }
        double distance = free_distance(d, p->x[i], &normal);
        if (distance < r) {
            p->x[i] = lm_mad(p->x[i], normal, r - distance);
            mark(world, i, dense, normal);
        }
    }
}

static void shape_bounds(const lm_collider_item *item, lm_vec3 *min, lm_vec3 *max) {
    const lm_collider_def *d = &item->def;
    lm_vec3 reach = lm_v3(0, 0, 0);
    switch (d->kind) {
    case LM_COLLIDER_SPHERE:
        reach = lm_v3(d->radius, d->radius, d->radius);
        break;
    case LM_COLLIDER_CAPSULE: {
        lm_vec3 axis = lm_quat_rotate(d->rotation, lm_v3(d->half_length, 0, 0));
        reach = lm_v3(fabs(axis.x) + d->radius, fabs(axis.y) + d->radius, fabs(axis.z) + d->radius);
        break;
    }
    case LM_COLLIDER_BOX:
        for (int k = 0; k < 3; k++) {
            lm_vec3 e = lm_v3(k == 0 ? d->half_extents.x : 0, k == 1 ? d->half_extents.y : 0,
                              k == 2 ? d->half_extents.z : 0);
            lm_vec3 r = lm_quat_rotate(d->rotation, e);
            reach = lm_v3(reach.x + fabs(r.x), reach.y + fabs(r.y), reach.z + fabs(r.z));
        }
        break;
    default:
        break; /* a plane is unbounded: its point stands for it */
    }
    *min = lm_sub(d->position, reach);
    *max = lm_add(d->position, reach);
}

const lm_collider_class lm_collider_classes[LM_COLLIDER_KIND_COUNT] = {
    [LM_COLLIDER_WORLD_BOX] = {"world_box", project_world_box, world_box_bounds},
    [LM_COLLIDER_PLANE] = {"plane", project_shape, shape_bounds},
    [LM_COLLIDER_SPHERE] = {"sphere", project_shape, shape_bounds},
    [LM_COLLIDER_BOX] = {"box", project_shape, shape_bounds},
    [LM_COLLIDER_CAPSULE] = {"capsule", project_shape, shape_bounds},
};

const char *lm_collider_kind_name(lm_collider_kind kind) {
    assert(kind < LM_COLLIDER_KIND_COUNT);
    return lm_collider_classes[kind].name;
}

/* A kinematic collider moves from its old pose to the new one during the
 * step: sub-step k of n sees it (k + 1) / n of the way, so a collider moved
 * far in one frame sweeps through the sub-steps instead of jumping at the
 * first. The last sub-step sees exactly the pose the script set. */
static const lm_collider_item *pose_now(const lm_world *world, const lm_collider_item *c,
                                        lm_collider_item *scratch) {
    int n = world->def.substeps;
    if (n == 1 || c->def.kind == LM_COLLIDER_WORLD_BOX ||
        (memcmp(&c->position_prev, &c->def.position, sizeof(lm_vec3)) == 0 &&
         memcmp(&c->rotation_prev, &c->def.rotation, sizeof(lm_quat)) == 0)) {
        return c;
    }
    double h = world->def.time_step / n;
    long k = lround((world->time - world->collision.step_start) / h);
    if (k + 1 >= n || k < 0) {
        return c;
    }
    double t = (double)(k + 1) / n;
    *scratch = *c;
    scratch->def.position =
        lm_add(c->position_prev, lm_scale(lm_sub(c->def.position, c->position_prev), t));
    lm_quat a = c->rotation_prev, b = c->def.rotation;
    double sign = a.w * b.w + a.x * b.x + a.y * b.y + a.z * b.z < 0 ? -1.0 : 1.0;
    lm_quat q = {a.w + t * (sign * b.w - a.w), a.x + t * (sign * b.x - a.x),
                 a.y + t * (sign * b.y - a.y), a.z + t * (sign * b.z - a.z)};
    scratch->def.rotation = normalized(q);
    return scratch;
}

void lm_colliders_project(lm_world *world) {
    for (uint32_t i = 0; i < world->colliders.count; i++) {
        lm_collider_item scratch;
        const lm_collider_item *c = pose_now(world, lm_store_at(&world->colliders, i), &scratch);
        lm_collider_classes[c->def.kind].project(world, c, i);
    }
}

/* ---------------------------------------------------------------- edges -- */

/* Whether segment a..b enters an oriented box: clip it against the three
 * slabs (Liang-Barsky). Exact and cheap, so most sticks near a box never
 * reach the search below. */
static bool segment_enters_box(const lm_collider_def *d, lm_vec3 a, lm_vec3 b) {
    lm_vec3 la = rotate_back(d->rotation, lm_sub(a, d->position));
    lm_vec3 lb = rotate_back(d->rotation, lm_sub(b, d->position));
    double from[3] = {la.x, la.y, la.z}, to[3] = {lb.x, lb.y, lb.z};
    double h[3] = {d->half_extents.x, d->half_extents.y, d->half_extents.z};
    double t0 = 0.0, t1 = 1.0;
    for (int k = 0; k < 3; k++) {
        double delta = to[k] - from[k];
        if (delta == 0.0) {
            if (from[k] < -h[k] || from[k] > h[k]) {
                return false;
            }
            continue;
        }
        double ta = (-h[k] - from[k]) / delta, tb = (h[k] - from[k]) / delta;
        t0 = fmax(t0, fmin(ta, tb));
        t1 = fmin(t1, fmax(ta, tb));
        if (t0 > t1) {
            return false;
        }
    }
    return true;
}

/* The point of segment a..b deepest in the solid: its parameter t and its
 * distance. The signed distance of a convex solid is convex along a line, so
 * a golden-section search finds the minimum; a sphere has a closed form. */
static double deepest_on_segment(const lm_collider_def *d, lm_vec3 a, lm_vec3 b, double *t_out,
                                 lm_vec3 *normal) {
    lm_vec3 ab = lm_sub(b, a);
    double length2 = lm_dot(ab, ab);
    if (d->kind == LM_COLLIDER_SPHERE) {
        double t = length2 > 0 ? lm_dot(lm_sub(d->position, a), ab) / length2 : 0.0;
        *t_out = fmax(0.0, fmin(1.0, t));
        return solid_distance(d, lm_mad(a, ab, *t_out), normal);
    }
    const double golden = 0.61803398874989484820;
    double lo = 0.0, hi = 1.0;
    double t1 = hi - golden * (hi - lo), t2 = lo + golden * (hi - lo);
    lm_vec3 n;
    double f1 = solid_distance(d, lm_mad(a, ab, t1), &n);
    double f2 = solid_distance(d, lm_mad(a, ab, t2), &n);
    for (int k = 0; k < 40; k++) {
        if (f1 <= f2) {
            hi = t2;
            t2 = t1;
            f2 = f1;
            t1 = hi - golden * (hi - lo);
            f1 = solid_distance(d, lm_mad(a, ab, t1), &n);
        } else {
            lo = t1;
            t1 = t2;
            f1 = f2;
            t2 = lo + golden * (hi - lo);
            f2 = solid_distance(d, lm_mad(a, ab, t2), &n);
        }
    }
    *t_out = 0.5 * (lo + hi);
    return solid_distance(d, lm_mad(a, ab, *t_out), normal);
}

static lm_vec3 surface_velocity(const lm_world *world, const lm_collider_item *c, lm_vec3 x);

/* Friction at a penetration point of a stick or a face that was at before
 * and is at now (Jakobsen 7, done on positions as in position-based
 * dynamics): how far the point slipped along the surface during this
 * sub-step, relative to the surface, after being pushed out by push metres.
 * Static friction takes back the whole slip while it is under mu_s push;
 * otherwise mu_k push of it. Returns the correction to apply to the point. */
static lm_vec3 point_friction(const lm_world *world, const lm_collider_item *c, lm_vec3 now,
                              lm_vec3 before, lm_vec3 normal, double push, double mu_s,
                              double mu_k) {
    double h = world->def.time_step / world->def.substeps;
    lm_vec3 slip = lm_mad(lm_sub(now, before), surface_velocity(world, c, now), -h);
    lm_vec3 tangential = lm_mad(slip, normal, -lm_dot(slip, normal));
    double length = length3(tangential);
    if (length <= mu_s * push) {
        return lm_scale(tangential, -1.0);
    }
    return lm_scale(tangential, -fmin(1.0, mu_k * push / length));
}

/* Friction at a stick's penetration point p = c1 xa + c2 xb. */
static lm_vec3 edge_friction(const lm_world *world, const lm_collider_item *c, uint32_t a,
                             uint32_t b, double c1, double c2, lm_vec3 normal, double push,
                             double mu_s, double mu_k) {
    const lm_particles *p = &world->particles;
    lm_vec3 now = lm_add(lm_scale(p->x[a], c1), lm_scale(p->x[b], c2));
    lm_vec3 before = lm_add(lm_scale(p->x0[a], c1), lm_scale(p->x0[b], c2));
    return point_friction(world, c, now, before, normal, push, mu_s, mu_k);
}

/* Jakobsen 5: a stick whose inside penetrates an obstacle is moved so that
 * its penetration point p = c1 x1 + c2 x2 reaches the surface. With the move
 * D, x_i += c_i w_i lambda D and lambda = 1 / (c1^2 w1 + c2^2 w2), which puts
 * p exactly at p + D (for equal masses lambda = 1 / (c1^2 + c2^2), as in the
 * article). Ends are left to the particle projection (it knows the radius);
 * containers and planes need nothing, since a convex free region that holds
 * both ends holds the segment. */
void lm_edges_project(lm_world *world) {
    if (!world->def.collide_edges) {
        return;
    }
    lm_particles *p = &world->particles;
    for (uint32_t k = 0; k < world->colliders.count; k++) {
        lm_collider_item scratch;
        const lm_collider_item *stored = lm_store_at(&world->colliders, k);
        const lm_collider_item *item = pose_now(world, stored, &scratch);
        const lm_collider_def *d = &item->def;
        if (d->container || d->kind == LM_COLLIDER_PLANE || d->kind == LM_COLLIDER_WORLD_BOX) {
            continue;
        }
        double mu_k = d->friction, mu_s = d->static_friction < 0 ? mu_k : d->static_friction;
        lm_vec3 lo, hi;
        lm_collider_classes[d->kind].bounds(item, &lo, &hi);
        for (uint32_t s = 0; s < world->constraints.count; s++) {
            const lm_constraint_item *c = lm_store_at(&world->constraints, s);
            if (c->kind != LM_CONSTRAINT_STICK) {
                continue;
            }
            uint32_t a = c->particle[0], b = c->particle[1];
            lm_vec3 xa = p->x[a], xb = p->x[b];
            if (fmax(xa.x, xb.x) < lo.x || fmin(xa.x, xb.x) > hi.x || fmax(xa.y, xb.y) < lo.y ||
                fmin(xa.y, xb.y) > hi.y || fmax(xa.z, xb.z) < lo.z || fmin(xa.z, xb.z) > hi.z) {
                continue; /* the stick's box misses the collider's */
            }
            double wa = p->solve_w[a], wb = p->solve_w[b];
            if ((wa == 0 && wb == 0) || !touches(p, d, a) || !touches(p, d, b)) {
                continue;
            }
            lm_vec3 normal, mid = lm_scale(lm_add(p->x[a], p->x[b]), 0.5);
            double half = 0.5 * length3(lm_sub(p->x[b], p->x[a]));
            if (solid_distance(d, mid, &normal) - half >= 0) {
                continue; /* the distance changes at most 1 m per metre along the stick */
            }
            if (d->kind == LM_COLLIDER_BOX && !segment_enters_box(d, p->x[a], p->x[b])) {
                continue;
            }
            double t;
            double depth = deepest_on_segment(d, p->x[a], p->x[b], &t, &normal);
            if (depth >= 0 || t <= 0 || t >= 1) {
                continue;
            }
            double c1 = 1 - t, c2 = t;
            double lambda = 1.0 / (c1 * c1 * wa + c2 * c2 * wb);
            lm_vec3 move = lm_scale(normal, -depth);
            if (mu_s > 0 || mu_k > 0) {
                move = lm_add(
                    move, edge_friction(world, stored, a, b, c1, c2, normal, -depth, mu_s, mu_k));
            }
            move = lm_scale(move, lambda);
            p->x[a] = lm_mad(p->x[a], move, c1 * wa);
            p->x[b] = lm_mad(p->x[b], move, c2 * wb);
        }
    }
}

/* ---------------------------------------------------------------- faces -- */

/* The point of triangle x[0..2] closest to q, as barycentric weights: by the
 * Voronoi regions of its vertices, edges and interior, tested in that order.
 * An edge of zero length has no region of its own (its ends have), and a
 * triangle of zero area that reaches the interior test gives its nearest
 * vertex, so nothing divides by zero. */
static void closest_on_triangle(lm_vec3 q, const lm_vec3 x[3], double w[3]) {
    lm_vec3 ab = lm_sub(x[1], x[0]), ac = lm_sub(x[2], x[0]);
    lm_vec3 aq = lm_sub(q, x[0]), bq = lm_sub(q, x[1]), cq = lm_sub(q, x[2]);
    double d1 = lm_dot(ab, aq), d2 = lm_dot(ac, aq);
    double d3 = lm_dot(ab, bq), d4 = lm_dot(ac, bq);
    double d5 = lm_dot(ab, cq), d6 = lm_dot(ac, cq);
    w[0] = w[1] = w[2] = 0;
    if (d1 <= 0 && d2 <= 0) {
        w[0] = 1; /* vertex a */
        return;
    }
    if (d3 >= 0 && d4 <= d3) {
        w[1] = 1;
        return;
    }
    if (d6 >= 0 && d5 <= d6) {
        w[2] = 1;
        return;
    }
    double vc = d1 * d4 - d3 * d2, vb = d5 * d2 - d1 * d6, va = d3 * d6 - d5 * d4;
    if (vc <= 0 && d1 >= 0 && d3 <= 0 && d1 - d3 > 0) {
        double t = d1 / (d1 - d3); /* edge ab */
        w[0] = 1 - t;
        w[1] = t;
        return;
    }
    if (vb <= 0 && d2 >= 0 && d6 <= 0 && d2 - d6 > 0) {
        double t = d2 / (d2 - d6); /* edge ac */
        w[0] = 1 - t;
        w[2] = t;
        return;
    }
    if (va <= 0 && d4 - d3 >= 0 && d5 - d6 >= 0 && (d4 - d3) + (d5 - d6) > 0) {
        double t = (d4 - d3) / ((d4 - d3) + (d5 - d6)); /* edge bc */
        w[1] = 1 - t;
        w[2] = t;
        return;
    }
    double sum = va + vb + vc;
    if (!(sum > 0)) {
        double best = INFINITY;
        for (int i = 0; i < 3; i++) {
            lm_vec3 d = lm_sub(q, x[i]);
            if (lm_dot(d, d) < best) {
                best = lm_dot(d, d);
                w[0] = w[1] = w[2] = 0;
                w[i] = 1;
            }
        }
        return;
    }
    w[1] = vb / sum;
    w[2] = vc / sum;
    w[0] = 1 - w[1] - w[2];
}

static lm_vec3 barycentric(const lm_vec3 x[3], const double w[3]) {
    return lm_add(lm_add(lm_scale(x[0], w[0]), lm_scale(x[1], w[1])), lm_scale(x[2], w[2]));
}

/* Distance from centre to the triangle's closest point p (weights w), and
 * the displacement that puts p at radius from centre: along p - centre, or
 * along side when the triangle passes through the centre. */
static double round_depth(lm_vec3 centre, double radius, const lm_vec3 x[3], lm_vec3 side,
                          double w[3], lm_vec3 *push) {
    closest_on_triangle(centre, x, w);
    lm_vec3 v = lm_sub(barycentric(x, w), centre);
    double len = length3(v);
    lm_vec3 n = len > 1e-12 ? lm_scale(v, 1.0 / len) : side;
    *push = lm_scale(n, radius - len);
    return len - radius;
}

/* A box's solid distance inside it is F = max over its six faces of the
 * signed distance to the face's plane, an affine function of the triangle's
 * parameters (u, v). F is below the true distance outside the box and equal
 * to it inside, so the triangle reaches into the box exactly when min F < 0,
 * and then at min F's point. The minimum of a maximum of affine functions
 * over a triangle lies at a vertex of their arrangement: a corner of the
 * triangle, a point of an edge where two of them are equal, or an interior
 * point where three are. All are tried, in a fixed order. */
static double box_depth(const lm_collider_def *d, const lm_vec3 x[3], double w[3], lm_vec3 *push) {
    lm_vec3 o = rotate_back(d->rotation, lm_sub(x[0], d->position));
    lm_vec3 e1 = rotate_back(d->rotation, lm_sub(x[1], x[0]));
    lm_vec3 e2 = rotate_back(d->rotation, lm_sub(x[2], x[0]));
    double lo[3] = {o.x, o.y, o.z}, l1[3] = {e1.x, e1.y, e1.z}, l2[3] = {e2.x, e2.y, e2.z};
    double h[3] = {d->half_extents.x, d->half_extents.y, d->half_extents.z};
    double a[6], b[6], c[6]; /* piece k: a + b u + c v, face k / 2 on side + or - */
    for (int k = 0; k < 6; k++) {
        double s = k % 2 ? -1.0 : 1.0;
        a[k] = s * lo[k / 2] - h[k / 2];
        b[k] = s * l1[k / 2];
        c[k] = s * l2[k / 2];
    }
    double best = INFINITY, bu = 0, bv = 0;
#define TRY(U, V)                                                                                  \
    {                                                                                              \
        double u_ = (U), v_ = (V), f_ = -INFINITY;                                                 \
        for (int k_ = 0; k_ < 6; k_++) {                                                           \
            f_ = fmax(f_, a[k_] + b[k_] * u_ + c[k_] * v_);                                        \
        }                                                                                          \
        if (f_ < best) {                                                                           \
            best = f_;                                                                             \
            bu = u_;                                                                               \
            bv = v_;                                                                               \
        }                                                                                          \
    }
    TRY(0, 0)
    TRY(1, 0)
    TRY(0, 1)
    const double corner[4][2] = {{0, 0}, {1, 0}, {0, 1}, {0, 0}};
    for (int e = 0; e < 3; e++) {
        double u0 = corner[e][0], v0 = corner[e][1];
        double du = corner[e + 1][0] - u0, dv = corner[e + 1][1] - v0;
        for (int i = 0; i < 6; i++) {
            for (int j = i + 1; j < 6; j++) {
                double g0 = a[i] - a[j] + (b[i] - b[j]) * u0 + (c[i] - c[j]) * v0;
                double g1 = (b[i] - b[j]) * du + (c[i] - c[j]) * dv;
                if (g1 != 0) {
                    double t = -g0 / g1;
                    if (t > 0 && t < 1) {
                        TRY(u0 + t * du, v0 + t * dv)
                    }
                }
            }
        }
    }
    for (int i = 0; i < 6; i++) {
        for (int j = i + 1; j < 6; j++) {
            for (int k = j + 1; k < 6; k++) {
                double m11 = b[i] - b[j], m12 = c[i] - c[j], r1 = a[j] - a[i];
                double m21 = b[i] - b[k], m22 = c[i] - c[k], r2 = a[k] - a[i];
                double det = m11 * m22 - m12 * m21;
                if (det == 0) {
                    continue;
                }
                double u = (r1 * m22 - m12 * r2) / det, v = (m11 * r2 - r1 * m21) / det;
                if (u >= 0 && v >= 0 && u + v <= 1) {
                    TRY(u, v)
                }
            }
        }
    }
#undef TRY
    w[0] = 1 - bu - bv;
    w[1] = bu;
    w[2] = bv;
    /* The faces at the maximum there are mutually perpendicular (unless the
     * box is thinner than the reach, two opposite faces tie): moving by
     * -best along each of their normals at once brings every one of them
     * to zero, so a box corner poking through a cloth pushes it along the
     * corner's diagonal, not off one face. */
    double tie = 1e-9 * (1.0 + h[0] + h[1] + h[2]);
    double n[3] = {0, 0, 0};
    int first = -1;
    bool opposite = false;
    for (int k = 0; k < 6; k++) {
        if (a[k] + b[k] * bu + c[k] * bv < best - tie) {
            continue;
        }
        double sign = k % 2 ? -1.0 : 1.0;
        first = first < 0 ? k : first;
        opposite = opposite || n[k / 2] == -sign;
        n[k / 2] = sign;
    }
    if (opposite) {
        n[0] = n[1] = n[2] = 0;
        n[first / 2] = first % 2 ? -1.0 : 1.0;
    }
    *push = lm_quat_rotate(d->rotation, lm_v3(-best * n[0], -best * n[1], -best * n[2]));
    return best;
}

/* The point of the triangle deepest in a sphere, capsule or box: its
 * barycentric weights, its signed distance (negative inside), and the
 * displacement that would put it on the surface. side is the direction to
 * push when the surface's normal is undefined there (a triangle through a
 * sphere's centre or a capsule's axis). */
static double deepest_on_triangle(const lm_collider_def *d, const lm_vec3 x[3], lm_vec3 side,
                                  double w[3], lm_vec3 *push) {
    if (d->kind == LM_COLLIDER_SPHERE) {
        return round_depth(d->position, d->radius, x, side, w, push);
    }
    if (d->kind == LM_COLLIDER_BOX) {
        return box_depth(d, x, w, push);
    }
    /* Capsule: the distance from the axis point at s to the triangle is
     * convex in s (a convex set's distance along a line), so a
     * golden-section search over the axis finds the closest pair. */
    lm_vec3 axis = lm_quat_rotate(d->rotation, lm_v3(1, 0, 0));
    const double golden = 0.61803398874989484820;
    double lo = -d->half_length, hi = d->half_length;
    double s1 = hi - golden * (hi - lo), s2 = lo + golden * (hi - lo);
    lm_vec3 q1 = lm_mad(d->position, axis, s1), q2 = lm_mad(d->position, axis, s2);
    closest_on_triangle(q1, x, w);
    double f1 = length3(lm_sub(barycentric(x, w), q1));
    closest_on_triangle(q2, x, w);
    double f2 = length3(lm_sub(barycentric(x, w), q2));
    for (int k = 0; k < 40 && hi > lo; k++) {
        if (f1 <= f2) {
            hi = s2;
            s2 = s1;
            f2 = f1;
            s1 = hi - golden * (hi - lo);
            q1 = lm_mad(d->position, axis, s1);
            closest_on_triangle(q1, x, w);
            f1 = length3(lm_sub(barycentric(x, w), q1));
        } else {
            lo = s1;
            s1 = s2;
            f1 = f2;
            s2 = lo + golden * (hi - lo);
            q2 = lm_mad(d->position, axis, s2);
            closest_on_triangle(q2, x, w);
            f2 = length3(lm_sub(barycentric(x, w), q2));
        }
    }
    return round_depth(lm_mad(d->position, axis, 0.5 * (lo + hi)), d->radius, x, side, w, push);
}

/* Friction at a face's penetration point p = sum c_i x_i. */
static lm_vec3 face_friction(const lm_world *world, const lm_collider_item *c,
                             const uint32_t slot[3], const double w[3], lm_vec3 normal, double push,
                             double mu_s, double mu_k) {
    const lm_particles *p = &world->particles;
    lm_vec3 now = lm_v3(0, 0, 0), before = lm_v3(0, 0, 0);
    for (int i = 0; i < 3; i++) {
        now = lm_mad(now, p->x[slot[i]], w[i]);
        before = lm_mad(before, p->x0[slot[i]], w[i]);
    }
    return point_friction(world, c, now, before, normal, push, mu_s, mu_k);
}

/* One face against one (non-container) sphere, capsule or box. */
static void project_face(lm_world *world, const lm_collider_item *stored, const lm_collider_def *d,
                         const lm_constraint_item *face, lm_vec3 lo, lm_vec3 hi) {
    lm_particles *p = &world->particles;
    const uint32_t *slot = face->particle;
    lm_vec3 x[3] = {p->x[slot[0]], p->x[slot[1]], p->x[slot[2]]};
    lm_vec3 fmin3 = x[0], fmax3 = x[0];
    for (int i = 1; i < 3; i++) {
        fmin3 = lm_v3(fmin(fmin3.x, x[i].x), fmin(fmin3.y, x[i].y), fmin(fmin3.z, x[i].z));
        fmax3 = lm_v3(fmax(fmax3.x, x[i].x), fmax(fmax3.y, x[i].y), fmax(fmax3.z, x[i].z));
    }
    if (fmax3.x < lo.x || fmin3.x > hi.x || fmax3.y < lo.y || fmin3.y > hi.y || fmax3.z < lo.z ||
        fmin3.z > hi.z) {
        return; /* the face's box misses the collider's */
    }
    double sw[3] = {p->solve_w[slot[0]], p->solve_w[slot[1]], p->solve_w[slot[2]]};
    if (sw[0] == 0 && sw[1] == 0 && sw[2] == 0) {
        return;
    }
    for (int i = 0; i < 3; i++) {
        if (!touches(p, d, slot[i])) {
            return;
        }
    }
    /* The distance changes at most 1 m per metre: a face whose bounding
     * sphere (about its centroid) stays outside cannot reach in. */
    lm_vec3 centroid = lm_scale(lm_add(lm_add(x[0], x[1]), x[2]), 1.0 / 3.0), normal;
    double reach = 0;
    for (int i = 0; i < 3; i++) {
        reach = fmax(reach, length3(lm_sub(x[i], centroid)));
    }
    if (solid_distance(d, centroid, &normal) - reach >= 0) {
        return;
    }
    /* The face's own normal, turned to the side the face came from. */
    lm_vec3 side = cross3(lm_sub(x[1], x[0]), lm_sub(x[2], x[0]));
    double side_length = length3(side);
    if (!(side_length > 0)) {
        return; /* degenerate: its edges and vertices cover it */
    }
    side = lm_scale(side, 1.0 / side_length);
    lm_vec3 before =
        lm_scale(lm_add(lm_add(p->x0[slot[0]], p->x0[slot[1]]), p->x0[slot[2]]), 1.0 / 3.0);
    lm_vec3 centre = d->position; /* a capsule's: the axis point nearest the face */
    if (d->kind == LM_COLLIDER_CAPSULE) {
        lm_vec3 axis = lm_quat_rotate(d->rotation, lm_v3(1, 0, 0));
        double s = lm_dot(lm_sub(before, d->position), axis);
        centre = lm_mad(d->position, axis, fmax(-d->half_length, fmin(d->half_length, s)));
    }
    if (lm_dot(side, lm_sub(before, centre)) < 0) {
        side = lm_scale(side, -1.0);
    }
    double c[3];
    lm_vec3 push;
    double depth = deepest_on_triangle(d, x, side, c, &push);
    if (depth >= 0) {
        return;
    }
    double denominator = c[0] * c[0] * sw[0] + c[1] * c[1] * sw[1] + c[2] * c[2] * sw[2];
    if (!(denominator > 0)) {
        return; /* the deepest point is an immovable corner */
    }
    double mu_k = d->friction, mu_s = d->static_friction < 0 ? mu_k : d->static_friction;
    double push_length = length3(push);
    if ((mu_s > 0 || mu_k > 0) && push_length > 0) {
        push = lm_add(push, face_friction(world, stored, slot, c, lm_scale(push, 1.0 / push_length),
                                          push_length, mu_s, mu_k));
    }
    lm_vec3 move = lm_scale(push, 1.0 / denominator);
    for (int i = 0; i < 3; i++) {
        p->x[slot[i]] = lm_mad(p->x[slot[i]], move, c[i] * sw[i]);
    }
}

/* Jakobsen 5 for triangles: a face whose inside reaches into an obstacle is
 * moved so that its penetration point p = c1 x1 + c2 x2 + c3 x3 (c_i its
 * barycentric weights) reaches the surface: with the move D, x_i += c_i w_i
 * lambda D and lambda = 1 / sum c_i^2 w_i, which puts p exactly at p + D
 * (lambda = 1 / sum c_i^2 for equal masses). Planes and containers need
 * nothing: a convex free region that holds the corners holds the triangle.
 * Faces are found through the constraint runs, so a world without faces
 * pays one pass over its runs per call. */
void lm_faces_project(lm_world *world) {
    uint32_t runs = world->constraint_run_count[0];
    const lm_run *run = world->constraint_runs[0];
    bool any = false;
    for (uint32_t r = 0; r < runs && !any; r++) {
        any = run[r].kind == LM_SOLVER_FACE;
    }
    if (!any) {
        return;
    }
    for (uint32_t k = 0; k < world->colliders.count; k++) {
        lm_collider_item scratch;
        const lm_collider_item *stored = lm_store_at(&world->colliders, k);
        const lm_collider_item *item = pose_now(world, stored, &scratch);
        const lm_collider_def *d = &item->def;
        if (d->container || d->kind == LM_COLLIDER_PLANE || d->kind == LM_COLLIDER_WORLD_BOX) {
            continue;
        }
        lm_vec3 lo, hi;
        lm_collider_classes[d->kind].bounds(item, &lo, &hi);
        for (uint32_t r = 0; r < runs; r++) {
            if (run[r].kind != LM_SOLVER_FACE) {
                continue;
            }
            const lm_constraint_item *faces = lm_store_at(&world->constraints, run[r].start);
            for (uint32_t f = 0; f < run[r].count; f++) {
                project_face(world, stored, d, &faces[f], lo, hi);
            }
        }
    }
}

/* ------------------------------------------------------------ lifecycle -- */

lm_collider_def lm_collider_default_def(void) {
    lm_collider_def def;
    memset(&def, 0, sizeof def);
    def.kind = LM_COLLIDER_WORLD_BOX;
    def.min = lm_v3(-1, -1, -1);
    def.max = lm_v3(1, 1, 1);
    def.static_friction = -1;
    def.rotation.w = 1;
    def.radius = 1;
    def.half_length = 0.5;
    def.half_extents = lm_v3(0.5, 0.5, 0.5);
    def.mask = UINT32_MAX;
    return def;
}

static void check_material(const lm_collider_def *def) {
    assert(def->restitution >= 0 && def->restitution <= 1 && def->friction >= 0);
    assert(isfinite(def->friction) && isfinite(def->static_friction));
    (void)def;
}

lm_collider lm_collider_create(lm_world *world, const lm_collider_def *def) {
    assert(!world->stepping);
    assert(def->kind < LM_COLLIDER_KIND_COUNT);
    check_material(def);
    if (def->kind == LM_COLLIDER_WORLD_BOX) {
        assert(def->min.x < def->max.x && def->min.y < def->max.y && def->min.z < def->max.z);
    }
    assert(def->kind != LM_COLLIDER_SPHERE || def->radius > 0);
    assert(def->kind != LM_COLLIDER_CAPSULE || (def->radius > 0 && def->half_length >= 0));
    assert(def->kind != LM_COLLIDER_BOX ||
           (def->half_extents.x > 0 && def->half_extents.y > 0 && def->half_extents.z > 0));
    lm_collider handle = {0, 0};
    lm_collider_item *c = lm_store_add(&world->colliders, &handle.index1, &handle.generation);
    if (c) {
        c->def = *def;
        c->def.rotation = normalized(def->rotation);
        c->position_prev = c->def.position;
        c->rotation_prev = c->def.rotation;
    }
    return handle;
}

void lm_collider_destroy(lm_world *world, lm_collider collider) {
    assert(!world->stepping);
    assert(lm_collider_is_valid(world, collider) && "use of a removed collider");
    lm_store_remove(&world->colliders, collider.index1);
}

bool lm_collider_is_valid(const lm_world *world, lm_collider collider) {
    return lm_store_is_valid(&world->colliders, collider.index1, collider.generation);
}

static lm_collider_item *get(const lm_world *world, lm_collider collider) {
    assert(lm_collider_is_valid(world, collider) && "use of a removed collider");
    return lm_store_get(&world->colliders, collider.index1);
}

lm_collider_def lm_collider_get_def(const lm_world *world, lm_collider collider) {
    return get(world, collider)->def;
}

void lm_collider_set_position(lm_world *world, lm_collider collider, lm_vec3 position) {
    lm_collider_item *c = get(world, collider);
    assert(c->def.kind != LM_COLLIDER_WORLD_BOX);
    c->def.position = position;
}

void lm_collider_set_rotation(lm_world *world, lm_collider collider, lm_quat rotation) {
    lm_collider_item *c = get(world, collider);
    assert(c->def.kind != LM_COLLIDER_WORLD_BOX);
    c->def.rotation = normalized(rotation);
}

void lm_collider_set_material(lm_world *world, lm_collider collider, const lm_collider_def *def) {
    check_material(def);
    lm_collider_item *c = get(world, collider);
    c->def.restitution = def->restitution;
    c->def.friction = def->friction;
    c->def.static_friction = def->static_friction;
    c->def.group = def->group;
    c->def.mask = def->mask;
    c->def.color = def->color;
}

double lm_collider_distance(const lm_world *world, lm_collider collider, lm_vec3 point) {
    lm_vec3 normal;
    return free_distance(&get(world, collider)->def, point, &normal);
}

double lm_collider_triangle_depth(const lm_world *world, lm_collider collider, lm_vec3 a, lm_vec3 b,
                                  lm_vec3 c) {
    const lm_collider_def *d = &get(world, collider)->def;
    lm_vec3 x[3] = {a, b, c}, normal;
    if (d->container || d->kind == LM_COLLIDER_PLANE || d->kind == LM_COLLIDER_WORLD_BOX) {
        /* The free side is convex: the deepest point is a corner. */
        double least = INFINITY;
        for (int i = 0; i < 3; i++) {
            least = fmin(least, free_distance(d, x[i], &normal));
        }
        return fmax(0.0, -least);
    }
    double w[3];
    lm_vec3 push;
    return fmax(0.0, -deepest_on_triangle(d, x, lm_v3(0, 1, 0), w, &push));
}

/* ------------------------------------------------- per-particle state -- */

void lm_collision_free(lm_collision *c) {
    free(c->pairs);
    free(c->pair_push);
    free(c->cell_start);
    free(c->cell_items);
    free(c->cell);
    free(c->bucket);
    memset(c, 0, sizeof *c);
}

void lm_collision_begin_step(lm_world *world) {
    world->collision.step_start = world->time;
}

void lm_collision_end_step(lm_world *world) {
    for (uint32_t i = 0; i < world->colliders.count; i++) {
        lm_collider_item *c = lm_store_at(&world->colliders, i);
        c->position_prev = c->def.position;
        c->rotation_prev = c->def.rotation;
    }
}

void lm_particle_set_contact_material(lm_world *world, lm_particle particle, double friction,
                                      double restitution) {
    assert(isfinite(friction) && restitution <= 1);
    uint32_t slot = lm_particle_slot(world, particle);
    world->particles.friction[slot] = friction < 0 ? -1 : friction;
    world->particles.restitution[slot] = restitution < 0 ? -1 : restitution;
}

void lm_particle_contact_material(const lm_world *world, lm_particle particle, double *friction,
                                  double *restitution) {
    uint32_t slot = lm_particle_slot(world, particle);
    *friction = world->particles.friction[slot];
    *restitution = world->particles.restitution[slot];
}

void lm_particle_set_collision_mask(lm_world *world, lm_particle particle, uint32_t mask) {
    world->particles.collision_mask[lm_particle_slot(world, particle)] = mask;
}

uint32_t lm_particle_collision_mask(const lm_world *world, lm_particle particle) {
    return world->particles.collision_mask[lm_particle_slot(world, particle)];
}

/* -------------------------------------------------------------- queries -- */

/* The normal of a world-box contact, from the faces it was pushed off. */
static lm_vec3 box_contact_normal(uint8_t bits) {
    double n[3];
    for (int axis = 0; axis < 3; axis++) {
        uint8_t b = (uint8_t)((bits >> (2 * axis)) & 3);
        n[axis] = (b & 1) ? 1.0 : (b & 2) ? -1.0 : 0.0;
    }
    lm_vec3 v = lm_v3(n[0], n[1], n[2]);
    double len = length3(v);
    return len > 0 ? lm_scale(v, 1.0 / len) : v;
}

/* The collider a particle slot touched, or false. */
static bool slot_contact(const lm_world *world, uint32_t i, uint32_t *dense, lm_vec3 *normal) {
    const lm_particles *p = &world->particles;
    uint32_t k = p->contact_collider[i];
    if (!p->contact[i] || k >= world->colliders.count || !lm_store_alive(&world->colliders, k)) {
        return false;
    }
    const lm_collider_item *c = lm_store_at(&world->colliders, k);
    *dense = k;
    if (c->def.kind == LM_COLLIDER_WORLD_BOX) {
        *normal = box_contact_normal(p->contact[i]);
    } else {
        *normal = world->particles.contact_normal[i];
    }
    return true;
}

bool lm_particle_contact(const lm_world *world, lm_particle particle, lm_collider *collider,
                         lm_vec3 *normal) {
    uint32_t i = lm_particle_slot(world, particle), dense;
    if (!slot_contact(world, i, &dense, normal)) {
        return false;
    }
    uint32_t slot = world->colliders.item_slot[dense];
    collider->index1 = slot + 1;
    collider->generation = world->colliders.slot_generation[slot];
    return true;
}

size_t lm_collider_contacts(const lm_world *world, lm_collider collider, lm_particle *out,
                            lm_vec3 *normals, size_t max) {
    assert(lm_collider_is_valid(world, collider) && "use of a removed collider");
    uint32_t want = world->colliders.slot_dense[collider.index1 - 1];
    size_t n = 0;
    for (uint32_t i = 0; i < world->particles.count; i++) {
        uint32_t dense;
        lm_vec3 normal;
        if (!world->particles.alive[i] || !slot_contact(world, i, &dense, &normal) ||
            dense != want) {
            continue;
        }
        if (n < max) {
            out[n] = lm_particle_handle(world, i);
            if (normals) {
                normals[n] = normal;
            }
        }
        n++;
    }
    return n;
}

/* -------------------------------------------------------------- response -- */

/* Velocity of the collider's surface at x over the last step: where x was
 * under the old pose, and how far it moved. */
static lm_vec3 surface_velocity(const lm_world *world, const lm_collider_item *c, lm_vec3 x) {
    if (c->def.kind == LM_COLLIDER_WORLD_BOX) {
        return lm_v3(0, 0, 0);
    }
    lm_vec3 local = rotate_back(c->def.rotation, lm_sub(x, c->def.position));
    lm_vec3 before = lm_add(c->position_prev, lm_quat_rotate(c->rotation_prev, local));
    return lm_scale(lm_sub(x, before), 1.0 / world->def.time_step);
}

/* A shape contact, in the collider's frame: the normal speed the particle
 * arrived with comes back times e (slow arrivals rest), and Coulomb friction
 * takes from the tangential speed at most mu times the normal speed change:
 * all of it while that is under the static limit (the particle sticks, and
 * is carried along by a moving collider), mu_k times it otherwise. In a
 * Verlet scheme this is Jakobsen's friction (7): changing the velocity moves
 * the previous position tangentially (world.c re-derives x_prev). */
static void respond_shape(lm_world *world, uint32_t i, const lm_collider_item *c, double h,
                          double rest_speed) {
    lm_particles *p = &world->particles;
    lm_vec3 n = p->contact_normal[i];
    double e = fmax(c->def.restitution, p->restitution[i]);
    double mu_k = c->def.friction;
    double mu_s = c->def.static_friction < 0 ? mu_k : c->def.static_friction;
    if (p->friction[i] >= 0) {
        mu_k = sqrt(mu_k * p->friction[i]);
        mu_s = sqrt(mu_s * p->friction[i]);
    }
    lm_vec3 vc = surface_velocity(world, c, p->x[i]);
    double approach = -lm_dot(lm_sub(p->sv[i], vc), n); /* > 0: moving into the surface */
    lm_vec3 v = lm_sub(p->v[i], vc);
    double vn = lm_dot(v, n);
    lm_vec3 vt = lm_mad(v, n, -vn);
    double vn_out = vn;
    if (approach > 0) {
        vn_out = approach > rest_speed ? e * approach : 0.0;
    }
    double dvn = fmax(0.0, vn_out + fmax(approach, 0.0));
    double vt_len = length3(vt);
    lm_vec3 vt_kept = vt;
    if (vt_len <= mu_s * dvn) {
        vt_kept = lm_v3(0, 0, 0);
    } else if (mu_k > 0) {
        vt_kept = lm_scale(vt, fmax(0.0, 1.0 - mu_k * dvn / vt_len));
    }
    p->v[i] = lm_add(vc, lm_mad(vt_kept, n, vn_out));
    /* The tangential slip friction took away did not happen during this
     * sub-step either: a particle held by static friction stays put. */
    p->x[i] = lm_mad(p->x[i], lm_sub(vt, vt_kept), -h);
}

/* After velocities are derived: a particle that hit a face leaves it with
 * -e times the normal speed it arrived with (slow arrivals rest instead of
 * jittering). Friction: Coulomb's law against a shape (respond_shape), a
 * fraction of the tangential speed against the world box (its old rule). */
bool lm_colliders_respond(lm_world *world, double h) {
    lm_particles *p = &world->particles;
    lm_vec3 g = world->def.gravity;
    double rest_speed = 2.0 * sqrt(lm_dot(g, g)) * h + 1e-6;
    bool slipped = false;
    for (uint32_t i = 0; i < p->count; i++) {
        uint8_t contact = p->contact[i];
        if (!contact || p->inv_mass[i] == 0 || p->contact_collider[i] >= world->colliders.count) {
            continue;
        }
        const lm_collider_item *c = lm_store_at(&world->colliders, p->contact_collider[i]);
        if (c->def.kind != LM_COLLIDER_WORLD_BOX) {
            respond_shape(world, i, c, h, rest_speed);
            slipped = true;
            continue;
        }
        double e = c->def.restitution, mu = c->def.friction;
        /* p->sv holds the velocity the particle arrived with, before projection */
        double v[3] = {p->v[i].x, p->v[i].y, p->v[i].z};
        double u[3] = {p->sv[i].x, p->sv[i].y, p->sv[i].z};
        bool touched[3] = {false, false, false};
        for (int axis = 0; axis < 3; axis++) {
            uint8_t bits = (uint8_t)((contact >> (2 * axis)) & 3);
            if (!bits) {
                continue;
            }
            touched[axis] = true;
            double inward = (bits & 1) ? -u[axis] : u[axis]; /* > 0: moving into the face */
            double out = inward > rest_speed ? e * inward : 0.0;
            v[axis] = (bits & 1) ? out : -out;
        }
        if (mu > 0) {
            double keep = fmax(0.0, 1.0 - mu);
            for (int axis = 0; axis < 3; axis++) {
                if (!touched[axis]) {
                    v[axis] *= keep;
                }
            }
        }
        p->v[i] = lm_v3(v[0], v[1], v[2]);
    }
    /* Friction moved particles along surfaces: the step makes sure that
     * brought no stick into a collider. */
    return slipped;
}
