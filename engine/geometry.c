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

/* The point of segment a..b deepest in the solid: its parameter t and its
 * distance. The signed distance of a convex solid is convex along a line, so
 * a golden-section search finds the minimum; a sphere has a closed form. */
double lm_deepest_on_segment(const lm_collider_def *d, lm_vec3 a, lm_vec3 b, double *t_out,
                             lm_vec3 *normal) {
    lm_vec3 ab = lm_sub(b, a);
    double length2 = lm_dot(ab, ab);
    if (d->kind == LM_COLLIDER_SPHERE) {
        double t = length2 > 0 ? lm_dot(lm_sub(d->position, a), ab) / length2 : 0.0;
        *t_out = fmax(0.0, fmin(1.0, t));
        return lm_solid_distance(d, lm_mad(a, ab, *t_out), normal);
    }
    const double golden = 0.61803398874989484820;
    double lo = 0.0, hi = 1.0;
    double t1 = hi - golden * (hi - lo), t2 = lo + golden * (hi - lo);
    lm_vec3 n;
    double f1 = lm_solid_distance(d, lm_mad(a, ab, t1), &n);
    double f2 = lm_solid_distance(d, lm_mad(a, ab, t2), &n);
    for (int k = 0; k < 40; k++) {
        if (f1 <= f2) {
            hi = t2;
            t2 = t1;
            f2 = f1;
            t1 = hi - golden * (hi - lo);
            f1 = lm_solid_distance(d, lm_mad(a, ab, t1), &n);
        } else {
            lo = t1;
            t1 = t2;
            f1 = f2;
            t2 = lo + golden * (hi - lo);
            f2 = lm_solid_distance(d, lm_mad(a, ab, t2), &n);
        }
    }
    *t_out = 0.5 * (lo + hi);
    return lm_solid_distance(d, lm_mad(a, ab, *t_out), normal);
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
