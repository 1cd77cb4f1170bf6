/*
 * lua_show.c - loom.show(w1, w2, ... [, { layout = }]): the worlds a scene
 * shows, when it compares several.
 *
 * The list lives in the registry under SHOWN_KEY as { w1, w2, ..., layout =
 * "side" }, which keeps the worlds alive. The host reads it (lmlua_shown_*)
 * and steps every world in it, each at its own time step, and draws each
 * with its trails, arrows and labels: side by side, each in its own part
 * of the picture with the same camera, or overlaid in one. A scene that
 * returns several worlds (return w1, w2) shows them side by side: the host
 * calls lmlua_show_worlds with them. Once the scene has loaded
 * (lmlua_show_close), the list is fixed: the worlds the host holds are the
 * ones it shows.
 */
#include "lua_internal.h"

#include <string.h>

#define SHOWN_KEY  "loom.shown"
#define CLOSED_KEY "loom.shown_closed"

static const char *const layouts[] = {"side", "overlay", NULL};
static const char *const show_fields[] = {"layout", NULL};

/* Makes the list of the `count` worlds from index first on (checked by the
 * caller) with layout, and keeps it in the registry. */
static void set_shown(lua_State *L, int first, int count, const char *layout) {
    lua_createtable(L, count, 1);
    for (int i = 0; i < count; i++) {
        lua_pushvalue(L, first + i);
        lua_rawseti(L, -2, i + 1);
    }
    lua_pushstring(L, layout);
    lua_setfield(L, -2, "layout");
    lua_setfield(L, LUA_REGISTRYINDEX, SHOWN_KEY);
}

/* loom.show(w1, w2, ... [, { layout = "side" | "overlay" }]), or
 * loom.show({ w1, w2, ... } [, { layout = }]) */
static int show(lua_State *L) {
    if (lua_getfield(L, LUA_REGISTRYINDEX, CLOSED_KEY) != LUA_TNIL)
        return luaL_error(L, "loom.show: call it while the scene loads (the worlds loom shows are "
                             "fixed once it has)");
    lua_pop(L, 1);
    /* A list of worlds first: its worlds become the arguments. */
    if (lua_type(L, 1) == LUA_TTABLE && lua_rawlen(L, 1) > 0) {
        lua_Integer length = (lua_Integer)lua_rawlen(L, 1);
        if (length > LMLUA_MAX_SHOWN)
            return luaL_argerror(L, 1, lua_pushfstring(L, "at most %d worlds", LMLUA_MAX_SHOWN));
        luaL_checkstack(L, (int)length + 2, NULL);
        lua_settop(L, 2);
        for (lua_Integer i = 1; i <= length; i++) {
            lua_rawgeti(L, 1, i);
            if (!lmlua_toworld(L, -1))
                return luaL_argerror(
                    L, 1,
                    lua_pushfstring(L, "item %I is not a world (%s)", i, luaL_typename(L, -1)));
        }
        lua_rotate(L, 2, -1); /* the options (or nil) after the worlds */
        lua_remove(L, 1);
        if (lua_isnil(L, -1))
            lua_pop(L, 1);
    }
    int count = lua_gettop(L);
    const char *layout = "side";
    if (count >= 1 && lua_type(L, count) == LUA_TTABLE) {
        int chosen = 0;
        if (lmlua_check_options(L, count, show_fields) &&
            lmlua_get_option(L, count, "layout", layouts, &chosen))
            layout = layouts[chosen];
        count--;
    }
    if (count == 0)
        return luaL_typeerror(L, 1, "world");
    if (count > LMLUA_MAX_SHOWN)
        return luaL_argerror(L, LMLUA_MAX_SHOWN + 1,
                             lua_pushfstring(L, "at most %d worlds", LMLUA_MAX_SHOWN));
    for (int i = 1; i <= count; i++) {
        lmlua_check_world(L, i);
        for (int j = 1; j < i; j++)
            if (lua_rawequal(L, i, j))
                return luaL_argerror(L, i, "a world shown twice");
    }
    set_shown(L, 1, count, layout);
    return 0;
}

void lmlua_open_show(lua_State *L) {
    lua_pushcfunction(L, show);
    lua_setfield(L, -2, "show");
}

/* ------------------------------------------------------------- C side -- */

int lmlua_show_worlds(lua_State *L) {
    int count = lua_gettop(L);
    if (count > LMLUA_MAX_SHOWN)
        count = LMLUA_MAX_SHOWN;
    set_shown(L, 1, count, "side");
    return 0;
}

void lmlua_show_close(lua_State *L) {
    lua_pushboolean(L, true);
    lua_setfield(L, LUA_REGISTRYINDEX, CLOSED_KEY);
}

int lmlua_shown_count(lua_State *L) {
    int count = 0;
    if (lua_checkstack(L, 1) && lua_getfield(L, LUA_REGISTRYINDEX, SHOWN_KEY) == LUA_TTABLE)
        count = (int)lua_rawlen(L, -1);
    lua_pop(L, 1);
    return count > LMLUA_MAX_SHOWN ? LMLUA_MAX_SHOWN : count;
}

void lmlua_push_shown(lua_State *L, int index) {
    if (lua_getfield(L, LUA_REGISTRYINDEX, SHOWN_KEY) == LUA_TTABLE) {
        lua_rawgeti(L, -1, index + 1);
        lua_remove(L, -2);
    }
}

bool lmlua_shown_overlaid(lua_State *L) {
    bool overlaid = false;
    if (lua_checkstack(L, 2) && lua_getfield(L, LUA_REGISTRYINDEX, SHOWN_KEY) == LUA_TTABLE) {
        lua_pushliteral(L, "layout");
        overlaid = lua_rawget(L, -2) == LUA_TSTRING && strcmp(lua_tostring(L, -1), "overlay") == 0;
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    return overlaid;
}

int lmlua_shown_part(lua_State *L, const lm_world *world) {
    int count = lmlua_shown_count(L);
    if (count == 0)
        return 0;
    for (int i = 0; i < count && lua_checkstack(L, 1); i++) {
        lmlua_push_shown(L, i);
        bool found = lmlua_toworld(L, -1) == world;
        lua_pop(L, 1);
        if (found)
            return i + 1;
    }
    return -1;
}
