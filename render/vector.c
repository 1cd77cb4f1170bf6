/*
 * vector.c - walking a display list for a vector backend (vector.h): what
 * SVG and PDF have no operator for, made from what they have.
 *
 * Clipping. The rasteriser clips to a guard band; a vector file could hold
 * any coordinate, but PDF readers and cairo keep coordinates in 24.8 fixed
 * point (about +-8 million), and a scene can put a point at 1e30. So every
 * item lying wholly inside a guard band (2 x (width + height) around the
 * picture) is written as it is, and the rest is clipped to the band: a line
 * segment by segment (Liang-Barsky), each piece started at its distance
 * along the whole line into the dash pattern, so the dashes inside the
 * picture are where they would be; a fill or a triangle as a polygon
 * (Sutherland-Hodgman), a triangle's corner colours interpolated with it.
 * Everything the band cuts away lies outside the picture.
 */
#include "vector.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* A point with the colour it carries (a trail's, a triangle corner's), the
 * channels as numbers so that clipping can interpolate them. */
typedef struct vertex {
    double x, y;
    double c[4]; /* r, g, b, a in [0, 255] */
} vertex;

typedef struct walker {
    const lr_list *list;
    const lr_fonts *fonts;
    const lr_vector_ops *ops;
    void *context;
    double x0, y0, x1, y1; /* the guard band's outer edges */
    vertex *a, *b;         /* scratch, `capacity` each */
    lr_point *points;
    size_t capacity;
    char *text;
    size_t text_capacity;
    bool failed;
} walker;

static bool reserve(walker *w, size_t n) {
    if (n <= w->capacity)
        return true;
    size_t capacity = w->capacity ? w->capacity : 64;
    while (capacity < n)
        capacity *= 2;
    vertex *a = realloc(w->a, capacity * sizeof *a);
    if (a)
        w->a = a;
    vertex *b = realloc(w->b, capacity * sizeof *b);
    if (b)
        w->b = b;
    lr_point *points = realloc(w->points, capacity * sizeof *points);
    if (points)
        w->points = points;
    if (!a || !b || !points) {
        w->failed = true;
        return false;
    }
    w->capacity = capacity;
    return true;
}

static vertex vertex_of(lr_point p, uint32_t rgba) {
    vertex v = {p.x, p.y, {0}};
    for (int k = 0; k < 4; k++)
        v.c[k] = (double)((rgba >> (24 - 8 * k)) & 0xFFu);
    return v;
}

static uint32_t rgba_of(const vertex *v) {
    uint32_t rgba = 0;
    for (int k = 0; k < 4; k++) {
        double c = v->c[k] < 0.0 ? 0.0 : v->c[k] > 255.0 ? 255.0 : v->c[k];
        rgba |= (uint32_t)lround(c) << (24 - 8 * k);
    }
    return rgba;
}

static vertex lerp(const vertex *p, const vertex *q, double t) {
    vertex v = {p->x + t * (q->x - p->x), p->y + t * (q->y - p->y), {0}};
    for (int k = 0; k < 4; k++)
        v.c[k] = p->c[k] + t * (q->c[k] - p->c[k]);
    return v;
}

static bool finite_point(lr_point p) {
    return isfinite(p.x) && isfinite(p.y);
}

static bool inside(const walker *w, double x, double y) {
    return x >= w->x0 && x <= w->x1 && y >= w->y0 && y <= w->y1;
}

static lr_point point_of(const vertex *v) {
    return (lr_point){(float)v->x, (float)v->y};
}

/* ------------------------------------------------------------------ lines -- */

/* The part [t0, t1] of the segment p -> p + d inside the band (Liang-Barsky);
 * false when none is. */
static bool clip_segment(const walker *w, double px, double py, double dx, double dy, double *t0,
                         double *t1) {
    double p[4] = {-dx, dx, -dy, dy};
    double q[4] = {px - w->x0, w->x1 - px, py - w->y0, w->y1 - py};
    *t0 = 0.0;
    *t1 = 1.0;
    for (int i = 0; i < 4; i++) {
        if (p[i] == 0.0) {
            if (q[i] < 0.0)
                return false;
            continue;
        }
        double r = q[i] / p[i];
        if (p[i] < 0.0) {
            if (r > *t1)
                return false;
            if (r > *t0)
                *t0 = r;
        } else {
            if (r < *t0)
                return false;
            if (r < *t1)
                *t1 = r;
        }
    }
    return *t0 <= *t1;
}

/* The item's points as vertices in w->a (closed: the first again at the
 * end), square ends made longer by half the width; their count. */
static size_t line_vertices(walker *w, const lr_item *item, bool closed) {
    const lr_list *list = w->list;
    size_t n = item->count;
    if (!reserve(w, n + 1))
        return 0;
    bool colors = item->flags & LR_POINT_COLORS;
    for (size_t i = 0; i < n; i++)
        w->a[i] = vertex_of(list->points[item->first + i],
                            colors ? list->colors[item->first + i] : item->color);
    if (closed)
        w->a[n++] = w->a[0];
    if (!closed && (item->flags & LR_SQUARE_CAPS)) {
        double half = 0.5 * item->width;
        for (int end = 0; end < 2; end++) {
            /* The end point and the nearest point apart from it. */
            size_t at = end ? n - 1 : 0;
            for (size_t k = 1; k < n; k++) {
                size_t other = end ? n - 1 - k : k;
                double dx = w->a[at].x - w->a[other].x, dy = w->a[at].y - w->a[other].y;
                double length = hypot(dx, dy);
                if (length > 0.0 && isfinite(length)) {
                    w->a[at].x += half * dx / length;
                    w->a[at].y += half * dy / length;
                    break;
                }
            }
        }
    }
    return n;
}

static lr_vector_stroke stroke_of(const lr_item *item, double offset) {
    lr_vector_stroke s = {item->width < 1.0f ? 1.0f : item->width, item->color, {0}, offset};
    if (item->dash[0] > 0.0f && item->dash[1] > 0.0f) {
        memcpy(s.dash, item->dash, sizeof s.dash);
        if (!(s.dash[2] > 0.0f && s.dash[3] > 0.0f))
            s.dash[2] = s.dash[3] = 0.0f;
    }
    return s;
}

/* Writes the run of n vertices in w->b that starts `offset` along the line. */
static void flush_run(walker *w, const lr_item *item, size_t n, double offset) {
    if (n < 2)
        return;
    for (size_t i = 0; i < n; i++)
        w->points[i] = point_of(&w->b[i]);
    lr_vector_stroke stroke = stroke_of(item, offset);
    w->ops->path(w->context, w->points, n, false, &stroke);
}

static void walk_path(walker *w, const lr_item *item) {
    if (item->count < 2 || !(item->width > 0.0f))
        return;
    bool closed = (item->flags & LR_CLOSED) && item->count >= 3;
    size_t n = line_vertices(w, item, closed);
    if (n < 2)
        return;
    bool whole = true;
    for (size_t i = 0; i < n && whole; i++)
        whole = isfinite(w->a[i].x) && isfinite(w->a[i].y) && inside(w, w->a[i].x, w->a[i].y);
    bool colors = item->flags & LR_POINT_COLORS;
    if (whole && !colors) {
        size_t count = closed ? n - 1 : n;
        for (size_t i = 0; i < count; i++)
            w->points[i] = point_of(&w->a[i]);
        lr_vector_stroke stroke = stroke_of(item, 0.0);
        if (item->color & 0xFFu)
            w->ops->path(w->context, w->points, count, closed, &stroke);
        return;
    }
    /* Segment by segment: clipped, and for colours one stroke each. */
    double along = 0.0, run_offset = 0.0;
    size_t run = 0;
    for (size_t i = 0; i + 1 < n; i++) {
        const vertex *p = &w->a[i], *q = &w->a[i + 1];
        double dx = q->x - p->x, dy = q->y - p->y, length = hypot(dx, dy);
        double t0, t1;
        if (!isfinite(length) || !clip_segment(w, p->x, p->y, dx, dy, &t0, &t1)) {
            if (!colors)
                flush_run(w, item, run, run_offset);
            run = 0;
            if (isfinite(length))
                along += length;
            continue;
        }
        vertex from = lerp(p, q, t0), to = lerp(p, q, t1);
        if (colors) {
            lr_vector_stroke stroke = stroke_of(item, along + t0 * length);
            stroke.color = rgba_of(&from);
            if ((stroke.color | rgba_of(&to)) & 0xFFu)
                w->ops->segment(w->context, point_of(&from), point_of(&to), rgba_of(&to), &stroke);
        } else {
            if (run == 0 || t0 > 0.0) {
                flush_run(w, item, run, run_offset);
                run = 0;
                run_offset = along + t0 * length;
                w->b[run++] = from;
            }
            w->b[run++] = to;
            if (t1 < 1.0) {
                flush_run(w, item, run, run_offset);
                run = 0;
            }
        }
        along += length;
    }
    if (!colors && (item->color & 0xFFu))
        flush_run(w, item, run, run_offset);
}

/* --------------------------------------------------------------- polygons -- */

/* Clips the n vertices of a polygon in w->a to the band (Sutherland-Hodgman,
 * one edge of the band at a time, through w->b); the result is in w->a. */
static size_t clip_polygon(walker *w, size_t n) {
    for (int edge = 0; edge < 4 && n > 0; edge++) {
        if (!reserve(w, 2 * n + 2))
            return 0;
        size_t out = 0;
        for (size_t i = 0; i < n; i++) {
            const vertex *p = &w->a[i], *q = &w->a[(i + 1) % n];
            /* Signed distance inside the edge. */
            double dp, dq;
            switch (edge) {
            case 0:
                dp = p->x - w->x0, dq = q->x - w->x0;
                break;
            case 1:
                dp = w->x1 - p->x, dq = w->x1 - q->x;
                break;
            case 2:
                dp = p->y - w->y0, dq = q->y - w->y0;
                break;
            default:
                dp = w->y1 - p->y, dq = w->y1 - q->y;
                break;
            }
            if (dp >= 0.0)
                w->b[out++] = *p;
            if ((dp >= 0.0) != (dq >= 0.0))
                w->b[out++] = lerp(p, q, dp / (dp - dq));
        }
        vertex *swap = w->a;
        w->a = w->b;
        w->b = swap;
        n = out;
    }
    return n;
}

/* Loads count points from first (colour per point or one), checks them, and
 * clips them when they leave the band; the polygon's vertex count in w->a,
 * 0 when there is nothing to draw. */
static size_t polygon(walker *w, uint32_t first, size_t count, const uint32_t *colors,
                      uint32_t color) {
    if (count < 3 || !reserve(w, count))
        return 0;
    bool whole = true;
    for (size_t i = 0; i < count; i++) {
        lr_point p = w->list->points[first + i];
        if (!finite_point(p))
            return 0;
        whole = whole && inside(w, p.x, p.y);
        w->a[i] = vertex_of(p, colors ? colors[first + i] : color);
    }
    return whole ? count : clip_polygon(w, count);
}

static void walk_fill(walker *w, const lr_item *item) {
    if (!(item->fill & 0xFFu))
        return;
    size_t n = polygon(w, item->first, item->count, NULL, item->fill);
    if (n < 3)
        return;
    for (size_t i = 0; i < n; i++)
        w->points[i] = point_of(&w->a[i]);
    w->ops->fill(w->context, w->points, n, item->fill);
}

static void walk_triangles(walker *w, const lr_item *item) {
    const uint32_t *colors = (item->flags & LR_POINT_COLORS) ? w->list->colors : NULL;
    for (uint32_t t = 0; t + 3 <= item->count; t += 3) {
        size_t n = polygon(w, item->first + t, 3, colors, item->color);
        /* A clipped triangle is a convex polygon: a fan of triangles, its
         * colours still linear across it. */
        for (size_t i = 1; i + 1 < n; i++) {
            const vertex *v[3] = {&w->a[0], &w->a[i], &w->a[i + 1]};
            lr_point corners[3];
            uint32_t rgba[3];
            for (int k = 0; k < 3; k++) {
                corners[k] = point_of(v[k]);
                rgba[k] = rgba_of(v[k]);
            }
            if ((rgba[0] | rgba[1] | rgba[2]) & 0xFFu)
                w->ops->triangle(w->context, corners, rgba);
        }
    }
}

/* ------------------------------------------------------ circles, markers -- */

static void circle(walker *w, double x, double y, double radius, uint32_t fill, float width,
                   uint32_t color, const float *dash) {
    double reach = radius + width;
    if (!(radius > 0.0) || !isfinite(x) || !isfinite(y) || !isfinite(reach) ||
        radius > 4.0 * (w->x1 - w->x0))
        return;
    if (x + reach < w->x0 || x - reach > w->x1 || y + reach < w->y0 || y - reach > w->y1)
        return;
    lr_item line = {.width = width, .color = color};
    if (dash)
        memcpy(line.dash, dash, sizeof line.dash);
    lr_vector_stroke stroke = stroke_of(&line, 0.0);
    bool outline = width > 0.0f && (color & 0xFFu);
    if (!outline) {
        if (fill & 0xFFu)
            w->ops->circle(w->context, x, y, radius, fill, NULL);
        return;
    }
    /* The rasteriser fills inside the outline only: the same under a
     * translucent or dashed outline. */
    bool covered = (color & 0xFFu) == 0xFFu && !(stroke.dash[0] > 0.0f);
    double inner = radius - 0.5 * stroke.width;
    if ((fill & 0xFFu) && !covered && inner > 0.0)
        w->ops->circle(w->context, x, y, inner, fill, NULL);
    w->ops->circle(w->context, x, y, radius, covered ? fill : 0u, &stroke);
}

static void walk_marker(walker *w, const lr_item *item) {
    double x = item->x, y = item->y, h = 0.5 * item->size;
    if (!(h > 0.0) || !isfinite(x) || !isfinite(y) || !inside(w, x, y))
        return;
    /* The shapes the rasteriser draws (tessellate.c), in half-sizes. */
    static const double shapes[][8] = {
        [LR_MARKER_SQUARE] = {-1, -1, 1, -1, 1, 1, -1, 1},
        [LR_MARKER_TRIANGLE] = {0, -1.15, 1.1, 0.75, -1.1, 0.75, 0, 0},
        [LR_MARKER_DIAMOND] = {0, -1.25, 1.25, 0, 0, 1.25, -1.25, 0},
    };
    lr_item line = {.width = item->width < 1.0f ? 1.0f : item->width, .color = item->color};
    lr_vector_stroke stroke = stroke_of(&line, 0.0);
    lr_point p[4];
    switch ((lr_marker)item->shape) {
    case LR_MARKER_CIRCLE:
        circle(w, x, y, h, item->fill, item->width, item->color, NULL);
        return;
    case LR_MARKER_SQUARE:
    case LR_MARKER_TRIANGLE:
    case LR_MARKER_DIAMOND: {
        size_t n = item->shape == LR_MARKER_TRIANGLE ? 3 : 4;
        for (size_t i = 0; i < n; i++)
            p[i] = (lr_point){(float)(x + h * shapes[item->shape][2 * i]),
                              (float)(y + h * shapes[item->shape][2 * i + 1])};
        if (item->fill & 0xFFu)
            w->ops->fill(w->context, p, n, item->fill);
        if (item->width > 0.0f && (item->color & 0xFFu))
            w->ops->path(w->context, p, n, true, &stroke);
        return;
    }
    case LR_MARKER_CROSS:
    case LR_MARKER_PLUS: {
        if (!(item->color & 0xFFu))
            return;
        double k = item->shape == LR_MARKER_CROSS ? 0.85 * h : h;
        double ends[2][4] = {{-k, -k, k, k}, {-k, k, k, -k}};
        if (item->shape == LR_MARKER_PLUS) {
            double plus[2][4] = {{-k, 0, k, 0}, {0, -k, 0, k}};
            memcpy(ends, plus, sizeof ends);
        }
        for (int s = 0; s < 2; s++) {
            p[0] = (lr_point){(float)(x + ends[s][0]), (float)(y + ends[s][1])};
            p[1] = (lr_point){(float)(x + ends[s][2]), (float)(y + ends[s][3])};
            w->ops->path(w->context, p, 2, false, &stroke);
        }
        return;
    }
    default:
        return;
    }
}

/* ------------------------------------------------------------------- text -- */

static void walk_text(walker *w, const lr_item *item) {
    if (!w->fonts || !(item->color & 0xFFu) || !isfinite(item->x) || !isfinite(item->y) ||
        !inside(w, item->x, item->y) || item->count == 0)
        return;
    size_t capacity = 4 * (size_t)item->count + 1;
    if (capacity > w->text_capacity) {
        char *text = realloc(w->text, capacity);
        if (!text) {
            w->failed = true;
            return;
        }
        w->text = text;
        w->text_capacity = capacity;
    }
    lr_face face = item->shape < LR_FACE_COUNT ? (lr_face)item->shape : LR_FACE_SANS;
    int size = lr_text_size(item->size);
    size_t length = lr_fonts_drawn_text(w->fonts, face, w->list->chars + item->first, item->count,
                                        w->text, capacity);
    if (length == 0)
        return;
    /* Where the rasteriser puts the glyphs: the line box at whole pixels,
     * the baseline the face's ascent below its top. */
    double x = (double)lround(item->x);
    double baseline = (double)(lround(item->y) + lr_fonts_ascent(w->fonts, face, size));
    w->ops->text(w->context, x, baseline, lr_fonts_em(w->fonts, face, size), face, item->color,
                 w->text, length);
}

/* ------------------------------------------------------------------- list -- */

bool lr_vector_draw(const lr_list *list, const lr_fonts *fonts, const lr_vector_ops *ops,
                    void *context) {
    double guard = 2.0 * ((double)list->width + list->height);
    walker w = {.list = list,
                .fonts = fonts,
                .ops = ops,
                .context = context,
                .x0 = -guard,
                .y0 = -guard,
                .x1 = list->width + guard,
                .y1 = list->height + guard};
    ops->begin(context, list->width, list->height, list->background);
    for (size_t i = 0; i < list->item_count && !w.failed; i++) {
        const lr_item *item = &list->items[i];
        switch ((lr_item_kind)item->kind) {
        case LR_ITEM_PATH:
            walk_path(&w, item);
            break;
        case LR_ITEM_FILL:
            walk_fill(&w, item);
            break;
        case LR_ITEM_CIRCLE:
            circle(&w, item->x, item->y, item->size, item->fill, item->width, item->color,
                   item->dash);
            break;
        case LR_ITEM_TRIANGLES:
            walk_triangles(&w, item);
            break;
        case LR_ITEM_TEXT:
            walk_text(&w, item);
            break;
        case LR_ITEM_MARKER:
            walk_marker(&w, item);
            break;
        default:
            break;
        }
    }
    free(w.a);
    free(w.b);
    free(w.points);
    free(w.text);
    return !w.failed;
}
