/*
 * text.h - text and translucent panels drawn onto a picture.
 *
 * For overlays on top of the renderer's picture: the window's heads-up
 * display, help and error panels, and the scene's labels (app/labels.c). Glyphs come from a
 * TrueType font rasterised by stb_truetype; loom uses DejaVu Sans Mono from
 * Debian's fonts-dejavu-core. Every function draws onto an SDL_Surface in
 * SDL_PIXELFORMAT_RGBA32 (the renderer's picture), passed as void * so this
 * header does not pull in SDL. Drawing is clipped to the surface.
 *
 * `loom render` uses it only for the labels a script asks for: the scene
 * picture never has text unless the script adds it.
 */
#ifndef LOOM_TEXT_H
#define LOOM_TEXT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct lr_font lr_font;

/* The first font found among the places Debian's fonts-dejavu-core installs
 * DejaVu Sans Mono (bold if bold), or NULL when none is there. */
const char *lr_font_default_path(bool bold);
/* The same for DejaVu Sans, the proportional face labels use for prose. */
const char *lr_font_sans_path(bool bold);

/* Reads a TrueType file. NULL with a message in err on failure. */
lr_font *lr_font_load(const char *path, char *err, size_t err_size);
void lr_font_destroy(lr_font *font);

/* Sets the size glyphs are drawn at: the height of a line in pixels from the
 * highest ascender to the lowest descender (at least 6). Glyphs are
 * rasterised again only when the size changes. */
void lr_font_set_size(lr_font *font, int pixel_height);
/* Distance between the tops of two lines, in pixels. */
int lr_font_line_height(const lr_font *font);
/* Width of text in pixels, up to its end or its first newline. Text is UTF-8;
 * characters the font lacks draw as '?', a tab as four spaces. */
int lr_text_width(lr_font *font, const char *text);
/* Draws one line of text (up to the end or the first newline) with its top
 * at y, blended in colour rgba (0xRRGGBBAA). Returns the x where it ended. */
int lr_text_draw(lr_font *font, void *surface, int x, int y, const char *text, uint32_t rgba);

/* Fills a rectangle blended in colour rgba (0xRRGGBBAA; alpha 0xFF paints). */
void lr_fill_rect(void *surface, int x, int y, int width, int height, uint32_t rgba);

#endif
