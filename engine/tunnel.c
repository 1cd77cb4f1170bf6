/* tunnel.c - noticing a particle that passed through a thin collider.
 *
 * Contacts are found per sub-step (projection, Jakobsen §3): a particle that
 * moves farther in one sub-step than a collider is thick can start on one
 * side and end on the other without ever being found inside it. After every
 * sub-step (from the contact response, whatever the integrator: the move is
 * x0 -> x, however it was made), lm_tunnel_note looks at each movable
 * particle's sub-step: if both ends are clear of a sphere, capsule or box
 * (not a plane: an infinite half-space has no far side; not a container)
 * but the segment between them passes through it, the particle tunnelled.
 * The sub-steps that would have caught it are those that make its move
 * shorter than the collider's thickness; of all the step's tunnels,
 * lm_world_find_tunnel reports the one that needs the most. */
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

void lm_tunnel_note(lm_world *world, const lm_step *step) {
    const lm_particles *p = &world->particles;
    lm_collision *c = &world->collision;
    for (uint32_t k = 0; k < world->colliders.count; k++) {
        if (!lm_store_alive(&world->colliders, k)) {
            continue;
        }
        const lm_collider_def *d =
            &((const lm_collider_item *)lm_store_at(&world->colliders, k))->pose;
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
            int substeps = (int)ceil(step->count * length / (thick + 2 * r));
            if (c->tunnel_found && substeps <= c->tunnel.substeps) {
                continue; /* one that needs more is noted already */
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
            c->tunnel.particle = lm_particle_handle(world, i);
            c->tunnel.collider = lm_collider_handle(world, world->colliders.item_slot[k]);
            c->tunnel.speed = length / step->h;
            c->tunnel.thickness = thick;
            c->tunnel.substeps = substeps;
            c->tunnel_found = true;
        }
    }
}

bool lm_world_find_tunnel(const lm_world *world, lm_tunnel *out) {
    if (!world->collision.tunnel_found) {
        return false;
    }
    *out = world->collision.tunnel;
    return true;
}
