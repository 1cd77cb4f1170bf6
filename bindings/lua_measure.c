/* lua_measure.c - world:energy, world:momentum, world:angular_momentum and
 * world:center_of_mass: conservation laws a lesson can check
 * (engine/measure.c). */
#include "lua_internal.h"

/* The optional particle list at arg 2: NULL and 0 for the whole world. The
 * scratch list, if any, is left on the stack. */
static const lm_particle *optional_list(lua_State *L, const lmlua_world *world, uint32_t *count) {
    *count = 0;
    if (lua_isnoneornil(L, 2)) {
        return NULL;
    }
    return lmlua_check_particle_list(L, 2, world, 1, count);
}

/* world:energy([particles]) -> { kinetic =, potential =, elastic =, total = } (J).
 * A field's Lua potential runs on this L (its error is raised unchanged). */
static int world_energy(lua_State *L) {
    lmlua_world *world = lmlua_check_world(L, 1);
    uint32_t count;
    const lm_particle *list = optional_list(L, world, &count);
    lua_pushnil(L); /* where a failing potential leaves its error */
    int error_index = lua_gettop(L);
    lua_State *saved = world->L;
    int saved_self = world->self_index, saved_error = world->error_index;
    world->L = L;
    world->self_index = 1;
    world->error_index = error_index;
    lm_energy e;
    lm_status status = lm_world_energy(world->world, list, count, &e);
    world->L = saved;
    world->self_index = saved_self;
    world->error_index = saved_error;
    if (status == LM_ERROR_CALLBACK) {
        lua_pushvalue(L, error_index);
        return lua_error(L);
    }
    if (status == LM_ERROR_MEMORY) {
        return lmlua_memory_error(L);
    }
    lua_createtable(L, 0, 4);
    lua_pushnumber(L, e.kinetic);
    lua_setfield(L, -2, "kinetic");
    lua_pushnumber(L, e.potential);
    lua_setfield(L, -2, "potential");
    lua_pushnumber(L, e.elastic);
    lua_setfield(L, -2, "elastic");
    lua_pushnumber(L, e.total);
    lua_setfield(L, -2, "total");
    return 1;
}

/* world:momentum([particles]) -> px, py, pz (kg m/s) */
static int world_momentum(lua_State *L) {
    lmlua_world *world = lmlua_check_world(L, 1);
    uint32_t count;
    const lm_particle *list = optional_list(L, world, &count);
    lm_vec3 m = lm_world_momentum(world->world, list, count);
    lua_pushnumber(L, m.x);
    lua_pushnumber(L, m.y);
    lua_pushnumber(L, m.z);
    return 3;
}

/* world:angular_momentum([particles] [, about]) -> Lx, Ly, Lz (kg m^2/s)
 * about the point about (default the origin). */
static int world_angular_momentum(lua_State *L) {
    lmlua_world *world = lmlua_check_world(L, 1);
    lm_vec3 about = {0, 0, 0};
    if (!lua_isnoneornil(L, 3)) {
        about = lmlua_check_vec3(L, lmlua_param(3, "about"));
    }
    uint32_t count;
    const lm_particle *list = optional_list(L, world, &count);
    lm_vec3 l = lm_world_angular_momentum(world->world, list, count, about);
    lua_pushnumber(L, l.x);
    lua_pushnumber(L, l.y);
    lua_pushnumber(L, l.z);
    return 3;
}

/* world:center_of_mass([particles]) -> x, y, z (m), or nil when nothing
 * measured has mass (only immovable particles, or none). */
static int world_center_of_mass(lua_State *L) {
    lmlua_world *world = lmlua_check_world(L, 1);
    uint32_t count;
    const lm_particle *list = optional_list(L, world, &count);
    lm_vec3 c;
    if (!lm_world_center_of_mass(world->world, list, count, &c)) {
        lua_pushnil(L);
        return 1;
    }
    lua_pushnumber(L, c.x);
    lua_pushnumber(L, c.y);
    lua_pushnumber(L, c.z);
    return 3;
}

const luaL_Reg lmlua_world_measure_methods[] = {
    {"energy", world_energy},
    {"momentum", world_momentum},
    {"angular_momentum", world_angular_momentum},
    {"center_of_mass", world_center_of_mass},
    {NULL, NULL},
};
