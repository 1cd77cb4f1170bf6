/*
 * frame_writer.h - drawing frames on one thread, encoding PNGs on several,
 * committing them in order.
 *
 * PNG encoding costs about as much as simulating and drawing a frame, so
 * `loom render` keeps a few renderers ("slots"): the caller draws into a free
 * slot and queues it; threads encode queued slots into temporary files; the
 * frames are then renamed into place strictly in order. When no slot is free
 * the caller encodes a queued frame itself instead of waiting, so `threads`
 * threads are busy in all. Every frame is drawn from the world in order and
 * encoded alone, so the files are the same bytes for any number of threads.
 *
 * Frames appear without gaps: if frame k cannot be written, frames 0..k-1 are
 * still committed, nothing after k is, and the error names frame k.
 */
#ifndef LOOM_APP_FRAME_WRITER_H
#define LOOM_APP_FRAME_WRITER_H

#include <stdbool.h>
#include <stddef.h>

#include "../render/render.h"
#include "cleanup.h"

typedef struct frame_writer frame_writer;

/* A writer for pictures of width x height using threads threads in all (the
 * caller's included; at least 1; fewer slots when memory would be large).
 * cleanup (may be NULL) gets every temporary file. NULL with a message in
 * err on failure. */
frame_writer *frame_writer_create(int width, int height, int threads, const lr_fonts *fonts,
                                  app_cleanup *cleanup, char *err, size_t err_size);

/* Returns a free slot's renderer to draw the next frame into (encoding a
 * queued frame meanwhile if none is free), or NULL when a frame failed (the
 * message is in err). */
lr_renderer *frame_writer_next(frame_writer *writer, char *err, size_t err_size);

/* Queues the renderer frame_writer_next returned, to be written at path. */
bool frame_writer_submit(frame_writer *writer, const char *path, char *err, size_t err_size);

/* Frames committed (renamed into place) so far: always frames 0..n-1. */
int frame_writer_written(frame_writer *writer);

/* Seconds spent encoding and writing, summed over threads. */
double frame_writer_encode_seconds(frame_writer *writer);

/* Waits for every queued frame. False with the first failure's message in err. */
bool frame_writer_finish(frame_writer *writer, char *err, size_t err_size);

/* Finishes, stops the threads and frees everything. */
void frame_writer_destroy(frame_writer *writer);

#endif
