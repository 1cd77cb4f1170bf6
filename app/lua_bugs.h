/*
 * lua_bugs.h - loom's answers to the bugs of Lua 5.4.4 (Debian 12's
 * liblua5.4, which loom links as it is) that a scene could reach. Upstream
 * fixed them in 5.4.5 to 5.4.7; docs/untrusted.md lists each bug, how loom
 * answers it and why.
 *
 * Two kinds of answer:
 *   - code Lua 5.4.4 compiles wrongly is refused when it is loaded: every
 *     chunk loom loads (the scene, load, loadfile, dofile, require) is
 *     compiled, and its instructions are read back (app/lua_chunk.h) and
 *     checked before anything runs (app_lua_bugs_check);
 *   - library functions with a bug are replaced by versions without it
 *     (app_lua_bugs_open; app/lua_bugs_library.c).
 * The stack of a thread moving under a __concat metamethod is
 * app/lua_stacks.h's.
 */
#ifndef LOOM_APP_LUA_BUGS_H
#define LOOM_APP_LUA_BUGS_H

#include <stdbool.h>

struct lua_State;

/* Checks the function on top of L's stack, just compiled, for code that
 * trips a bug of Lua 5.4.4. True when it is clean. Otherwise the function
 * is replaced by an error message in the form of a syntax error
 * ("file:line: what, and what to write instead") and false is returned.
 * Raises only when the state refuses memory. */
bool app_lua_bugs_check(struct lua_State *L);

/* Replaces the library functions that have a bug in Lua 5.4.4 (in the
 * libraries that are open: coroutine, utf8, os). Raises on errors: call it
 * protected. */
void app_lua_bugs_open(struct lua_State *L);

#endif
