/*
 * timeline_codec.h - how the window's timeline (app/timeline.h) writes a
 * picture down: runs of equal 32-bit pixels, optionally as the change (XOR)
 * from a picture before.
 *
 * A frame's words: each a header then pixels. A header with the top bit set
 * is a run, (header & APP_RUN_COUNT) copies of the one pixel after it;
 * otherwise a stretch of header literal pixels. Runs start at three equal
 * pixels, so noise costs one header per stretch, a plain background one word
 * pair per row or less.
 */
#ifndef LOOM_APP_TIMELINE_CODEC_H
#define LOOM_APP_TIMELINE_CODEC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define APP_RUN_FLAG  0x80000000u
#define APP_RUN_COUNT 0x7FFFFFFFu

/* The words that any picture of n pixels fits in. */
static inline size_t app_codec_most_words(size_t n) {
    return n + n / APP_RUN_COUNT + 2;
}

/* Writes the picture (pitch bytes a row), XOR base (a packed picture of the
 * same size) when base is not NULL, into out (app_codec_most_words words);
 * returns the words written. */
size_t app_codec_encode(const uint32_t *pixels, int width, int height, int pitch,
                        const uint32_t *base, uint32_t *out);

/* Reads count words back into pixels: whole, or (change) XOR-ed into the
 * picture already there, where a run of zeros is skipped. False when the
 * words do not make a picture of that size. */
bool app_codec_decode(const uint32_t *words, size_t count, bool change, uint32_t *pixels, int width,
                      int height, int pitch);

#endif
