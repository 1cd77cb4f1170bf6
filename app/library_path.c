/*
 * library_path.c - where loom finds its Lua library and its examples
 * (app/library_path.h says the order).
 *
 * A copied or installed executable cannot rely on the folder it was built
 * in, and a build folder outside the tree (make BUILD=/elsewhere) has no
 * scripts/ beside it: so a place fixed at build time comes first, the
 * executable's own surroundings after it, and LOOM_PATH overrides both.
 * When none holds the library, a scene that does not require it still
 * runs; one that does is told where loom looked.
 */
#define _XOPEN_SOURCE 700 /* readlink */
#include "library_path.h"

#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Where `make` puts loom's files (-DLOOM_DATA_DIR=...): the source tree for
 * a build, PREFIX/share/loom for an installed loom. */
#ifndef LOOM_DATA_DIR
#define LOOM_DATA_DIR "/usr/local/share/loom"
#endif

#define LIBRARY_MARK "loom/cloth.lua" /* what a library folder holds */

enum { PLACES = 3, PLACE_SIZE = 4096 };

/* The data folders to try, in order: the one fixed at build time, then
 * <exe>/../share/loom and <exe>/.. (each holding scripts/ and examples/).
 * Returns how many were written. */
static int data_places(char places[PLACES][PLACE_SIZE]) {
    int count = 0;
    snprintf(places[count++], PLACE_SIZE, "%s", LOOM_DATA_DIR);
    char exe[PLACE_SIZE];
    ssize_t length = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (length <= 0)
        return count;
    exe[length] = '\0';
    char *slash = strrchr(exe, '/');
    if (!slash)
        return count;
    *slash = '\0';
    if (snprintf(places[count], PLACE_SIZE, "%s/../share/loom", exe) < PLACE_SIZE)
        count++;
    if (snprintf(places[count], PLACE_SIZE, "%s/..", exe) < PLACE_SIZE)
        count++;
    return count;
}

/* Whether folder/name is readable. */
static bool holds(const char *folder, const char *name) {
    char path[PLACE_SIZE + 64];
    if (snprintf(path, sizeof path, "%s/%s", folder, name) >= (int)sizeof path)
        return false;
    return access(path, R_OK) == 0;
}

/* The first data place whose sub-folder sub holds mark, as place/sub. */
static bool find_in_data(const char *sub, const char *mark, char *out, size_t size) {
    char places[PLACES][PLACE_SIZE];
    int count = data_places(places);
    for (int i = 0; i < count; i++) {
        char folder[PLACE_SIZE];
        if (snprintf(folder, sizeof folder, "%s/%s", places[i], sub) < (int)sizeof folder &&
            holds(folder, mark) && snprintf(out, size, "%s", folder) < (int)size)
            return true;
    }
    return false;
}

bool app_library_find(char *out, size_t size) {
    const char *override = getenv("LOOM_PATH");
    if (override && override[0])
        return holds(override, LIBRARY_MARK) && snprintf(out, size, "%s", override) < (int)size;
    return find_in_data("scripts", LIBRARY_MARK, out, size);
}

bool app_library_examples(char *out, size_t size) {
    return find_in_data("examples", ".", out, size);
}

void app_library_places(char *out, size_t size) {
    const char *override = getenv("LOOM_PATH");
    if (override && override[0]) {
        snprintf(out, size, "LOOM_PATH=%s", override);
        return;
    }
    char places[PLACES][PLACE_SIZE];
    int count = data_places(places);
    size_t used = (size_t)snprintf(out, size, "LOOM_PATH is not set");
    for (int i = 0; i < count && used < size; i++)
        used += (size_t)snprintf(out + used, size - used, "; %s/scripts", places[i]);
}

/* The last searcher: for "loom.NAME", says that the library is missing. */
static int missing_searcher(lua_State *L) {
    const char *name = luaL_checkstring(L, 1);
    if (strncmp(name, "loom.", 5) != 0)
        return 0;
    char places[3 * PLACE_SIZE];
    app_library_places(places, sizeof places);
    lua_pushfstring(L,
                    "loom's library (" LIBRARY_MARK
                    " and the rest) is in none of the places loom looked: %s"
                    "\n\t(set LOOM_PATH to the folder that holds " LIBRARY_MARK ")",
                    places);
    return 1;
}

void app_library_explain_missing(lua_State *L) {
    int top = lua_gettop(L);
    if (lua_getglobal(L, LUA_LOADLIBNAME) == LUA_TTABLE &&
        lua_getfield(L, -1, "searchers") == LUA_TTABLE) {
        lua_pushcfunction(L, missing_searcher);
        lua_rawseti(L, -2, (lua_Integer)lua_rawlen(L, -2) + 1);
    }
    lua_settop(L, top);
}
