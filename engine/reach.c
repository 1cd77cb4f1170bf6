/* reach.c - where a world's anchored bodies can get to (for framing a picture).
 *
 * A particle joined through distance links (sticks, ropes at their longest,
 * springs with room to stretch) to an anchor (an immovable or pinned
 * particle) can never be farther from that anchor than the shortest path of
 * links between them. So a pendulum released sideways stays inside the circle
 * of its stick's length around the pivot, and a cloth held at two corners
 * inside the intersection of the boxes around both. lm_world_reach_bounds
 * grows lm_world_bounds by those boxes, so a camera fitted before the first
 * step frames the whole swing instead of the starting pose.
 *
 * Shortest paths are found by Dijkstra's algorithm over the links, once per
 * anchor while there are few anchors (their boxes are then intersected), or
 * once from all anchors together otherwise (each particle's nearest anchor).
 * It runs on demand, never inside a step, and allocates what it needs. */
#include <math.h>
#include <stdlib.h>

#include "world.h"

/* Up to this many anchors, each gets its own search and the boxes around them
 * are intersected; beyond, the nearest anchor's box is used. */
#define REACH_MAX_ANCHORS 8
/* A spring can stretch: its reach is this many times its length. */
#define SPRING_STRETCH 1.5

typedef struct edge {
    uint32_t to;
    double length;
} edge;

/* The links as a graph in compressed rows: the edges of particle i are
 * edges[first[i] .. first[i + 1]). */
typedef struct graph {
    uint32_t *first;
    edge *edges;
} graph;

typedef struct heap_item {
    double distance;
    uint32_t node;
} heap_item;

static double distance_between(const lm_world *world, uint32_t a, uint32_t b) {
    lm_vec3 d = lm_sub(world->particles.x[b], world->particles.x[a]);
    return sqrt(lm_dot(d, d));
}

/* Calls add(a, b, length) for every distance link; returns how many. */
static uint32_t each_link(const lm_world *world, graph *g, uint32_t *fill) {
    uint32_t count = 0;
    for (uint32_t i = 0; i < world->constraints.count; i++) {
        const lm_constraint_item *c = lm_store_at(&world->constraints, i);
        bool distance = lm_constraint_classes[c->solver]->link;
        if (!lm_store_alive(&world->constraints, i) || !distance || (c->flags & LM_ITEM_BROKEN))
            continue;
        if (g) {
            uint32_t a = c->particle[0], b = c->particle[1];
            g->edges[fill[a]++] = (edge){b, c->rest};
            g->edges[fill[b]++] = (edge){a, c->rest};
        } else {
            fill[c->particle[0]]++;
            fill[c->particle[1]]++;
        }
        count++;
    }
    for (uint32_t i = 0; i < world->forces.count; i++) {
        const lm_force_item *f = lm_store_at(&world->forces, i);
        if (!lm_store_alive(&world->forces, i) || f->kind != LM_FORCE_SPRING)
            continue;
        uint32_t a = f->particle[0], b = f->particle[1];
        if (g) {
            double length = SPRING_STRETCH * fmax(f->rest, distance_between(world, a, b));
            g->edges[fill[a]++] = (edge){b, length};
            g->edges[fill[b]++] = (edge){a, length};
        } else {
            fill[a]++;
            fill[b]++;
        }
        count++;
    }
    return count;
}

static bool build_graph(const lm_world *world, graph *g) {
    uint32_t n = world->particles.count;
    lm_memory *memory = world->memory;
    uint32_t *degree = lm_memory_zeroed(memory, (size_t)n + 1, sizeof *degree);
    g->first = lm_memory_resize_array(memory, NULL, (size_t)n + 1, sizeof *g->first);
    uint32_t links = degree ? each_link(world, NULL, degree) : 0;
    g->edges = lm_memory_resize_array(memory, NULL, (size_t)links * 2 + 1, sizeof *g->edges);
    if (!degree || !g->first || !g->edges) {
        lm_memory_free(memory, degree);
        return false;
    }
    uint32_t sum = 0;
    for (uint32_t i = 0; i < n; i++) {
        g->first[i] = sum;
        sum += degree[i];
        degree[i] = g->first[i]; /* becomes the fill cursor */
    }
    g->first[n] = sum;
    each_link(world, g, degree);
    lm_memory_free(memory, degree);
    return true;
}

static void heap_push(heap_item *heap, uint32_t *size, heap_item item) {
    uint32_t i = (*size)++;
    while (i > 0 && heap[(i - 1) / 2].distance > item.distance) {
        heap[i] = heap[(i - 1) / 2];
        i = (i - 1) / 2;
    }
    heap[i] = item;
}

static heap_item heap_pop(heap_item *heap, uint32_t *size) {
    heap_item top = heap[0], last = heap[--(*size)];
    uint32_t i = 0;
    for (;;) {
        uint32_t child = 2 * i + 1;
        if (child >= *size)
            break;
        if (child + 1 < *size && heap[child + 1].distance < heap[child].distance)
            child++;
        if (heap[child].distance >= last.distance)
            break;
        heap[i] = heap[child];
        i = child;
    }
    if (*size > 0)
        heap[i] = last;
    return top;
}

/* Shortest path lengths from the sources (distance 0, origin their own slot)
 * to every particle; origin[i] is the source nearest to i. Unreached: INFINITY. */
static void shortest_paths(const lm_world *world, const graph *g, const uint32_t *sources,
                           uint32_t source_count, double *distance, uint32_t *origin,
                           heap_item *heap) {
    uint32_t n = world->particles.count, size = 0;
    for (uint32_t i = 0; i < n; i++)
        distance[i] = INFINITY;
    for (uint32_t s = 0; s < source_count; s++) {
        distance[sources[s]] = 0.0;
        origin[sources[s]] = sources[s];
        heap_push(heap, &size, (heap_item){0.0, sources[s]});
    }
    while (size > 0) {
        heap_item item = heap_pop(heap, &size);
        if (item.distance > distance[item.node])
            continue; /* a stale entry: a shorter path was found since */
        for (uint32_t e = g->first[item.node]; e < g->first[item.node + 1]; e++) {
            uint32_t to = g->edges[e].to;
            double d = item.distance + g->edges[e].length;
            if (d < distance[to]) {
                distance[to] = d;
                origin[to] = origin[item.node];
                heap_push(heap, &size, (heap_item){d, to});
            }
        }
    }
}

static bool is_anchor(const lm_particles *p, uint32_t i) {
    return p->alive[i] && (p->inv_mass[i] == 0.0 || p->pins[i] > 0);
}

/* The highest a movable particle can climb against gravity with the kinetic
 * energy it has now (x.up + |v|^2 / 2|g| + radius), along up = -g/|g|. */
static double energy_ceiling(const lm_world *world, lm_vec3 up, double g) {
    const lm_particles *p = &world->particles;
    double ceiling = -INFINITY;
    for (uint32_t i = 0; i < p->count; i++) {
        if (!p->alive[i])
            continue;
        double height = lm_dot(p->x[i], up) + p->radius[i];
        if (p->inv_mass[i] > 0.0)
            height += lm_dot(p->v[i], p->v[i]) / (2.0 * g);
        ceiling = fmax(ceiling, height);
    }
    return ceiling;
}

/* Caps the reach box's top at the ceiling when gravity points along an axis
 * (the usual -y); never below what lm_world_bounds already has there. */
static void cap_by_gravity(const lm_world *world, lm_vec3 *min, lm_vec3 *max, lm_vec3 plain_min,
                           lm_vec3 plain_max) {
    lm_vec3 g = world->def.gravity;
    double size = sqrt(lm_dot(g, g));
    if (!(size > 0.0))
        return;
    double *lo[3] = {&min->x, &min->y, &min->z}, *hi[3] = {&max->x, &max->y, &max->z};
    double plain_lo[3] = {plain_min.x, plain_min.y, plain_min.z};
    double plain_hi[3] = {plain_max.x, plain_max.y, plain_max.z};
    double component[3] = {g.x, g.y, g.z};
    for (int axis = 0; axis < 3; axis++) {
        if (fabs(component[axis]) != size)
            continue; /* gravity not along this axis */
        lm_vec3 up = lm_scale(g, -1.0 / size);
        double ceiling = energy_ceiling(world, up, size);
        if (component[axis] < 0.0)
            *hi[axis] = fmax(fmin(*hi[axis], ceiling), plain_hi[axis]);
        else
            *lo[axis] = fmin(fmax(*lo[axis], -ceiling), plain_lo[axis]);
    }
}

static void grow(lm_vec3 *min, lm_vec3 *max, lm_vec3 lo, lm_vec3 hi) {
    *min = lm_v3(fmin(min->x, lo.x), fmin(min->y, lo.y), fmin(min->z, lo.z));
    *max = lm_v3(fmax(max->x, hi.x), fmax(max->y, hi.y), fmax(max->z, hi.z));
}

bool lm_world_reach_bounds(const lm_world *world, lm_vec3 *min, lm_vec3 *max) {
    if (!lm_world_bounds(world, min, max))
        return false;
    const lm_particles *p = &world->particles;
    uint32_t n = p->count, anchors = 0;
    for (uint32_t i = 0; i < n; i++)
        anchors += is_anchor(p, i);
    if (anchors == 0)
        return true;

    graph g = {NULL, NULL};
    lm_memory *memory = world->memory;
    uint32_t *sources = lm_memory_resize_array(memory, NULL, anchors, sizeof *sources);
    uint32_t *origin = lm_memory_resize_array(memory, NULL, (size_t)n + 1, sizeof *origin);
    double *distance = lm_memory_resize_array(memory, NULL, (size_t)n + 1, sizeof *distance);
    lm_vec3 *box_lo = lm_memory_resize_array(memory, NULL, (size_t)n + 1, sizeof *box_lo);
    lm_vec3 *box_hi = lm_memory_resize_array(memory, NULL, (size_t)n + 1, sizeof *box_hi);
    /* each relaxed edge pushes at most once: the heap never holds more */
    heap_item *heap = lm_memory_resize_array(memory, NULL,
                                             (size_t)n + 2 * (size_t)world->constraints.count +
                                                 2 * (size_t)world->forces.count + 1,
                                             sizeof *heap);
    bool ok = sources && origin && distance && box_lo && box_hi && heap && build_graph(world, &g);
    if (ok) {
        uint32_t k = 0;
        for (uint32_t i = 0; i < n; i++)
            if (is_anchor(p, i))
                sources[k++] = i;
        for (uint32_t i = 0; i < n; i++) {
            box_lo[i] = lm_v3(-INFINITY, -INFINITY, -INFINITY);
            box_hi[i] = lm_v3(INFINITY, INFINITY, INFINITY);
        }
        /* One search per anchor (intersect), or one from all (nearest). */
        uint32_t searches = anchors <= REACH_MAX_ANCHORS ? anchors : 1;
        for (uint32_t s = 0; s < searches; s++) {
            const uint32_t *from = searches == 1 && anchors > 1 ? sources : &sources[s];
            uint32_t from_count = searches == 1 && anchors > 1 ? anchors : 1;
            shortest_paths(world, &g, from, from_count, distance, origin, heap);
            for (uint32_t i = 0; i < n; i++) {
                if (!p->alive[i] || is_anchor(p, i) || distance[i] == INFINITY)
                    continue;
                lm_vec3 a = p->x[origin[i]];
                double r = distance[i] + p->radius[i];
                box_lo[i] = lm_v3(fmax(box_lo[i].x, a.x - r), fmax(box_lo[i].y, a.y - r),
                                  fmax(box_lo[i].z, a.z - r));
                box_hi[i] = lm_v3(fmin(box_hi[i].x, a.x + r), fmin(box_hi[i].y, a.y + r),
                                  fmin(box_hi[i].z, a.z + r));
            }
        }
        lm_vec3 plain_min = *min, plain_max = *max, reach_min = *min, reach_max = *max;
        for (uint32_t i = 0; i < n; i++) {
            if (isfinite(box_lo[i].x)) /* reached from an anchor */
                grow(&reach_min, &reach_max, box_lo[i], box_hi[i]);
        }
        cap_by_gravity(world, &reach_min, &reach_max, plain_min, plain_max);
        *min = reach_min;
        *max = reach_max;
    }
    lm_memory_free(memory, sources);
    lm_memory_free(memory, origin);
    lm_memory_free(memory, distance);
    lm_memory_free(memory, box_lo);
    lm_memory_free(memory, box_hi);
    lm_memory_free(memory, heap);
    lm_memory_free(memory, g.first);
    lm_memory_free(memory, g.edges);
    return true; /* out of memory: the plain bounds, which are still right */
}
