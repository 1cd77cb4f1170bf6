/*
 * overlay.c - the overlay list, and its items projected into the display
 * list: a path becomes a path (square caps on open ends, its dashes as long
 * as its gaps), filled when closed; a circle a circle; an arrow a shaft and
 * a triangular head. Tessellating them is the backend's (tessellate.c).
 */
#include "overlay.h"

#include "grow.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef enum item_kind { ITEM_PATH, ITEM_CIRCLE, ITEM_ARROW } item_kind;

typedef struct item {
    item_kind kind;
    bool screen, closed;
    lr_overlay_style style;
    size_t first, count; /* points */
    double radius;       /* circles */
    double min_points;   /* circles: drawn at least this radius, in points */
    double alpha_start;  /* faded paths: alpha at the first point, 0..1; < 0 = not faded */
    int part;            /* lr_overlay_set_part */
} item;

typedef struct text_item {
    lr_overlay_text text;
    size_t offset; /* into the character store */
    int part;      /* lr_overlay_set_part */
} text_item;

struct lr_overlay {
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

lr_overlay_style lr_overlay_default_style(void) {
    return (lr_overlay_style){
        .color = LR_DEFAULT_INK, .fill = 0, .width = 2.0, .dash = 0.0, .head = 12.0};
}

lr_overlay *lr_overlay_create(void) {
    return calloc(1, sizeof(lr_overlay));
}

void lr_overlay_destroy(lr_overlay *overlay) {
    if (!overlay)
        return;
    free(overlay->items);
    free(overlay->points);
    free(overlay->texts);
    free(overlay->chars);
    free(overlay);
}

void lr_overlay_clear(lr_overlay *overlay) {
    overlay->item_count = 0;
    overlay->point_count = 0;
    overlay->text_count = 0;
    overlay->char_count = 0;
    overlay->part = 0;
}

void lr_overlay_set_part(lr_overlay *overlay, int part) {
    overlay->part = part > 0 ? part : 0;
}

size_t lr_overlay_item_count(const lr_overlay *overlay) {
    return overlay->item_count + overlay->text_count;
}

size_t lr_overlay_point_count(const lr_overlay *overlay) {
    return overlay->point_count;
}

static bool add_item(lr_overlay *overlay, item it, const lm_vec3 *points) {
    if (!lr_grow((void **)&overlay->items, &overlay->item_capacity, overlay->item_count + 1,
                 sizeof(item)) ||
        !lr_grow((void **)&overlay->points, &overlay->point_capacity,
                 overlay->point_count + it.count, sizeof(lm_vec3)))
        return false;
    it.first = overlay->point_count;
    it.part = overlay->part;
    if (it.count > 0)
        memcpy(overlay->points + overlay->point_count, points, it.count * sizeof(lm_vec3));
    overlay->point_count += it.count;
    overlay->items[overlay->item_count++] = it;
    return true;
}

bool lr_overlay_path(lr_overlay *overlay, const lm_vec3 *points, size_t count, bool closed,
                     bool screen, const lr_overlay_style *style) {
    item it = {.kind = ITEM_PATH,
               .screen = screen,
               .closed = closed,
               .style = *style,
               .count = count,
               .alpha_start = -1.0};
    return add_item(overlay, it, points);
}

bool lr_overlay_faded_path(lr_overlay *overlay, const lm_vec3 *points, size_t count, bool screen,
                           const lr_overlay_style *style, double alpha_start) {
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

bool lr_overlay_circle(lr_overlay *overlay, lm_vec3 centre, double radius, bool screen,
                       const lr_overlay_style *style) {
    item it = {.kind = ITEM_CIRCLE,
               .screen = screen,
               .style = *style,
               .count = 1,
               .radius = radius,
               .alpha_start = -1.0};
    return add_item(overlay, it, &centre);
}

bool lr_overlay_dot(lr_overlay *overlay, lm_vec3 centre, double radius, double min_points,
                    const lr_overlay_style *style) {
    item it = {.kind = ITEM_CIRCLE,
               .style = *style,
               .count = 1,
               .radius = radius,
               .min_points = min_points,
               .alpha_start = -1.0};
    return add_item(overlay, it, &centre);
}

bool lr_overlay_arrow(lr_overlay *overlay, lm_vec3 tail, lm_vec3 tip, bool screen,
                      const lr_overlay_style *style) {
    lm_vec3 ends[2] = {tail, tip};
    item it = {
        .kind = ITEM_ARROW, .screen = screen, .style = *style, .count = 2, .alpha_start = -1.0};
    it.style.fill = 0;
    return add_item(overlay, it, ends);
}

bool lr_overlay_add_text(lr_overlay *overlay, const lr_overlay_text *text) {
    size_t length = strlen(text->text) + 1;
    if (!lr_grow((void **)&overlay->texts, &overlay->text_capacity, overlay->text_count + 1,
                 sizeof(text_item)) ||
        !lr_grow((void **)&overlay->chars, &overlay->char_capacity, overlay->char_count + length,
                 1))
        return false;
    memcpy(overlay->chars + overlay->char_count, text->text, length);
    text_item *t = &overlay->texts[overlay->text_count++];
    t->text = *text;
    t->text.text = NULL;
    t->part = overlay->part;
    t->offset = overlay->char_count;
    overlay->char_count += length;
    return true;
}

size_t lr_overlay_text_count(const lr_overlay *overlay) {
    return overlay->text_count;
}

lr_overlay_text lr_overlay_text_at(const lr_overlay *overlay, size_t index) {
    lr_overlay_text text = overlay->texts[index].text;
    text.text = overlay->chars + overlay->texts[index].offset;
    return text;
}

int lr_overlay_text_part(const lr_overlay *overlay, size_t index) {
    return overlay->texts[index].part;
}

/* ------------------------------------------------------------- drawing -- */

typedef struct emitter {
    const lr_view *view;
    uint32_t ink;
    lr_area screen;
    double point;
    lr_list *list;
    lr_point *points;
    uint32_t *colors;
    bool *visible;
    size_t capacity;
    double pixels_per_metre; /* at the item's first point */
} emitter;

static bool reserve(emitter *e, size_t n) {
    if (n <= e->capacity)
        return true;
    size_t capacity = e->capacity ? e->capacity : 256;
    while (capacity < n)
        capacity *= 2;
    lr_point *points = realloc(e->points, capacity * sizeof(lr_point));
    if (points)
        e->points = points;
    uint32_t *colors = realloc(e->colors, capacity * sizeof(uint32_t));
    if (colors)
        e->colors = colors;
    bool *visible = realloc(e->visible, capacity * sizeof(bool));
    if (visible)
        e->visible = visible;
    if (!points || !colors || !visible)
        return false;
    e->capacity = capacity;
    return true;
}

/* Projects the item's points into e->points; false when none is visible. */
static bool project(emitter *e, const lr_overlay *overlay, const item *it) {
    bool any = false;
    e->pixels_per_metre = 0.0;
    for (size_t i = 0; i < it->count; i++) {
        lm_vec3 p = overlay->points[it->first + i];
        double x, y;
        bool visible;
        if (it->screen) {
            x = e->screen.x + p.x * e->screen.width;
            y = e->screen.y + p.y * e->screen.height;
            visible = isfinite(x) && isfinite(y);
        } else {
            double depth;
            visible = lr_view_project(e->view, p, &x, &y, &depth);
            if (visible && i == 0)
                e->pixels_per_metre =
                    e->view->perspective ? e->view->focal / depth : e->view->focal;
        }
        /* Beyond a float's reach a point says nothing the picture can show. */
        visible = visible && fabs(x) < 1e30 && fabs(y) < 1e30;
        e->points[i] = (lr_point){(float)x, (float)y};
        e->visible[i] = visible;
        any = any || visible;
    }
    return any;
}

static uint32_t with_alpha(uint32_t rgba, double alpha) {
    double a = (double)(rgba & 0xFFu) * alpha;
    return (rgba & 0xFFFFFF00u) | (uint32_t)(a + 0.5);
}

/* The item's path: cut where a point is hidden, dashed, faded. */
static void emit_path(emitter *e, const item *it) {
    size_t n = it->count;
    double width = it->style.width * e->point;
    if (!(width > 0.0) || n < 2)
        return;
    float dash[4] = {(float)(it->style.dash * e->point), (float)(it->style.dash * e->point), 0, 0};
    bool faded = it->alpha_start >= 0.0;
    for (size_t i = 0; i < n; i++)
        e->colors[i] =
            faded ? with_alpha(it->style.color, it->alpha_start + (1.0 - it->alpha_start) *
                                                                      (double)i / (double)(n - 1))
                  : it->style.color;
    bool all = true;
    for (size_t i = 0; i < n; i++)
        all = all && e->visible[i];
    if (all) {
        unsigned flags = (it->closed ? LR_CLOSED : 0u) | LR_SQUARE_CAPS;
        if (faded)
            lr_list_path_colors(e->list, e->points, e->colors, n, flags, (float)width, dash);
        else
            lr_list_path(e->list, e->points, n, flags, (float)width, it->style.color, dash);
        return;
    }
    /* Runs of visible points; a closed path's last run joins its first. */
    size_t count = it->closed ? n + 1 : n;
    size_t start = 0;
    while (start < count) {
        while (start < count && !e->visible[start % n])
            start++;
        size_t end = start;
        while (end < count && e->visible[end % n])
            end++;
        size_t run = end - start;
        if (run >= 2 && reserve(e, n + run)) {
            lr_point *points = e->points + n;
            uint32_t *colors = e->colors + n;
            for (size_t k = 0; k < run; k++) {
                points[k] = e->points[(start + k) % n];
                colors[k] = e->colors[(start + k) % n];
            }
            lr_list_path_colors(e->list, points, colors, run, LR_SQUARE_CAPS, (float)width, dash);
        }
        start = end;
    }
}

static void emit_circle(emitter *e, const item *it) {
    if (!e->visible[0])
        return;
    double r = it->screen ? it->radius * e->view->cy * 2.0 : it->radius * e->pixels_per_metre;
    if (r < it->min_points * e->point)
        r = it->min_points * e->point;
    if (!(r > 0.0) || !isfinite(r))
        return;
    float dash[4] = {(float)(it->style.dash * e->point), (float)(it->style.dash * e->point), 0, 0};
    lr_list_circle(e->list, e->points[0].x, e->points[0].y, (float)r, it->style.fill,
                   (float)(it->style.width * e->point), it->style.color, dash);
}

static void emit_arrow(emitter *e, const item *it) {
    if (!e->visible[0] || !e->visible[1])
        return;
    double x0 = e->points[0].x, y0 = e->points[0].y, x1 = e->points[1].x, y1 = e->points[1].y;
    /* An arrow whose head is far outside the picture says nothing. */
    double reach = 8.0 * (e->view->cx + e->view->cy);
    if (fabs(x0) > reach || fabs(y0) > reach || fabs(x1) > reach || fabs(y1) > reach)
        return;
    double dx = x1 - x0, dy = y1 - y0, length = sqrt(dx * dx + dy * dy);
    if (length < 0.25)
        return;
    double ux = dx / length, uy = dy / length;
    double head = it->style.head * e->point;
    if (head > length / 1.5)
        head = length / 1.5;
    double half = 0.3 * head;
    double width = it->style.width * e->point;
    if (half < 0.75 * width)
        half = 0.75 * width;
    /* The shaft ends a little inside the head, so no gap shows. */
    double bx = x1 - ux * head, by = y1 - uy * head;
    float dash[4] = {(float)(it->style.dash * e->point), (float)(it->style.dash * e->point), 0, 0};
    if (width > 0.0) {
        lr_point shaft[2] = {{(float)x0, (float)y0},
                             {(float)(bx + ux * 0.25 * head), (float)(by + uy * 0.25 * head)}};
        lr_list_path(e->list, shaft, 2, LR_SQUARE_CAPS, (float)width, it->style.color, dash);
    }
    lr_point tip[3] = {{(float)x1, (float)y1},
                       {(float)(bx - uy * half), (float)(by + ux * half)},
                       {(float)(bx + uy * half), (float)(by - ux * half)}};
    lr_list_fill(e->list, tip, 3, it->style.color, true);
}

void lr_overlay_emit(const lr_overlay *overlay, const lr_view *view, lr_area screen, double point,
                     const lr_theme *theme, lr_list *list) {
    lr_overlay_emit_part(overlay, view, screen, point, theme, 0, list);
}

/* Lines drawn over the scene show at 3:1 against the background (WCAG's
 * ratio for graphics) in every theme. */
#define LINE_CONTRAST 3.0

void lr_overlay_emit_part(const lr_overlay *overlay, const lr_view *view, lr_area screen,
                          double point, const lr_theme *theme, int part, lr_list *list) {
    uint32_t ink = theme->ink;
    emitter e = {.view = view, .ink = ink, .screen = screen, .point = point, .list = list};
    for (size_t k = 0; k < overlay->item_count; k++) {
        item inked = overlay->items[k];
        bool wanted = part == 0 || (part < 0 && inked.screen) ||
                      (part > 0 && !inked.screen && (inked.part == 0 || inked.part == part));
        if (!wanted)
            continue;
        if (inked.style.color == LR_DEFAULT_INK)
            inked.style.color = ink;
        else if (inked.style.color & 0xFFu)
            inked.style.color = lr_readable(inked.style.color, theme->background, LINE_CONTRAST);
        if (inked.style.fill == LR_DEFAULT_INK)
            inked.style.fill = ink;
        const item *it = &inked;
        if (!reserve(&e, it->count + 1)) {
            list->failed = true;
            break;
        }
        if (!project(&e, overlay, it))
            continue;
        switch (it->kind) {
        case ITEM_PATH:
            if (it->closed && it->style.fill && it->count >= 3) {
                bool all = true;
                for (size_t i = 0; i < it->count; i++)
                    all = all && e.visible[i];
                if (all)
                    lr_list_fill(list, e.points, it->count, it->style.fill, false);
            }
            emit_path(&e, it);
            break;
        case ITEM_CIRCLE:
            emit_circle(&e, it);
            break;
        case ITEM_ARROW:
            emit_arrow(&e, it);
            break;
        }
    }
    free(e.points);
    free(e.colors);
    free(e.visible);
}
