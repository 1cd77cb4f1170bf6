/* shape.c - area and volume. Pressure: the signed area of a polygon (xy-plane) or the volume
 * enclosed by a triangle mesh is kept at its target, every particle moving along the gradient of
 * the measure in proportion to its inverse mass (position-based dynamics, one scalar constraint
 * over n particles). */
#include "constraint.h"

static double polygon_area(const lm_world *world, const lm_constraint_item *c) {
    const lm_vec3 *x = world->particles.x;
    const uint32_t *s = lm_shape_slots(world, c);
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
    const uint32_t *s = lm_shape_slots(world, c);
    const uint32_t *t = s + c->u.shape.count;
    double six = 0;
    for (uint32_t i = 0; i < c->u.shape.triangles; i++) {
        lm_vec3 p = x[s[t[3 * i]]], q = x[s[t[3 * i + 1]]], r = x[s[t[3 * i + 2]]];
        six += lm_dot(p, lm_cross(q, r));
    }
    return six / 6.0;
}

/* Moves the shape's particles along gradient g (one per particle) to remove
 * stiffness x error. */
static void project_shape(lm_world *world, const lm_constraint_item *c, const lm_vec3 *g,
                          double error) {
    lm_vec3 *x = world->particles.x;
    const double *w = world->particles.solve_w;
    const uint32_t *s = lm_shape_slots(world, c);
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

static void solve_areas(lm_world *world, const lm_step *step, lm_constraint_item *items,
                        uint32_t count) {
    (void)step;
    const lm_vec3 *x = world->particles.x;
    lm_vec3 *g = world->shape_gradient;
    for (uint32_t i = 0; i < count; i++) {
        const lm_constraint_item *c = &items[i];
        const uint32_t *s = lm_shape_slots(world, c);
        uint32_t n = c->u.shape.count;
        for (uint32_t j = 0; j < n; j++) {
            /* dA/dx_j = (y_next - y_prev) / 2, dA/dy_j = (x_prev - x_next) / 2 */
            lm_vec3 prev = x[s[(j + n - 1) % n]], next = x[s[(j + 1) % n]];
            g[j] = lm_v3(0.5 * (next.y - prev.y), 0.5 * (prev.x - next.x), 0);
        }
        project_shape(world, c, g, polygon_area(world, c) - c->rest);
    }
}

static void solve_volumes(lm_world *world, const lm_step *step, lm_constraint_item *items,
                          uint32_t count) {
    (void)step;
    const lm_vec3 *x = world->particles.x;
    lm_vec3 *g = world->shape_gradient;
    for (uint32_t i = 0; i < count; i++) {
        const lm_constraint_item *c = &items[i];
        const uint32_t *s = lm_shape_slots(world, c);
        const uint32_t *t = s + c->u.shape.count;
        for (uint32_t j = 0; j < c->u.shape.count; j++) {
            g[j] = lm_v3(0, 0, 0);
        }
        /* dV/dp of one triangle's p.(q x r)/6 is (q x r)/6, and cyclically. */
        for (uint32_t j = 0; j < c->u.shape.triangles; j++) {
            uint32_t ip = t[3 * j], iq = t[3 * j + 1], ir = t[3 * j + 2];
            lm_vec3 p = x[s[ip]], q = x[s[iq]], r = x[s[ir]];
            g[ip] = lm_mad(g[ip], lm_cross(q, r), 1.0 / 6.0);
            g[iq] = lm_mad(g[iq], lm_cross(r, p), 1.0 / 6.0);
            g[ir] = lm_mad(g[ir], lm_cross(p, q), 1.0 / 6.0);
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

const lm_constraint_class lm_area_class = {
    .name = "area",
    .phase = 0,
    .solve = solve_areas,
    .error = area_error,
    .value = polygon_area,
};

const lm_constraint_class lm_volume_class = {
    .name = "volume",
    .phase = 0,
    .solve = solve_volumes,
    .error = volume_error,
    .value = mesh_volume,
};
