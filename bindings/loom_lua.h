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
#include <stdbool.h>
#include <stdint.h>

#include "../engine/loom.h"
#include "../render/render.h"

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

/* A label as the picture needs it (see loom.label in docs/lua-api.md). */
typedef enum lmlua_align { LMLUA_ALIGN_LEFT, LMLUA_ALIGN_CENTER, LMLUA_ALIGN_RIGHT } lmlua_align;

typedef struct lmlua_label {
    const char *text; /* UTF-8, lines split at '\n'; valid until the script runs again */
    bool on_screen;   /* position.x, .y are fractions of the picture from its top-left */
    lm_vec3 position; /* else a world point in m (a followed particle's position) */
    double offset_x;  /* points (pixels of a 720-line picture), to the right */
    double offset_y;  /* points, upwards */
    double size;      /* points: the height of a line of text */
    uint32_t color;   /* 0xRRGGBBAA */
    bool panel;       /* on a pale translucent panel */
    bool bold;
    lmlua_align align; /* which side of the text the anchor is on (centre: its middle) */
} lmlua_label;

typedef void (*lmlua_label_fn)(void *context, const lmlua_label *label);

/* Calls fn for every label of the state in the order the script made them,
 * skipping labels that follow a removed particle. Safe outside any Lua call:
 * it neither allocates nor raises. */
void lmlua_each_label(lua_State *L, lmlua_label_fn fn, void *context);

#endif
