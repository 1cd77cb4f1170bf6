/* shape.c - area and volume. Pressure: the signed area of a polygon (xy-plane) or the volume
 * enclosed by a triangle mesh is kept at its target, every particle moving along the gradient of
 * the measure in proportion to its inverse mass (position-based dynamics, one scalar constraint
 * over n particles). */
#include <string.h>

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

/* Its particles are listed in shape_index (any number of them). */
static const uint32_t *shape_particles(const lm_world *world, const lm_constraint_item *c,
                                       uint32_t *n) {
    *n = c->u.shape.count;
    return lm_shape_slots(world, c);
}

lm_shape_def lm_shape_default_def(void) {
    lm_shape_def def;
    memset(&def, 0, sizeof def);
    def.scale = 1;
    def.stiffness = 1;
    return def;
}

/* Appends n entries to the shape index and makes room in the gradient scratch. */
static uint32_t *reserve_shape(lm_world *world, uint32_t entries, uint32_t particles) {
    if (world->shape_gradient_capacity < particles) {
        lm_vec3 *grown =
            lm_memory_resize_array(world->memory, world->shape_gradient, particles, sizeof *grown);
        if (!grown) {
            return NULL;
        }
        world->shape_gradient = grown;
        world->shape_gradient_capacity = particles;
    }
    if (world->shape_index_count + entries > world->shape_index_capacity) {
        uint32_t next = world->shape_index_capacity * 2 + entries;
        uint32_t *grown =
            lm_memory_resize_array(world->memory, world->shape_index, next, sizeof *grown);
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
    lm_constraint none = {0, 0, 0};
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
    lm_constraint handle = lm_constraint_add(world, &c, kind, solver, n);
    if (!c) {
        return handle;
    }
    c->u.shape.first = world->shape_index_count;
    c->u.shape.count = n;
    c->u.shape.triangles = def->triangle_count;
    world->shape_index_count += entries;
    c->stiffness = def->stiffness;
    const lm_constraint_class *own = solver == LM_SOLVER_AREA ? &lm_area_class : &lm_volume_class;
    double measure = own->value(world, c);
    c->rest = def->scale * measure;
    lm_constraint_link(world, own, c, handle);
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

/* Its entries in shape_index are dead now; lm_shapes_compact reclaims them. */
static void destroy_shape(lm_world *world, lm_constraint_item *c) {
    world->shape_index_dead += c->u.shape.count + 3 * c->u.shape.triangles;
}

const lm_constraint_class lm_area_class = {
    .name = "area",
    .phase = 0,
    .solve = solve_areas,
    .error = area_error,
    .value = polygon_area,
    .particles = shape_particles,
    .destroy = destroy_shape,
};

const lm_constraint_class lm_volume_class = {
    .name = "volume",
    .phase = 0,
    .solve = solve_volumes,
    .error = volume_error,
    .value = mesh_volume,
    .particles = shape_particles,
    .destroy = destroy_shape,
};
