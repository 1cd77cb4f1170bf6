/*
 * lua_hint.c - mistakes that teach: "did you mean" for misspelt names, the
 * loom table's guard, and tracebacks trimmed to the scene's own frames.
 *
 * A handle's methods live in its metatable's __index table; that table gets
 * a metatable of its own whose __index raises
 *   particle has no field 'poss' (did you mean 'pos'?)
 * so a correct name costs nothing more than before and only a miss reaches C.
 */
#include <limits.h>
#include <string.h>

#include "lua_internal.h"

/* The callbacks a scene may define on loom (the app and loom.draw call
 * them); reading one that is not defined gives nil, not an error. */
static const char *const callback_names[] = {
    "update", "keypressed", "keyreleased", "mousepressed", "mousereleased", "draw", "finish", NULL};

enum { MAX_NAME = 64 };

/* Optimal string alignment distance (Damerau-Levenshtein where a letter
 * takes part in at most one transposition), or MAX_NAME for long names. */
int lmlua_name_distance(const char *a, const char *b) {
    size_t n = strlen(a), m = strlen(b);
    if (n >= MAX_NAME || m >= MAX_NAME) {
        return MAX_NAME;
    }
    int d[MAX_NAME + 1][MAX_NAME + 1];
    for (size_t i = 0; i <= n; i++) {
        d[i][0] = (int)i;
    }
    for (size_t j = 0; j <= m; j++) {
        d[0][j] = (int)j;
    }
    for (size_t i = 1; i <= n; i++) {
        for (size_t j = 1; j <= m; j++) {
            int cost = a[i - 1] == b[j - 1] ? 0 : 1;
            int best = d[i - 1][j] + 1;
            if (d[i][j - 1] + 1 < best) {
                best = d[i][j - 1] + 1;
            }
            if (d[i - 1][j - 1] + cost < best) {
                best = d[i - 1][j - 1] + cost;
            }
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] &&
                d[i - 2][j - 2] + 1 < best) {
                best = d[i - 2][j - 2] + 1;
            }
            d[i][j] = best;
        }
    }
    return d[n][m];
}

/* Whether candidate beats the best so far (closer, or as close and first in
 * byte order, so the answer never depends on a table's order). */
static bool better(const char *name, const char *candidate, const char *best, int *best_distance) {
    if (strcmp(name, candidate) == 0) {
        return false;
    }
    int d = lmlua_name_distance(name, candidate);
    if (d > 2 || d >= (int)strlen(candidate) || d > *best_distance ||
        (d == *best_distance && best != NULL && strcmp(candidate, best) >= 0)) {
        return false;
    }
    *best_distance = d;
    return true;
}

const char *lmlua_closest_name(const char *name, const char *const names[]) {
    const char *best = NULL;
    int distance = 3;
    for (int i = 0; names[i] != NULL; i++) {
        if (better(name, names[i], best, &distance)) {
            best = names[i];
        }
    }
    return best;
}

/* The closest string key of the table at index (and of extra), pushed; or
 * nothing pushed and false. */
static bool push_closest_key(lua_State *L, int index, const char *name, const char *const extra[]) {
    index = lua_absindex(L, index);
    const char *best = extra != NULL ? lmlua_closest_name(name, extra) : NULL;
    int distance = best != NULL ? lmlua_name_distance(name, best) : 3;
    lua_pushstring(L, best != NULL ? best : ""); /* keeps a key's string alive */
    int slot = lua_gettop(L);
    lua_pushnil(L);
    while (lua_next(L, index) != 0) {
        lua_pop(L, 1);
        if (lua_type(L, -1) == LUA_TSTRING) {
            const char *key = lua_tostring(L, -1);
            if (strncmp(key, "__", 2) != 0 && better(name, key, best, &distance)) {
                lua_pushvalue(L, -1);
                lua_replace(L, slot);
                best = lua_tostring(L, slot);
            }
        }
    }
    if (best == NULL) {
        lua_pop(L, 1);
        return false;
    }
    return true;
}

int lmlua_no_field_error(lua_State *L, const char *what, int candidates, const char *key) {
    candidates = lua_absindex(L, candidates);
    luaL_where(L, 1);
    if (key != NULL && push_closest_key(L, candidates, key, NULL)) {
        lua_pushfstring(L, "%s has no field '%s' (did you mean '%s'?)", what, key,
                        lua_tostring(L, -1));
        lua_remove(L, -2);
    } else if (key != NULL) {
        lua_pushfstring(L, "%s has no field '%s'", what, key);
    } else {
        lua_pushfstring(L, "%s has no such field", what);
    }
    lua_concat(L, 2);
    return lua_error(L);
}

/* __index of a methods table: (methods, key); upvalue 1 = the type's name. */
static int method_miss(lua_State *L) {
    const char *key = lua_type(L, 2) == LUA_TSTRING ? lua_tostring(L, 2) : NULL;
    if (key != NULL && strncmp(key, "__", 2) == 0) {
        return 0; /* metamethod probes (e.g. __close, __name) answer nil */
    }
    return lmlua_no_field_error(L, lua_tostring(L, lua_upvalueindex(1)), 1, key);
}

void lmlua_guard_methods(lua_State *L, int methods, const char *what) {
    methods = lua_absindex(L, methods);
    lua_createtable(L, 0, 1);
    lua_pushstring(L, what);
    lua_pushcclosure(L, method_miss, 1);
    lua_setfield(L, -2, "__index");
    lua_setmetatable(L, methods);
}

/* ----------------------------------------------------------- the loom table -- */

static bool is_callback_name(const char *key) {
    for (int i = 0; callback_names[i] != NULL; i++) {
        if (strcmp(key, callback_names[i]) == 0) {
            return true;
        }
    }
    return false;
}

/* Whether the code reading or writing the loom table (level 1 from the
 * metamethod) is Lua: C probes the table freely (the host sets loom.keep,
 * checks loom.update), only a scene's own mistakes are reported. */
static bool called_from_lua(lua_State *L) {
    lua_Debug ar;
    return lua_getstack(L, 1, &ar) && lua_getinfo(L, "S", &ar) && strcmp(ar.what, "C") != 0;
}

int lmlua_loom_missing(lua_State *L, int loom, int key) {
    loom = lua_absindex(L, loom);
    if (lua_type(L, key) != LUA_TSTRING || !called_from_lua(L)) {
        return 0;
    }
    const char *name = lua_tostring(L, key);
    if (is_callback_name(name) || strncmp(name, "__", 2) == 0) {
        return 0; /* an undefined callback reads as nil */
    }
    return lmlua_no_field_error(L, "loom", loom, name);
}

int lmlua_loom_new_field(lua_State *L, int loom, int key, int value) {
    loom = lua_absindex(L, loom);
    (void)value;
    if (!called_from_lua(L)) {
        return 0; /* the host adds its part of loom (keep, key_down, ...) */
    }
    const char *name = lua_type(L, key) == LUA_TSTRING ? lua_tostring(L, key) : NULL;
    if (name != NULL && is_callback_name(name)) {
        return 0;
    }
    const char *closest = name != NULL ? lmlua_closest_name(name, callback_names) : NULL;
    luaL_where(L, 1);
    if (closest != NULL) {
        lua_pushfstring(L, "loom.%s is not a callback loom calls (did you mean loom.%s?)", name,
                        closest);
    } else if (name != NULL) {
        lua_pushfstring(L, "loom is read-only: cannot set '%s'", name);
    } else {
        lua_pushfstring(L, "loom is read-only: cannot set a %s key", luaL_typename(L, key));
    }
    lua_concat(L, 2);
    return lua_error(L);
}

static int loom_index(lua_State *L) {
    return lmlua_loom_missing(L, 1, 2);
}

static int loom_newindex(lua_State *L) {
    lmlua_loom_new_field(L, 1, 2, 3);
    lua_rawset(L, 1);
    return 0;
}

void lmlua_guard_loom(lua_State *L, int loom) {
    loom = lua_absindex(L, loom);
    lua_createtable(L, 0, 3);
    lua_pushcfunction(L, loom_index);
    lua_setfield(L, -2, "__index");
    lua_pushcfunction(L, loom_newindex);
    lua_setfield(L, -2, "__newindex");
    lua_pushliteral(L, "loom"); /* getmetatable(loom) == "loom"; setmetatable refused */
    lua_setfield(L, -2, "__metatable");
    lua_setmetatable(L, loom);
}

/* ---------------------------------------------------------------- warnings -- */

#define WARNINGS_KEY "loom.warnings"

void lmlua_add_warning(lua_State *L, const char *message) {
    luaL_getsubtable(L, LUA_REGISTRYINDEX, WARNINGS_KEY);
    lua_pushstring(L, message);
    lua_rawseti(L, -2, (lua_Integer)lua_rawlen(L, -2) + 1);
    lua_pop(L, 1);
}

int lmlua_push_warnings(lua_State *L) {
    luaL_getsubtable(L, LUA_REGISTRYINDEX, WARNINGS_KEY);
    lua_newtable(L);
    lua_setfield(L, LUA_REGISTRYINDEX, WARNINGS_KEY);
    return (int)lua_rawlen(L, -1);
}

/* ---------------------------------------------------------- tracebacks -- */

/* The callback (loom.<name>) that is the function on top of of's stack, or
 * NULL. Pops the function; leaves the stack as it was before it. */
static const char *callback_of(lua_State *of) {
    const char *found = NULL;
    int top = lua_gettop(of);
    if (lua_checkstack(of, 3) &&
        lua_getfield(of, LUA_REGISTRYINDEX, LMLUA_MODULE_KEY) == LUA_TTABLE) {
        for (int i = 0; callback_names[i] != NULL && found == NULL; i++) {
            lua_pushstring(of, callback_names[i]);
            lua_rawget(of, -2);
            if (lua_rawequal(of, -1, top)) {
                found = callback_names[i];
            }
            lua_pop(of, 1);
        }
    }
    lua_settop(of, top - 1);
    return found;
}

/* The deepest level of of's stack. lua_getstack walks the stack from the
 * top, so this searches (as luaL_traceback does) rather than counting. */
static int last_level(lua_State *of) {
    lua_Debug ar;
    int low = 1, high = 1;
    while (lua_getstack(of, high, &ar)) {
        low = high;
        high = high < INT_MAX / 2 ? high * 2 : INT_MAX;
    }
    while (low < high) {
        int middle = low + (high - low) / 2;
        if (lua_getstack(of, middle, &ar)) {
            low = middle + 1;
        } else {
            high = middle;
        }
    }
    return high - 1;
}

/* A deep stack (runaway recursion) shows its first and last levels only:
 * walking 200,000 levels one by one took minutes, past every limit. */
enum { TRACE_FIRST = 10, TRACE_LAST = 11 };

void lmlua_push_traceback(lua_State *L, lua_State *of, const char *message, int level) {
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    if (message != NULL) {
        luaL_addstring(&b, message);
    }
    lua_Debug ar;
    bool header = false;
    int first = level, last = last_level(of);
    for (; lua_getstack(of, level, &ar); level++) {
        if (level == first + TRACE_FIRST && last - level >= TRACE_LAST) {
            int skipped = last - level - TRACE_LAST + 1;
            lua_pushfstring(L, "%s\n\t...\t(skipping %d levels)",
                            header ? "" : "\nstack traceback:", skipped);
            luaL_addvalue(&b);
            header = true;
            level += skipped - 1;
            continue;
        }
        if (!lua_getinfo(of, "Slntf", &ar)) {
            continue;
        }
        const char *callback = callback_of(of); /* pops the function */
        if (ar.currentline <= 0 || strcmp(ar.what, "C") == 0) {
            continue; /* C frames (force callbacks, metamethods) are loom's, not the scene's */
        }
        if (!header) {
            luaL_addstring(&b, "\nstack traceback:");
            header = true;
        }
        lua_pushfstring(L, "\n\t%s:%d: in ", ar.short_src, ar.currentline);
        luaL_addvalue(&b);
        if (strcmp(ar.what, "main") == 0) {
            luaL_addstring(&b, "main chunk");
        } else if (ar.name != NULL && *ar.namewhat != '\0') {
            lua_pushfstring(L, "%s '%s'", ar.namewhat, ar.name);
            luaL_addvalue(&b);
        } else if (callback != NULL) {
            lua_pushfstring(L, "function 'loom.%s'", callback);
            luaL_addvalue(&b);
        } else {
            lua_pushfstring(L, "function <%s:%d>", ar.short_src, ar.linedefined);
            luaL_addvalue(&b);
        }
        if (ar.istailcall) {
            luaL_addstring(&b, "\n\t(...tail calls...)");
        }
    }
    luaL_pushresult(&b);
}
