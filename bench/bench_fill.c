/* bench_fill.c - the rasteriser filling shaded cloths at 1920x1080 on one
 * thread: what the window pays for a picture of the showcase.
 *
 * Runs examples/cloth_hanging.lua (the showcase) and the cloths the window
 * found slowest to draw (collide_tablecloth, collide_cloth_spheres,
 * collide_cloth_pole, cloth_springs_midpoint_rk4: its first world only), or
 * the scenes named on the command line, for STEPS steps (the cloths hanging
 * or draped), composes the picture once with the scene's own
 * camera and theme, then times lr_renderer_draw_list (the display list
 * rasterised: tiles, fill, resolve) on one thread, best of RUNS rounds of
 * FRAMES pictures, in processor time of the drawing thread (steady while
 * the machine is shared) and wall-clock time. It prints a hash of the
 * picture's bytes, so two builds can be checked to draw the same picture.
 * Needs the scene files, so run it from the repository root (make bench). */
#include <SDL.h>
#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../bindings/loom_lua.h"

enum { WIDTH = 1920, HEIGHT = 1080, STEPS = 180, RUNS = 3 };

/* Pictures per round: BENCH_FILL_FRAMES, or 10 (0 measures the rest: with
 * `perf stat -e instructions`, the difference is the drawing's). */
static int frames_per_round(void) {
    const char *text = getenv("BENCH_FILL_FRAMES");
    return text ? atoi(text) : 10;
}

static double clock_s(clockid_t id) {
    struct timespec ts;
    clock_gettime(id, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* FNV-1a over the picture's rows (pitch padding left out). */
static uint64_t picture_hash(lr_renderer *renderer) {
    SDL_Surface *s = lr_renderer_surface(renderer);
    uint64_t hash = 1469598103934665603ull;
    for (int y = 0; y < s->h; y++) {
        const unsigned char *row = (const unsigned char *)s->pixels + (size_t)y * s->pitch;
        for (int x = 0; x < 4 * s->w; x++)
            hash = (hash ^ row[x]) * 1099511628211ull;
    }
    return hash;
}

static int bench(const char *path) {
    lua_State *L = luaL_newstate();
    luaL_openlibs(L);
    luaL_requiref(L, "loom", luaopen_loom, 1);
    lua_pop(L, 1);
    if (luaL_dostring(L, "package.path = 'scripts/?.lua;' .. package.path") != LUA_OK ||
        luaL_dofile(L, path) != LUA_OK) {
        fprintf(stderr, "bench_fill: %s\n", lua_tostring(L, -1));
        return 1;
    }
    lm_world *world = lmlua_toworld(L, 1); /* the first value the scene returns */
    const lr_styles *styles = lmlua_tostyles(L, 1);
    char err[256];
    lr_renderer *renderer = lr_renderer_create(WIDTH, HEIGHT, NULL, err, sizeof err);
    if (!world || !renderer) {
        fprintf(stderr, "bench_fill: no world or no renderer: %s\n", err);
        return 1;
    }
    /* world:step, so that the scene's Lua forces run */
    lua_getfield(L, 1, "step");
    lua_pushvalue(L, 1);
    lua_pushinteger(L, STEPS);
    if (lua_pcall(L, 2, 0, 0) != LUA_OK) {
        fprintf(stderr, "bench_fill: %s\n", lua_tostring(L, -1));
        return 1;
    }
    lr_scene scene = {0};
    scene.world = world;
    scene.styles = styles;
    scene.camera = lr_camera_fit(world, (double)WIDTH / HEIGHT);
    lmlua_apply_camera(L, &scene.camera);
    lmlua_apply_theme(L, &scene.theme);
    lr_renderer_compose(renderer, &scene);
    int frames = frames_per_round();
    double best_cpu = 1e9, best_wall = 1e9;
    for (int run = 0; run < RUNS; run++) {
        double c0 = clock_s(CLOCK_THREAD_CPUTIME_ID), w0 = clock_s(CLOCK_MONOTONIC);
        for (int f = 0; f < frames; f++)
            lr_renderer_draw_list(renderer);
        double cpu = (clock_s(CLOCK_THREAD_CPUTIME_ID) - c0) / (frames > 0 ? frames : 1);
        double wall = (clock_s(CLOCK_MONOTONIC) - w0) / (frames > 0 ? frames : 1);
        best_cpu = cpu < best_cpu ? cpu : best_cpu;
        best_wall = wall < best_wall ? wall : best_wall;
    }
    printf("| %s | %.2f | %.2f | %016llx |\n", path, 1e3 * best_cpu, 1e3 * best_wall,
           (unsigned long long)picture_hash(renderer));
    const char *dump = getenv("BENCH_FILL_PNG");
    if (dump) {
        char out[512];
        snprintf(out, sizeof out, "%s_%zu.png", dump, strlen(path));
        lr_renderer_write_png(renderer, out, err, sizeof err);
    }
    lr_renderer_destroy(renderer);
    lua_close(L);
    return 0;
}

int main(int argc, char **argv) {
    printf("\ndrawing the display list at %dx%d on one thread, after %d steps; best of %d x %d "
           "pictures\n",
           WIDTH, HEIGHT, STEPS, RUNS, frames_per_round());
    printf("| scene | ms per picture (processor) | ms per picture (wall) | picture hash |\n"
           "|---|---:|---:|---|\n");
    if (argc > 1) {
        for (int i = 1; i < argc; i++)
            if (bench(argv[i]))
                return 1;
        return 0;
    }
    return bench("examples/cloth_hanging.lua") || bench("examples/collide_tablecloth.lua") ||
           bench("examples/collide_cloth_spheres.lua") ||
           bench("examples/collide_cloth_pole.lua") ||
           bench("examples/cloth_springs_midpoint_rk4.lua");
}
