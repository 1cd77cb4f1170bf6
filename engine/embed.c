/* embed.c - points carried by four particles that collide (Jakobsen §5,
 * figure 6). A box embedded in a tetrahedron is drawn at its corners; to
 * make it collide, each corner becomes an embedded point x = sum c_i x_i,
 * with c_i its barycentric weights in the tetrahedron. Pushed out of a
 * collider by D, the point moves its four particles the way a stick's
 * penetration point moves its ends: x_i += c_i w_i lambda D, lambda = 1 /
 * sum c_j^2 w_j, which puts the point exactly at x + D.
 *
 * Friction is the collider's (Jakobsen §7, on positions). The point is in
 * contact this sub-step when the integrator drove it into the surface: its
 * predicted position sum c_i x~_i (x~ where the integrator put the particles,
 * before any projection) is deeper than its radius by P, the push the
 * contact needs, and it is still at the surface. Its free slip S is the
 * predicted move along the surface from sum c_i x0_i (less the surface's own
 * motion); friction sets the point's slip to 0 while |S| <= mu_s P (it
 * sticks) and to S shortened by mu_k P otherwise (it slides, decelerated by
 * mu_k times the normal push). Setting a target rather than taking back a
 * share of each sweep's push keeps a body resting on several points from
 * creeping: a corner only nudged in later sweeps still holds. Restitution is
 * not applied to embedded points (they rest). */
#include <math.h>
#include <stdlib.h>

#include "geometry.h"

typedef struct lm_embedded {
    lm_particle particle[4];
    double weight[4];
    double radius;
} lm_embedded;

/* How far above its radius a point in contact this sub-step still counts
 * as touching the surface (for friction). */
#define TOUCH 1e-5

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

/* The tangential part of v against the normal. */
static lm_vec3 tangential(lm_vec3 v, lm_vec3 normal) {
    return lm_mad(v, normal, -lm_dot(v, normal));
}

/* The slip along the surface that friction leaves the point this sub-step
 * (from before), given where the integrator would have taken it. */
static lm_vec3 friction_target(const lm_collider_item *item, const lm_step *step, lm_vec3 before,
                               lm_vec3 predicted, lm_vec3 normal, double push) {
    const lm_collider_def *d = &item->pose;
    double mu_k = d->friction, mu_s = d->static_friction < 0 ? mu_k : d->static_friction;
    lm_vec3 surface = lm_scale(lm_collider_surface_velocity(item, step, predicted), step->h);
    lm_vec3 free_slip = tangential(lm_sub(lm_sub(predicted, before), surface), normal);
    double length = lm_length(free_slip);
    if (length <= mu_s * push) {
        return lm_v3(0, 0, 0);
    }
    return lm_scale(free_slip, fmax(0.0, 1.0 - mu_k * push / length));
}

static bool push_out(lm_world *world, const lm_step *step, const lm_embedded *e,
                     const lm_collider_item *item) {
    const lm_collider_def *d = &item->pose;
    lm_particles *p = &world->particles;
    bool verlet = world->def.integrator == LM_INTEGRATOR_VERLET;
    double h = step->h;
    uint32_t slot[4];
    lm_vec3 x = lm_v3(0, 0, 0), before = lm_v3(0, 0, 0), predicted = lm_v3(0, 0, 0);
    double denominator = 0;
    for (int i = 0; i < 4; i++) {
        if (!lm_particle_is_valid(world, e->particle[i])) {
            return false; /* a particle was removed: the point is gone */
        }
        uint32_t k = slot[i] = lm_particle_slot(world, e->particle[i]);
        x = lm_mad(x, p->x[k], e->weight[i]);
        before = lm_mad(before, p->x0[k], e->weight[i]);
        /* Verlet keeps no copy of its prediction: it is x0 + sv h. */
        lm_vec3 integrated = p->inv_mass[k] == 0
                                 ? p->x0[k]
                                 : (verlet ? lm_mad(p->x0[k], p->sv[k], h) : p->x_integrated[k]);
        predicted = lm_mad(predicted, integrated, e->weight[i]);
        denominator += e->weight[i] * e->weight[i] * p->solve_w[slot[i]];
    }
    if (!(denominator > 0)) {
        return true;
    }
    lm_vec3 normal;
    double distance = lm_free_distance(d, x, &normal);
    if (distance >= e->radius + TOUCH) {
        return true;
    }
    lm_vec3 move = lm_scale(normal, fmax(0.0, e->radius - distance));
    lm_vec3 predicted_normal;
    double push = e->radius - lm_free_distance(d, predicted, &predicted_normal);
    if ((d->friction > 0 || d->static_friction > 0) && push > 0) {
        lm_vec3 slip = tangential(lm_sub(x, before), normal);
        lm_vec3 surface = lm_scale(lm_collider_surface_velocity(item, step, x), h);
        slip = lm_sub(slip, tangential(surface, normal));
        lm_vec3 target = friction_target(item, step, before, predicted, normal, push);
        move = lm_add(move, lm_sub(target, slip));
    }
    if (lm_dot(move, move) == 0) {
        return true;
    }
    move = lm_scale(move, 1.0 / denominator);
    for (int i = 0; i < 4; i++) {
        p->x[slot[i]] = lm_mad(p->x[slot[i]], move, e->weight[i] * p->solve_w[slot[i]]);
    }
    return true;
}

/* At the colliders' sub-step poses, as a plain particle sees them. */
void lm_embedded_project(lm_world *world, const lm_step *step) {
    lm_collision *c = &world->collision;
    for (uint32_t k = 0; k < world->colliders.count; k++) {
        if (!lm_store_alive(&world->colliders, k)) {
            continue;
        }
        const lm_collider_item *item = lm_store_at(&world->colliders, k);
        if (item->pose.kind == LM_COLLIDER_WORLD_BOX) {
            continue; /* the world box clamps particles only */
        }
        for (uint32_t e = 0; e < c->embedded_count; e++) {
            push_out(world, step, &c->embedded[e], item);
        }
    }
}
