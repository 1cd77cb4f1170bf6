/*
 * bench_timeline.c - what the window's timeline (app/timeline.h) costs: the
 * bytes a second of timeline takes and the time to bring a past picture back,
 * on the frames `loom render` wrote for a scene (the window keeps the same
 * pictures).
 *
 *   loom render examples/cloth_hanging.lua --frames 300 --out /tmp/f
 *   build/bench/bench_timeline /tmp/f 300 60
 *
 * or, as `make bench` runs it, `bench_timeline LOOM`: renders 300 frames of
 * two examples at 1280x720 into a temporary folder and measures those.
 *
 * Prints MiB per second of timeline (at FPS frames a second), the raw
 * pictures' MiB per second for comparison, and the restore time (mean and
 * worst over every frame), and checks every frame comes back byte for byte.
 * Twice: keeping on the caller's thread (a push encodes), then in the
 * background (a push copies; the keeper encodes while the next picture is
 * read), where "push" is what the caller waits for.
 */
#define STB_IMAGE_IMPLEMENTATION
#define STBI_ONLY_PNG
#include <stb/stb_image.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../app/timeline.h"

static double clock_seconds(clockid_t clock) {
    struct timespec t;
    clock_gettime(clock, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static double now(void) {
    return clock_seconds(CLOCK_MONOTONIC);
}

static uint32_t *load(const char *folder, int frame, int *width, int *height) {
    char path[4200];
    snprintf(path, sizeof path, "%s/frame_%05d.png", folder, frame);
    int channels;
    unsigned char *rgb = stbi_load(path, width, height, &channels, 4);
    if (!rgb)
        fprintf(stderr, "bench_timeline: cannot read %s\n", path);
    return (uint32_t *)rgb;
}

static int measure(const char *folder, const char *name, int frames, double fps, bool background) {
    app_timeline *timeline = app_timeline_create((size_t)1 << 40, background);
    double push = 0.0, push_cpu = 0.0; /* wall clock; the caller's processor time */
    int width = 0, height = 0;
    for (int k = 0; k < frames; k++) {
        /* Each picture read just before its push, as the window pushes
         * the one just drawn: the keeper meanwhile keeps the one before. */
        uint32_t *pixels = load(folder, k, &width, &height);
        if (!pixels)
            return 1;
        double start = now(), start_cpu = clock_seconds(CLOCK_THREAD_CPUTIME_ID);
        app_timeline_push(timeline, k, pixels, width, height, width * 4, NULL, 0);
        push += now() - start;
        push_cpu += clock_seconds(CLOCK_THREAD_CPUTIME_ID) - start_cpu;
        stbi_image_free(pixels);
    }
    double start = now();
    app_timeline_last(timeline); /* waits for the last picture to be kept */
    double last = now() - start;
    uint32_t *out = malloc((size_t)width * height * 4);
    double sum = 0.0, worst = 0.0;
    int wrong = 0;
    for (int k = 0; k < frames; k++) {
        double start = now();
        bool ok = app_timeline_restore(timeline, k, out, width, height, width * 4, NULL, NULL);
        double took = now() - start;
        sum += took;
        worst = took > worst ? took : worst;
        uint32_t *pixels = load(folder, k, &width, &height);
        if (!ok || !pixels || memcmp(out, pixels, (size_t)width * height * 4) != 0)
            wrong++;
        stbi_image_free(pixels);
    }
    double seconds = frames / fps, mib = 1024.0 * 1024.0;
    printf("%s, %s: %d frames of %dx%d (%.1f s at %g fps): %.2f MiB a second of timeline "
           "(raw pictures: %.1f MiB a second); push %.2f ms a frame (the caller's processor "
           "time %.2f ms; then %.2f ms until the last was kept); restore %.2f ms mean, %.2f ms "
           "worst; %d wrong\n",
           name, background ? "background" : "caller's thread", frames, width, height, seconds, fps,
           (double)app_timeline_bytes(timeline) / mib / seconds,
           (double)width * height * 4 * frames / mib / seconds, 1000.0 * push / frames,
           1000.0 * push_cpu / frames, 1000.0 * last, 1000.0 * sum / frames, 1000.0 * worst, wrong);
    app_timeline_destroy(timeline);
    free(out);
    return wrong ? 1 : 0;
}

int main(int argc, char **argv) {
    if (argc == 4)
        return measure(argv[1], argv[1], atoi(argv[2]), atof(argv[3]), false) |
               measure(argv[1], argv[1], atoi(argv[2]), atof(argv[3]), true);
    if (argc != 2) {
        fprintf(stderr, "usage: bench_timeline FOLDER FRAMES FPS | bench_timeline LOOM\n");
        return 2;
    }
    static const char *const scenes[] = {"examples/draw_projectile_energy.lua",
                                         "examples/cloth_hanging.lua"};
    int status = 0;
    for (size_t i = 0; i < sizeof scenes / sizeof scenes[0] && status == 0; i++) {
        char folder[] = "/tmp/bench_timeline.XXXXXX", command[8192];
        if (!mkdtemp(folder))
            return 1;
        snprintf(command, sizeof command,
                 "'%s' render %s --frames 300 --size 1280x720 --quiet --out %s", argv[1], scenes[i],
                 folder);
        status = system(command) == 0 ? measure(folder, scenes[i], 300, 60.0, false) |
                                            measure(folder, scenes[i], 300, 60.0, true)
                                      : 1;
        snprintf(command, sizeof command, "rm -rf %s", folder);
        if (system(command) != 0)
            status = 1;
    }
    return status;
}
