/*
 * lua_collider.c - world:box{...} (Jakobsen's world box: particles are kept
 * inside it) and the collider handle's methods.
 */
#include "lua_internal.h"

static const char *const box_fields[] = {"min", "max", "restitution", "friction", NULL};

static lm_vec3 required_vec3(lua_State *L, int arg, const char *name) {
    lm_vec3 v = {0.0, 0.0, 0.0};
    if (!lmlua_get_vec3(L, arg, name, &v)) {
        lmlua_place_error(L, lmlua_field(arg, name), "is required");
    }
    return v;
}

/* world:box{ min =, max =, restitution =, friction = } */
static int world_box(lua_State *L) {
    lmlua_world *world = lmlua_check_world_idle(L, 1, "add to a world");
    luaL_checktype(L, 2, LUA_TTABLE);
    lmlua_check_options(L, 2, box_fields);
    lm_collider_def def = lm_collider_default_def();
    def.kind = LM_COLLIDER_WORLD_BOX;
    def.min = required_vec3(L, 2, "min");
    def.max = required_vec3(L, 2, "max");
    if (!(def.min.x < def.max.x && def.min.y < def.max.y && def.min.z < def.max.z)) {
        return luaL_argerror(L, 2,
                             "field 'min' must be less than field 'max' on every axis "
                             "(give z for both, e.g. min = {-1, 0, -1}, max = {1, 2, 1})");
    }
    if (lmlua_get_finite(L, 2, "restitution", &def.restitution)) {
        lmlua_require_range(L, lmlua_field(2, "restitution"), def.restitution, 0, true, 1, true);
    }
    if (lmlua_get_finite(L, 2, "friction", &def.friction)) {
        lmlua_require_range(L, lmlua_field(2, "friction"), def.friction, 0, true, 1, true);
    }
    lm_collider collider = lm_collider_create(world->world, &def);
    if (collider.index1 == 0) {
        return luaL_error(L, "not enough memory");
    }
    lmlua_push_handle(L, 1, LMLUA_COLLIDER, collider.index1, collider.generation);
    return 1;
}

const luaL_Reg lmlua_world_collider_methods[] = {
    {"box", world_box},
    {NULL, NULL},
};

/* ------------------------------------------------------------- handles -- */

static int collider_tostring(lua_State *L) {
    const lmlua_handle *handle = lmlua_check_handle(L, 1, LMLUA_COLLIDER);
    if (!lmlua_handle_is_live(handle, LMLUA_COLLIDER)) {
        lua_pushliteral(L, "removed collider");
    } else {
        lua_pushfstring(L, "box#%I", (lua_Integer)handle->index1);
    }
    return 1;
}

const luaL_Reg lmlua_collider_methods[] = {
    {"valid", lmlua_handle_valid},
    {"__tostring", collider_tostring},
    {"__eq", lmlua_handle_eq},
    {NULL, NULL},
};
