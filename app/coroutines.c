/*
 * coroutines.c - coroutine.close and coroutine.wrap that leave a coroutine
 * the limits stopped unclosed (coroutines.h says why).
 *
 * wrap is Lua 5.4's as its manual describes it: the function resumes the
 * coroutine with its arguments and returns what it yields or returns; on an
 * error it closes the coroutine's pending to-be-closed variables and raises
 * the error, a string with the caller's position in front.
 */
#include "coroutines.h"

#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>

#include "guard.h"

/* coroutine.close(co). Upvalue 1: Lua's. */
static int close_coroutine(lua_State *L) {
    lua_State *co = lua_tothread(L, 1);
    if (co && app_guard_killed(co)) {
        lua_pushboolean(L, 0);
        lua_pushvalue(co, -1); /* the error, left where it is */
        lua_xmove(co, L, 1);
        return 2;
    }
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
    return lua_gettop(L);
}

/* The function coroutine.wrap returns. Upvalue 1: the coroutine. */
static int resume_wrapped(lua_State *L) {
    lua_State *co = lua_tothread(L, lua_upvalueindex(1));
    int arguments = lua_gettop(L);
    int results = 0;
    int status;
    if (!lua_checkstack(co, arguments)) {
        lua_pushliteral(L, "too many arguments to resume");
        status = LUA_ERRRUN;
    } else {
        lua_xmove(L, co, arguments);
        status = lua_resume(co, L, arguments, &results);
        if (status == LUA_OK || status == LUA_YIELD) {
            if (!lua_checkstack(L, results + 1)) {
                lua_pop(co, results);
                lua_pushliteral(L, "too many results to resume");
                status = LUA_ERRRUN;
            } else {
                lua_xmove(co, L, results);
                return results;
            }
        } else {
            int coroutine_status = lua_status(co);
            if (coroutine_status != LUA_OK && coroutine_status != LUA_YIELD) {
                /* An error in the coroutine: its to-be-closed variables are
                 * closed, unless its hooks are off (coroutines.h). */
                if (!app_guard_killed(co))
                    status = lua_resetthread(co);
                else
                    lua_pushvalue(co, -1);
            }
            lua_xmove(co, L, 1);
        }
    }
    if (status != LUA_ERRMEM && lua_type(L, -1) == LUA_TSTRING) {
        luaL_where(L, 1);
        lua_insert(L, -2);
        lua_concat(L, 2);
    }
    return lua_error(L);
}

/* coroutine.wrap(f). Upvalue 1: coroutine.create. */
static int wrap(lua_State *L) {
    luaL_checktype(L, 1, LUA_TFUNCTION);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_pushvalue(L, 1);
    lua_call(L, 1, 1);
    lua_pushcclosure(L, resume_wrapped, 1);
    return 1;
}

void app_coroutines_open(lua_State *L) {
    lua_getglobal(L, LUA_COLIBNAME);
    if (!lua_istable(L, -1)) {
        lua_pop(L, 1);
        return;
    }
    lua_getfield(L, -1, "close");
    lua_pushcclosure(L, close_coroutine, 1);
    lua_setfield(L, -2, "close");
    lua_getfield(L, -1, "create");
    lua_pushcclosure(L, wrap, 1);
    lua_setfield(L, -2, "wrap");
    lua_pop(L, 1);
}
