/* angle.c - the angle at b between u = a - b and v = c - b, kept within [min, max]
 * (Jakobsen 6: joint limits of articulated bodies). Projected along the
 * angle's gradient: with n the rotation axis, d(theta)/du = -(n x u)/|u|^2
 * and d(theta)/dv = (n x v)/|v|^2; b takes minus their sum. Unsigned angles
 * use n = u x v / |u x v| (theta in [0, pi]); signed ones use n = +z and the
 * components in the xy-plane (theta in (-pi, pi]). */
#include <string.h>

#include "constraint.h"

static const double PI = 3.14159265358979323846;

/* The angle, and the axis n (unit) its gradient turns about; false when
 * undefined (a zero-length arm). */
static bool measure_angle(const lm_world *world, const lm_constraint_item *c, lm_vec3 *u,
                          lm_vec3 *v, lm_vec3 *n, double *theta) {
    const lm_vec3 *x = world->particles.x;
    *u = lm_sub(x[c->particle[0]], x[c->particle[1]]);
    *v = lm_sub(x[c->particle[2]], x[c->particle[1]]);
    if (c->flags & LM_ITEM_SIGNED) {
        u->z = 0;
        v->z = 0;
        *n = lm_v3(0, 0, 1);
        *theta = atan2(u->x * v->y - u->y * v->x, u->x * v->x + u->y * v->y);
        return lm_dot(*u, *u) > 1e-24 && lm_dot(*v, *v) > 1e-24;
    }
    lm_vec3 axis = lm_cross(*u, *v);
    double sine = sqrt(lm_dot(axis, axis));
    *theta = atan2(sine, lm_dot(*u, *v));
    if (sine < 1e-12 * sqrt(lm_dot(*u, *u) * lm_dot(*v, *v))) {
        /* Parallel arms (0 or 180 degrees): every axis perpendicular to them
         * is as good; take the one from the coordinate axis least aligned
         * with u, so a straight arm with max < 180 still bends. */
        lm_vec3 e = fabs(u->x) <= fabs(u->y) && fabs(u->x) <= fabs(u->z) ? lm_v3(1, 0, 0)
                    : fabs(u->y) <= fabs(u->z)                           ? lm_v3(0, 1, 0)
                                                                         : lm_v3(0, 0, 1);
        axis = lm_cross(*u, e);
        sine = sqrt(lm_dot(axis, axis));
        if (sine < 1e-12 || lm_dot(*v, *v) < 1e-24) {
            return false; /* a zero-length arm */
        }
    }
    *n = lm_scale(axis, 1.0 / sine);
    return true;
}

/* How far theta is outside [min, max] (negative below min), 0 inside. A
 * signed range runs counter-clockwise from min to max, so min > max wraps
 * through 180 degrees (a hip swinging either side of straight). */
static double angle_violation(const lm_constraint_item *c, double theta) {
    if (c->flags & LM_ITEM_SIGNED) {
        double span = c->u.angle.max - c->u.angle.min;
        if (span < 0) {
            span += 2 * PI;
        }
        double offset = theta - c->u.angle.min; /* counter-clockwise from min, in [0, 2 pi) */
        while (offset < 0) {
            offset += 2 * PI;
        }
        while (offset >= 2 * PI) {
            offset -= 2 * PI;
        }
        if (offset <= span || span >= 2 * PI) {
            return 0;
        }
        double past_max = offset - span, before_min = 2 * PI - offset;
        return past_max < before_min ? past_max : -before_min;
    }
    if (theta < c->u.angle.min) {
        return theta - c->u.angle.min;
    }
    return theta > c->u.angle.max ? theta - c->u.angle.max : 0;
}

static void solve_angles(lm_world *world, const lm_step *step, lm_constraint_item *items,
                         uint32_t count) {
    (void)step;
    lm_vec3 *x = world->particles.x;
    const double *w = world->particles.solve_w;
    for (uint32_t i = 0; i < count; i++) {
        const lm_constraint_item *c = &items[i];
        lm_vec3 u, v, n;
        double theta;
        if (!measure_angle(world, c, &u, &v, &n, &theta)) {
            continue;
        }
        double error = angle_violation(c, theta);
        if (error == 0) {
            continue;
        }
        uint32_t a = c->particle[0], b = c->particle[1], e = c->particle[2];
        lm_vec3 ga = lm_scale(lm_cross(n, u), -1.0 / lm_dot(u, u));
        lm_vec3 ge = lm_scale(lm_cross(n, v), 1.0 / lm_dot(v, v));
        lm_vec3 gb = lm_scale(lm_add(ga, ge), -1.0);
        double denom = w[a] * lm_dot(ga, ga) + w[b] * lm_dot(gb, gb) + w[e] * lm_dot(ge, ge);
        if (denom < 1e-24) {
            continue;
        }
        double s = -c->stiffness * error / denom;
        x[a] = lm_mad(x[a], ga, s * w[a]);
        x[b] = lm_mad(x[b], gb, s * w[b]);
        x[e] = lm_mad(x[e], ge, s * w[e]);
    }
}

static double angle_value(const lm_world *world, const lm_constraint_item *c) {
    lm_vec3 u, v, n;
    double theta;
    measure_angle(world, c, &u, &v, &n, &theta);
    return theta;
}

static double angle_error(const lm_world *world, const lm_constraint_item *c) {
    return fabs(angle_violation(c, angle_value(world, c)));
}

lm_angle_def lm_angle_default_def(void) {
    lm_angle_def def;
    memset(&def, 0, sizeof def);
    def.max_angle = PI;
    def.stiffness = 1;
    return def;
}

lm_constraint lm_angle_create(lm_world *world, const lm_angle_def *def) {
    uint32_t a = lm_particle_slot(world, def->a), b = lm_particle_slot(world, def->b);
    uint32_t e = lm_particle_slot(world, def->c);
    assert(a != b && b != e && a != e && def->stiffness > 0 && def->stiffness <= 1);
    assert(def->signed_z
               ? def->min_angle >= -PI && def->min_angle <= PI && def->max_angle >= -PI &&
                     def->max_angle <= PI
               : def->min_angle >= 0 && def->min_angle <= def->max_angle && def->max_angle <= PI);
    lm_constraint_item *c;
    lm_constraint handle = lm_constraint_add(world, &c, LM_CONSTRAINT_ANGLE, LM_SOLVER_ANGLE, 3);
    if (!c) {
        return handle;
    }
    c->particle[0] = a;
    c->particle[1] = b;
    c->particle[2] = e;
    c->stiffness = def->stiffness;
    c->u.angle.min = def->min_angle;
    c->u.angle.max = def->max_angle;
    if (def->signed_z) {
        c->flags |= LM_ITEM_SIGNED;
    }
    lm_constraint_link(world, &lm_angle_class, c, handle);
    return handle;
}

/* [min, max] (radians). */
static bool angle_limits(const lm_constraint_item *c, double *min, double *max) {
    *min = c->u.angle.min;
    *max = c->u.angle.max;
    return true;
}

const lm_constraint_class lm_angle_class = {
    .name = "angle",
    .phase = 0,
    .particle_count = 3,
    .solve = solve_angles,
    .error = angle_error,
    .value = angle_value,
    .limits = angle_limits,
};
