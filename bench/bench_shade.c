/* bench_shade.c - drawing a shaded 64 x 64 cloth at 1280x720, and what the
 * antialiasing costs against what it buys.
 *
 * Runs bench/cloth64.lua (a folded 64 x 64 stick cloth on a sphere and a
 * floor) and times lr_renderer_draw per picture, best of RUNS rounds of
 * FRAMES pictures:
 *   diagram  the same world seen straight down -z (links and particles, the
 *            reference, same run);
 *   shaded   in perspective: 7938 lit cells, shadows, shaded sphere.
 * Then antialiasing: the renderer supersamples 2x2. A 4x4 picture is the
 * same scene drawn at twice the size (2x2 inside) and averaged 2x2, an 8x8
 * one at four times the size averaged 4x4, the reference. For 2x2 and 4x4
 * it prints ms per picture and the mean and 99th percentile channel error
 * against 8x8 over the pixels where they differ from it (the edges).
 * Needs the scene file, so run it from the repository root (make bench). */
#include <SDL.h>
#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../bindings/loom_lua.h"

enum { WIDTH = 1280, HEIGHT = 720, FRAMES = 10, RUNS = 3 };

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* Best ms per picture of camera's view at width x height. */
static double time_draw(lr_renderer *renderer, const lm_world *world, const lr_styles *styles,
                        const lr_camera *camera, int frames) {
    lr_scene scene = {0};
    scene.world = world;
    scene.camera = *camera;
    scene.styles = styles;
    scene.theme = lr_theme_preset(LR_THEME_LIGHT);
    double best = 1e9;
    for (int run = 0; run < RUNS; run++) {
        double t0 = now();
        for (int f = 0; f < frames; f++)
            lr_renderer_draw_scene(renderer, &scene);
        double ms = 1e3 * (now() - t0) / frames;
        best = ms < best ? ms : best;
    }
    return best;
}

/* The picture averaged down by factor into out (WIDTH x HEIGHT x 3). */
static void shrink(lr_renderer *renderer, int factor, unsigned char *out) {
    SDL_Surface *s = lr_renderer_surface(renderer);
    for (int y = 0; y < HEIGHT; y++)
        for (int x = 0; x < WIDTH; x++)
            for (int c = 0; c < 3; c++) {
                unsigned sum = 0;
                for (int j = 0; j < factor; j++)
                    for (int i = 0; i < factor; i++)
                        sum += ((unsigned char *)s->pixels)[(size_t)(y * factor + j) * s->pitch +
                                                            4 * (size_t)(x * factor + i) + c];
                out[3 * ((size_t)y * WIDTH + x) + c] =
                    (unsigned char)((sum + factor * factor / 2) / (factor * factor));
            }
}

static int compare_int(const void *a, const void *b) {
    return *(const int *)a - *(const int *)b;
}

/* Mean and 99th percentile channel error of a against reference, over the
 * pixels where they differ. */
static void error_of(const unsigned char *a, const unsigned char *reference, double *mean, int *p99,
                     size_t *count) {
    size_t n = (size_t)WIDTH * HEIGHT * 3, k = 0;
    int *errors = malloc(n * sizeof *errors);
    double sum = 0;
    for (size_t i = 0; i < n && errors; i++) {
        int d = abs((int)a[i] - (int)reference[i]);
        if (d > 0) {
            errors[k++] = d;
            sum += d;
        }
    }
    *count = k;
    *mean = k ? sum / (double)k : 0.0;
    if (errors && k)
        qsort(errors, k, sizeof *errors, compare_int);
    *p99 = errors && k ? errors[(size_t)(0.99 * (double)(k - 1))] : 0;
    free(errors);
}

int main(void) {
    lua_State *L = luaL_newstate();
    luaL_openlibs(L);
    luaL_requiref(L, "loom", luaopen_loom, 1);
    lua_pop(L, 1);
    if (luaL_dostring(L, "package.path = 'scripts/?.lua;' .. package.path") != LUA_OK ||
        luaL_dofile(L, "bench/cloth64.lua") != LUA_OK) {
        fprintf(stderr, "bench_shade: %s\n", lua_tostring(L, -1));
        return 1;
    }
    const lm_world *world = lmlua_toworld(L, -1);
    const lr_styles *styles = lmlua_tostyles(L, -1);
    char err[256];
    lr_renderer *renderer = lr_renderer_create(WIDTH, HEIGHT, NULL, err, sizeof err);
    if (!world || !renderer) {
        fprintf(stderr, "bench_shade: no world or no renderer: %s\n", err);
        return 1;
    }
    lr_camera shaded = lr_camera_fit(world, (double)WIDTH / HEIGHT);
    lr_camera diagram = shaded;
    diagram.projection = LR_PROJECTION_ORTHOGRAPHIC;
    diagram.yaw = diagram.pitch = 0.0;

    double flat_ms = time_draw(renderer, world, styles, &diagram, FRAMES);
    double shaded_ms = time_draw(renderer, world, styles, &shaded, FRAMES);
    printf("bench_shade: 64x64 cloth at %dx%d, ms per picture (best of %d x %d)\n", WIDTH, HEIGHT,
           RUNS, FRAMES);
    printf("  diagram (straight on, reference)  %7.2f ms\n", flat_ms);
    printf("  shaded (perspective)              %7.2f ms  %.2fx\n", shaded_ms, shaded_ms / flat_ms);

    size_t bytes = (size_t)WIDTH * HEIGHT * 3;
    unsigned char *ss2 = malloc(bytes), *ss4 = malloc(bytes), *ss8 = malloc(bytes);
    if (!ss2 || !ss4 || !ss8)
        return 1;
    shrink(renderer, 1, ss2);
    double ms[3] = {shaded_ms, 0, 0};
    unsigned char *out[3] = {ss2, ss4, ss8};
    for (int k = 1; k < 3; k++) {
        int factor = k == 1 ? 2 : 4;
        if (!lr_renderer_resize(renderer, WIDTH * factor, HEIGHT * factor))
            return 1;
        ms[k] = time_draw(renderer, world, styles, &shaded, k == 1 ? FRAMES / 2 : 2);
        shrink(renderer, factor, out[k]);
    }
    printf("  antialiasing (shaded), error against 8x8 over the differing channels:\n");
    for (int k = 0; k < 2; k++) {
        double mean;
        int p99;
        size_t count;
        error_of(out[k], ss8, &mean, &p99, &count);
        printf("    %dx%d  %7.2f ms  %.2fx  mean %.2f  p99 %d  (%zu channels differ)\n", 2 << k,
               2 << k, ms[k], ms[k] / ms[0], mean, p99, count);
    }
    printf("    8x8  %7.2f ms  (reference)\n", ms[2]);
    free(ss2);
    free(ss4);
    free(ss8);
    lr_renderer_destroy(renderer);
    lua_close(L);
    return 0;
}
