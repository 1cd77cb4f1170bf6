/*
 * headless.c - `loom render` and `loom sim`: running a scene without a window.
 *
 * Both advance the scene by exactly 1/fps seconds of simulated time per
 * frame, whatever the wall clock says, so the same script always gives the
 * same frames. Frame 0 is the state the script built, before any step.
 */
#include "app.h"
#include "frame_writer.h"
#include "labels.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

double app_seconds(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec + 1e-9 * (double)now.tv_nsec;
}

/* mkdir -p, then checks the folder can take files. */
static bool make_folder(const char *path, char *err, size_t err_size) {
    size_t length = strlen(path);
    char *partial = malloc(length + 1);
    if (!partial) {
        snprintf(err, err_size, "out of memory");
        return false;
    }
    memcpy(partial, path, length + 1);
    int error = 0;
    for (size_t i = 1; i <= length && !error; i++) {
        if (partial[i] != '/' && partial[i] != '\0')
            continue;
        char kept = partial[i];
        partial[i] = '\0';
        if (mkdir(partial, 0777) != 0 && errno != EEXIST)
            error = errno;
        partial[i] = kept;
    }
    free(partial);
    struct stat info;
    if (!error && stat(path, &info) != 0)
        error = errno;
    if (!error && !S_ISDIR(info.st_mode))
        error = ENOTDIR;
    if (error) {
        snprintf(err, err_size, "cannot create output folder '%s': %s", path, strerror(error));
        return false;
    }
    if (access(path, W_OK | X_OK) != 0) {
        snprintf(err, err_size, "cannot write to output folder '%s': %s", path, strerror(errno));
        return false;
    }
    return true;
}

static app_scene *load(const app_options *options) {
    char *err = malloc(APP_ERROR_SIZE);
    if (!err) {
        fprintf(stderr, "loom: out of memory\n");
        return NULL;
    }
    app_scene *scene = app_scene_load(options->scene, &options->limits, err, APP_ERROR_SIZE);
    if (!scene)
        fprintf(stderr, "%s\n", err);
    free(err);
    return scene;
}

static bool advance(app_scene *scene, double dt) {
    char *err = malloc(APP_ERROR_SIZE);
    if (!err) {
        fprintf(stderr, "loom: out of memory\n");
        return false;
    }
    bool ok = app_scene_advance(scene, dt, err, APP_ERROR_SIZE);
    if (!ok)
        fprintf(stderr, "%s\n", err);
    free(err);
    return ok;
}

/* Threads that write frames: one per processor, up to 8. */
static int writer_threads(void) {
    long processors = sysconf(_SC_NPROCESSORS_ONLN);
    return processors < 1 ? 1 : processors > 8 ? 8 : (int)processors;
}

int app_render(const app_options *options) {
    char err[1024];
    if (!make_folder(options->out, err, sizeof err)) {
        fprintf(stderr, "loom: %s\n", err);
        return APP_EXIT_FAILURE;
    }
    double start = app_seconds();
    app_scene *scene = load(options);
    if (!scene)
        return APP_EXIT_FAILURE;
    app_labels *labels = app_labels_create();
    frame_writer *writer =
        frame_writer_create(options->width, options->height, writer_threads(), err, sizeof err);
    if (!writer) {
        fprintf(stderr, "loom: %s\n", err);
        app_labels_destroy(labels);
        app_scene_destroy(scene);
        return APP_EXIT_FAILURE;
    }

    size_t out_length = strlen(options->out);
    const char *separator = out_length > 0 && options->out[out_length - 1] == '/' ? "" : "/";
    size_t path_size = out_length + 32;
    char *path = malloc(path_size);
    bool progress = isatty(STDERR_FILENO);
    double aspect = (double)options->width / options->height;
    bool ok = path != NULL;
    if (!path)
        snprintf(err, sizeof err, "out of memory");
    for (int frame = 0; ok && frame < options->frames; frame++) {
        if (frame > 0 && !advance(scene, 1.0 / options->fps)) {
            err[0] = '\0'; /* advance printed the script's error */
            ok = false;
            break;
        }
        lm_renderer *renderer = frame_writer_next(writer, err, sizeof err);
        if (!renderer) {
            ok = false;
            break;
        }
        lm_camera camera = app_scene_camera(scene, aspect);
        if (!app_draw_scene(labels, scene, renderer, &camera, err, sizeof err)) {
            fprintf(stderr, "%s\n", err);
            err[0] = '\0'; /* printed: the script's error */
            ok = false;
            break;
        }
        snprintf(path, path_size, "%s%sframe_%05d.png", options->out, separator, frame);
        ok = frame_writer_submit(writer, path, err, sizeof err);
        if (progress)
            fprintf(stderr, "\rloom: frame %d/%d", frame_writer_written(writer), options->frames);
    }
    /* Frames already drawn are written even after a script error. */
    char finish_err[1024];
    if (!frame_writer_finish(writer, finish_err, sizeof finish_err) && ok) {
        memcpy(err, finish_err, sizeof err);
        ok = false;
    }
    int written = frame_writer_written(writer);
    if (progress)
        fprintf(stderr, "\r\033[K");
    if (!ok && err[0])
        fprintf(stderr, "loom: %s\n", err);
    if (ok)
        printf("loom: wrote %d frames (%dx%d) to %s%s in %.1f s\n", written, options->width,
               options->height, options->out, separator, app_seconds() - start);
    free(path);
    frame_writer_destroy(writer);
    app_labels_destroy(labels);
    app_scene_destroy(scene);
    return ok ? APP_EXIT_OK : APP_EXIT_FAILURE;
}

int app_sim(const app_options *options) {
    double start = app_seconds();
    app_scene *scene = load(options);
    if (!scene)
        return APP_EXIT_FAILURE;
    int status = APP_EXIT_OK;
    for (int frame = 1; frame < options->frames; frame++) {
        if (!advance(scene, 1.0 / options->fps)) {
            status = APP_EXIT_FAILURE;
            break;
        }
    }
    if (status == APP_EXIT_OK) {
        const lm_world *world = app_scene_world(scene);
        printf("loom: simulated %d frames: %llu steps, %.3f s of simulated time, in %.2f s\n",
               options->frames, (unsigned long long)lm_world_step_count(world),
               lm_world_time(world), app_seconds() - start);
    }
    app_scene_destroy(scene);
    return status;
}
