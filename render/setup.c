/*
 * setup.c - stage 1 of the backend, its last step: one triangle of picture
 * points becomes an op the fill paints (see raster.h and tessellate.c).
 *
 * The corners are rounded once to the canvas's fixed point (1/256 of a
 * sample); the edges get exact integer functions with the top-left rule, the
 * colours exact fixed-point planes, the depth one double expression, and the
 * box of samples is cut to the list's last CLIP. A triangle reaching past
 * the guard band is first clipped against it (Sutherland-Hodgman) with its
 * colours and depths, and fanned. Double arithmetic in a fixed order: the
 * same triangle gives the same op, bit for bit.
 */
#include "raster.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Colour gradients steeper than this (per canvas sample) belong to slivers
 * too thin to show them: such a triangle is painted in its mean colour. */
#define MAX_GRADIENT 1024.0

#define GROW(r, array, count, capacity)                                                            \
    lr_grow((void **)&(r)->array, &(r)->capacity, (r)->count + 1, sizeof *(r)->array)

static int64_t floor_div(int64_t n, int64_t d) { /* d > 0 */
    int64_t q = n / d;
    return (n % d != 0 && n < 0) ? q - 1 : q;
}

void lr_push_op(lr_raster *r, op_kind kind, uint32_t index, int32_t x0, int32_t y0, int32_t x1,
                int32_t y1) {
    if (!GROW(r, ops, op_count, op_capacity)) {
        r->failed = true;
        return;
    }
    r->ops[r->op_count++] = (lr_op){index, (uint8_t)kind, x0, y0, x1, y1};
}

/* Cuts a box of samples (inclusive) to those the list's last CLIP lets
 * items paint (the picture's, without one); false when nothing is left. */
bool lr_clip_box(const lr_raster *r, int64_t *x0, int64_t *y0, int64_t *x1, int64_t *y1) {
    *x0 = *x0 > r->clip_x0 ? *x0 : r->clip_x0;
    *y0 = *y0 > r->clip_y0 ? *y0 : r->clip_y0;
    *x1 = *x1 < r->clip_x1 ? *x1 : r->clip_x1;
    *y1 = *y1 < r->clip_y1 ? *y1 : r->clip_y1;
    return *x0 <= *x1 && *y0 <= *y1;
}

/* One triangle of picture points with corner colours and (depth != NULL)
 * depths: set up for filling and appended as an op. */
void lr_triangle(lr_raster *r, const double x[3], const double y[3], const uint32_t color[3],
                 const double *depth) {
    int64_t X[3], Y[3];
    for (int i = 0; i < 3; i++) {
        if (!isfinite(x[i]) || !isfinite(y[i]))
            return;
        X[i] = llround(x[i] * (SUPERSAMPLE * 256.0));
        Y[i] = llround(y[i] * (SUPERSAMPLE * 256.0));
    }
    int64_t area = (X[1] - X[0]) * (Y[2] - Y[0]) - (Y[1] - Y[0]) * (X[2] - X[0]);
    if (area == 0)
        return;
    int v[3] = {0, 1, 2}; /* corners in the order that makes the area positive */
    if (area < 0) {
        v[1] = 2;
        v[2] = 1;
        area = -area;
    }
    int64_t min_x = X[0], max_x = X[0], min_y = Y[0], max_y = Y[0];
    for (int i = 1; i < 3; i++) {
        min_x = X[i] < min_x ? X[i] : min_x;
        max_x = X[i] > max_x ? X[i] : max_x;
        min_y = Y[i] < min_y ? Y[i] : min_y;
        max_y = Y[i] > max_y ? Y[i] : max_y;
    }
    /* Samples whose centres (256 px + 128) lie in the box. */
    int64_t x0 = -floor_div(-(min_x - 128), 256), x1 = floor_div(max_x - 128, 256);
    int64_t y0 = -floor_div(-(min_y - 128), 256), y1 = floor_div(max_y - 128, 256);
    if (!lr_clip_box(r, &x0, &y0, &x1, &y1))
        return;
    if (!GROW(r, tris, tri_count, tri_capacity)) {
        r->failed = true;
        return;
    }
    lr_tri t;
    int64_t unbiased[3]; /* each edge's constant without the tie rule */
    for (int k = 0; k < 3; k++) {
        /* Edge k runs from lr_corner k+1 to lr_corner k+2 (opposite lr_corner k):
         * positive inside, equal to the area at lr_corner k. */
        int i = v[(k + 1) % 3], j = v[(k + 2) % 3];
        int64_t dx = X[j] - X[i], dy = Y[j] - Y[i];
        int64_t A = -dy, B = dx, C = dy * X[i] - dx * Y[i];
        bool top_left = A > 0 || (A == 0 && B > 0);
        t.a[k] = A * 256;
        t.b[k] = B * 256;
        unbiased[k] = A * 128 + B * 128 + C;
        t.c[k] = unbiased[k] - (top_left ? 0 : 1);
    }
    t.x0 = (int32_t)x0;
    t.y0 = (int32_t)y0;
    t.x1 = (int32_t)x1;
    t.y1 = (int32_t)y1;
    t.color = color[v[0]];
    t.shade = NO_INDEX;
    t.depth = NO_INDEX;
    t.blend =
        (color[0] & 0xFFu) != 0xFFu || (color[1] & 0xFFu) != 0xFFu || (color[2] & 0xFFu) != 0xFFu;
    double darea = (double)area;
    /* E_k at the box's lr_corner, exactly; the planes start there. */
    double at_origin[3];
    for (int k = 0; k < 3; k++)
        at_origin[k] = (double)(t.a[k] * x0 + t.b[k] * y0 + unbiased[k]);
    if (color[0] != color[1] || color[1] != color[2]) {
        lr_shade s = {.ox = (int32_t)x0, .oy = (int32_t)y0};
        bool steep = false;
        for (int ch = 0; ch < 4; ch++) {
            double gx = 0.0, gy = 0.0, p = 0.0;
            for (int k = 0; k < 3; k++) {
                double value = lr_channel(color[v[k]], ch);
                gx += value * (double)t.a[k];
                gy += value * (double)t.b[k];
                p += value * at_origin[k];
            }
            gx /= darea;
            gy /= darea;
            p /= darea;
            steep = steep || fabs(gx) > MAX_GRADIENT || fabs(gy) > MAX_GRADIENT;
            s.p[ch] = llround(p * 65536.0);
            s.gx[ch] = llround(gx * 65536.0);
            s.gy[ch] = llround(gy * 65536.0);
        }
        if (steep) {
            uint32_t mean = 0;
            for (int ch = 0; ch < 4; ch++) {
                int sum =
                    lr_channel(color[0], ch) + lr_channel(color[1], ch) + lr_channel(color[2], ch);
                mean |= (uint32_t)((sum + 1) / 3) << (24 - 8 * ch);
            }
            t.color = mean;
        } else if (GROW(r, shades, shade_count, shade_capacity)) {
            t.shade = (uint32_t)r->shade_count;
            r->shades[r->shade_count++] = s;
        } else {
            r->failed = true;
        }
    }
    if (depth) {
        lr_depth_plane d = {.ox = (int32_t)x0, .oy = (int32_t)y0, .d0 = 0, .gx = 0, .gy = 0};
        for (int k = 0; k < 3; k++) {
            d.gx += depth[v[k]] * (double)t.a[k];
            d.gy += depth[v[k]] * (double)t.b[k];
            d.d0 += depth[v[k]] * at_origin[k];
        }
        d.gx /= darea;
        d.gy /= darea;
        d.d0 /= darea;
        if (isfinite(d.gx) && isfinite(d.gy) && isfinite(d.d0)) {
            if (GROW(r, planes, plane_count, plane_capacity)) {
                t.depth = (uint32_t)r->plane_count;
                r->planes[r->plane_count++] = d;
            } else {
                r->failed = true;
            }
        }
    }
    r->tris[r->tri_count] = t;
    lr_push_op(r, OP_TRIANGLE, (uint32_t)r->tri_count++, t.x0, t.y0, t.x1, t.y1);
}

void lr_quad(lr_raster *r, const double x[4], const double y[4], const uint32_t c[4]) {
    double ax[3] = {x[0], x[1], x[2]}, ay[3] = {y[0], y[1], y[2]};
    uint32_t ac[3] = {c[0], c[1], c[2]};
    double bx[3] = {x[0], x[2], x[3]}, by[3] = {y[0], y[2], y[3]};
    uint32_t bc[3] = {c[0], c[2], c[3]};
    lr_triangle(r, ax, ay, ac, NULL);
    lr_triangle(r, bx, by, bc, NULL);
}

bool lr_inside_guard(const lr_raster *r, double x, double y) {
    return x >= -RASTER_GUARD && x <= r->width + RASTER_GUARD && y >= -RASTER_GUARD &&
           y <= r->height + RASTER_GUARD;
}

/* Sutherland-Hodgman of n corners against the guard band; out holds 2 n + 8.
 * Returns the corners left. */
size_t lr_clip_corners(const lr_raster *r, lr_corner *in, size_t n, lr_corner *out) {
    double bounds[4] = {-RASTER_GUARD, r->width + RASTER_GUARD, -RASTER_GUARD,
                        r->height + RASTER_GUARD};
    for (int side = 0; side < 4 && n > 0; side++) {
        size_t m = 0;
        for (size_t i = 0; i < n; i++) {
            size_t j = (i + 1) % n;
            double ci = side < 2 ? in[i].x : in[i].y, cj = side < 2 ? in[j].x : in[j].y;
            double limit = bounds[side];
            bool in_i = side % 2 == 0 ? ci >= limit : ci <= limit;
            bool in_j = side % 2 == 0 ? cj >= limit : cj <= limit;
            if (in_i)
                out[m++] = in[i];
            if (in_i != in_j) {
                double u = (limit - ci) / (cj - ci);
                lr_corner c;
                c.x = in[i].x + u * (in[j].x - in[i].x);
                c.y = in[i].y + u * (in[j].y - in[i].y);
                for (int k = 0; k < 5; k++)
                    c.value[k] = in[i].value[k] + u * (in[j].value[k] - in[i].value[k]);
                out[m++] = c;
            }
        }
        memcpy(in, out, m * sizeof(lr_corner));
        n = m;
    }
    return n;
}

static uint32_t color_of(const double value[5]) {
    uint32_t rgba = 0;
    for (int k = 0; k < 4; k++) {
        double v = value[k] < 0.0 ? 0.0 : value[k] > 255.0 ? 255.0 : value[k];
        rgba |= (uint32_t)lround(v) << (24 - 8 * k);
    }
    return rgba;
}

/* A triangle that may reach past the guard band: clipped with its colours
 * and depths, then fanned. */
void lr_clipped_triangle(lr_raster *r, const double x[3], const double y[3],
                         const uint32_t color[3], const double *depth) {
    if (lr_inside_guard(r, x[0], y[0]) && lr_inside_guard(r, x[1], y[1]) &&
        lr_inside_guard(r, x[2], y[2])) {
        lr_triangle(r, x, y, color, depth);
        return;
    }
    lr_corner in[3 + 8], out[2 * 3 + 8];
    for (int i = 0; i < 3; i++) {
        if (!isfinite(x[i]) || !isfinite(y[i]))
            return;
        in[i].x = x[i];
        in[i].y = y[i];
        for (int k = 0; k < 4; k++)
            in[i].value[k] = lr_channel(color[i], k);
        in[i].value[4] = depth ? depth[i] : 0.0;
    }
    size_t n = lr_clip_corners(r, in, 3, out);
    for (size_t i = 1; i + 1 < n; i++) {
        const lr_corner *c[3] = {&in[0], &in[i], &in[i + 1]};
        double tx[3], ty[3], td[3];
        uint32_t tc[3];
        for (int k = 0; k < 3; k++) {
            tx[k] = c[k]->x;
            ty[k] = c[k]->y;
            tc[k] = color_of(c[k]->value);
            td[k] = c[k]->value[4];
        }
        lr_triangle(r, tx, ty, tc, depth ? td : NULL);
    }
}
