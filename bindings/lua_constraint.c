/*
 * lua_constraint.c - world:stick, world:pin, world:rope, world:angle,
 * world:area, world:volume, world:face and the constraint handle's methods. Every kind
 * shares one handle type ("constraint"); c:kind() tells them apart and
 * kind-specific methods say which kind they need.
 */
#include <math.h>

#include "lua_internal.h"

static const double PI = 3.14159265358979323846;

static const char *const stick_fields[] = {"rest",         "stiffness", "compliance", "sqrt_approx",
                                           "break_strain", "look",      "color",      NULL};

/* "field 'a' cannot be combined with field 'b'" when both are present. */
static void refuse_both(lua_State *L, int arg, const char *a, const char *b) {
    lmlua_get_field(L, arg, a);
    lmlua_get_field(L, arg, b);
    bool both = !lua_isnil(L, -1) && !lua_isnil(L, -2);
    lua_pop(L, 2);
    if (both) {
        lmlua_place_error(L, lmlua_field(arg, a),
                          lua_pushfstring(L, "cannot be combined with field '%s'", b));
    }
}

/* Reads stiffness (0, 1] and compliance >= 0, which exclude each other. */
static void read_stiffness(lua_State *L, int arg, double *stiffness, double *compliance) {
    refuse_both(L, arg, "compliance", "stiffness");
    if (lmlua_get_finite(L, arg, "stiffness", stiffness)) {
        lmlua_require_range(L, lmlua_field(arg, "stiffness"), *stiffness, 0, false, 1, true);
    }
    if (compliance && lmlua_get_finite(L, arg, "compliance", compliance)) {
        lmlua_require_min(L, lmlua_field(arg, "compliance"), *compliance, 0, true);
    }
}

/* world:stick(a, b [, { rest =, stiffness = | compliance =, sqrt_approx =, break_strain = }]) */
static int world_stick(lua_State *L) {
    lmlua_world *world = lmlua_check_world_idle(L, 1, "add to a world");
    lm_stick_def def = lm_stick_default_def();
    lr_style style = {0, LR_LOOK_DEFAULT};
    def.a = lmlua_particle_of(lmlua_check_member(L, 2, LMLUA_PARTICLE, world));
    def.b = lmlua_particle_of(lmlua_check_member(L, 3, LMLUA_PARTICLE, world));
    if (def.a.index1 == def.b.index1) {
        return luaL_argerror(L, 3, "a stick needs two different particles");
    }
    if (lmlua_check_options(L, 4, stick_fields)) {
        if (lmlua_get_finite(L, 4, "rest", &def.rest_length)) {
            lmlua_require_min(L, lmlua_field(4, "rest"), def.rest_length, 0, true);
        }
        read_stiffness(L, 4, &def.stiffness, &def.compliance);
        lmlua_get_boolean(L, 4, "sqrt_approx", &def.sqrt_approx);
        if (lmlua_get_finite(L, 4, "break_strain", &def.break_strain)) {
            lmlua_require_min(L, lmlua_field(4, "break_strain"), def.break_strain, 0, false);
        }
        lmlua_get_look(L, 4, &style.look, &style.color);
    }
    lm_constraint stick = lm_stick_create(world->world, &def);
    if (stick.index1 == 0) {
        return lmlua_memory_error(L);
    }
    if (style.color != 0 || style.look != LR_LOOK_DEFAULT) {
        lmlua_set_style(L, world, LR_STYLE_CONSTRAINT, stick.index1, stick.generation, style);
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
        return lmlua_memory_error(L);
    }
    lmlua_push_handle(L, 1, LMLUA_CONSTRAINT, pin.index1, pin.generation);
    return 1;
}

static void push_constraint(lua_State *L, lm_constraint constraint) {
    if (constraint.index1 == 0) {
        lmlua_memory_error(L);
    }
    lmlua_push_handle(L, 1, LMLUA_CONSTRAINT, constraint.index1, constraint.generation);
}

static const char *const rope_fields[] = {"min",  "max",   "stiffness", "compliance",
                                          "look", "color", NULL};

/* world:rope(a, b [, { min =, max =, stiffness = | compliance = }]): the
 * distance kept within [min, max]; max defaults to the current distance. */
static int world_rope(lua_State *L) {
    lmlua_world *world = lmlua_check_world_idle(L, 1, "add to a world");
    lm_rope_def def = lm_rope_default_def();
    lr_style style = {0, LR_LOOK_DEFAULT};
    def.a = lmlua_particle_of(lmlua_check_member(L, 2, LMLUA_PARTICLE, world));
    def.b = lmlua_particle_of(lmlua_check_member(L, 3, LMLUA_PARTICLE, world));
    if (def.a.index1 == def.b.index1) {
        return luaL_argerror(L, 3, "a rope needs two different particles");
    }
    lm_vec3 pa = lm_particle_position(world->world, def.a);
    lm_vec3 pb = lm_particle_position(world->world, def.b);
    def.max_length = sqrt((pb.x - pa.x) * (pb.x - pa.x) + (pb.y - pa.y) * (pb.y - pa.y) +
                          (pb.z - pa.z) * (pb.z - pa.z));
    if (lmlua_check_options(L, 4, rope_fields)) {
        if (lmlua_get_finite(L, 4, "max", &def.max_length)) {
            lmlua_require_min(L, lmlua_field(4, "max"), def.max_length, 0, true);
        }
        if (lmlua_get_finite(L, 4, "min", &def.min_length)) {
            lmlua_require_range(L, lmlua_field(4, "min"), def.min_length, 0, true, def.max_length,
                                true);
        }
        read_stiffness(L, 4, &def.stiffness, &def.compliance);
        lmlua_get_look(L, 4, &style.look, &style.color);
    }
    lm_constraint rope = lm_rope_create(world->world, &def);
    if (rope.index1 != 0 && (style.color != 0 || style.look != LR_LOOK_DEFAULT)) {
        lmlua_set_style(L, world, LR_STYLE_CONSTRAINT, rope.index1, rope.generation, style);
    }
    push_constraint(L, rope);
    return 1;
}

static const char *const angle_fields[] = {"min", "max", "stiffness", "signed", NULL};

/* world:angle(a, b, c [, { min =, max =, stiffness =, signed = }]): the
 * angle at b in degrees, [0, 180] unsigned, or [-180, 180] counter-clockwise
 * about +z when signed, the range running counter-clockwise from min to max. */
static int world_angle(lua_State *L) {
    lmlua_world *world = lmlua_check_world_idle(L, 1, "add to a world");
    lm_angle_def def = lm_angle_default_def();
    def.a = lmlua_particle_of(lmlua_check_member(L, 2, LMLUA_PARTICLE, world));
    def.b = lmlua_particle_of(lmlua_check_member(L, 3, LMLUA_PARTICLE, world));
    def.c = lmlua_particle_of(lmlua_check_member(L, 4, LMLUA_PARTICLE, world));
    if (def.a.index1 == def.b.index1) {
        return luaL_argerror(L, 3, "an angle needs three different particles");
    }
    if (def.c.index1 == def.a.index1 || def.c.index1 == def.b.index1) {
        return luaL_argerror(L, 4, "an angle needs three different particles");
    }
    double low = 0, high = 180;
    if (lmlua_check_options(L, 5, angle_fields)) {
        lmlua_get_boolean(L, 5, "signed", &def.signed_z);
        double bottom = def.signed_z ? -180 : 0;
        low = bottom;
        if (lmlua_get_finite(L, 5, "min", &low)) {
            lmlua_require_range(L, lmlua_field(5, "min"), low, bottom, true, 180, true);
        }
        if (lmlua_get_finite(L, 5, "max", &high)) {
            /* signed ranges run counter-clockwise from min and may wrap */
            lmlua_require_range(L, lmlua_field(5, "max"), high, def.signed_z ? -180 : low, true,
                                180, true);
        }
        read_stiffness(L, 5, &def.stiffness, NULL);
    }
    def.min_angle = low * PI / 180;
    def.max_angle = high * PI / 180;
    push_constraint(L, lm_angle_create(world->world, &def));
    return 1;
}

/* world:face(a, b, c): a collision face (Jakobsen 5 for triangles) that
 * colliders push out at its deepest point. */
static int world_face(lua_State *L) {
    lmlua_world *world = lmlua_check_world_idle(L, 1, "add to a world");
    lm_particle a = lmlua_particle_of(lmlua_check_member(L, 2, LMLUA_PARTICLE, world));
    lm_particle b = lmlua_particle_of(lmlua_check_member(L, 3, LMLUA_PARTICLE, world));
    lm_particle c = lmlua_particle_of(lmlua_check_member(L, 4, LMLUA_PARTICLE, world));
    if (a.index1 == b.index1) {
        return luaL_argerror(L, 3, "a face needs three different particles");
    }
    if (c.index1 == a.index1 || c.index1 == b.index1) {
        return luaL_argerror(L, 4, "a face needs three different particles");
    }
    push_constraint(L, lm_face_create(world->world, a, b, c));
    return 1;
}

/* The particles listed in the table at arg, into a scratch userdata left on
 * the stack: "element [3] must be a particle, got nil". */
lm_particle *lmlua_check_particle_list(lua_State *L, int arg, const lmlua_world *world,
                                       uint32_t least, uint32_t *count) {
    luaL_checktype(L, arg, LUA_TTABLE);
    lua_Integer n = lmlua_list_len(L, arg); /* raw or a loom.handles list: see lmlua_get_field */
    if (n < (lua_Integer)least) {
        luaL_argerror(L, arg,
                      lua_pushfstring(L, "needs at least %d particles, got %I", (int)least, n));
    }
    if (n > 1000000) {
        luaL_argerror(L, arg, "too many particles (at most 1000000)");
    }
    lm_particle *out = lua_newuserdatauv(L, (size_t)n * sizeof *out, 0);
    for (lua_Integer i = 1; i <= n; i++) {
        lmlua_list_geti(L, arg, i);
        const lmlua_handle *handle = lmlua_test_handle(L, -1, LMLUA_PARTICLE);
        if (handle == NULL) {
            luaL_argerror(L, arg,
                          lua_pushfstring(L, "element [%I] must be a particle, got %s", i,
                                          luaL_typename(L, -1)));
        }
        if (!lmlua_handle_is_live(handle, LMLUA_PARTICLE)) {
            luaL_argerror(L, arg, lua_pushfstring(L, "element [%I] is a removed particle", i));
        }
        if (handle->owner != world) {
            luaL_argerror(L, arg, lua_pushfstring(L, "element [%I] belongs to another world", i));
        }
        out[i - 1] = lmlua_particle_of(handle);
        lua_pop(L, 1);
    }
    *count = (uint32_t)n;
    return out;
}

static const char *const shape_fields[] = {"scale", "stiffness", NULL};

static void read_shape_options(lua_State *L, int arg, lm_shape_def *def) {
    if (lmlua_check_options(L, arg, shape_fields)) {
        if (lmlua_get_finite(L, arg, "scale", &def->scale)) {
            lmlua_require_min(L, lmlua_field(arg, "scale"), def->scale, 0, false);
        }
        read_stiffness(L, arg, &def->stiffness, NULL);
    }
}

/* A measure of zero cannot be scaled: refuse a degenerate shape. */
static void refuse_flat(lua_State *L, int arg, double measure, const char *what) {
    if (!(fabs(measure) > 1e-12)) {
        luaL_argerror(L, arg, lua_pushfstring(L, "the particles enclose no %s", what));
    }
}

/* world:area({p1, p2, ...} [, { scale =, stiffness = }]): the polygon's signed
 * area in the xy-plane kept at scale x its area now. */
static int world_area(lua_State *L) {
    lmlua_world *world = lmlua_check_world_idle(L, 1, "add to a world");
    lua_settop(L, 3); /* the scratch list goes above the options */
    lm_shape_def def = lm_shape_default_def();
    def.particles = lmlua_check_particle_list(L, 2, world, 3, &def.particle_count);
    read_shape_options(L, 3, &def);
    double twice = 0;
    for (uint32_t i = 0; i < def.particle_count; i++) {
        lm_vec3 p = lm_particle_position(world->world, def.particles[i]);
        lm_vec3 q = lm_particle_position(world->world, def.particles[(i + 1) % def.particle_count]);
        twice += p.x * q.y - q.x * p.y;
    }
    refuse_flat(L, 2, twice, "area");
    push_constraint(L, lm_area_create(world->world, &def));
    return 1;
}

/* world:volume({p1, ...}, {{i, j, k}, ...} [, { scale =, stiffness = }]):
 * the volume enclosed by the triangles (indices into the particle list,
 * counter-clockwise seen from outside) kept at scale x its volume now. */
static int world_volume(lua_State *L) {
    lmlua_world *world = lmlua_check_world_idle(L, 1, "add to a world");
    lua_settop(L, 4); /* the scratch lists go above the options */
    lm_shape_def def = lm_shape_default_def();
    def.particles = lmlua_check_particle_list(L, 2, world, 4, &def.particle_count);
    luaL_checktype(L, 3, LUA_TTABLE);
    lua_Integer t = (lua_Integer)lua_rawlen(L, 3);
    if (t < 4) {
        luaL_argerror(L, 3, lua_pushfstring(L, "needs at least 4 triangles, got %I", t));
    }
    if (t > 1000000) {
        luaL_argerror(L, 3, "too many triangles (at most 1000000)");
    }
    uint32_t *triangles = lua_newuserdatauv(L, (size_t)t * 3 * sizeof *triangles, 0);
    for (lua_Integer i = 1; i <= t; i++) {
        if (lua_rawgeti(L, 3, i) != LUA_TTABLE || lua_rawlen(L, -1) != 3) {
            luaL_argerror(L, 3,
                          lua_pushfstring(L, "triangle [%I] must be a table of 3 indices", i));
        }
        for (int k = 1; k <= 3; k++) {
            lua_rawgeti(L, -1, k);
            int is_integer = 0;
            lua_Integer index = lua_tointegerx(L, -1, &is_integer);
            if (!is_integer || index < 1 || index > (lua_Integer)def.particle_count) {
                luaL_argerror(L, 3,
                              lua_pushfstring(L,
                                              "triangle [%I] index %d must be an integer in "
                                              "[1, %d]",
                                              i, k, (int)def.particle_count));
            }
            triangles[3 * (i - 1) + (k - 1)] = (uint32_t)(index - 1);
            lua_pop(L, 1);
        }
        lua_pop(L, 1);
    }
    def.triangles = triangles;
    def.triangle_count = (uint32_t)t;
    read_shape_options(L, 4, &def);
    double six = 0;
    for (lua_Integer i = 0; i < t; i++) {
        lm_vec3 p = lm_particle_position(world->world, def.particles[triangles[3 * i]]);
        lm_vec3 q = lm_particle_position(world->world, def.particles[triangles[3 * i + 1]]);
        lm_vec3 r = lm_particle_position(world->world, def.particles[triangles[3 * i + 2]]);
        six += p.x * (q.y * r.z - q.z * r.y) - p.y * (q.x * r.z - q.z * r.x) +
               p.z * (q.x * r.y - q.y * r.x);
    }
    refuse_flat(L, 3, six, "volume");
    push_constraint(L, lm_volume_create(world->world, &def));
    return 1;
}

/* world:broken(): the sticks that broke during the last step, in order. */
static int world_broken(lua_State *L) {
    lmlua_world *world = lmlua_check_world(L, 1);
    const lm_constraint *list;
    size_t n = lm_world_broken(world->world, &list);
    lua_createtable(L, (int)n, 0);
    for (size_t i = 0; i < n; i++) {
        if (lm_constraint_is_valid(world->world, list[i])) { /* not removed since */
            lmlua_push_handle(L, 1, LMLUA_CONSTRAINT, list[i].index1, list[i].generation);
            lua_rawseti(L, -2, (lua_Integer)lua_rawlen(L, -2) + 1);
        }
    }
    return 1;
}

const luaL_Reg lmlua_world_constraint_methods[] = {
    {"stick", world_stick},   {"pin", world_pin},   {"rope", world_rope},
    {"angle", world_angle},   {"area", world_area}, {"volume", world_volume},
    {"broken", world_broken}, {"face", world_face}, {NULL, NULL},
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
    uint32_t count = lm_constraint_all_particles(world, constraint, NULL, 0);
    lm_particle *particles = lua_newuserdatauv(L, count * sizeof *particles, 0);
    lm_constraint_all_particles(world, constraint, particles, count);
    luaL_checkstack(L, (int)count + 1, "too many particles to return");
    lmlua_push_handle_world(L, 1);
    int world_index = lua_gettop(L);
    for (uint32_t i = 0; i < count; i++) {
        lmlua_push_particle(L, world_index, particles[i]);
    }
    return (int)count;
}

/* c:value(): length (m), angle (degrees), area (m^2) or volume (m^3) now. */
static int constraint_value(lua_State *L) {
    lm_world *world;
    lm_constraint constraint = check_self(L, &world);
    double value = lm_constraint_value(world, constraint);
    if (lm_constraint_get_kind(world, constraint) == LM_CONSTRAINT_ANGLE) {
        value *= 180 / PI;
    }
    lua_pushnumber(L, value);
    return 1;
}

/* c:limits(): min, max of a rope (m) or an angle (degrees). */
static int constraint_limits(lua_State *L) {
    lm_world *world;
    lm_constraint constraint = check_self(L, &world);
    lm_constraint_kind kind = lm_constraint_get_kind(world, constraint);
    if (kind != LM_CONSTRAINT_ROPE && kind != LM_CONSTRAINT_ANGLE) {
        return luaL_argerror(
            L, 1,
            lua_pushfstring(L, "rope or angle expected, got %s", lm_constraint_kind_name(kind)));
    }
    double min, max;
    lm_constraint_limits(world, constraint, &min, &max);
    double unit = kind == LM_CONSTRAINT_ANGLE ? 180 / PI : 1;
    lua_pushnumber(L, min * unit);
    lua_pushnumber(L, max * unit);
    return 2;
}

static int constraint_broken(lua_State *L) {
    lm_world *world;
    lm_constraint constraint = check_self(L, &world);
    lua_pushboolean(L, lm_constraint_is_broken(world, constraint));
    return 1;
}

/* c:remove(), the same as world:remove(c). */
static int constraint_remove(lua_State *L) {
    const lmlua_handle *handle = lmlua_check_live(L, 1, LMLUA_CONSTRAINT);
    if (handle->owner->stepping) {
        return luaL_error(L, "cannot remove from a world from inside its own force callback");
    }
    lm_constraint_destroy(handle->owner->world, lmlua_constraint_of(handle));
    return 0;
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

/* c:force(): a stick's or rope's tension (N) from its multiplier, or nil
 * when it has none (relaxed by Jakobsen's projection). */
static int constraint_force(lua_State *L) {
    lm_world *world;
    lm_constraint constraint = check_self(L, &world);
    lm_constraint_kind kind = lm_constraint_get_kind(world, constraint);
    if (kind != LM_CONSTRAINT_STICK && kind != LM_CONSTRAINT_ROPE) {
        return luaL_argerror(
            L, 1,
            lua_pushfstring(L, "stick or rope expected, got %s", lm_constraint_kind_name(kind)));
    }
    double tension;
    if (lm_constraint_force(world, constraint, &tension)) {
        lua_pushnumber(L, tension);
    } else {
        lua_pushnil(L);
    }
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
    {"kind", constraint_kind},
    {"particles", constraint_particles},
    {"rest", constraint_rest},
    {"error", constraint_error},
    {"value", constraint_value},
    {"limits", constraint_limits},
    {"broken", constraint_broken},
    {"remove", constraint_remove},
    {"target", constraint_target},
    {"set_target", constraint_set_target},
    {"force", constraint_force},
    {"valid", lmlua_handle_valid},
    {"__tostring", constraint_tostring},
    {"__eq", lmlua_handle_eq},
    {NULL, NULL},
};
