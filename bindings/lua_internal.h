/*
 * lua_internal.h - what the binding's files share; not part of any public API.
 *
 * The layout, in one place:
 *
 * - A world is a full userdata (lmlua_world) with LMLUA_WORLD_USER_VALUES user
 *   values: one weak-valued cache per handle kind (so one engine object always
 *   maps to one userdata and handles work as table keys), and a table holding
 *   the world's Lua force callbacks. Keeping the callbacks there rather than
 *   in the registry means a callback that captures its own world (the usual
 *   case) does not keep that world alive forever.
 * - A particle, constraint, force or collider is a full userdata
 *   (lmlua_handle) whose one user value is its world userdata, which keeps the
 *   world alive as long as any handle is reachable.
 * - Metatables live in the registry under "loom.world", "loom.particle", ...;
 *   their __name is the bare kind, so lauxlib's errors read
 *   "particle expected, got nil".
 *
 * No lua_State is stored beyond one call: lmlua_world.L is set only while
 * world:step runs (force callbacks use it) and while world:remove runs (the
 * engine's release callback uses it), and is NULL otherwise.
 */
#ifndef LOOM_LUA_INTERNAL_H
#define LOOM_LUA_INTERNAL_H

#include <lauxlib.h>
#include <lua.h>
#include <stdbool.h>
#include <stdint.h>

#include "../render/overlay.h"
#include "../render/plot.h"
#include "loom_lua.h"

/* ---------------------------------------------------------------- world -- */

typedef enum lmlua_kind {
    LMLUA_PARTICLE,
    LMLUA_CONSTRAINT,
    LMLUA_FORCE,
    LMLUA_COLLIDER,
    LMLUA_KIND_COUNT
} lmlua_kind;

/* User values of a world userdata: the handle caches are 1..LMLUA_KIND_COUNT
 * (kind + 1), then the callback table. */
enum {
    LMLUA_UV_CALLBACKS = LMLUA_KIND_COUNT + 1,
    LMLUA_WORLD_USER_VALUES = LMLUA_UV_CALLBACKS,
};

enum { LMLUA_WORLD_NAME_SIZE = 48 };

/* Its size tells a world from the other userdata a trusted scene can give
 * its metatable (debug.setmetatable): it must differ from a label's (88
 * bytes), a vector's and a handle's (crash_setmetatable_confusion: with
 * workers in its own padded slot a world was 88 bytes too, and a label's
 * fields were freed as a world's styles). */
typedef struct lmlua_world {
    lm_world *world;                                /* NULL once the userdata has been collected */
    void (*give_workers)(void *context, int count); /* workers given back with this */
    void *budget;
    /* Valid only during world:step (and world:remove, for release): */
    lua_State *L;
    int self_index;     /* absolute index of the world userdata in L's running frame */
    int error_index;    /* where a failing force callback leaves its error value */
    int workers;        /* always: worker threads taken from the budget (lmlua_set_thread_budget) */
    bool stepping;      /* true while world:step runs, to refuse re-entry */
    bool held;          /* the host shows it (lmlua_hold_world): __gc refuses */
    bool spring_warned; /* a spring too stiff for the step was reported (lua_force.c) */
    /* Divergence watch (lua_force.c): the total energy at watch_time. */
    double watch_energy, watch_time;
    bool watching, diverge_warned;
    bool tunnel_warned;          /* a particle passed through a thin collider (lua_force.c) */
    bool unmet_warned;           /* exact sticks could not be solved in a sub-step (lua_world.c) */
    bool net_warned;             /* a relaxed net's sticks were off by more than 1% (lua_world.c) */
    double net_first, net_worst; /* ... first when, and the most over the second after */
    double net_worst_time;
    uint32_t net_sticks;
    lr_styles *styles; /* colours and looks by handle (render/style.h); the engine keeps none */
    char name[LMLUA_WORLD_NAME_SIZE]; /* loom.world{ name = }: "" when none */
    int number;                       /* 1 for the state's first world, 2 for the next, ... */
} lmlua_world;

/* The world at arg, or a "world expected" argument error. */
lmlua_world *lmlua_check_world(lua_State *L, int arg);
/* Same, and refuses with "cannot <doing> a world from inside its own force
 * callback" while the world is being stepped. */
lmlua_world *lmlua_check_world_idle(lua_State *L, int arg, const char *refusal);

/* Function tables, NULL-terminated, registered by lua_module.c: names that
 * start with "__" go into the metatable, the rest become methods. The world's
 * methods come from several files, each creating its own kind of object. */
extern const luaL_Reg lmlua_world_methods[]; /* lua_world.c */
extern const luaL_Reg lmlua_world_particle_methods[];
extern const luaL_Reg lmlua_world_constraint_methods[];
extern const luaL_Reg lmlua_world_force_methods[];
extern const luaL_Reg lmlua_world_field_methods[]; /* lua_field.c */
extern const luaL_Reg lmlua_world_collider_methods[];
extern const luaL_Reg lmlua_particle_methods[];
extern const luaL_Reg lmlua_constraint_methods[];
extern const luaL_Reg lmlua_force_methods[];
extern const luaL_Reg lmlua_collider_methods[];
/* Particle methods about contact (lua_collider.c), added to the particle's. */
extern const luaL_Reg lmlua_particle_contact_methods[];

int lmlua_world_new(lua_State *L); /* loom.world{...} */
/* Raises the error for an engine allocation that failed ("not enough memory"):
 * one place for every binding, so a host's limit speaks with one voice. */
int lmlua_memory_error(lua_State *L);
int lmlua_camera(lua_State *L); /* loom.camera{...} */
int lmlua_style(lua_State *L);  /* loom.style{...} (lua_style.c) */
/* Registers the label type and adds label, title and labels to the loom
 * table on top of the stack (lua_label.c). */
void lmlua_open_labels(lua_State *L);

/* ------------------------------------------------------------- drawing -- */

/* What loom.draw, attached visuals and loom.plot keep for one Lua state: a
 * full userdata in the registry (lua_draw.c), created on first use. Its user
 * value is a table whose keys are the particles that carry a trail or an
 * arrow, so they (and their world) stay alive while attached. */
typedef struct lmlua_attachment lmlua_attachment; /* lua_attach.c */

typedef struct lmlua_draw_state {
    lr_overlay *overlay;                             /* NULL until the first picture */
    lr_plots *plots;                                 /* NULL until the first loom.plot */
    bool inside_draw;                                /* loom.draw() is running */
    size_t user_items, user_points, user_text_bytes; /* drawn by loom.draw this picture */
    lmlua_attachment *attachments;
    size_t attachment_count, attachment_capacity;
} lmlua_draw_state;

/* The state, created on first use (may raise "not enough memory"). */
lmlua_draw_state *lmlua_draw_state_of(lua_State *L);
/* The state if it exists, else NULL; neither allocates nor raises. */
lmlua_draw_state *lmlua_draw_state_if_any(lua_State *L);
/* Pushes the table of attached particles (the state's user value). */
void lmlua_push_attached(lua_State *L);
/* Adds loom.line, arrow, circle, polygon, polyline, text (lua_draw.c) and
 * loom.plot (lua_plot.c) to the loom table on top of the stack. */
void lmlua_open_draw(lua_State *L);
void lmlua_open_plot(lua_State *L);
/* loom.record (lua_record.c). */
void lmlua_open_record(lua_State *L);
/* loom.param (lua_param.c). */
void lmlua_open_param(lua_State *L);
/* loom.show (lua_show.c). */
void lmlua_open_show(lua_State *L);
/* Adds loom.keys (lua_keys.c). */
void lmlua_open_keys(lua_State *L);
/* Adds loom.handles (lua_list.c): a compact list of handles. */
void lmlua_open_handles(lua_State *L);
/* A list of handles read as loom reads option lists: a loom.handles() list
 * through its own C code (no script code runs), any other table raw.
 * lmlua_list_geti pushes element i and returns its type. */
lua_Integer lmlua_list_len(lua_State *L, int index);
int lmlua_list_geti(lua_State *L, int index, lua_Integer i);
/* p:trail{...} and p:arrow(kind, {...}) (lua_attach.c). */
extern const luaL_Reg lmlua_particle_attach_methods[];
/* After each world:step: samples the trails and arrows of that world's
 * particles. Neither allocates nor raises. */
void lmlua_attachments_step(lua_State *L, const lm_world *world);
/* Adds the trails and arrows of the particles of every world (of every
 * world the scene shows, when it shows several) to overlay, each in its
 * world's part (lr_overlay_set_part); frees the attachments of removed
 * particles. */
void lmlua_attachments_draw(lua_State *L, lmlua_draw_state *state);
/* Frees every attachment (the state is being collected). */
void lmlua_attachments_free(lmlua_draw_state *state);

/* -------------------------------------------------------------- handles -- */

typedef struct lmlua_handle {
    lmlua_world *owner;
    uint32_t index1, generation;
} lmlua_handle;

/* "particle", "constraint", "force", "collider"; and "world" for the registry
 * names below. */
const char *lmlua_kind_name(lmlua_kind kind);
/* Registry name of the kind's metatable: "loom.particle", ... */
const char *lmlua_kind_metatable(lmlua_kind kind);
#define LMLUA_WORLD_METATABLE "loom.world"
/* The registry key of the loom table luaopen_loom made: loom reads its
 * callbacks there (raw), so a script replacing package.loaded.loom or giving
 * package.loaded a metatable changes nothing for it. */
#define LMLUA_MODULE_KEY "loom.module"

/* Pushes the one userdata for this engine object of the world at
 * world_index, creating it the first time. */
void lmlua_push_handle(lua_State *L, int world_index, lmlua_kind kind, uint32_t index1,
                       uint32_t generation);
void lmlua_push_particle(lua_State *L, int world_index, lm_particle particle);

/* User values, checked (a trusted scene can replace them with
 * debug.setuservalue): user value n of the world at world_index, a table,
 * made again (empty) if it was replaced; the callback ref of the world's
 * callbacks table, or nil; releasing ref; a handle's world userdata (raises
 * if it was replaced). */
void lmlua_push_world_table(lua_State *L, int world_index, int n);
void lmlua_push_callback(lua_State *L, int world_index, int ref);
void lmlua_release_callback(lua_State *L, int world_index, int ref);
void lmlua_push_handle_world(lua_State *L, int index);
/* Whether the userdata at index is a handle as loom made it (its size, and
 * its user value still the world it points to); never raises. */
bool lmlua_handle_intact(lua_State *L, int index);
/* The handle at arg if it is of that kind, else NULL; raises if it is one
 * whose user value or metatable a trusted scene changed (debug library). */
lmlua_handle *lmlua_test_handle(lua_State *L, int arg, lmlua_kind kind);
/* Type only ("particle expected, got nil"); the object may be removed. */
lmlua_handle *lmlua_check_handle(lua_State *L, int arg, lmlua_kind kind);
/* Type and liveness ("attempt to use a removed particle"). */
lmlua_handle *lmlua_check_live(lua_State *L, int arg, lmlua_kind kind);
/* Type, liveness, and membership of world ("particle belongs to another world"). */
lmlua_handle *lmlua_check_member(lua_State *L, int arg, lmlua_kind kind, const lmlua_world *world);
bool lmlua_handle_is_live(const lmlua_handle *handle, lmlua_kind kind);

/* A table of at least `least` live particles of world at arg, copied into a
 * scratch userdata pushed on the stack (lua_constraint.c); argument errors
 * name the bad element. */
lm_particle *lmlua_check_particle_list(lua_State *L, int arg, const lmlua_world *world,
                                       uint32_t least, uint32_t *count);
/* After world:step: every 0.1 s of world time, warns once when the energy
 * grew fast and a cause fits (a spring past the integrator's stability
 * limit, or explicit Euler) (lua_force.c). */
void lmlua_watch_divergence(lua_State *L, lmlua_world *world);
/* After each step: warns once when a particle went through a thin collider
 * during the last sub-step, with the sub-steps that would catch it. */
void lmlua_watch_tunnel(lua_State *L, lmlua_world *world);
/* world:embed_point (lua_embed.c). */
extern const luaL_Reg lmlua_world_embed_methods[];
/* world:energy, world:momentum, world:center_of_mass (lua_measure.c). */
extern const luaL_Reg lmlua_world_measure_methods[];

/* The engine handle a binding handle stands for. */
lm_particle lmlua_particle_of(const lmlua_handle *handle);
lm_constraint lmlua_constraint_of(const lmlua_handle *handle);
lm_force lmlua_force_of(const lmlua_handle *handle);
lm_collider lmlua_collider_of(const lmlua_handle *handle);

/* Metamethods shared by every handle kind. */
int lmlua_handle_eq(lua_State *L);
int lmlua_handle_valid(lua_State *L);

/* ------------------------------------------------------ argument checks -- */

/* Where a value came from, so an error can name it: a field of the options
 * table at stack index arg ("field 'mass' must be >= 0, got -1"), or a plain
 * argument with a descriptive name ("mass must be >= 0, got -1"). arg is the
 * stack index; luaL_argerror discounts self for method calls. */
typedef struct lmlua_place {
    int arg;
    const char *name;
    bool field;
} lmlua_place;

lmlua_place lmlua_field(int arg, const char *name);
lmlua_place lmlua_param(int arg, const char *name);

/* Raises "bad argument #N to 'f' (<subject> <message>)" where the subject is
 * "field 'name'" or "name". Never returns. */
int lmlua_place_error(lua_State *L, lmlua_place place, const char *message);
/* Formats a number for a message: "-1", "0.5", "nan", "inf". */
void lmlua_format_number(double value, char out[32]);
/* Formats a moment for a message, to the microsecond without trailing
 * zeros: "0.016667", "0.183333", "2.5", "1". */
void lmlua_format_seconds(double seconds, char out[32]);

/* The options table at arg: false for nil or none, true for a table whose
 * every key is one of fields (else "unknown field 'gravty'"), an argument
 * error for anything else. */
bool lmlua_check_options(lua_State *L, int arg, const char *const fields[]);
/* Pushes t[name] and returns its type: raw for a table (loom reads option
 * tables and lists raw, so that no script code (a metamethod) runs while it
 * builds an object, between checking a handle and using it), lua_getfield
 * for anything else (a vec's fields). */
int lmlua_get_field(lua_State *L, int index, const char *name);

/* Reading fields of the options table at arg. Each returns false and leaves
 * *out alone when the field is nil, and raises when it is present but wrong. */
bool lmlua_get_finite(lua_State *L, int arg, const char *name, double *out);
bool lmlua_get_integer(lua_State *L, int arg, const char *name, lua_Integer *out);
bool lmlua_get_vec3(lua_State *L, int arg, const char *name, lm_vec3 *out);
bool lmlua_get_boolean(lua_State *L, int arg, const char *name, bool *out);
bool lmlua_get_option(lua_State *L, int arg, const char *name, const char *const options[],
                      int *out);
bool lmlua_get_color(lua_State *L, int arg, const char *name, uint32_t *out);
/* lua_look.c: the `look` (lr_look names) and `color` fields of the
 * options table at arg, each left alone when absent. */
void lmlua_get_look(lua_State *L, int arg, lr_look *look, uint32_t *color);
/* Sets an object's style in its world's styles; "not enough memory" error on failure. */
void lmlua_set_style(lua_State *L, lmlua_world *world, lr_style_kind kind, uint32_t index1,
                     uint32_t generation, lr_style style);
extern const luaL_Reg lmlua_constraint_look_methods[]; /* c:look(), c:set_look() */
extern const luaL_Reg lmlua_force_look_methods[];      /* f:look() */

/* Plain arguments. */
double lmlua_check_finite(lua_State *L, lmlua_place place);
lm_vec3 lmlua_check_xyz(lua_State *L, int first); /* x, y [, z] at first.. */
lm_vec3 lmlua_check_vec3(lua_State *L, lmlua_place place);
uint32_t lmlua_check_color(lua_State *L, lmlua_place place);

/* Value at a stack index (the field or argument already fetched). */
double lmlua_to_finite(lua_State *L, int index, lmlua_place place);
lm_vec3 lmlua_to_vec3(lua_State *L, int index, lmlua_place place);
int lmlua_to_option(lua_State *L, int index, lmlua_place place, const char *const options[]);
uint32_t lmlua_to_color(lua_State *L, int index, lmlua_place place);

/* Range rules, raising "must be >= 0, got -1", "must be > 0, got 0",
 * "must be in [0, 1), got 1". */
void lmlua_require_min(lua_State *L, lmlua_place place, double value, double min, bool inclusive);
void lmlua_require_range(lua_State *L, lmlua_place place, double value, double low,
                         bool low_inclusive, double high, bool high_inclusive);

void lmlua_push_vec3_table(lua_State *L, lm_vec3 v);
/* Pushes r, g, b, a in 0..1 (4 values). */
void lmlua_push_color(lua_State *L, uint32_t rgba);

/* ---------------------------------------------------------------- vectors -- */
/* lua_vec.c: loom.vec. The vec at index, or NULL. */
lm_vec3 *lmlua_test_vec(lua_State *L, int index);
void lmlua_push_vec(lua_State *L, lm_vec3 v);
/* Registers the vec type, adds loom.vec to the loom table on top of the
 * stack, and the hints for p:pos().x and arithmetic on particles. */
void lmlua_open_vec(lua_State *L);
/* Adds loom.random, loom.noise and loom.seed (lua_random.c) to the loom
 * table on top of the stack. */
void lmlua_open_random(lua_State *L);
/* ---------------------------------------------------------------- hints -- */
/* lua_hint.c. Optimal string alignment distance between two names. */
int lmlua_name_distance(const char *a, const char *b);
/* The name of names (NULL-terminated) closest to name within distance 2
 * (ties: first in byte order), or NULL. */
const char *lmlua_closest_name(const char *name, const char *const names[]);
/* Raises "<what> has no field '<key>' (did you mean '<closest>'?)" at the
 * caller's position (level 1), the closest among the string keys of the
 * table at candidates. key may be NULL (a non-string key). */
int lmlua_no_field_error(lua_State *L, const char *what, int candidates, const char *key);
/* Gives the methods table at methods a metatable whose __index raises
 * lmlua_no_field_error(what) for unknown names. */
void lmlua_guard_methods(lua_State *L, int methods, const char *what);
/* The loom table's guard, for whoever owns its metatable (a lock may call
 * these from its own __index / __newindex):
 *   lmlua_loom_missing: reading loom[key] that does not exist: nil for a
 *     callback name (loom.update, ...), else raises "loom has no field ...";
 *   lmlua_loom_new_field: before storing a new loom[key] = value: loom is
 *     locked, so a script may set only the callbacks; any other new name
 *     raises "loom is read-only: cannot set 'x'" (or, close to a callback,
 *     "loom.updat is not a callback loom calls (did you mean loom.update?)").
 *     C (the host adding its part of loom) may set anything. Returns 0. */
int lmlua_loom_missing(lua_State *L, int loom, int key);
int lmlua_loom_new_field(lua_State *L, int loom, int key, int value);
/* Sets both on the loom table at loom (luaopen_loom does). */
void lmlua_guard_loom(lua_State *L, int loom);
#endif
