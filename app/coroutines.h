/*
 * coroutines.h - coroutine.close and coroutine.wrap that never run a
 * stopped coroutine's __close handlers out of reach of the limits.
 *
 * When a call must stop (its time or memory limit, app/guard.h), the hook
 * suspends a coroutine it can suspend; one inside a C call (a sort's order
 * function, a metamethod called from C) cannot be, so the hook raises an
 * error there, and an error raised from a hook leaves Lua's hooks of that
 * thread off for good (Lua 5.4 restores them only at a pcall). Closing such
 * a coroutine would run its pending __close handlers with no hook: a loop
 * in one would never end (coroutine.wrap closes at once; coroutine.close
 * later, in a call with a new deadline). So for such a coroutine
 * (app_guard_killed) coroutine.close answers as Lua's does, false and the
 * error, without running its handlers, and coroutine.wrap raises the error
 * as Lua's does without closing it. Every other coroutine is Lua's.
 */
#ifndef LOOM_APP_COROUTINES_H
#define LOOM_APP_COROUTINES_H

struct lua_State;

/* Replaces coroutine.close and coroutine.wrap (the library must be open).
 * Raises on errors: call it protected. */
void app_coroutines_open(struct lua_State *L);

#endif
