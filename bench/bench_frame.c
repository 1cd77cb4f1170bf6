/* bench_frame.c - what one frame of the window costs at 1920x1080, headless.
 *
 * For each scene given (default: every example in examples/, from the repository
 * root), runs FRAMES frames as the window does, a frame at a time: the
 * simulation advanced by 1/60 s (app_scene_advance: loom.update and the
 * steps), the picture composed (app_picture_compose: loom.draw, the world,
 * labels, plots into the display list) and drawn with its tiles on THREADS
 * threads (lr_renderer_draw_list), the first WARM frames untimed. Prints, per
 * scene, the mean and worst milliseconds of each part and of the whole
 * frame, and the frames per second the mean allows (what a window can show
 * at most, before blitting: at 60 fps a frame has 16.7 ms).
 *
 *   bench_frame [--size WxH] [--threads N] [--frames N] [scene.lua ...]
 */
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../app/app.h"
#include "../app/picture.h"
#include "../app/scene.h"

enum { WARM = 10 };

typedef struct timing {
    double sum, worst;
} timing;

static void add(timing *t, double seconds) {
    t->sum += seconds;
    t->worst = seconds > t->worst ? seconds : t->worst;
}

static int bench(const char *path, int width, int height, int threads, int frames,
                 const lr_fonts *fonts, double *worst_mean) {
    char err[APP_ERROR_SIZE];
    app_scene_setup setup = {
        .path = path,
        .limits = {.memory_bytes = (size_t)APP_DEFAULT_MEMORY_MIB << 20, .time_seconds = 60.0},
        .library = "scripts"}; /* run from the repository root */
    app_scene *scene = app_scene_load_setup(&setup, err, sizeof err);
    if (!scene) {
        fprintf(stderr, "bench_frame: %s\n", err);
        return 1;
    }
    lr_renderer *renderer = lr_renderer_create(width, height, fonts, err, sizeof err);
    app_picture *picture = app_picture_create();
    if (!renderer || !picture) {
        fprintf(stderr, "bench_frame: %s\n", renderer ? "out of memory" : err);
        return 1;
    }
    lr_renderer_set_threads(renderer, threads);
    timing simulate = {0}, compose = {0}, draw = {0}, frame = {0};
    for (int f = 0; f < WARM + frames; f++) {
        double t0 = app_seconds();
        if (f > 0 && !app_scene_advance(scene, 1.0 / 60.0, err, sizeof err)) {
            fprintf(stderr, "bench_frame: %s\n", err);
            return 1;
        }
        double t1 = app_seconds();
        lr_camera camera = app_scene_camera(scene, (double)width / height, 1.0);
        app_picture_compose(picture, scene, renderer, &camera, NULL, err, sizeof err);
        double t2 = app_seconds();
        lr_renderer_draw_list(renderer);
        double t3 = app_seconds();
        if (f < WARM)
            continue;
        add(&simulate, t1 - t0);
        add(&compose, t2 - t1);
        add(&draw, t3 - t2);
        add(&frame, t3 - t0);
    }
    const char *name = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
    double mean = frame.sum / frames;
    printf("| %s | %.2f / %.2f | %.2f / %.2f | %.2f / %.2f | %.2f / %.2f | %.0f |\n", name,
           1e3 * simulate.sum / frames, 1e3 * simulate.worst, 1e3 * compose.sum / frames,
           1e3 * compose.worst, 1e3 * draw.sum / frames, 1e3 * draw.worst, 1e3 * mean,
           1e3 * frame.worst, 1.0 / mean);
    fflush(stdout);
    *worst_mean = mean > *worst_mean ? mean : *worst_mean;
    app_picture_destroy(picture);
    lr_renderer_destroy(renderer);
    app_scene_destroy(scene);
    return 0;
}

int main(int argc, char **argv) {
    int width = 1920, height = 1080, threads = app_default_threads(), frames = 60;
    int first = 1;
    for (; first + 1 < argc && argv[first][0] == '-'; first += 2) {
        if (strcmp(argv[first], "--size") == 0)
            sscanf(argv[first + 1], "%dx%d", &width, &height);
        else if (strcmp(argv[first], "--threads") == 0)
            threads = atoi(argv[first + 1]);
        else if (strcmp(argv[first], "--frames") == 0)
            frames = atoi(argv[first + 1]);
    }
    /* Scenes are the arguments ending in .lua (make bench passes the loom
     * executable to every bench; it is not one). */
    const char **scenes = calloc((size_t)argc + 1, sizeof *scenes);
    int count = 0;
    for (int i = first; i < argc; i++) {
        size_t length = strlen(argv[i]);
        if (length > 4 && strcmp(argv[i] + length - 4, ".lua") == 0)
            scenes[count++] = argv[i];
    }
    glob_t found = {0};
    if (count == 0 && glob("examples/*.lua", 0, NULL, &found) != 0) {
        fprintf(stderr, "bench_frame: run it from the repository root (no examples/*.lua)\n");
        return 1;
    }
    char err[256];
    lr_fonts *fonts = lr_fonts_load(err, sizeof err);
    printf("\none window frame at %dx%d, tiles on %d thread%s, mean / worst ms of %d frames "
           "after %d:\n",
           width, height, threads, threads == 1 ? "" : "s", frames, WARM);
    printf("| scene | simulate | compose | draw | frame | fps |\n|---|---:|---:|---:|---:|---:|\n");
    double worst_mean = 0.0;
    int status = 0;
    int total = count ? count : (int)found.gl_pathc;
    for (int i = 0; i < total && status == 0; i++)
        status = bench(count ? scenes[i] : found.gl_pathv[i], width, height, threads, frames, fonts,
                       &worst_mean);
    if (status == 0 && total > 1)
        printf("slowest scene: %.2f ms a frame, %.0f fps\n", 1e3 * worst_mean, 1.0 / worst_mean);
    globfree(&found);
    free(scenes);
    lr_fonts_destroy(fonts);
    return status;
}
