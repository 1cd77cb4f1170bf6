/* collider.c - collision by projection (Jakobsen 2): a particle found where it
 * may not be is moved to the nearest allowed point, inside the relaxation
 * loop, so contacts and constraints are solved together. */
#include <math.h>
#include <string.h>

#include "internal.h"

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
        if (p->inv_mass[i] == 0) {
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

const lm_collider_class lm_collider_classes[LM_COLLIDER_KIND_COUNT] = {
    [LM_COLLIDER_WORLD_BOX] = {"world_box", project_world_box, world_box_bounds},
};

lm_collider_def lm_collider_default_def(void) {
    lm_collider_def def;
    memset(&def, 0, sizeof def);
    def.kind = LM_COLLIDER_WORLD_BOX;
    def.min = lm_v3(-1, -1, -1);
    def.max = lm_v3(1, 1, 1);
    return def;
}

lm_collider lm_collider_create(lm_world *world, const lm_collider_def *def) {
    assert(!world->stepping);
    assert(def->kind < LM_COLLIDER_KIND_COUNT);
    assert(def->min.x < def->max.x && def->min.y < def->max.y && def->min.z < def->max.z);
    assert(def->restitution >= 0 && def->restitution <= 1 && def->friction >= 0);
    lm_collider handle = {0, 0};
    lm_collider_item *c = lm_store_add(&world->colliders, &handle.index1, &handle.generation);
    if (c) {
        c->def = *def;
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

lm_collider_def lm_collider_get_def(const lm_world *world, lm_collider collider) {
    assert(lm_collider_is_valid(world, collider) && "use of a removed collider");
    const lm_collider_item *c = lm_store_get(&world->colliders, collider.index1);
    return c->def;
}

/* After velocities are derived: a particle that hit a face leaves it with
 * -e times the normal speed it arrived with (slow arrivals rest instead of
 * jittering), and friction removes a fraction of its tangential speed. */
void lm_colliders_respond(lm_world *world, double h) {
    lm_particles *p = &world->particles;
    lm_vec3 g = world->def.gravity;
    double rest_speed = 2.0 * sqrt(lm_dot(g, g)) * h + 1e-6;
    for (uint32_t i = 0; i < p->count; i++) {
        uint8_t contact = p->contact[i];
        if (!contact || p->inv_mass[i] == 0 || p->contact_collider[i] >= world->colliders.count) {
            continue;
        }
        const lm_collider_item *c = lm_store_at(&world->colliders, p->contact_collider[i]);
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
}
