/*
 * fuzz_lua.c - libFuzzer harness over the Lua API (make fuzz).
 *
 * The input bytes are a program for a small interpreter, not Lua source: each
 * instruction calls one of loom's functions (every function of the `loom`
 * table, every method and metamethod of loom's types but __gc, and the
 * builders of scripts/loom/) with arguments drawn from hostile generators:
 * nil, booleans, NaN, infinities, huge and negative numbers, integers at
 * their limits, strings (empty, names, long), tables (empty, huge, cyclic,
 * option tables of hostile fields), callbacks that error, loop or call loom
 * again, and earlier results: live, removed and foreign-world handles.
 * Every call is protected, as a script's would be; an error is the expected
 * answer, a crash or a sanitizer report is a finding.
 *
 * The state is fresh for every input and limited like a scene's: its heap
 * (LIMIT_BYTES) and its instructions (LIMIT_INSTRUCTIONS per input, counted
 * by a hook that keeps raising once spent, so nothing can swallow it), and
 * its worlds' steps, as loom's host limits them with its deadline: a step
 * interrupt stops them after LIMIT_STEP_CHECKS relaxation sweeps or
 * LIMIT_STEP_SECONDS of a single input (world:step(math.maxinteger) ran
 * until libFuzzer's own time-out without it).
 */
#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../../bindings/loom_lua.h"

enum {
    LIMIT_BYTES = 48 << 20,
    HOOK_EVERY = 1000,
    LIMIT_INSTRUCTIONS = 2000000,
    LIMIT_STEP_CHECKS = 200000,
    LIMIT_STEP_SECONDS = 2,
    SLOTS = 16,
    MAX_ARGS = 6,
    MAX_CALLS = 64,
};

typedef struct input {
    const uint8_t *data;
    size_t size, at;
} input;

typedef struct fuzz_state {
    size_t used;
    long instructions;
    long step_checks;
    struct timespec started;
    int functions; /* entries of the function list (registry ref list_ref) */
    int list_ref, pool_ref;
    input *in;
} fuzz_state;

static uint8_t next_byte(input *in) {
    return in->at < in->size ? in->data[in->at++] : 0;
}

static void *limited_alloc(void *context, void *block, size_t old_size, size_t new_size) {
    fuzz_state *state = context;
    if (block == NULL)
        old_size = 0;
    if (new_size == 0) {
        free(block);
        state->used -= old_size;
        return NULL;
    }
    if (new_size > old_size && new_size - old_size > LIMIT_BYTES - state->used)
        return NULL;
    void *grown = realloc(block, new_size);
    if (grown)
        state->used = state->used - old_size + new_size;
    return grown;
}

static fuzz_state *state_of(lua_State *L) {
    void *context;
    lua_getallocf(L, &context);
    return context;
}

/* The worlds' step interrupt (loom's host asks its deadline there): true
 * once the input's sweeps or its seconds are spent; the step then stops and
 * raises, as at a scene's deadline. */
static int step_interrupt(void *context) {
    fuzz_state *state = context;
    if (++state->step_checks > LIMIT_STEP_CHECKS)
        return 1;
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return now.tv_sec - state->started.tv_sec >= LIMIT_STEP_SECONDS;
}

/* Once the budget is spent, every later count raises again. */
static void budget_hook(lua_State *L, lua_Debug *where) {
    (void)where;
    fuzz_state *state = state_of(L);
    state->instructions += HOOK_EVERY;
    if (state->instructions > LIMIT_INSTRUCTIONS)
        luaL_error(L, "fuzz: instruction budget spent");
}

static int compare_names(const void *a, const void *b) {
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Adds the functions of the table on top (prefix.name) to the list at
 * list_index, as {name, fn} pairs; skips __gc, which a script cannot reach. */
static void collect(lua_State *L, int list_index, const char *prefix) {
    lua_pushnil(L);
    while (lua_next(L, -2)) {
        if (lua_type(L, -2) == LUA_TSTRING && lua_type(L, -1) == LUA_TFUNCTION &&
            strcmp(lua_tostring(L, -2), "__gc") != 0 &&
            strcmp(lua_tostring(L, -2), "__close") != 0) {
            lua_createtable(L, 2, 0);
            lua_pushfstring(L, "%s.%s", prefix, lua_tostring(L, -3));
            lua_rawseti(L, -2, 1);
            lua_pushvalue(L, -2);
            lua_rawseti(L, -2, 2);
            lua_rawseti(L, list_index, (lua_Integer)lua_rawlen(L, list_index) + 1);
        }
        lua_pop(L, 1);
    }
}

/* The function list, sorted by name so an input means the same calls on
 * every run: loom.*, the builders, and every type in the registry. */
static void build_function_list(lua_State *L, fuzz_state *state) {
    lua_newtable(L);
    int list = lua_gettop(L);
    lua_getglobal(L, "loom");
    collect(L, list, "loom");
    lua_pop(L, 1);
    static const char *const builders[] = {"loom.cloth",   "loom.rope",     "loom.plant",
                                           "loom.rigid",   "loom.goal",     "loom.frame",
                                           "loom.ragdoll", "loom.pressure", NULL};
    for (int i = 0; builders[i]; i++) {
        lua_getglobal(L, "require");
        lua_pushstring(L, builders[i]);
        if (lua_pcall(L, 1, 1, 0) == LUA_OK && lua_istable(L, -1))
            collect(L, list, builders[i]);
        lua_pop(L, 1);
    }
    /* loom's metatables: registry entries "loom..." with a __name. */
    lua_pushnil(L);
    while (lua_next(L, LUA_REGISTRYINDEX)) {
        if (lua_type(L, -2) == LUA_TSTRING && strncmp(lua_tostring(L, -2), "loom", 4) == 0 &&
            lua_istable(L, -1)) {
            if (lua_getfield(L, -1, "__name") == LUA_TSTRING) {
                char prefix[128];
                snprintf(prefix, sizeof prefix, "%s", lua_tostring(L, -1));
                lua_pop(L, 1);
                collect(L, list, prefix);
                if (lua_getfield(L, -1, "__index") == LUA_TTABLE)
                    collect(L, list, prefix);
            }
            lua_pop(L, 1);
        }
        lua_pop(L, 1);
    }
    /* Sort by name. */
    int count = (int)lua_rawlen(L, list);
    char **names = malloc(sizeof *names * (size_t)(count ? count : 1));
    for (int i = 0; i < count; i++) {
        lua_rawgeti(L, list, i + 1);
        lua_rawgeti(L, -1, 1);
        names[i] = strdup(lua_tostring(L, -1));
        lua_pop(L, 2);
    }
    qsort(names, (size_t)count, sizeof *names, compare_names);
    lua_newtable(L); /* name -> fn */
    for (int i = 0; i < count; i++) {
        lua_rawgeti(L, list, i + 1);
        lua_rawgeti(L, -1, 1);
        lua_rawgeti(L, -2, 2);
        lua_rawset(L, -4);
        lua_pop(L, 1);
    }
    lua_newtable(L);               /* sorted list of functions */
    if (getenv("FUZZ_LUA_LIST")) { /* the list, for the docs */
        for (int i = 0; i < count; i++)
            fprintf(stderr, "%s\n", names[i]);
        fprintf(stderr, "fuzz_lua: %d functions\n", count);
    }
    for (int i = 0; i < count; i++) {
        lua_getfield(L, -2, names[i]);
        lua_rawseti(L, -2, i + 1);
        free(names[i]);
    }
    free(names);
    state->functions = count;
    state->list_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    lua_pop(L, 2);
}

/* The first values: two worlds, particles in each, a removed particle, a
 * constraint, a force, a collider, a vector. Each made under pcall: an API
 * change makes a slot nil, not the harness fail. */
static const char prelude[] =
    "local pool = {}\n"
    "local function try(i, f) local ok, v = pcall(f) if ok then pool[i] = v end end\n"
    "try(1, function() return loom.world{} end)\n"
    "try(2, function() return loom.world{ gravity = {0, 0, 0}, collide_particles = true } end)\n"
    "try(3, function() return pool[1]:particle{ pos = {0, 0} } end)\n"
    "try(4, function() return pool[1]:particle{ pos = {1, 0}, mass = 0 } end)\n"
    "try(5, function() return pool[2]:particle{ pos = {0, 1} } end)\n"
    "try(6, function() local p = pool[1]:particle{ pos = {2, 0} } pool[1]:remove(p) return p "
    "end)\n"
    "try(7, function() return pool[1]:stick(pool[3], pool[4]) end)\n"
    "try(8, function() return pool[1]:force('gravity', {0, -1, 0}) end)\n"
    "try(9, function() return pool[1]:box{ min = {-5, -5, -5}, max = {5, 5, 5} } end)\n"
    "try(10, function() return loom.vec(1, 2, 3) end)\n"
    "try(11, function() return pool[2]:stick(pool[5], pool[2]:particle{ pos = {3, 3} }) end)\n"
    "try(12, function() return pool[1]:spring(pool[3], pool[4]) end)\n"
    "return pool\n";

static const char *const names[] = {
    "pos",         "vel",
    "mass",        "radius",
    "color",       "group",
    "gravity",     "dt",
    "substeps",    "iterations",
    "damping",     "integrator",
    "tolerance",   "order",
    "threads",     "min",
    "max",         "rest",
    "stiffness",   "compliance",
    "look",        "k",
    "text",        "at",
    "screen",      "size",
    "align",       "font",
    "panel",       "name",
    "unit",        "value",
    "rows",        "cols",
    "width",       "height",
    "spacing",     "segments",
    "count",       "n",
    "restitution", "friction",
    "theme",       "projection",
    "target",      "yaw",
    "pitch",       "fov",
    "seconds",     "scale",
    "kind",        "center",
    "normal",      "shape",
    "from",        "to",
    "collide",     "break_strain",
    "signed",      "step",
    "label",       "particle",
    "stick",       "spring",
    "rope",        "chain",
    "verlet",      "euler",
    "rk4",         "orthographic",
    "perspective", "dark",
    "red",         "#ff0000",
    "mono",        "sans",
    "space",       "a",
    "velocity",    "force",
    "energy",      "drag",
    "wind",        "air",
};
enum { NAME_COUNT = sizeof names / sizeof names[0] };

static void push_value(lua_State *L, fuzz_state *state, int depth);

/* A callback: calls upvalue 1 with upvalues 2.. (an error propagates, as
 * in a script), or with its own arguments when it has no more upvalues. */
static int callback_call(lua_State *L) {
    int upvalues = (int)lua_tointeger(L, lua_upvalueindex(1));
    if (upvalues == 0)
        return luaL_error(L, "fuzz: a callback that fails");
    int args;
    if (upvalues == 1) {
        args = lua_gettop(L);
        lua_pushvalue(L, lua_upvalueindex(2));
        lua_insert(L, 1);
    } else {
        lua_settop(L, 0);
        lua_pushvalue(L, lua_upvalueindex(2));
        for (args = 0; args < upvalues - 1; args++)
            lua_pushvalue(L, lua_upvalueindex(3 + args));
    }
    lua_call(L, args, LUA_MULTRET);
    return lua_gettop(L);
}

static void push_function(lua_State *L, fuzz_state *state, int index) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, state->list_ref);
    lua_rawgeti(L, -1, index % (state->functions ? state->functions : 1) + 1);
    lua_remove(L, -2);
}

static void push_slot(lua_State *L, fuzz_state *state, int slot) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, state->pool_ref);
    lua_rawgeti(L, -1, slot % SLOTS + 1);
    lua_remove(L, -2);
}

/* One hostile value, chosen by the next byte. */
static void push_value(lua_State *L, fuzz_state *state, int depth) {
    input *in = state->in;
    uint8_t choice = next_byte(in);
    if (depth > 3)
        choice %= 16; /* no more nesting */
    switch (choice % 40) {
    case 0:
        lua_pushnil(L);
        break;
    case 1:
        lua_pushboolean(L, 1);
        break;
    case 2:
        lua_pushboolean(L, 0);
        break;
    case 3:
        lua_pushinteger(L, 0);
        break;
    case 4:
        lua_pushinteger(L, -1);
        break;
    case 5:
        lua_pushinteger(L, 1 + next_byte(in) % 4);
        break;
    case 6:
        lua_pushnumber(L, NAN);
        break;
    case 7:
        lua_pushnumber(L, INFINITY);
        break;
    case 8:
        lua_pushnumber(L, -INFINITY);
        break;
    case 9:
        lua_pushnumber(L, 1e308);
        break;
    case 10:
        lua_pushnumber(L, -1e308);
        break;
    case 11:
        lua_pushinteger(L, LUA_MAXINTEGER);
        break;
    case 12:
        lua_pushinteger(L, LUA_MININTEGER);
        break;
    case 13:
        lua_pushnumber(L, 1e-300);
        break;
    case 14:
        lua_pushinteger(L, (int8_t)next_byte(in));
        break;
    case 15: {
        uint64_t bits = 0;
        for (int i = 0; i < 8; i++)
            bits = bits << 8 | next_byte(in);
        double value;
        memcpy(&value, &bits, sizeof value);
        lua_pushnumber(L, value);
        break;
    }
    case 16:
        lua_pushliteral(L, "");
        break;
    case 17: {
        size_t length = next_byte(in) % 32;
        if (length > in->size - in->at)
            length = in->size - in->at;
        lua_pushlstring(L, (const char *)in->data + in->at, length);
        in->at += length;
        break;
    }
    case 18:
    case 19:
        lua_pushstring(L, names[next_byte(in) % NAME_COUNT]);
        break;
    case 20: {
        /* A long string: 64 KiB to 1 MiB. */
        size_t length = (size_t)(1 + next_byte(in) % 16) << 16;
        luaL_Buffer b;
        char *p = luaL_buffinitsize(L, &b, length);
        memset(p, 'x', length);
        luaL_pushresultsize(&b, length);
        break;
    }
    case 21:
        lua_newtable(L);
        break;
    case 22:
    case 23: {
        /* A vector-like array of three hostile values. */
        lua_createtable(L, 3, 0);
        for (int i = 1; i <= 3; i++) {
            push_value(L, state, depth + 1);
            lua_rawseti(L, -2, i);
        }
        break;
    }
    case 24:
    case 25:
    case 26: {
        /* An option table: a few named fields. */
        int fields = next_byte(in) % 5;
        lua_createtable(L, 0, fields);
        for (int i = 0; i < fields; i++) {
            push_value(L, state, depth + 1);
            lua_setfield(L, -2, names[next_byte(in) % NAME_COUNT]);
        }
        break;
    }
    case 27: {
        /* An array of values (particles from the pool, say). */
        int count = next_byte(in) % 8;
        lua_createtable(L, count, 0);
        for (int i = 1; i <= count; i++) {
            push_value(L, state, depth + 1);
            lua_rawseti(L, -2, i);
        }
        break;
    }
    case 28: {
        /* A huge array: up to 100k numbers. */
        int count = (1 + next_byte(in)) * 400;
        lua_createtable(L, count, 0);
        for (int i = 1; i <= count; i++) {
            lua_pushnumber(L, i * 0.5);
            lua_rawseti(L, -2, i);
        }
        break;
    }
    case 29: {
        /* A cyclic table: t[1] = t, t.pos = t. */
        lua_newtable(L);
        lua_pushvalue(L, -1);
        lua_rawseti(L, -2, 1);
        lua_pushvalue(L, -1);
        lua_setfield(L, -2, "pos");
        break;
    }
    case 30:
    case 31:
    case 32:
    case 33:
    case 34:
        push_slot(L, state, next_byte(in));
        break;
    case 35: {
        /* A callback that fails. */
        lua_pushinteger(L, 0);
        lua_pushcclosure(L, callback_call, 1);
        break;
    }
    case 36:
    case 37: {
        /* A callback that calls a loom function with fixed hostile arguments. */
        int args = next_byte(in) % 4;
        lua_pushinteger(L, 1 + args);
        push_function(L, state, next_byte(in) | next_byte(in) << 8);
        for (int i = 0; i < args; i++)
            push_value(L, state, depth + 1);
        lua_pushcclosure(L, callback_call, 2 + args);
        break;
    }
    case 38: {
        /* A callback that passes its own arguments on to a loom function. */
        lua_pushinteger(L, 1);
        push_function(L, state, next_byte(in) | next_byte(in) << 8);
        lua_pushcclosure(L, callback_call, 2);
        break;
    }
    default: {
        /* A table whose fields raise an error when read. */
        lua_newtable(L);
        lua_newtable(L);
        lua_pushinteger(L, 0);
        lua_pushcclosure(L, callback_call, 1);
        lua_setfield(L, -2, "__index");
        lua_setmetatable(L, -2);
        break;
    }
    }
}

static int run_program(lua_State *L) {
    fuzz_state *state = lua_touserdata(L, 1);
    input *in = state->in;
    for (int calls = 0; calls < MAX_CALLS && in->at < in->size; calls++) {
        uint8_t op = next_byte(in);
        int top = lua_gettop(L);
        if (op % 8 == 7) {
            /* Put a value into a slot. */
            lua_rawgeti(L, LUA_REGISTRYINDEX, state->pool_ref);
            push_value(L, state, 0);
            lua_rawseti(L, -2, next_byte(in) % SLOTS + 1);
        } else if (op % 8 == 6) {
            /* Draw a frame, as a picture does (labels, plots, loom.draw). */
            lua_pushcfunction(L, lmlua_draw_frame);
            lua_pushnumber(L, (next_byte(in) + 1) / 64.0);
            if (lua_pcall(L, 1, 0, 0) != LUA_OK && lua_type(L, -1) != LUA_TSTRING &&
                lua_type(L, -1) != LUA_TTABLE)
                luaL_tolstring(L, -1, NULL);
        } else {
            push_function(L, state, next_byte(in) | next_byte(in) << 8);
            int args = next_byte(in) % (MAX_ARGS + 1);
            if (op & 0x10) {
                push_slot(L, state, next_byte(in)); /* a method call: self from the pool */
                args = args ? args - 1 : 0;
                for (int i = 0; i < args; i++)
                    push_value(L, state, 0);
                args++;
            } else {
                for (int i = 0; i < args; i++)
                    push_value(L, state, 0);
            }
            int slot = next_byte(in);
            if (lua_pcall(L, args, 1, 0) == LUA_OK) {
                if (!lua_isnil(L, -1)) {
                    lua_rawgeti(L, LUA_REGISTRYINDEX, state->pool_ref);
                    lua_pushvalue(L, -2);
                    lua_rawseti(L, -2, slot % SLOTS + 1);
                }
            } else {
                /* The error object must be printable: a string, or one that
                 * tostring can describe. */
                luaL_tolstring(L, -1, NULL);
            }
        }
        lua_settop(L, top);
        if (state->instructions > LIMIT_INSTRUCTIONS)
            break;
    }
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fuzz_state state = {0};
    input in = {data, size, 0};
    lua_State *L = lua_newstate(limited_alloc, &state);
    if (L == NULL)
        return 0;
    luaL_openlibs(L);
    luaL_requiref(L, "loom", luaopen_loom, 1);
    lua_pop(L, 1);
    lmlua_set_seed(L, 1);
    clock_gettime(CLOCK_MONOTONIC, &state.started);
    lmlua_set_step_interrupt(L, step_interrupt, &state, "fuzz: step budget spent");
    lua_getglobal(L, "package");
    lua_pushliteral(L, "scripts/?.lua;scripts/?/init.lua");
    lua_setfield(L, -2, "path");
    lua_pushliteral(L, "");
    lua_setfield(L, -2, "cpath");
    lua_pop(L, 1);
    build_function_list(L, &state);
    if (luaL_loadstring(L, prelude) != LUA_OK || lua_pcall(L, 0, 1, 0) != LUA_OK) {
        fprintf(stderr, "fuzz_lua: the prelude failed: %s\n", lua_tostring(L, -1));
        abort();
    }
    state.pool_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    state.in = &in;
    lua_sethook(L, budget_hook, LUA_MASKCOUNT, HOOK_EVERY);
    lua_pushcfunction(L, run_program);
    lua_pushlightuserdata(L, &state);
    (void)lua_pcall(L, 1, 0, 0);
    lua_sethook(L, NULL, 0, 0);
    lua_close(L); /* every __gc runs: that must be safe too */
    return 0;
}
