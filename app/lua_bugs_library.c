/*
 * lua_bugs_library.c - library functions of Lua 5.4.4 replaced by versions
 * without their bug (the other answers are in app/lua_bugs.c):
 *
 *   - upstream 1e64c139, "stack overflow with nesting of coroutine.close":
 *     closing a coroutine runs its pending __close handlers in it with the C
 *     call count it had when it yielded, so a handler that closes another
 *     coroutine, whose handler closes another..., recurses in C without
 *     limit (12,000 levels: SIGSEGV). coroutine.close and the functions
 *     coroutine.wrap makes (which close a coroutine that failed) are loom's:
 *     they count the closes under way one inside another and the C stack
 *     they use, and refuse to go deeper than CLOSE_DEPTH of them or
 *     CLOSE_STACK bytes with Lua's own error, "C stack overflow" (what Lua
 *     5.4.5 says there, at 200 nested C calls).
 *     They also never run the __close handlers of a coroutine the limits
 *     stopped with an error (app_guard_killed, app/guard.h): the hook
 *     suspends a coroutine it can, but one inside a C call (a sort's order
 *     function, a metamethod called from C) gets the error, and an error
 *     raised from a hook leaves that thread's hooks off for good (Lua 5.4
 *     restores them only at a pcall): its handlers would run with no hook,
 *     and a loop in one would never end. For such a coroutine
 *     coroutine.close answers as Lua's does, false and the error, and a
 *     wrapped function raises the error, without closing it
 *     (hang_close_sort, window_close_later).
 *   - upstream a1089b41, "'utf8.codes' accepts spurious continuation
 *     bytes": utf8.codes is loom's, and raises "invalid UTF-8 code" for a
 *     continuation byte that starts the string or follows a character, as
 *     Lua 5.4.5 does (5.4.4 skipped them silently).
 *   - upstream f623b969, "read overflow in 'l_strcmp'": comparing strings
 *     with < reads past their end when strcoll says two strings of different
 *     lengths are equal, which the "C" collation never does. A scene has no
 *     os.setlocale; a trusted one gets a version that does not honour a
 *     change of LC_COLLATE (or "all") to anything but "C" or "POSIX": it
 *     answers fail, as for a locale the system does not have.
 *
 * Everything else behaves as Lua 5.4's functions, messages included.
 */
#include "lua_bugs.h"

#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>
#include <stdint.h>
#include <string.h>

#include "guard.h"

enum {
    CLOSE_STACK = 1 << 20, /* C stack bytes nested closes may use */
    CLOSE_DEPTH = 200,     /* closes one inside another (Lua 5.4.5 counts C calls to 200) */
    MAX_UTF = 0x7fffffff,
    MAX_UNICODE = 0x10ffff,
};

#define GUARD_METATABLE "loom.close_guard"

/* --------------------------------------------------- nested closing -- */

typedef struct close_guard {
    int depth;       /* closes under way, one inside another */
    uintptr_t outer; /* the C stack where the outermost began */
} close_guard;

/* lua_resetthread(co), refused with Lua's "C stack overflow" (raised in L)
 * when the closes under way already use CLOSE_STACK bytes of C stack. */
static int guarded_reset(lua_State *L, close_guard *guard, lua_State *co) {
    char here;
    uintptr_t at = (uintptr_t)&here;
    uintptr_t used = guard->outer > at ? guard->outer - at : at - guard->outer;
    if (guard->depth >= CLOSE_DEPTH || (guard->depth > 0 && used > CLOSE_STACK))
        luaL_error(L, "C stack overflow");
    if (guard->depth++ == 0)
        guard->outer = at;
    int status = lua_resetthread(co); /* protected: returns whatever the handlers do */
    guard->depth--;
    return status;
}

static close_guard *guard_of(lua_State *L, int index) {
    return luaL_checkudata(L, index, GUARD_METATABLE);
}

enum { RUNNING, DEAD, SUSPENDED, NORMAL };

/* The status of co seen from L, as coroutine.status says it. */
static int status_of(lua_State *L, lua_State *co) {
    if (L == co)
        return RUNNING;
    switch (lua_status(co)) {
    case LUA_YIELD:
        return SUSPENDED;
    case LUA_OK: {
        lua_Debug ar;
        if (lua_getstack(co, 0, &ar))
            return NORMAL; /* it resumed another */
        return lua_gettop(co) == 0 ? DEAD : SUSPENDED;
    }
    default:
        return DEAD; /* it failed */
    }
}

/* coroutine.close(co). Upvalue 1: the guard. */
static int close_coroutine(lua_State *L) {
    static const char *const names[] = {"running", "dead", "suspended", "normal"};
    lua_State *co = lua_tothread(L, 1);
    luaL_argexpected(L, co, 1, "thread");
    int status = status_of(L, co);
    if (status != DEAD && status != SUSPENDED)
        return luaL_error(L, "cannot close a %s coroutine", names[status]);
    if (app_guard_killed(co)) { /* its handlers would run with hooks off */
        lua_pushboolean(L, 0);
        lua_pushvalue(co, -1); /* the error, left where it is */
        lua_xmove(co, L, 1);
        return 2;
    }
    if (guarded_reset(L, guard_of(L, lua_upvalueindex(1)), co) == LUA_OK) {
        lua_pushboolean(L, 1);
        return 1;
    }
    lua_pushboolean(L, 0);
    lua_xmove(co, L, 1);
    return 2;
}

/* Resumes co with the top narg values of L; moves its results (or, on
 * failure, its error) to L. The count of results, or -1 on failure. */
static int resume(lua_State *L, lua_State *co, int narg) {
    if (!lua_checkstack(co, narg)) {
        lua_pushliteral(L, "too many arguments to resume");
        return -1;
    }
    lua_xmove(L, co, narg);
    int results;
    int status = lua_resume(co, L, narg, &results);
    if (status != LUA_OK && status != LUA_YIELD) {
        lua_xmove(co, L, 1);
        return -1;
    }
    if (!lua_checkstack(L, results + 1)) {
        lua_pop(co, results);
        lua_pushliteral(L, "too many results to resume");
        return -1;
    }
    lua_xmove(co, L, results);
    return results;
}

/* A function coroutine.wrap made. Upvalues: the coroutine, the guard. */
static int wrapped(lua_State *L) {
    lua_State *co = lua_tothread(L, lua_upvalueindex(1));
    int results = resume(L, co, lua_gettop(L));
    if (results >= 0)
        return results;
    int status = lua_status(co);
    if (status != LUA_OK && status != LUA_YIELD && !app_guard_killed(co)) {
        /* it failed: close its variables (not if the limits stopped it) */
        status = guarded_reset(L, guard_of(L, lua_upvalueindex(2)), co);
        lua_xmove(co, L, 1);
    }
    if (status != LUA_ERRMEM && lua_type(L, -1) == LUA_TSTRING) {
        luaL_where(L, 1);
        lua_insert(L, -2);
        lua_concat(L, 2);
    }
    return lua_error(L);
}

/* coroutine.wrap(f). Upvalue 1: the guard. */
static int wrap(lua_State *L) {
    luaL_checktype(L, 1, LUA_TFUNCTION);
    lua_State *co = lua_newthread(L);
    lua_pushvalue(L, 1);
    lua_xmove(L, co, 1);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_pushcclosure(L, wrapped, 2);
    return 1;
}

/* ----------------------------------------------------------- utf8.codes -- */

static bool continuation(unsigned char c) {
    return (c & 0xc0) == 0x80;
}

/* Decodes the character at s (NUL-terminated beyond it, as Lua strings
 * are) into *code; its end, or NULL when invalid. Lax accepts up to six
 * bytes and 31 bits, strict only Unicode scalar values; overlong forms are
 * invalid either way. */
static const char *decode(const char *s, long *code, bool strict) {
    static const long least[] = {-1, 0x80, 0x800, 0x10000, 0x200000, 0x4000000};
    unsigned c = (unsigned char)s[0];
    long value = c;
    int count = 0;
    if (c >= 0x80) {
        value = 0;
        for (; c & 0x40; c <<= 1) {
            unsigned next = (unsigned char)s[++count];
            if (!continuation((unsigned char)next) || count > 5)
                return NULL;
            value = (value << 6) | (next & 0x3f);
        }
        value |= (long)(c & 0x7f) << (count * 5);
        if (count == 0 || count > 5 || value > MAX_UTF || value < least[count])
            return NULL;
    }
    if (strict && (value > MAX_UNICODE || (value >= 0xd800 && value <= 0xdfff)))
        return NULL;
    *code = value;
    return s + count + 1;
}

static int next_code(lua_State *L, bool strict) {
    size_t length;
    const char *s = luaL_checklstring(L, 1, &length);
    /* the control value less one, without overflow at math.mininteger */
    lua_Integer position = lua_tointeger(L, 2), n = position <= 0 ? -1 : position - 1;
    if (n < 0)
        n = 0;
    else if (n < (lua_Integer)length) {
        n++;
        while (continuation((unsigned char)s[n]))
            n++;
    }
    if (n >= (lua_Integer)length)
        return 0;
    long code;
    const char *next = decode(s + n, &code, strict);
    if (!next || continuation((unsigned char)*next))
        return luaL_error(L, "invalid UTF-8 code");
    lua_pushinteger(L, n + 1);
    lua_pushinteger(L, code);
    return 2;
}

static int next_code_strict(lua_State *L) {
    return next_code(L, true);
}

static int next_code_lax(lua_State *L) {
    return next_code(L, false);
}

/* utf8.codes(s [, lax]) */
static int codes(lua_State *L) {
    bool lax = lua_toboolean(L, 2);
    const char *s = luaL_checkstring(L, 1);
    luaL_argcheck(L, !continuation((unsigned char)*s), 1, "invalid UTF-8 code");
    lua_pushcfunction(L, lax ? next_code_lax : next_code_strict);
    lua_pushvalue(L, 1);
    lua_pushinteger(L, 0);
    return 3;
}

/* --------------------------------------------------------- os.setlocale -- */

/* os.setlocale([locale [, category]]) without a collation other than "C".
 * Upvalue 1: Lua's. */
static int set_locale(lua_State *L) {
    const char *locale = luaL_optstring(L, 1, NULL);
    const char *category = luaL_optstring(L, 2, "all");
    bool collation = strcmp(category, "all") == 0 || strcmp(category, "collate") == 0;
    if (locale && collation && strcmp(locale, "C") != 0 && strcmp(locale, "POSIX") != 0) {
        static const char *const categories[] = {"all",     "collate", "ctype", "monetary",
                                                 "numeric", "time",    NULL};
        luaL_checkoption(L, 2, "all", categories); /* Lua's error for a wrong one */
        luaL_pushfail(L);
        return 1;
    }
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, 1);
    return 1;
}

/* ---------------------------------------------------------------- open -- */

/* library.name = function (with the upvalue on top of the stack when
 * upvalue is true), if library is open. */
static void replace(lua_State *L, const char *library, const char *name, lua_CFunction function,
                    bool upvalue) {
    lua_getfield(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE);
    if (lua_getfield(L, -1, library) == LUA_TTABLE) {
        if (upvalue) {
            lua_pushvalue(L, -3);
            lua_pushcclosure(L, function, 1);
        } else {
            lua_pushcfunction(L, function);
        }
        lua_setfield(L, -2, name);
    }
    lua_pop(L, 2);
}

void app_lua_bugs_open(lua_State *L) {
    close_guard *guard = lua_newuserdatauv(L, sizeof *guard, 0);
    guard->depth = 0;
    guard->outer = 0;
    luaL_newmetatable(L, GUARD_METATABLE);
    lua_setmetatable(L, -2);
    replace(L, LUA_COLIBNAME, "close", close_coroutine, true);
    replace(L, LUA_COLIBNAME, "wrap", wrap, true);
    lua_pop(L, 1);
    replace(L, LUA_UTF8LIBNAME, "codes", codes, false);
    lua_getfield(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE);
    if (lua_getfield(L, -1, LUA_OSLIBNAME) == LUA_TTABLE &&
        lua_getfield(L, -1, "setlocale") == LUA_TFUNCTION) {
        lua_pushcclosure(L, set_locale, 1);
        lua_setfield(L, -2, "setlocale");
    } else {
        lua_pop(L, 1);
    }
    lua_pop(L, 2);
}
