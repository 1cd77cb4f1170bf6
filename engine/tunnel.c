/* tunnel.c - noticing a particle that passed through a thin collider.
 *
 * Contacts are found per sub-step (projection, Jakobsen §3): a particle that
 * moves farther in one sub-step than a collider is thick can start on one
 * side and end on the other without ever being found inside it. After a
 * step, lm_world_find_tunnel looks at each movable particle's last sub-step,
 * x0 -> x: if both ends are clear of a sphere, capsule or box (not a plane:
 * an infinite half-space has no far side; not a container) but the segment
 * between them passes through it, the particle tunnelled. The sub-steps that
 * would have caught it are those that make its move shorter than the
 * collider's thickness. */
#include <math.h>

#include "geometry.h"

/* Twice the smallest half-size: how far a particle may move per sub-step. */
static double thickness(const lm_collider_def *d) {
    switch (d->kind) {
    case LM_COLLIDER_SPHERE:
    case LM_COLLIDER_CAPSULE:
        return 2.0 * d->radius;
    case LM_COLLIDER_BOX:
        return 2.0 * fmin(d->half_extents.x, fmin(d->half_extents.y, d->half_extents.z));
    default:
        return INFINITY;
    }
}

bool lm_world_find_tunnel(const lm_world *world, lm_tunnel *out) {
    const lm_particles *p = &world->particles;
    for (uint32_t k = 0; k < world->colliders.count; k++) {
        if (!lm_store_alive(&world->colliders, k)) {
            continue;
        }
        const lm_collider_item *c = lm_store_at(&world->colliders, k);
        const lm_collider_def *d = &c->def;
        double thick = thickness(d);
        if (d->container || !isfinite(thick)) {
            continue;
        }
        for (uint32_t i = 0; i < p->count; i++) {
            if (!p->alive[i] || p->inv_mass[i] == 0) {
                continue;
            }
            lm_vec3 move = lm_sub(p->x[i], p->x0[i]);
            double length = lm_length(move);
            double r = p->radius[i];
            if (!(length > thick + 2 * r)) {
                continue; /* short enough to have been seen inside */
            }
            lm_vec3 normal;
            if (lm_solid_distance(d, p->x0[i], &normal) < r ||
                lm_solid_distance(d, p->x[i], &normal) < r) {
                continue;
            }
            double t;
            if (lm_deepest_on_segment(d, p->x0[i], p->x[i], &t, &normal) >= r) {
                continue;
            }
            uint32_t cslot = world->colliders.item_slot[k];
            out->particle = lm_particle_handle(world, i);
            out->collider.index1 = cslot + 1;
            out->collider.generation = world->colliders.slot_generation[cslot];
            double h = world->def.time_step / world->def.substeps;
            out->speed = length / h;
            out->thickness = thick;
            out->substeps = (int)ceil(world->def.substeps * length / (thick + 2 * r));
            return true;
        }
    }
    return false;
}
