/*
 * surface.c - shaded surfaces and contact shadows in 3D pictures.
 *
 * A wireframe cloth cannot be read on a projector once it folds, and a spring
 * cloth becomes a mass of zigzags. So in 3D (any view but straight down -z)
 * the stage keeps the links and particles the world reports, then:
 *   1. finds surfaces: every collision face, and every triangle of links
 *      (sticks and springs: a cloth's structural and shear links, a rigid
 *      tetrahedron's sticks) whose sides are within SIDE_RATIO of each other,
 *      so a row of bend links (1, 1, 2) is not taken for a cell;
 *   2. draws each as a filled triangle lit by the key light (two-sided
 *      diffuse plus ambient), sorted by its centroid's depth with the rest
 *      and carrying its corners' depths, so that where two surfaces cross or
 *      a cloth folds over itself the nearer one shows, pixel by pixel;
 *   3. draws the links and particles, except a surface's own edges, links
 *      between its corners (a cloth's bend links) and its corners, unless they were given a colour
 * or look of their own (links on top only when asked) or are pinned or immovable;
 *   4. lays soft contact shadows on the floor (a world box's or an upward
 *      plane's) under balls and sphere colliders.
 * Flat diagrams seen straight on never come here: they keep their look.
 */
#include "stage.h"

#include <string.h>

#define SIDE_RATIO 2.5  /* longest over shortest side of a cell */
#define MIN_SINE   0.05 /* |a x b| / (longest side)^2: flatter is a degenerate cell */

static bool reserve_array(void **array, size_t *capacity, size_t count) {
    return lr_grow(array, capacity, count, 1);
}

void lr_surface_record_link(lr_stage *stage, lm_vec3 a, lm_vec3 b, lm_link_style style,
                            lr_style look, lm_constraint constraint, lm_force force) {
    if (!lr_grow((void **)&stage->links, &stage->link_capacity, stage->link_count + 1,
                 sizeof(pending_link)))
        return;
    pending_link *l = &stage->links[stage->link_count++];
    *l = (pending_link){a, b, look, (uint8_t)style, 0, 0, false};
    lm_particle ends[4];
    if (!stage->world)
        return;
    if (style == LM_LINK_STICK && lm_constraint_particles(stage->world, constraint, ends) == 2) {
        l->pa = ends[0].index1;
        l->pb = ends[1].index1;
    } else if (style == LM_LINK_SPRING && lm_force_particles(stage->world, force, ends) == 2) {
        l->pa = ends[0].index1;
        l->pb = ends[1].index1;
    }
}

void lr_surface_record_particle(lr_stage *stage, lm_particle particle, lm_vec3 position,
                                double radius, unsigned flags, uint32_t color) {
    if (!lr_grow((void **)&stage->particles, &stage->particle_capacity, stage->particle_count + 1,
                 sizeof(pending_particle)))
        return;
    stage->particles[stage->particle_count++] =
        (pending_particle){position, radius, flags, color, particle.index1};
}

void lr_surface_add_caster(lr_stage *stage, lm_vec3 centre, double radius) {
    if (!lr_grow((void **)&stage->casters, &stage->caster_capacity, stage->caster_count + 1,
                 sizeof(caster)))
        return;
    stage->casters[stage->caster_count++] = (caster){centre, radius};
}

void lr_surface_free(lr_stage *stage) {
    free(stage->links);
    free(stage->particles);
    free(stage->faces);
    free(stage->casters);
    free(stage->cells);
    free(stage->scratch);
    free(stage->by_slot);
    free(stage->normals);
}

/* ------------------------------------------------------------- shading -- */

static uint32_t scaled(uint32_t base, double intensity) {
    uint32_t out = base & 0xFFu;
    for (int shift = 8; shift <= 24; shift += 8) {
        double channel = ((base >> shift) & 0xFFu) * intensity;
        out |= (uint32_t)(channel > 255.0 ? 255.0 : channel + 0.5) << shift;
    }
    return out;
}

/* The light on a surface of unit normal n, from either side. */
static double light_on(lm_vec3 n, lm_vec3 light) {
    return LIGHT_AMBIENT + LIGHT_DIFFUSE * fabs(dot(n, light));
}

/* A triangle lit as a whole (flat), for faces whose corners are not known
 * particles. */
static void push_lit_triangle(lr_stage *stage, lm_vec3 a, lm_vec3 b, lm_vec3 c, uint32_t base,
                              lm_vec3 light) {
    lm_vec3 n = cross(sub(b, a), sub(c, a));
    double length = sqrt(dot(n, n));
    if (!(length > 0.0) || !isfinite(length))
        return;
    lm_vec3 corners[3] = {a, b, c};
    uint32_t shade = scaled(base | 0xFFu, light_on(unit(n), light));
    const uint32_t colors[3] = {shade, shade, shade};
    lr_push_smooth_triangle(stage, corners, colors, LR_DEPTH_CENTROID, true);
}

/* Smooth shading: the normal at each particle is the sum of the normals
 * (weighted by area) of the surface triangles around it, each turned to
 * agree with the sum so far (a sheet has no consistent winding, and it is
 * lit from both sides). A triangle's corner is lit by that normal, and the
 * colours are blended across the triangle, so a folded cloth reads as one
 * smooth surface instead of facets whose overlaps saw-tooth. Where the
 * surface is not smooth, a corner is lit by its triangle's own normal,
 * keeping edges crisp: at a particle whose triangles disagree (the sum's
 * length under COHERENT of their lengths' sum: a tetrahedron's or a box's
 * corner, a sharp fold), and at a corner more than ~45 degrees from the
 * particle's normal. */
#define COHERENT   0.8
#define CREASE_COS 0.7

static void sum_normals(normal_sum *normals, const lm_vec3 x[3], const uint32_t slot[3]) {
    lm_vec3 n = cross(sub(x[1], x[0]), sub(x[2], x[0]));
    double length = sqrt(dot(n, n));
    if (!isfinite(length))
        return;
    for (int k = 0; k < 3; k++) {
        normal_sum *s = &normals[slot[k]];
        s->sum = along(s->sum, n, dot(s->sum, n) < 0.0 ? -1.0 : 1.0);
        s->total += length;
    }
}

static void push_smooth_triangle(lr_stage *stage, const normal_sum *normals, const lm_vec3 x[3],
                                 const uint32_t slot[3], uint32_t base, lm_vec3 light) {
    lm_vec3 n = cross(sub(x[1], x[0]), sub(x[2], x[0]));
    double length = sqrt(dot(n, n));
    if (!(length > 0.0) || !isfinite(length))
        return;
    n = (lm_vec3){n.x / length, n.y / length, n.z / length};
    uint32_t colors[3];
    for (int k = 0; k < 3; k++) {
        const normal_sum *s = &normals[slot[k]];
        double sum_length = sqrt(dot(s->sum, s->sum));
        lm_vec3 corner = n;
        if (sum_length >= COHERENT * s->total && sum_length > 0.0) {
            lm_vec3 mean = {s->sum.x / sum_length, s->sum.y / sum_length, s->sum.z / sum_length};
            if (fabs(dot(mean, n)) >= CREASE_COS)
                corner = mean;
        }
        colors[k] = scaled(base | 0xFFu, light_on(corner, light));
    }
    lr_push_smooth_triangle(stage, x, colors, LR_DEPTH_CENTROID, true);
}

/* A cell is a triangle whose sides are alike and that is not flat. */
static bool is_cell(lm_vec3 a, lm_vec3 b, lm_vec3 c) {
    double ab = dot(sub(b, a), sub(b, a)), bc = dot(sub(c, b), sub(c, b));
    double ca = dot(sub(a, c), sub(a, c));
    double longest = max2(ab, max2(bc, ca)),
           shortest = ab < bc ? (ab < ca ? ab : ca) : (bc < ca ? bc : ca);
    if (!(shortest > 0.0) || longest > SIDE_RATIO * SIDE_RATIO * shortest)
        return false;
    lm_vec3 n = cross(sub(b, a), sub(c, a));
    return dot(n, n) > MIN_SINE * MIN_SINE * longest * longest;
}

/* ------------------------------------------------------- link triangles -- */

/* Scratch laid out as: start[slots + 1], then per adjacency entry the
 * neighbour slot and the link index, then a mark per slot. */
typedef struct graph {
    uint32_t *start, *node, *link;
    uint32_t *in_surface; /* per slot: 1 when a corner of a drawn surface */
    uint32_t slots;
} graph;

static bool make_graph(lr_stage *stage, uint32_t slots, graph *g) {
    size_t edges = 0;
    for (size_t i = 0; i < stage->link_count; i++) {
        const pending_link *l = &stage->links[i];
        edges += l->pa != 0 && l->pa <= slots && l->pb >= 1 && l->pb <= slots && l->pa != l->pb;
    }
    size_t words = (size_t)(slots + 1) + 4 * edges + slots;
    if (!reserve_array((void **)&stage->scratch, &stage->scratch_capacity,
                       words * sizeof(uint32_t)))
        return false;
    uint32_t *w = stage->scratch;
    memset(w, 0, words * sizeof(uint32_t));
    g->start = w;
    g->node = w + slots + 1;
    g->link = g->node + 2 * edges;
    g->in_surface = g->link + 2 * edges;
    g->slots = slots;
    for (size_t i = 0; i < stage->link_count; i++) {
        const pending_link *l = &stage->links[i];
        if (l->pa == 0 || l->pa > slots || l->pb < 1 || l->pb > slots || l->pa == l->pb)
            continue;
        g->start[l->pa]++; /* slot pa - 1's count, at start[slot + 1] */
        g->start[l->pb]++;
    }
    for (uint32_t s = 0; s < slots; s++)
        g->start[s + 1] += g->start[s];
    /* in_surface serves as the fill cursor, then is cleared. */
    uint32_t *cursor = g->in_surface;
    for (uint32_t s = 0; s < slots; s++)
        cursor[s] = g->start[s];
    for (size_t i = 0; i < stage->link_count; i++) {
        const pending_link *l = &stage->links[i];
        if (l->pa == 0 || l->pa > slots || l->pb < 1 || l->pb > slots || l->pa == l->pb)
            continue;
        uint32_t u = l->pa - 1, v = l->pb - 1;
        g->node[cursor[u]] = v;
        g->link[cursor[u]++] = (uint32_t)i;
        g->node[cursor[v]] = u;
        g->link[cursor[v]++] = (uint32_t)i;
    }
    memset(cursor, 0, (size_t)slots * sizeof(uint32_t));
    /* Each list sorted by neighbour, then link (insertion: a cloth particle
     * has a handful). */
    for (uint32_t s = 0; s < slots; s++) {
        for (uint32_t i = g->start[s] + 1; i < g->start[s + 1]; i++) {
            uint32_t n = g->node[i], k = g->link[i], j = i;
            while (j > g->start[s] &&
                   (g->node[j - 1] > n || (g->node[j - 1] == n && g->link[j - 1] > k))) {
                g->node[j] = g->node[j - 1];
                g->link[j] = g->link[j - 1];
                j--;
            }
            g->node[j] = n;
            g->link[j] = k;
        }
    }
    return true;
}

/* The first link between slots u and v, or UINT32_MAX. */
static uint32_t find_link(const graph *g, uint32_t u, uint32_t v) {
    uint32_t lo = g->start[u], hi = g->start[u + 1];
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (g->node[mid] < v)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < g->start[u + 1] && g->node[lo] == v ? g->link[lo] : UINT32_MAX;
}

/* Marks every link between u and v as a surface edge. */
static void mark_edge(lr_stage *stage, const graph *g, uint32_t u, uint32_t v) {
    for (uint32_t i = g->start[u]; i < g->start[u + 1]; i++)
        if (g->node[i] == v)
            stage->links[g->link[i]].in_surface = true;
}

/* A surface takes the colour of its first corner's particle, if it has one. */
static uint32_t surface_color(const lr_stage *stage, const pending_particle *corner) {
    return corner && corner->color ? corner->color : COLOR_SURFACE;
}

static uint32_t find_root(uint32_t *parent, uint32_t x) {
    while (parent[x] != x) {
        parent[x] = parent[parent[x]];
        x = parent[x];
    }
    return x;
}

/* Link triangles that are cells, drawn only where they make a sheet of at
 * least MIN_CELLS (a cloth), not a rigid body's few sticks, which stay a
 * see-through frame. */
static void find_link_cells(lr_stage *stage, graph *g, const pending_particle **by_slot) {
    enum { MIN_CELLS = 12 };
    stage->cell_count = 0;
    for (uint32_t u = 0; u < g->slots; u++) {
        for (uint32_t i = g->start[u]; i < g->start[u + 1]; i++) {
            uint32_t v = g->node[i];
            if (v <= u || (i > g->start[u] && g->node[i - 1] == v))
                continue; /* each edge once, from its lower end */
            for (uint32_t j = i + 1; j < g->start[u + 1]; j++) {
                uint32_t w = g->node[j];
                if (w == g->node[j - 1] || find_link(g, v, w) == UINT32_MAX)
                    continue;
                if (!by_slot[u] || !by_slot[v] || !by_slot[w] ||
                    !is_cell(by_slot[u]->position, by_slot[v]->position, by_slot[w]->position))
                    continue;
                if (!lr_grow((void **)&stage->cells, &stage->cell_capacity,
                             3 * (stage->cell_count + 1), sizeof(uint32_t))) {
                    stage->cell_count = 0; /* out of memory: no cells */
                    return;
                }
                uint32_t *cell = &stage->cells[3 * stage->cell_count++];
                cell[0] = u;
                cell[1] = v;
                cell[2] = w;
            }
        }
    }
    /* Sheets: particles joined by cells (union-find; in_surface holds the
     * parents until the marks), and the cells of each sheet at its root. */
    uint32_t *parent = g->in_surface;
    for (uint32_t s = 0; s < g->slots; s++)
        parent[s] = s;
    for (size_t c = 0; c < stage->cell_count; c++) {
        const uint32_t *cell = &stage->cells[3 * c];
        for (int k = 1; k < 3; k++) {
            uint32_t a = find_root(parent, cell[0]), b = find_root(parent, cell[k]);
            if (a != b)
                parent[a < b ? b : a] = a < b ? a : b;
        }
    }
    uint32_t *cells_of = calloc(g->slots ? g->slots : 1, sizeof(uint32_t));
    if (!cells_of) { /* out of memory: no cells, no marks */
        stage->cell_count = 0;
        memset(parent, 0, (size_t)g->slots * sizeof(uint32_t));
        return;
    }
    for (size_t c = 0; c < stage->cell_count; c++)
        cells_of[find_root(parent, stage->cells[3 * c])]++;
    /* Keep the drawn cells only, then mark their edges and corners. */
    size_t drawn = 0;
    for (size_t c = 0; c < stage->cell_count; c++) {
        const uint32_t *cell = &stage->cells[3 * c];
        if (cells_of[find_root(parent, cell[0])] < MIN_CELLS)
            continue;
        stage->cells[3 * drawn] = cell[0];
        stage->cells[3 * drawn + 1] = cell[1];
        stage->cells[3 * drawn + 2] = cell[2];
        drawn++;
    }
    stage->cell_count = drawn;
    free(cells_of);
    memset(parent, 0, (size_t)g->slots * sizeof(uint32_t));
    for (size_t c = 0; c < drawn; c++) {
        uint32_t u = stage->cells[3 * c], v = stage->cells[3 * c + 1], w = stage->cells[3 * c + 2];
        mark_edge(stage, g, u, v);
        mark_edge(stage, g, v, w);
        mark_edge(stage, g, u, w);
        g->in_surface[u] = g->in_surface[v] = g->in_surface[w] = 1;
    }
}

/* -------------------------------------------------------------- shadows -- */

/* Three rings on the floor under each caster, darker in the middle, fading
 * as it rises above the floor. */
static void push_shadows(lr_stage *stage) {
    if (!stage->has_floor)
        return;
    enum { CORNERS = 12 };
    for (size_t i = 0; i < stage->caster_count; i++) {
        const caster *c = &stage->casters[i];
        double gap = c->centre.y - c->radius - stage->floor_y;
        if (!(c->radius > 0.0) || gap < -c->radius || !isfinite(gap))
            continue;
        double fade = 1.0 / (1.0 + (gap > 0.0 ? gap : 0.0) / c->radius);
        if (fade < 0.15)
            continue;
        for (int ring = 0; ring < 3; ring++) {
            double r = c->radius * (1.15 - 0.3 * ring) * (1.0 + 0.4 * (1.0 - fade));
            lm_vec3 corners[CORNERS];
            for (int k = 0; k < CORNERS; k++) {
                double angle = 2.0 * 3.14159265358979323846 * k / CORNERS;
                corners[k] = (lm_vec3){c->centre.x + r * cos(angle), stage->floor_y + 1e-4,
                                       c->centre.z + r * sin(angle)};
            }
            uint32_t alpha = (uint32_t)(SHADOW_ALPHA * fade + 0.5);
            if (alpha > 0)
                lr_push_polygon(stage, corners, CORNERS, 0x20201C00u | alpha, LR_DEPTH_FLOOR);
        }
    }
}

/* A face's corners as particle slots (0-based); false when one is not a
 * known particle. */
static bool face_slots(const pending_face *f, uint32_t slots, uint32_t slot[3]) {
    for (int k = 0; k < 3; k++) {
        if (f->p[k] < 1 || f->p[k] > slots)
            return false;
        slot[k] = f->p[k] - 1;
    }
    return true;
}

/* A quad of links with both diagonals (a cloth's cell with its two shear
 * links) makes four cells that cover it twice: only the two along its
 * shorter diagonal are drawn (equal ones: the one of lower particle slots),
 * halving the fill. True when cell is one of the other two: its longest side
 * a-b is a diagonal, the quad's fourth corner d being linked to a, b and c,
 * across a-b from c, with cells c-d-a and c-d-b along a diagonal c-d that is
 * preferred. The normals are summed over all four, so the light is the same. */
static bool covered_otherwise(const graph *g, const pending_particle **by_slot,
                              const uint32_t cell[3]) {
    lm_vec3 x[3] = {by_slot[cell[0]]->position, by_slot[cell[1]]->position,
                    by_slot[cell[2]]->position};
    double side[3];
    int k = 0;
    for (int i = 0; i < 3; i++) {
        lm_vec3 e = sub(x[(i + 1) % 3], x[i]);
        side[i] = dot(e, e);
        if (side[i] > side[k])
            k = i;
    }
    uint32_t a = cell[k], b = cell[(k + 1) % 3], c = cell[(k + 2) % 3];
    lm_vec3 xa = x[k], xb = x[(k + 1) % 3], xc = x[(k + 2) % 3];
    lm_vec3 ab = sub(xb, xa), nc = cross(ab, sub(xc, xa));
    /* The neighbours of a and b in common (both lists are sorted). */
    uint32_t i = g->start[a], j = g->start[b];
    while (i < g->start[a + 1] && j < g->start[b + 1]) {
        uint32_t p = g->node[i], q = g->node[j];
        if (p != q) {
            i += p < q;
            j += q < p;
            continue;
        }
        uint32_t d = p;
        while (i < g->start[a + 1] && g->node[i] == d)
            i++;
        while (j < g->start[b + 1] && g->node[j] == d)
            j++;
        if (d == c || !by_slot[d] || find_link(g, c, d) == UINT32_MAX)
            continue;
        lm_vec3 xd = by_slot[d]->position;
        if (!(dot(nc, cross(ab, sub(xd, xa))) < 0.0) || !is_cell(xc, xd, xa) ||
            !is_cell(xc, xd, xb))
            continue; /* d is not across a-b, or the other split is not drawn */
        lm_vec3 cd = sub(xd, xc);
        double other = dot(cd, cd);
        if (side[k] != other)
            return side[k] > other;
        uint32_t lo = a < b ? a : b, hi = a < b ? b : a;
        uint32_t other_lo = c < d ? c : d, other_hi = c < d ? d : c;
        return lo != other_lo ? lo > other_lo : hi > other_hi;
    }
    return false;
}

/* The drawn cells, then the faces, smoothly shaded; false when out of
 * memory (nothing drawn). */
static bool shade_smooth(lr_stage *stage, const graph *g, const pending_particle **by_slot,
                         uint32_t slots, lm_vec3 light) {
    if (!reserve_array((void **)&stage->normals, &stage->normal_capacity,
                       (size_t)slots * sizeof(normal_sum)))
        return false;
    normal_sum *normals = stage->normals;
    memset(normals, 0, (size_t)slots * sizeof(normal_sum));
    for (size_t c = 0; c < stage->cell_count; c++) {
        const uint32_t *cell = &stage->cells[3 * c];
        lm_vec3 x[3] = {by_slot[cell[0]]->position, by_slot[cell[1]]->position,
                        by_slot[cell[2]]->position};
        sum_normals(normals, x, cell);
    }
    for (size_t i = 0; i < stage->face_count; i++) {
        const pending_face *f = &stage->faces[i];
        uint32_t slot[3];
        if (face_slots(f, slots, slot)) {
            sum_normals(normals, f->x, slot);
            for (int k = 0; k < 3; k++)
                normals[slot[k]].on_face = true;
        }
    }
    for (size_t c = 0; c < stage->cell_count; c++) {
        const uint32_t *cell = &stage->cells[3 * c];
        /* A cloth with collision faces is drawn by its faces alone (its
         * cells would cover it a second time, split otherwise); and a quad
         * of cells once. */
        if ((normals[cell[0]].on_face && normals[cell[1]].on_face && normals[cell[2]].on_face) ||
            covered_otherwise(g, by_slot, cell))
            continue;
        lm_vec3 x[3] = {by_slot[cell[0]]->position, by_slot[cell[1]]->position,
                        by_slot[cell[2]]->position};
        push_smooth_triangle(stage, normals, x, cell, surface_color(stage, by_slot[cell[0]]),
                             light);
    }
    for (size_t i = 0; i < stage->face_count; i++) {
        const pending_face *f = &stage->faces[i];
        const pending_particle *first =
            f->p[0] >= 1 && f->p[0] <= slots ? by_slot[f->p[0] - 1] : NULL;
        uint32_t slot[3];
        if (face_slots(f, slots, slot))
            push_smooth_triangle(stage, normals, f->x, slot, surface_color(stage, first), light);
        else
            push_lit_triangle(stage, f->x[0], f->x[1], f->x[2], surface_color(stage, first), light);
    }
    return true;
}

/* ----------------------------------------------------------------- build -- */

void lr_surface_build(lr_stage *stage) {
    const lr_view *v = &stage->view;
    lm_vec3 light = lr_key_light(v);
    uint32_t slots = stage->world ? lm_world_particle_slots(stage->world) : 0;

    /* Each particle by slot, for positions and colours. */
    const pending_particle **by_slot = NULL;
    if (slots > 0 && reserve_array((void **)&stage->by_slot, &stage->by_slot_capacity,
                                   (size_t)slots * sizeof(pending_particle *))) {
        by_slot = stage->by_slot;
        memset(by_slot, 0, (size_t)slots * sizeof(pending_particle *));
        for (size_t i = 0; i < stage->particle_count; i++) {
            const pending_particle *p = &stage->particles[i];
            if (p->slot >= 1 && p->slot <= slots)
                by_slot[p->slot - 1] = p;
        }
    }

    for (size_t i = 0; i < stage->particle_count; i++) {
        const pending_particle *p = &stage->particles[i];
        if (p->radius > 0.0)
            lr_surface_add_caster(stage, p->position, p->radius);
    }
    push_shadows(stage);

    graph g = {0};
    bool have_graph = by_slot && make_graph(stage, slots, &g);
    if (have_graph) {
        find_link_cells(stage, &g, by_slot);
        for (size_t i = 0; i < stage->face_count; i++) {
            const pending_face *f = &stage->faces[i];
            for (int k = 0; k < 3; k++) {
                uint32_t a = f->p[k], b = f->p[(k + 1) % 3];
                if (a >= 1 && a <= slots && b >= 1 && b <= slots) {
                    mark_edge(stage, &g, a - 1, b - 1);
                    g.in_surface[a - 1] = 1;
                }
            }
        }
        if (!shade_smooth(stage, &g, by_slot, slots, light))
            have_graph = false; /* out of memory: lit flat below */
    }
    if (!have_graph) {
        for (size_t i = 0; i < stage->face_count; i++) {
            const pending_face *f = &stage->faces[i];
            push_lit_triangle(stage, f->x[0], f->x[1], f->x[2], COLOR_SURFACE, light);
        }
    }

    for (size_t i = 0; i < stage->link_count; i++) {
        const pending_link *l = &stage->links[i];
        bool styled = l->style.color != 0 || l->style.look != LR_LOOK_DEFAULT;
        /* A surface's edges, and links across it (a cloth's bend links). */
        bool across = have_graph && l->pa >= 1 && l->pa <= slots && l->pb >= 1 && l->pb <= slots &&
                      g.in_surface[l->pa - 1] && g.in_surface[l->pb - 1];
        if ((l->in_surface || across) && !styled)
            continue;
        size_t before = stage->prim_count;
        lr_emit_link(stage, l->a, l->b, (lm_link_style)l->kind, l->style);
        if (l->in_surface || across) /* asked for: on top of its surface */
            for (size_t k = before; k < stage->prim_count; k++)
                stage->prims[k].depth = -INFINITY;
    }
    for (size_t i = 0; i < stage->particle_count; i++) {
        const pending_particle *p = &stage->particles[i];
        bool on_surface =
            have_graph && p->slot >= 1 && p->slot <= slots && g.in_surface[p->slot - 1] != 0;
        if (on_surface && !(p->flags & (LM_DRAW_IMMOVABLE | LM_DRAW_PINNED)))
            continue; /* the cloth shows where its particles are */
        lr_emit_particle(stage, p->position, p->radius, p->flags, p->color, true);
    }
}
