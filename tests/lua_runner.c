/*
 * lua_runner.c - runs one Lua test file against the loom module.
 *
 *   build/tests/lua_runner tests/lua/test_api.lua
 *
 * Run from the repository root. The file runs in the host the loom commands
 * use (app/host.c): require finds the test's folder (tests/lua/harness.lua)
 * and loom's library in scripts/. The file uses tests/lua/harness.lua,
 * which prints "ok - name" / "not ok - name (details)"; this runner then prints
 * the "N passed, N failed" line, counting an error that escapes the file as
 * one more failure, and exits 1 if anything failed. A file runs in the
 * sandbox unless it says "-- lua_runner: --trust" near its top.
 */
#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "../app/host.h"
#include "../bindings/loom_lua.h"

enum { ERROR_SIZE = 8192 };

/* Reads one count from package.loaded.harness, 0 if absent. */
static lua_Integer harness_count(lua_State *L, const char *field) {
    lua_getfield(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE);
    lua_Integer count = 0;
    if (lua_getfield(L, -1, "harness") == LUA_TTABLE) {
        lua_getfield(L, -1, field);
        count = lua_tointeger(L, -1);
        lua_pop(L, 1);
    }
    lua_pop(L, 2);
    return count;
}

/* test_draw_frame(): one picture's script drawing, as the app runs it
 * (lmlua_draw_frame); returns the overlay's shapes, points and texts. */
static int test_draw_frame(lua_State *L) {
    lua_pushcfunction(L, lmlua_draw_frame);
    lua_call(L, 0, 0);
    const lr_overlay *overlay = lmlua_overlay(L);
    size_t texts = lr_overlay_text_count(overlay);
    lua_pushinteger(L, (lua_Integer)(lr_overlay_item_count(overlay) - texts));
    lua_pushinteger(L, (lua_Integer)lr_overlay_point_count(overlay));
    lua_pushinteger(L, (lua_Integer)texts);
    return 3;
}

/* test_plot_panels(): the plot panels of a 1280x720 picture in the light
 * theme, as display list items: returns how many shapes (paths, fills,
 * circles, markers) and texts. */
static int test_plot_panels(lua_State *L) {
    char err[256];
    lr_fonts *fonts = lr_fonts_load(err, sizeof err);
    lr_list *list = lr_list_create();
    if (!list) {
        lr_fonts_destroy(fonts);
        return luaL_error(L, "out of memory");
    }
    lr_theme theme = lr_theme_preset(LR_THEME_LIGHT);
    lr_list_reset(list, 1280, 720, theme.background);
    lr_area strip = {834, 0, 446, 720};
    lr_plots_draw(lmlua_plots(L), strip, 1.0, &theme, fonts, list, NULL);
    lua_Integer shapes = 0, texts = 0;
    for (size_t i = 0; i < list->item_count; i++) {
        if (list->items[i].kind == LR_ITEM_TEXT)
            texts++;
        else
            shapes++;
    }
    lr_list_destroy(list);
    lr_fonts_destroy(fonts);
    lua_pushinteger(L, shapes);
    lua_pushinteger(L, texts);
    return 2;
}

/* test_series(): the plotted series through the C API (lmlua_plots), as a
 * list of { name =, panel =, unit =, color =, time = {...}, value = {...}
 * [, x = {...} for a series against x] }. */
static int test_series(lua_State *L) {
    const lr_plots *plots = lmlua_plots(L);
    size_t count = lr_plots_count(plots);
    lua_createtable(L, (int)count, 0);
    for (size_t i = 0; i < count; i++) {
        lr_plot_series s = lr_plots_series(plots, i);
        lua_createtable(L, 0, 6);
        lua_pushstring(L, s.name);
        lua_setfield(L, -2, "name");
        lua_pushstring(L, s.panel);
        lua_setfield(L, -2, "panel");
        lua_pushstring(L, s.unit);
        lua_setfield(L, -2, "unit");
        lua_pushinteger(L, (lua_Integer)s.color);
        lua_setfield(L, -2, "color");
        for (int column = 0; column < (s.vs ? 3 : 2); column++) {
            const double *samples = column == 0 ? s.time : column == 1 ? s.value : s.x;
            lua_createtable(L, (int)s.count, 0);
            for (size_t k = 0; k < s.count; k++) {
                lua_pushnumber(L, samples[k]);
                lua_rawseti(L, -2, (lua_Integer)k + 1);
            }
            lua_setfield(L, -2, column == 0 ? "time" : column == 1 ? "value" : "x");
        }
        lua_rawseti(L, -2, (lua_Integer)i + 1);
    }
    return 1;
}

/* The runner's own functions, as globals. */
static int open_runner(lua_State *L) {
    lua_register(L, "test_draw_frame", test_draw_frame);
    lua_register(L, "test_series", test_series);
    lua_register(L, "test_plot_panels", test_plot_panels);
    return 0;
}

/* Whether the file asks for the full standard library: a line
 * "-- lua_runner: --trust" among its first ten (a test that reads files or
 * uses the debug library, as a teacher's trusted scene may). */
static bool wants_trust(const char *path) {
    FILE *file = fopen(path, "r");
    char line[256];
    bool trust = false;
    for (int i = 0; file && i < 10 && fgets(line, sizeof line, file); i++)
        if (strncmp(line, "-- lua_runner: --trust", 22) == 0)
            trust = true;
    if (file)
        fclose(file);
    return trust;
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: %s FILE.lua\n", argv[0]);
        return 2;
    }
    static char err[ERROR_SIZE];
    app_host_setup setup = {
        .path = argv[1],
        .folder = ".", /* tests read examples/ and docs/ */
        .library = "scripts",
        .memory_bytes = (size_t)4 << 30,
        .time_seconds = 600.0,
        .trust = wants_trust(argv[1]),
    };
    app_host *host = app_host_create(&setup, err, sizeof err);
    if (host == NULL) {
        fprintf(stderr, "lua_runner: %s\n", err);
        return 1;
    }
    lua_State *L = app_host_state(host);
    int errors = 0;
    lua_pushcfunction(L, open_runner);
    if (!app_host_call(host, 0, 0, err, sizeof err) ||
        !app_host_load_script(host, err, sizeof err) ||
        !app_host_call(host, 0, 0, err, sizeof err)) {
        printf("not ok - %s did not run to its end: %s\n", argv[1], err);
        errors = 1;
    }
    lua_settop(L, 0);

    lua_Integer passed = harness_count(L, "passed");
    lua_Integer failed = harness_count(L, "failed") + errors;
    app_host_destroy(host); /* runs every __gc, which a test run should survive too */
    printf("%lld passed, %lld failed\n", (long long)passed, (long long)failed);
    fflush(stdout);
    return failed == 0 ? 0 : 1;
}
