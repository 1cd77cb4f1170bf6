/*
 * lua_stacks.h - stops a thread whose Lua stack moves under a __concat
 * metamethod, before Debian's Lua 5.4.4 uses the old stack.
 *
 * Debian 12's liblua5.4 carries upstream's fix for CVE-2022-33099 (commit
 * 42d40581), which made luaV_concat keep a pointer into the thread's stack
 * across the call of a __concat metamethod; upstream then fixed the use of
 * that pointer (603b2c64, in 5.4.5), Debian did not. When the metamethod
 * makes the stack grow (a deep call), or a collection shrinks it meanwhile,
 * Lua moves the stack and then sets the thread's top into the freed block:
 * the collector walks freed memory (a SIGSEGV from a 9-line scene).
 *
 * The guard watches the state's allocator: Lua 5.4.4 moves a stack by
 * allocating a new block and freeing the old one right after. Knowing each
 * thread's stack block (the allocation that follows a new thread's), it
 * sees every move, and looks at the moving thread's calls: if one of them
 * is running a __concat metamethod (its caller is at a CONCAT instruction),
 * or the thread is about to call one, the thread is stopped: its hook runs
 * at its next instruction and at every return, and raises there, so the
 * metamethod never returns into luaV_concat.
 *
 * It reads two fields of Lua 5.4.4's CallInfo (the caller link and the
 * saved instruction pointer), which lua.h does not export; the layout is
 * checked when a host starts (app_lua_stacks_verify), and the guard stays
 * off (and says so) when it does not match.
 */
#ifndef LOOM_APP_LUA_STACKS_H
#define LOOM_APP_LUA_STACKS_H

#include <stdbool.h>
#include <stddef.h>

#include <lua.h>

typedef struct app_lua_stacks app_lua_stacks;

/* A guard for one state; hook is the count hook the state's threads run
 * (a stopped thread gets it on its returns too). NULL when out of memory. */
app_lua_stacks *app_lua_stacks_create(lua_Hook hook);
void app_lua_stacks_destroy(app_lua_stacks *stacks);

/* Called by the state's allocator with every request before serving it
 * (block, old size or type tag, new size, as lua_Alloc gets them); false
 * when it must be refused (the guard could not record a new stack). */
bool app_lua_stacks_before(app_lua_stacks *stacks, void *block, size_t old_size, size_t new_size);
/* ... and after serving it, with what the allocator returned. */
void app_lua_stacks_after(app_lua_stacks *stacks, void *block, size_t old_size, size_t new_size,
                          void *result);

/* C functions Lua calls from a CONCAT instruction that are not metamethods:
 * message handlers (an error in a concatenation calls the handler). */
void app_lua_stacks_exempt(app_lua_stacks *stacks, lua_CFunction function);

/* Checks the CallInfo layout the guard reads on L's state (call it in a
 * protected call, on the main thread). The guard is off until it passed. */
void app_lua_stacks_verify(app_lua_stacks *stacks, lua_State *L);
bool app_lua_stacks_verified(const app_lua_stacks *stacks);

/* Whether thread L was stopped, and the message its hook raises. */
bool app_lua_stacks_stopped(const app_lua_stacks *stacks, lua_State *L);
const char *app_lua_stacks_message(void);
/* Lets a stopped thread run again (the host's thread, once its call is over
 * and the metamethod gone); its hook becomes hook every count instructions. */
void app_lua_stacks_release(app_lua_stacks *stacks, lua_State *L, int count);

#endif
