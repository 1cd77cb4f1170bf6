/*
 * fonts.h - the four faces text is set in, measured and rasterised.
 *
 * loom sets text in DejaVu Sans (prose: labels, titles) and DejaVu Sans Mono
 * (numbers: loom.text, plots, the window's panels), regular and bold, from
 * Debian's fonts-dejavu-core, rasterised by stb_truetype. An lr_fonts holds
 * the four files, read once; after loading nothing changes it, so any number
 * of threads may measure with it and make glyphs from it at once.
 *
 * A size is the height of a line in whole pixels, from the highest ascender
 * to the lowest descender (at least 6). Text is UTF-8; characters the face
 * lacks are drawn and measured as '?', a tab as four spaces. Widths are what
 * the glyphs advance, so the layout measures exactly what is drawn.
 *
 * Glyphs (lr_glyphs) are 8-bit coverage maps made on first use at each size
 * and kept for the next pictures; each drawing backend keeps its own.
 */
#ifndef LOOM_RENDER_FONTS_H
#define LOOM_RENDER_FONTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "list.h"

enum { LR_TEXT_MIN_SIZE = 6, LR_TEXT_MAX_SIZE = 400 };

typedef struct lr_fonts lr_fonts;

/* The installed path of a face, or NULL when fonts-dejavu-core is missing. */
const char *lr_font_path(lr_face face);

/* Reads the four faces. NULL with a message in err when one is missing or
 * not a font. */
lr_fonts *lr_fonts_load(char *err, size_t err_size);
void lr_fonts_destroy(lr_fonts *fonts);

/* A size clamped to [LR_TEXT_MIN_SIZE, LR_TEXT_MAX_SIZE]. */
int lr_text_size(double pixels);

/* Pixels from a line's top to its baseline, at a size. */
int lr_fonts_ascent(const lr_fonts *fonts, lr_face face, int size);
/* Pixels between the tops of two lines, at a size. */
int lr_fonts_line_height(const lr_fonts *fonts, lr_face face, int size);
/* Width in pixels of length bytes of text (stopping at a newline). */
int lr_fonts_width(const lr_fonts *fonts, lr_face face, int size, const char *text, size_t length);

/* ------------------------------------------------------------- glyphs -- */

typedef struct lr_glyphs lr_glyphs;

/* NULL when out of memory. fonts must outlive it. */
lr_glyphs *lr_glyphs_create(const lr_fonts *fonts);
void lr_glyphs_destroy(lr_glyphs *glyphs);

/* One glyph placed on the picture: coverage (width x height bytes, row by
 * row) with its top-left at pixel (x, y). */
typedef struct lr_glyph_place {
    const unsigned char *coverage;
    int width, height;
    int x, y;
} lr_glyph_place;

/* A new picture: sizes unused for a while are forgotten. Glyphs handed out
 * stay valid until the next call. */
void lr_glyphs_next_picture(lr_glyphs *glyphs);

/* Places the glyphs of one line of text whose line box has its top-left at
 * (x, y), calling place for each glyph with ink (a space has none). False
 * when out of memory (the rest of the line is left out). */
bool lr_glyphs_place(lr_glyphs *glyphs, lr_face face, int size, const char *text, size_t length,
                     int x, int y, void (*place)(void *context, const lr_glyph_place *glyph),
                     void *context);

#endif
