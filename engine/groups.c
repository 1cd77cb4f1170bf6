/* groups.c - which sticks projection = "shake" solves exactly, and in what
 * order.
 *
 * The sticks a kind marks as exact (lm_constraint_class.exact: plain sticks
 * and ropes of stiffness 1 without compliance, breaking or the square-root
 * approximation) are joined into groups by the movable particles they share;
 * an immovable or pinned particle joins nothing (it is a fixed end). Each
 * group is then ordered for Gaussian elimination of its multipliers:
 *
 *   1. leaves first: a stick with a fixed end, or an end no other stick of
 *      the group shares, is eliminated before its neighbours (Baraff 1996).
 *      Its neighbours are then all at one particle, already a clique of the
 *      matrix, so this makes no fill-in; a chain or a tree is eliminated
 *      completely this way, in linear time.
 *   2. what is left (the sticks on closed loops, at most
 *      LM_SPARSE_ORDER_MAX of them) in minimum-degree order.
 *
 * A group whose factorisation in that order costs more than
 * LM_SHAKE_WORK_PER_STICK multiply-adds per stick (plus LM_SHAKE_WORK_BASE)
 * is relaxed instead: a cloth's net of closed loops would cost thousands
 * per stick (bench/RESULTS.md). The exact groups' rows are numbered group
 * after group in that order, one matrix for all of them. */
#include <stdlib.h>
#include <string.h>

#include "constraint.h"
#include "shake.h"

void lm_shake_free(lm_shake *sh) {
    struct lm_memory *memory = sh->memory;
    lm_memory_free(memory, sh->item);
    lm_memory_free(memory, sh->row_of);
    lm_memory_free(memory, sh->r0);
    lm_memory_free(memory, sh->d);
    lm_memory_free(memory, sh->lambda);
    lm_memory_free(memory, sh->mu);
    lm_memory_free(memory, sh->rhs);
    lm_memory_free(memory, sh->tension);
    lm_memory_free(memory, sh->active);
    lm_memory_free(memory, sh->site_start);
    lm_memory_free(memory, sh->site_particle);
    lm_memory_free(memory, sh->incidence);
    lm_memory_free(memory, sh->pair);
    lm_memory_free(memory, sh->relaxed_item);
    lm_memory_free(memory, sh->relaxed_start);
    lm_sparse_free(&sh->matrix);
    memset(sh, 0, sizeof *sh);
    sh->memory = memory;
    sh->matrix.memory = memory;
}

/* ------------------------------------------------------------- scratch -- */

typedef struct scratch {
    lm_world *world;
    struct lm_memory *memory;
    uint32_t items, particles;
    uint8_t *candidate; /* per dense item */
    uint32_t *parent;   /* per particle: union-find */
    uint32_t *group;    /* per dense item: its group, UINT32_MAX if none */
    uint32_t groups;
    uint32_t *group_start;     /* groups + 1 */
    uint32_t *group_items;     /* dense items, group by group */
    uint32_t *inc_start;       /* particles + 1: candidate items at each particle */
    uint32_t *inc;             /* dense items */
    uint32_t *degree;          /* per particle: items of the group not yet eliminated */
    uint32_t *local;           /* per dense item: index within its group while ordering */
    uint8_t *done;             /* per dense item */
    uint32_t *queue;           /* dense items */
    uint32_t *order;           /* per group, dense items in elimination order */
    uint32_t *adj_start, *adj; /* a group's graph, local indices */
    uint32_t adj_capacity;
    uint32_t *core, *core_order;
    uint8_t *exact_group; /* per group */
    lm_sparse trial;
} scratch;

static void *array(scratch *s, size_t count, size_t size) {
    return lm_memory_zeroed(s->memory, count ? count : 1, size);
}

static void free_scratch(scratch *s) {
    void *blocks[] = {s->candidate,  s->parent,     s->group,     s->group_start, s->group_items,
                      s->inc_start,  s->inc,        s->degree,    s->local,       s->done,
                      s->queue,      s->order,      s->adj_start, s->adj,         s->core,
                      s->core_order, s->exact_group};
    for (size_t i = 0; i < sizeof blocks / sizeof blocks[0]; i++) {
        lm_memory_free(s->memory, blocks[i]);
    }
    lm_sparse_free(&s->trial);
}

static uint32_t find(uint32_t *parent, uint32_t i) {
    while (parent[i] != i) {
        parent[i] = parent[parent[i]];
        i = parent[i];
    }
    return i;
}

static const lm_constraint_item *item_at(const scratch *s, uint32_t dense) {
    return lm_store_at(&s->world->constraints, dense);
}

static bool movable(const scratch *s, uint32_t particle) {
    return s->world->particles.solve_w[particle] > 0;
}

/* The candidates, their groups (union-find over movable particles) and the
 * items at each particle. */
static bool find_groups(scratch *s) {
    s->candidate = array(s, s->items, 1);
    s->parent = array(s, s->particles, sizeof *s->parent);
    s->group = array(s, s->items, sizeof *s->group);
    s->inc_start = array(s, (size_t)s->particles + 1, sizeof *s->inc_start);
    if (!s->candidate || !s->parent || !s->group || !s->inc_start) {
        return false;
    }
    for (uint32_t i = 0; i < s->particles; i++) {
        s->parent[i] = i;
    }
    uint32_t incidences = 0;
    for (uint32_t d = 0; d < s->items; d++) {
        const lm_constraint_item *c = item_at(s, d);
        const lm_constraint_class *kind = lm_constraint_classes[c->solver];
        double min, max;
        uint32_t a = c->particle[0], b = c->particle[1];
        if (!kind->exact || !kind->exact(s->world, c, &min, &max) ||
            !(movable(s, a) || movable(s, b))) {
            continue;
        }
        s->candidate[d] = 1;
        if (movable(s, a) && movable(s, b)) {
            uint32_t ra = find(s->parent, a), rb = find(s->parent, b);
            /* the lower root wins: the groups do not depend on the union order */
            s->parent[ra > rb ? ra : rb] = ra < rb ? ra : rb;
        }
        for (int e = 0; e < 2; e++) {
            if (movable(s, c->particle[e])) {
                s->inc_start[c->particle[e] + 1]++;
                incidences++;
            }
        }
    }
    for (uint32_t i = 0; i < s->particles; i++) {
        s->inc_start[i + 1] += s->inc_start[i];
    }
    s->inc = array(s, incidences, sizeof *s->inc);
    s->degree = array(s, s->particles, sizeof *s->degree);
    uint32_t *root_group = s->degree; /* borrowed: root particle -> group + 1 */
    if (!s->inc || !s->degree) {
        return false;
    }
    s->groups = 0;
    for (uint32_t d = 0; d < s->items; d++) {
        s->group[d] = UINT32_MAX;
        if (!s->candidate[d]) {
            continue;
        }
        const lm_constraint_item *c = item_at(s, d);
        uint32_t end = movable(s, c->particle[0]) ? c->particle[0] : c->particle[1];
        uint32_t root = find(s->parent, end);
        if (root_group[root] == 0) {
            root_group[root] = ++s->groups;
        }
        s->group[d] = root_group[root] - 1;
        for (int e = 0; e < 2; e++) {
            uint32_t p = c->particle[e];
            if (movable(s, p)) {
                /* inc_start[p] counts up to where p's list ends */
                s->inc[s->inc_start[p]++] = d;
            }
        }
    }
    for (uint32_t i = s->particles; i > 0; i--) {
        s->inc_start[i] = s->inc_start[i - 1];
    }
    s->inc_start[0] = 0;
    s->group_start = array(s, (size_t)s->groups + 1, sizeof *s->group_start);
    s->group_items = array(s, s->items, sizeof *s->group_items);
    if (!s->group_start || !s->group_items) {
        return false;
    }
    for (uint32_t d = 0; d < s->items; d++) {
        if (s->group[d] != UINT32_MAX) {
            s->group_start[s->group[d] + 1]++;
        }
    }
    for (uint32_t g = 0; g < s->groups; g++) {
        s->group_start[g + 1] += s->group_start[g];
    }
    uint32_t *fill = s->parent; /* borrowed: the union-find is done */
    memcpy(fill, s->group_start, s->groups * sizeof *fill);
    for (uint32_t d = 0; d < s->items; d++) {
        if (s->group[d] != UINT32_MAX) {
            s->group_items[fill[s->group[d]]++] = d;
        }
    }
    memset(s->degree, 0, s->particles * sizeof *s->degree);
    return true;
}

/* Whether the item is a leaf: an end that is fixed or that no other
 * remaining item shares. */
static bool leaf(const scratch *s, uint32_t d) {
    const lm_constraint_item *c = item_at(s, d);
    for (int e = 0; e < 2; e++) {
        uint32_t p = c->particle[e];
        if (!movable(s, p) || s->degree[p] <= 1) {
            return true;
        }
    }
    return false;
}

/* The graph of the listed items (count of them, local index = place in the
 * list, s->local set): neighbours share a movable particle. */
static bool group_graph(scratch *s, const uint32_t *list, uint32_t count) {
    uint64_t need = 0;
    for (uint32_t k = 0; k < count; k++) {
        const lm_constraint_item *c = item_at(s, list[k]);
        for (int e = 0; e < 2; e++) {
            uint32_t p = c->particle[e];
            if (movable(s, p)) {
                need += s->inc_start[p + 1] - s->inc_start[p];
            }
        }
    }
    if (need > UINT32_MAX / 2) {
        return false;
    }
    lm_memory_free(s->memory, s->adj_start);
    s->adj_start = array(s, (size_t)count + 1, sizeof *s->adj_start);
    if (need > s->adj_capacity || !s->adj) {
        lm_memory_free(s->memory, s->adj);
        s->adj = array(s, need, sizeof *s->adj);
        s->adj_capacity = (uint32_t)need;
    }
    if (!s->adj_start || !s->adj) {
        return false;
    }
    uint32_t used = 0;
    for (uint32_t k = 0; k < count; k++) {
        s->adj_start[k] = used;
        const lm_constraint_item *c = item_at(s, list[k]);
        for (int e = 0; e < 2; e++) {
            uint32_t p = c->particle[e];
            if (!movable(s, p)) {
                continue;
            }
            for (uint32_t q = s->inc_start[p]; q < s->inc_start[p + 1]; q++) {
                uint32_t other = s->inc[q];
                if (other != list[k] && s->local[other] != UINT32_MAX) {
                    s->adj[used++] = s->local[other];
                }
            }
        }
    }
    s->adj_start[count] = used;
    return true;
}

/* Orders group g into s->order (from its first item's place); 1 when it is
 * solved exactly, 0 relaxed, -1 out of memory. */
static int order_group(scratch *s, uint32_t g) {
    uint32_t first = s->group_start[g], count = s->group_start[g + 1] - first;
    const uint32_t *items = s->group_items + first;
    uint32_t *order = s->order + first;
    /* the sticks at one particle are a clique of the matrix: a hub of many
     * sticks is over budget before any ordering (sum of deg^2 / 2 bounds
     * its entries) */
    double budget = LM_SHAKE_WORK_PER_STICK * count + LM_SHAKE_WORK_BASE, clique = 0;
    for (uint32_t k = 0; k < count; k++) {
        const lm_constraint_item *c = item_at(s, items[k]);
        for (int e = 0; e < 2; e++) {
            uint32_t p = c->particle[e];
            if (movable(s, p)) {
                s->degree[p]++;
                clique += s->degree[p];
            }
        }
    }
    if (clique > budget) {
        return 0; /* many sticks at one particle: a hub */
    }
    /* 1. leaves first */
    uint32_t head = 0, tail = 0, placed = 0;
    for (uint32_t k = 0; k < count; k++) {
        if (leaf(s, items[k])) {
            s->queue[tail++] = items[k];
            s->done[items[k]] = 1;
        }
    }
    while (head < tail) {
        uint32_t d = s->queue[head++];
        order[placed++] = d;
        const lm_constraint_item *c = item_at(s, d);
        for (int e = 0; e < 2; e++) {
            uint32_t p = c->particle[e];
            if (!movable(s, p) || --s->degree[p] != 1) {
                continue;
            }
            for (uint32_t q = s->inc_start[p]; q < s->inc_start[p + 1]; q++) {
                uint32_t other = s->inc[q];
                if (!s->done[other]) {
                    s->done[other] = 1;
                    s->queue[tail++] = other;
                }
            }
        }
    }
    /* 2. the closed loops left, in minimum-degree order */
    uint32_t left = count - placed;
    if (left > LM_SPARSE_ORDER_MAX) {
        return 0;
    }
    if (left > 0) {
        uint32_t n = 0;
        for (uint32_t k = 0; k < count; k++) {
            if (!s->done[items[k]]) {
                s->local[items[k]] = n;
                s->core[n++] = items[k];
            }
        }
        bool ok = group_graph(s, s->core, n) &&
                  lm_sparse_min_degree(s->memory, n, s->adj_start, s->adj, s->core_order);
        for (uint32_t k = 0; k < n; k++) {
            s->local[s->core[k]] = UINT32_MAX;
        }
        if (!ok) {
            return -1;
        }
        for (uint32_t k = 0; k < n; k++) {
            order[placed++] = s->core[s->core_order[k]];
        }
    }
    /* the work of the whole group in that order */
    for (uint32_t k = 0; k < count; k++) {
        s->local[order[k]] = k;
    }
    int result;
    uint32_t *identity = s->queue; /* the graph below is numbered in order */
    for (uint32_t k = 0; k < count; k++) {
        identity[k] = k;
    }
    if (!group_graph(s, order, count)) {
        result = -1;
    } else {
        double work;
        result = lm_sparse_analyse(&s->trial, count, s->adj_start, s->adj, identity, budget, &work);
    }
    for (uint32_t k = 0; k < count; k++) {
        s->local[order[k]] = UINT32_MAX;
    }
    return result;
}

/* ---------------------------------------------------------------- rows -- */

static bool build_rows(lm_world *world, scratch *s) {
    lm_shake *sh = &world->shake;
    uint32_t rows = 0, relaxed = 0;
    for (uint32_t g = 0; g < s->groups; g++) {
        uint32_t count = s->group_start[g + 1] - s->group_start[g];
        if (s->exact_group[g]) {
            rows += count;
            sh->exact_groups++;
        } else {
            relaxed += count;
            sh->relaxed_groups++;
        }
    }
    struct lm_memory *m = sh->memory;
    sh->rows = rows;
    sh->relaxed_sticks = relaxed;
    sh->row_of_count = s->items;
    sh->item = lm_memory_zeroed(m, rows + 1, sizeof *sh->item);
    sh->row_of = lm_memory_zeroed(m, s->items + 1, sizeof *sh->row_of);
    sh->r0 = lm_memory_zeroed(m, rows + 1, sizeof *sh->r0);
    sh->d = lm_memory_zeroed(m, rows + 1, sizeof *sh->d);
    sh->lambda = lm_memory_zeroed(m, rows + 1, sizeof *sh->lambda);
    sh->mu = lm_memory_zeroed(m, rows + 1, sizeof *sh->mu);
    sh->rhs = lm_memory_zeroed(m, rows + 1, sizeof *sh->rhs);
    sh->tension = lm_memory_zeroed(m, rows + 1, sizeof *sh->tension);
    sh->active = lm_memory_zeroed(m, rows + 1, sizeof *sh->active);
    sh->relaxed_item = lm_memory_zeroed(m, relaxed + 1, sizeof *sh->relaxed_item);
    sh->relaxed_start = lm_memory_zeroed(m, sh->relaxed_groups + 1, sizeof *sh->relaxed_start);
    if (!sh->item || !sh->row_of || !sh->r0 || !sh->d || !sh->lambda || !sh->mu || !sh->rhs ||
        !sh->tension || !sh->active || !sh->relaxed_item || !sh->relaxed_start) {
        return false;
    }
    for (uint32_t d = 0; d < s->items; d++) {
        sh->row_of[d] = UINT32_MAX;
    }
    uint32_t row = 0, r = 0, rg = 0;
    for (uint32_t g = 0; g < s->groups; g++) {
        for (uint32_t k = s->group_start[g]; k < s->group_start[g + 1]; k++) {
            if (s->exact_group[g]) {
                sh->item[row] = s->order[k];
                sh->row_of[s->order[k]] = row++;
            } else {
                sh->relaxed_item[r++] = s->group_items[k];
            }
        }
        if (!s->exact_group[g]) {
            sh->relaxed_start[++rg] = r;
        }
    }
    /* the matrix of every exact row, numbered in order */
    for (uint32_t k = 0; k < rows; k++) {
        s->local[sh->item[k]] = k;
    }
    bool ok = group_graph(s, sh->item, rows);
    if (ok) {
        uint32_t *identity = lm_memory_zeroed(m, rows + 1, sizeof *identity);
        double work;
        ok = identity != NULL;
        for (uint32_t k = 0; ok && k < rows; k++) {
            identity[k] = k;
        }
        ok = ok && lm_sparse_analyse(&sh->matrix, rows, s->adj_start, s->adj, identity, INFINITY,
                                     &work) == 1;
        lm_memory_free(m, identity);
    }
    if (!ok) {
        return false;
    }
    /* the sites, and the entry of every pair of rows at each */
    const lm_particles *p = &world->particles;
    uint32_t sites = 0, incidences = 0;
    uint64_t pairs = 0;
    for (uint32_t i = 0; i < s->particles; i++) {
        uint32_t n = 0;
        for (uint32_t q = s->inc_start[i]; q < s->inc_start[i + 1]; q++) {
            n += s->local[s->inc[q]] != UINT32_MAX;
        }
        if (n > 0 && p->solve_w[i] > 0) {
            sites++;
            incidences += n;
            pairs += (uint64_t)n * n;
        }
    }
    if (pairs > UINT32_MAX / 2) {
        return false;
    }
    sh->sites = sites;
    sh->site_start = lm_memory_zeroed(m, sites + 1, sizeof *sh->site_start);
    sh->site_particle = lm_memory_zeroed(m, sites + 1, sizeof *sh->site_particle);
    sh->incidence = lm_memory_zeroed(m, incidences + 1, sizeof *sh->incidence);
    sh->pair = lm_memory_zeroed(m, pairs + 1, sizeof *sh->pair);
    if (!sh->site_start || !sh->site_particle || !sh->incidence || !sh->pair) {
        return false;
    }
    uint32_t site = 0, used = 0, q2 = 0;
    for (uint32_t i = 0; i < s->particles; i++) {
        uint32_t first = used;
        for (uint32_t q = s->inc_start[i]; q < s->inc_start[i + 1]; q++) {
            uint32_t d = s->inc[q];
            if (s->local[d] == UINT32_MAX || !(p->solve_w[i] > 0)) {
                continue;
            }
            const lm_constraint_item *c = item_at(s, d);
            sh->incidence[used++] = s->local[d] | (c->particle[1] == i ? LM_SHAKE_SECOND_END : 0u);
        }
        if (used == first) {
            continue;
        }
        sh->site_particle[site] = i;
        sh->site_start[site++] = first;
        for (uint32_t x = first; x < used; x++) {
            for (uint32_t y = first; y < used; y++) {
                sh->pair[q2++] = lm_sparse_at(&sh->matrix, sh->incidence[x] & ~LM_SHAKE_SECOND_END,
                                              sh->incidence[y] & ~LM_SHAKE_SECOND_END);
            }
        }
    }
    sh->site_start[site] = used;
    for (uint32_t k = 0; k < rows; k++) {
        s->local[sh->item[k]] = UINT32_MAX;
    }
    return true;
}

bool lm_shake_build(lm_world *world) {
    lm_shake *sh = &world->shake;
    lm_shake_free(sh);
    lm_store *store = &world->constraints;
    for (uint32_t d = 0; d < store->count; d++) {
        lm_constraint_item *c = lm_store_at(store, d);
        c->flags &= (uint16_t)~LM_ITEM_EXACT;
    }
    if (world->def.projection != LM_PROJECT_SHAKE) {
        sh->built = true;
        return true;
    }
    scratch s;
    memset(&s, 0, sizeof s);
    s.world = world;
    s.memory = sh->memory;
    s.trial.memory = sh->memory;
    s.items = store->count;
    s.particles = world->particles.count;
    bool ok = find_groups(&s);
    if (ok) {
        s.local = array(&s, s.items, sizeof *s.local);
        s.done = array(&s, s.items, 1);
        s.queue = array(&s, s.items, sizeof *s.queue);
        s.order = array(&s, s.items, sizeof *s.order);
        s.core = array(&s, LM_SPARSE_ORDER_MAX, sizeof *s.core);
        s.core_order = array(&s, LM_SPARSE_ORDER_MAX, sizeof *s.core_order);
        s.exact_group = array(&s, s.groups, 1);
        ok = s.local && s.done && s.queue && s.order && s.core && s.core_order && s.exact_group;
    }
    for (uint32_t d = 0; ok && d < s.items; d++) {
        s.local[d] = UINT32_MAX;
    }
    for (uint32_t g = 0; ok && g < s.groups; g++) {
        int result = order_group(&s, g);
        ok = result >= 0;
        s.exact_group[g] = result == 1;
    }
    ok = ok && build_rows(world, &s);
    free_scratch(&s);
    if (!ok) {
        lm_shake_free(sh);
        return false;
    }
    for (uint32_t k = 0; k < sh->rows; k++) {
        lm_constraint_item *c = lm_store_at(store, sh->item[k]);
        c->flags |= LM_ITEM_EXACT;
    }
    sh->built = true;
    return true;
}
