/* contact.c - particles with a radius pushing each other apart.
 *
 * Once per sub-step, after integrating, a uniform grid finds every pair of
 * particles closer than the sum of their radii plus a margin: each particle
 * goes into the cell of side 2 r_max + margin that holds its centre, so its
 * partners can only be in the 27 cells around it. When the particles' box
 * holds at most about 4 cells per particle (a pile, a cloud) the cells are
 * a dense array: a counting sort puts each cell's particles together in slot
 * order, with their positions and radii copied beside them, and a row of
 * three neighbour cells is one contiguous run. Otherwise cells are hashed
 * into buckets and a bucket's particles are checked against the cell's
 * integer coordinates, so two cells sharing a bucket never give a pair
 * twice. Either way the pairs come out ordered by the
 * first particle's slot, then by the fixed order of the 27 neighbour cells,
 * then by slot: the same positions always give the same pairs in the same
 * order, whatever the hashing, and the same bits after projection.
 *
 * In every relaxation sweep each candidate pair that overlaps is pushed
 * apart along the line of centres, each particle in proportion to its
 * inverse mass (Jakobsen's mass-weighted projection; immovable and pinned
 * particles stay). Cost: linear in the number of particles for a bounded
 * density, which the benchmark checks (bench_collide: 10,000 balls cost
 * 565 ns per ball per step at 10 iterations in CPU time, 874 before the
 * dense grid, the sorted copy and the first particle kept in registers). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "world.h"

/* Candidates are kept if closer than r_i + r_j + MARGIN * r_max, so pairs
 * that close during the sweeps are not missed. */
#define MARGIN 0.5

/* Room for n pairs: their two slots and their push. */
static bool reserve_pairs(lm_collision *c, uint32_t n) {
    if (n <= c->pair_capacity) {
        return true;
    }
    uint32_t next = c->pair_capacity ? c->pair_capacity : 256;
    while (next < n) {
        next *= 2;
    }
    uint32_t *pairs = lm_memory_resize_array(c->memory, c->pairs, (size_t)next * 2, sizeof *pairs);
    if (!pairs) {
        return false;
    }
    c->pairs = pairs;
    double *push = lm_memory_resize_array(c->memory, c->pair_push, next, sizeof *push);
    if (!push) {
        return false;
    }
    c->pair_push = push;
    c->pair_capacity = next;
    return true;
}

static uint32_t hash_cell(int32_t x, int32_t y, int32_t z, uint32_t bucket_mask) {
    uint32_t h = (uint32_t)x * 73856093u ^ (uint32_t)y * 19349663u ^ (uint32_t)z * 83492791u;
    return h & bucket_mask;
}

/* floor(v / size) clamped to [-1e9, 1e9] (NaN: 1e9), written out so no libm
 * call (floor, fmin, fmax through the PLT) sits in the pair search's hot loop:
 * the same integers as the clamped floor. */
static int32_t cell_coordinate(double v, double inverse_size) {
    double c = v * inverse_size;
    if (!(c < 1e9)) {
        return 1000000000; /* also NaN, as fmin(1e9, NaN) gave */
    }
    if (c <= -1e9) {
        return -1000000000;
    }
    int32_t i = (int32_t)c; /* towards zero */
    return (double)i > c ? i - 1 : i;
}

/* Sizes the grid arrays for n particles and the given number of buckets. */
static bool reserve_grid(lm_collision *c, uint32_t n, uint32_t buckets) {
    if (n > c->grid_capacity) {
        uint32_t *items = lm_memory_resize_array(c->memory, c->cell_items, n, sizeof *items);
        if (!items) {
            return false;
        }
        c->cell_items = items;
        uint32_t *bucket = lm_memory_resize_array(c->memory, c->bucket, n, sizeof *bucket);
        if (!bucket) {
            return false;
        }
        c->bucket = bucket;
        int32_t *cell = lm_memory_resize_array(c->memory, c->cell, (size_t)n * 3, sizeof *cell);
        if (!cell) {
            return false;
        }
        c->cell = cell;
        double *sorted =
            lm_memory_resize_array(c->memory, c->sorted, (size_t)n * 4, sizeof *sorted);
        if (!sorted) {
            return false;
        }
        c->sorted = sorted;
        c->grid_capacity = n;
    }
    if (buckets > c->bucket_count) {
        uint32_t *start =
            lm_memory_resize_array(c->memory, c->cell_start, (size_t)buckets + 1, sizeof *start);
        if (!start) {
            return false;
        }
        c->cell_start = start;
        c->bucket_count = buckets;
    }
    return true;
}

static bool pair_allowed(const lm_particles *p, uint32_t i, uint32_t j) {
    return (p->solve_w[i] > 0 || p->solve_w[j] > 0) &&
           ((p->collision_mask[i] >> (p->group[j] & 31u)) & 1u) &&
           ((p->collision_mask[j] >> (p->group[i] & 31u)) & 1u);
}

/* Appends pair (i, j); false when out of memory. */
static bool add_pair(lm_collision *c, uint32_t i, uint32_t j) {
    if (c->pair_count == c->pair_capacity && !reserve_pairs(c, c->pair_count + 1)) {
        return false;
    }
    c->pairs[2 * c->pair_count] = i;
    c->pairs[2 * c->pair_count + 1] = j;
    c->pair_push[c->pair_count] = 0;
    c->pair_count++;
    return true;
}

/* Whether the candidate j (sorted position k) is a pair for i: later in slot
 * order, close enough (its position and radius read from the sorted copy,
 * contiguous), allowed. */
static inline bool candidate(const lm_collision *c, const lm_particles *p, uint32_t i, lm_vec3 xi,
                             double ri, double margin, uint32_t k) {
    uint32_t j = c->cell_items[k];
    const double *q = &c->sorted[4 * k];
    double reach = ri + q[3] + margin;
    double dx = q[0] - xi.x, dy = q[1] - xi.y, dz = q[2] - xi.z;
    return j > i && dx * dx + dy * dy + dz * dz < reach * reach && pair_allowed(p, i, j);
}

/* The dense grid: cell (x, y, z) of the box [lo, lo + size) is
 * x + size.x (y + size.y z); a row of three neighbour cells along x is one
 * run of sorted items, visited in the same order as the 27 hashed cells
 * (dz, dy, then dx, each cell in slot order), so the pairs are the same. */
static bool find_dense(lm_world *world, const int32_t lo[3], const int32_t size[3], double margin) {
    lm_collision *c = &world->collision;
    const lm_particles *p = &world->particles;
    uint32_t n = p->count, none = UINT32_MAX;
    for (uint32_t i = 0; i < n; i++) {
        if (c->bucket[i] == none) {
            continue;
        }
        const int32_t *ci = &c->cell[3 * i];
        int32_t x = ci[0] - lo[0], y = ci[1] - lo[1], z = ci[2] - lo[2];
        int32_t x0 = x > 0 ? x - 1 : 0, x1 = x + 1 < size[0] ? x + 1 : x;
        lm_vec3 xi = p->x[i];
        double ri = p->radius[i];
        for (int32_t zz = z - 1; zz <= z + 1; zz++) {
            if (zz < 0 || zz >= size[2]) {
                continue;
            }
            for (int32_t yy = y - 1; yy <= y + 1; yy++) {
                if (yy < 0 || yy >= size[1]) {
                    continue;
                }
                uint32_t row =
                    ((uint32_t)zz * (uint32_t)size[1] + (uint32_t)yy) * (uint32_t)size[0];
                uint32_t first = c->cell_start[row + (uint32_t)x0];
                uint32_t last = c->cell_start[row + (uint32_t)x1 + 1];
                for (uint32_t k = first; k < last; k++) {
                    if (candidate(c, p, i, xi, ri, margin, k) &&
                        !add_pair(c, i, c->cell_items[k])) {
                        return false;
                    }
                }
            }
        }
    }
    return true;
}

/* The hashed grid, for particles spread too far for a dense one. */
static bool find_hashed(lm_world *world, uint32_t bucket_mask, double margin) {
    lm_collision *c = &world->collision;
    const lm_particles *p = &world->particles;
    uint32_t n = p->count, none = UINT32_MAX;
    for (uint32_t i = 0; i < n; i++) {
        if (c->bucket[i] == none) {
            continue;
        }
        const int32_t *ci = &c->cell[3 * i];
        lm_vec3 xi = p->x[i];
        double ri = p->radius[i];
        for (int dz = -1; dz <= 1; dz++) {
            for (int dy = -1; dy <= 1; dy++) {
                for (int dx = -1; dx <= 1; dx++) {
                    int32_t x = ci[0] + dx, y = ci[1] + dy, z = ci[2] + dz;
                    uint32_t b = hash_cell(x, y, z, bucket_mask);
                    for (uint32_t k = c->cell_start[b]; k < c->cell_start[b + 1]; k++) {
                        const int32_t *cj = &c->cell[3 * c->cell_items[k]];
                        if (cj[0] == x && cj[1] == y && cj[2] == z &&
                            candidate(c, p, i, xi, ri, margin, k) &&
                            !add_pair(c, i, c->cell_items[k])) {
                            return false;
                        }
                    }
                }
            }
        }
    }
    return true;
}

bool lm_contact_find_pairs(lm_world *world) {
    lm_collision *c = &world->collision;
    const lm_particles *p = &world->particles;
    c->pair_count = 0;
    if (!world->def.collide_particles) {
        return true;
    }
    uint32_t n = p->count;
    double r_max = 0;
    for (uint32_t i = 0; i < n; i++) {
        if (p->alive[i] && p->radius[i] > r_max) {
            r_max = p->radius[i];
        }
    }
    if (!(r_max > 0)) {
        return true;
    }
    double margin = MARGIN * r_max;
    double inverse_size = 1.0 / (2.0 * r_max + margin);

    /* Every particle's cell, and the cells' bounds. */
    if (!reserve_grid(c, n, 0)) {
        return false;
    }
    const uint32_t none = UINT32_MAX;
    int32_t lo[3] = {INT32_MAX, INT32_MAX, INT32_MAX}, hi[3] = {INT32_MIN, INT32_MIN, INT32_MIN};
    uint32_t members = 0;
    for (uint32_t i = 0; i < n; i++) {
        if (!p->alive[i] || !(p->radius[i] > 0)) {
            c->bucket[i] = none;
            continue;
        }
        int32_t *cell = &c->cell[3 * i];
        cell[0] = cell_coordinate(p->x[i].x, inverse_size);
        cell[1] = cell_coordinate(p->x[i].y, inverse_size);
        cell[2] = cell_coordinate(p->x[i].z, inverse_size);
        for (int a = 0; a < 3; a++) {
            lo[a] = cell[a] < lo[a] ? cell[a] : lo[a];
            hi[a] = cell[a] > hi[a] ? cell[a] : hi[a];
        }
        c->bucket[i] = 0;
        members++;
    }
    if (members == 0) {
        return true;
    }
    /* Dense when the box holds at most 4 cells per particle (a pile, a
     * cloud), else hashed into at least 2 buckets per particle. */
    int32_t size[3];
    double cells = 1;
    for (int a = 0; a < 3; a++) {
        size[a] = (int32_t)((int64_t)hi[a] - lo[a] + 1 < INT32_MAX ? hi[a] - lo[a] + 1 : INT32_MAX);
        cells *= (double)size[a];
    }
    bool dense = cells <= 4.0 * members + 64;
    uint32_t buckets = 64;
    if (dense) {
        buckets = (uint32_t)cells;
    } else {
        while (buckets < 2 * n) {
            buckets *= 2;
        }
    }
    if (!reserve_grid(c, n, buckets)) {
        return false;
    }
    uint32_t bucket_mask = buckets - 1;

    /* Counting sort of the particles by bucket, stable in slot order. */
    memset(c->cell_start, 0, ((size_t)buckets + 1) * sizeof *c->cell_start);
    for (uint32_t i = 0; i < n; i++) {
        if (c->bucket[i] == none) {
            continue;
        }
        const int32_t *cell = &c->cell[3 * i];
        c->bucket[i] =
            dense ? (uint32_t)(cell[0] - lo[0]) +
                        (uint32_t)size[0] * ((uint32_t)(cell[1] - lo[1]) +
                                             (uint32_t)size[1] * (uint32_t)(cell[2] - lo[2]))
                  : hash_cell(cell[0], cell[1], cell[2], bucket_mask);
        c->cell_start[c->bucket[i] + 1]++;
    }
    for (uint32_t b = 0; b < buckets; b++) {
        c->cell_start[b + 1] += c->cell_start[b];
    }
    /* cell_start[b] is now where bucket b begins; fill using it as a cursor,
     * with each item's position and radius beside it. */
    for (uint32_t i = 0; i < n; i++) {
        if (c->bucket[i] != none) {
            uint32_t k = c->cell_start[c->bucket[i]]++;
            c->cell_items[k] = i;
            double *q = &c->sorted[4 * k];
            q[0] = p->x[i].x;
            q[1] = p->x[i].y;
            q[2] = p->x[i].z;
            q[3] = p->radius[i];
        }
    }
    /* The cursors ended at the next bucket's start: shift back by one bucket. */
    for (uint32_t b = buckets; b > 0; b--) {
        c->cell_start[b] = c->cell_start[b - 1];
    }
    c->cell_start[0] = 0;
    bool ok = dense ? find_dense(world, lo, size, margin) : find_hashed(world, bucket_mask, margin);
    if (!ok) {
        c->pair_count = 0;
    }
    return ok;
}

/* Friction between two particles that both have a friction coefficient (the
 * combined one is sqrt(mu_i mu_j), as against colliders): their relative
 * slip along the contact during this sub-step is taken back, at most mu
 * times the push that separated them (Coulomb on positions, as for edges).
 * Balls with friction heap into a cone instead of spreading like a liquid.
 * It runs once per sub-step after the sweeps, bounded by the push of all of
 * them (the contact's whole normal correction: Coulomb's bound), for pairs
 * still touching; taking back the slip in every sweep instead fed a two-step
 * oscillation in a resting pile. A last projection pass then removes the
 * overlaps the sideways moves made. */
static void pair_friction(lm_world *world, uint32_t i, uint32_t j, lm_vec3 n, double push,
                          double mu) {
    lm_particles *p = &world->particles;
    lm_vec3 slip = lm_sub(lm_sub(p->x[j], p->x0[j]), lm_sub(p->x[i], p->x0[i]));
    lm_vec3 tangential = lm_mad(slip, n, -lm_dot(slip, n));
    double length = sqrt(lm_dot(tangential, tangential));
    if (!(length > 0)) {
        return;
    }
    double keep = length <= mu * push ? 1.0 : mu * push / length;
    double wsum = p->solve_w[i] + p->solve_w[j];
    lm_vec3 take = lm_scale(tangential, keep / wsum);
    p->x[i] = lm_mad(p->x[i], take, p->solve_w[i]);
    p->x[j] = lm_mad(p->x[j], take, -p->solve_w[j]);
}

/* The pairs come ordered by their first particle: its position stays in
 * registers across the run of pairs that share it (no pair of the run
 * touches it as its second particle, which is always later in slot order),
 * so each projection does not wait on the store of the one before. The
 * arithmetic is the same, operation for operation. */
void lm_contact_project(lm_world *world) {
    lm_collision *c = &world->collision;
    lm_vec3 *x = world->particles.x;
    const double *w = world->particles.solve_w, *radius = world->particles.radius;
    const uint32_t *pairs = c->pairs;
    double *pair_push = c->pair_push;
    uint32_t k = 0, count = c->pair_count;
    while (k < count) {
        uint32_t i = pairs[2 * k];
        lm_vec3 xi = x[i];
        double wi = w[i], ri = radius[i];
        for (; k < count && pairs[2 * k] == i; k++) {
            uint32_t j = pairs[2 * k + 1];
            double reach = ri + radius[j];
            lm_vec3 d = lm_sub(x[j], xi);
            double distance2 = lm_dot(d, d);
            if (distance2 >= reach * reach) {
                continue;
            }
            double distance = sqrt(distance2);
            /* Coincident centres: no line of centres, so a fixed one keeps it deterministic. */
            lm_vec3 n = distance > 1e-12 ? lm_scale(d, 1.0 / distance) : lm_v3(1, 0, 0);
            double push = (reach - distance) / (wi + w[j]);
            xi = lm_mad(xi, n, -push * wi);
            x[j] = lm_mad(x[j], n, push * w[j]);
            pair_push[k] += reach - distance;
        }
        x[i] = xi;
    }
}

void lm_contact_friction(lm_world *world) {
    const lm_collision *c = &world->collision;
    const lm_particles *p = &world->particles;
    const lm_vec3 *x = p->x;
    const double *radius = p->radius;
    bool moved = false;
    for (uint32_t k = 0; k < c->pair_count; k++) {
        uint32_t i = c->pairs[2 * k], j = c->pairs[2 * k + 1];
        if (!(c->pair_push[k] > 0) || !(p->friction[i] > 0) || !(p->friction[j] > 0)) {
            continue;
        }
        lm_vec3 d = lm_sub(x[j], x[i]);
        double distance = sqrt(lm_dot(d, d));
        if (distance > 1e-12 && distance <= (radius[i] + radius[j]) * (1 + 1e-9)) {
            pair_friction(world, i, j, lm_scale(d, 1.0 / distance), c->pair_push[k],
                          sqrt(p->friction[i] * p->friction[j]));
            moved = true;
        }
    }
    if (moved) {
        lm_contact_project(world); /* friction moved particles sideways: no new overlaps */
    }
}
