/*
 * list.c - appending to a display list.
 */
#include "grow.h"
#include "list.h"

#include <stdlib.h>
#include <string.h>

static const char *const marker_names[LR_MARKER_COUNT + 1] = {
    "none", "circle", "square", "triangle", "diamond", "cross", "plus", NULL};

const char *const *lr_marker_names(void) {
    return marker_names;
}

lr_list *lr_list_create(void) {
    return calloc(1, sizeof(lr_list));
}

void lr_list_destroy(lr_list *list) {
    if (!list)
        return;
    free(list->items);
    free(list->points);
    free(list->colors);
    free(list->depths);
    free(list->chars);
    free(list);
}

void lr_list_reset(lr_list *list, int width, int height, uint32_t background) {
    list->width = width;
    list->height = height;
    list->background = background | 0xFFu;
    list->item_count = 0;
    list->point_count = 0;
    list->char_count = 0;
    list->failed = false;
}

/* Room for one more item and n more points; false (and failed) if not. */
static bool reserve(lr_list *list, size_t n) {
    bool ok =
        n <= UINT32_MAX - list->point_count &&
        lr_grow((void **)&list->items, &list->item_capacity, list->item_count + 1, sizeof(lr_item));
    size_t needed = list->point_count + n;
    if (ok && needed > list->point_capacity) {
        /* The three per-point arrays grow together, to one capacity. */
        size_t capacity = list->point_capacity ? list->point_capacity : 256;
        while (capacity < needed)
            capacity *= 2;
        lr_point *points = realloc(list->points, capacity * sizeof(lr_point));
        if (points)
            list->points = points;
        uint32_t *colors = realloc(list->colors, capacity * sizeof(uint32_t));
        if (colors)
            list->colors = colors;
        float *depths = realloc(list->depths, capacity * sizeof(float));
        if (depths)
            list->depths = depths;
        ok = points && colors && depths;
        if (ok)
            list->point_capacity = capacity;
    }
    if (!ok)
        list->failed = true;
    return ok;
}

static lr_item *push(lr_list *list, lr_item_kind kind, const lr_point *points, size_t count) {
    if (!reserve(list, count))
        return NULL;
    lr_item *item = &list->items[list->item_count++];
    memset(item, 0, sizeof *item);
    item->kind = (uint8_t)kind;
    item->first = (uint32_t)list->point_count;
    item->count = (uint32_t)count;
    if (count)
        memcpy(list->points + list->point_count, points, count * sizeof(lr_point));
    list->point_count += count;
    return item;
}

static void set_dash(lr_item *item, const float *dash) {
    if (dash && dash[0] > 0.0f)
        memcpy(item->dash, dash, sizeof item->dash);
}

bool lr_list_path(lr_list *list, const lr_point *points, size_t count, unsigned flags, float width,
                  uint32_t color, const float *dash) {
    lr_item *item = push(list, LR_ITEM_PATH, points, count);
    if (!item)
        return false;
    item->flags = (uint8_t)(flags & (LR_CLOSED | LR_SQUARE_CAPS));
    item->width = width;
    item->color = color;
    set_dash(item, dash);
    return true;
}

bool lr_list_path_colors(lr_list *list, const lr_point *points, const uint32_t *colors,
                         size_t count, unsigned flags, float width, const float *dash) {
    lr_item *item = push(list, LR_ITEM_PATH, points, count);
    if (!item)
        return false;
    item->flags = (uint8_t)((flags & (LR_CLOSED | LR_SQUARE_CAPS)) | LR_POINT_COLORS);
    item->width = width;
    item->color = count ? colors[count - 1] : 0;
    memcpy(list->colors + item->first, colors, count * sizeof(uint32_t));
    set_dash(item, dash);
    return true;
}

bool lr_list_line(lr_list *list, float x0, float y0, float x1, float y1, float width,
                  uint32_t color, unsigned flags) {
    lr_point ends[2] = {{x0, y0}, {x1, y1}};
    return lr_list_path(list, ends, 2, flags, width, color, NULL);
}

bool lr_list_fill(lr_list *list, const lr_point *points, size_t count, uint32_t fill, bool convex) {
    lr_item *item = push(list, LR_ITEM_FILL, points, count);
    if (!item)
        return false;
    item->flags = convex ? LR_CONVEX : 0u;
    item->fill = fill;
    return true;
}

bool lr_list_rect(lr_list *list, float x, float y, float width, float height, uint32_t fill) {
    lr_point corners[4] = {{x, y}, {x + width, y}, {x + width, y + height}, {x, y + height}};
    return lr_list_fill(list, corners, 4, fill, true);
}

bool lr_list_circle(lr_list *list, float x, float y, float radius, uint32_t fill, float width,
                    uint32_t color, const float *dash) {
    lr_item *item = push(list, LR_ITEM_CIRCLE, NULL, 0);
    if (!item)
        return false;
    item->x = x;
    item->y = y;
    item->size = radius;
    item->fill = fill;
    item->width = width;
    item->color = color;
    set_dash(item, dash);
    return true;
}

bool lr_list_triangle(lr_list *list, const lr_point corners[3], const uint32_t colors[3],
                      const float *depths) {
    lr_item *item = push(list, LR_ITEM_TRIANGLES, corners, 3);
    if (!item)
        return false;
    item->flags = LR_POINT_COLORS | (depths ? LR_DEPTH : 0u);
    item->color = colors[0];
    memcpy(list->colors + item->first, colors, 3 * sizeof(uint32_t));
    if (depths)
        memcpy(list->depths + item->first, depths, 3 * sizeof(float));
    return true;
}

bool lr_list_text(lr_list *list, float x, float y, float size, lr_face face, uint32_t color,
                  const char *text, size_t length) {
    if (length > UINT32_MAX ||
        !lr_grow((void **)&list->chars, &list->char_capacity, list->char_count + length + 1, 1)) {
        list->failed = true;
        return false;
    }
    lr_item *item = push(list, LR_ITEM_TEXT, NULL, 0);
    if (!item)
        return false;
    item->shape = (uint8_t)face;
    item->x = x;
    item->y = y;
    item->size = size;
    item->color = color;
    item->first = (uint32_t)list->char_count;
    item->count = (uint32_t)length;
    memcpy(list->chars + list->char_count, text, length);
    list->chars[list->char_count + length] = '\0';
    list->char_count += length + 1;
    return true;
}

bool lr_list_marker(lr_list *list, float x, float y, float size, lr_marker shape, uint32_t fill,
                    float width, uint32_t color) {
    lr_item *item = push(list, LR_ITEM_MARKER, NULL, 0);
    if (!item)
        return false;
    item->shape = (uint8_t)shape;
    item->x = x;
    item->y = y;
    item->size = size;
    item->fill = fill;
    item->width = width;
    item->color = color;
    return true;
}

bool lr_list_clip(lr_list *list, float x, float y, float width, float height) {
    lr_item *item = push(list, LR_ITEM_CLIP, NULL, 0);
    if (!item)
        return false;
    item->x = x;
    item->y = y;
    item->width = width > 0.0f ? width : 0.0f;
    item->size = height;
    return true;
}
