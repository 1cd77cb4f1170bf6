/*
 * video.h - frames piped into ffmpeg as raw RGBA, encoded by the file's
 * extension:
 *
 *   .mp4   H.264 (libx264), yuv420p, +faststart: plays in browsers and slides
 *   .webm  VP9 (libvpx-vp9), yuv420p
 *   .gif   a palette made from all the frames (palettegen), then used; above
 *          50 frames per second, 50 of them a second (video.c says why)
 *
 * ffmpeg writes a temporary file next to FILE, renamed into place when it
 * succeeds (and registered with the cleanup, so a signal removes it).
 */
#ifndef LOOM_APP_VIDEO_H
#define LOOM_APP_VIDEO_H

#include <stdbool.h>
#include <stddef.h>

#include "cleanup.h"

typedef struct app_video app_video;

/* True when path ends in an extension loom can encode. */
bool app_video_format_known(const char *path);
/* True when an executable ffmpeg is on the PATH. */
bool app_video_ffmpeg_found(void);

/* Starts ffmpeg for width x height frames at fps. NULL with a message in err. */
app_video *app_video_open(const char *path, int width, int height, double fps, app_cleanup *cleanup,
                          char *err, size_t err_size);
/* A sentence saying how the video differs from the frames given (a GIF
 * above 50 frames per second), or NULL. */
const char *app_video_note(const app_video *video);
/* Sends one picture (RGBA bytes, rows pitch bytes apart). False with a
 * message when ffmpeg stopped taking frames. */
bool app_video_write(app_video *video, const void *pixels, int pitch, char *err, size_t err_size);
/* Closes the pipe, waits for ffmpeg and renames its file into place when
 * keep is true and ffmpeg succeeded; otherwise removes it. False with a
 * message when ffmpeg failed. */
bool app_video_close(app_video *video, bool keep, char *err, size_t err_size);

#endif
