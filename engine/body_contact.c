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
 * a closed body are covered by its other faces).
 *
 * Edges against edges: two bodies can meet edge across edge with no corner
 * inside the other (a tetrahedron dropped edge-down across another's top
 * edge). Every edge of a collision face is an edge of its body; for two
 * edges p1 p2 and q1 q2 of different bodies whose lines' nearest points
 * p = (1 - s) p1 + s p2 and q = (1 - t) q1 + t q2 lie inside both (0 < s, t
 * < 1), q is kept on the side of p's edge it was on at the start of the
 * sub-step, along n = d1 x d2, at least 1 mm away: with D the push,
 *     lambda = |D| / ((1-s)^2 w_p1 + s^2 w_p2 + (1-t)^2 w_q1 + t^2 w_q2),
 * q's ends move by +c_i w_i lambda n and p's by -c_i w_i lambda n (momentum
 * kept), with the same friction as a corner on a face.
 *
 * Corners trapped inside: sides are judged from the start of the sub-step,
 * so a corner that relaxation left inside another body at the end of a
 * step would be kept inside from then on. A body whose faces close (each
 * edge shared by two of its faces: a tetrahedron, a box of faces) is a
 * hull: last in each pass, a particle of another body found behind every
 * face of a hull (normals turned away from the hull's centroid) is pushed
 * out through the face it is least deep behind, to 1 mm (or its radius)
 * outside, both sides by their weights as above, without friction; an edge
 * of another body whose ends are outside but whose middle passes through a
 * hull is pushed out the same way at the middle of the part inside.
 *
 * The cost is faces x particles plus edges x edges per pass, with a
 * bounding-box test first: meant for tens of bodies, not thousands. */
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

/* How many collision faces the world has (in its face runs). */
static uint32_t face_count(const lm_world *world) {
    uint32_t faces = 0;
    for (uint32_t r = 0; r < world->constraint_run_count[0]; r++) {
        if (world->constraint_runs[0][r].kind == LM_SOLVER_FACE) {
            faces += world->constraint_runs[0][r].count;
        }
    }
    return faces;
}

static int compare_edges(const void *a, const void *b) {
    const uint32_t *x = a, *y = b;
    if (x[0] != y[0]) {
        return x[0] < y[0] ? -1 : 1;
    }
    return x[1] < y[1] ? -1 : x[1] > y[1];
}

/* The collision faces' slots, three per face in creation order, into
 * hull_faces (with room for hull_first and hull_count per face). Returns
 * the face count, or UINT32_MAX when out of memory. */
static uint32_t gather_faces(lm_world *world) {
    lm_collision *c = &world->collision;
    uint32_t faces = face_count(world);
    if (faces > c->hull_capacity) {
        uint32_t *grown =
            lm_memory_resize_array(c->memory, c->hull_faces, 3 * (size_t)faces, sizeof *grown);
        if (!grown) {
            return UINT32_MAX;
        }
        c->hull_faces = grown;
        grown = lm_memory_resize_array(c->memory, c->hull_first, faces, sizeof *grown);
        if (!grown) {
            return UINT32_MAX;
        }
        c->hull_first = grown;
        grown = lm_memory_resize_array(c->memory, c->hull_count, faces, sizeof *grown);
        if (!grown) {
            return UINT32_MAX;
        }
        c->hull_count = grown;
        c->hull_capacity = faces;
    }
    uint32_t *slots = c->hull_faces, count = 0;
    for (uint32_t r = 0; r < world->constraint_run_count[0]; r++) {
        const lm_run *run = &world->constraint_runs[0][r];
        if (run->kind != LM_SOLVER_FACE) {
            continue;
        }
        const lm_constraint_item *items = lm_store_at(&world->constraints, run->start);
        for (uint32_t f = 0; f < run->count; f++) {
            for (int k = 0; k < 3; k++) {
                slots[3 * count + k] = items[f].particle[k];
            }
            count++;
        }
    }
    return count;
}

/* The edges of the gathered faces, each once (a closed body's faces share
 * them), as pairs of slots, smaller first. */
static bool find_edges(lm_world *world, uint32_t faces) {
    lm_collision *c = &world->collision;
    uint32_t most = 3 * faces;
    if (most > c->body_edge_capacity) {
        uint32_t *grown =
            lm_memory_resize_array(c->memory, c->body_edges, 2 * (size_t)most, sizeof *grown);
        if (!grown) {
            return false;
        }
        c->body_edges = grown;
        c->body_edge_capacity = most;
    }
    const uint32_t *slots = c->hull_faces;
    uint32_t *edge = c->body_edges, count = 0;
    for (uint32_t f = 0; f < faces; f++) {
        for (int k = 0; k < 3; k++) {
            uint32_t a = slots[3 * f + k], b = slots[3 * f + (k + 1) % 3];
            edge[2 * count] = a < b ? a : b;
            edge[2 * count + 1] = a < b ? b : a;
            count++;
        }
    }
    qsort(edge, count, 2 * sizeof *edge, compare_edges);
    uint32_t unique = 0;
    for (uint32_t e = 0; e < count; e++) {
        if (unique > 0 && edge[2 * e] == edge[2 * (unique - 1)] &&
            edge[2 * e + 1] == edge[2 * (unique - 1) + 1]) {
            continue;
        }
        edge[2 * unique] = edge[2 * e];
        edge[2 * unique + 1] = edge[2 * e + 1];
        unique++;
    }
    c->body_edge_count = unique;
    return true;
}

/* The gathered faces of closed bodies, grouped by body (needs body_of and
 * the unique edges). A body is closed when 3 F = 2 E over its faces and
 * edges. */
static void find_hulls(lm_world *world, uint32_t count) {
    lm_collision *c = &world->collision;
    const uint32_t *body = c->body_of;
    uint32_t *slots = c->hull_faces;
    /* Group by body: an insertion sort keeps creation order within a body
     * (few faces per body, bodies mostly made one after another). */
    for (uint32_t i = 1; i < count; i++) {
        uint32_t key[3] = {slots[3 * i], slots[3 * i + 1], slots[3 * i + 2]};
        uint32_t j = i;
        while (j > 0 && body[slots[3 * (j - 1)]] > body[key[0]]) {
            for (int k = 0; k < 3; k++) {
                slots[3 * j + k] = slots[3 * (j - 1) + k];
            }
            j--;
        }
        for (int k = 0; k < 3; k++) {
            slots[3 * j + k] = key[k];
        }
    }
    /* Per body: its faces and its unique edges (edges are listed sorted by
     * slot, not by body: count them by their first slot's body). */
    uint32_t hulls = 0, total = 0;
    for (uint32_t i = 0; i < count;) {
        uint32_t root = body[slots[3 * i]], j = i;
        while (j < count && body[slots[3 * j]] == root) {
            j++;
        }
        uint32_t edges = 0;
        for (uint32_t e = 0; e < c->body_edge_count; e++) {
            edges += body[c->body_edges[2 * e]] == root;
        }
        if (3 * (j - i) == 2 * edges && j - i >= 4) {
            /* closed: keep its faces, moved down over any open body's */
            for (uint32_t k = 0; k < 3 * (j - i); k++) {
                slots[3 * total + k] = slots[3 * i + k];
            }
            c->hull_first[hulls] = total;
            c->hull_count[hulls] = j - i;
            hulls++;
            total += j - i;
        }
        i = j;
    }
    c->hull_total = total;
    c->hull_number = hulls;
}

bool lm_bodies_find(lm_world *world) {
    lm_collision *c = &world->collision;
    c->bodies_ready = false;
    if (!world->def.collide_bodies || face_count(world) == 0) {
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
        uint32_t count;
        const uint32_t *slots = lm_constraint_slots(world, item, &count);
        for (uint32_t s = 1; s < count; s++) {
            join(parent, slots[0], slots[s]);
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
    uint32_t faces = gather_faces(world);
    if (faces == UINT32_MAX || !find_edges(world, faces)) {
        return false;
    }
    find_hulls(world, faces);
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

/* The mean friction of some particles, or -1 if any has none. */
static double mean_friction(const lm_particles *p, const uint32_t *slot, int count) {
    double sum = 0;
    for (int i = 0; i < count; i++) {
        if (!(p->friction[slot[i]] >= 0)) {
            return -1;
        }
        sum += p->friction[slot[i]];
    }
    return sum / count;
}

/* Edge e (slots s[0], s[1]) against edge f (s[2], s[3]) of another body. */
static void push_edges(lm_world *world, const uint32_t s[4]) {
    lm_particles *p = &world->particles;
    lm_vec3 x[4], x0[4];
    double w[4];
    for (int i = 0; i < 4; i++) {
        x[i] = p->x[s[i]];
        x0[i] = p->x0[s[i]];
        w[i] = p->solve_w[s[i]];
    }
    if (w[0] + w[1] + w[2] + w[3] == 0) {
        return;
    }
    for (int axis = 0; axis < 3; axis++) { /* the edges' boxes, now and at the start */
        double lo_e = INFINITY, hi_e = -INFINITY, lo_f = INFINITY, hi_f = -INFINITY;
        for (int i = 0; i < 4; i++) {
            double a = axis == 0 ? x[i].x : axis == 1 ? x[i].y : x[i].z;
            double b = axis == 0 ? x0[i].x : axis == 1 ? x0[i].y : x0[i].z;
            if (i < 2) {
                lo_e = fmin(lo_e, fmin(a, b));
                hi_e = fmax(hi_e, fmax(a, b));
            } else {
                lo_f = fmin(lo_f, fmin(a, b));
                hi_f = fmax(hi_f, fmax(a, b));
            }
        }
        if (hi_e < lo_f - MIN_GAP || hi_f < lo_e - MIN_GAP) {
            return;
        }
    }
    lm_vec3 d1 = lm_sub(x[1], x[0]), d2 = lm_sub(x[3], x[2]);
    lm_vec3 n = lm_cross(d1, d2), n0 = lm_cross(lm_sub(x0[1], x0[0]), lm_sub(x0[3], x0[2]));
    double length = lm_length(n), length0 = lm_length(n0);
    /* Nearly parallel edges have no side across each other (their faces
     * and corners meet instead). */
    if (!(length > 1e-6 * lm_length(d1) * lm_length(d2)) ||
        !(length0 > 1e-6 * lm_length(lm_sub(x0[1], x0[0])) * lm_length(lm_sub(x0[3], x0[2])))) {
        return;
    }
    n = lm_scale(n, 1.0 / length);
    n0 = lm_scale(n0, 1.0 / length0);
    if (lm_dot(n, n0) < 0) {
        n = lm_scale(n, -1.0); /* the same turn as at the start */
    }
    double side0 = lm_dot(lm_sub(x0[2], x0[0]), n0);
    if (side0 == 0) {
        return;
    }
    if (side0 < 0) {
        n = lm_scale(n, -1.0); /* n points from p's edge to q's */
    }
    /* The nearest points of the two lines: r = x2 - x0, solve for s, t. */
    lm_vec3 r = lm_sub(x[2], x[0]);
    double a = lm_dot(d1, d1), b = lm_dot(d1, d2), cc = lm_dot(d2, d2);
    double d = lm_dot(d1, r), e = lm_dot(d2, r);
    double det = a * cc - b * b;
    if (!(det > 0)) {
        return;
    }
    double sp = (d * cc - b * e) / det, tq = (b * d - a * e) / det;
    if (!(sp > 0 && sp < 1 && tq > 0 && tq < 1)) {
        return; /* they pass beside each other: corners and faces meet there */
    }
    double distance = lm_dot(r, n);
    double moved = 0;
    for (int i = 0; i < 4; i++) {
        moved = fmax(moved, lm_length(lm_sub(x[i], x0[i])));
    }
    if (distance >= MIN_GAP || distance < -MIN_GAP - 2 * moved - 1e-9) {
        return; /* apart, or crossed before this sub-step */
    }
    double c[4] = {1 - sp, sp, 1 - tq, tq};
    double denominator = 0;
    for (int i = 0; i < 4; i++) {
        denominator += c[i] * c[i] * w[i];
    }
    if (!(denominator > 0)) {
        return;
    }
    double depth = MIN_GAP - distance;
    lm_vec3 move = lm_scale(n, depth);
    double mu_p = mean_friction(p, s, 2), mu_q = mean_friction(p, s + 2, 2);
    if (mu_p >= 0 && mu_q >= 0 && mu_p * mu_q > 0) {
        double mu = sqrt(mu_p * mu_q);
        lm_vec3 slip = lm_v3(0, 0, 0); /* q's point against p's over the sub-step */
        for (int i = 0; i < 4; i++) {
            slip = lm_mad(slip, lm_sub(x[i], x0[i]), i < 2 ? -c[i] : c[i]);
        }
        lm_vec3 tangential = lm_mad(slip, n, -lm_dot(slip, n));
        double slide = lm_length(tangential);
        if (slide > 0) {
            move = lm_mad(move, tangential, -(slide <= mu * depth ? 1.0 : mu * depth / slide));
        }
    }
    move = lm_scale(move, 1.0 / denominator);
    for (int i = 0; i < 4; i++) {
        p->x[s[i]] = lm_mad(p->x[s[i]], move, (i < 2 ? -c[i] : c[i]) * w[i]);
    }
}

static void push_all_edges(lm_world *world) {
    const lm_collision *c = &world->collision;
    const uint32_t *edge = c->body_edges, *body = c->body_of;
    for (uint32_t e = 0; e < c->body_edge_count; e++) {
        for (uint32_t f = e + 1; f < c->body_edge_count; f++) {
            if (body[edge[2 * e]] == body[edge[2 * f]]) {
                continue;
            }
            uint32_t slots[4] = {edge[2 * e], edge[2 * e + 1], edge[2 * f], edge[2 * f + 1]};
            push_edges(world, slots);
        }
    }
}

/* The centroid of hull h's face corners (count faces at faces) and the box
 * around them. */
static void hull_bounds(const lm_particles *p, const uint32_t *faces, uint32_t count,
                        lm_vec3 *centroid, lm_vec3 *lo, lm_vec3 *hi) {
    *centroid = lm_v3(0, 0, 0);
    *lo = *hi = p->x[faces[0]];
    for (uint32_t k = 0; k < 3 * count; k++) {
        lm_vec3 x = p->x[faces[k]];
        *centroid = lm_mad(*centroid, x, 1.0 / (3.0 * count));
        *lo = lm_v3(fmin(lo->x, x.x), fmin(lo->y, x.y), fmin(lo->z, x.z));
        *hi = lm_v3(fmax(hi->x, x.x), fmax(hi->y, x.y), fmax(hi->z, x.z));
    }
}

/* The outward unit normal of face f of hull h (turned away from centroid). */
static lm_vec3 hull_normal(const lm_particles *p, const uint32_t *s, lm_vec3 centroid) {
    lm_vec3 n = lm_cross(lm_sub(p->x[s[1]], p->x[s[0]]), lm_sub(p->x[s[2]], p->x[s[0]]));
    double length = lm_length(n);
    if (!(length > 0)) {
        return lm_v3(0, 0, 0);
    }
    n = lm_scale(n, 1.0 / length);
    return lm_dot(n, lm_sub(p->x[s[0]], centroid)) < 0 ? lm_scale(n, -1.0) : n;
}

/* Pushes particles of other bodies out of hull h when they are behind
 * every one of its faces. */
static void push_out_of_hull(lm_world *world, uint32_t h) {
    lm_particles *p = &world->particles;
    const lm_collision *c = &world->collision;
    const uint32_t *faces = c->hull_faces + 3 * c->hull_first[h];
    uint32_t count = c->hull_count[h];
    uint32_t own = c->body_of[faces[0]];
    lm_vec3 centroid, lo, hi;
    hull_bounds(p, faces, count, &centroid, &lo, &hi);
    for (uint32_t q = 0; q < p->count; q++) {
        if (c->body_of[q] == own || !p->alive[q]) {
            continue;
        }
        lm_vec3 xq = p->x[q];
        if (xq.x < lo.x || xq.x > hi.x || xq.y < lo.y || xq.y > hi.y || xq.z < lo.z ||
            xq.z > hi.z) {
            continue;
        }
        double best = -INFINITY;
        uint32_t best_face = 0;
        lm_vec3 best_normal = lm_v3(0, 0, 0);
        bool inside = true;
        for (uint32_t f = 0; f < count && inside; f++) {
            const uint32_t *s = faces + 3 * f;
            lm_vec3 n = hull_normal(p, s, centroid);
            if (n.x == 0 && n.y == 0 && n.z == 0) { /* a degenerate face */
                inside = false;
                break;
            }
            double distance = lm_dot(lm_sub(xq, p->x[s[0]]), n);
            if (distance >= 0) {
                inside = false;
            } else if (distance > best) {
                best = distance;
                best_face = f;
                best_normal = n;
            }
        }
        if (!inside) {
            continue;
        }
        const uint32_t *s = faces + 3 * best_face;
        lm_vec3 x[3] = {p->x[s[0]], p->x[s[1]], p->x[s[2]]};
        double w[3];
        lm_closest_on_triangle(lm_mad(xq, best_normal, -best), x, w);
        double denominator = p->solve_w[q];
        for (int i = 0; i < 3; i++) {
            denominator += w[i] * w[i] * p->solve_w[s[i]];
        }
        if (!(denominator > 0)) {
            continue;
        }
        double depth = fmax(p->radius[q], MIN_GAP) - best;
        lm_vec3 move = lm_scale(best_normal, depth / denominator);
        p->x[q] = lm_mad(p->x[q], move, p->solve_w[q]);
        for (int i = 0; i < 3; i++) {
            p->x[s[i]] = lm_mad(p->x[s[i]], move, -w[i] * p->solve_w[s[i]]);
        }
    }
}

/* Edges of other bodies through hull h with both ends outside (a corner
 * inside is handled above): the part of the edge inside every face's plane
 * (Cyrus-Beck clipping); its middle is pushed out through the face it is
 * least deep behind, the edge's ends moved by their weights (1 - t, t). */
static void push_edges_out_of_hull(lm_world *world, uint32_t h) {
    lm_particles *p = &world->particles;
    const lm_collision *c = &world->collision;
    const uint32_t *faces = c->hull_faces + 3 * c->hull_first[h];
    uint32_t count = c->hull_count[h];
    uint32_t own = c->body_of[faces[0]];
    lm_vec3 centroid, lo, hi;
    hull_bounds(p, faces, count, &centroid, &lo, &hi);
    for (uint32_t e = 0; e < c->body_edge_count; e++) {
        uint32_t a = c->body_edges[2 * e], b = c->body_edges[2 * e + 1];
        if (c->body_of[a] == own) {
            continue;
        }
        lm_vec3 xa = p->x[a], xb = p->x[b];
        if (fmax(xa.x, xb.x) < lo.x || fmin(xa.x, xb.x) > hi.x || fmax(xa.y, xb.y) < lo.y ||
            fmin(xa.y, xb.y) > hi.y || fmax(xa.z, xb.z) < lo.z || fmin(xa.z, xb.z) > hi.z) {
            continue;
        }
        lm_vec3 d = lm_sub(xb, xa);
        double enter = 0, leave = 1;
        for (uint32_t f = 0; f < count && enter < leave; f++) {
            const uint32_t *s = faces + 3 * f;
            lm_vec3 n = hull_normal(p, s, centroid);
            double at = lm_dot(lm_sub(xa, p->x[s[0]]), n), rate = lm_dot(d, n);
            if (rate == 0) {
                if (at >= 0) {
                    leave = -1; /* parallel and outside */
                }
                continue;
            }
            double t = -at / rate;
            if (rate < 0) {
                enter = fmax(enter, t);
            } else {
                leave = fmin(leave, t);
            }
        }
        if (!(enter < leave) || enter <= 0 || leave >= 1) {
            continue; /* misses, or an end is inside (the corner pass has it) */
        }
        double t = 0.5 * (enter + leave);
        lm_vec3 mid = lm_mad(xa, d, t);
        double best = -INFINITY;
        uint32_t best_face = 0;
        lm_vec3 best_normal = lm_v3(0, 0, 0);
        for (uint32_t f = 0; f < count; f++) {
            const uint32_t *s = faces + 3 * f;
            lm_vec3 n = hull_normal(p, s, centroid);
            double distance = lm_dot(lm_sub(mid, p->x[s[0]]), n);
            if (distance > best) {
                best = distance;
                best_face = f;
                best_normal = n;
            }
        }
        if (!(best < 0)) {
            continue;
        }
        const uint32_t *s = faces + 3 * best_face;
        lm_vec3 x[3] = {p->x[s[0]], p->x[s[1]], p->x[s[2]]};
        double w[3];
        lm_closest_on_triangle(lm_mad(mid, best_normal, -best), x, w);
        double ca = 1 - t, cb = t;
        double denominator = ca * ca * p->solve_w[a] + cb * cb * p->solve_w[b];
        for (int i = 0; i < 3; i++) {
            denominator += w[i] * w[i] * p->solve_w[s[i]];
        }
        if (!(denominator > 0)) {
            continue;
        }
        lm_vec3 move = lm_scale(best_normal, (MIN_GAP - best) / denominator);
        p->x[a] = lm_mad(p->x[a], move, ca * p->solve_w[a]);
        p->x[b] = lm_mad(p->x[b], move, cb * p->solve_w[b]);
        for (int i = 0; i < 3; i++) {
            p->x[s[i]] = lm_mad(p->x[s[i]], move, -w[i] * p->solve_w[s[i]]);
        }
    }
}

void lm_bodies_project(lm_world *world, const lm_step *step) {
    (void)step; /* sides are judged from the sub-step's start, x0 */
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
    push_all_edges(world);
    for (uint32_t h = 0; h < world->collision.hull_number; h++) {
        push_edges_out_of_hull(world, h);
        push_out_of_hull(world, h);
    }
}
