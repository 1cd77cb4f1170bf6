/* geometry.c - pure geometry of collider shapes: rotations, signed
 * distances, and the deepest point of a segment or a triangle in a solid.
 * Nothing here knows about particles or the world.
 *
 * Every shape but the world box is described by its signed distance: how far
 * a point is from the surface, positive on the free side, and the direction
 * in which that distance grows (the contact normal). Projecting a particle of
 * radius r is then one line: move it along the normal until the distance is r.
 * The same function finds the deepest point of a stick (Jakobsen 5), answers
 * lm_collider_distance, and gives the tests their measure of penetration. */
#include <math.h>

#include "geometry.h"

/* ------------------------------------------------------------ rotations -- */

lm_quat lm_quat_from_axis_angle(lm_vec3 axis, double angle) {
    double len = lm_length(axis);
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
    double lf = lm_length(from), lt = lm_length(to);
    lm_quat q = {1, 0, 0, 0};
    if (!(lf > 0) || !(lt > 0)) {
        return q;
    }
    lm_vec3 a = lm_scale(from, 1.0 / lf), b = lm_scale(to, 1.0 / lt);
    double c = lm_dot(a, b);
    if (c < -1.0 + 1e-12) {
        /* Opposite: half a turn about any axis perpendicular to a. */
        lm_vec3 axis = lm_cross(a, lm_v3(1, 0, 0));
        if (lm_dot(axis, axis) < 1e-12) {
            axis = lm_cross(a, lm_v3(0, 0, 1));
        }
        return lm_quat_from_axis_angle(axis, 3.14159265358979323846);
    }
    lm_vec3 axis = lm_cross(a, b);
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
    lm_vec3 t = lm_scale(lm_cross(u, v), 2.0);
    return lm_add(lm_mad(v, t, q.w), lm_cross(u, t));
}

lm_vec3 lm_quat_rotate_back(lm_quat q, lm_vec3 v) {
    lm_quat inverse = {q.w, -q.x, -q.y, -q.z};
    return lm_quat_rotate(inverse, v);
}

lm_quat lm_quat_normalized(lm_quat q) {
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
double lm_solid_distance(const lm_collider_def *d, lm_vec3 x, lm_vec3 *normal) {
    switch (d->kind) {
    case LM_COLLIDER_PLANE: {
        lm_vec3 n = lm_quat_rotate(d->rotation, lm_v3(0, 1, 0));
        *normal = n;
        return lm_dot(lm_sub(x, d->position), n);
    }
    case LM_COLLIDER_SPHERE: {
        lm_vec3 v = lm_sub(x, d->position);
        double len = lm_length(v);
        *normal = len > 1e-12 ? lm_scale(v, 1.0 / len) : lm_v3(0, 1, 0);
        return len - d->radius;
    }
    case LM_COLLIDER_CAPSULE: {
        lm_vec3 axis = lm_quat_rotate(d->rotation, lm_v3(1, 0, 0));
        double t =
            fmax(-d->half_length, fmin(d->half_length, lm_dot(lm_sub(x, d->position), axis)));
        lm_vec3 v = lm_sub(x, lm_mad(d->position, axis, t));
        double len = lm_length(v);
        *normal =
            len > 1e-12 ? lm_scale(v, 1.0 / len) : lm_quat_rotate(d->rotation, lm_v3(0, 1, 0));
        return len - d->radius;
    }
    case LM_COLLIDER_BOX: {
        lm_vec3 local = lm_quat_rotate_back(d->rotation, lm_sub(x, d->position));
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
            double len = lm_length(v);
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
double lm_free_distance(const lm_collider_def *d, lm_vec3 x, lm_vec3 *normal) {
    double distance = lm_solid_distance(d, x, normal);
    if (d->container && d->kind != LM_COLLIDER_WORLD_BOX) {
        *normal = lm_scale(*normal, -1.0);
        return -distance;
    }
    return distance;
}

/* ------------------------------------------------------------- segments -- */

/* Whether segment a..b enters an oriented box: clip it against the three
 * slabs (Liang-Barsky). Exact and cheap, so most sticks near a box never
 * reach the search below. */
bool lm_segment_enters_box(const lm_collider_def *d, lm_vec3 a, lm_vec3 b) {
    lm_vec3 la = lm_quat_rotate_back(d->rotation, lm_sub(a, d->position));
    lm_vec3 lb = lm_quat_rotate_back(d->rotation, lm_sub(b, d->position));
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

/* The point of segment a..b deepest in a solid is where its signed distance
 * is least. Each kind has an exact answer, found in a fixed number of steps
 * (a golden-section search over the distance took 42 evaluations, each
 * with a rotation, and stopped 1e-9 short of an end or a corner):
 * - sphere: the point nearest the centre (closed form);
 * - box, reaching in: inside, the distance is F = the largest of the six
 *   faces' plane distances, each affine in t. F is below the distance
 *   outside and equal to it inside, so where min F < 0 the segment's deepest
 *   point is F's least point: t = 0, t = 1 or where two faces' lines cross.
 * - box, staying out, and capsule: the squared distance is convex and made
 *   of quadratic pieces in t (a box axis is inside its slab or beyond one
 *   face; a capsule's nearest axis point is an end or in between); each
 *   piece's least point is a candidate;
 * - plane and world box: the distance is affine (a plane) or the least of
 *   six affine ones (inside a world box), concave along a line: least at an
 *   end.
 * Ties (a segment parallel to a face or to a capsule's axis) go to the
 * smallest t. */

/* The least value over [0, 1] of a convex function g made of quadratic
 * pieces joined at breaks[0..n) (any order, any values): on each interval
 * between consecutive breaks in [0, 1] the piece's own least value (at its
 * vertex, or at an end) is a candidate, and convexity makes the least
 * candidate g's minimum. */
typedef struct quadratic_pieces {
    /* A and B of g = A t^2 + 2 B t + C on the piece that holds t */
    void (*piece)(const void *shape, double t, double *a, double *b);
    double (*value)(const void *shape, double t); /* g(t) itself */
    const void *shape;
    /* A at most this is flat: a segment parallel to the axis or face to
     * within 1e-12 rad, whose A is rounding and whose vertex is anywhere */
    double flat;
} quadratic_pieces;

static double least_on_pieces(const quadratic_pieces *g, const double *breaks, int n,
                              double *t_out) {
    double at[8] = {0.0};
    int count = 1;
    for (int k = 0; k < n && count < 7; k++) {
        if (breaks[k] > 0.0 && breaks[k] < 1.0) {
            int i = count++;
            for (; at[i - 1] > breaks[k]; i--) {
                at[i] = at[i - 1];
            }
            at[i] = breaks[k];
        }
    }
    at[count++] = 1.0;
    double best = INFINITY, best_t = 0.0;
    for (int k = 0; k + 1 < count; k++) {
        double lo = at[k], hi = at[k + 1], a, b;
        g->piece(g->shape, 0.5 * (lo + hi), &a, &b);
        double tries[2] = {lo, hi};
        int n_tries = 2;
        if (a > g->flat) {
            tries[0] = lm_fmax(lo, lm_fmin(hi, -b / a));
            n_tries = 1;
        }
        for (int i = 0; i < n_tries; i++) {
            double v = g->value(g->shape, tries[i]);
            if (v < best) {
                best = v;
                best_t = tries[i];
            }
        }
    }
    *t_out = best_t;
    return best;
}

/* A segment in a box's frame: from + t delta, against half extents h. */
typedef struct box_segment {
    double from[3], delta[3], h[3];
} box_segment;

static void box_piece(const void *shape, double t, double *a, double *b) {
    const box_segment *s = shape;
    *a = *b = 0.0;
    for (int k = 0; k < 3; k++) {
        double l = s->from[k] + t * s->delta[k];
        if (l > s->h[k] || l < -s->h[k]) {
            double c = l > 0 ? s->from[k] - s->h[k] : s->from[k] + s->h[k];
            *a += s->delta[k] * s->delta[k];
            *b += c * s->delta[k];
        }
    }
}

/* The squared distance from the box outside it (0 inside). */
static double box_value(const void *shape, double t) {
    const box_segment *s = shape;
    double sum = 0.0;
    for (int k = 0; k < 3; k++) {
        double q = fabs(s->from[k] + t * s->delta[k]) - s->h[k];
        sum += q > 0 ? q * q : 0.0;
    }
    return sum;
}

/* The move that brings a segment reaching into a box out at its deepest
 * point t, where face k's plane distance along it is p[k] + q[k] t and the
 * largest of them is depth < 0. One face there: off it. Two perpendicular
 * faces tie where the segment crosses the line of the edge between them,
 * their distances falling at rate a along it and rising at rate b on the
 * far side: a push of alpha off the first and beta off the second makes the
 * deepest point of the segment (alpha b + beta a) / (a + b) shallower, and
 * the least such move that brings it out is (alpha, beta) proportional to
 * (b, a). A cloth draped over a table's edge, running along the top, is
 * held up by the top rather than pushed off sideways; a level stick on a
 * diamond's apex goes straight up. More ties (a box thinner than the
 * segment's reach, a segment through a corner): off the face the segment
 * runs most along. */
static lm_vec3 box_push(const lm_collider_def *d, const double p[6], const double q[6],
                        double depth, double t) {
    double tie = 1e-9 * (1.0 + d->half_extents.x + d->half_extents.y + d->half_extents.z);
    int tied[6], count = 0, flattest = -1;
    for (int k = 0; k < 6; k++) {
        if (p[k] + q[k] * t >= depth - tie) {
            tied[count++] = k;
            flattest = flattest < 0 || fabs(q[k]) < fabs(q[flattest]) ? k : flattest;
        }
    }
    double n[3] = {0, 0, 0};
    double a = count == 2 ? fabs(q[tied[0]]) : 0, b = count == 2 ? fabs(q[tied[1]]) : 0;
    if (count == 2 && tied[0] / 2 != tied[1] / 2 && a + b > 0) {
        double scale = -depth * (a + b) / (a * a + b * b);
        n[tied[0] / 2] = (tied[0] % 2 ? -1.0 : 1.0) * scale * b;
        n[tied[1] / 2] = (tied[1] % 2 ? -1.0 : 1.0) * scale * a;
    } else {
        n[flattest / 2] = (flattest % 2 ? -1.0 : 1.0) * -depth;
    }
    return lm_quat_rotate(d->rotation, lm_v3(n[0], n[1], n[2]));
}

static double box_deepest(const lm_collider_def *d, lm_vec3 a, lm_vec3 b, double *t_out,
                          lm_vec3 *push) {
    lm_vec3 la = lm_quat_rotate_back(d->rotation, lm_sub(a, d->position));
    lm_vec3 lb = lm_quat_rotate_back(d->rotation, lm_sub(b, d->position));
    box_segment s = {{la.x, la.y, la.z},
                     {lb.x - la.x, lb.y - la.y, lb.z - la.z},
                     {d->half_extents.x, d->half_extents.y, d->half_extents.z}};
    double p[6], q[6]; /* face k's plane distance p + q t: axis k / 2, side + or - */
    for (int k = 0; k < 6; k++) {
        double sign = k % 2 ? -1.0 : 1.0;
        p[k] = sign * s.from[k / 2] - s.h[k / 2];
        q[k] = sign * s.delta[k / 2];
    }
    double tries[2 + 15] = {0.0, 1.0}; /* the ends, then where two lines cross */
    int n_tries = 2;
    for (int i = 0; i < 6; i++) {
        for (int j = i + 1; j < 6; j++) {
            double t = (p[j] - p[i]) / (q[i] - q[j]);
            if (t > 0.0 && t < 1.0) { /* false for parallel lines too */
                tries[n_tries++] = t;
            }
        }
    }
    double best = INFINITY, best_t = 0.0;
    for (int i = 0; i < n_tries; i++) {
        double f = -INFINITY;
        for (int k = 0; k < 6; k++) {
            f = lm_fmax(f, p[k] + q[k] * tries[i]);
        }
        if (f < best || (f == best && tries[i] < best_t)) {
            best = f;
            best_t = tries[i];
        }
    }
    if (best < 0) {
        *t_out = best_t;
        *push = box_push(d, p, q, best, best_t);
        return best;
    }
    double breaks[6];
    int n = 0;
    for (int k = 0; k < 3; k++) {
        if (s.delta[k] != 0.0) {
            breaks[n++] = (s.h[k] - s.from[k]) / s.delta[k];
            breaks[n++] = (-s.h[k] - s.from[k]) / s.delta[k];
        }
    }
    double length2 = s.delta[0] * s.delta[0] + s.delta[1] * s.delta[1] + s.delta[2] * s.delta[2];
    quadratic_pieces g = {box_piece, box_value, &s, 1e-24 * length2};
    least_on_pieces(&g, breaks, n, &best_t);
    *t_out = best_t;
    lm_vec3 normal;
    double distance = lm_solid_distance(d, lm_mad(a, lm_sub(b, a), best_t), &normal);
    *push = lm_scale(normal, -distance);
    return distance;
}

/* A segment from + t delta against a capsule's axis: from and delta
 * relative to its centre, the axis direction and half length. */
typedef struct capsule_segment {
    lm_vec3 from, delta, axis;
    double half_length;
} capsule_segment;

static void capsule_piece(const void *shape, double t, double *a, double *b) {
    const capsule_segment *s = shape;
    double along = lm_dot(lm_mad(s->from, s->delta, t), s->axis);
    if (fabs(along) > s->half_length) { /* nearest to an end of the axis */
        lm_vec3 from = lm_mad(s->from, s->axis, along > 0 ? -s->half_length : s->half_length);
        *a = lm_dot(s->delta, s->delta);
        *b = lm_dot(from, s->delta);
        return;
    }
    /* nearest to a point between: the distance across the axis */
    lm_vec3 delta_across = lm_cross(s->delta, s->axis);
    *a = lm_dot(delta_across, delta_across);
    *b = lm_dot(lm_cross(s->from, s->axis), delta_across);
}

/* The squared distance from the capsule's axis. */
static double capsule_value(const void *shape, double t) {
    const capsule_segment *s = shape;
    lm_vec3 x = lm_mad(s->from, s->delta, t);
    double along = lm_fmax(-s->half_length, lm_fmin(s->half_length, lm_dot(x, s->axis)));
    lm_vec3 v = lm_mad(x, s->axis, -along);
    return lm_dot(v, v);
}

static double capsule_deepest_t(const lm_collider_def *d, lm_vec3 a, lm_vec3 b) {
    capsule_segment s = {lm_sub(a, d->position), lm_sub(b, a),
                         lm_quat_rotate(d->rotation, lm_v3(1, 0, 0)), d->half_length};
    double along0 = lm_dot(s.from, s.axis), rate = lm_dot(s.delta, s.axis);
    double breaks[2];
    int n = 0;
    if (rate != 0.0) {
        breaks[n++] = (s.half_length - along0) / rate;
        breaks[n++] = (-s.half_length - along0) / rate;
    }
    quadratic_pieces g = {capsule_piece, capsule_value, &s, 1e-24 * lm_dot(s.delta, s.delta)};
    double t;
    least_on_pieces(&g, breaks, n, &t);
    return t;
}

/* The point of segment a..b deepest in the solid: its parameter t, its
 * signed distance there, and the move that brings the segment out there
 * (the normal times minus the distance, but at a box's edge, box_push). */
double lm_deepest_on_segment(const lm_collider_def *d, lm_vec3 a, lm_vec3 b, double *t_out,
                             lm_vec3 *push) {
    lm_vec3 ab = lm_sub(b, a);
    double t = 0.0;
    switch (d->kind) {
    case LM_COLLIDER_SPHERE: {
        double length2 = lm_dot(ab, ab);
        t = length2 > 0 ? lm_dot(lm_sub(d->position, a), ab) / length2 : 0.0;
        t = lm_fmax(0.0, lm_fmin(1.0, t));
        break;
    }
    case LM_COLLIDER_BOX:
        return box_deepest(d, a, b, t_out, push);
    case LM_COLLIDER_CAPSULE:
        t = capsule_deepest_t(d, a, b);
        break;
    case LM_COLLIDER_PLANE:
    case LM_COLLIDER_WORLD_BOX:
    case LM_COLLIDER_KIND_COUNT: {
        lm_vec3 n;
        t = lm_solid_distance(d, b, &n) < lm_solid_distance(d, a, &n) ? 1.0 : 0.0;
        break;
    }
    }
    *t_out = t;
    lm_vec3 normal;
    double distance = lm_solid_distance(d, lm_mad(a, ab, t), &normal);
    *push = lm_scale(normal, -distance);
    return distance;
}

/* ------------------------------------------------------------ triangles -- */

/* The point of triangle x[0..2] closest to q, as barycentric weights: by the
 * Voronoi regions of its vertices, edges and interior, tested in that order.
 * An edge of zero length has no region of its own (its ends have), and a
 * triangle of zero area that reaches the interior test gives its nearest
 * vertex, so nothing divides by zero. */
void lm_closest_on_triangle(lm_vec3 q, const lm_vec3 x[3], double w[3]) {
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

lm_vec3 lm_barycentric(const lm_vec3 x[3], const double w[3]) {
    return lm_add(lm_add(lm_scale(x[0], w[0]), lm_scale(x[1], w[1])), lm_scale(x[2], w[2]));
}

/* Distance from centre to the triangle's closest point p (weights w), and
 * the displacement that puts p at radius from centre: along p - centre, or
 * along side when the triangle passes through the centre. */
static double round_depth(lm_vec3 centre, double radius, const lm_vec3 x[3], lm_vec3 side,
                          double w[3], lm_vec3 *push) {
    lm_closest_on_triangle(centre, x, w);
    lm_vec3 v = lm_sub(lm_barycentric(x, w), centre);
    double len = lm_length(v);
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
    lm_vec3 o = lm_quat_rotate_back(d->rotation, lm_sub(x[0], d->position));
    lm_vec3 e1 = lm_quat_rotate_back(d->rotation, lm_sub(x[1], x[0]));
    lm_vec3 e2 = lm_quat_rotate_back(d->rotation, lm_sub(x[2], x[0]));
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
double lm_deepest_on_triangle(const lm_collider_def *d, const lm_vec3 x[3], lm_vec3 side,
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
    lm_closest_on_triangle(q1, x, w);
    double f1 = lm_length(lm_sub(lm_barycentric(x, w), q1));
    lm_closest_on_triangle(q2, x, w);
    double f2 = lm_length(lm_sub(lm_barycentric(x, w), q2));
    for (int k = 0; k < 40 && hi > lo; k++) {
        if (f1 <= f2) {
            hi = s2;
            s2 = s1;
            f2 = f1;
            s1 = hi - golden * (hi - lo);
            q1 = lm_mad(d->position, axis, s1);
            lm_closest_on_triangle(q1, x, w);
            f1 = lm_length(lm_sub(lm_barycentric(x, w), q1));
        } else {
            lo = s1;
            s1 = s2;
            f1 = f2;
            s2 = lo + golden * (hi - lo);
            q2 = lm_mad(d->position, axis, s2);
            lm_closest_on_triangle(q2, x, w);
            f2 = lm_length(lm_sub(lm_barycentric(x, w), q2));
        }
    }
    double s = 0.5 * (lo + hi);
    if (fabs(s) >= d->half_length * (1 - 1e-9)) {
        return round_depth(lm_mad(d->position, axis, s), d->radius, x, side, w, push); /* a cap */
    }
    /* Along the cylinder the push is across the axis, never along it: where
     * the face passes through the axis the search ends a hair from the
     * crossing and p - q points anywhere, and a push along the axis would
     * launch a body along a frictionless rail. */
    lm_vec3 q = lm_mad(d->position, axis, s);
    lm_closest_on_triangle(q, x, w);
    lm_vec3 v = lm_sub(lm_barycentric(x, w), q);
    v = lm_mad(v, axis, -lm_dot(v, axis));
    double len = lm_length(v);
    lm_vec3 across = lm_mad(side, axis, -lm_dot(side, axis));
    double across_length = lm_length(across);
    if (w[0] > 1e-9 && w[1] > 1e-9 && w[2] > 1e-9 && across_length > 1e-3) {
        /* Inside the triangle the push is along the face's normal across
         * the axis, by how far the face is on the side it came from: a
         * face that passed the axis goes back, not on through. */
        lm_vec3 m = lm_scale(across, 1.0 / across_length);
        double on = lm_dot(lm_sub(lm_barycentric(x, w), q), m);
        *push = lm_scale(m, d->radius - on);
        return on - d->radius;
    }
    lm_vec3 n;
    if (len > 1e-9 * (1 + d->radius)) {
        n = lm_scale(v, 1.0 / len);
    } else {
        n = across_length > 1e-9 ? lm_scale(across, 1.0 / across_length) : side;
        len = 0;
    }
    *push = lm_scale(n, d->radius - len);
    return len - d->radius;
}
