/* body_contact.c - bodies colliding with bodies (world flag collide_bodies):
 * Jakobsen §5's case where "both p and q are moved".
 *
 * A body is a set of particles linked by constraints or springs (found once
 * per sub-step with a union-find over them). A particle q of one body that
 * reaches a collision face (lm_face_create) of another is pushed back to the
 * side it was on at the start of the sub-step, to its radius (at least
 * 1 mm) from the face: with the face's penetration point p = c1 x1 + c2 x2 +
 * c3 x3 (c_i its barycentric weights) and the push D along the face normal,
 *     lambda = |D| / (w_q + sum c_i^2 w_i),
 *     q += w_q lambda n,   x_i -= c_i w_i lambda n,
 * so the two sides move by their inverse masses and momentum is kept (the
 * same distribution as a stick's or a face's penetration point against a
 * collider). Friction, when q and the face's corners all have a friction
 * coefficient (sqrt of q's and the corners' mean), takes back their
 * relative slip along the face during the sub-step, at most mu times the
 * push. A particle never collides with its own body's faces, and only where
 * its nearest point of the face is inside the triangle (edges and corners of
 * a closed body are covered by its other faces). The cost is faces x
 * particles per pass, with a bounding-box test first: meant for tens of
 * bodies, not thousands. */
#include <math.h>
#include <stdlib.h>

#include "geometry.h"

/* The least distance kept from a face: a point particle must be on one
 * side or the other. */
#define MIN_GAP 1e-3

static uint32_t root_of(uint32_t *parent, uint32_t i) {
    while (parent[i] != i) {
        parent[i] = parent[parent[i]];
        i = parent[i];
    }
    return i;
}

static void join(uint32_t *parent, uint32_t a, uint32_t b) {
    a = root_of(parent, a);
    b = root_of(parent, b);
    if (a != b) {
        parent[b] = a;
    }
}

static bool any_face(const lm_world *world) {
    for (uint32_t r = 0; r < world->constraint_run_count[0]; r++) {
        if (world->constraint_runs[0][r].kind == LM_SOLVER_FACE) {
            return true;
        }
    }
    return false;
}

bool lm_bodies_find(lm_world *world) {
    lm_collision *c = &world->collision;
    c->bodies_ready = false;
    if (!world->def.collide_bodies || !any_face(world)) {
        return true;
    }
    uint32_t n = world->particles.count;
    if (n > c->body_capacity) {
        uint32_t *grown = lm_memory_resize_array(c->memory, c->body_of, n, sizeof *grown);
        if (!grown) {
            return false;
        }
        c->body_of = grown;
        c->body_capacity = n;
    }
    uint32_t *parent = c->body_of;
    for (uint32_t i = 0; i < n; i++) {
        parent[i] = i;
    }
    for (uint32_t k = 0; k < world->constraints.count; k++) {
        const lm_constraint_item *item = lm_store_at(&world->constraints, k);
        if (!lm_store_alive(&world->constraints, k)) {
            continue;
        }
        if (item->solver == LM_SOLVER_AREA || item->solver == LM_SOLVER_VOLUME) {
            const uint32_t *slots = world->shape_index + item->u.shape.first;
            for (uint32_t s = 1; s < item->u.shape.count; s++) {
                join(parent, slots[0], slots[s]);
            }
            continue;
        }
        int count = lm_constraint_classes[item->solver]->particle_count;
        for (int s = 1; s < count; s++) {
            join(parent, item->particle[0], item->particle[s]);
        }
    }
    for (uint32_t k = 0; k < world->forces.count; k++) {
        const lm_force_item *f = lm_store_at(&world->forces, k);
        if (lm_store_alive(&world->forces, k) && f->kind == LM_FORCE_SPRING) {
            join(parent, f->particle[0], f->particle[1]);
        }
    }
    for (uint32_t i = 0; i < n; i++) {
        parent[i] = root_of(parent, i);
    }
    c->bodies_ready = true;
    return true;
}

/* The mean friction of the face's corners, or -1 if any has none. */
static double face_friction(const lm_particles *p, const uint32_t slot[3]) {
    double sum = 0;
    for (int i = 0; i < 3; i++) {
        if (!(p->friction[slot[i]] >= 0)) {
            return -1;
        }
        sum += p->friction[slot[i]];
    }
    return sum / 3;
}

static void push_from_face(lm_world *world, const lm_constraint_item *face) {
    lm_particles *p = &world->particles;
    const uint32_t *body = world->collision.body_of;
    const uint32_t *slot = face->particle;
    lm_vec3 x[3] = {p->x[slot[0]], p->x[slot[1]], p->x[slot[2]]};
    lm_vec3 x0[3] = {p->x0[slot[0]], p->x0[slot[1]], p->x0[slot[2]]};
    double sw[3] = {p->solve_w[slot[0]], p->solve_w[slot[1]], p->solve_w[slot[2]]};
    lm_vec3 normal = lm_cross(lm_sub(x[1], x[0]), lm_sub(x[2], x[0]));
    lm_vec3 normal0 = lm_cross(lm_sub(x0[1], x0[0]), lm_sub(x0[2], x0[0]));
    double area2 = lm_length(normal), area2_0 = lm_length(normal0);
    if (!(area2 > 0) || !(area2_0 > 0)) {
        return; /* a collapsed face has no side */
    }
    normal = lm_scale(normal, 1.0 / area2);
    normal0 = lm_scale(normal0, 1.0 / area2_0);
    lm_vec3 lo = x[0], hi = x[0];
    for (int i = 0; i < 3; i++) { /* where the face is and was this sub-step */
        lo = lm_v3(fmin(lo.x, x0[i].x), fmin(lo.y, x0[i].y), fmin(lo.z, x0[i].z));
        hi = lm_v3(fmax(hi.x, x0[i].x), fmax(hi.y, x0[i].y), fmax(hi.z, x0[i].z));
    }
    for (int i = 1; i < 3; i++) {
        lo = lm_v3(fmin(lo.x, x[i].x), fmin(lo.y, x[i].y), fmin(lo.z, x[i].z));
        hi = lm_v3(fmax(hi.x, x[i].x), fmax(hi.y, x[i].y), fmax(hi.z, x[i].z));
    }
    double mu_face = face_friction(p, slot);
    uint32_t own = body[slot[0]];
    for (uint32_t q = 0; q < p->count; q++) {
        if (body[q] == own || !p->alive[q] || (p->solve_w[q] == 0 && sw[0] + sw[1] + sw[2] == 0)) {
            continue;
        }
        double gap = fmax(p->radius[q], MIN_GAP);
        lm_vec3 xq = p->x[q], from = p->x0[q];
        /* the box swept by q this sub-step against the face's box */
        if (fmax(xq.x, from.x) < lo.x - gap || fmin(xq.x, from.x) > hi.x + gap ||
            fmax(xq.y, from.y) < lo.y - gap || fmin(xq.y, from.y) > hi.y + gap ||
            fmax(xq.z, from.z) < lo.z - gap || fmin(xq.z, from.z) > hi.z + gap) {
            continue;
        }
        /* The side q was on at the start of the sub-step. */
        double side0 = lm_dot(lm_sub(p->x0[q], x0[0]), normal0);
        if (side0 == 0) {
            continue;
        }
        lm_vec3 n = side0 > 0 ? normal : lm_scale(normal, -1.0);
        double distance = lm_dot(lm_sub(xq, x[0]), n);
        if (distance >= gap || distance < -gap - lm_length(lm_sub(xq, p->x0[q])) -
                                              lm_length(lm_sub(x[0], x0[0])) - 1e-9) {
            continue; /* clear of the face, or behind it from before this sub-step */
        }
        double w[3];
        lm_closest_on_triangle(lm_mad(xq, n, -distance), x, w);
        if (!(w[0] > 0 && w[1] > 0 && w[2] > 0)) {
            continue; /* beside the triangle: its edges belong to other faces */
        }
        double denominator =
            p->solve_w[q] + w[0] * w[0] * sw[0] + w[1] * w[1] * sw[1] + w[2] * w[2] * sw[2];
        if (!(denominator > 0)) {
            continue;
        }
        double depth = gap - distance;
        lm_vec3 move = lm_scale(n, depth);
        double mu = mu_face >= 0 && p->friction[q] >= 0 ? sqrt(mu_face * p->friction[q]) : 0;
        if (mu > 0) {
            lm_vec3 slip = lm_sub(xq, p->x0[q]);
            for (int i = 0; i < 3; i++) {
                slip = lm_mad(slip, lm_sub(x[i], x0[i]), -w[i]);
            }
            lm_vec3 tangential = lm_mad(slip, n, -lm_dot(slip, n));
            double length = lm_length(tangential);
            if (length > 0) {
                double keep = length <= mu * depth ? 1.0 : mu * depth / length;
                move = lm_mad(move, tangential, -keep);
            }
        }
        move = lm_scale(move, 1.0 / denominator);
        p->x[q] = lm_mad(p->x[q], move, p->solve_w[q]);
        for (int i = 0; i < 3; i++) {
            p->x[slot[i]] = lm_mad(p->x[slot[i]], move, -w[i] * sw[i]);
            x[i] = p->x[slot[i]];
        }
    }
}

void lm_bodies_project(lm_world *world) {
    if (!world->collision.bodies_ready) {
        return;
    }
    for (uint32_t r = 0; r < world->constraint_run_count[0]; r++) {
        const lm_run *run = &world->constraint_runs[0][r];
        if (run->kind != LM_SOLVER_FACE) {
            continue;
        }
        const lm_constraint_item *faces = lm_store_at(&world->constraints, run->start);
        for (uint32_t f = 0; f < run->count; f++) {
            push_from_face(world, &faces[f]);
        }
    }
}
