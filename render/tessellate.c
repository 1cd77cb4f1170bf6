/*
 * tessellate.c - stage 1 of the backend: display list items become
 * triangles and glyphs (see raster.h).
 *
 * Everything is double arithmetic in a fixed order, then rounded once to the
 * canvas's fixed point: the same list gives the same ops, bit for bit.
 *   - a path is a strip with mitred joins (the miter capped at twice the
 *     width), square or butt ends; dashes are cut along its length, the
 *     pattern carried from segment to segment; segments reaching past the
 *     guard band are clipped (Liang-Barsky), which splits the strip;
 *   - a fill is clipped to the guard band (Sutherland-Hodgman), then a fan
 *     when convex, else ear-clipped (any simple polygon);
 *   - a circle is a fan inside a closed strip, with as many segments as keep
 *     the chord within a quarter of a canvas pixel of the circle;
 *   - triangles keep their corners' colours and depths; one reaching past
 *     the guard band is clipped with them, as a polygon, and fanned (each
 *     triangle is set up for the fill by setup.c);
 *   - a CLIP item sets the samples the following triangles and glyphs may
 *     cover: each one's box of samples is cut to it, so its edges stay
 *     exact and only the samples outside are left (a column's edge is as
 *     sharp as a pixel's).
 */
#include "raster.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define PI 3.14159265358979323846
/* Triangles of one item tessellated between two looks at the interrupt. */
enum { STOP_TRIANGLES = 4096 };
/* Dashes per path; past them the path is drawn solid (1-pixel dashes along
 * a path through 200000 points would otherwise be millions of quads). */
enum { MAX_DASHES = 20000 };

#define GROW(r, array, count, capacity)                                                            \
    lr_grow((void **)&(r)->array, &(r)->capacity, (r)->count + 1, sizeof *(r)->array)

/* ------------------------------------------------------------- clipping -- */

/* Liang-Barsky against the guard band; false when nothing is left. */
static bool clip_segment(const lr_raster *r, double *x0, double *y0, double *x1, double *y1,
                         double *t0_out, double *t1_out) {
    double dx = *x1 - *x0, dy = *y1 - *y0;
    double p[4] = {-dx, dx, -dy, dy};
    double q[4] = {*x0 + RASTER_GUARD, r->width + RASTER_GUARD - *x0, *y0 + RASTER_GUARD,
                   r->height + RASTER_GUARD - *y0};
    double t0 = 0.0, t1 = 1.0;
    for (int i = 0; i < 4; i++) {
        if (p[i] == 0.0) {
            if (q[i] < 0.0)
                return false;
            continue;
        }
        double t = q[i] / p[i];
        if (p[i] < 0.0) {
            if (t > t1)
                return false;
            if (t > t0)
                t0 = t;
        } else {
            if (t < t0)
                return false;
            if (t < t1)
                t1 = t;
        }
    }
    double sx = *x0, sy = *y0;
    *x0 = sx + t0 * dx;
    *y0 = sy + t0 * dy;
    *x1 = sx + t1 * dx;
    *y1 = sy + t1 * dy;
    *t0_out = t0;
    *t1_out = t1;
    return true;
}

/* --------------------------------------------------------------- scratch -- */

static bool reserve_scratch(lr_raster *r, size_t n) {
    if (n <= r->scratch_capacity)
        return true;
    size_t capacity = r->scratch_capacity ? r->scratch_capacity : 256;
    while (capacity < n)
        capacity *= 2;
    double *x = realloc(r->x, capacity * sizeof(double));
    if (x)
        r->x = x;
    double *y = realloc(r->y, capacity * sizeof(double));
    if (y)
        r->y = y;
    uint32_t *rgba = realloc(r->rgba, capacity * sizeof(uint32_t));
    if (rgba)
        r->rgba = rgba;
    int *next = realloc(r->next, capacity * sizeof(int));
    if (next)
        r->next = next;
    if (!x || !y || !rgba || !next) {
        r->failed = true;
        return false;
    }
    r->scratch_capacity = capacity;
    return true;
}

static bool reserve_clip(lr_raster *r, size_t n) {
    size_t needed = 2 * n + 8;
    if (needed <= r->clip_capacity)
        return true;
    double *cx = realloc(r->cx, needed * sizeof(double));
    if (cx)
        r->cx = cx;
    double *cy = realloc(r->cy, needed * sizeof(double));
    if (cy)
        r->cy = cy;
    if (!cx || !cy) {
        r->failed = true;
        return false;
    }
    r->clip_capacity = needed;
    return true;
}

/* ----------------------------------------------------------------- paths -- */

/* A run of n points (inside the guard band) as a strip width wide, colour
 * per point; closed joins the last point to the first; caps extends open
 * ends by half the width. */
static void strip(lr_raster *r, const double *x, const double *y, const uint32_t *colors, size_t n,
                  bool closed, double width, bool caps) {
    if (n < 2)
        return;
    double h = 0.5 * width;
    double lx_prev = 0, ly_prev = 0, rx_prev = 0, ry_prev = 0, lx0 = 0, ly0 = 0, rx0 = 0, ry0 = 0;
    size_t last = closed ? n : n - 1;
    for (size_t i = 0; i <= last; i++) {
        size_t k = i % n;
        /* Unit directions of the segments before and after point k. */
        bool has_before = closed || k > 0, has_after = closed || k + 1 < n;
        double bx = 0, by = 0, ax = 0, ay = 0;
        if (has_before) {
            size_t j = (k + n - 1) % n;
            bx = x[k] - x[j];
            by = y[k] - y[j];
            double l = sqrt(bx * bx + by * by);
            bx = l > 1e-9 ? bx / l : 0.0;
            by = l > 1e-9 ? by / l : 0.0;
        }
        if (has_after) {
            size_t j = (k + 1) % n;
            ax = x[j] - x[k];
            ay = y[j] - y[k];
            double l = sqrt(ax * ax + ay * ay);
            ax = l > 1e-9 ? ax / l : 0.0;
            ay = l > 1e-9 ? ay / l : 0.0;
        }
        if (!has_before || (bx == 0 && by == 0)) {
            bx = ax;
            by = ay;
        }
        if (!has_after || (ax == 0 && ay == 0)) {
            ax = bx;
            ay = by;
        }
        double tx = bx + ax, ty = by + ay;
        double tl = sqrt(tx * tx + ty * ty);
        if (tl < 1e-9) { /* a reversal: as a square end */
            tx = ax;
            ty = ay;
            tl = sqrt(tx * tx + ty * ty);
        }
        if (tl < 1e-9) {
            tx = 1.0;
            ty = 0.0;
            tl = 1.0;
        }
        tx /= tl;
        ty /= tl;
        /* Normal to the mean direction, lengthened to keep the width across
         * both segments (the miter), capped at twice the width. */
        double nx = -ty, ny = tx;
        double cosine = nx * -ay + ny * ax;
        double miter = cosine > 0.25 ? h / cosine : 2.0 * width;
        if (miter > 2.0 * width)
            miter = 2.0 * width;
        double px = x[k], py = y[k];
        if (caps && !closed && k == 0) {
            px -= ax * h;
            py -= ay * h;
        }
        if (caps && !closed && k + 1 == n) {
            px += bx * h;
            py += by * h;
        }
        double lx = px + nx * miter, ly = py + ny * miter;
        double rx = px - nx * miter, ry = py - ny * miter;
        if (i == 0) {
            lx0 = lx;
            ly0 = ly;
            rx0 = rx;
            ry0 = ry;
        } else {
            uint32_t cj = colors[(i - 1) % n], ck = colors[k];
            if (closed && i == last) {
                lx = lx0;
                ly = ly0;
                rx = rx0;
                ry = ry0;
            }
            double qx[4] = {lx_prev, lx, rx, rx_prev}, qy[4] = {ly_prev, ly, ry, ry_prev};
            uint32_t qc[4] = {cj, ck, ck, cj};
            lr_quad(r, qx, qy, qc);
        }
        lx_prev = lx;
        ly_prev = ly;
        rx_prev = rx;
        ry_prev = ry;
    }
}

static uint32_t mix(uint32_t a, uint32_t b, double t) {
    if (a == b)
        return a;
    uint32_t out = 0;
    for (int k = 0; k < 4; k++) {
        double v = lr_channel(a, k) + t * (lr_channel(b, k) - lr_channel(a, k));
        out |= (uint32_t)lround(v) << (24 - 8 * k);
    }
    return out;
}

/* The dash pattern of an item: its lengths (2 or 4) and their count. */
static int dash_pattern(const lr_item *item, double scale, double pattern[4]) {
    if (!(item->dash[0] > 0.0f))
        return 0;
    int count = item->dash[2] > 0.0f ? 4 : 2;
    double period = 0.0;
    for (int i = 0; i < count; i++) {
        pattern[i] = item->dash[i] > 0.0f ? item->dash[i] * scale : 0.0;
        period += pattern[i];
    }
    return period > 0.0 && isfinite(period) ? count : 0;
}

/* Draws the points in r->x, r->y, r->rgba (n of them) as a path. Clipping
 * splits it into runs; dashes are drawn one by one. */
static void path_points(lr_raster *r, size_t n, bool closed, bool caps, double width,
                        const double *pattern, int pattern_count) {
    if (n < 2 || !(width > 0.0))
        return;
    if (width < 1.0)
        width = 1.0; /* thinner lines would fall between the samples */
    /* A second array of points: the runs kept after clipping. */
    double *rx = malloc((n + 2) * sizeof(double)), *ry = malloc((n + 2) * sizeof(double));
    uint32_t *rc = malloc((n + 2) * sizeof(uint32_t));
    if (!rx || !ry || !rc) {
        free(rx);
        free(ry);
        free(rc);
        r->failed = true;
        return;
    }
    size_t segments = closed ? n : n - 1, run = 0;
    bool dashed = pattern_count > 0;
    int phase = 0;     /* which length of the pattern the path is in */
    double left = 0.0; /* of it */
    size_t dashes = 0;
    if (dashed)
        left = pattern[0];
    bool every_segment_whole = true;
    for (size_t i = 0; i < segments; i++) {
        if (dashes >= MAX_DASHES)
            dashed = false; /* tiny dashes on a huge path: the rest is solid */
        size_t j = (i + 1) % n;
        double x0 = r->x[i], y0 = r->y[i], x1 = r->x[j], y1 = r->y[j];
        uint32_t ca = r->rgba[i], cb = r->rgba[j];
        if (!isfinite(x0) || !isfinite(y0) || !isfinite(x1) || !isfinite(y1)) {
            strip(r, rx, ry, rc, run, false, width, caps);
            run = 0;
            every_segment_whole = false;
            continue;
        }
        bool clipped = !lr_inside_guard(r, x0, y0) || !lr_inside_guard(r, x1, y1);
        double t0 = 0.0, t1 = 1.0;
        if (clipped && !clip_segment(r, &x0, &y0, &x1, &y1, &t0, &t1)) {
            strip(r, rx, ry, rc, run, false, width, caps);
            run = 0;
            every_segment_whole = false;
            continue;
        }
        if (clipped) {
            uint32_t a = ca;
            ca = mix(a, cb, t0);
            cb = mix(a, cb, t1);
            every_segment_whole = false;
        }
        if (!dashed) {
            if (run == 0 || clipped || rx[run - 1] != x0 || ry[run - 1] != y0) {
                strip(r, rx, ry, rc, run, false, width, caps);
                run = 0;
                rx[run] = x0;
                ry[run] = y0;
                rc[run++] = ca;
            }
            rx[run] = x1;
            ry[run] = y1;
            rc[run++] = cb;
            if (clipped) {
                strip(r, rx, ry, rc, run, false, width, caps);
                run = 0;
            }
            continue;
        }
        every_segment_whole = false;
        /* Dashes: the pattern's lengths in turn, on for the even ones,
         * carried along; butt ends, so a dash is as long as asked. */
        double dx = x1 - x0, dy = y1 - y0, length = sqrt(dx * dx + dy * dy);
        double t = 0.0;
        while (t < length && dashes < MAX_DASHES) {
            double step = length - t < left ? length - t : left;
            if (phase % 2 == 0 && step > 0.0) {
                double u0 = t / length, u1 = (t + step) / length;
                double px[2] = {x0 + dx * u0, x0 + dx * u1}, py[2] = {y0 + dy * u0, y0 + dy * u1};
                uint32_t pc[2] = {mix(ca, cb, u0), mix(ca, cb, u1)};
                strip(r, px, py, pc, 2, false, width, false);
                dashes++;
            }
            t += step;
            left -= step;
            if (left <= 0.0) {
                phase = (phase + 1) % pattern_count;
                left = pattern[phase];
            }
            if (step <= 0.0 && left <= 0.0)
                break; /* a pattern of zero lengths */
        }
        if (t < length) { /* out of dashes: the rest of the segment is solid */
            double u0 = t / length;
            double px[2] = {x0 + dx * u0, x1}, py[2] = {y0 + dy * u0, y1};
            uint32_t pc[2] = {mix(ca, cb, u0), cb};
            strip(r, px, py, pc, 2, false, width, false);
        }
    }
    if (closed && every_segment_whole && run == n + 1)
        strip(r, rx, ry, rc, n, true, width, caps); /* joined all round */
    else
        strip(r, rx, ry, rc, run, false, width, caps);
    free(rx);
    free(ry);
    free(rc);
}

static void tessellate_path(lr_raster *r, const lr_list *list, const lr_item *item) {
    size_t n = item->count;
    if (!reserve_scratch(r, n + 1))
        return;
    for (size_t i = 0; i < n; i++) {
        r->x[i] = list->points[item->first + i].x;
        r->y[i] = list->points[item->first + i].y;
        r->rgba[i] = item->flags & LR_POINT_COLORS ? list->colors[item->first + i] : item->color;
    }
    double pattern[4];
    int count = dash_pattern(item, 1.0, pattern);
    path_points(r, n, item->flags & LR_CLOSED, item->flags & LR_SQUARE_CAPS, item->width, pattern,
                count);
}

/* ----------------------------------------------------------------- fills -- */

static double cross3(const double *x, const double *y, int a, int b, int c) {
    return (x[b] - x[a]) * (y[c] - y[a]) - (y[b] - y[a]) * (x[c] - x[a]);
}

static void flat_triangle(lr_raster *r, double x0, double y0, double x1, double y1, double x2,
                          double y2, uint32_t rgba) {
    double x[3] = {x0, x1, x2}, y[3] = {y0, y1, y2};
    uint32_t c[3] = {rgba, rgba, rgba};
    lr_triangle(r, x, y, c, NULL);
}

/* Ear clipping of x, y (n points, any orientation). A polygon that crosses
 * itself has no ear at some point: what is left is drawn as a fan. */
static void ear_clip(lr_raster *r, const double *x, const double *y, size_t n, uint32_t rgba) {
    double area = 0.0;
    for (size_t i = 0; i < n; i++) {
        size_t j = (i + 1) % n;
        area += x[i] * y[j] - x[j] * y[i];
    }
    double sign = area >= 0.0 ? 1.0 : -1.0;
    int *next = r->next;
    for (size_t i = 0; i < n; i++)
        next[i] = (int)((i + 1) % n);
    int previous = (int)n - 1, current = 0;
    size_t left = n, misses = 0;
    while (left > 3 && misses < left) {
        int a = previous, b = current, c = next[current];
        bool ear = sign * cross3(x, y, a, b, c) > 0.0;
        for (int p = next[c]; ear && p != a; p = next[p]) {
            /* A point inside (or on) triangle a b c spoils the ear. */
            if (sign * cross3(x, y, a, b, p) >= 0.0 && sign * cross3(x, y, b, c, p) >= 0.0 &&
                sign * cross3(x, y, c, a, p) >= 0.0)
                ear = false;
        }
        if (ear) {
            flat_triangle(r, x[a], y[a], x[b], y[b], x[c], y[c], rgba);
            next[a] = c;
            left--;
            current = c;
            misses = 0;
        } else {
            previous = current;
            current = c;
            misses++;
        }
    }
    /* The last triangle, or a fan of what no ear could be cut from. */
    int first = previous;
    for (int p = next[first]; next[p] != first; p = next[p])
        flat_triangle(r, x[first], y[first], x[p], y[p], x[next[p]], y[next[p]], rgba);
}

/* Fills the polygon in r->x, r->y (n points): clipped, then fanned or ear-clipped. */
static void fill_points(lr_raster *r, size_t n, uint32_t rgba, bool convex) {
    if (n < 3 || !(rgba & 0xFFu))
        return;
    bool inside = true;
    for (size_t i = 0; i < n; i++) {
        if (!isfinite(r->x[i]) || !isfinite(r->y[i]))
            return;
        inside = inside && lr_inside_guard(r, r->x[i], r->y[i]);
    }
    const double *x = r->x, *y = r->y;
    if (!inside) {
        if (!reserve_clip(r, n))
            return;
        lr_corner *in = malloc((2 * n + 8) * sizeof(lr_corner)),
                  *out = malloc((2 * n + 8) * sizeof(lr_corner));
        if (!in || !out) {
            free(in);
            free(out);
            r->failed = true;
            return;
        }
        for (size_t i = 0; i < n; i++)
            in[i] = (lr_corner){r->x[i], r->y[i], {0, 0, 0, 0, 0}};
        n = lr_clip_corners(r, in, n, out);
        for (size_t i = 0; i < n; i++) {
            r->cx[i] = in[i].x;
            r->cy[i] = in[i].y;
        }
        free(in);
        free(out);
        x = r->cx;
        y = r->cy;
        if (n < 3)
            return;
    }
    if (convex) {
        if (lr_polygon_fan(r, x, y, n, false, 0.0, 0.0, rgba))
            return;
        for (size_t i = 1; i + 1 < n; i++)
            flat_triangle(r, x[0], y[0], x[i], y[i], x[i + 1], y[i + 1], rgba);
    } else {
        ear_clip(r, x, y, n, rgba);
    }
}

static void tessellate_fill(lr_raster *r, const lr_list *list, const lr_item *item) {
    size_t n = item->count;
    if (!reserve_scratch(r, n + 1))
        return;
    for (size_t i = 0; i < n; i++) {
        r->x[i] = list->points[item->first + i].x;
        r->y[i] = list->points[item->first + i].y;
    }
    fill_points(r, n, item->fill, item->flags & LR_CONVEX);
}

/* --------------------------------------------------- circles and markers -- */

/* Segments of a circle of radius r picture pixels: the chord stays within a
 * quarter of a canvas pixel of the circle. */
static int circle_segments(double radius) {
    double samples = radius * SUPERSAMPLE;
    int n = (int)ceil(PI * sqrt(2.0 * (samples > 0.0 ? samples : 0.0)));
    return n < 12 ? 12 : n > 256 ? 256 : n;
}

static void circle(lr_raster *r, double cx, double cy, double radius, uint32_t fill, double width,
                   uint32_t color, const double *pattern, int pattern_count) {
    if (!(radius > 0.0) || radius > 4.0 * RASTER_GUARD || !isfinite(cx) || !isfinite(cy))
        return;
    double reach = radius + width;
    if (cx + reach < -RASTER_GUARD || cx - reach > r->width + RASTER_GUARD ||
        cy + reach < -RASTER_GUARD || cy - reach > r->height + RASTER_GUARD)
        return;
    int n = circle_segments(radius + 0.5 * width);
    if (!reserve_scratch(r, (size_t)n + 1))
        return;
    if (width > 0.0 && width < 1.0)
        width = 1.0;
    if (fill & 0xFFu) {
        double inner = width > 0.0 ? radius - 0.5 * width : radius;
        /* The fan's corners, as its triangles have them; one polygon op
         * when it can be (polygon.c). */
        for (int i = 0; i <= n && inner > 0.0; i++) {
            double a = 2.0 * PI * i / n;
            r->x[i] = cx + inner * cos(a);
            r->y[i] = cy + inner * sin(a);
        }
        if (inner > 0.0 && lr_polygon_fan(r, r->x, r->y, (size_t)n, true, cx, cy, fill))
            inner = 0.0;
        for (int i = 0; i < n && inner > 0.0; i++) {
            double a0 = 2.0 * PI * i / n, a1 = 2.0 * PI * (i + 1) / n;
            flat_triangle(r, cx, cy, cx + inner * cos(a0), cy + inner * sin(a0),
                          cx + inner * cos(a1), cy + inner * sin(a1), fill);
        }
    }
    if (width > 0.0 && (color & 0xFFu)) {
        for (int i = 0; i < n; i++) {
            double a = 2.0 * PI * i / n;
            r->x[i] = cx + radius * cos(a);
            r->y[i] = cy + radius * sin(a);
            r->rgba[i] = color;
        }
        if (pattern_count > 0)
            path_points(r, (size_t)n, true, false, width, pattern, pattern_count);
        else
            strip(r, r->x, r->y, r->rgba, (size_t)n, true, width, true);
    }
}

static void tessellate_circle(lr_raster *r, const lr_item *item) {
    double pattern[4];
    int count = dash_pattern(item, 1.0, pattern);
    circle(r, item->x, item->y, item->size, item->fill, item->width, item->color, pattern, count);
}

static void marker(lr_raster *r, const lr_item *item) {
    double x = item->x, y = item->y, h = 0.5 * item->size, w = item->width;
    if (!(h > 0.0) || !isfinite(x) || !isfinite(y) || h > RASTER_GUARD)
        return;
    static const double shapes[][8] = {
        [LR_MARKER_SQUARE] = {-1, -1, 1, -1, 1, 1, -1, 1},
        [LR_MARKER_TRIANGLE] = {0, -1.15, 1.1, 0.75, -1.1, 0.75, 0, 0},
        [LR_MARKER_DIAMOND] = {0, -1.25, 1.25, 0, 0, 1.25, -1.25, 0},
    };
    switch ((lr_marker)item->shape) {
    case LR_MARKER_CIRCLE:
        circle(r, x, y, h, item->fill, w, item->color, NULL, 0);
        return;
    case LR_MARKER_SQUARE:
    case LR_MARKER_TRIANGLE:
    case LR_MARKER_DIAMOND: {
        int n = item->shape == LR_MARKER_TRIANGLE ? 3 : 4;
        if (!reserve_scratch(r, 5))
            return;
        for (int i = 0; i < n; i++) {
            r->x[i] = x + h * shapes[item->shape][2 * i];
            r->y[i] = y + h * shapes[item->shape][2 * i + 1];
            r->rgba[i] = item->color;
        }
        if (item->fill & 0xFFu)
            fill_points(r, (size_t)n, item->fill, true);
        if (w > 0.0 && (item->color & 0xFFu))
            strip(r, r->x, r->y, r->rgba, (size_t)n, true, w < 1.0 ? 1.0 : w, true);
        return;
    }
    case LR_MARKER_CROSS:
    case LR_MARKER_PLUS: {
        double k = item->shape == LR_MARKER_CROSS ? 0.85 * h : h;
        double ends[2][4] = {{-k, -k, k, k}, {-k, k, k, -k}};
        if (item->shape == LR_MARKER_PLUS) {
            double plus[2][4] = {{-k, 0, k, 0}, {0, -k, 0, k}};
            memcpy(ends, plus, sizeof ends);
        }
        double stroke = w > 1.0 ? w : 1.0;
        for (int s = 0; s < 2; s++) {
            double px[2] = {x + ends[s][0], x + ends[s][2]},
                   py[2] = {y + ends[s][1], y + ends[s][3]};
            uint32_t pc[2] = {item->color, item->color};
            strip(r, px, py, pc, 2, false, stroke, false);
        }
        return;
    }
    default:
        return;
    }
}

/* ------------------------------------------------------------- triangles -- */

static void tessellate_triangles(lr_raster *r, const lr_list *list, const lr_item *item) {
    bool depth = item->flags & LR_DEPTH, colors = item->flags & LR_POINT_COLORS;
    for (uint32_t t = 0; t + 3 <= item->count; t += 3) {
        /* One item may hold a whole world's discs and faces: the
         * interrupt is asked inside it too, not only between items. */
        if (t % (3 * STOP_TRIANGLES) == 3 * STOP_TRIANGLES - 3 && lr_raster_ask(r))
            return;
        double x[3], y[3], d[3];
        uint32_t c[3];
        for (int k = 0; k < 3; k++) {
            uint32_t i = item->first + t + (uint32_t)k;
            x[k] = list->points[i].x;
            y[k] = list->points[i].y;
            c[k] = colors ? list->colors[i] : item->color;
            d[k] = depth ? list->depths[i] : 0.0;
        }
        lr_clipped_triangle(r, x, y, c, depth ? d : NULL);
    }
}

/* ------------------------------------------------------------------ text -- */

typedef struct text_context {
    lr_raster *raster;
    uint32_t color;
} text_context;

static void place_glyph(void *context, const lr_glyph_place *g) {
    text_context *t = context;
    lr_raster *r = t->raster;
    int64_t x0 = (int64_t)g->x * SUPERSAMPLE, y0 = (int64_t)g->y * SUPERSAMPLE;
    int64_t x1 = (int64_t)(g->x + g->width) * SUPERSAMPLE - 1;
    int64_t y1 = (int64_t)(g->y + g->height) * SUPERSAMPLE - 1;
    if (!lr_clip_box(r, &x0, &y0, &x1, &y1))
        return;
    if (!GROW(r, glyph_ops, glyph_count, glyph_capacity)) {
        r->failed = true;
        return;
    }
    r->glyph_ops[r->glyph_count] = (lr_glyph_op){g->coverage,
                                                 g->x,
                                                 g->y,
                                                 g->width,
                                                 g->height,
                                                 t->color,
                                                 (int32_t)(r->clip_x0 / SUPERSAMPLE),
                                                 (int32_t)(r->clip_y0 / SUPERSAMPLE),
                                                 (int32_t)((r->clip_x1 + 1) / SUPERSAMPLE),
                                                 (int32_t)((r->clip_y1 + 1) / SUPERSAMPLE)};
    lr_push_op(r, OP_GLYPH, (uint32_t)r->glyph_count++, (int32_t)x0, (int32_t)y0, (int32_t)x1,
               (int32_t)y1);
}

static void tessellate_text(lr_raster *r, const lr_list *list, const lr_item *item) {
    if (!r->glyphs || !(item->color & 0xFFu) || !isfinite(item->x) || !isfinite(item->y))
        return;
    double reach = 4.0 * ((double)r->width + r->height) + 4.0 * item->size;
    if (fabs(item->x) > reach || fabs(item->y) > reach)
        return; /* far outside the picture: nothing to draw, and no overflow */
    text_context context = {r, item->color};
    lr_glyphs_place(r->glyphs, (lr_face)item->shape, lr_text_size(item->size),
                    list->chars + item->first, item->count, (int)lround(item->x),
                    (int)lround(item->y), place_glyph, &context);
}

/* ------------------------------------------------------------------ list -- */

/* The samples whose centres lie in the rectangle (picture pixels), or the
 * whole picture for a width of 0. */
static void set_clip(lr_raster *r, const lr_item *item) {
    double x0 = 0.0, y0 = 0.0, x1 = r->width, y1 = r->height;
    if (item && item->width > 0.0f && isfinite(item->x) && isfinite(item->y) &&
        isfinite(item->width) && isfinite(item->size)) {
        x0 = fmax(x0, item->x);
        y0 = fmax(y0, item->y);
        x1 = fmin(x1, (double)item->x + item->width);
        y1 = fmin(y1, (double)item->y + item->size);
    }
    r->clip_x0 = (int64_t)ceil(x0 * SUPERSAMPLE - 0.5);
    r->clip_y0 = (int64_t)ceil(y0 * SUPERSAMPLE - 0.5);
    r->clip_x1 = (int64_t)ceil(x1 * SUPERSAMPLE - 0.5) - 1;
    r->clip_y1 = (int64_t)ceil(y1 * SUPERSAMPLE - 0.5) - 1;
}

void lr_tessellate_list(lr_raster *r, const lr_list *list) {
    r->op_count = r->tri_count = r->shade_count = r->plane_count = r->glyph_count = 0;
    r->poly_count = r->edge_count = 0;
    set_clip(r, NULL);
    if (r->glyphs)
        lr_glyphs_next_picture(r->glyphs);
    for (size_t i = 0; i < list->item_count; i++) {
        if (i % 64 == 63 && lr_raster_ask(r))
            return; /* stopped: nothing more is drawn */
        const lr_item *item = &list->items[i];
        switch ((lr_item_kind)item->kind) {
        case LR_ITEM_PATH:
            tessellate_path(r, list, item);
            break;
        case LR_ITEM_FILL:
            tessellate_fill(r, list, item);
            break;
        case LR_ITEM_CIRCLE:
            tessellate_circle(r, item);
            break;
        case LR_ITEM_TRIANGLES:
            tessellate_triangles(r, list, item);
            break;
        case LR_ITEM_TEXT:
            tessellate_text(r, list, item);
            break;
        case LR_ITEM_MARKER:
            marker(r, item);
            break;
        case LR_ITEM_CLIP:
            set_clip(r, item);
            break;
        default:
            break;
        }
    }
}
