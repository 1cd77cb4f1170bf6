/*
 * frame_writer.h - drawing frames on one thread, writing PNGs on several.
 *
 * PNG encoding costs several times more than drawing, so `loom render` keeps
 * a few renderers ("slots"): the main thread draws into a free slot and hands
 * it to a pool of threads that write it, then draws the next frame into
 * another slot. Every frame is still drawn from the world in order, so the
 * files are the same bytes as with one thread; only their completion order
 * varies.
 */
#ifndef LOOM_APP_FRAME_WRITER_H
#define LOOM_APP_FRAME_WRITER_H

#include <stdbool.h>
#include <stddef.h>

#include "../render/render.h"

typedef struct frame_writer frame_writer;

/* A writer for pictures of width x height with up to threads threads (at
 * least 1; fewer when memory for the slots would be large). NULL with a
 * message in err on failure. */
frame_writer *frame_writer_create(int width, int height, int threads, char *err, size_t err_size);

/* Waits for a free slot and returns its renderer to draw the next frame
 * into, or NULL when an earlier write failed (the message is in err). */
lm_renderer *frame_writer_next(frame_writer *writer, char *err, size_t err_size);

/* Queues the renderer frame_writer_next returned, to be written at path. */
bool frame_writer_submit(frame_writer *writer, const char *path, char *err, size_t err_size);

/* Frames written so far. */
int frame_writer_written(frame_writer *writer);

/* Waits for every queued frame. False with the first failure's message in err. */
bool frame_writer_finish(frame_writer *writer, char *err, size_t err_size);

/* Finishes, stops the threads and frees everything. */
void frame_writer_destroy(frame_writer *writer);

#endif
