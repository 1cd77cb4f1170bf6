/*
 * markup.h - text written into HTML and SVG: the characters markup gives a
 * meaning to (& < > " ') as entities, and invalid UTF-8 as U+FFFD, so a
 * scene's names and source cannot break the page or inject into it.
 */
#ifndef LOOM_APP_MARKUP_H
#define LOOM_APP_MARKUP_H

#include <stddef.h>
#include <stdio.h>

/* Writes length bytes of text, escaped. */
void app_markup_write(FILE *file, const char *text, size_t length);
/* The same for a NUL-terminated text. */
void app_markup_puts(FILE *file, const char *text);

#endif
