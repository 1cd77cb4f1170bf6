/*
 * keep.c - copying loom.keep from one Lua state into another.
 *
 * Tables are remembered by identity (lua_topointer) in a map on the new
 * state's stack, so a table met again, through a cycle or a second
 * reference, is the same table in the copy, and the copy costs time and
 * memory in proportion to what is kept, never more. The size is counted as
 * the copy grows and capped, so a scene that keeps too much gets an error
 * instead of a reload that never ends.
 */
#include "keep.h"

#include <lauxlib.h>
#include <lua.h>

enum { KEEP_ENTRY_BYTES = 32 };

typedef struct keep_copy {
    lua_State *from, *to;
    int seen;     /* index in to of the table: from's table pointer -> its copy */
    size_t bytes; /* counted so far */
} keep_copy;

static void count(keep_copy *copy, size_t bytes) {
    copy->bytes += bytes;
    if (copy->bytes > (size_t)APP_KEEP_MAX_MIB << 20)
        luaL_error(copy->to,
                   "loom.keep is too big to copy into the reloaded scene (over its cap of %d MiB)",
                   APP_KEEP_MAX_MIB);
}

static void copy_value(keep_copy *copy, int index, int depth) {
    lua_State *from = copy->from, *L = copy->to;
    luaL_checkstack(L, 4, "loom.keep is too deep");
    switch (lua_type(from, index)) {
    case LUA_TBOOLEAN:
        lua_pushboolean(L, lua_toboolean(from, index));
        break;
    case LUA_TNUMBER:
        if (lua_isinteger(from, index))
            lua_pushinteger(L, lua_tointeger(from, index));
        else
            lua_pushnumber(L, lua_tonumber(from, index));
        break;
    case LUA_TSTRING: {
        size_t length;
        const char *text = lua_tolstring(from, index, &length);
        count(copy, length);
        lua_pushlstring(L, text, length);
        break;
    }
    case LUA_TTABLE: {
        const void *identity = lua_topointer(from, index);
        if (lua_rawgetp(L, copy->seen, identity) == LUA_TTABLE)
            break; /* met before: the same copy */
        lua_pop(L, 1);
        if (depth >= APP_KEEP_MAX_DEPTH)
            luaL_error(L, "loom.keep is nested too deeply to copy (over %d tables deep)",
                       APP_KEEP_MAX_DEPTH);
        if (!lua_checkstack(from, 3))
            luaL_error(L, "loom.keep is nested too deeply to copy");
        count(copy, KEEP_ENTRY_BYTES);
        index = lua_absindex(from, index);
        lua_newtable(L);
        lua_pushvalue(L, -1);
        lua_rawsetp(L, copy->seen, identity);
        lua_pushnil(from);
        while (lua_next(from, index)) {
            count(copy, KEEP_ENTRY_BYTES);
            copy_value(copy, -2, depth + 1);
            copy_value(copy, -1, depth + 1);
            if (lua_isnil(L, -2) || lua_isnil(L, -1))
                lua_pop(L, 2);
            else
                lua_rawset(L, -3);
            lua_pop(from, 1);
        }
        break;
    }
    default:
        lua_pushnil(L);
        break;
    }
}

void app_keep_copy(lua_State *from, int index, lua_State *to) {
    keep_copy copy = {from, to, 0, 0};
    index = lua_absindex(from, index);
    lua_newtable(to);
    copy.seen = lua_gettop(to);
    copy_value(&copy, index, 0);
    lua_remove(to, copy.seen);
}
