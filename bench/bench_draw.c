/* bench_draw.c - the cost of drawing one picture at 1280x720.
 *
 * Runs bench/draw_plots.lua (a plot-heavy scene: 6 panels of 5 series of
 * 3600 samples, 20 trails and arrows, 290 shapes and 20 texts from
 * loom.draw) in a Lua state and times, per picture, best of RUNS rounds of
 * FRAMES pictures each:
 *   world    lr_renderer_draw: the world alone (the reference, same run);
 *   script   lmlua_draw_frame: trails, arrows, loom.draw;
 *   compose  lr_renderer_compose: the world, the drawing, its text and the
 *            plot panels into the display list;
 *   draw     lr_renderer_draw_list: the list rasterised.
 * Needs the scene file, so run it from the repository root (make bench). */
#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>
#include <stdio.h>
#include <time.h>

#include "../bindings/loom_lua.h"

enum { WIDTH = 1280, HEIGHT = 720, FRAMES = 20, RUNS = 3 };

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static double min2(double a, double b) {
    return a < b ? a : b;
}

int main(void) {
    lua_State *L = luaL_newstate();
    luaL_openlibs(L);
    luaL_requiref(L, "loom", luaopen_loom, 1);
    lua_pop(L, 1);
    if (luaL_dofile(L, "bench/draw_plots.lua") != LUA_OK) {
        fprintf(stderr, "bench_draw: %s\n", lua_tostring(L, -1));
        return 1;
    }
    const lm_world *world = lmlua_toworld(L, -1);
    char err[256];
    lr_fonts *fonts = lr_fonts_load(err, sizeof err);
    lr_renderer *renderer = lr_renderer_create(WIDTH, HEIGHT, fonts, err, sizeof err);
    if (!world || !renderer) {
        fprintf(stderr, "bench_draw: no world or no renderer: %s\n", err);
        return 1;
    }
    double aspect = (double)WIDTH / HEIGHT;
    lr_scene scene = {0};
    scene.world = world;
    scene.theme = lr_theme_preset(LR_THEME_LIGHT);
    scene.camera = lr_camera_fit(world, aspect);

    double best[4] = {1e9, 1e9, 1e9, 1e9};
    size_t shapes = 0, points = 0, texts = 0, items = 0;
    for (int run = 0; run < RUNS; run++) {
        double t0 = now();
        for (int f = 0; f < FRAMES; f++)
            lr_renderer_draw(renderer, world, &scene.camera, &scene.theme);
        double t1 = now();
        for (int f = 0; f < FRAMES; f++) {
            lua_pushcfunction(L, lmlua_draw_frame);
            if (lua_pcall(L, 0, 0, 0) != LUA_OK) {
                fprintf(stderr, "bench_draw: %s\n", lua_tostring(L, -1));
                return 1;
            }
        }
        double t2 = now();
        scene.overlay = lmlua_overlay(L);
        scene.plots = lmlua_plots(L);
        for (int f = 0; f < FRAMES; f++)
            lr_renderer_compose(renderer, &scene);
        double t3 = now();
        for (int f = 0; f < FRAMES; f++)
            lr_renderer_draw_list(renderer);
        double t4 = now();
        best[0] = min2(best[0], (t1 - t0) / FRAMES);
        best[1] = min2(best[1], (t2 - t1) / FRAMES);
        best[2] = min2(best[2], (t3 - t2) / FRAMES);
        best[3] = min2(best[3], (t4 - t3) / FRAMES);
        texts = lr_overlay_text_count(scene.overlay);
        shapes = lr_overlay_item_count(scene.overlay) - texts;
        points = lr_overlay_point_count(scene.overlay);
        items = lr_renderer_list(renderer)->item_count;
    }
    printf("\ndrawing one picture at %dx%d, plot-heavy scene (bench/draw_plots.lua): %zu shapes, "
           "%zu points, %zu texts (%zu display list items with the panels); best of %d x %d "
           "pictures\n",
           WIDTH, HEIGHT, shapes, points, texts, items, RUNS, FRAMES);
    printf("| stage | ms per picture | vs world |\n|---|---:|---:|\n");
    const char *names[4] = {"world alone (lr_renderer_draw)", "script: lmlua_draw_frame",
                            "compose: world, drawing, text, panels (lr_renderer_compose)",
                            "draw the list (lr_renderer_draw_list)"};
    for (int i = 0; i < 4; i++)
        printf("| %s | %.2f | %.2fx |\n", names[i], 1e3 * best[i], best[i] / best[0]);
    double whole = best[1] + best[2] + best[3];
    printf("| the whole picture (script + compose + draw) | %.2f | %.2fx |\n", 1e3 * whole,
           whole / best[0]);
    lr_renderer_destroy(renderer);
    lr_fonts_destroy(fonts);
    lua_close(L);
    return 0;
}
