/*
 * lua_field.c - world:field: a force law over a set of particles, either a
 * built-in C law (uniform, wind, attractor, vortex, drag) or a Lua function
 * fn(x, y, z, vx, vy, vz, t, i) -> fx, fy, fz.
 *
 * A Lua field costs one lua_call per particle and nothing else: the engine
 * hands the whole set over at once (lm_field_batch), one lua_pcall runs a C
 * loop that calls the function with eight numbers and reads three back. No
 * handle, table or closure is made per particle.
 */
#include <math.h>
#include <stdlib.h>

#include "lua_internal.h"

typedef struct lua_field {
    lmlua_world *owner;
    int ref;       /* in the world's callback table */
    int potential; /* the potential function's ref there, or LUA_NOREF */
} lua_field;

/* "scene.lua:12" for the function at index (where it was defined). */
static void push_where_defined(lua_State *L, int index) {
    lua_Debug ar;
    lua_pushvalue(L, index);
    if (lua_getinfo(L, ">S", &ar) && ar.currentline != -2 && ar.linedefined > 0) {
        lua_pushfstring(L, "%s:%d", ar.short_src, ar.linedefined);
    } else {
        lua_pushliteral(L, "field function");
    }
}

/* One result of the function (at index): nil counts as 0. */
static double result(lua_State *L, int index, int function_index, const char *name, uint32_t slot) {
    int isnum;
    double value = lua_tonumberx(L, index, &isnum);
    if (!isnum) {
        if (lua_isnil(L, index)) {
            return 0;
        }
        push_where_defined(L, function_index);
        luaL_error(
            L, "%s: field function must return numbers fx, fy, fz, got %s for %s of particle#%d",
            lua_tostring(L, -1), luaL_typename(L, index), name, (int)(slot + 1));
    }
    if (!isfinite(value)) {
        char got[32];
        lmlua_format_number(value, got);
        push_where_defined(L, function_index);
        luaL_error(L, "%s: field function returned %s = %s for particle#%d (forces must be finite)",
                   lua_tostring(L, -1), name, got, (int)(slot + 1));
    }
    return value;
}

/* Runs under lua_pcall: 1 = the batch (light userdata), 2 = the function. */
static int run_batch(lua_State *L) {
    const lm_field_batch *b = lua_touserdata(L, 1);
    for (uint32_t k = 0; k < b->count; k++) {
        uint32_t slot = b->slots[k];
        lm_vec3 x = b->x[slot], v = b->v[slot];
        lua_pushvalue(L, 2);
        lua_pushnumber(L, x.x);
        lua_pushnumber(L, x.y);
        lua_pushnumber(L, x.z);
        lua_pushnumber(L, v.x);
        lua_pushnumber(L, v.y);
        lua_pushnumber(L, v.z);
        lua_pushnumber(L, b->time);
        lua_pushinteger(L, (lua_Integer)slot + 1);
        lua_call(L, 8, 3);
        lm_vec3 *f = &b->f[slot];
        f->x += result(L, 3, 2, "fx", slot);
        f->y += result(L, 4, 2, "fy", slot);
        f->z += result(L, 5, 2, "fz", slot);
        lua_settop(L, 2);
    }
    return 0;
}

/* Called by the engine once per force evaluation; must not raise. */
static int call_lua_field(const lm_field_batch *batch, void *context) {
    const lua_field *field = context;
    lmlua_world *world = field->owner;
    lua_State *L = world->L;
    if (L == NULL || !lua_checkstack(L, 16)) {
        return 1; /* stepped from C: no Lua to run on */
    }
    lua_pushcfunction(L, run_batch);
    lua_pushlightuserdata(L, (void *)batch);
    lmlua_push_callback(L, world->self_index, field->ref);
    if (lua_pcall(L, 2, 0, 0) != LUA_OK) {
        lua_replace(L, world->error_index); /* world:step raises it */
        return 1;
    }
    return 0;
}

/* Runs under lua_pcall: 1 = the batch, 2 = the potential function, 3 =
 * the sum so far (light userdata of a double). */
static int run_potential(lua_State *L) {
    const lm_field_batch *b = lua_touserdata(L, 1);
    double *energy = lua_touserdata(L, 3);
    for (uint32_t k = 0; k < b->count; k++) {
        uint32_t slot = b->slots[k];
        lm_vec3 x = b->x[slot];
        lua_pushvalue(L, 2);
        lua_pushnumber(L, x.x);
        lua_pushnumber(L, x.y);
        lua_pushnumber(L, x.z);
        lua_pushnumber(L, b->time);
        lua_pushinteger(L, (lua_Integer)slot + 1);
        lua_call(L, 5, 1);
        int isnum;
        double u = lua_tonumberx(L, -1, &isnum);
        if (!isnum || !isfinite(u)) {
            push_where_defined(L, 2);
            luaL_error(L,
                       "%s: potential function must return a finite number (J), got %s for "
                       "particle#%d",
                       lua_tostring(L, -1), isnum ? "a non-finite number" : luaL_typename(L, -2),
                       (int)(slot + 1));
        }
        *energy += u;
        lua_settop(L, 3);
    }
    return 0;
}

/* Called by the engine's lm_world_energy, while world:energy (or world:step)
 * has put the world's L in place; must not raise. */
static int call_lua_potential(const lm_field_batch *batch, void *context, double *energy) {
    const lua_field *field = context;
    lmlua_world *world = field->owner;
    lua_State *L = world->L;
    if (L == NULL || !lua_checkstack(L, 16)) {
        return 1;
    }
    lua_pushcfunction(L, run_potential);
    lua_pushlightuserdata(L, (void *)batch);
    lmlua_push_callback(L, world->self_index, field->potential);
    lua_pushlightuserdata(L, energy);
    if (lua_pcall(L, 3, 0, 0) != LUA_OK) {
        lua_replace(L, world->error_index);
        return 1;
    }
    return 0;
}

static void release_lua_field(void *context) {
    lua_field *field = context;
    lmlua_world *world = field->owner;
    if (world->L != NULL) {
        lmlua_release_callback(world->L, world->self_index, field->ref);
        if (field->potential != LUA_NOREF) {
            lmlua_release_callback(world->L, world->self_index, field->potential);
        }
    }
    free(field);
}

/* ------------------------------------------------------------ options -- */

static const char *const kinds[] = {"uniform", "wind", "attractor", "vortex", "drag", NULL};
static const lm_field_kind kind_values[] = {LM_FIELD_UNIFORM, LM_FIELD_WIND, LM_FIELD_ATTRACTOR,
                                            LM_FIELD_VORTEX, LM_FIELD_DRAG};

static const char *const function_fields[] = {"particles", "group", "potential", NULL};
static const char *const *const kind_fields[] = {
    (const char *const[]){"accel", "force", "particles", "group", NULL},
    (const char *const[]){"velocity", "k", "turbulence", "scale", "period", "seed", "particles",
                          "group", NULL},
    (const char *const[]){"at", "strength", "falloff", "radius", "particles", "group", NULL},
    (const char *const[]){"at", "axis", "strength", "radius", "particles", "group", NULL},
    (const char *const[]){"linear", "quadratic", "particles", "group", NULL},
};

/* particles = {p, ...} (or one particle) and group = n, into def; the
 * handles are left in a userdata on the stack until the field is made. */
static void get_set(lua_State *L, int arg, lmlua_world *world, lm_field_def *def) {
    lmlua_place place = lmlua_field(arg, "particles");
    lmlua_get_field(L, arg, "particles");
    int list = lua_gettop(L);
    if (lmlua_test_handle(L, list, LMLUA_PARTICLE) != NULL) {
        lua_createtable(L, 1, 0);
        lua_pushvalue(L, list);
        lua_rawseti(L, -2, 1);
        lua_replace(L, list);
    }
    if (!lua_isnil(L, list)) {
        if (!lua_istable(L, list)) {
            lua_pushfstring(L, "must be a table of particles, got %s", luaL_typename(L, list));
            lmlua_place_error(L, place, lua_tostring(L, -1));
        }
        lua_Integer n = lmlua_list_len(L, list);
        if (n < 1 || n > UINT32_MAX) {
            lmlua_place_error(L, place, "must hold at least one particle");
        }
        lm_particle *handles = lua_newuserdatauv(L, (size_t)n * sizeof *handles, 0);
        for (lua_Integer i = 1; i <= n; i++) {
            lmlua_list_geti(L, list, i);
            const lmlua_handle *h = lmlua_test_handle(L, -1, LMLUA_PARTICLE);
            if (h == NULL) {
                lua_pushfstring(L, "must be a table of particles, got %s at [%I]",
                                luaL_typename(L, -1), i);
                lmlua_place_error(L, place, lua_tostring(L, -1));
            }
            if (!lmlua_handle_is_live(h, LMLUA_PARTICLE)) {
                lua_pushfstring(L, "holds a removed particle at [%I]", i);
                lmlua_place_error(L, place, lua_tostring(L, -1));
            }
            if (h->owner != world) {
                lua_pushfstring(L, "holds a particle of another world at [%I]", i);
                lmlua_place_error(L, place, lua_tostring(L, -1));
            }
            handles[i - 1] = lmlua_particle_of(h);
            lua_pop(L, 1);
        }
        def->particles = handles;
        def->particle_count = (uint32_t)n;
    }
    lua_Integer group;
    if (lmlua_get_integer(L, arg, "group", &group)) {
        lmlua_require_range(L, lmlua_field(arg, "group"), (double)group, 0, true, 4294967295.0,
                            true);
        def->group = group;
    }
}

static void get_min(lua_State *L, int arg, const char *name, double *out, double min,
                    bool inclusive) {
    if (lmlua_get_finite(L, arg, name, out)) {
        lmlua_require_min(L, lmlua_field(arg, name), *out, min, inclusive);
    }
}

static void get_kind_options(lua_State *L, int arg, lm_field_def *def) {
    lua_Integer seed;
    switch (def->kind) {
    case LM_FIELD_UNIFORM:
        lmlua_get_vec3(L, arg, "accel", &def->accel);
        lmlua_get_vec3(L, arg, "force", &def->force);
        break;
    case LM_FIELD_WIND:
        lmlua_get_vec3(L, arg, "velocity", &def->velocity);
        get_min(L, arg, "k", &def->k, 0, true);
        get_min(L, arg, "turbulence", &def->turbulence, 0, true);
        get_min(L, arg, "scale", &def->scale, 0, false);
        get_min(L, arg, "period", &def->period, 0, false);
        if (lmlua_get_integer(L, arg, "seed", &seed)) {
            def->seed = (uint64_t)seed;
        }
        break;
    case LM_FIELD_ATTRACTOR:
        lmlua_get_vec3(L, arg, "at", &def->point);
        lmlua_get_finite(L, arg, "strength", &def->strength);
        get_min(L, arg, "falloff", &def->falloff, 0, true);
        get_min(L, arg, "radius", &def->radius, 0, false);
        break;
    case LM_FIELD_VORTEX:
        lmlua_get_vec3(L, arg, "at", &def->point);
        if (lmlua_get_vec3(L, arg, "axis", &def->axis) && def->axis.x == 0 && def->axis.y == 0 &&
            def->axis.z == 0) {
            lmlua_place_error(L, lmlua_field(arg, "axis"), "must not be zero");
        }
        lmlua_get_finite(L, arg, "strength", &def->strength);
        get_min(L, arg, "radius", &def->radius, 0, false);
        break;
    case LM_FIELD_DRAG:
        get_min(L, arg, "linear", &def->linear, 0, true);
        get_min(L, arg, "quadratic", &def->quadratic, 0, true);
        break;
    default:
        break;
    }
}

/* world:field(fn [, { particles, group, potential }]) or world:field(kind [, {...}]) */
static int world_field(lua_State *L) {
    lmlua_world *world = lmlua_check_world_idle(L, 1, "add to a world");
    lm_field_def def;
    int potential = 0; /* stack index of the potential function */
    if (lua_type(L, 2) == LUA_TFUNCTION) {
        def = lm_field_default_def(LM_FIELD_FUNCTION);
        if (lmlua_check_options(L, 3, function_fields)) {
            get_set(L, 3, world, &def);
            lmlua_get_field(L, 3, "potential");
            if (lua_isnil(L, -1)) {
                lua_pop(L, 1);
            } else if (!lua_isfunction(L, -1)) {
                lua_pushfstring(L, "must be a function, got %s", luaL_typename(L, -1));
                lmlua_place_error(L, lmlua_field(3, "potential"), lua_tostring(L, -1));
            } else {
                potential = lua_gettop(L);
            }
        }
    } else if (lua_type(L, 2) == LUA_TSTRING) {
        int kind = lmlua_to_option(L, 2, lmlua_param(2, "kind"), kinds);
        def = lm_field_default_def(kind_values[kind]);
        if (lmlua_check_options(L, 3, kind_fields[kind])) {
            get_set(L, 3, world, &def);
            get_kind_options(L, 3, &def);
        }
    } else {
        return luaL_typeerror(L, 2, "function or string");
    }
    lm_force force = {0, 0, 0};
    if (def.kind == LM_FIELD_FUNCTION) {
        lmlua_push_world_table(L, 1, LMLUA_UV_CALLBACKS);
        lua_pushvalue(L, 2);
        int ref = luaL_ref(L, -2);
        int potential_ref = LUA_NOREF;
        if (potential) {
            lua_pushvalue(L, potential);
            potential_ref = luaL_ref(L, -2);
        }
        lua_field *field = malloc(sizeof *field);
        if (field != NULL) {
            field->owner = world;
            field->ref = ref;
            field->potential = potential_ref;
            def.fn = call_lua_field;
            def.potential = potential ? call_lua_potential : NULL;
            def.context = field;
            def.release = release_lua_field;
            force = lm_force_create_field(world->world, &def);
        }
        if (force.index1 == 0) {
            luaL_unref(L, -1, ref);
            luaL_unref(L, -1, potential_ref);
            free(field);
        }
    } else {
        force = lm_force_create_field(world->world, &def);
    }
    if (force.index1 == 0) {
        return lmlua_memory_error(L);
    }
    lmlua_push_handle(L, 1, LMLUA_FORCE, force.index1, force.generation);
    return 1;
}

const luaL_Reg lmlua_world_field_methods[] = {
    {"field", world_field},
    {NULL, NULL},
};
