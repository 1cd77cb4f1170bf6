/* collider_project.c - collision by projection (Jakobsen 3): a particle
 * found where it may not be is moved to the nearest allowed point, inside the
 * relaxation loop, so contacts and constraints are solved together. Sticks
 * and faces are pushed out through their deepest point (Jakobsen 5). */
#include <math.h>

#include "geometry.h"

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
    lm_vec3 lo = item->pose.min, hi = item->pose.max;
    for (uint32_t i = 0; i < p->count; i++) {
        /* Pinned particles stay: their pin has the last word anyway. */
        if (p->solve_w[i] == 0 || !touches(p, &item->pose, i)) {
            continue;
        }
        double r = p->radius[i];
        uint8_t contact = 0;
        lm_vec3 x = p->x[i];
        /* A particle wider than the box sits in its middle on that axis. */
        double lx = lm_fmin(lo.x + r, 0.5 * (lo.x + hi.x)), hx = lm_fmax(hi.x - r, lx);
        double ly = lm_fmin(lo.y + r, 0.5 * (lo.y + hi.y)), hy = lm_fmax(hi.y - r, ly);
        double lz = lm_fmin(lo.z + r, 0.5 * (lo.z + hi.z)), hz = lm_fmax(hi.z - r, lz);
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

static void world_box_bounds(const lm_collider_def *pose, lm_vec3 *min, lm_vec3 *max) {
    *min = pose->min;
    *max = pose->max;
}

static void mark(lm_world *world, uint32_t i, uint32_t dense, lm_vec3 normal) {
    world->particles.contact[i] |= LM_CONTACT_SHAPE;
    world->particles.contact_collider[i] = dense;
    world->particles.contact_normal[i] = normal;
}

/* A box container clamps each local coordinate, like Jakobsen's cube turned. */
static bool project_into_box(const lm_collider_def *d, lm_vec3 *x, double r, lm_vec3 *normal) {
    lm_vec3 local = lm_quat_rotate_back(d->rotation, lm_sub(*x, d->position));
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
        *normal = lm_quat_rotate(d->rotation, lm_scale(nl, 1.0 / lm_length(nl)));
        *x = lm_add(d->position, lm_quat_rotate(d->rotation, lm_v3(l[0], l[1], l[2])));
    }
    return moved;
}

static void shape_bounds(const lm_collider_def *d, lm_vec3 *min, lm_vec3 *max) {
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

/* Plane, sphere, box and capsule: move the particle along the normal until
 * its surface touches the collider's. Immovable and pinned particles stay. */
static void project_shape(lm_world *world, const lm_collider_item *item, uint32_t dense) {
    lm_particles *p = &world->particles;
    const lm_collider_def *d = &item->pose;
    bool box_container = d->container && d->kind == LM_COLLIDER_BOX;
    /* A particle farther outside the solid's bounds than its radius (and
     * the contact distance) is that far from its surface too: nothing to do,
     * and no distance to measure (most of a cloth draped over a table). The
     * margin is far above the rounding of either measure. */
    bool bounded = !d->container && d->kind != LM_COLLIDER_PLANE;
    lm_vec3 lo = lm_v3(0, 0, 0), hi = lo;
    double margin = 0;
    if (bounded) {
        shape_bounds(d, &lo, &hi);
        margin = LM_TOUCH +
                 1e-9 * (1 + fmax(fmax(fmax(fabs(lo.x), fabs(hi.x)), fmax(fabs(lo.y), fabs(hi.y))),
                                  fmax(fabs(lo.z), fabs(hi.z))));
    }
    for (uint32_t i = 0; i < p->count; i++) {
        if (p->solve_w[i] == 0 || !touches(p, d, i)) {
            continue;
        }
        double r = p->radius[i];
        if (bounded) {
            lm_vec3 x = p->x[i];
            double reach = r + margin;
            if (x.x < lo.x - reach || x.x > hi.x + reach || x.y < lo.y - reach ||
                x.y > hi.y + reach || x.z < lo.z - reach || x.z > hi.z + reach) {
                continue;
            }
        }
        lm_vec3 normal;
        if (box_container) {
            if (project_into_box(d, &p->x[i], r, &normal)) {
                mark(world, i, dense, normal);
            }
            continue;
        }
        double distance = lm_free_distance(d, p->x[i], &normal);
        if (distance < r) {
            p->x[i] = lm_mad(p->x[i], normal, r - distance);
            mark(world, i, dense, normal);
        } else if (distance < r + LM_TOUCH && lm_dot(p->sv[i], normal) < 0) {
            /* touching and moving in: in contact, though not inside (explicit
             * Euler's resting particle, whose position the old velocity 0
             * moved nowhere) */
            mark(world, i, dense, normal);
        }
    }
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

void lm_colliders_project(lm_world *world, const lm_step *step) {
    (void)step; /* the sub-step's poses are in the items (lm_colliders_pose) */
    for (uint32_t i = 0; i < world->colliders.count; i++) {
        const lm_collider_item *c = lm_store_at(&world->colliders, i);
        lm_collider_classes[c->pose.kind].project(world, c, i);
    }
}

/* ---------------------------------------------------------------- edges -- */

/* Friction at a penetration point of a stick or a face that was at before
 * and is at now (Jakobsen 7, done on positions as in position-based
 * dynamics): how far the point slipped along the surface during this
 * sub-step, relative to the surface, after being pushed out by push metres.
 * Static friction takes back the whole slip while it is under mu_s push;
 * otherwise mu_k push of it. Returns the correction to apply to the point. */
static lm_vec3 point_friction(const lm_collider_item *c, const lm_step *step, lm_vec3 now,
                              lm_vec3 before, lm_vec3 normal, double push, double mu_s,
                              double mu_k) {
    lm_vec3 slip =
        lm_mad(lm_sub(now, before), lm_collider_surface_velocity(c, step, now), -step->h);
    lm_vec3 tangential = lm_mad(slip, normal, -lm_dot(slip, normal));
    double length = lm_length(tangential);
    if (length <= mu_s * push) {
        return lm_scale(tangential, -1.0);
    }
    return lm_scale(tangential, -fmin(1.0, mu_k * push / length));
}

/* Friction at a stick's penetration point p = c1 xa + c2 xb. */
static lm_vec3 edge_friction(const lm_world *world, const lm_collider_item *c, const lm_step *step,
                             uint32_t a, uint32_t b, double c1, double c2, lm_vec3 normal,
                             double push, double mu_s, double mu_k) {
    const lm_particles *p = &world->particles;
    lm_vec3 now = lm_add(lm_scale(p->x[a], c1), lm_scale(p->x[b], c2));
    lm_vec3 before = lm_add(lm_scale(p->x0[a], c1), lm_scale(p->x0[b], c2));
    return point_friction(c, step, now, before, normal, push, mu_s, mu_k);
}

/* Jakobsen 5: a stick whose inside penetrates an obstacle is moved so that
 * its penetration point p = c1 x1 + c2 x2 reaches the surface. With the move
 * D, x_i += c_i w_i lambda D and lambda = 1 / (c1^2 w1 + c2^2 w2), which puts
 * p exactly at p + D (for equal masses lambda = 1 / (c1^2 + c2^2), as in the
 * article). Ends are left to the particle projection (it knows the radius);
 * containers and planes need nothing, since a convex free region that holds
 * both ends holds the segment. */
#define EDGE_PUSHES 3

void lm_edges_project(lm_world *world, const lm_step *step) {
    if (!world->def.collide_edges) {
        return;
    }
    lm_particles *p = &world->particles;
    for (uint32_t k = 0; k < world->colliders.count; k++) {
        const lm_collider_item *item = lm_store_at(&world->colliders, k);
        const lm_collider_def *d = &item->pose;
        if (d->container || d->kind == LM_COLLIDER_PLANE || d->kind == LM_COLLIDER_WORLD_BOX) {
            continue;
        }
        double mu_k = d->friction, mu_s = d->static_friction < 0 ? mu_k : d->static_friction;
        lm_vec3 lo, hi;
        lm_collider_classes[d->kind].bounds(d, &lo, &hi);
        for (uint32_t s = 0; s < world->constraints.count; s++) {
            const lm_constraint_item *c = lm_store_at(&world->constraints, s);
            if (!lm_constraint_is_edge(c)) {
                continue;
            }
            uint32_t a = c->particle[0], b = c->particle[1];
            lm_vec3 xa = p->x[a], xb = p->x[b];
            if (lm_fmax(xa.x, xb.x) < lo.x || lm_fmin(xa.x, xb.x) > hi.x ||
                lm_fmax(xa.y, xb.y) < lo.y || lm_fmin(xa.y, xb.y) > hi.y ||
                lm_fmax(xa.z, xb.z) < lo.z || lm_fmin(xa.z, xb.z) > hi.z) {
                continue; /* the stick's box misses the collider's */
            }
            double wa = p->solve_w[a], wb = p->solve_w[b];
            if ((wa == 0 && wb == 0) || !touches(p, d, a) || !touches(p, d, b)) {
                continue;
            }
            lm_vec3 normal, mid = lm_scale(lm_add(p->x[a], p->x[b]), 0.5);
            double half = 0.5 * lm_length(lm_sub(p->x[b], p->x[a]));
            if (lm_solid_distance(d, mid, &normal) - half >= 0) {
                continue; /* the distance changes at most 1 m per metre along the stick */
            }
            if (d->kind == LM_COLLIDER_BOX && !lm_segment_enters_box(d, p->x[a], p->x[b])) {
                continue;
            }
            /* Pushed out at its deepest point, the stick turns about it
             * and may dip in elsewhere (across a box's edge): once more
             * from there, a few times, with friction on the first push. */
            for (int push = 0; push < EDGE_PUSHES; push++) {
                double t;
                lm_vec3 move;
                double depth = lm_deepest_on_segment(d, p->x[a], p->x[b], &t, &move);
                if (depth >= 0 || t <= 0 || t >= 1) {
                    break;
                }
                double c1 = 1 - t, c2 = t;
                double lambda = 1.0 / (c1 * c1 * wa + c2 * c2 * wb);
                if (push == 0 && (mu_s > 0 || mu_k > 0)) {
                    double amount = lm_length(move);
                    normal = lm_scale(move, 1.0 / amount);
                    move = lm_add(move, edge_friction(world, item, step, a, b, c1, c2, normal,
                                                      amount, mu_s, mu_k));
                }
                move = lm_scale(move, lambda);
                p->x[a] = lm_mad(p->x[a], move, c1 * wa);
                p->x[b] = lm_mad(p->x[b], move, c2 * wb);
            }
        }
    }
}

/* ---------------------------------------------------------------- faces -- */

static lm_vec3 face_friction(const lm_world *world, const lm_collider_item *c, const lm_step *step,
                             const uint32_t slot[3], const double w[3], lm_vec3 normal, double push,
                             double mu_s, double mu_k) {
    const lm_particles *p = &world->particles;
    lm_vec3 now = lm_v3(0, 0, 0), before = lm_v3(0, 0, 0);
    for (int i = 0; i < 3; i++) {
        now = lm_mad(now, p->x[slot[i]], w[i]);
        before = lm_mad(before, p->x0[slot[i]], w[i]);
    }
    return point_friction(c, step, now, before, normal, push, mu_s, mu_k);
}

/* One face against one (non-container) sphere, capsule or box. */
static void project_face(lm_world *world, const lm_collider_item *item, const lm_step *step,
                         const lm_constraint_item *face, lm_vec3 lo, lm_vec3 hi) {
    const lm_collider_def *d = &item->pose;
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
        reach = fmax(reach, lm_length(lm_sub(x[i], centroid)));
    }
    if (lm_solid_distance(d, centroid, &normal) - reach >= 0) {
        return;
    }
    /* The face's own normal, turned to the side the face came from. */
    lm_vec3 side = lm_cross(lm_sub(x[1], x[0]), lm_sub(x[2], x[0]));
    double side_length = lm_length(side);
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
    double depth = lm_deepest_on_triangle(d, x, side, c, &push);
    if (depth >= 0) {
        return;
    }
    double denominator = c[0] * c[0] * sw[0] + c[1] * c[1] * sw[1] + c[2] * c[2] * sw[2];
    if (!(denominator > 0)) {
        return; /* the deepest point is an immovable corner */
    }
    double mu_k = d->friction, mu_s = d->static_friction < 0 ? mu_k : d->static_friction;
    double push_length = lm_length(push);
    if ((mu_s > 0 || mu_k > 0) && push_length > 0) {
        push =
            lm_add(push, face_friction(world, item, step, slot, c,
                                       lm_scale(push, 1.0 / push_length), push_length, mu_s, mu_k));
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
void lm_faces_project(lm_world *world, const lm_step *step) {
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
        const lm_collider_item *item = lm_store_at(&world->colliders, k);
        const lm_collider_def *d = &item->pose;
        if (d->container || d->kind == LM_COLLIDER_PLANE || d->kind == LM_COLLIDER_WORLD_BOX) {
            continue;
        }
        lm_vec3 lo, hi;
        lm_collider_classes[d->kind].bounds(d, &lo, &hi);
        for (uint32_t r = 0; r < runs; r++) {
            if (run[r].kind != LM_SOLVER_FACE) {
                continue;
            }
            const lm_constraint_item *faces = lm_store_at(&world->constraints, run[r].start);
            for (uint32_t f = 0; f < run[r].count; f++) {
                project_face(world, item, step, &faces[f], lo, hi);
            }
        }
    }
}
