/*
 * recorder.h - the window's recording: every picture the window shows,
 * without its heads-up display, help or sliders, into a video next to the
 * scene (SCENE-rec-001.mp4, through ffmpeg) or, without ffmpeg, a numbered
 * PNG sequence (SCENE-rec-001/frame_00000.png, ...).
 *
 * The video's frame rate is the window's tick rate (--fps), and it plays in
 * the time it was recorded in, whatever the window's own frame rate: each
 * shown picture becomes as many frames as the recording clock passed while
 * it was shown (none when the window draws faster than the rate). The
 * window's clock stands still while the scene is paused, so a pause is left
 * out.
 */
#ifndef LOOM_APP_RECORDER_H
#define LOOM_APP_RECORDER_H

#include <stdbool.h>
#include <stddef.h>

#include "../render/render.h"

typedef struct app_recorder app_recorder;

/* For the scene at scene_path; NULL when out of memory. */
app_recorder *app_recorder_create(const char *scene_path, double fps);
/* Stops a recording under way and frees everything. */
void app_recorder_destroy(app_recorder *recorder);

bool app_recorder_active(const app_recorder *recorder);

/* Starts recording pictures of width x height, or stops, at clock (the
 * window's recording clock, seconds). A sentence for the screen and stderr
 * goes into note ("recording to ...", "saved ..."). */
void app_recorder_toggle(app_recorder *recorder, int width, int height, double clock, char *note,
                         size_t note_size);

/* Adds the renderer's picture when recording, shown at clock (seconds, never
 * decreasing): the last picture is written for the frames until clock, and
 * this one is held until the next. A failure, or a picture of another size
 * (the window was resized), stops the recording with a note; otherwise note
 * is left empty. */
void app_recorder_frame(app_recorder *recorder, lr_renderer *renderer, double clock, char *note,
                        size_t note_size);

#endif
