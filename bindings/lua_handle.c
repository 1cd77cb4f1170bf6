/*
 * lua_handle.c - engine handles as Lua userdata.
 *
 * One engine object maps to one userdata: the world keeps a weak-valued cache
 * per kind, keyed by slot and generation, so `world:particles()[1] == a` is
 * the same object as `a` and handles can be table keys. A handle never
 * dereferences anything the engine owns: every use goes through a validity
 * check, so a removed object raises "attempt to use a removed particle"
 * instead of reaching an engine assert.
 */
#include "lua_internal.h"

static const char *const kind_names[LMLUA_KIND_COUNT] = {"particle", "constraint", "force",
                                                         "collider"};
static const char *const kind_metatables[LMLUA_KIND_COUNT] = {"loom.particle", "loom.constraint",
                                                              "loom.force", "loom.collider"};

const char *lmlua_kind_name(lmlua_kind kind) {
    return kind_names[kind];
}

const char *lmlua_kind_metatable(lmlua_kind kind) {
    return kind_metatables[kind];
}

lm_particle lmlua_particle_of(const lmlua_handle *handle) {
    lm_particle particle = {handle->index1, handle->generation, lm_world_id(handle->owner->world)};
    return particle;
}

lm_constraint lmlua_constraint_of(const lmlua_handle *handle) {
    lm_constraint constraint = {handle->index1, handle->generation,
                                lm_world_id(handle->owner->world)};
    return constraint;
}

lm_force lmlua_force_of(const lmlua_handle *handle) {
    lm_force force = {handle->index1, handle->generation, lm_world_id(handle->owner->world)};
    return force;
}

lm_collider lmlua_collider_of(const lmlua_handle *handle) {
    lm_collider collider = {handle->index1, handle->generation, lm_world_id(handle->owner->world)};
    return collider;
}

/* Slot and generation as one cache key; generations differ after a slot is
 * reused, so a stale userdata is never handed out for a new object. */
static lua_Integer cache_key(uint32_t index1, uint32_t generation) {
    return (lua_Integer)((uint64_t)generation << 32 | index1);
}

/* ---------------------------------------------------------- user values -- */
/* A world's user values (its handle caches, its callbacks) and a handle's
 * (its world) are loom's, but a trusted scene can replace them with
 * debug.setuservalue: every read checks what it finds. */

void lmlua_push_world_table(lua_State *L, int world_index, int n) {
    world_index = lua_absindex(L, world_index);
    if (lua_getiuservalue(L, world_index, n) == LUA_TTABLE) {
        return;
    }
    lua_pop(L, 1);
    lua_newtable(L); /* replaced: start again, empty */
    if (n <= LMLUA_KIND_COUNT) {
        luaL_setmetatable(L, "loom.weak_values");
    }
    lua_pushvalue(L, -1);
    lua_setiuservalue(L, world_index, n);
}

void lmlua_push_callback(lua_State *L, int world_index, int ref) {
    if (lua_getiuservalue(L, world_index, LMLUA_UV_CALLBACKS) == LUA_TTABLE) {
        lua_rawgeti(L, -1, ref);
        lua_remove(L, -2);
    } else {
        lua_pop(L, 1);
        lua_pushnil(L); /* calling it raises "attempt to call a nil value" */
    }
}

void lmlua_release_callback(lua_State *L, int world_index, int ref) {
    if (lua_getiuservalue(L, world_index, LMLUA_UV_CALLBACKS) == LUA_TTABLE) {
        luaL_unref(L, -1, ref);
    }
    lua_pop(L, 1);
}

/* Whether the userdata at index is a handle as loom made it: a handle's size
 * (debug.setmetatable can give a vec or a world a handle's metatable) whose
 * user value is still the world it points to (debug.setuservalue can replace
 * it, and then nothing keeps that world alive). Compares addresses only: it
 * never reads through handle->owner. */
bool lmlua_handle_intact(lua_State *L, int index) {
    const lmlua_handle *handle = lua_touserdata(L, index);
    if (handle == NULL || lua_rawlen(L, index) != sizeof *handle || !lua_checkstack(L, 1)) {
        return false;
    }
    /* The same address is the same object: the world, alive (a scene
     * cannot make light userdata). */
    lua_getiuservalue(L, index, 1);
    bool intact = lua_touserdata(L, -1) == handle->owner;
    lua_pop(L, 1);
    return intact;
}

void lmlua_push_handle_world(lua_State *L, int index) {
    index = lua_absindex(L, index);
    if (!lmlua_handle_intact(L, index)) {
        luaL_error(L, "this handle was changed with the debug library");
    }
    lua_getiuservalue(L, index, 1);
}

void lmlua_push_handle(lua_State *L, int world_index, lmlua_kind kind, uint32_t index1,
                       uint32_t generation) {
    world_index = lua_absindex(L, world_index);
    lmlua_push_world_table(L, world_index, (int)kind + 1);
    lua_Integer key = cache_key(index1, generation);
    if (lua_rawgeti(L, -1, key) == LUA_TUSERDATA) {
        lua_remove(L, -2); /* the cache */
        return;
    }
    lua_pop(L, 1);
    lmlua_handle *handle = lua_newuserdatauv(L, sizeof *handle, 1);
    handle->owner = lua_touserdata(L, world_index);
    handle->index1 = index1;
    handle->generation = generation;
    luaL_setmetatable(L, kind_metatables[kind]);
    lua_pushvalue(L, world_index);
    lua_setiuservalue(L, -2, 1); /* the handle keeps its world alive */
    lua_pushvalue(L, -1);
    lua_rawseti(L, -3, key);
    lua_remove(L, -2); /* the cache */
}

void lmlua_push_particle(lua_State *L, int world_index, lm_particle particle) {
    lmlua_push_handle(L, world_index, LMLUA_PARTICLE, particle.index1, particle.generation);
}

lmlua_handle *lmlua_test_handle(lua_State *L, int arg, lmlua_kind kind) {
    lmlua_handle *handle = luaL_testudata(L, arg, kind_metatables[kind]);
    if (handle != NULL && !lmlua_handle_intact(L, arg)) {
        luaL_error(L, "bad %s (changed with the debug library)", kind_names[kind]);
    }
    return handle;
}

lmlua_handle *lmlua_check_handle(lua_State *L, int arg, lmlua_kind kind) {
    lmlua_handle *handle = lmlua_test_handle(L, arg, kind);
    if (handle == NULL) {
        luaL_typeerror(L, arg, kind_names[kind]);
    }
    return handle;
}

bool lmlua_handle_is_live(const lmlua_handle *handle, lmlua_kind kind) {
    const lm_world *world = handle->owner->world;
    if (world == NULL) {
        return false;
    }
    switch (kind) {
    case LMLUA_PARTICLE:
        return lm_particle_is_valid(world, lmlua_particle_of(handle));
    case LMLUA_CONSTRAINT:
        return lm_constraint_is_valid(world, lmlua_constraint_of(handle));
    case LMLUA_FORCE:
        return lm_force_is_valid(world, lmlua_force_of(handle));
    case LMLUA_COLLIDER:
        return lm_collider_is_valid(world, lmlua_collider_of(handle));
    case LMLUA_KIND_COUNT:
        break;
    }
    return false;
}

lmlua_handle *lmlua_check_live(lua_State *L, int arg, lmlua_kind kind) {
    lmlua_handle *handle = lmlua_check_handle(L, arg, kind);
    if (handle->owner->world == NULL) {
        luaL_argerror(
            L, arg,
            lua_pushfstring(L, "attempt to use a %s of a destroyed world", kind_names[kind]));
    }
    if (!lmlua_handle_is_live(handle, kind)) {
        luaL_argerror(L, arg, lua_pushfstring(L, "attempt to use a removed %s", kind_names[kind]));
    }
    return handle;
}

lmlua_handle *lmlua_check_member(lua_State *L, int arg, lmlua_kind kind, const lmlua_world *world) {
    lmlua_handle *handle = lmlua_check_live(L, arg, kind);
    if (handle->owner != world) {
        luaL_argerror(L, arg, lua_pushfstring(L, "%s belongs to another world", kind_names[kind]));
    }
    return handle;
}

/* Which kind of handle is at index, or LMLUA_KIND_COUNT for none. */
static lmlua_kind kind_at(lua_State *L, int index) {
    for (int kind = 0; kind < LMLUA_KIND_COUNT; kind++) {
        if (lmlua_test_handle(L, index, (lmlua_kind)kind) != NULL) {
            return (lmlua_kind)kind;
        }
    }
    return LMLUA_KIND_COUNT;
}

/* Lua calls __eq only for two distinct userdata, and the cache never makes
 * two live userdata for one object, so this answers false in practice; it
 * defines == by what handles refer to rather than by the cache's work. */
int lmlua_handle_eq(lua_State *L) {
    lmlua_kind kind = kind_at(L, 1);
    bool equal = false;
    if (kind != LMLUA_KIND_COUNT && kind_at(L, 2) == kind) {
        const lmlua_handle *a = lua_touserdata(L, 1);
        const lmlua_handle *b = lua_touserdata(L, 2);
        equal = a->owner == b->owner && a->index1 == b->index1 && a->generation == b->generation;
    }
    lua_pushboolean(L, equal);
    return 1;
}

int lmlua_handle_valid(lua_State *L) {
    lmlua_kind kind = kind_at(L, 1);
    if (kind == LMLUA_KIND_COUNT) {
        return luaL_typeerror(L, 1, "particle, constraint, force or collider");
    }
    lua_pushboolean(L, lmlua_handle_is_live(lua_touserdata(L, 1), kind));
    return 1;
}
