/*
 * lua_constraint.c - world:stick, world:pin and the constraint handle's
 * methods. Sticks and pins share one handle type ("constraint"); c:kind()
 * tells them apart and kind-specific methods say which kind they need.
 */
#include "lua_internal.h"

static const char *const stick_fields[] = {"rest", "stiffness", NULL};

/* world:stick(a, b [, { rest =, stiffness = }]) */
static int world_stick(lua_State *L) {
    lmlua_world *world = lmlua_check_world_idle(L, 1, "add to a world");
    lm_stick_def def = lm_stick_default_def();
    def.a = lmlua_particle_of(lmlua_check_member(L, 2, LMLUA_PARTICLE, world));
    def.b = lmlua_particle_of(lmlua_check_member(L, 3, LMLUA_PARTICLE, world));
    if (def.a.index1 == def.b.index1) {
        return luaL_argerror(L, 3, "a stick needs two different particles");
    }
    if (lmlua_check_options(L, 4, stick_fields)) {
        if (lmlua_get_finite(L, 4, "rest", &def.rest_length)) {
            lmlua_require_min(L, lmlua_field(4, "rest"), def.rest_length, 0, true);
        }
        if (lmlua_get_finite(L, 4, "stiffness", &def.stiffness)) {
            lmlua_require_range(L, lmlua_field(4, "stiffness"), def.stiffness, 0, false, 1, true);
        }
    }
    lm_constraint stick = lm_stick_create(world->world, &def);
    if (stick.index1 == 0) {
        return luaL_error(L, "not enough memory");
    }
    lmlua_push_handle(L, 1, LMLUA_CONSTRAINT, stick.index1, stick.generation);
    return 1;
}

/* world:pin(a [, {x, y, z}]): at the particle's position unless given. */
static int world_pin(lua_State *L) {
    lmlua_world *world = lmlua_check_world_idle(L, 1, "add to a world");
    lm_particle particle = lmlua_particle_of(lmlua_check_member(L, 2, LMLUA_PARTICLE, world));
    lm_vec3 target = lua_isnoneornil(L, 3) ? lm_particle_position(world->world, particle)
                                           : lmlua_check_vec3(L, lmlua_param(3, "target"));
    lm_constraint pin = lm_pin_create(world->world, particle, target);
    if (pin.index1 == 0) {
        return luaL_error(L, "not enough memory");
    }
    lmlua_push_handle(L, 1, LMLUA_CONSTRAINT, pin.index1, pin.generation);
    return 1;
}

const luaL_Reg lmlua_world_constraint_methods[] = {
    {"stick", world_stick},
    {"pin", world_pin},
    {NULL, NULL},
};

/* ------------------------------------------------------------- handles -- */

static lm_constraint check_self(lua_State *L, lm_world **world) {
    const lmlua_handle *handle = lmlua_check_live(L, 1, LMLUA_CONSTRAINT);
    *world = handle->owner->world;
    return lmlua_constraint_of(handle);
}

/* The live constraint at arg 1, which must be of the given kind:
 * "calling 'target' on bad self (pin expected, got stick)". */
static lm_constraint check_self_kind(lua_State *L, lm_constraint_kind kind, lm_world **world) {
    lm_constraint constraint = check_self(L, world);
    lm_constraint_kind actual = lm_constraint_get_kind(*world, constraint);
    if (actual != kind) {
        luaL_argerror(L, 1,
                      lua_pushfstring(L, "%s expected, got %s", lm_constraint_kind_name(kind),
                                      lm_constraint_kind_name(actual)));
    }
    return constraint;
}

static int constraint_kind(lua_State *L) {
    lm_world *world;
    lm_constraint constraint = check_self(L, &world);
    lua_pushstring(L, lm_constraint_kind_name(lm_constraint_get_kind(world, constraint)));
    return 1;
}

static int constraint_particles(lua_State *L) {
    lm_world *world;
    lm_constraint constraint = check_self(L, &world);
    lm_particle particles[4];
    int count = lm_constraint_particles(world, constraint, particles);
    lua_getiuservalue(L, 1, 1); /* the world userdata */
    int world_index = lua_gettop(L);
    for (int i = 0; i < count; i++) {
        lmlua_push_particle(L, world_index, particles[i]);
    }
    return count;
}

static int constraint_rest(lua_State *L) {
    lm_world *world;
    lm_constraint stick = check_self_kind(L, LM_CONSTRAINT_STICK, &world);
    lua_pushnumber(L, lm_stick_rest_length(world, stick));
    return 1;
}

static int constraint_error(lua_State *L) {
    lm_world *world;
    lm_constraint constraint = check_self(L, &world);
    lua_pushnumber(L, lm_constraint_error(world, constraint));
    return 1;
}

static int constraint_target(lua_State *L) {
    lm_world *world;
    lm_constraint pin = check_self_kind(L, LM_CONSTRAINT_PIN, &world);
    lm_vec3 target = lm_pin_target(world, pin);
    lua_pushnumber(L, target.x);
    lua_pushnumber(L, target.y);
    lua_pushnumber(L, target.z);
    return 3;
}

static int constraint_set_target(lua_State *L) {
    lm_world *world;
    lm_constraint pin = check_self_kind(L, LM_CONSTRAINT_PIN, &world);
    lm_pin_set_target(world, pin, lmlua_check_xyz(L, 2));
    return 0;
}

static int constraint_tostring(lua_State *L) {
    const lmlua_handle *handle = lmlua_check_handle(L, 1, LMLUA_CONSTRAINT);
    if (!lmlua_handle_is_live(handle, LMLUA_CONSTRAINT)) {
        lua_pushliteral(L, "removed constraint");
    } else {
        lm_constraint_kind kind =
            lm_constraint_get_kind(handle->owner->world, lmlua_constraint_of(handle));
        lua_pushfstring(L, "%s#%I", lm_constraint_kind_name(kind), (lua_Integer)handle->index1);
    }
    return 1;
}

const luaL_Reg lmlua_constraint_methods[] = {
    {"kind", constraint_kind},     {"particles", constraint_particles},
    {"rest", constraint_rest},     {"error", constraint_error},
    {"target", constraint_target}, {"set_target", constraint_set_target},
    {"valid", lmlua_handle_valid}, {"__tostring", constraint_tostring},
    {"__eq", lmlua_handle_eq},     {NULL, NULL},
};
