/*
 * lua_record.c - loom.record(name, value [, { unit = }]): a column of the
 * --csv table that is not drawn.
 *
 * A number is one sample at the world's time, as loom.plot takes it (call it
 * in loom.update: the row of the frame it measured). A function is a column
 * loom fills itself: the host calls it once per frame with the frame's time,
 * after the frame's steps (lmlua_record_frame), so every frame's row has a
 * value, the last one included, in `loom render` and `loom sim` alike; it
 * returns a number, or nil to leave the cell empty.
 *
 * The samples live in a store of their own (render/plot.h's, never laid out
 * as panels), in a registry userdata whose user value lists the function
 * columns in the order they were first given. Samples are allocated with
 * the state's allocator, so a host's memory limit covers them. Options are
 * read raw: no script code runs while loom.record reads them.
 */
#include <math.h>
#include <string.h>

#include "lua_internal.h"

#define RECORDS_METATABLE "loom.records"
#define MAX_UNIT          40

static const char records_key = 0;
static const char *const record_fields[] = {"unit", NULL};

typedef struct records {
    lr_plots *store; /* NULL until the first sample */
} records;

static int records_gc(lua_State *L) {
    records *r = luaL_checkudata(L, 1, RECORDS_METATABLE);
    lr_plots_destroy(r->store);
    r->store = NULL;
    return 0;
}

/* Pushes the records userdata, creating it the first time. */
static records *push_records(lua_State *L) {
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &records_key) == LUA_TUSERDATA)
        return lua_touserdata(L, -1);
    lua_pop(L, 1);
    records *r = lua_newuserdatauv(L, sizeof *r, 1);
    r->store = NULL;
    if (luaL_newmetatable(L, RECORDS_METATABLE)) {
        lua_pushcfunction(L, records_gc);
        lua_setfield(L, -2, "__gc");
    }
    lua_setmetatable(L, -2);
    lua_newtable(L); /* the function columns: { {name, fn, unit}, ... } */
    lua_setiuservalue(L, -2, 1);
    lua_pushvalue(L, -1);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &records_key);
    return r;
}

const lr_plots *lmlua_records(lua_State *L) {
    if (!lua_checkstack(L, 1))
        return NULL;
    const records *r = NULL;
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &records_key) == LUA_TUSERDATA)
        r = lua_touserdata(L, -1);
    lua_pop(L, 1);
    return r ? r->store : NULL;
}

/* Appends (world time, value) to the column name; raises on failure. */
static void append(lua_State *L, records *r, const char *name, double value, const char *unit) {
    if (!r->store) {
        void *context;
        lua_Alloc alloc = lua_getallocf(L, &context);
        r->store = lr_plots_create(alloc, context);
        if (!r->store)
            luaL_error(L, "not enough memory");
    }
    lmlua_push_last_world(L);
    const lm_world *world = lmlua_toworld(L, -1);
    lua_pop(L, 1);
    /* One panel for every column: the store's panel limit is for drawing. */
    lr_plot_options options = {.panel = "record", .unit = unit};
    switch (lr_plots_append(r->store, name, world ? lm_world_time(world) : 0.0, value, false, 0.0,
                            &options)) {
    case LR_PLOT_OK:
        return;
    case LR_PLOT_MEMORY:
        luaL_error(L, "not enough memory");
        return;
    case LR_PLOT_TOO_MANY:
    case LR_PLOT_TOO_MANY_PANELS:
        luaL_error(L, "loom.record: too many columns (at most %d)", LR_PLOT_MAX_SERIES);
        return;
    case LR_PLOT_FULL:
        luaL_error(L, "loom.record: column '%s' is full (at most %d values)", name,
                   LR_PLOT_MAX_SAMPLES);
        return;
    case LR_PLOT_NOT_VS:
    case LR_PLOT_NEEDS_VS:
    case LR_PLOT_MIXED: /* every column is against time */
        luaL_error(L, "loom.record: column '%s' cannot be recorded", name);
        return;
    }
}

static bool has_series(const lr_plots *store, const char *name) {
    for (size_t i = 0; store && i < lr_plots_count(store); i++)
        if (strcmp(lr_plots_series(store, i).name, name) == 0)
            return true;
    return false;
}

/* loom.record(name, value | function [, { unit = "m" }]) */
static int record(lua_State *L) {
    size_t length;
    const char *name = luaL_checklstring(L, 1, &length);
    if (length == 0 || strlen(name) != length || length > 100)
        luaL_argerror(L, 1, "name must be 1 to 100 characters without zero bytes");
    int kind = lua_type(L, 2);
    if (kind != LUA_TNUMBER && kind != LUA_TFUNCTION)
        luaL_typeerror(L, 2, "number or function");
    double value = kind == LUA_TNUMBER ? lmlua_check_finite(L, lmlua_param(2, "value")) : 0.0;
    const char *unit = NULL;
    if (lmlua_check_options(L, 3, record_fields) && lmlua_get_field(L, 3, "unit") != LUA_TNIL) {
        if (lua_type(L, -1) != LUA_TSTRING)
            lmlua_place_error(L, lmlua_field(3, "unit"),
                              lua_pushfstring(L, "must be a string, got %s", luaL_typename(L, -1)));
        unit = lua_tostring(L, -1); /* kept alive by the options table */
        if (strlen(unit) > MAX_UNIT)
            lmlua_place_error(L, lmlua_field(3, "unit"), "must be at most 40 characters");
    }
    lua_settop(L, 3);
    if (has_series(lmlua_plots(L), name))
        return luaL_error(L,
                          "loom.record: '%s' is a loom.plot series already (plotted series are "
                          "in the CSV)",
                          name);
    records *r = push_records(L); /* 4 */
    lua_getiuservalue(L, 4, 1);   /* 5: the function columns */
    /* The function column of this name (slot <= count), and how many
     * columns there are, counting the functions not sampled yet. */
    lua_Integer count = (lua_Integer)lua_rawlen(L, 5), slot = count + 1;
    size_t columns = r->store ? lr_plots_count(r->store) : 0;
    bool stored = has_series(r->store, name);
    for (lua_Integer i = 1; i <= count; i++) {
        lua_rawgeti(L, 5, i);
        lua_rawgeti(L, -1, 1);
        const char *other = lua_tostring(L, -1);
        if (strcmp(other, name) == 0)
            slot = i;
        else if (!has_series(r->store, other))
            columns++;
        lua_pop(L, 2);
    }
    if (!stored && slot > count && columns >= LR_PLOT_MAX_SERIES)
        return luaL_error(L, "loom.record: too many columns (at most %d)", LR_PLOT_MAX_SERIES);
    if (kind == LUA_TNUMBER) {
        append(L, r, name, value, unit);
        return 0;
    }
    lua_createtable(L, 3, 0);
    lua_pushvalue(L, 1);
    lua_rawseti(L, -2, 1);
    lua_pushvalue(L, 2);
    lua_rawseti(L, -2, 2);
    if (unit) {
        lua_pushstring(L, unit);
        lua_rawseti(L, -2, 3);
    }
    lua_rawseti(L, 5, slot);
    return 0;
}

int lmlua_record_frame(lua_State *L) {
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &records_key) != LUA_TUSERDATA)
        return 0;
    records *r = lua_touserdata(L, -1);
    int base = lua_gettop(L);
    lua_getiuservalue(L, base, 1);
    lua_Integer count = (lua_Integer)lua_rawlen(L, base + 1);
    lmlua_push_last_world(L);
    const lm_world *world = lmlua_toworld(L, -1);
    double time = world ? lm_world_time(world) : 0.0;
    for (lua_Integer i = 1; i <= count; i++) {
        lua_settop(L, base + 1);
        lua_rawgeti(L, base + 1, i); /* base + 2: {name, fn, unit} */
        lua_rawgeti(L, base + 2, 1);
        lua_rawgeti(L, base + 2, 3);
        lua_rawgeti(L, base + 2, 2);
        lua_pushnumber(L, time);
        lua_call(L, 1, 1);
        const char *name = lua_tostring(L, base + 3);
        int type = lua_type(L, -1);
        if (type == LUA_TNIL)
            continue;
        if (type != LUA_TNUMBER)
            return luaL_error(L,
                              "loom.record: the function of '%s' returned a %s (a number or nil "
                              "expected)",
                              name, luaL_typename(L, -1));
        double value = lua_tonumber(L, -1);
        if (!isfinite(value)) {
            char text[32], when[32];
            lmlua_format_number(value, text);
            lmlua_format_seconds(time, when);
            return luaL_error(L, "loom.record: the function of '%s' returned %s at t = %s s", name,
                              text, when);
        }
        append(L, r, name, value, lua_tostring(L, base + 4));
    }
    return 0;
}

void lmlua_open_record(lua_State *L) {
    lua_pushcfunction(L, record);
    lua_setfield(L, -2, "record");
}
