/*
 * lua_plot.c - loom.plot(name, value [, options]): live plots.
 *
 * Each call appends a sample to the series called name: (t, value), t being
 * the simulated time of the scene's world (0 before it exists), or with
 * options.vs = x the point (x, value), for a trajectory or a phase portrait.
 * The series live in a plain C store (render/plot.h) kept in the drawing
 * state, where the renderer lays out its panels and C callers read it
 * (lmlua_plots, e.g. for --csv). The samples are allocated with the state's
 * allocator, so a host's memory limit covers them. Options are read raw
 * (no metamethods), as every options table of loom's.
 */
#include <math.h>
#include <string.h>

#include "lua_internal.h"

static const char *const plot_fields[] = {"panel",   "color", "unit",   "range", "x_range", "vs",
                                          "x_label", "line",  "marker", "width", "world",   NULL};

/* A string field of the options at arg of at most `most` bytes, or NULL.
 * Read raw: the string stays referenced by the options table (a string an
 * __index made up would be freed while still used). */
static const char *get_string(lua_State *L, int arg, const char *name, size_t most) {
    if (lmlua_get_field(L, arg, name) == LUA_TNIL) {
        lua_pop(L, 1);
        return NULL;
    }
    if (lua_type(L, -1) != LUA_TSTRING) {
        lmlua_place_error(L, lmlua_field(arg, name),
                          lua_pushfstring(L, "must be a string, got %s", luaL_typename(L, -1)));
    }
    size_t length;
    const char *text = lua_tolstring(L, -1, &length);
    if (length > most) {
        lmlua_place_error(L, lmlua_field(arg, name),
                          lua_pushfstring(L, "must be at most %d characters", (int)most));
    }
    lua_pop(L, 1); /* still referenced by the options table */
    return text;
}

/* A {low, high} field: false when absent. */
static bool get_range(lua_State *L, int arg, const char *name, double *low, double *high) {
    if (lmlua_get_field(L, arg, name) == LUA_TNIL) {
        lua_pop(L, 1);
        return false;
    }
    bool pair = lua_type(L, -1) == LUA_TTABLE && lua_rawlen(L, -1) == 2;
    double bounds[2] = {0, 0};
    for (int i = 0; pair && i < 2; i++) {
        pair = lua_rawgeti(L, -1 - i, i + 1) == LUA_TNUMBER;
        bounds[i] = lua_tonumber(L, -1);
    }
    if (!pair || !isfinite(bounds[0]) || !isfinite(bounds[1]) || !(bounds[0] < bounds[1])) {
        lmlua_place_error(L, lmlua_field(arg, name),
                          "must be {low, high} with finite numbers and low < high");
    }
    lua_pop(L, pair ? 3 : 1);
    *low = bounds[0];
    *high = bounds[1];
    return true;
}

/* loom.plot(name, value [, { panel =, color =, unit =, range = {low, high},
 * x_range = {low, high}, vs =, x_label =, line =, marker =, width =, world = }]) */
static int plot(lua_State *L) {
    size_t length;
    const char *name = luaL_checklstring(L, 1, &length);
    if (length == 0 || strlen(name) != length || length > 100) {
        luaL_argerror(L, 1, "name must be 1 to 100 characters without zero bytes");
    }
    double value = lmlua_check_finite(L, lmlua_param(2, "value"));
    /* world = w: the sample is at w's time, and the series is w's own:
     * "name (w's name)", so that one name plotted for two worlds makes two
     * series, told apart in the legend. Pushed at index 4 (nil without). */
    lua_settop(L, 3);
    if (lua_type(L, 3) == LUA_TTABLE && lmlua_get_field(L, 3, "world") != LUA_TNIL) {
        if (!lmlua_toworld(L, 4))
            lmlua_place_error(L, lmlua_field(3, "world"),
                              lua_pushfstring(L, "must be a world, got %s", luaL_typename(L, 4)));
        char world_name[64];
        lua_pushfstring(L, "%s (%s)", name, lmlua_world_name(L, 4, world_name));
        name = lua_tostring(L, -1); /* kept at index 5 */
    } else {
        lua_settop(L, 5);
    }
    lr_plot_options options = {0};
    options.marker = -1;
    bool vs = false;
    double x = 0.0;
    if (lmlua_check_options(L, 3, plot_fields)) {
        options.panel = get_string(L, 3, "panel", (size_t)-1);
        if (options.panel && (options.panel[0] == '\0' || strlen(options.panel) > 100)) {
            lmlua_place_error(L, lmlua_field(3, "panel"), "must be 1 to 100 characters");
        }
        options.unit = get_string(L, 3, "unit", 40);
        options.x_label = get_string(L, 3, "x_label", 40);
        lmlua_get_color(L, 3, "color", &options.color);
        options.ranged = get_range(L, 3, "range", &options.low, &options.high);
        options.x_ranged = get_range(L, 3, "x_range", &options.x_low, &options.x_high);
        vs = lmlua_get_finite(L, 3, "vs", &x);
        int line;
        if (lmlua_get_option(L, 3, "line", lr_plot_line_names(), &line))
            options.line = (lr_plot_line)line;
        lmlua_get_option(L, 3, "marker", lr_marker_names(), &options.marker);
        if (lmlua_get_finite(L, 3, "width", &options.width)) {
            lmlua_require_range(L, lmlua_field(3, "width"), options.width, 0, false, 20, true);
        }
        lua_settop(L, 5);
    }
    lmlua_draw_state *state = lmlua_draw_state_of(L);
    if (!state->plots) {
        /* Samples come from the state's allocator: they count against the
         * script's memory limit like its own tables. */
        void *context;
        lua_Alloc alloc = lua_getallocf(L, &context);
        state->plots = lr_plots_create(alloc, context);
        if (!state->plots)
            return luaL_error(L, "not enough memory");
    }
    /* The time: the series' world's, else the scene's first shown world's,
     * else the last world made. */
    if (lua_isnil(L, 4)) {
        if (lmlua_shown_count(L) > 0)
            lmlua_push_shown(L, 0);
        else
            lmlua_push_last_world(L);
        lua_replace(L, 4);
    }
    const lm_world *world = lmlua_toworld(L, 4);
    double time = world ? lm_world_time(world) : 0.0;
    switch (lr_plots_append(state->plots, name, time, value, vs, x, &options)) {
    case LR_PLOT_OK:
        return 0;
    case LR_PLOT_MEMORY:
        return luaL_error(L, "not enough memory");
    case LR_PLOT_TOO_MANY:
        return luaL_error(L, "loom.plot: too many series (at most %d)", LR_PLOT_MAX_SERIES);
    case LR_PLOT_TOO_MANY_PANELS:
        return luaL_error(L, "loom.plot: too many panels (at most %d)", LR_PLOT_MAX_PANELS);
    case LR_PLOT_FULL:
        return luaL_error(L, "loom.plot: series '%s' is full (at most %d samples)", name,
                          LR_PLOT_MAX_SAMPLES);
    case LR_PLOT_NOT_VS:
        return luaL_error(L, "loom.plot: series '%s' plots against time: it takes no vs", name);
    case LR_PLOT_NEEDS_VS:
        return luaL_error(L, "loom.plot: series '%s' plots against x: give vs every time", name);
    case LR_PLOT_MIXED:
        return luaL_error(L,
                          "loom.plot: series '%s' cannot share a panel with series plotted %s "
                          "(give it a panel of its own)",
                          name, vs ? "against time" : "against x");
    }
    return 0;
}

void lmlua_open_plot(lua_State *L) {
    lua_pushcfunction(L, plot);
    lua_setfield(L, -2, "plot");
}
