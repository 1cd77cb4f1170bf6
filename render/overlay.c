/*
 * overlay.c - the overlay list and its tessellation into triangles.
 *
 * Items keep their points in one array; rasterising projects them to canvas
 * pixels, clips them to a guard band around the canvas (so that no huge
 * coordinate reaches the rasteriser), and turns them into triangles:
 *   - a path is a strip with mitred joins (the miter capped at twice the
 *     width, then bevelled), square caps on open ends, so translucent lines
 *     never overlap themselves at a joint; dashes are cut along its length;
 *   - a fill is ear-clipped (any simple polygon);
 *   - a circle is a fan or a ring of chords within a quarter pixel;
 *   - an arrow is a shaft and a triangular head.
 * Everything is double arithmetic in a fixed order: the same overlay gives
 * the same triangles, bit for bit.
 */
#include "overlay.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define PI 3.14159265358979323846
/* Guard band around the canvas, in canvas pixels. */
#define GUARD 4096.0
/* Dashes per path; past them the path is drawn solid (1-point dashes along
 * a path through 200000 points would otherwise be millions of quads). */
enum { MAX_DASHES = 20000 };

typedef enum item_kind { ITEM_PATH, ITEM_CIRCLE, ITEM_ARROW } item_kind;

typedef struct item {
    item_kind kind;
    bool screen, closed;
    lm_overlay_style style;
    size_t first, count; /* points */
    double radius;       /* circles */
    double min_points;   /* circles: drawn at least this radius, in points */
    double alpha_start;  /* faded paths: alpha at the first point, 0..1; < 0 = not faded */
    int part;            /* lm_overlay_set_part */
} item;

typedef struct text_item {
    lm_overlay_text text;
    size_t offset; /* into the character store */
} text_item;

struct lm_overlay {
    item *items;
    size_t item_count, item_capacity;
    lm_vec3 *points;
    size_t point_count, point_capacity;
    text_item *texts;
    size_t text_count, text_capacity;
    char *chars;
    size_t char_count, char_capacity;
    int part; /* of the items added next */
};

static bool grow(void **array, size_t *capacity, size_t needed, size_t item_size) {
    if (needed <= *capacity)
        return true;
    size_t capacity_new = *capacity ? *capacity : 64;
    while (capacity_new < needed)
        capacity_new *= 2;
    void *array_new = realloc(*array, capacity_new * item_size);
    if (!array_new)
        return false;
    *array = array_new;
    *capacity = capacity_new;
    return true;
}

lm_overlay_style lm_overlay_default_style(void) {
    return (lm_overlay_style){
        .color = 0x2B2D31FFu, .fill = 0, .width = 2.0, .dash = 0.0, .head = 12.0};
}

lm_overlay *lm_overlay_create(void) {
    return calloc(1, sizeof(lm_overlay));
}

void lm_overlay_destroy(lm_overlay *overlay) {
    if (!overlay)
        return;
    free(overlay->items);
    free(overlay->points);
    free(overlay->texts);
    free(overlay->chars);
    free(overlay);
}

void lm_overlay_clear(lm_overlay *overlay) {
    overlay->item_count = 0;
    overlay->point_count = 0;
    overlay->text_count = 0;
    overlay->char_count = 0;
    overlay->part = 0;
}

void lm_overlay_set_part(lm_overlay *overlay, int part) {
    overlay->part = part > 0 ? part : 0;
}

size_t lm_overlay_item_count(const lm_overlay *overlay) {
    return overlay->item_count + overlay->text_count;
}

size_t lm_overlay_point_count(const lm_overlay *overlay) {
    return overlay->point_count;
}

static bool add_item(lm_overlay *overlay, item it, const lm_vec3 *points) {
    if (!grow((void **)&overlay->items, &overlay->item_capacity, overlay->item_count + 1,
              sizeof(item)) ||
        !grow((void **)&overlay->points, &overlay->point_capacity, overlay->point_count + it.count,
              sizeof(lm_vec3)))
        return false;
    it.first = overlay->point_count;
    it.part = overlay->part;
    if (it.count > 0)
        memcpy(overlay->points + overlay->point_count, points, it.count * sizeof(lm_vec3));
    overlay->point_count += it.count;
    overlay->items[overlay->item_count++] = it;
    return true;
}

bool lm_overlay_path(lm_overlay *overlay, const lm_vec3 *points, size_t count, bool closed,
                     bool screen, const lm_overlay_style *style) {
    item it = {.kind = ITEM_PATH,
               .screen = screen,
               .closed = closed,
               .style = *style,
               .count = count,
               .alpha_start = -1.0};
    return add_item(overlay, it, points);
}

bool lm_overlay_faded_path(lm_overlay *overlay, const lm_vec3 *points, size_t count, bool screen,
                           const lm_overlay_style *style, double alpha_start) {
    item it = {.kind = ITEM_PATH,
               .screen = screen,
               .style = *style,
               .count = count,
               .alpha_start = alpha_start < 0.0   ? 0.0
                              : alpha_start > 1.0 ? 1.0
                                                  : alpha_start};
    it.style.fill = 0;
    it.style.dash = 0.0;
    return add_item(overlay, it, points);
}

bool lm_overlay_circle(lm_overlay *overlay, lm_vec3 centre, double radius, bool screen,
                       const lm_overlay_style *style) {
    item it = {.kind = ITEM_CIRCLE,
               .screen = screen,
               .style = *style,
               .count = 1,
               .radius = radius,
               .alpha_start = -1.0};
    return add_item(overlay, it, &centre);
}

bool lm_overlay_dot(lm_overlay *overlay, lm_vec3 centre, double radius, double min_points,
                    const lm_overlay_style *style) {
    item it = {.kind = ITEM_CIRCLE,
               .style = *style,
               .count = 1,
               .radius = radius,
               .min_points = min_points,
               .alpha_start = -1.0};
    return add_item(overlay, it, &centre);
}

bool lm_overlay_arrow(lm_overlay *overlay, lm_vec3 tail, lm_vec3 tip, bool screen,
                      const lm_overlay_style *style) {
    lm_vec3 ends[2] = {tail, tip};
    item it = {
        .kind = ITEM_ARROW, .screen = screen, .style = *style, .count = 2, .alpha_start = -1.0};
    it.style.fill = 0;
    return add_item(overlay, it, ends);
}

bool lm_overlay_add_text(lm_overlay *overlay, const lm_overlay_text *text) {
    size_t length = strlen(text->text) + 1;
    if (!grow((void **)&overlay->texts, &overlay->text_capacity, overlay->text_count + 1,
              sizeof(text_item)) ||
        !grow((void **)&overlay->chars, &overlay->char_capacity, overlay->char_count + length, 1))
        return false;
    memcpy(overlay->chars + overlay->char_count, text->text, length);
    text_item *t = &overlay->texts[overlay->text_count++];
    t->text = *text;
    t->text.text = NULL;
    t->text.part = overlay->part;
    t->offset = overlay->char_count;
    overlay->char_count += length;
    return true;
}

void lm_overlay_squeeze_screen(lm_overlay *overlay, double factor) {
    for (size_t i = 0; i < overlay->item_count; i++) {
        const item *it = &overlay->items[i];
        if (!it->screen)
            continue;
        for (size_t k = 0; k < it->count; k++)
            overlay->points[it->first + k].x *= factor;
    }
    for (size_t i = 0; i < overlay->text_count; i++)
        if (overlay->texts[i].text.screen)
            overlay->texts[i].text.at.x *= factor;
}

size_t lm_overlay_text_count(const lm_overlay *overlay) {
    return overlay->text_count;
}

lm_overlay_text lm_overlay_text_at(const lm_overlay *overlay, size_t index) {
    lm_overlay_text text = overlay->texts[index].text;
    text.text = overlay->chars + overlay->texts[index].offset;
    return text;
}

/* ------------------------------------------------------- tessellation -- */

/* Scratch for one rasterisation: projected points and the triangles of the
 * item being drawn. */
typedef struct scratch {
    const lm_overlay_target *target;
    double *x, *y;
    bool *visible;
    size_t capacity;
    lm_overlay_vertex *corners;
    size_t corner_count, corner_capacity;
    bool translucent;
    bool failed; /* out of memory: the rest of the item is left out */
    /* polygon clipping and ear clipping */
    double *px, *py, *qx, *qy;
    size_t polygon_capacity;
    int *next;
} scratch;

static uint32_t with_alpha(uint32_t rgba, double alpha) {
    double a = (double)(rgba & 0xFFu) * alpha;
    return (rgba & 0xFFFFFF00u) | (uint32_t)(a + 0.5);
}

static void corner(scratch *s, double x, double y, uint32_t rgba) {
    if (s->failed)
        return;
    if (!grow((void **)&s->corners, &s->corner_capacity, s->corner_count + 1,
              sizeof(lm_overlay_vertex))) {
        s->failed = true;
        return;
    }
    s->corners[s->corner_count++] = (lm_overlay_vertex){(float)x, (float)y, rgba};
    if ((rgba & 0xFFu) != 0xFFu)
        s->translucent = true;
}

static void triangle(scratch *s, double x0, double y0, double x1, double y1, double x2, double y2,
                     uint32_t c0, uint32_t c1, uint32_t c2) {
    corner(s, x0, y0, c0);
    corner(s, x1, y1, c1);
    corner(s, x2, y2, c2);
}

static void quad(scratch *s, const double x[4], const double y[4], const uint32_t c[4]) {
    triangle(s, x[0], y[0], x[1], y[1], x[2], y[2], c[0], c[1], c[2]);
    triangle(s, x[0], y[0], x[2], y[2], x[3], y[3], c[0], c[2], c[3]);
}

static void flush(scratch *s) {
    if (s->corner_count >= 3 && !s->failed)
        s->target->triangles(s->target->context, s->corners, s->corner_count / 3, s->translucent);
    s->corner_count = 0;
    s->translucent = false;
    s->failed = false;
}

/* Liang-Barsky against the guard band; false when nothing is left. */
static bool clip_segment(const lm_overlay_target *t, double *x0, double *y0, double *x1,
                         double *y1) {
    double dx = *x1 - *x0, dy = *y1 - *y0;
    double p[4] = {-dx, dx, -dy, dy};
    double q[4] = {*x0 + GUARD, t->width + GUARD - *x0, *y0 + GUARD, t->height + GUARD - *y0};
    double t0 = 0.0, t1 = 1.0;
    for (int i = 0; i < 4; i++) {
        if (p[i] == 0.0) {
            if (q[i] < 0.0)
                return false;
            continue;
        }
        double r = q[i] / p[i];
        if (p[i] < 0.0) {
            if (r > t1)
                return false;
            if (r > t0)
                t0 = r;
        } else {
            if (r < t0)
                return false;
            if (r < t1)
                t1 = r;
        }
    }
    double sx = *x0, sy = *y0;
    *x0 = sx + t0 * dx;
    *y0 = sy + t0 * dy;
    *x1 = sx + t1 * dx;
    *y1 = sy + t1 * dy;
    return true;
}

static bool inside_guard(const lm_overlay_target *t, double x, double y) {
    return x >= -GUARD && x <= t->width + GUARD && y >= -GUARD && y <= t->height + GUARD;
}

/* A run of n points (already inside the guard band) as a strip width wide,
 * colour per point; closed joins the last point to the first. */
static void strip(scratch *s, const double *x, const double *y, const uint32_t *colors, size_t n,
                  bool closed, double width, bool caps) {
    if (n < 2)
        return;
    double h = 0.5 * width;
    /* Left and right edge of each point. */
    double lx_prev = 0, ly_prev = 0, rx_prev = 0, ry_prev = 0, lx0 = 0, ly0 = 0, rx0 = 0, ry0 = 0;
    size_t last = closed ? n : n - 1;
    for (size_t i = 0; i <= last; i++) {
        size_t k = i % n;
        /* Directions of the segments before and after point k. */
        bool has_before = closed || k > 0, has_after = closed || k + 1 < n;
        double bx = 0, by = 0, ax = 0, ay = 0;
        if (has_before) {
            size_t j = (k + n - 1) % n;
            bx = x[k] - x[j];
            by = y[k] - y[j];
            double l = sqrt(bx * bx + by * by);
            if (l > 1e-9) {
                bx /= l;
                by /= l;
            } else {
                bx = by = 0;
            }
        }
        if (has_after) {
            size_t j = (k + 1) % n;
            ax = x[j] - x[k];
            ay = y[j] - y[k];
            double l = sqrt(ax * ax + ay * ay);
            if (l > 1e-9) {
                ax /= l;
                ay /= l;
            } else {
                ax = ay = 0;
            }
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
        if (tl < 1e-9) { /* a reversal: treat as a square end */
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
        /* Normal to the averaged direction, lengthened to keep the width
         * across both segments (the miter), capped at twice the width. */
        double nx = -ty, ny = tx;
        double cosine = nx * -ay + ny * ax; /* normal . normal of the segment after */
        double miter = cosine > 0.25 ? h / cosine : 2.0 * width;
        if (miter > 2.0 * width)
            miter = 2.0 * width;
        double px = x[k], py = y[k];
        /* Square caps at the open ends. */
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
            size_t j = (i - 1) % n;
            uint32_t cj = colors[j], ck = colors[k];
            if (closed && i == last) {
                lx = lx0;
                ly = ly0;
                rx = rx0;
                ry = ry0;
            }
            double qx[4] = {lx_prev, lx, rx, rx_prev}, qy[4] = {ly_prev, ly, ry, ry_prev};
            uint32_t qc[4] = {cj, ck, ck, cj};
            quad(s, qx, qy, qc);
        }
        lx_prev = lx;
        ly_prev = ly;
        rx_prev = rx;
        ry_prev = ry;
    }
}

/* Draws the projected path s->x, s->y (n points, visible flags) with the
 * item's width, dashes and fade. Hidden points and clipping split it. */
static void draw_path(scratch *s, const item *it, size_t n) {
    double width = it->style.width * s->target->point;
    if (!(width > 0.0) || n < 2)
        return;
    if (width < 1.0)
        width = 1.0; /* under a canvas pixel a line would vanish between samples */
    double dash = it->style.dash * s->target->point;
    size_t segments = it->closed ? n : n - 1;
    /* Pieces of the path kept after clipping, as runs of at most n + 1 points. */
    double *rx = malloc((n + 2) * sizeof(double)), *ry = malloc((n + 2) * sizeof(double));
    uint32_t *rc = malloc((n + 2) * sizeof(uint32_t));
    size_t run = 0;
    if (!rx || !ry || !rc) {
        free(rx);
        free(ry);
        free(rc);
        s->failed = true;
        return;
    }
    bool whole = !it->closed || dash > 0.0; /* a closed path drawn whole keeps its joints */
    double along = 0.0;                     /* dash phase, canvas pixels */
    size_t dashes = 0;
    for (size_t i = 0; i < segments; i++) {
        if (dashes >= MAX_DASHES)
            dash = 0.0; /* tiny dashes on a huge path: the rest is drawn solid */
        size_t j = (i + 1) % n;
        double a_alpha = 1.0, b_alpha = 1.0;
        if (it->alpha_start >= 0.0 && n > 1) {
            a_alpha = it->alpha_start + (1.0 - it->alpha_start) * (double)i / (double)(n - 1);
            b_alpha = it->alpha_start + (1.0 - it->alpha_start) * (double)j / (double)(n - 1);
        }
        uint32_t ca = with_alpha(it->style.color, a_alpha);
        uint32_t cb = with_alpha(it->style.color, b_alpha);
        double x0 = s->x[i], y0 = s->y[i], x1 = s->x[j], y1 = s->y[j];
        bool visible = s->visible[i] && s->visible[j];
        bool clipped =
            visible && (!inside_guard(s->target, x0, y0) || !inside_guard(s->target, x1, y1));
        if (visible && clipped)
            visible = clip_segment(s->target, &x0, &y0, &x1, &y1);
        double dx = x1 - x0, dy = y1 - y0, length = sqrt(dx * dx + dy * dy);
        if (!visible) {
            strip(s, rx, ry, rc, run, false, width, true);
            run = 0;
            continue;
        }
        if (dash <= 0.0) {
            if (run == 0 || clipped || rx[run - 1] != x0 || ry[run - 1] != y0) {
                strip(s, rx, ry, rc, run, false, width, true);
                run = 0;
                rx[run] = x0;
                ry[run] = y0;
                rc[run++] = ca;
            }
            rx[run] = x1;
            ry[run] = y1;
            rc[run++] = cb;
            if (clipped) {
                strip(s, rx, ry, rc, run, false, width, true);
                run = 0;
            }
            continue;
        }
        /* Dashes: on for `dash`, off for `dash`, the phase carried along;
         * butt ends, so a dash is as long as asked. */
        double t = 0.0;
        while (t < length && dashes < MAX_DASHES) {
            double period = fmod(along, 2.0 * dash);
            bool on = period < dash;
            double left = (on ? dash : 2.0 * dash) - period;
            double step = length - t < left ? length - t : left;
            if (on && length > 0.0) {
                double u0 = t / length, u1 = (t + step) / length;
                double px[2] = {x0 + dx * u0, x0 + dx * u1}, py[2] = {y0 + dy * u0, y0 + dy * u1};
                uint32_t pc[2] = {ca, cb};
                strip(s, px, py, pc, 2, false, width, false);
                dashes++;
            }
            t += step;
            along += step;
            if (step <= 0.0)
                break;
        }
        if (t < length) { /* out of dashes: the rest of the segment is solid */
            double px[2] = {x0 + dx * (t / length), x1}, py[2] = {y0 + dy * (t / length), y1};
            uint32_t pc[2] = {ca, cb};
            strip(s, px, py, pc, 2, false, width, false);
        }
    }
    if (!whole && run == n + 1 && it->closed) {
        /* Every segment of a closed path survived: draw it closed, so the
         * first joint is mitred too. */
        strip(s, rx, ry, rc, n, true, width, true);
    } else {
        strip(s, rx, ry, rc, run, false, width, true);
    }
    free(rx);
    free(ry);
    free(rc);
}

/* Sutherland-Hodgman against the guard band, on s->px, s->py (n points);
 * returns the new count. The arrays hold 2 * n + 8 points. */
static size_t clip_polygon(scratch *s, size_t n) {
    const lm_overlay_target *t = s->target;
    double bounds[4] = {-GUARD, t->width + GUARD, -GUARD, t->height + GUARD};
    for (int side = 0; side < 4 && n > 0; side++) {
        size_t m = 0;
        for (size_t i = 0; i < n; i++) {
            size_t j = (i + 1) % n;
            double ci = side < 2 ? s->px[i] : s->py[i], cj = side < 2 ? s->px[j] : s->py[j];
            double limit = bounds[side];
            bool in_i = side % 2 == 0 ? ci >= limit : ci <= limit;
            bool in_j = side % 2 == 0 ? cj >= limit : cj <= limit;
            if (in_i) {
                s->qx[m] = s->px[i];
                s->qy[m++] = s->py[i];
            }
            if (in_i != in_j) {
                double u = (limit - ci) / (cj - ci);
                s->qx[m] = s->px[i] + u * (s->px[j] - s->px[i]);
                s->qy[m++] = s->py[i] + u * (s->py[j] - s->py[i]);
            }
        }
        memcpy(s->px, s->qx, m * sizeof(double));
        memcpy(s->py, s->qy, m * sizeof(double));
        n = m;
    }
    return n;
}

static double cross3(const double *x, const double *y, int a, int b, int c) {
    return (x[b] - x[a]) * (y[c] - y[a]) - (y[b] - y[a]) * (x[c] - x[a]);
}

/* Ear clipping of s->px, s->py (n points, any orientation). A polygon that
 * crosses itself has no ear at some point: what is left is drawn as a fan. */
static void fill_polygon(scratch *s, size_t n, uint32_t rgba) {
    if (n < 3)
        return;
    double *x = s->px, *y = s->py;
    double area = 0.0;
    for (size_t i = 0; i < n; i++) {
        size_t j = (i + 1) % n;
        area += x[i] * y[j] - x[j] * y[i];
    }
    double sign = area >= 0.0 ? 1.0 : -1.0;
    int *next = s->next;
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
            triangle(s, x[a], y[a], x[b], y[b], x[c], y[c], rgba, rgba, rgba);
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
        triangle(s, x[first], y[first], x[p], y[p], x[next[p]], y[next[p]], rgba, rgba, rgba);
}

static int circle_segments(double r) {
    int n = (int)ceil(PI * sqrt(2.0 * (r > 0.0 ? r : 0.0)));
    return n < 12 ? 12 : n > 128 ? 128 : n;
}

static void draw_circle(scratch *s, const item *it, double cx, double cy, double r) {
    if (!(r > 0.0) || r > 8.0 * GUARD)
        return;
    if (cx + r < -GUARD || cx - r > s->target->width + GUARD || cy + r < -GUARD ||
        cy - r > s->target->height + GUARD)
        return;
    int n = circle_segments(r);
    double width = it->style.width * s->target->point;
    if (width > 0.0 && width < 1.0)
        width = 1.0;
    if (it->style.fill) {
        double inner = width > 0.0 ? r - 0.5 * width : r;
        for (int i = 0; i < n && inner > 0.0; i++) {
            double a0 = 2.0 * PI * i / n, a1 = 2.0 * PI * (i + 1) / n;
            triangle(s, cx, cy, cx + inner * cos(a0), cy + inner * sin(a0), cx + inner * cos(a1),
                     cy + inner * sin(a1), it->style.fill, it->style.fill, it->style.fill);
        }
        flush(s);
    }
    if (width > 0.0) {
        double *x = s->x, *y = s->y;
        uint32_t colors[128];
        for (int i = 0; i < n; i++) {
            double a = 2.0 * PI * i / n;
            x[i] = cx + r * cos(a);
            y[i] = cy + r * sin(a);
            colors[i] = it->style.color;
        }
        if (it->style.dash > 0.0) {
            item ring = *it;
            ring.closed = true;
            for (int i = 0; i < n; i++)
                s->visible[i] = true;
            draw_path(s, &ring, (size_t)n);
        } else {
            strip(s, x, y, colors, (size_t)n, true, width, true);
        }
    }
}

static void draw_arrow(scratch *s, const item *it) {
    if (!s->visible[0] || !s->visible[1])
        return;
    double x0 = s->x[0], y0 = s->y[0], x1 = s->x[1], y1 = s->y[1];
    if (!inside_guard(s->target, x0, y0) || !inside_guard(s->target, x1, y1))
        return; /* an arrow whose head is far outside the picture says nothing */
    double dx = x1 - x0, dy = y1 - y0, length = sqrt(dx * dx + dy * dy);
    if (length < 0.5)
        return;
    double ux = dx / length, uy = dy / length;
    double head = it->style.head * s->target->point;
    if (head > length / 1.5)
        head = length / 1.5;
    double half = 0.3 * head;
    double width = it->style.width * s->target->point;
    if (half < 0.75 * width)
        half = 0.75 * width;
    /* The shaft ends a little inside the head, so no gap shows. */
    double bx = x1 - ux * head, by = y1 - uy * head;
    s->x[1] = bx + ux * 0.25 * head;
    s->y[1] = by + uy * 0.25 * head;
    item shaft = *it;
    shaft.closed = false;
    draw_path(s, &shaft, 2);
    triangle(s, x1, y1, bx - uy * half, by + ux * half, bx + uy * half, by - ux * half,
             it->style.color, it->style.color, it->style.color);
}

static bool reserve_points(scratch *s, size_t n) {
    if (n <= s->capacity)
        return true;
    size_t capacity = s->capacity ? s->capacity : 256;
    while (capacity < n)
        capacity *= 2;
    double *x = realloc(s->x, capacity * sizeof(double));
    if (x)
        s->x = x;
    double *y = realloc(s->y, capacity * sizeof(double));
    if (y)
        s->y = y;
    bool *visible = realloc(s->visible, capacity * sizeof(bool));
    if (visible)
        s->visible = visible;
    if (!x || !y || !visible)
        return false;
    s->capacity = capacity;
    return true;
}

static bool reserve_polygon(scratch *s, size_t n) {
    size_t needed = 2 * n + 8;
    if (needed <= s->polygon_capacity)
        return true;
    double **arrays[4] = {&s->px, &s->py, &s->qx, &s->qy};
    for (int i = 0; i < 4; i++) {
        double *a = realloc(*arrays[i], needed * sizeof(double));
        if (!a)
            return false;
        *arrays[i] = a;
    }
    int *next = realloc(s->next, needed * sizeof(int));
    if (!next)
        return false;
    s->next = next;
    s->polygon_capacity = needed;
    return true;
}

bool lm_overlay_rasterise(const lm_overlay *overlay, const lm_overlay_target *target) {
    scratch s = {.target = target};
    bool stopped = false;
    for (size_t k = 0; k < overlay->item_count; k++) {
        if (target->stop && target->stop(target->context)) {
            stopped = true;
            break;
        }
        const item *it = &overlay->items[k];
        bool wanted =
            target->part == 0 || (target->part < 0 && it->screen) ||
            (target->part > 0 && !it->screen && (it->part == 0 || it->part == target->part));
        if (!wanted)
            continue;
        size_t n = it->count;
        if (!reserve_points(&s, n > 128 ? n : 128))
            break;
        double pixels_per_metre = 0.0;
        for (size_t i = 0; i < n; i++) {
            lm_vec3 p = overlay->points[it->first + i];
            if (it->screen) {
                s.x[i] = p.x * target->width;
                s.y[i] = p.y * target->height;
                s.visible[i] = isfinite(s.x[i]) && isfinite(s.y[i]);
            } else {
                double ppm = 0.0;
                s.visible[i] = target->project(target->context, p, &s.x[i], &s.y[i], &ppm) &&
                               isfinite(s.x[i]) && isfinite(s.y[i]);
                if (i == 0)
                    pixels_per_metre = ppm;
            }
        }
        switch (it->kind) {
        case ITEM_PATH:
            if (it->closed && it->style.fill && n >= 3) {
                bool all = true;
                for (size_t i = 0; i < n; i++)
                    all = all && s.visible[i];
                if (all && reserve_polygon(&s, n)) {
                    memcpy(s.px, s.x, n * sizeof(double));
                    memcpy(s.py, s.y, n * sizeof(double));
                    fill_polygon(&s, clip_polygon(&s, n), it->style.fill);
                    flush(&s);
                }
            }
            draw_path(&s, it, n);
            break;
        case ITEM_CIRCLE:
            if (s.visible[0]) {
                double r = it->screen ? it->radius * target->height : it->radius * pixels_per_metre;
                if (r < it->min_points * target->point)
                    r = it->min_points * target->point;
                draw_circle(&s, it, s.x[0], s.y[0], r);
            }
            break;
        case ITEM_ARROW:
            draw_arrow(&s, it);
            break;
        }
        flush(&s);
    }
    free(s.x);
    free(s.y);
    free(s.visible);
    free(s.corners);
    free(s.px);
    free(s.py);
    free(s.qx);
    free(s.qy);
    free(s.next);
    return !stopped;
}
