/*
 * recorder.c - recording the window into a video or PNG files.
 *
 * The output has a fixed rate (the window's --fps), the window does not: a
 * window that draws 25 pictures a second shows each one for 2 or 3 frames
 * of 60 fps, and one that draws faster than the rate has pictures left out.
 * Each picture is held (a copy of its pixels, or its PNG) until the next
 * one comes or the recording stops, and then written for every frame that
 * starts while it was on screen, so frame k shows the picture that was
 * shown at k / fps after V and the video lasts as long as the recording
 * did, to a frame: 4 s of recording at 25 pictures a second used to make 100
 * frames, 1.7 s of video at 60 fps.
 */
#include "recorder.h"
#include "video.h"

#include <SDL.h>
#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

struct app_recorder {
    char base[4096]; /* the scene's path without ".lua" */
    double fps;
    bool active;
    int width, height;
    app_video *video; /* recording through ffmpeg */
    char path[4200];  /* the video, or the PNG folder */
    double start;     /* the recording clock when V was pressed */
    int frames;       /* written */
    int pictures;     /* shown while recording */
    /* The last picture, not written yet: its pixels (video) or its PNG. */
    unsigned char *held;
    size_t held_size, held_capacity;
    bool holding;
};

/* A stall longer than this (a slow reload) gives the frames of this long. */
#define MAX_GAP_SECONDS 5.0

app_recorder *app_recorder_create(const char *scene_path, double fps) {
    app_recorder *recorder = calloc(1, sizeof *recorder);
    if (!recorder)
        return NULL;
    snprintf(recorder->base, sizeof recorder->base, "%s", scene_path);
    size_t length = strlen(recorder->base);
    if (length > 4 && strcmp(recorder->base + length - 4, ".lua") == 0)
        recorder->base[length - 4] = '\0';
    recorder->fps = fps;
    /* A write to an ffmpeg that died must fail, not kill the window. */
    sigset_t pipe_signal;
    sigemptyset(&pipe_signal);
    sigaddset(&pipe_signal, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &pipe_signal, NULL);
    return recorder;
}

bool app_recorder_active(const app_recorder *recorder) {
    return recorder->active;
}

/* Writes the held picture once more: into ffmpeg, or as the next PNG. */
static bool write_held(app_recorder *recorder, char *err, size_t err_size) {
    if (recorder->video) {
        if (!app_video_write(recorder->video, recorder->held, recorder->width * 4, err, err_size))
            return false;
    } else {
        char path[4300];
        snprintf(path, sizeof path, "%s/frame_%05d.png", recorder->path, recorder->frames);
        FILE *file = fopen(path, "wb");
        bool ok =
            file && fwrite(recorder->held, 1, recorder->held_size, file) == recorder->held_size;
        if (file && fclose(file) != 0)
            ok = false;
        if (!ok) {
            snprintf(err, err_size, "cannot write frame_%05d.png: %s", recorder->frames,
                     strerror(errno));
            return false;
        }
    }
    recorder->frames++;
    return true;
}

/* Writes the held picture for every frame that starts before clock (at
 * least once when `last`: the recording ends with it). */
static bool flush(app_recorder *recorder, double clock, bool last, char *err, size_t err_size) {
    if (!recorder->holding)
        return true;
    double due = ceil((clock - recorder->start) * recorder->fps - 1e-6);
    double most = recorder->frames + MAX_GAP_SECONDS * recorder->fps;
    if (due > most) {
        recorder->start += (due - most) / recorder->fps; /* the stall is cut short */
        due = most;
    }
    if (last && due <= recorder->frames)
        due = recorder->frames + 1;
    while (recorder->frames < due)
        if (!write_held(recorder, err, err_size))
            return false;
    return true;
}

/* Keeps the renderer's picture until the next one. */
static bool hold(app_recorder *recorder, lr_renderer *renderer, char *err, size_t err_size) {
    if (!recorder->video) {
        unsigned char *png = NULL;
        size_t size = 0;
        if (!lr_renderer_encode_png(renderer, &png, &size, err, err_size))
            return false;
        free(recorder->held);
        recorder->held = png;
        recorder->held_size = recorder->held_capacity = size;
        recorder->holding = true;
        return true;
    }
    size_t row = (size_t)recorder->width * 4, size = row * (size_t)recorder->height;
    if (recorder->held_capacity < size) {
        unsigned char *grown = realloc(recorder->held, size);
        if (!grown) {
            snprintf(err, err_size, "out of memory");
            return false;
        }
        recorder->held = grown;
        recorder->held_capacity = size;
    }
    const SDL_Surface *picture = lr_renderer_surface(renderer);
    for (int y = 0; y < recorder->height; y++)
        memcpy(recorder->held + (size_t)y * row,
               (const unsigned char *)picture->pixels + (size_t)y * (size_t)picture->pitch, row);
    recorder->held_size = size;
    recorder->holding = true;
    return true;
}

static void stop(app_recorder *recorder, double clock, char *note, size_t note_size) {
    if (!recorder->active)
        return;
    recorder->active = false;
    char err[1024];
    bool flushed = flush(recorder, clock, true, err, sizeof err);
    bool video = recorder->video != NULL;
    recorder->holding = false;
    if (video) {
        char close_err[1024];
        bool ok = app_video_close(recorder->video, flushed && recorder->frames > 0, close_err,
                                  sizeof close_err);
        recorder->video = NULL;
        if (!flushed) {
            snprintf(note, note_size, "recording failed: %s", err);
            return;
        }
        if (!ok) {
            snprintf(note, note_size, "recording failed: %s", close_err);
            return;
        }
    } else if (!flushed) {
        snprintf(note, note_size, "recording failed: %s", err);
        return;
    }
    snprintf(note, note_size, "saved %s%s (%d frames, %.2f s at %g fps, from %d pictures)",
             recorder->path, video ? "" : "/", recorder->frames, recorder->frames / recorder->fps,
             recorder->fps, recorder->pictures);
}

void app_recorder_destroy(app_recorder *recorder) {
    if (!recorder)
        return;
    char note[4400];
    note[0] = '\0';
    stop(recorder, recorder->start + recorder->frames / recorder->fps, note, sizeof note);
    if (note[0])
        fprintf(stderr, "loom: %s\n", note);
    free(recorder->held);
    free(recorder);
}

void app_recorder_toggle(app_recorder *recorder, int width, int height, double clock, char *note,
                         size_t note_size) {
    note[0] = '\0';
    if (recorder->active) {
        stop(recorder, clock, note, note_size);
        return;
    }
    bool ffmpeg = app_video_ffmpeg_found();
    int n = 1;
    for (; n < 1000; n++) {
        snprintf(recorder->path, sizeof recorder->path, ffmpeg ? "%s-rec-%03d.mp4" : "%s-rec-%03d",
                 recorder->base, n);
        if (access(recorder->path, F_OK) != 0)
            break;
    }
    char err[1024];
    recorder->frames = 0;
    recorder->pictures = 0;
    recorder->holding = false;
    recorder->start = clock;
    recorder->width = width;
    recorder->height = height;
    if (ffmpeg) {
        recorder->video =
            app_video_open(recorder->path, width, height, recorder->fps, NULL, err, sizeof err);
        if (!recorder->video) {
            snprintf(note, note_size, "cannot record: %s", err);
            return;
        }
    } else if (mkdir(recorder->path, 0777) != 0) {
        snprintf(note, note_size, "cannot record into %s/: %s", recorder->path, strerror(errno));
        return;
    }
    recorder->active = true;
    snprintf(note, note_size, "recording to %s%s (press V again to stop)", recorder->path,
             ffmpeg ? "" : "/");
}

void app_recorder_frame(app_recorder *recorder, lr_renderer *renderer, double clock, char *note,
                        size_t note_size) {
    note[0] = '\0';
    if (!recorder->active)
        return;
    if (lr_renderer_width(renderer) != recorder->width ||
        lr_renderer_height(renderer) != recorder->height) {
        stop(recorder, clock, note, note_size);
        return;
    }
    char err[1024];
    if (flush(recorder, clock, false, err, sizeof err) &&
        hold(recorder, renderer, err, sizeof err)) {
        recorder->pictures++;
        return;
    }
    stop(recorder, clock, note, note_size);
    snprintf(note, note_size, "recording stopped: %s", err);
}
