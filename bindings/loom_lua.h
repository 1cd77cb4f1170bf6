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
#include "../render/compose.h"
#include "../render/overlay.h"
#include "../render/plot.h"
#include "../render/render.h"

/* Opens the module: leaves the `loom` table on the stack, registers it in
 * package.loaded["loom"] and as the global `loom`. */
int luaopen_loom(lua_State *L);

/* The engine world behind the world userdata at index, or NULL when the value
 * there is not a loom world. */
lm_world *lmlua_toworld(lua_State *L, int index);
/* The colours and looks of the world at index (render/style.h), NULL when
 * it is not a live world. */
const lr_styles *lmlua_tostyles(lua_State *L, int index);
/* Marks the world at index as shown by the host (or no longer): while held,
 * its __gc refuses, so a trusted scene calling it by hand cannot free what
 * the host draws. Release it before lua_close. Never raises. */
void lmlua_hold_world(lua_State *L, int index, bool held);

/* Pushes the world a scene made most recently with loom.world{}, or nil. */
void lmlua_push_last_world(lua_State *L);

/* ------------------------------------------------------ shown worlds --
 * The worlds a scene shows when it compares several (loom.show, or a scene
 * returning several: see bindings/lua_show.c), in order; without either,
 * none, and the host shows the one world it found. */
enum { LMLUA_MAX_SHOWN = 8 };
/* How many; neither allocates nor raises. */
int lmlua_shown_count(lua_State *L);
/* Pushes the index-th (from 0), or nil. */
void lmlua_push_shown(lua_State *L, int index);
/* Where world is among them: its place from 1, 0 when the scene shows no
 * list, -1 when it is not in the list. Neither allocates nor raises. */
int lmlua_shown_part(lua_State *L, const lm_world *world);
/* True for loom.show's layout = "overlay" (one picture), false for "side". */
bool lmlua_shown_overlaid(lua_State *L);
/* A lua_CFunction: shows its arguments, worlds (the first LMLUA_MAX_SHOWN),
 * side by side. Call it protected. */
int lmlua_show_worlds(lua_State *L);
/* After the scene has loaded: loom.show refuses from now on. Call it
 * protected. */
void lmlua_show_close(lua_State *L);
/* The name of the world at index: loom.world{ name = }, or else "world N"
 * with N its place among the shown worlds (or its creation order). Neither
 * allocates nor raises; out must hold 64 bytes. */
const char *lmlua_world_name(lua_State *L, int index, char out[64]);

/* Applies what the script asked for with loom.camera{...} onto camera (which
 * the caller has filled, usually with lr_camera_fit): fields the script did
 * not set keep their value. */
void lmlua_apply_camera(lua_State *L, lr_camera *camera);

/* The theme loom.style{...} asked for, or "light". */
void lmlua_apply_theme(lua_State *L, lr_theme *theme);

/* A label as the picture needs it (see loom.label in docs/lua-api.md): the
 * renderer's lr_label (render/compose.h). Its text is valid until the
 * script runs again; a followed particle's position is resolved; the title
 * is marked. */
typedef lr_label lmlua_label;

typedef void (*lmlua_label_fn)(void *context, const lmlua_label *label);

/* Calls fn for every label of the state in the order the script made them,
 * skipping labels that follow a removed particle. Safe outside any Lua call:
 * it neither allocates nor raises. */
void lmlua_each_label(lua_State *L, lmlua_label_fn fn, void *context);

/* The keys the script named with loom.keys{ key = "what it does" }, sorted
 * by key, for the window's help. Neither allocates nor raises. */
typedef void (*lmlua_scene_key_fn)(void *context, const char *key, const char *text);
void lmlua_each_scene_key(lua_State *L, lmlua_scene_key_fn fn, void *context);

/* ---------------------------------------------------- drawing and plots -- */

/* One picture's script drawing; call it protected, like any call into the
 * script. Clears the overlay, adds the trails and arrows attached to the
 * particles of every world (a trail shows wherever its world is drawn,
 * lr_overlay_set_part), and calls loom.draw() if the script defines it
 * (its errors propagate unchanged; loom.line and the other primitives work
 * only inside it). The plot panels are the renderer's (lmlua_plots). */
int lmlua_draw_frame(lua_State *L);

/* What the last lmlua_draw_frame drew, or NULL before the first. Neither
 * allocates nor raises. */
const lr_overlay *lmlua_overlay(lua_State *L);

/* The series the script plotted with loom.plot (see render/plot.h for how
 * to read them, e.g. for --csv), or NULL before the first loom.plot. Neither
 * allocates nor raises; valid until the script runs again. */
const lr_plots *lmlua_plots(lua_State *L);

/* What loom.record kept (bindings/lua_record.c): its columns as a store of
 * series read like the plots', or NULL before the first value. Neither
 * allocates nor raises; valid until the script runs again. */
const lr_plots *lmlua_records(lua_State *L);
/* Once per frame, after the frame's steps, call it protected: calls every
 * function loom.record was given with the world's time and keeps what it
 * returns (nil: nothing). Errors propagate (a script error). */
int lmlua_record_frame(lua_State *L);

/* Warnings for the host to print ("scene.lua:3: loom.updat is not a
 * callback loom calls (did you mean loom.update?)"): pushes them as an array,
 * returns how many, and empties the list. */
int lmlua_push_warnings(lua_State *L);
void lmlua_add_warning(lua_State *L, const char *message);
/* Pushes message plus a traceback of of's Lua frames from level on: C
 * frames ("[C]: in ?") are left out, and so is the header when none is left. */
void lmlua_push_traceback(lua_State *L, lua_State *of, const char *message, int level);
/* Seeds loom.random, loom.noise and math.random (the host: --seed N, else a
 * hash of the scene file). Call it before the script runs. */
void lmlua_set_seed(lua_State *L, uint64_t seed);
uint64_t lmlua_seed(lua_State *L);
/* How many worlds loom.world has made in this state. */
lua_Integer lmlua_world_count(lua_State *L);

/* ------------------------------------------------------- limits (hosts) --
 * Every world loom.world makes allocates through L's allocator
 * (lua_getallocf at creation), so a host that limits Lua's memory limits the
 * engine's too; an engine allocation that fails raises "not enough memory"
 * (lmlua_memory_error). A host that limits time sets a step interrupt: every
 * world made afterwards in L asks fn(context) between relaxation sweeps
 * (lm_world_set_interrupt), and a world:step that it stops raises message
 * (with the caller's file:line in front). fn NULL removes it. Call outside
 * any Lua call or protected (it may raise "not enough memory"). */
void lmlua_set_step_interrupt(lua_State *L, lm_interrupt_fn fn, void *context, const char *message);

/* The budget new worlds take their worker threads from: a world asking for
 * threads = N takes up to N - 1 workers with take(context, N - 1) and runs
 * on 1 + what it got (the same results on any number of threads); it gives
 * them back with give(context, count) when it is collected. Without one a
 * world gets what it asks for. Call it protected (it may raise "not enough
 * memory"). */
void lmlua_set_thread_budget(lua_State *L, int (*take)(void *context, int wanted),
                             void (*give)(void *context, int count), void *context);

/* ------------------------------------------------------------ parameters -- */

/* What --set gave (or the window's sliders), as names and values typed on
 * the command line; call it before the script runs, inside a protected call
 * (it may raise "not enough memory"). loom.param reads them. */
void lmlua_params_give(lua_State *L, const char *const *names, const char *const *values,
                       int count);

typedef enum lmlua_param_kind {
    LMLUA_PARAM_NUMBER,
    LMLUA_PARAM_BOOLEAN,
    LMLUA_PARAM_STRING,
} lmlua_param_kind;

/* One parameter the script declared with loom.param. Strings are valid while
 * the state lives. */
typedef struct lmlua_parameter {
    const char *name, *label;
    lmlua_param_kind kind;
    double number;    /* its value, NUMBER */
    bool boolean;     /* its value, BOOLEAN */
    const char *text; /* its value, STRING */
    bool ranged;      /* min and max given */
    double low, high; /* ranged */
    double step;      /* 0 when not given */
    bool live;        /* live = true: the window changes it in the running scene */
} lmlua_parameter;

/* Declared parameters in the order the script declared them; neither
 * allocates nor raises. */
size_t lmlua_params_count(lua_State *L);
bool lmlua_params_at(lua_State *L, size_t index, lmlua_parameter *out);
/* The first given value that did not fit its parameter ("--set k=500: k must
 * be between 1 and 100"), or NULL. The default was used instead. */
const char *lmlua_params_problem(lua_State *L);
/* Gives the ranged number parameter name the value (clamped to its range; an
 * integer when its default is one and the value is whole), which a later
 * loom.param(name) returns: how the window moves a live parameter. False when
 * there is no such parameter. Call it protected (it may raise "not enough
 * memory"). */
bool lmlua_params_set(lua_State *L, const char *name, double value);

#endif
