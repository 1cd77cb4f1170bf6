/*
 * recorder.c - recording the window into a video or PNG files.
 */
#include "recorder.h"
#include "video.h"

#include <SDL.h>
#include <errno.h>
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
    int frames;
};

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

static void stop(app_recorder *recorder, char *note, size_t note_size) {
    if (!recorder->active)
        return;
    recorder->active = false;
    if (recorder->video) {
        char err[1024];
        bool ok = app_video_close(recorder->video, recorder->frames > 0, err, sizeof err);
        recorder->video = NULL;
        if (!ok)
            snprintf(note, note_size, "recording failed: %s", err);
        else
            snprintf(note, note_size, "saved %s (%d frames)", recorder->path, recorder->frames);
    } else
        snprintf(note, note_size, "saved %s/ (%d frames)", recorder->path, recorder->frames);
}

void app_recorder_destroy(app_recorder *recorder) {
    if (!recorder)
        return;
    char note[256];
    note[0] = '\0';
    stop(recorder, note, sizeof note);
    if (note[0])
        fprintf(stderr, "loom: %s\n", note);
    free(recorder);
}

void app_recorder_toggle(app_recorder *recorder, int width, int height, char *note,
                         size_t note_size) {
    note[0] = '\0';
    if (recorder->active) {
        stop(recorder, note, note_size);
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

void app_recorder_frame(app_recorder *recorder, lr_renderer *renderer, char *note,
                        size_t note_size) {
    note[0] = '\0';
    if (!recorder->active)
        return;
    if (lr_renderer_width(renderer) != recorder->width ||
        lr_renderer_height(renderer) != recorder->height) {
        stop(recorder, note, note_size);
        return;
    }
    char err[1024];
    bool ok;
    if (recorder->video) {
        const SDL_Surface *picture = lr_renderer_surface(renderer);
        ok = app_video_write(recorder->video, picture->pixels, picture->pitch, err, sizeof err);
    } else {
        char path[4300];
        snprintf(path, sizeof path, "%s/frame_%05d.png", recorder->path, recorder->frames);
        ok = lr_renderer_write_png(renderer, path, err, sizeof err);
    }
    if (ok) {
        recorder->frames++;
        return;
    }
    stop(recorder, note, note_size);
    snprintf(note, note_size, "recording stopped: %s", err);
}
