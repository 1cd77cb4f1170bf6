/*
 * polygon.c - a flat convex fan as one op (see raster.h).
 *
 * A disc is a fan of up to 256 thin triangles around its centre, a ball of
 * the 3D pictures two dozen discs: painted triangle by triangle, every row
 * of every triangle costs its set-up (three edges) for a few samples, and
 * the rows near the centre are crossed by every triangle of the fan. Here
 * the fan's outline is one op instead: a row's span comes from the edges
 * crossing that row alone (two or three), stepped exactly as a triangle's.
 *
 * It paints exactly the samples of the fan. The top-left rule is a
 * consistent tie-break (a sample on an edge counts as moved by an
 * infinitely small (e, e^2)), so the triangles of a fan that covers its
 * polygon once, with no overlap, paint every sample of the polygon once
 * and no other: the samples inside every edge of the outline, those edges
 * being the triangles' own, bit for bit (the same fixed-point corners, the
 * same constants). So a fan becomes a polygon op only when that holds in
 * the fixed point, checked exactly in integers: its outline turns one way
 * only, once round (the direction's vertical part changes sign twice), and
 * the centre of a circle's fan lies inside it (every triangle turns the
 * outline's way). Anything else (a fan rounded out of shape, more than
 * POLY_MOST_EDGES corners) stays triangles.
 *
 * A row crossed by none of an edge's length is never bound by that edge:
 * the polygon's chord along the row lies strictly inside it (the outline
 * meets the edge's line along the edge only). So each edge keeps the rows
 * its ends span, and a row looks at those edges alone.
 */
#include "raster.h"

#include <stdlib.h>

static int64_t floor_div(int64_t n, int64_t d) { /* d > 0 */
    int64_t q = n / d;
    return (n % d != 0 && n < 0) ? q - 1 : q;
}

/* Sample rows (or columns) whose centres (256 k + 128) lie in [lo, hi]. */
static int64_t first_centre(int64_t lo) {
    return -floor_div(-(lo - 128), 256);
}
static int64_t last_centre(int64_t hi) {
    return floor_div(hi - 128, 256);
}

static int64_t cross(int64_t ax, int64_t ay, int64_t bx, int64_t by) {
    return ax * by - ay * bx;
}

static int compare_edges(const void *a, const void *b) {
    const lr_poly_edge *ea = a, *eb = b;
    return (ea->y0 > eb->y0) - (ea->y0 < eb->y0);
}

/* Far past any canvas coordinate of the guard band (and of circles four
 * times its size, about 1.2e7), and small enough that a cross product of
 * two differences (each under 2e9) and the difference of two such stay
 * inside int64_t. */
#define FIXED_MOST 1.0e9

bool lr_polygon_fan(lr_raster *r, const double *x, const double *y, size_t n, bool centre,
                    double cx, double cy, uint32_t color) {
    if (r->fans_only || n < 3 || n > POLY_MOST_EDGES)
        return false;
    int64_t X[POLY_MOST_EDGES + 1], Y[POLY_MOST_EDGES + 1];
    size_t m = 0; /* corners left after dropping repeats */
    for (size_t i = 0; i < n + (centre ? 1 : 0); i++) {
        double fx = x[i] * (SUPERSAMPLE * 256.0), fy = y[i] * (SUPERSAMPLE * 256.0);
        if (!(fabs(fx) < FIXED_MOST && fabs(fy) < FIXED_MOST))
            return false;
        int64_t px = lr_fixed(x[i]), py = lr_fixed(y[i]);
        if (m > 0 && px == X[m - 1] && py == Y[m - 1])
            continue;
        X[m] = px;
        Y[m] = py;
        m++;
    }
    if (centre && (X[m - 1] != X[0] || Y[m - 1] != Y[0]))
        return false; /* the last triangle does not close the fan exactly */
    while (m > 1 && X[m - 1] == X[0] && Y[m - 1] == Y[0])
        m--;
    if (m < 3)
        return false;
    /* Turning one way only, and round once. */
    int sign = 0, changes = 0, last_dy = 0;
    for (size_t i = 0; i < m; i++) {
        size_t j = (i + 1) % m, k = (i + 2) % m;
        int64_t turn = cross(X[j] - X[i], Y[j] - Y[i], X[k] - X[j], Y[k] - Y[j]);
        int s = (turn > 0) - (turn < 0);
        if (s != 0 && sign != 0 && s != sign)
            return false;
        sign = s != 0 ? s : sign;
    }
    /* From the first edge that rises or falls, round the loop back to it. */
    size_t first = 0;
    while (first < m && Y[(first + 1) % m] == Y[first])
        first++;
    for (size_t k = 0; first < m && k <= m; k++) {
        size_t i = (first + k) % m;
        int64_t dy = Y[(i + 1) % m] - Y[i];
        int d = (dy > 0) - (dy < 0);
        if (d != 0 && last_dy != 0 && d != last_dy)
            changes++;
        last_dy = d != 0 ? d : last_dy;
    }
    if (sign == 0 || changes != 2)
        return false;
    if (centre) {
        double fx = cx * (SUPERSAMPLE * 256.0), fy = cy * (SUPERSAMPLE * 256.0);
        if (!(fabs(fx) < FIXED_MOST && fabs(fy) < FIXED_MOST))
            return false;
        int64_t CX = lr_fixed(cx), CY = lr_fixed(cy);
        for (size_t i = 0; i < m; i++) {
            size_t j = (i + 1) % m;
            int64_t wedge = cross(X[i] - CX, Y[i] - CY, X[j] - CX, Y[j] - CY);
            if (wedge != 0 && (wedge > 0) != (sign > 0))
                return false;
        }
    }
    int64_t min_x = X[0], max_x = X[0], min_y = Y[0], max_y = Y[0];
    for (size_t i = 1; i < m; i++) {
        min_x = X[i] < min_x ? X[i] : min_x;
        max_x = X[i] > max_x ? X[i] : max_x;
        min_y = Y[i] < min_y ? Y[i] : min_y;
        max_y = Y[i] > max_y ? Y[i] : max_y;
    }
    int64_t x0 = first_centre(min_x), x1 = last_centre(max_x);
    int64_t y0 = first_centre(min_y), y1 = last_centre(max_y);
    x0 = x0 > r->clip_x0 ? x0 : r->clip_x0;
    y0 = y0 > r->clip_y0 ? y0 : r->clip_y0;
    x1 = x1 < r->clip_x1 ? x1 : r->clip_x1;
    y1 = y1 < r->clip_y1 ? y1 : r->clip_y1;
    if (x0 > x1 || y0 > y1)
        return true; /* no sample: neither would the fan have one */
    if (!lr_grow((void **)&r->edges, &r->edge_capacity, r->edge_count + m, sizeof *r->edges) ||
        !lr_grow((void **)&r->polys, &r->poly_capacity, r->poly_count + 1, sizeof *r->polys) ||
        !lr_grow((void **)&r->ops, &r->op_capacity, r->op_count + 1, sizeof *r->ops)) {
        r->failed = true;
        return true;
    }
    lr_poly p = {
        (uint32_t)r->edge_count, 0, (int32_t)x0, (int32_t)y0, (int32_t)x1, (int32_t)y1, color,
        (color & 0xFFu) != 0xFFu};
    for (size_t e = 0; e < m; e++) {
        /* The triangles' edges run the way that makes their area positive. */
        size_t i = sign > 0 ? e : (m - e) % m, j = sign > 0 ? (e + 1) % m : m - 1 - e;
        int64_t dx = X[j] - X[i], dy = Y[j] - Y[i];
        int64_t A = -dy, B = dx, C = dy * X[i] - dx * Y[i];
        bool top_left = A > 0 || (A == 0 && B > 0);
        int64_t ey0 = first_centre(Y[i] < Y[j] ? Y[i] : Y[j]);
        int64_t ey1 = last_centre(Y[i] > Y[j] ? Y[i] : Y[j]);
        if (ey0 > ey1)
            continue; /* between two rows of samples: it bounds none */
        r->edges[p.first + p.count++] =
            (lr_poly_edge){A * 256, B * 256, A * 128 + B * 128 + C - (top_left ? 0 : 1),
                           (int32_t)ey0, (int32_t)ey1};
    }
    qsort(r->edges + p.first, p.count, sizeof *r->edges, compare_edges);
    r->edge_count += p.count;
    r->polys[r->poly_count] = p;
    r->ops[r->op_count++] =
        (lr_op){(uint32_t)r->poly_count++, (uint8_t)OP_POLYGON, p.x0, p.y0, p.x1, p.y1};
    return true;
}

bool lr_polygon_touches(const lr_raster *r, const lr_poly *p, int64_t x0, int64_t y0, int64_t x1,
                        int64_t y1) {
    for (uint32_t k = 0; k < p->count; k++) {
        const lr_poly_edge *e = &r->edges[p->first + k];
        int64_t px = e->a > 0 ? x1 : x0, py = e->b > 0 ? y1 : y0;
        if (e->a * px + e->b * py + e->c < 0)
            return false;
    }
    return true;
}
