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

/* How a particle slides along a surface during the sub-step, in the
 * surface's frame: from the tangential velocity start it had when the
 * sub-step began to free (where forces alone took it by the end), with
 * Coulomb friction taking up to kinetic from it over the sub-step and
 * holding it while the free slip is under hold (mu_k and mu_s times the
 * contact's normal speed change). Returns the tangential velocity at the end;
 * *slid is how far it slid. The acceleration is taken constant over the
 * sub-step, so a block braking at mu g covers exactly v^2 / (2 mu g), and
 * one that comes to rest within the sub-step stops where it stops instead of
 * sliding on to the sub-step's end or stopping a step short. */
static lm_vec3 slide(lm_vec3 start, lm_vec3 free, double kinetic, double hold, double h,
                     lm_vec3 *slid) {
    double free_speed = lm_length(free), start_speed = lm_length(start);
    lm_vec3 end = free;
    if (free_speed <= hold || free_speed <= kinetic) {
        end = lm_v3(0, 0, 0);
    } else if (kinetic > 0) {
        end = lm_scale(free, 1.0 - kinetic / free_speed);
    }
    if (end.x != 0 || end.y != 0 || end.z != 0 || !(start_speed > 0)) {
        *slid = lm_scale(lm_add(start, end), 0.5 * h); /* a constant acceleration */
        return end;
    }
    /* It stops: slowed along its start direction by friction, less what
     * the forces add along it, until its speed is gone. */
    lm_vec3 along = lm_scale(start, 1.0 / start_speed);
    double slowing = (kinetic - lm_dot(lm_sub(free, start), along)) / h;
    if (!(slowing > 0) || start_speed >= slowing * h) {
        *slid = lm_v3(0, 0, 0);
        return end;
    }
    double stop = start_speed / slowing;
    *slid = lm_scale(along, 0.5 * start_speed * stop);
    return end;
}

/* A shape contact, in the collider's frame: the normal speed the particle
 * arrived with comes back times e (slow arrivals rest), and Coulomb friction
 * takes from the tangential speed at most mu times the normal speed change:
 * all of it while that is under the static limit (the particle sticks, and
 * is carried along by a moving collider), mu_k times it otherwise. In a
 * Verlet scheme this is Jakobsen's friction (7): changing the velocity moves
 * the previous position tangentially (step.c re-derives x_prev). */
static void respond_shape(lm_world *world, uint32_t i, const lm_collider_item *c,
                          const lm_step *step) {
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
    /* Verlet's velocities are its displacements over h, the motion's half a
     * sub-step before the end: the end's is a h / 2 further on. */
    lm_vec3 lift = lm_v3(0, 0, 0);
    if (world->def.integrator == LM_INTEGRATOR_VERLET) {
        lift = lm_scale(p->f[i], 0.5 * h * p->inv_mass[i]);
    }
    lm_vec3 arrival = lm_sub(lm_add(p->sv[i], lift), vc);
    double approach = -lm_dot(arrival, n); /* > 0: moving into the surface */
    lm_vec3 v = lm_sub(lm_add(p->v[i], lift), vc);
    double vn = lm_dot(v, n);
    lm_vec3 vt = lm_mad(v, n, -vn);
    double vn_out = vn;
    if (approach > 0) {
        vn_out = approach > step->rest_speed ? e * approach : 0.0;
    }
    double dvn = fmax(0.0, vn_out + fmax(approach, 0.0));
    /* The tangential velocity it had when the sub-step began (after a bounce
     * inside the sub-step, impact.c, the one it left with: its end one). */
    lm_vec3 start = vt;
    if (!(p->contact[i] & LM_CONTACT_IMPACT)) {
        lm_vec3 v0 = lm_sub(p->v0[i], vc);
        start = lm_mad(v0, n, -lm_dot(v0, n));
    }
    lm_vec3 slid;
    lm_vec3 vt_kept = slide(start, vt, mu_k * dvn, mu_s * dvn, h, &slid);
    /* constraints moved it along the surface: the position-based rule */
    lm_vec3 predicted = world->def.integrator == LM_INTEGRATOR_VERLET
                            ? lm_mad(p->x0[i], p->sv[i], h)
                            : p->x_integrated[i];
    lm_vec3 pushed = lm_sub(p->x[i], predicted);
    lm_vec3 pushed_t = lm_mad(pushed, n, -lm_dot(pushed, n));
    if (lm_dot(pushed_t, pushed_t) > 1e-24 + 1e-18 * lm_dot(pushed, pushed)) {
        slid = lm_scale(vt_kept, h);
    }
    p->v[i] = lm_add(vc, lm_mad(vt_kept, n, vn_out));
    /* The particle ends the sub-step where it slid to along the surface
     * (carried by it, when it moves), whatever the integrator's stages moved
     * it by along it: a particle held by static friction stays put. */
    lm_vec3 moved = lm_mad(lm_sub(p->x[i], p->x0[i]), vc, -h);
    lm_vec3 along = lm_mad(moved, n, -lm_dot(moved, n));
    p->x[i] = lm_add(p->x[i], lm_sub(slid, along));
}

/* After velocities are derived: a particle that hit a face leaves it with
 * -e times the normal speed it arrived with (slow arrivals rest instead of
 * jittering). Friction: Coulomb's law against a shape (respond_shape), a
 * fraction of the tangential speed against the world box (its old rule). */
bool lm_colliders_respond(lm_world *world, const lm_step *step) {
    lm_particles *p = &world->particles;
    double rest_speed = step->rest_speed;
    bool slipped = false;
    for (uint32_t i = 0; i < p->count; i++) {
        uint8_t contact = p->contact[i];
        /* a bounce inside the sub-step (impact.c) had its response then */
        if (!(contact & ~LM_CONTACT_IMPACT) || p->inv_mass[i] == 0 ||
            p->contact_collider[i] >= world->colliders.count) {
            continue;
        }
        const lm_collider_item *c = lm_store_at(&world->colliders, p->contact_collider[i]);
        if (c->pose.kind != LM_COLLIDER_WORLD_BOX) {
            respond_shape(world, i, c, step);
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
