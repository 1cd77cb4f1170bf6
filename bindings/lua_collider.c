/*
 * lua_collider.c - colliders: world:box{...} (Jakobsen's world box, a
 * container), world:plane, world:sphere, world:obb and world:capsule
 * (obstacles, or containers with container = true), the collider handle's
 * methods, and the particle's contact methods (material, mask, contact).
 */
#include <math.h>
#include <string.h>

#include "lua_internal.h"

#define DEGREES (3.14159265358979323846 / 180.0)

static bool nonzero(lm_vec3 v) {
    return v.x != 0 || v.y != 0 || v.z != 0;
}

static lm_vec3 required_vec3(lua_State *L, int arg, const char *name) {
    lm_vec3 v = {0.0, 0.0, 0.0};
    if (!lmlua_get_vec3(L, arg, name, &v)) {
        lmlua_place_error(L, lmlua_field(arg, name), "is required");
    }
    return v;
}

static double required_positive(lua_State *L, int arg, const char *name) {
    double value = 0;
    if (!lmlua_get_finite(L, arg, name, &value)) {
        lmlua_place_error(L, lmlua_field(arg, name), "is required");
    }
    lmlua_require_min(L, lmlua_field(arg, name), value, 0, false);
    return value;
}

/* color: 0xRRGGBBAA, or 0 for the theme's; kept in the world's styles. */
static lm_collider push_new(lua_State *L, lmlua_world *world, const lm_collider_def *def,
                            uint32_t color) {
    lm_collider collider = lm_collider_create(world->world, def);
    if (collider.index1 == 0) {
        lmlua_memory_error(L);
    }
    if (color != 0) {
        lmlua_set_style(L, world, LR_STYLE_COLLIDER, collider.index1, collider.generation,
                        (lr_style){color, LR_LOOK_DEFAULT});
    }
    lmlua_push_handle(L, 1, LMLUA_COLLIDER, collider.index1, collider.generation);
    return collider;
}

/* world:box{ min =, max =, restitution =, friction = } */
static const char *const box_fields[] = {"min", "max", "restitution", "friction", NULL};

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
    push_new(L, world, &def, 0);
    return 1;
}

/* ------------------------------------------------------ shared fields -- */

/* A table of collision groups, each an integer in [0, 31], as a bit mask. */
static uint32_t to_mask(lua_State *L, int index, lmlua_place place) {
    index = lua_absindex(L, index);
    if (lua_type(L, index) != LUA_TTABLE) {
        lmlua_place_error(L, place, "must be a table of groups (integers in [0, 31])");
    }
    uint32_t mask = 0;
    lua_Integer n = (lua_Integer)lua_rawlen(L, index);
    for (lua_Integer i = 1; i <= n; i++) {
        lua_rawgeti(L, index, i);
        int is_integer = 0;
        lua_Integer g = lua_tointegerx(L, -1, &is_integer);
        lua_pop(L, 1);
        if (!is_integer || g < 0 || g > 31) {
            lmlua_place_error(L, place, "must be a table of groups (integers in [0, 31])");
        }
        mask |= 1u << g;
    }
    return mask;
}

static void push_mask(lua_State *L, uint32_t mask) {
    lua_createtable(L, 32, 0);
    lua_Integer n = 0;
    for (int g = 0; g < 32; g++) {
        if ((mask >> g) & 1u) {
            lua_pushinteger(L, g);
            lua_rawseti(L, -2, ++n);
        }
    }
}

/* restitution, friction, static_friction, group, mask, color: the fields
 * every shape and c:set{} share. */
static void read_material(lua_State *L, int arg, lm_collider_def *def, uint32_t *color) {
    if (lmlua_get_finite(L, arg, "restitution", &def->restitution)) {
        lmlua_require_range(L, lmlua_field(arg, "restitution"), def->restitution, 0, true, 1, true);
    }
    if (lmlua_get_finite(L, arg, "friction", &def->friction)) {
        lmlua_require_min(L, lmlua_field(arg, "friction"), def->friction, 0, true);
    }
    if (lmlua_get_finite(L, arg, "static_friction", &def->static_friction)) {
        lmlua_require_min(L, lmlua_field(arg, "static_friction"), def->static_friction, 0, true);
    }
    lua_Integer group;
    if (lmlua_get_integer(L, arg, "group", &group)) {
        lmlua_require_range(L, lmlua_field(arg, "group"), (double)group, 0, true, 31, true);
        def->group = (uint32_t)group;
    }
    if (lmlua_get_field(L, arg, "mask") != LUA_TNIL) {
        def->mask = to_mask(L, -1, lmlua_field(arg, "mask"));
    }
    lua_pop(L, 1);
    lmlua_get_color(L, arg, "color", color);
}

/* Reads the common fields and container = true|false. */
static void read_common(lua_State *L, int arg, lm_collider_def *def, uint32_t *color) {
    read_material(L, arg, def, color);
    int type = lmlua_get_field(L, arg, "container");
    if (type != LUA_TNIL) {
        if (type != LUA_TBOOLEAN) {
            lua_pushfstring(L, "must be a boolean, got %s", luaL_typename(L, -1));
            lmlua_place_error(L, lmlua_field(arg, "container"), lua_tostring(L, -1));
        }
        def->container = lua_toboolean(L, -1);
    }
    lua_pop(L, 1);
}

/* angle = degrees about axis = {x, y, z} (default {0, 0, 1}). */
static lm_quat read_rotation(lua_State *L, int arg) {
    double angle = 0;
    lm_vec3 axis = {0, 0, 1};
    lmlua_get_finite(L, arg, "angle", &angle);
    if (lmlua_get_vec3(L, arg, "axis", &axis) && !(nonzero(axis))) {
        lmlua_place_error(L, lmlua_field(arg, "axis"), "must not be zero");
    }
    return lm_quat_from_axis_angle(axis, angle * DEGREES);
}

/* ------------------------------------------------------------- shapes -- */

#define COMMON_FIELDS                                                                              \
    "restitution", "friction", "static_friction", "group", "mask", "color", "container"

/* world:plane{ point =, normal =, ... }: solid below the plane, normal up. */
static const char *const plane_fields[] = {"point", "normal", COMMON_FIELDS, NULL};

static int world_plane(lua_State *L) {
    lmlua_world *world = lmlua_check_world_idle(L, 1, "add to a world");
    lmlua_check_options(L, 2, plane_fields);
    lm_collider_def def = lm_collider_default_def();
    uint32_t color = 0;
    def.kind = LM_COLLIDER_PLANE;
    def.position = (lm_vec3){0, 0, 0};
    lm_vec3 normal = {0, 1, 0};
    if (lua_istable(L, 2)) {
        lmlua_get_vec3(L, 2, "point", &def.position);
        if (lmlua_get_vec3(L, 2, "normal", &normal) && !nonzero(normal)) {
            lmlua_place_error(L, lmlua_field(2, "normal"), "must not be zero");
        }
        read_common(L, 2, &def, &color);
    }
    def.rotation = lm_quat_from_to((lm_vec3){0, 1, 0}, normal);
    push_new(L, world, &def, color);
    return 1;
}

/* world:sphere{ center =, radius =, angle =, axis =, ... } */
static const char *const sphere_fields[] = {"center", "radius",      "angle",
                                            "axis",   COMMON_FIELDS, NULL};

static int world_sphere(lua_State *L) {
    lmlua_world *world = lmlua_check_world_idle(L, 1, "add to a world");
    luaL_checktype(L, 2, LUA_TTABLE);
    lmlua_check_options(L, 2, sphere_fields);
    lm_collider_def def = lm_collider_default_def();
    uint32_t color = 0;
    def.kind = LM_COLLIDER_SPHERE;
    def.position = required_vec3(L, 2, "center");
    def.radius = required_positive(L, 2, "radius");
    def.rotation = read_rotation(L, 2);
    read_common(L, 2, &def, &color);
    push_new(L, world, &def, color);
    return 1;
}

/* world:obb{ center =, size =, angle =, axis =, ... } */
static const char *const obb_fields[] = {"center", "size", "angle", "axis", COMMON_FIELDS, NULL};

static int world_obb(lua_State *L) {
    lmlua_world *world = lmlua_check_world_idle(L, 1, "add to a world");
    luaL_checktype(L, 2, LUA_TTABLE);
    lmlua_check_options(L, 2, obb_fields);
    lm_collider_def def = lm_collider_default_def();
    uint32_t color = 0;
    def.kind = LM_COLLIDER_BOX;
    def.position = required_vec3(L, 2, "center");
    lm_vec3 size = required_vec3(L, 2, "size");
    if (!(size.x > 0 && size.y > 0 && size.z > 0)) {
        return luaL_argerror(L, 2,
                             "field 'size' must be > 0 on every axis (give z in a flat scene "
                             "too, e.g. size = {2, 1, 1})");
    }
    def.half_extents = (lm_vec3){0.5 * size.x, 0.5 * size.y, 0.5 * size.z};
    def.rotation = read_rotation(L, 2);
    read_common(L, 2, &def, &color);
    push_new(L, world, &def, color);
    return 1;
}

/* world:capsule{ a =, b =, radius =, ... }: the segment a..b swept by radius. */
static const char *const capsule_fields[] = {"a", "b", "radius", COMMON_FIELDS, NULL};

static int world_capsule(lua_State *L) {
    lmlua_world *world = lmlua_check_world_idle(L, 1, "add to a world");
    luaL_checktype(L, 2, LUA_TTABLE);
    lmlua_check_options(L, 2, capsule_fields);
    lm_collider_def def = lm_collider_default_def();
    uint32_t color = 0;
    def.kind = LM_COLLIDER_CAPSULE;
    lm_vec3 a = required_vec3(L, 2, "a"), b = required_vec3(L, 2, "b");
    def.radius = required_positive(L, 2, "radius");
    lm_vec3 ab = {b.x - a.x, b.y - a.y, b.z - a.z};
    def.position = (lm_vec3){0.5 * (a.x + b.x), 0.5 * (a.y + b.y), 0.5 * (a.z + b.z)};
    def.half_length = 0.5 * sqrt(ab.x * ab.x + ab.y * ab.y + ab.z * ab.z);
    def.rotation =
        lm_quat_from_to((lm_vec3){1, 0, 0}, def.half_length > 0 ? ab : (lm_vec3){1, 0, 0});
    read_common(L, 2, &def, &color);
    push_new(L, world, &def, color);
    return 1;
}

const luaL_Reg lmlua_world_collider_methods[] = {
    {"box", world_box}, {"plane", world_plane},     {"sphere", world_sphere},
    {"obb", world_obb}, {"capsule", world_capsule}, {NULL, NULL},
};

/* ------------------------------------------------------------- handles -- */

/* What Lua calls each kind: the world box is world:box{}, the oriented box world:obb{}. */
static const char *lua_kind_name(lm_collider_kind kind) {
    static const char *const names[LM_COLLIDER_KIND_COUNT] = {"box", "plane", "sphere", "obb",
                                                              "capsule"};
    return names[kind];
}

static lm_collider check_self(lua_State *L, lmlua_world **world) {
    const lmlua_handle *handle = lmlua_check_live(L, 1, LMLUA_COLLIDER);
    *world = handle->owner;
    return lmlua_collider_of(handle);
}

/* The collider at 1, refusing the world box, which has no pose. */
static lm_collider check_movable(lua_State *L, lmlua_world **world) {
    lm_collider collider = check_self(L, world);
    if (lm_collider_get_def((*world)->world, collider).kind == LM_COLLIDER_WORLD_BOX) {
        luaL_argerror(L, 1, "the world box cannot move (remove it and make another)");
    }
    return collider;
}

static int collider_kind(lua_State *L) {
    lmlua_world *world;
    lm_collider collider = check_self(L, &world);
    lua_pushstring(L, lua_kind_name(lm_collider_get_def(world->world, collider).kind));
    return 1;
}

static int collider_pos(lua_State *L) {
    lmlua_world *world;
    lm_collider collider = check_movable(L, &world);
    lm_vec3 x = lm_collider_get_def(world->world, collider).position;
    lua_pushnumber(L, x.x);
    lua_pushnumber(L, x.y);
    lua_pushnumber(L, x.z);
    return 3;
}

static int collider_set_pos(lua_State *L) {
    lmlua_world *world;
    lm_collider collider = check_movable(L, &world);
    lm_collider_set_position(world->world, collider, lmlua_check_xyz(L, 2));
    return 0;
}

/* c:angle() -> degrees, axis x, y, z (the axis is (0, 0, 1) for no rotation). */
static int collider_angle(lua_State *L) {
    lmlua_world *world;
    lm_collider collider = check_movable(L, &world);
    lm_quat q = lm_collider_get_def(world->world, collider).rotation;
    if (q.w < 0) {
        q = (lm_quat){-q.w, -q.x, -q.y, -q.z};
    }
    double s = sqrt(q.x * q.x + q.y * q.y + q.z * q.z);
    double angle = 2.0 * atan2(s, q.w) / DEGREES;
    lua_pushnumber(L, angle);
    lua_pushnumber(L, s > 1e-12 ? q.x / s : 0.0);
    lua_pushnumber(L, s > 1e-12 ? q.y / s : 0.0);
    lua_pushnumber(L, s > 1e-12 ? q.z / s : 1.0);
    return 4;
}

/* c:set_angle(degrees [, {x, y, z}]): the orientation, about axis (default z). */
static int collider_set_angle(lua_State *L) {
    lmlua_world *world;
    lm_collider collider = check_movable(L, &world);
    double angle = lmlua_check_finite(L, lmlua_param(2, "angle"));
    lm_vec3 axis = {0, 0, 1};
    if (!lua_isnoneornil(L, 3)) {
        axis = lmlua_check_vec3(L, lmlua_param(3, "axis"));
        if (!nonzero(axis)) {
            lmlua_place_error(L, lmlua_param(3, "axis"), "must not be zero");
        }
    }
    lm_collider_set_rotation(world->world, collider,
                             lm_quat_from_axis_angle(axis, angle * DEGREES));
    return 0;
}

/* c:set{ restitution =, friction =, static_friction =, group =, mask =, color = } */
static const char *const material_fields[] = {
    "restitution", "friction", "static_friction", "group", "mask", "color", NULL};

static int collider_set(lua_State *L) {
    lmlua_world *world;
    lm_collider collider = check_self(L, &world);
    luaL_checktype(L, 2, LUA_TTABLE);
    lmlua_check_options(L, 2, material_fields);
    lm_collider_def def = lm_collider_get_def(world->world, collider);
    uint32_t color =
        lr_styles_get(world->styles, LR_STYLE_COLLIDER, collider.index1, collider.generation).color;
    read_material(L, 2, &def, &color);
    if (def.kind == LM_COLLIDER_WORLD_BOX && def.friction > 1) {
        lmlua_require_range(L, lmlua_field(2, "friction"), def.friction, 0, true, 1, true);
    }
    lm_collider_set_material(world->world, collider, &def);
    lmlua_set_style(L, world, LR_STYLE_COLLIDER, collider.index1, collider.generation,
                    (lr_style){color, LR_LOOK_DEFAULT});
    return 0;
}

/* c:get() -> a table of the collider's material fields. */
static int collider_get(lua_State *L) {
    lmlua_world *world;
    lm_collider collider = check_self(L, &world);
    lm_collider_def def = lm_collider_get_def(world->world, collider);
    lua_createtable(L, 0, 6);
    lua_pushnumber(L, def.restitution);
    lua_setfield(L, -2, "restitution");
    lua_pushnumber(L, def.friction);
    lua_setfield(L, -2, "friction");
    lua_pushnumber(L, def.static_friction < 0 ? def.friction : def.static_friction);
    lua_setfield(L, -2, "static_friction");
    lua_pushinteger(L, def.group);
    lua_setfield(L, -2, "group");
    push_mask(L, def.mask);
    lua_setfield(L, -2, "mask");
    lua_pushboolean(L, def.container || def.kind == LM_COLLIDER_WORLD_BOX);
    lua_setfield(L, -2, "container");
    return 1;
}

/* c:distance(x, y [, z]): signed distance from the surface, > 0 on the free side. */
static int collider_distance(lua_State *L) {
    lmlua_world *world;
    lm_collider collider = check_self(L, &world);
    lua_pushnumber(L, lm_collider_distance(world->world, collider, lmlua_check_xyz(L, 2)));
    return 1;
}

/* c:triangle_depth(a, b, c): how deep the triangle of the three points
 * {x, y [, z]} reaches into the collider (m, 0 when outside). */
static int collider_triangle_depth(lua_State *L) {
    lmlua_world *world;
    lm_collider collider = check_self(L, &world);
    lm_vec3 a = lmlua_check_vec3(L, lmlua_param(2, "a"));
    lm_vec3 b = lmlua_check_vec3(L, lmlua_param(3, "b"));
    lm_vec3 c = lmlua_check_vec3(L, lmlua_param(4, "c"));
    lua_pushnumber(L, lm_collider_triangle_depth(world->world, collider, a, b, c));
    return 1;
}

/* c:contacts(): the particles that touched it in the last step, in slot order. */
static int collider_contacts(lua_State *L) {
    lmlua_world *world;
    lm_collider collider = check_self(L, &world);
    size_t n = lm_collider_contacts(world->world, collider, NULL, NULL, 0);
    lm_particle *found = lua_newuserdatauv(L, (n ? n : 1) * sizeof *found, 0);
    lm_collider_contacts(world->world, collider, found, NULL, n);
    lmlua_push_handle_world(L, 1);
    int world_index = lua_gettop(L);
    lua_createtable(L, (int)n, 0);
    for (size_t i = 0; i < n; i++) {
        lmlua_push_particle(L, world_index, found[i]);
        lua_rawseti(L, -2, (lua_Integer)i + 1);
    }
    return 1;
}

/* c:remove(), the same as world:remove(c). */
static int collider_remove(lua_State *L) {
    lmlua_world *world;
    lm_collider collider = check_self(L, &world);
    if (world->stepping) {
        return luaL_error(L, "cannot remove from a world from inside its own force callback");
    }
    lm_collider_destroy(world->world, collider);
    return 0;
}

static int collider_tostring(lua_State *L) {
    const lmlua_handle *handle = lmlua_check_handle(L, 1, LMLUA_COLLIDER);
    if (!lmlua_handle_is_live(handle, LMLUA_COLLIDER)) {
        lua_pushliteral(L, "removed collider");
    } else {
        lm_collider_kind kind =
            lm_collider_get_def(handle->owner->world, lmlua_collider_of(handle)).kind;
        lua_pushfstring(L, "%s#%I", lua_kind_name(kind), (lua_Integer)handle->index1);
    }
    return 1;
}

const luaL_Reg lmlua_collider_methods[] = {
    {"kind", collider_kind},
    {"pos", collider_pos},
    {"set_pos", collider_set_pos},
    {"angle", collider_angle},
    {"set_angle", collider_set_angle},
    {"set", collider_set},
    {"get", collider_get},
    {"distance", collider_distance},
    {"triangle_depth", collider_triangle_depth},
    {"contacts", collider_contacts},
    {"remove", collider_remove},
    {"valid", lmlua_handle_valid},
    {"__tostring", collider_tostring},
    {"__eq", lmlua_handle_eq},
    {NULL, NULL},
};

/* ------------------------------------------------ particle contact API -- */

static lm_particle check_particle(lua_State *L, lmlua_world **world) {
    const lmlua_handle *handle = lmlua_check_live(L, 1, LMLUA_PARTICLE);
    *world = handle->owner;
    return lmlua_particle_of(handle);
}

static void push_optional(lua_State *L, double value) {
    if (value < 0) {
        lua_pushnil(L);
    } else {
        lua_pushnumber(L, value);
    }
}

/* p:friction(), p:restitution(): the particle's own value, or nil when unset. */
static int particle_friction(lua_State *L) {
    lmlua_world *world;
    lm_particle particle = check_particle(L, &world);
    double friction, restitution;
    lm_particle_contact_material(world->world, particle, &friction, &restitution);
    push_optional(L, friction);
    return 1;
}

static int particle_restitution(lua_State *L) {
    lmlua_world *world;
    lm_particle particle = check_particle(L, &world);
    double friction, restitution;
    lm_particle_contact_material(world->world, particle, &friction, &restitution);
    push_optional(L, restitution);
    return 1;
}

/* p:set_friction(mu) with mu >= 0, or nil to use the colliders' values alone. */
static int particle_set_friction(lua_State *L) {
    lmlua_world *world;
    lm_particle particle = check_particle(L, &world);
    double friction = -1, restitution;
    if (!lua_isnoneornil(L, 2)) {
        friction = lmlua_check_finite(L, lmlua_param(2, "friction"));
        lmlua_require_min(L, lmlua_param(2, "friction"), friction, 0, true);
    }
    double old_friction;
    lm_particle_contact_material(world->world, particle, &old_friction, &restitution);
    lm_particle_set_contact_material(world->world, particle, friction, restitution);
    return 0;
}

/* p:set_restitution(e) with e in [0, 1], or nil. */
static int particle_set_restitution(lua_State *L) {
    lmlua_world *world;
    lm_particle particle = check_particle(L, &world);
    double restitution = -1, friction;
    if (!lua_isnoneornil(L, 2)) {
        restitution = lmlua_check_finite(L, lmlua_param(2, "restitution"));
        lmlua_require_range(L, lmlua_param(2, "restitution"), restitution, 0, true, 1, true);
    }
    double old_restitution;
    lm_particle_contact_material(world->world, particle, &friction, &old_restitution);
    lm_particle_set_contact_material(world->world, particle, friction, restitution);
    return 0;
}

/* p:mask() -> the groups it touches; p:set_mask({groups}) or nil for all. */
static int particle_mask(lua_State *L) {
    lmlua_world *world;
    lm_particle particle = check_particle(L, &world);
    push_mask(L, lm_particle_collision_mask(world->world, particle));
    return 1;
}

static int particle_set_mask(lua_State *L) {
    lmlua_world *world;
    lm_particle particle = check_particle(L, &world);
    uint32_t mask = lua_isnoneornil(L, 2) ? UINT32_MAX : to_mask(L, 2, lmlua_param(2, "mask"));
    lm_particle_set_collision_mask(world->world, particle, mask);
    return 0;
}

/* p:contact() -> collider, nx, ny, nz: what it touched in the last step, or nil. */
static int particle_contact(lua_State *L) {
    lmlua_world *world;
    lm_particle particle = check_particle(L, &world);
    lm_collider collider;
    lm_vec3 normal;
    if (!lm_particle_contact(world->world, particle, &collider, &normal)) {
        lua_pushnil(L);
        return 1;
    }
    lmlua_push_handle_world(L, 1);
    lmlua_push_handle(L, -1, LMLUA_COLLIDER, collider.index1, collider.generation);
    lua_pushnumber(L, normal.x);
    lua_pushnumber(L, normal.y);
    lua_pushnumber(L, normal.z);
    return 4;
}

const luaL_Reg lmlua_particle_contact_methods[] = {
    {"friction", particle_friction},
    {"set_friction", particle_set_friction},
    {"restitution", particle_restitution},
    {"set_restitution", particle_set_restitution},
    {"mask", particle_mask},
    {"set_mask", particle_set_mask},
    {"contact", particle_contact},
    {NULL, NULL},
};
