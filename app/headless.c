/*
 * headless.c - `loom render` and `loom sim`: running a scene without a window.
 *
 * Both advance the scene by exactly 1/fps seconds of simulated time per
 * frame, whatever the wall clock says, so the same script always gives the
 * same frames. Frame 0 is the state the script built, before any step.
 *
 * `loom render` simulates the scene and composes each picture (the script's
 * drawing, the display list) on the calling thread; the frame writer's
 * threads draw the pictures and encode the PNGs, several frames at once,
 * and commit them in order, feeding a video too (frame_writer.h).
 */
#include "app.h"
#include "cleanup.h"
#include "guard.h"
#include "watchdog.h"
#include "csv.h"
#include "frame_writer.h"
#include "picture.h"
#include "params.h"
#include "progress.h"
#include "video.h"
#include "../render/vector.h"

#include <SDL.h>
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

bool app_make_folder(const char *path, char *err, size_t err_size) {
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

/* Loads the scene with the --set values, then checks them: *status is
 * APP_EXIT_USAGE for a value the scene has no parameter for or that does not
 * fit, APP_EXIT_FAILURE for a script error. */
static app_scene *load(const app_options *options, app_watchdog *watchdog, int *status) {
    char *err = malloc(APP_ERROR_SIZE);
    if (!err) {
        fprintf(stderr, "loom: out of memory\n");
        *status = APP_EXIT_FAILURE;
        return NULL;
    }
    app_scene_setup setup = {.path = options->scene,
                             .limits = options->limits,
                             .params = options->params,
                             .watchdog = watchdog,
                             .force_theme = options->theme >= 0,
                             .theme = options->theme >= 0 ? (lr_theme_name)options->theme : 0};
    app_scene *scene = app_scene_load_setup(&setup, err, APP_ERROR_SIZE);
    *status = APP_EXIT_FAILURE;
    if (!scene)
        fprintf(stderr, "%s\n", err);
    else if (!app_params_check(options->params, scene, err, APP_ERROR_SIZE)) {
        fprintf(stderr, "loom: %s\n", err);
        app_scene_destroy(scene);
        scene = NULL;
        *status = APP_EXIT_USAGE;
    }
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

static bool finish(app_scene *scene) {
    char *err = malloc(APP_ERROR_SIZE);
    if (!err) {
        fprintf(stderr, "loom: out of memory\n");
        return false;
    }
    bool ok = app_scene_finish(scene, err, APP_ERROR_SIZE);
    if (!ok)
        fprintf(stderr, "%s\n", err);
    free(err);
    return ok;
}

int app_default_threads(void) {
    long processors = sysconf(_SC_NPROCESSORS_ONLN);
    return processors < 1 ? 1 : processors > 8 ? 8 : (int)processors;
}

/* Whether an output file may be written: absent or a regular file (a
 * device, a FIFO, a link or a folder is never replaced: as root, `--csv
 * /dev/null` would otherwise replace the device by a file). */
static bool replaceable(const char *option, const char *path) {
    if (app_cleanup_replaceable(path))
        return true;
    fprintf(stderr, "loom: %s: '%s' is not a regular file: loom replaces only regular files\n",
            option, path);
    return false;
}

/* Checks what can be checked before the scene runs: the folder, the files
 * it will write, the video. */
static bool check_outputs(const app_options *options) {
    char err[1024];
    if (options->csv && !replaceable("--csv", options->csv))
        return false;
    if (options->video && !replaceable("--video", options->video))
        return false;
    if (options->out && !app_make_folder(options->out, err, sizeof err)) {
        fprintf(stderr, "loom: %s\n", err);
        return false;
    }
    if (options->out) {
        size_t length = strlen(options->out);
        const char *separator = length > 0 && options->out[length - 1] == '/' ? "" : "/";
        for (int frame = 0; frame < options->frames; frame++) {
            char path[4096 + 32];
            snprintf(path, sizeof path, "%s%sframe_%05d.png", options->out, separator, frame);
            if (!replaceable("--out", path))
                return false;
        }
    }
    if (options->video && !app_video_format_known(options->video)) {
        fprintf(stderr, "loom: --video needs a file ending in .mp4, .webm or .gif, not '%s'\n",
                options->video);
        return false;
    }
    if (options->video && !app_video_ffmpeg_found()) {
        fprintf(stderr, "loom: --video needs ffmpeg, which is not on the PATH (Debian: "
                        "apt-get install ffmpeg); PNG frames need only --out\n");
        return false;
    }
    return true;
}

static app_csv_columns csv_columns(app_scene *scene) {
    return (app_csv_columns){app_scene_plots(scene), app_scene_records(scene)};
}

/* A frame of `loom sim`: loom.record's functions, and with --csv the
 * script's drawing (loom.draw may plot) without a picture, so that the
 * table has the columns `loom render` gives. */
static bool sim_frame(app_scene *scene, const app_options *options) {
    char *err = malloc(APP_ERROR_SIZE);
    if (!err) {
        fprintf(stderr, "loom: out of memory\n");
        return false;
    }
    bool ok = app_scene_record(scene, err, APP_ERROR_SIZE) &&
              (!options->csv || app_scene_draw(scene, err, APP_ERROR_SIZE));
    if (!ok)
        fprintf(stderr, "%s\n", err);
    free(err);
    return ok;
}

/* A frame --at does not picture: what drawing it would change in the
 * scene's state happens all the same (the camera is fitted on the first
 * frame, loom.draw runs, attachments of removed particles are dropped), so
 * the frames it pictures are byte for byte those of a full render; only the
 * rasterising and encoding are left out. */
static bool prepare_frame(app_scene *scene, double aspect, double scale, char *err,
                          size_t err_size) {
    app_scene_camera(scene, aspect, scale);
    return app_scene_draw(scene, err, err_size);
}

typedef struct render_run {
    const app_options *options;
    app_cleanup *cleanup;
    app_watchdog *watchdog; /* ends the run if a script call overruns (app/watchdog.h) */
    app_scene *scene;
    lr_fonts *fonts; /* NULL without fonts-dejavu-core: no text */
    app_picture *picture;
    frame_writer *writer;
    app_video *video;         /* with --video */
    double *times;            /* with --csv: the simulated time of each frame */
    double simulate, compose; /* seconds spent on the calling thread */
    int frames_done;          /* frames simulated, recorded and composed or prepared */
    char err[1024];
} render_run;

/* Simulates, draws and hands out the frames; false with a message in
 * run->err (empty when the script's error was printed already). */
static bool render_frames(render_run *run, app_progress *progress) {
    const app_options *options = run->options;
    size_t out_length = options->out ? strlen(options->out) : 0;
    const char *separator = out_length > 0 && options->out[out_length - 1] == '/' ? "" : "/";
    size_t path_size = out_length + 32;
    char path[4096 + 32];
    if (path_size > sizeof path) {
        snprintf(run->err, sizeof run->err, "the --out path is too long");
        return false;
    }
    double aspect = (double)options->width / options->height;
    int next_moment = 0; /* with --at: the next of options->at to picture */
    for (int frame = 0; frame < options->frames; frame++) {
        double start = app_seconds();
        if (frame > 0 && !advance(run->scene, 1.0 / options->fps)) {
            run->err[0] = '\0'; /* advance printed the script's error */
            return false;
        }
        if (!app_scene_record(run->scene, run->err, sizeof run->err)) {
            fprintf(stderr, "%s\n", run->err);
            run->err[0] = '\0'; /* printed: the script's error */
            return false;
        }
        if (run->times)
            run->times[frame] = lm_world_time(app_scene_world(run->scene));
        double simulated = app_seconds();
        run->simulate += simulated - start;
        /* A picture is written for every frame, or with --at for its
         * moments; a video takes every frame all the same. */
        bool pictured =
            !options->at || (next_moment < options->at_count && options->at[next_moment] == frame);
        if (!pictured && !run->video) {
            if (!prepare_frame(run->scene, aspect, options->scale, run->err, sizeof run->err)) {
                fprintf(stderr, "%s\n", run->err);
                run->err[0] = '\0'; /* printed: the script's error */
                return false;
            }
            run->compose += app_seconds() - simulated;
            run->frames_done = frame + 1;
            app_progress_update(progress, frame + 1, app_seconds());
            continue;
        }
        next_moment += pictured;
        /* With --svg or --pdf the pictures are vector files instead of PNGs. */
        bool vector = options->svg || options->pdf;
        bool png = pictured && options->out && !vector;
        lr_renderer *renderer = frame_writer_next(run->writer, run->err, sizeof run->err);
        if (!renderer)
            return false;
        double composing = app_seconds();
        lr_camera camera = app_scene_camera(run->scene, aspect, options->scale);
        app_picture_options look = {0, options->scale};
        if (!app_picture_compose(run->picture, run->scene, renderer, &camera, &look, run->err,
                                 sizeof run->err)) {
            fprintf(stderr, "%s\n", run->err);
            run->err[0] = '\0'; /* printed: the script's error */
            return false;
        }
        run->compose += app_seconds() - composing;
        /* Vector pictures are written here, in order, from the display list
         * just composed (render/vector.h); alone, without a video, they need
         * no pixels and the frame is not handed to the writer. */
        double vector_start = app_seconds();
        for (int format = 0; pictured && format < 2; format++) {
            if (!(format ? options->pdf : options->svg))
                continue;
            snprintf(path, sizeof path, "%s%sframe_%05d.%s", options->out, separator, frame,
                     format ? "pdf" : "svg");
            const lr_list *list = lr_renderer_list(renderer);
            if (!(format ? lr_pdf_write : lr_svg_write)(list, run->fonts, path, run->err,
                                                        sizeof run->err))
                return false;
        }
        run->compose += app_seconds() - vector_start;
        if (png)
            snprintf(path, sizeof path, "%s%sframe_%05d.png", options->out, separator, frame);
        if ((png || run->video) &&
            !frame_writer_submit(run->writer, png ? path : NULL, run->err, sizeof run->err))
            return false;
        run->frames_done = frame + 1;
        app_progress_update(progress, frame + 1, app_seconds());
    }
    return true;
}

static int render(render_run *run) {
    const app_options *options = run->options;
    double start = app_seconds();
    int status;
    run->scene = load(options, run->watchdog, &status);
    if (!run->scene)
        return status;
    run->picture = app_picture_create();
    char font_err[256];
    run->fonts = lr_fonts_load(font_err, sizeof font_err);
    if (!run->fonts)
        fprintf(stderr, "loom: warning: %s; the pictures are drawn without text\n", font_err);
    if (!run->picture) {
        fprintf(stderr, "loom: out of memory\n");
        return APP_EXIT_FAILURE;
    }
    if (options->csv && !(run->times = calloc((size_t)options->frames, sizeof *run->times))) {
        fprintf(stderr, "loom: out of memory\n");
        return APP_EXIT_FAILURE;
    }
    /* ffmpeg is started before the writer's threads: fork copies only the
     * calling thread. */
    if (options->video &&
        !(run->video = app_video_open(options->video, options->width, options->height, options->fps,
                                      run->cleanup, run->err, sizeof run->err))) {
        fprintf(stderr, "loom: %s\n", run->err);
        return APP_EXIT_FAILURE;
    }
    if (run->video && app_video_note(run->video) && !options->quiet)
        fprintf(stderr, "loom: %s\n", app_video_note(run->video));
    run->writer = frame_writer_create(options->width, options->height, options->threads, run->fonts,
                                      run->video, run->cleanup, run->err, sizeof run->err);
    if (!run->writer) {
        fprintf(stderr, "loom: %s\n", run->err);
        return APP_EXIT_FAILURE;
    }
    /* A frame's drawing, on the writer's threads, has the script's time
     * limit: it is part of the picture the script asked for. */
    const app_guard *guard = app_scene_guard(run->scene);
    char limit_message[1024];
    snprintf(limit_message, sizeof limit_message, "%s: %s", app_scene_path(run->scene),
             app_guard_message(guard));
    frame_writer_set_limit(run->writer, guard->seconds, limit_message);

    app_progress progress = app_progress_start(stderr, options->frames, options->quiet, start);
    bool ok = render_frames(run, &progress);
    app_progress_end(&progress);
    /* Frames drawn before a failure are still written, in order. */
    char finish_err[1024];
    /* The writer's message names the earliest frame that failed, which may
     * be earlier than the one the loop stopped at (frames are encoded in
     * parallel); a script's error was printed already and stays the cause. */
    if (!frame_writer_finish(run->writer, finish_err, sizeof finish_err) && (ok || run->err[0])) {
        memcpy(run->err, finish_err, sizeof run->err);
        ok = false;
    }
    if (ok && !finish(run->scene)) {
        run->err[0] = '\0';
        ok = false;
    }
    if (!ok && run->err[0])
        fprintf(stderr, "loom: %s\n", run->err);
    if (run->video) {
        char video_err[1024];
        bool video_ok = app_video_close(run->video, ok, video_err, sizeof video_err);
        run->video = NULL;
        if (ok && !video_ok) {
            fprintf(stderr, "loom: %s\n", video_err);
            ok = false;
        }
    }
    int pictures = frame_writer_pictures(run->writer);
    /* After a failure the table stops where the frames do. */
    int rows = ok ? options->frames : run->frames_done;
    int written = frame_writer_written(run->writer);
    if (!ok && !options->at && written < rows)
        rows = written;
    if (options->csv && rows > 0 &&
        !app_csv_write(options->csv, csv_columns(run->scene), run->times, rows, options->fps,
                       run->cleanup, run->err, sizeof run->err)) {
        fprintf(stderr, "loom: %s\n", run->err);
        ok = false;
    }
    if (!ok) {
        if (options->out && options->at)
            fprintf(stderr, "loom: %d of the %d pictures are complete in %s\n", pictures,
                    options->at_count, options->out);
        else if (options->out && pictures > 0)
            fprintf(stderr, "loom: frames 0 to %d are complete in %s\n", pictures - 1,
                    options->out);
        else if (options->out)
            fprintf(stderr, "loom: no frame was written to %s\n", options->out);
        return APP_EXIT_FAILURE;
    }
    double seconds = app_seconds() - start;
    if (!options->quiet) {
        if (options->at)
            fprintf(stderr, "loom: wrote %d picture%s of %d frames (%dx%d)", options->at_count,
                    options->at_count == 1 ? "" : "s", options->frames, options->width,
                    options->height);
        else
            fprintf(stderr, "loom: wrote %d frames (%dx%d)", options->frames, options->width,
                    options->height);
        if (options->out)
            fprintf(stderr, " to %s%s", options->out,
                    options->out[strlen(options->out) - 1] == '/' ? "" : "/");
        if (options->video)
            fprintf(stderr, "%s%s", options->out ? " and " : " to ", options->video);
        fprintf(stderr, " in %.1f s (%.1f fps)\n", seconds, options->frames / seconds);
        double draw, encode, feed;
        frame_writer_seconds(run->writer, &draw, &encode, &feed);
        double n = options->frames;
        fprintf(stderr,
                "loom: per frame: simulate %.2f ms, compose %.2f ms, draw %.2f ms, encode %.2f ms, "
                "video %.2f ms (%d thread%s)\n",
                1e3 * run->simulate / n, 1e3 * run->compose / n, 1e3 * draw / n, 1e3 * encode / n,
                1e3 * feed / n, options->threads, options->threads == 1 ? "" : "s");
    }
    return APP_EXIT_OK;
}

int app_render(const app_options *options) {
    return app_render_then(options, NULL, NULL);
}

int app_render_then(const app_options *options, app_render_after after, void *context) {
    if (!check_outputs(options))
        return APP_EXIT_FAILURE;
    render_run run = {.options = options};
    run.cleanup = app_cleanup_create();
    if (!run.cleanup) {
        fprintf(stderr, "loom: cannot start: %s\n", strerror(errno));
        return APP_EXIT_FAILURE;
    }
    run.watchdog = app_watchdog_start(options->scene, options->limits.time_seconds, run.cleanup);
    int status = render(&run);
    frame_writer_destroy(run.writer); /* may still feed the video */
    run.writer = NULL;
    if (status == APP_EXIT_OK && after && !after(run.scene, context))
        status = APP_EXIT_FAILURE;
    if (run.video) {
        char err[1024];
        app_video_close(run.video, false, err, sizeof err);
    }
    free(run.times);
    app_picture_destroy(run.picture);
    lr_fonts_destroy(run.fonts);
    char err[512];
    /* Finalizers run: still watched. */
    if (!app_scene_close(run.scene, err, sizeof err) && status == APP_EXIT_OK) {
        fprintf(stderr, "%s\n", err);
        status = APP_EXIT_FAILURE;
    }
    app_watchdog_stop(run.watchdog);
    app_cleanup_destroy(run.cleanup);
    return status;
}

int app_sim(const app_options *options) {
    double start = app_seconds();
    int status;
    if (options->csv && !replaceable("--csv", options->csv))
        return APP_EXIT_FAILURE;
    /* The CSV's temporary file goes on a signal, as a render's files do. */
    app_cleanup *cleanup = options->csv ? app_cleanup_create() : NULL;
    if (options->csv && !cleanup) {
        fprintf(stderr, "loom: cannot start: %s\n", strerror(errno));
        return APP_EXIT_FAILURE;
    }
    app_watchdog *watchdog =
        app_watchdog_start(options->scene, options->limits.time_seconds, cleanup);
    app_scene *scene = load(options, watchdog, &status);
    if (!scene) {
        app_watchdog_stop(watchdog);
        app_cleanup_destroy(cleanup);
        return status;
    }
    double *times = options->csv ? calloc((size_t)options->frames, sizeof *times) : NULL;
    if (options->csv && !times) {
        fprintf(stderr, "loom: out of memory\n");
        app_scene_destroy(scene);
        app_watchdog_stop(watchdog);
        app_cleanup_destroy(cleanup);
        return APP_EXIT_FAILURE;
    }
    status = APP_EXIT_OK;
    app_progress progress = app_progress_start(stderr, options->frames, options->quiet, start);
    int frames = 0;
    for (int frame = 0; frame < options->frames; frame++) {
        if ((frame > 0 && !advance(scene, 1.0 / options->fps)) || !sim_frame(scene, options)) {
            status = APP_EXIT_FAILURE;
            break;
        }
        if (times)
            times[frame] = lm_world_time(app_scene_world(scene));
        frames = frame + 1;
        app_progress_update(&progress, frames, app_seconds());
    }
    app_progress_end(&progress);
    if (status == APP_EXIT_OK && !finish(scene))
        status = APP_EXIT_FAILURE;
    char err[1024];
    if (options->csv && frames > 0 &&
        !app_csv_write(options->csv, csv_columns(scene), times, frames, options->fps, cleanup, err,
                       sizeof err)) {
        fprintf(stderr, "loom: %s\n", err);
        status = APP_EXIT_FAILURE;
    }
    if (status == APP_EXIT_OK && !options->quiet) {
        const lm_world *world = app_scene_world(scene);
        fprintf(stderr,
                "loom: simulated %d frames: %llu steps, %.3f s of simulated time, in %.2f s\n",
                options->frames, (unsigned long long)lm_world_step_count(world),
                lm_world_time(world), app_seconds() - start);
    }
    free(times);
    /* Finalizers run: still watched. */
    if (!app_scene_close(scene, err, sizeof err) && status == APP_EXIT_OK) {
        fprintf(stderr, "%s\n", err);
        status = APP_EXIT_FAILURE;
    }
    app_watchdog_stop(watchdog);
    app_cleanup_destroy(cleanup);
    return status;
}
