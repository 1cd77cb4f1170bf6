/*
 * loom_lua.h - the Lua 5.4 binding of loom's engine.
 *
 * A scene script uses the module as `loom` (a global) or `require "loom"`.
 * The binding owns no lua_State: every function receives the state it runs
 * in, and force callbacks run on the state that called world:step().
 */
#ifndef LOOM_LUA_H
#define LOOM_LUA_H

#include <lua.h>

#include "../engine/loom.h"
#include "../engine/render/render.h"

/* Opens the module: leaves the `loom` table on the stack, registers it in
 * package.loaded["loom"] and as the global `loom`. */
int luaopen_loom(lua_State *L);

/* The engine world behind the world userdata at index, or NULL when the value
 * there is not a loom world. */
lm_world *lmlua_toworld(lua_State *L, int index);

/* Pushes the world a scene made most recently with loom.world{}, or nil. */
void lmlua_push_last_world(lua_State *L);

/* Applies what the script asked for with loom.camera{...} onto camera (which
 * the caller has filled, usually with lm_camera_fit): fields the script did
 * not set keep their value. */
void lmlua_apply_camera(lua_State *L, lm_camera *camera);

#endif
