/* embed.c - points carried by four particles that collide (Jakobsen §5,
 * figure 6). A box embedded in a tetrahedron is drawn at its corners; to
 * make it collide, each corner becomes an embedded point x = sum c_i x_i,
 * with c_i its barycentric weights in the tetrahedron. Pushed out of a
 * collider by D, the point moves its four particles the way a stick's
 * penetration point moves its ends: x_i += c_i w_i lambda D, lambda = 1 /
 * sum c_j^2 w_j, which puts the point exactly at x + D. Friction and
 * restitution are not applied to embedded points. */
#include <math.h>
#include <stdlib.h>

#include "geometry.h"

typedef struct lm_embedded {
    lm_particle particle[4];
    double weight[4];
    double radius;
} lm_embedded;

bool lm_embedded_create(lm_world *world, const lm_particle particles[4], const double weights[4],
                        double radius) {
    assert(!world->stepping && radius >= 0 && isfinite(radius));
    lm_collision *c = &world->collision;
    if (c->embedded_count == c->embedded_capacity) {
        uint32_t next = c->embedded_capacity ? 2 * c->embedded_capacity : 8;
        lm_embedded *grown = lm_memory_resize_array(c->memory, c->embedded, next, sizeof *grown);
        if (!grown) {
            return false;
        }
        c->embedded = grown;
        c->embedded_capacity = next;
    }
    lm_embedded *e = &c->embedded[c->embedded_count++];
    for (int i = 0; i < 4; i++) {
        assert(lm_particle_is_valid(world, particles[i]) && isfinite(weights[i]));
        e->particle[i] = particles[i];
        e->weight[i] = weights[i];
    }
    e->radius = radius;
    return true;
}

static bool push_out(lm_world *world, const lm_embedded *e, const lm_collider_def *d) {
    lm_particles *p = &world->particles;
    uint32_t slot[4];
    lm_vec3 x = lm_v3(0, 0, 0);
    double denominator = 0;
    for (int i = 0; i < 4; i++) {
        if (!lm_particle_is_valid(world, e->particle[i])) {
            return false; /* a particle was removed: the point is gone */
        }
        slot[i] = lm_particle_slot(world, e->particle[i]);
        x = lm_mad(x, p->x[slot[i]], e->weight[i]);
        denominator += e->weight[i] * e->weight[i] * p->solve_w[slot[i]];
    }
    lm_vec3 normal;
    double distance = lm_free_distance(d, x, &normal);
    if (distance >= e->radius || !(denominator > 0)) {
        return true;
    }
    lm_vec3 move = lm_scale(normal, (e->radius - distance) / denominator);
    for (int i = 0; i < 4; i++) {
        p->x[slot[i]] = lm_mad(p->x[slot[i]], move, e->weight[i] * p->solve_w[slot[i]]);
    }
    return true;
}

void lm_embedded_project(lm_world *world) {
    lm_collision *c = &world->collision;
    for (uint32_t k = 0; k < world->colliders.count; k++) {
        if (!lm_store_alive(&world->colliders, k)) {
            continue;
        }
        const lm_collider_item *item = lm_store_at(&world->colliders, k);
        if (item->def.kind == LM_COLLIDER_WORLD_BOX) {
            continue; /* the world box clamps particles only */
        }
        for (uint32_t e = 0; e < c->embedded_count; e++) {
            push_out(world, &c->embedded[e], &item->def);
        }
    }
}
