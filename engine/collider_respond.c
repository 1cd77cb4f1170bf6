/* collider_respond.c - the velocity response to contacts with colliders:
 * restitution and friction, after velocities are derived. */
#include <math.h>

#include "geometry.h"

/* -------------------------------------------------------------- response -- */

/* Velocity of the collider's surface at x over the sub-step: where x was
 * under the pose at the sub-step's start, and how far it moved. */
lm_vec3 lm_collider_surface_velocity(const lm_collider_item *c, const lm_step *step, lm_vec3 x) {
    if (c->pose.kind == LM_COLLIDER_WORLD_BOX) {
        return lm_v3(0, 0, 0);
    }
    lm_vec3 local = lm_quat_rotate_back(c->pose.rotation, lm_sub(x, c->pose.position));
    lm_vec3 before = lm_add(c->start_position, lm_quat_rotate(c->start_rotation, local));
    return lm_scale(lm_sub(x, before), step->inv_h);
}

/* A shape contact, in the collider's frame: the normal speed the particle
 * arrived with comes back times e (slow arrivals rest), and Coulomb friction
 * takes from the tangential speed at most mu times the normal speed change:
 * all of it while that is under the static limit (the particle sticks, and
 * is carried along by a moving collider), mu_k times it otherwise. In a
 * Verlet scheme this is Jakobsen's friction (7): changing the velocity moves
 * the previous position tangentially (step.c re-derives x_prev). */
static void respond_shape(lm_world *world, uint32_t i, const lm_collider_item *c,
                          const lm_step *step, double rest_speed, bool moved_by_velocity) {
    lm_particles *p = &world->particles;
    double h = step->h;
    lm_vec3 n = p->contact_normal[i];
    double e = fmax(c->pose.restitution, p->restitution[i]);
    double mu_k = c->pose.friction;
    double mu_s = c->pose.static_friction < 0 ? mu_k : c->pose.static_friction;
    if (p->friction[i] >= 0) {
        mu_k = sqrt(mu_k * p->friction[i]);
        mu_s = sqrt(mu_s * p->friction[i]);
    }
    lm_vec3 vc = lm_collider_surface_velocity(c, step, p->x[i]);
    double approach = -lm_dot(lm_sub(p->sv[i], vc), n); /* > 0: moving into the surface */
    lm_vec3 v = lm_sub(p->v[i], vc);
    double vn = lm_dot(v, n);
    lm_vec3 vt = lm_mad(v, n, -vn);
    double vn_out = vn;
    if (approach > 0) {
        vn_out = approach > rest_speed ? e * approach : 0.0;
    }
    double dvn = fmax(0.0, vn_out + fmax(approach, 0.0));
    double vt_len = lm_length(vt);
    lm_vec3 vt_kept = vt;
    if (vt_len <= mu_s * dvn) {
        vt_kept = lm_v3(0, 0, 0);
    } else if (mu_k > 0) {
        vt_kept = lm_scale(vt, fmax(0.0, 1.0 - mu_k * dvn / vt_len));
    }
    p->v[i] = lm_add(vc, lm_mad(vt_kept, n, vn_out));
    /* The tangential slip friction took away did not happen during this
     * sub-step either: the particle slides vt_kept h along the surface, so a
     * particle held by static friction stays put. Verlet and semi-implicit
     * Euler moved it v h (their velocity is the step's displacement over
     * h); the others moved it by what their stages gave, which is not v h
     * (explicit Euler moved by the old velocity, RK4 by a weighted mean), so
     * the slip is measured from where the sub-step began. */
    if (moved_by_velocity) {
        p->x[i] = lm_mad(p->x[i], lm_sub(vt, vt_kept), -h);
        return;
    }
    lm_vec3 moved = lm_mad(lm_sub(p->x[i], p->x0[i]), vc, -h);
    lm_vec3 slid = lm_mad(moved, n, -lm_dot(moved, n));
    p->x[i] = lm_add(p->x[i], lm_mad(lm_scale(vt_kept, h), slid, -1.0));
}

/* After velocities are derived: a particle that hit a face leaves it with
 * -e times the normal speed it arrived with (slow arrivals rest instead of
 * jittering). Friction: Coulomb's law against a shape (respond_shape), a
 * fraction of the tangential speed against the world box (its old rule). */
bool lm_colliders_respond(lm_world *world, const lm_step *step) {
    lm_particles *p = &world->particles;
    lm_vec3 g = world->def.gravity;
    double rest_speed = 2.0 * sqrt(lm_dot(g, g)) * step->h + 1e-6;
    lm_integrator integrator = world->def.integrator;
    bool moved_by_velocity =
        integrator == LM_INTEGRATOR_VERLET || integrator == LM_INTEGRATOR_SEMI_IMPLICIT_EULER;
    bool slipped = false;
    for (uint32_t i = 0; i < p->count; i++) {
        uint8_t contact = p->contact[i];
        if (!contact || p->inv_mass[i] == 0 || p->contact_collider[i] >= world->colliders.count) {
            continue;
        }
        const lm_collider_item *c = lm_store_at(&world->colliders, p->contact_collider[i]);
        if (c->pose.kind != LM_COLLIDER_WORLD_BOX) {
            respond_shape(world, i, c, step, rest_speed, moved_by_velocity);
            slipped = true;
            continue;
        }
        double e = c->pose.restitution, mu = c->pose.friction;
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
    /* Friction moved particles along surfaces: the step makes sure that
     * brought no stick into a collider. */
    return slipped;
}
