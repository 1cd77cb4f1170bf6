/* constraint.c - constraints satisfied by relaxation (Jakobsen 3-4, Lee 2).
 *
 * Each kind is a small table of functions (lm_constraint_class). The solver
 * hands a kind a run of consecutive items, so a cloth's thousands of sticks
 * are one call and one tight loop. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

_Static_assert(sizeof(lm_constraint_item) == 64, "a constraint item is one cache line");

/* Stick: keep |xb - xa| at the rest length. Each end moves in proportion to
 * its inverse mass, so an immovable end (inverse mass 0) stays put and a
 * lighter end moves more (Jakobsen's mass-weighted projection). A pinned
 * particle counts as immovable here: otherwise the stick would move it half
 * way, the pin would put it back, and every stick next to a pin would only
 * ever be half corrected (a cloth hanging from pins stretched at its corners). */
static void solve_sticks_sqrt_approx(lm_world *world, lm_constraint_item *items, uint32_t count);

static void solve_sticks(lm_world *world, lm_constraint_item *items, uint32_t count) {
    if (world->def.sqrt_approx) {
        solve_sticks_sqrt_approx(world, items, count);
        return;
    }
    lm_vec3 *x = world->particles.x;
    const double *w = world->particles.solve_w;
    for (uint32_t i = 0; i < count; i++) {
        const lm_constraint_item *c = &items[i];
        uint32_t a = c->particle[0], b = c->particle[1];
        double wsum = w[a] + w[b];
        lm_vec3 delta = lm_sub(x[b], x[a]);
        double length = sqrt(lm_dot(delta, delta));
        if (wsum == 0.0 || length < 1e-12) {
            continue; /* both immovable, or coincident: no direction to push along */
        }
        double k = c->stiffness * (length - c->rest) / (length * wsum);
        x[a] = lm_mad(x[a], delta, w[a] * k);
        x[b] = lm_mad(x[b], delta, -w[b] * k);
    }
}

static double stick_error(const lm_world *world, const lm_constraint_item *c) {
    lm_vec3 delta = lm_sub(world->particles.x[c->particle[1]], world->particles.x[c->particle[0]]);
    return fabs(sqrt(lm_dot(delta, delta)) - c->rest);
}

/* Pin: the particle sits at the target. Applied after every other constraint
 * in each sweep, as the article re-applies its hook inside the loop. */
static void solve_pins(lm_world *world, lm_constraint_item *items, uint32_t count) {
    lm_vec3 *x = world->particles.x;
    if (world->substeps_left <= 1) {
        for (uint32_t i = 0; i < count; i++) {
            x[items[i].particle[0]] = items[i].u.target;
        }
        return;
    }
    /* A target the script moved between steps is reached in equal parts over
     * the step's sub-steps, so the pinned particle moves (and leaves the step)
     * with the target's velocity instead of jumping in the first sub-step. */
    const lm_vec3 *x0 = world->particles.x0;
    double part = 1.0 / world->substeps_left;
    for (uint32_t i = 0; i < count; i++) {
        uint32_t s = items[i].particle[0];
        x[s] = lm_mad(x0[s], lm_sub(items[i].u.target, x0[s]), part);
    }
}

/* A pinned particle moves only with its target: its velocity is the target's,
 * not what the integrator predicted before the pin pulled it back. */
static void pin_velocity(lm_world *world, lm_constraint_item *items, uint32_t count, double h) {
    lm_particles *p = &world->particles;
    for (uint32_t i = 0; i < count; i++) {
        uint32_t s = items[i].particle[0];
        p->v[s] = lm_scale(lm_sub(p->x[s], p->x0[s]), 1.0 / h);
    }
}

static double pin_error(const lm_world *world, const lm_constraint_item *c) {
    lm_vec3 delta = lm_sub(world->particles.x[c->particle[0]], c->u.target);
    return sqrt(lm_dot(delta, delta));
}

/* Jakobsen's square-root approximation: sqrt(d.d) replaced by its first-order
 * Taylor expansion around the rest length r (one Newton step from r), so
 * (length - r) / length becomes (d.d - r^2) / (d.d + r^2). Exact at the rest
 * length; the error grows with the distance from it. */
static double sqrt_approx_factor(double d2, double rest) {
    double r2 = rest * rest;
    return (d2 - r2) / (d2 + r2);
}

static void solve_sticks_sqrt_approx(lm_world *world, lm_constraint_item *items, uint32_t count) {
    lm_vec3 *x = world->particles.x;
    const double *w = world->particles.solve_w;
    for (uint32_t i = 0; i < count; i++) {
        const lm_constraint_item *c = &items[i];
        uint32_t a = c->particle[0], b = c->particle[1];
        double wsum = w[a] + w[b];
        lm_vec3 delta = lm_sub(x[b], x[a]);
        double d2 = lm_dot(delta, delta);
        if (wsum == 0.0 || d2 + c->rest * c->rest < 1e-24) {
            continue;
        }
        double k = c->stiffness * sqrt_approx_factor(d2, c->rest) / wsum;
        x[a] = lm_mad(x[a], delta, w[a] * k);
        x[b] = lm_mad(x[b], delta, -w[b] * k);
    }
}

/* ------------------------------------------------------------- distance --
 * A distance kept within [min, max] (rest = max). A rope has min 0: it
 * pulls when stretched and is slack otherwise (Jakobsen's unilateral
 * constraints). A stick with options has min = max and may use XPBD
 * compliance, the square-root approximation, or break. */

static void break_item(lm_world *world, lm_constraint_item *c) {
    c->flags |= LM_ITEM_BROKEN | LM_ITEM_JUST_BROKEN;
    world->broke_in_step++;
}

static void solve_distances(lm_world *world, lm_constraint_item *items, uint32_t count) {
    lm_vec3 *x = world->particles.x;
    const double *w = world->particles.solve_w;
    double h = world->def.time_step / world->def.substeps;
    double inv_h2 = 1.0 / (h * h);
    bool world_approx = world->def.sqrt_approx;
    for (uint32_t i = 0; i < count; i++) {
        lm_constraint_item *c = &items[i];
        if (c->flags & LM_ITEM_BROKEN) {
            continue;
        }
        uint32_t a = c->particle[0], b = c->particle[1];
        double wsum = w[a] + w[b];
        lm_vec3 delta = lm_sub(x[b], x[a]);
        double d2 = lm_dot(delta, delta);
        bool approx = (c->flags & LM_ITEM_SQRT_APPROX || world_approx) &&
                      !(c->flags & LM_ITEM_XPBD) && c->u.distance.min == c->rest && c->rest > 0;
        if (approx) {
            double r2 = c->rest * c->rest;
            if ((c->flags & LM_ITEM_BREAKABLE) &&
                (d2 - r2) / (2.0 * r2) > c->u.distance.break_strain) {
                break_item(world, c); /* the approximate length is (d.d + r^2) / 2r */
                continue;
            }
            if (wsum == 0.0) {
                continue;
            }
            double k = c->stiffness * sqrt_approx_factor(d2, c->rest) / wsum;
            x[a] = lm_mad(x[a], delta, w[a] * k);
            x[b] = lm_mad(x[b], delta, -w[b] * k);
            continue;
        }
        double length = sqrt(d2);
        if ((c->flags & LM_ITEM_BREAKABLE) && c->rest > 0 &&
            (length - c->rest) / c->rest > c->u.distance.break_strain) {
            break_item(world, c);
            continue;
        }
        double error;
        if (length > c->rest) {
            error = length - c->rest;
        } else if (length < c->u.distance.min) {
            error = length - c->u.distance.min;
        } else {
            continue; /* within the limits: a slack rope does nothing */
        }
        if (wsum == 0.0 || length < 1e-12) {
            continue;
        }
        if (c->flags & LM_ITEM_XPBD) {
            /* XPBD: the correction is a Lagrange multiplier increment with the
             * compliance scaled by 1/h^2; lambda accumulates over the sweeps
             * of a sub-step, so the result converges to the same stretch
             * whatever the iteration count. */
            double alpha = c->stiffness * inv_h2;
            double dlambda = (-error - alpha * c->u.distance.lambda) / (wsum + alpha);
            c->u.distance.lambda += dlambda;
            double k = dlambda / length; /* along the unit vector delta / length */
            x[a] = lm_mad(x[a], delta, -w[a] * k);
            x[b] = lm_mad(x[b], delta, w[b] * k);
        } else {
            double k = c->stiffness * error / (length * wsum);
            x[a] = lm_mad(x[a], delta, w[a] * k);
            x[b] = lm_mad(x[b], delta, -w[b] * k);
        }
    }
}

static void distance_begin(lm_world *world, lm_constraint_item *items, uint32_t count) {
    (void)world;
    for (uint32_t i = 0; i < count; i++) {
        items[i].u.distance.lambda = 0;
    }
}

static double distance_length(const lm_world *world, const lm_constraint_item *c) {
    lm_vec3 delta = lm_sub(world->particles.x[c->particle[1]], world->particles.x[c->particle[0]]);
    return sqrt(lm_dot(delta, delta));
}

static double distance_error(const lm_world *world, const lm_constraint_item *c) {
    if (c->flags & LM_ITEM_BROKEN) {
        return 0;
    }
    double length = distance_length(world, c);
    if (length > c->rest) {
        return length - c->rest;
    }
    return length < c->u.distance.min ? c->u.distance.min - length : 0;
}

/* ---------------------------------------------------------------- angle --
 * The angle at b between u = a - b and v = c - b, kept within [min, max]
 * (Jakobsen 6: joint limits of articulated bodies). Projected along the
 * angle's gradient: with n the rotation axis, d(theta)/du = -(n x u)/|u|^2
 * and d(theta)/dv = (n x v)/|v|^2; b takes minus their sum. Unsigned angles
 * use n = u x v / |u x v| (theta in [0, pi]); signed ones use n = +z and the
 * components in the xy-plane (theta in (-pi, pi]). */

static const double PI = 3.14159265358979323846;

static lm_vec3 cross(lm_vec3 a, lm_vec3 b) {
    return lm_v3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x);
}

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
    lm_vec3 axis = cross(*u, *v);
    double sine = sqrt(lm_dot(axis, axis));
    *theta = atan2(sine, lm_dot(*u, *v));
    if (sine < 1e-12 * sqrt(lm_dot(*u, *u) * lm_dot(*v, *v))) {
        /* Parallel arms (0 or 180 degrees): every axis perpendicular to them
         * is as good; take the one from the coordinate axis least aligned
         * with u, so a straight arm with max < 180 still bends. */
        lm_vec3 e = fabs(u->x) <= fabs(u->y) && fabs(u->x) <= fabs(u->z) ? lm_v3(1, 0, 0)
                    : fabs(u->y) <= fabs(u->z)                           ? lm_v3(0, 1, 0)
                                                                         : lm_v3(0, 0, 1);
        axis = cross(*u, e);
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

static void solve_angles(lm_world *world, lm_constraint_item *items, uint32_t count) {
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
        lm_vec3 ga = lm_scale(cross(n, u), -1.0 / lm_dot(u, u));
        lm_vec3 ge = lm_scale(cross(n, v), 1.0 / lm_dot(v, v));
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

/* --------------------------------------------------------- area, volume --
 * Pressure: the signed area of a polygon (xy-plane) or the volume enclosed
 * by a triangle mesh is kept at its target, every particle moving along the
 * gradient of the measure in proportion to its inverse mass (position-based
 * dynamics, one scalar constraint over n particles). */

static const uint32_t *shape_slots(const lm_world *world, const lm_constraint_item *c) {
    return world->shape_index + c->u.shape.first;
}

static double polygon_area(const lm_world *world, const lm_constraint_item *c) {
    const lm_vec3 *x = world->particles.x;
    const uint32_t *s = shape_slots(world, c);
    uint32_t n = c->u.shape.count;
    double twice = 0;
    for (uint32_t i = 0; i < n; i++) {
        lm_vec3 p = x[s[i]], q = x[s[(i + 1) % n]];
        twice += p.x * q.y - q.x * p.y;
    }
    return 0.5 * twice;
}

static double mesh_volume(const lm_world *world, const lm_constraint_item *c) {
    const lm_vec3 *x = world->particles.x;
    const uint32_t *s = shape_slots(world, c);
    const uint32_t *t = s + c->u.shape.count;
    double six = 0;
    for (uint32_t i = 0; i < c->u.shape.triangles; i++) {
        lm_vec3 p = x[s[t[3 * i]]], q = x[s[t[3 * i + 1]]], r = x[s[t[3 * i + 2]]];
        six += lm_dot(p, cross(q, r));
    }
    return six / 6.0;
}

/* Moves the shape's particles along gradient g (one per particle) to remove
 * stiffness x error. */
static void project_shape(lm_world *world, const lm_constraint_item *c, const lm_vec3 *g,
                          double error) {
    lm_vec3 *x = world->particles.x;
    const double *w = world->particles.solve_w;
    const uint32_t *s = shape_slots(world, c);
    uint32_t n = c->u.shape.count;
    double denom = 0;
    for (uint32_t i = 0; i < n; i++) {
        denom += w[s[i]] * lm_dot(g[i], g[i]);
    }
    if (denom < 1e-24) {
        return;
    }
    double k = -c->stiffness * error / denom;
    for (uint32_t i = 0; i < n; i++) {
        x[s[i]] = lm_mad(x[s[i]], g[i], k * w[s[i]]);
    }
}

static void solve_areas(lm_world *world, lm_constraint_item *items, uint32_t count) {
    const lm_vec3 *x = world->particles.x;
    lm_vec3 *g = world->shape_gradient;
    for (uint32_t i = 0; i < count; i++) {
        const lm_constraint_item *c = &items[i];
        const uint32_t *s = shape_slots(world, c);
        uint32_t n = c->u.shape.count;
        for (uint32_t j = 0; j < n; j++) {
            /* dA/dx_j = (y_next - y_prev) / 2, dA/dy_j = (x_prev - x_next) / 2 */
            lm_vec3 prev = x[s[(j + n - 1) % n]], next = x[s[(j + 1) % n]];
            g[j] = lm_v3(0.5 * (next.y - prev.y), 0.5 * (prev.x - next.x), 0);
        }
        project_shape(world, c, g, polygon_area(world, c) - c->rest);
    }
}

static void solve_volumes(lm_world *world, lm_constraint_item *items, uint32_t count) {
    const lm_vec3 *x = world->particles.x;
    lm_vec3 *g = world->shape_gradient;
    for (uint32_t i = 0; i < count; i++) {
        const lm_constraint_item *c = &items[i];
        const uint32_t *s = shape_slots(world, c);
        const uint32_t *t = s + c->u.shape.count;
        for (uint32_t j = 0; j < c->u.shape.count; j++) {
            g[j] = lm_v3(0, 0, 0);
        }
        /* dV/dp of one triangle's p.(q x r)/6 is (q x r)/6, and cyclically. */
        for (uint32_t j = 0; j < c->u.shape.triangles; j++) {
            uint32_t ip = t[3 * j], iq = t[3 * j + 1], ir = t[3 * j + 2];
            lm_vec3 p = x[s[ip]], q = x[s[iq]], r = x[s[ir]];
            g[ip] = lm_mad(g[ip], cross(q, r), 1.0 / 6.0);
            g[iq] = lm_mad(g[iq], cross(r, p), 1.0 / 6.0);
            g[ir] = lm_mad(g[ir], cross(p, q), 1.0 / 6.0);
        }
        project_shape(world, c, g, mesh_volume(world, c) - c->rest);
    }
}

/* Relative, unless the target is 0 (a degenerate shape made from C). */
static double relative(double value, double target) {
    return target != 0 ? fabs(value - target) / fabs(target) : fabs(value);
}

static double area_error(const lm_world *world, const lm_constraint_item *c) {
    return relative(polygon_area(world, c), c->rest);
}

static double volume_error(const lm_world *world, const lm_constraint_item *c) {
    return relative(mesh_volume(world, c), c->rest);
}

/* ---------------------------------------------------------------- faces --
 * A collision face keeps nothing by itself: its particles are held together
 * by whatever sticks the scene gave them. The collision pass
 * (lm_faces_project in collider.c) finds the faces through their runs. */

static void solve_faces(lm_world *world, lm_constraint_item *items, uint32_t count) {
    (void)world;
    (void)items;
    (void)count;
}

static double face_area(const lm_world *world, const lm_constraint_item *c) {
    const lm_vec3 *x = world->particles.x;
    lm_vec3 a = x[c->particle[0]];
    lm_vec3 n = cross(lm_sub(x[c->particle[1]], a), lm_sub(x[c->particle[2]], a));
    return 0.5 * sqrt(lm_dot(n, n));
}

static double face_error(const lm_world *world, const lm_constraint_item *c) {
    (void)world;
    (void)c;
    return 0;
}

/* ---------------------------------------------------------------- table -- */

const lm_constraint_class lm_constraint_classes[LM_SOLVER_COUNT] = {
    [LM_SOLVER_STICK] = {"stick", 0, 2, solve_sticks, NULL, stick_error, NULL},
    [LM_SOLVER_PIN] = {"pin", 1, 1, solve_pins, pin_velocity, pin_error, NULL},
    [LM_SOLVER_DISTANCE] = {"distance", 0, 2, solve_distances, NULL, distance_error,
                            distance_begin},
    [LM_SOLVER_ANGLE] = {"angle", 0, 3, solve_angles, NULL, angle_error, NULL},
    [LM_SOLVER_AREA] = {"area", 0, 0, solve_areas, NULL, area_error, NULL},
    [LM_SOLVER_VOLUME] = {"volume", 0, 0, solve_volumes, NULL, volume_error, NULL},
    [LM_SOLVER_FACE] = {"face", 0, 3, solve_faces, NULL, face_error, NULL},
};

static const char *const kind_names[LM_CONSTRAINT_KIND_COUNT] = {
    [LM_CONSTRAINT_STICK] = "stick", [LM_CONSTRAINT_PIN] = "pin",
    [LM_CONSTRAINT_ROPE] = "rope",   [LM_CONSTRAINT_ANGLE] = "angle",
    [LM_CONSTRAINT_AREA] = "area",   [LM_CONSTRAINT_VOLUME] = "volume",
    [LM_CONSTRAINT_FACE] = "face",
};

const char *lm_constraint_kind_name(lm_constraint_kind kind) {
    assert(kind < LM_CONSTRAINT_KIND_COUNT);
    return kind_names[kind];
}

bool lm_constraint_uses_slot(const lm_world *world, const lm_constraint_item *c, uint32_t slot) {
    if (c->solver == LM_SOLVER_AREA || c->solver == LM_SOLVER_VOLUME) {
        const uint32_t *s = shape_slots(world, c);
        for (uint32_t i = 0; i < c->u.shape.count; i++) {
            if (s[i] == slot) {
                return true;
            }
        }
        return false;
    }
    for (int i = 0; i < lm_constraint_classes[c->solver].particle_count; i++) {
        if (c->particle[i] == slot) {
            return true;
        }
    }
    return false;
}

/* ------------------------------------------------------------- creating -- */

lm_stick_def lm_stick_default_def(void) {
    lm_stick_def def;
    memset(&def, 0, sizeof def);
    def.rest_length = -1;
    def.stiffness = 1;
    return def;
}

lm_rope_def lm_rope_default_def(void) {
    lm_rope_def def;
    memset(&def, 0, sizeof def);
    def.max_length = -1;
    def.stiffness = 1;
    return def;
}

lm_angle_def lm_angle_default_def(void) {
    lm_angle_def def;
    memset(&def, 0, sizeof def);
    def.max_angle = PI;
    def.stiffness = 1;
    return def;
}

lm_shape_def lm_shape_default_def(void) {
    lm_shape_def def;
    memset(&def, 0, sizeof def);
    def.scale = 1;
    def.stiffness = 1;
    return def;
}

static lm_constraint add(lm_world *world, lm_constraint_item **item, lm_constraint_kind kind,
                         enum lm_solver solver) {
    assert(!world->stepping);
    lm_constraint handle = {0, 0};
    *item = lm_store_add(&world->constraints, &handle.index1, &handle.generation);
    if (*item) {
        (*item)->kind = (uint16_t)kind;
        (*item)->solver = (uint16_t)solver;
    }
    return handle;
}

static double current_distance(const lm_world *world, uint32_t a, uint32_t b) {
    lm_vec3 delta = lm_sub(world->particles.x[b], world->particles.x[a]);
    return sqrt(lm_dot(delta, delta));
}

lm_constraint lm_stick_create(lm_world *world, const lm_stick_def *def) {
    uint32_t a = lm_particle_slot(world, def->a), b = lm_particle_slot(world, def->b);
    assert(a != b && def->stiffness > 0 && def->stiffness <= 1);
    assert(def->compliance >= 0 && def->break_strain >= 0);
    bool plain = def->compliance == 0 && !def->sqrt_approx && def->break_strain == 0;
    assert(def->look < LM_LOOK_COUNT);
    if (!lm_look_reserve(world, def->color)) {
        return (lm_constraint){0, 0};
    }
    lm_constraint_item *c;
    lm_constraint handle =
        add(world, &c, LM_CONSTRAINT_STICK, plain ? LM_SOLVER_STICK : LM_SOLVER_DISTANCE);
    if (!c) {
        return handle;
    }
    c->particle[0] = a;
    c->particle[1] = b;
    c->stiffness = def->stiffness;
    c->rest = def->rest_length >= 0 ? def->rest_length : current_distance(world, a, b);
    if (!plain) {
        c->u.distance.min = c->rest;
        if (def->compliance > 0) {
            c->flags |= LM_ITEM_XPBD;
            c->stiffness = def->compliance;
        }
        if (def->sqrt_approx) {
            c->flags |= LM_ITEM_SQRT_APPROX;
        }
        if (def->break_strain > 0) {
            c->flags |= LM_ITEM_BREAKABLE;
            c->u.distance.break_strain = def->break_strain;
        }
    }
    lm_look_store(world, c, handle.index1, def->look, def->color); /* room reserved above */
    return handle;
}

lm_constraint lm_rope_create(lm_world *world, const lm_rope_def *def) {
    uint32_t a = lm_particle_slot(world, def->a), b = lm_particle_slot(world, def->b);
    double max = def->max_length >= 0 ? def->max_length : current_distance(world, a, b);
    assert(a != b && def->stiffness > 0 && def->stiffness <= 1);
    assert(def->min_length >= 0 && def->min_length <= max && def->compliance >= 0);
    assert(def->look < LM_LOOK_COUNT);
    if (!lm_look_reserve(world, def->color)) {
        return (lm_constraint){0, 0};
    }
    lm_constraint_item *c;
    lm_constraint handle = add(world, &c, LM_CONSTRAINT_ROPE, LM_SOLVER_DISTANCE);
    if (!c) {
        return handle;
    }
    c->particle[0] = a;
    c->particle[1] = b;
    c->rest = max;
    c->u.distance.min = def->min_length;
    c->stiffness = def->stiffness;
    if (def->compliance > 0) {
        c->flags |= LM_ITEM_XPBD;
        c->stiffness = def->compliance;
    }
    lm_look_store(world, c, handle.index1, def->look, def->color); /* room reserved above */
    return handle;
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
    lm_constraint handle = add(world, &c, LM_CONSTRAINT_ANGLE, LM_SOLVER_ANGLE);
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
    return handle;
}

/* Appends n entries to the shape index and makes room in the gradient scratch. */
static uint32_t *reserve_shape(lm_world *world, uint32_t entries, uint32_t particles) {
    if (world->shape_gradient_capacity < particles) {
        lm_vec3 *grown = realloc(world->shape_gradient, particles * sizeof *grown);
        if (!grown) {
            return NULL;
        }
        world->shape_gradient = grown;
        world->shape_gradient_capacity = particles;
    }
    if (world->shape_index_count + entries > world->shape_index_capacity) {
        uint32_t next = world->shape_index_capacity * 2 + entries;
        uint32_t *grown = realloc(world->shape_index, next * sizeof *grown);
        if (!grown) {
            return NULL;
        }
        world->shape_index = grown;
        world->shape_index_capacity = next;
    }
    return world->shape_index + world->shape_index_count;
}

static lm_constraint create_shape(lm_world *world, const lm_shape_def *def, lm_constraint_kind kind,
                                  enum lm_solver solver) {
    assert(def->scale > 0 && def->stiffness > 0 && def->stiffness <= 1);
    lm_constraint none = {0, 0};
    uint32_t n = def->particle_count, entries = n + 3 * def->triangle_count;
    uint32_t *slots = reserve_shape(world, entries, n);
    if (!slots) {
        return none;
    }
    for (uint32_t i = 0; i < n; i++) {
        slots[i] = lm_particle_slot(world, def->particles[i]);
    }
    for (uint32_t i = 0; i < 3 * def->triangle_count; i++) {
        assert(def->triangles[i] < n);
        slots[n + i] = def->triangles[i];
    }
    lm_constraint_item *c;
    lm_constraint handle = add(world, &c, kind, solver);
    if (!c) {
        return handle;
    }
    c->u.shape.first = world->shape_index_count;
    c->u.shape.count = n;
    c->u.shape.triangles = def->triangle_count;
    world->shape_index_count += entries;
    c->stiffness = def->stiffness;
    double measure = solver == LM_SOLVER_AREA ? polygon_area(world, c) : mesh_volume(world, c);
    c->rest = def->scale * measure;
    return handle;
}

/* Squeezes the entries of removed areas and volumes out of shape_index once
 * they are more than half of it, so a scene that keeps making and removing
 * pressure bodies runs in bounded memory. Call with the constraint store
 * compacted (every item alive). Shapes were appended in creation order, and
 * the store keeps that order, so moving each one's entries forward never
 * overwrites entries still to be moved. */
void lm_shapes_compact(lm_world *world) {
    if (world->shape_index_dead == 0 || 2 * world->shape_index_dead < world->shape_index_count) {
        return;
    }
    uint32_t next = 0;
    for (uint32_t i = 0; i < world->constraints.count; i++) {
        lm_constraint_item *c = lm_store_at(&world->constraints, i);
        if (c->solver != LM_SOLVER_AREA && c->solver != LM_SOLVER_VOLUME) {
            continue;
        }
        uint32_t entries = c->u.shape.count + 3 * c->u.shape.triangles;
        assert(c->u.shape.first >= next);
        memmove(world->shape_index + next, world->shape_index + c->u.shape.first,
                entries * sizeof *world->shape_index);
        c->u.shape.first = next;
        next += entries;
    }
    world->shape_index_count = next;
    world->shape_index_dead = 0;
}

lm_constraint lm_area_create(lm_world *world, const lm_shape_def *def) {
    assert(def->particle_count >= 3);
    return create_shape(world, def, LM_CONSTRAINT_AREA, LM_SOLVER_AREA);
}

lm_constraint lm_volume_create(lm_world *world, const lm_shape_def *def) {
    assert(def->particle_count >= 4 && def->triangle_count >= 4);
    return create_shape(world, def, LM_CONSTRAINT_VOLUME, LM_SOLVER_VOLUME);
}

lm_constraint lm_face_create(lm_world *world, lm_particle a, lm_particle b, lm_particle c) {
    uint32_t sa = lm_particle_slot(world, a), sb = lm_particle_slot(world, b);
    uint32_t sc = lm_particle_slot(world, c);
    assert(sa != sb && sb != sc && sa != sc && "a face needs three different particles");
    lm_constraint_item *item;
    lm_constraint handle = add(world, &item, LM_CONSTRAINT_FACE, LM_SOLVER_FACE);
    if (!item) {
        return handle;
    }
    item->particle[0] = sa;
    item->particle[1] = sb;
    item->particle[2] = sc;
    item->stiffness = 1;
    return handle;
}

lm_constraint lm_pin_create(lm_world *world, lm_particle particle, lm_vec3 target) {
    uint32_t s = lm_particle_slot(world, particle);
    lm_constraint_item *c;
    lm_constraint handle = add(world, &c, LM_CONSTRAINT_PIN, LM_SOLVER_PIN);
    if (!c) {
        return handle;
    }
    c->particle[0] = s;
    c->u.target = target;
    c->stiffness = 1;
    world->particles.pins[s]++;
    world->particles.solve_w[s] = 0;
    return handle;
}

/* -------------------------------------------------------------- queries -- */

static lm_constraint_item *get(const lm_world *world, lm_constraint constraint) {
    assert(lm_constraint_is_valid(world, constraint) && "use of a removed constraint");
    return lm_store_get(&world->constraints, constraint.index1);
}

void lm_pin_set_target(lm_world *world, lm_constraint pin, lm_vec3 target) {
    lm_constraint_item *c = get(world, pin);
    assert(c->kind == LM_CONSTRAINT_PIN);
    c->u.target = target;
}

lm_vec3 lm_pin_target(const lm_world *world, lm_constraint pin) {
    const lm_constraint_item *c = get(world, pin);
    assert(c->kind == LM_CONSTRAINT_PIN);
    return c->u.target;
}

void lm_constraint_destroy(lm_world *world, lm_constraint constraint) {
    assert(!world->stepping);
    lm_constraint_item *c = get(world, constraint);
    if (c->kind == LM_CONSTRAINT_PIN) {
        lm_particles *p = &world->particles;
        uint32_t s = c->particle[0];
        if (--p->pins[s] == 0) {
            p->solve_w[s] = p->inv_mass[s];
        }
    }
    if (c->solver == LM_SOLVER_AREA || c->solver == LM_SOLVER_VOLUME) {
        /* Its entries in shape_index are dead now; lm_shapes_compact reclaims them. */
        world->shape_index_dead += c->u.shape.count + 3 * c->u.shape.triangles;
    }
    lm_store_remove(&world->constraints, constraint.index1);
}

bool lm_constraint_is_valid(const lm_world *world, lm_constraint constraint) {
    return lm_store_is_valid(&world->constraints, constraint.index1, constraint.generation);
}

lm_constraint_kind lm_constraint_get_kind(const lm_world *world, lm_constraint constraint) {
    return (lm_constraint_kind)get(world, constraint)->kind;
}

uint32_t lm_constraint_all_particles(const lm_world *world, lm_constraint constraint,
                                     lm_particle *out, uint32_t max) {
    const lm_constraint_item *c = get(world, constraint);
    uint32_t n;
    const uint32_t *slots;
    if (c->solver == LM_SOLVER_AREA || c->solver == LM_SOLVER_VOLUME) {
        n = c->u.shape.count;
        slots = shape_slots(world, c);
    } else {
        n = (uint32_t)lm_constraint_classes[c->solver].particle_count;
        slots = c->particle;
    }
    for (uint32_t i = 0; i < n && i < max; i++) {
        out[i] = lm_particle_handle(world, slots[i]);
    }
    return n;
}

int lm_constraint_particles(const lm_world *world, lm_constraint constraint, lm_particle out[4]) {
    uint32_t n = lm_constraint_all_particles(world, constraint, out, 4);
    return n < 4 ? (int)n : 4;
}

bool lm_constraint_is_broken(const lm_world *world, lm_constraint constraint) {
    return (get(world, constraint)->flags & LM_ITEM_BROKEN) != 0;
}

double lm_stick_rest_length(const lm_world *world, lm_constraint stick) {
    const lm_constraint_item *c = get(world, stick);
    assert(c->kind == LM_CONSTRAINT_STICK);
    return c->rest;
}

void lm_constraint_limits(const lm_world *world, lm_constraint constraint, double *min,
                          double *max) {
    const lm_constraint_item *c = get(world, constraint);
    if (c->kind == LM_CONSTRAINT_ROPE) {
        *min = c->u.distance.min;
        *max = c->rest;
    } else {
        assert(c->kind == LM_CONSTRAINT_ANGLE);
        *min = c->u.angle.min;
        *max = c->u.angle.max;
    }
}

double lm_constraint_value(const lm_world *world, lm_constraint constraint) {
    const lm_constraint_item *c = get(world, constraint);
    switch (c->solver) {
    case LM_SOLVER_PIN:
        return pin_error(world, c);
    case LM_SOLVER_ANGLE:
        return angle_value(world, c);
    case LM_SOLVER_AREA:
        return polygon_area(world, c);
    case LM_SOLVER_VOLUME:
        return mesh_volume(world, c);
    case LM_SOLVER_FACE:
        return face_area(world, c);
    default:
        return distance_length(world, c);
    }
}

double lm_constraint_error(const lm_world *world, lm_constraint constraint) {
    const lm_constraint_item *c = get(world, constraint);
    return lm_constraint_classes[c->solver].error(world, c);
}
