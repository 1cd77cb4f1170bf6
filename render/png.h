/*
 * png.h - any RGBA picture as an 8-bit RGB PNG, encoded as the renderer's
 * frames are (png.c), optionally marked with its print resolution (a pHYs
 * chunk, so a page made at 300 dpi prints at its size). Needs neither SDL
 * nor a renderer: the sweep's contact sheet (app/sweep_sheet.c) uses it.
 */
#ifndef LOOM_RENDER_PNG_H
#define LOOM_RENDER_PNG_H

#include <stdbool.h>
#include <stddef.h>

/* Encodes width x height RGBA pixels (rows pitch bytes apart) into *png
 * (free it with free), *size bytes. dpi > 0 adds a pHYs chunk. False with
 * a message in err when out of memory. */
bool lr_png_encode(const void *pixels, int pitch, int width, int height, int dpi,
                   unsigned char **png, size_t *size, char *err, size_t err_size);
/* The same, written to path through a temporary file renamed into place.
 * False with a message in err (including strerror). */
bool lr_png_write(const char *path, const void *pixels, int pitch, int width, int height, int dpi,
                  char *err, size_t err_size);

#endif
