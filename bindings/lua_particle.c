/*
 * lua_particle.c - world:particle{...} and the particle handle's methods.
 * Vectors come back as several numbers (x, y, z), never as new tables, so
 * reading state in a loop allocates nothing.
 */
#include "lua_internal.h"

static const char *const particle_fields[] = {"pos",   "vel",   "mass", "radius",
                                              "color", "group", NULL};

/* world:particle{ pos =, vel =, mass =, radius =, color =, group = } */
static int world_particle(lua_State *L) {
    lmlua_world *world = lmlua_check_world_idle(L, 1, "add to a world");
    lm_particle_def def = lm_particle_default_def();
    uint32_t color = 0;
    if (lmlua_check_options(L, 2, particle_fields)) {
        lmlua_get_vec3(L, 2, "pos", &def.position);
        lmlua_get_vec3(L, 2, "vel", &def.velocity);
        if (lmlua_get_finite(L, 2, "mass", &def.mass)) {
            lmlua_require_min(L, lmlua_field(2, "mass"), def.mass, 0, true);
        }
        if (lmlua_get_finite(L, 2, "radius", &def.radius)) {
            lmlua_require_min(L, lmlua_field(2, "radius"), def.radius, 0, true);
        }
        lmlua_get_color(L, 2, "color", &color);
        lua_Integer group;
        if (lmlua_get_integer(L, 2, "group", &group)) {
            lmlua_require_range(L, lmlua_field(2, "group"), (double)group, 0, true, UINT32_MAX,
                                true);
            def.group = (uint32_t)group;
        }
    }
    lm_particle particle = lm_particle_create(world->world, &def);
    if (particle.index1 == 0) {
        return lmlua_memory_error(L);
    }
    if (color != 0) {
        lmlua_set_style(L, world, LR_STYLE_PARTICLE, particle.index1, particle.generation,
                        (lr_style){color, LR_LOOK_DEFAULT});
    }
    lmlua_push_particle(L, 1, particle);
    return 1;
}

const luaL_Reg lmlua_world_particle_methods[] = {
    {"particle", world_particle},
    {NULL, NULL},
};

/* ------------------------------------------------------------- handles -- */

/* The live particle at arg 1 and its engine world. */
static lm_particle check_self(lua_State *L, lm_world **world) {
    const lmlua_handle *handle = lmlua_check_live(L, 1, LMLUA_PARTICLE);
    *world = handle->owner->world;
    return lmlua_particle_of(handle);
}

static int push_xyz(lua_State *L, lm_vec3 v) {
    lua_pushnumber(L, v.x);
    lua_pushnumber(L, v.y);
    lua_pushnumber(L, v.z);
    return 3;
}

static int particle_pos(lua_State *L) {
    lm_world *world;
    lm_particle particle = check_self(L, &world);
    return push_xyz(L, lm_particle_position(world, particle));
}

static int particle_set_pos(lua_State *L) {
    lm_world *world;
    lm_particle particle = check_self(L, &world);
    lm_particle_set_position(world, particle, lmlua_check_xyz(L, 2));
    return 0;
}

static int particle_vel(lua_State *L) {
    lm_world *world;
    lm_particle particle = check_self(L, &world);
    return push_xyz(L, lm_particle_velocity(world, particle));
}

/* p:position(), p:velocity(): the same as loom.vec values. */
static int particle_position(lua_State *L) {
    lm_world *world;
    lm_particle particle = check_self(L, &world);
    lmlua_push_vec(L, lm_particle_position(world, particle));
    return 1;
}

static int particle_velocity(lua_State *L) {
    lm_world *world;
    lm_particle particle = check_self(L, &world);
    lmlua_push_vec(L, lm_particle_velocity(world, particle));
    return 1;
}

static int particle_set_vel(lua_State *L) {
    lm_world *world;
    lm_particle particle = check_self(L, &world);
    lm_particle_set_velocity(world, particle, lmlua_check_xyz(L, 2));
    return 0;
}

static int particle_mass(lua_State *L) {
    lm_world *world;
    lm_particle particle = check_self(L, &world);
    lua_pushnumber(L, lm_particle_mass(world, particle));
    return 1;
}

static int particle_set_mass(lua_State *L) {
    lm_world *world;
    lm_particle particle = check_self(L, &world);
    lmlua_place place = lmlua_param(2, "mass");
    double mass = lmlua_check_finite(L, place);
    lmlua_require_min(L, place, mass, 0, true);
    lm_particle_set_mass(world, particle, mass);
    return 0;
}

static int particle_radius(lua_State *L) {
    lm_world *world;
    lm_particle particle = check_self(L, &world);
    lua_pushnumber(L, lm_particle_radius(world, particle));
    return 1;
}

static int particle_set_radius(lua_State *L) {
    lm_world *world;
    lm_particle particle = check_self(L, &world);
    lmlua_place place = lmlua_param(2, "radius");
    double radius = lmlua_check_finite(L, place);
    lmlua_require_min(L, place, radius, 0, true);
    lm_particle_set_radius(world, particle, radius);
    return 0;
}

/* r, g, b, a in 0..1, or nil while the particle has the renderer's default. */
static int particle_color(lua_State *L) {
    const lmlua_handle *handle = lmlua_check_live(L, 1, LMLUA_PARTICLE);
    uint32_t color =
        lr_styles_get(handle->owner->styles, LR_STYLE_PARTICLE, handle->index1, handle->generation)
            .color;
    if (color == 0) {
        lua_pushnil(L);
        return 1;
    }
    lmlua_push_color(L, color);
    return 4;
}

/* p:set_color(c); nil goes back to the renderer's default. */
static int particle_set_color(lua_State *L) {
    const lmlua_handle *handle = lmlua_check_live(L, 1, LMLUA_PARTICLE);
    uint32_t color = lua_isnoneornil(L, 2) ? 0 : lmlua_check_color(L, lmlua_param(2, "color"));
    lmlua_set_style(L, handle->owner, LR_STYLE_PARTICLE, handle->index1, handle->generation,
                    (lr_style){color, LR_LOOK_DEFAULT});
    return 0;
}

static int particle_force(lua_State *L) {
    lm_world *world;
    lm_particle particle = check_self(L, &world);
    return push_xyz(L, lm_particle_force(world, particle));
}

/* Only inside a force callback of the particle's world: every force
 * evaluation starts from cleared accumulators, so a force added between steps
 * would vanish without a word. */
static int particle_add_force(lua_State *L) {
    const lmlua_handle *handle = lmlua_check_live(L, 1, LMLUA_PARTICLE);
    lm_vec3 force = lmlua_check_xyz(L, 2);
    if (!handle->owner->stepping) {
        return luaL_error(L, "add_force only works inside a force callback: use "
                             "world:force(function(w, t) ... end)");
    }
    lm_particle_add_force(handle->owner->world, lmlua_particle_of(handle), force);
    return 0;
}

static int particle_tostring(lua_State *L) {
    const lmlua_handle *handle = lmlua_check_handle(L, 1, LMLUA_PARTICLE);
    if (!lmlua_handle_is_live(handle, LMLUA_PARTICLE)) {
        lua_pushliteral(L, "removed particle");
    } else {
        lua_pushfstring(L, "particle#%I", (lua_Integer)handle->index1);
    }
    return 1;
}

const luaL_Reg lmlua_particle_methods[] = {
    {"pos", particle_pos},           {"set_pos", particle_set_pos},
    {"vel", particle_vel},           {"set_vel", particle_set_vel},
    {"position", particle_position}, {"velocity", particle_velocity},
    {"mass", particle_mass},         {"set_mass", particle_set_mass},
    {"radius", particle_radius},     {"set_radius", particle_set_radius},
    {"color", particle_color},       {"set_color", particle_set_color},
    {"force", particle_force},       {"add_force", particle_add_force},
    {"valid", lmlua_handle_valid},   {"__tostring", particle_tostring},
    {"__eq", lmlua_handle_eq},       {NULL, NULL},
};
