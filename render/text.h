/*
 * text.h - blocks of text placed in the display list (render/ only).
 *
 * Labels, the title, plot legends and ticks, and the window's panels all
 * place text through here: lines split at '\n', measured with the faces'
 * own advances (fonts.h), set at whole pixels so glyphs stay crisp, each
 * line a TEXT item, on an optional panel. Without fonts nothing is placed
 * and the boxes are empty.
 */
#ifndef LOOM_RENDER_TEXT_H
#define LOOM_RENDER_TEXT_H

#include "compose.h"

enum { LR_TEXT_LINES = 32 };

typedef struct lr_text_style {
    lr_face face;
    double size;    /* pixels: the height of a line (rounded, clamped: lr_text_size) */
    uint32_t color; /* 0xRRGGBBAA */
    lr_align align; /* which side of each line the anchor's x is on */
    uint32_t panel; /* 0: none; else the colour of a panel under the block */
} lr_text_style;

/* The box of the block of text with its anchor at x (on the side align
 * says) and y at the block's vertical middle: its panel's, or for a block
 * without one a little around the lines. Nothing is drawn. */
lr_area lr_text_box(const lr_fonts *fonts, const char *text, double x, double y,
                    const lr_text_style *style);

/* Places the block as lr_text_box measures it; returns that box. */
lr_area lr_text_place(lr_list *list, const lr_fonts *fonts, const char *text, double x, double y,
                      const lr_text_style *style);

/* One line with its line box's top-left at (x, top); returns its width. */
int lr_text_line(lr_list *list, const lr_fonts *fonts, const char *text, int x, int top,
                 lr_face face, int size, uint32_t color);

/* Whether two boxes overlap (share any pixel). */
bool lr_area_overlaps(lr_area a, lr_area b);

#endif
