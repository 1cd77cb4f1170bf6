/*
 * text.c - placing blocks of text: whole-pixel arithmetic on the measured
 * lines, so the same text lands on the same pixels every time.
 */
#include "text.h"

#include <math.h>
#include <string.h>

bool lr_area_overlaps(lr_area a, lr_area b) {
    return a.width > 0.0 && a.height > 0.0 && b.width > 0.0 && b.height > 0.0 &&
           a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height &&
           b.y < a.y + a.height;
}

typedef struct block {
    const char *lines[LR_TEXT_LINES];
    size_t lengths[LR_TEXT_LINES];
    int widths[LR_TEXT_LINES];
    int count, width, line_height, size;
    int left, top, anchor;
} block;

/* Splits and measures the text and places the block's lines. */
static void measure(const lr_fonts *fonts, const char *text, double x, double y,
                    const lr_text_style *style, block *b) {
    b->size = lr_text_size(style->size);
    b->count = 0;
    b->width = 0;
    b->line_height = lr_fonts_line_height(fonts, style->face, b->size);
    for (const char *line = text; line && b->count < LR_TEXT_LINES; b->count++) {
        const char *end = strchr(line, '\n');
        size_t length = end ? (size_t)(end - line) : strlen(line);
        b->lines[b->count] = line;
        b->lengths[b->count] = length;
        b->widths[b->count] = lr_fonts_width(fonts, style->face, b->size, line, length);
        if (b->widths[b->count] > b->width)
            b->width = b->widths[b->count];
        line = end ? end + 1 : NULL;
    }
    b->top = (int)lround(y - 0.5 * b->count * b->line_height);
    b->anchor = (int)lround(x);
    b->left = style->align == LR_ALIGN_LEFT    ? b->anchor
              : style->align == LR_ALIGN_RIGHT ? b->anchor - b->width
                                               : b->anchor - b->width / 2;
}

static lr_area box_of(const block *b, const lr_text_style *style) {
    int lh = b->line_height;
    if (b->width <= 0)
        return (lr_area){b->left, b->top, 0, 0};
    if (style->panel) {
        int pad_x = (lh * 3 + 5) / 10, pad_y = (lh + 5) / 10;
        return (lr_area){b->left - pad_x, b->top - pad_y, b->width + 2 * pad_x,
                         b->count * lh + 2 * pad_y};
    }
    return (lr_area){b->left - lh / 3, b->top - lh / 10, b->width + 2 * (lh / 3),
                     b->count * lh + lh / 5};
}

lr_area lr_text_box(const lr_fonts *fonts, const char *text, double x, double y,
                    const lr_text_style *style) {
    if (!fonts || !text || !isfinite(x) || !isfinite(y))
        return (lr_area){0, 0, 0, 0};
    block b;
    measure(fonts, text, x, y, style, &b);
    return box_of(&b, style);
}

lr_area lr_text_place(lr_list *list, const lr_fonts *fonts, const char *text, double x, double y,
                      const lr_text_style *style) {
    if (!fonts || !text || !isfinite(x) || !isfinite(y))
        return (lr_area){0, 0, 0, 0};
    block b;
    measure(fonts, text, x, y, style, &b);
    lr_area box = box_of(&b, style);
    if (style->panel && b.width > 0)
        lr_list_rect(list, (float)box.x, (float)box.y, (float)box.width, (float)box.height,
                     style->panel);
    for (int i = 0; i < b.count; i++) {
        int left = style->align == LR_ALIGN_LEFT    ? b.left
                   : style->align == LR_ALIGN_RIGHT ? b.anchor - b.widths[i]
                                                    : b.anchor - b.widths[i] / 2;
        if (b.lengths[i] > 0)
            lr_list_text(list, (float)left, (float)(b.top + i * b.line_height), (float)b.size,
                         style->face, style->color, b.lines[i], b.lengths[i]);
    }
    return box;
}

int lr_text_line(lr_list *list, const lr_fonts *fonts, const char *text, int x, int top,
                 lr_face face, int size, uint32_t color) {
    if (!fonts || !text)
        return 0;
    size_t length = strcspn(text, "\n");
    if (length > 0)
        lr_list_text(list, (float)x, (float)top, (float)size, face, color, text, length);
    return lr_fonts_width(fonts, face, size, text, length);
}
