/*
 * timeline.h - the window's recent past: the picture of every frame shown,
 * kept compressed under a memory cap, oldest dropped first.
 *
 * The window hands each picture it draws of the running scene here with
 * the tick's number and whatever the window wants back with it (the probed
 * particles' states: `extra`). Going back is then restoring a picture, byte
 * for byte the one drawn at that tick (the same bytes `loom render --at T`
 * writes for T = tick / fps at that size), in about the time of one copy of
 * it, whatever the scene costs to simulate.
 *
 * Pictures are 32-bit pixels compressed by runs (a run of one pixel value, or
 * a stretch of literal pixels), which keeps the plain backgrounds of lessons
 * small: see bench/RESULTS.md for bytes per second of timeline.
 *
 * A timeline made to keep in the background compresses on a thread of its
 * own: a push costs the caller one copy of the picture, and whatever reads
 * the frames (count, first, last, at_or_before, restore) waits until every
 * picture pushed is kept. One thread pushes and reads; the keeper is the
 * timeline's own.
 */
#ifndef LOOM_APP_TIMELINE_H
#define LOOM_APP_TIMELINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct app_timeline app_timeline;

/* A timeline that holds at most cap bytes, keeping its pictures on a thread
 * of its own when background is true (and a thread can be started). NULL
 * when out of memory. */
app_timeline *app_timeline_create(size_t cap, bool background);
/* Stops the keeper (the pictures not yet kept are dropped) and frees all. */
void app_timeline_destroy(app_timeline *timeline);
/* True when the pictures are kept in the background. */
bool app_timeline_background(const app_timeline *timeline);

/* A new cap (the scene's memory use changed): frames are dropped, oldest
 * first, until the rest fits. */
void app_timeline_set_cap(app_timeline *timeline, size_t cap);
size_t app_timeline_cap(app_timeline *timeline);

/* Forgets every frame (a reload, a new picture size), the pictures not yet
 * kept too; returns once the keeper is idle. */
void app_timeline_clear(app_timeline *timeline);

/* Keeps the picture of tick (width x height pixels, pitch bytes per row) and
 * extra_size bytes of extra. A tick not after the last one forgets the
 * frames from it on first. Drops the oldest frames to stay under the cap;
 * when this one alone does not fit (or no memory) the timeline is emptied.
 * In the background: copies the picture and returns (false: no memory);
 * else false when the frame was not kept. */
bool app_timeline_push(app_timeline *timeline, long tick, const uint32_t *pixels, int width,
                       int height, int pitch, const void *extra, size_t extra_size);

/* Frames held, the first and last tick (-1 when empty). Ticks are
 * consecutive from first to last unless a push skipped some. */
size_t app_timeline_count(app_timeline *timeline);
long app_timeline_first(app_timeline *timeline);
long app_timeline_last(app_timeline *timeline);
/* Bytes held now, without waiting: the frames, the pictures waiting to be
 * kept and the working memory; and the most held at once so far. */
size_t app_timeline_bytes(app_timeline *timeline);
size_t app_timeline_most(app_timeline *timeline);

/* The frame of tick, or of the nearest tick held before it: its tick, or -1
 * when there is none. */
long app_timeline_at_or_before(app_timeline *timeline, long tick);

/* Writes the picture of tick into pixels (its size must be the frame's:
 * false otherwise, or when tick is not held); *extra and *extra_size (may be
 * NULL) get the frame's extra, valid until the next push or clear. */
bool app_timeline_restore(app_timeline *timeline, long tick, uint32_t *pixels, int width,
                          int height, int pitch, const void **extra, size_t *extra_size);

#endif
