/*
 * frame_writer.h - frames composed on one thread, drawn and encoded on
 * several at once, written in order.
 *
 * The scene can only be simulated, and its picture composed (the script's
 * drawing, the display list: render/compose.h), on the thread that runs its
 * Lua state, one frame after another. Everything after that needs nothing
 * but the frame's renderer: rasterising its display list, encoding the PNG.
 * So `loom render` keeps a few renderers ("slots"): the caller composes the
 * next frame into a free slot and queues it; threads draw and encode queued
 * slots, several frames at once; finished frames are then committed
 * strictly in order (the PNG renamed from its temporary file into place,
 * the picture fed to the video). When no slot is free the caller draws and
 * encodes a queued frame itself instead of waiting, so `threads` threads are
 * busy in all. Every frame is composed from the world in order and drawn
 * alone, so the files are the same bytes for any number of threads.
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
#include "video.h"

typedef struct frame_writer frame_writer;

/* A writer for pictures of width x height using threads threads in all (the
 * caller's included; at least 1; fewer slots when memory would be large),
 * text set in fonts (may be NULL), frames fed in order to video (may be
 * NULL). cleanup (may be NULL) gets every temporary file. NULL with a
 * message in err on failure. */
frame_writer *frame_writer_create(int width, int height, int threads, const lr_fonts *fonts,
                                  app_video *video, app_cleanup *cleanup, char *err,
                                  size_t err_size);

/* Returns a free slot's renderer to compose the next frame into (drawing a
 * queued frame meanwhile if none is free), or NULL when a frame failed (the
 * message is in err). */
lr_renderer *frame_writer_next(frame_writer *writer, char *err, size_t err_size);

/* Queues the renderer frame_writer_next returned, its display list composed:
 * drawn, then written at path (NULL: no PNG) and fed to the video. */
bool frame_writer_submit(frame_writer *writer, const char *path, char *err, size_t err_size);

/* A time limit on each frame's picture (the script's: the picture is part of
 * the frame's work, docs/untrusted.md), from when frame_writer_next handed
 * out its renderer: past it the drawing stops and the frame fails with
 * message. 0: none. */
void frame_writer_set_limit(frame_writer *writer, double seconds, const char *message);

/* Frames committed (written into place, fed to the video) so far: always
 * frames 0..n-1. */
int frame_writer_written(frame_writer *writer);
/* Of those, the frames written as PNG files. */
int frame_writer_pictures(frame_writer *writer);

/* Seconds spent drawing, encoding and writing, and feeding the video,
 * each summed over threads. */
void frame_writer_seconds(frame_writer *writer, double *draw, double *encode, double *feed);

/* Waits for every queued frame. False with the first failure's message in err. */
bool frame_writer_finish(frame_writer *writer, char *err, size_t err_size);

/* Finishes, stops the threads and frees everything. */
void frame_writer_destroy(frame_writer *writer);

#endif
