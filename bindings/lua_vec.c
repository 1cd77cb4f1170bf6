/*
 * lua_vec.c - loom.vec(x, y [, z]): a small vector type for scenes, and the
 * hints that point from numbers to it.
 *
 * A vec is a full userdata holding an lm_vec3 (so reading its parts never
 * meets a user's table), with + - (vec and vec), * / (by a number), unary -,
 * ==, tostring, .x .y .z (readable and writable) and the methods dot, cross,
 * len, norm and unpack. Everything that takes {x, y, z} takes a vec too
 * (lmlua_to_vec3 in lua_check.c asks lmlua_test_vec).
 */
#include <math.h>
#include <string.h>

#include "lua_internal.h"

#define VEC_METATABLE "loom.vec"

lm_vec3 *lmlua_test_vec(lua_State *L, int index) {
    lm_vec3 *v = luaL_testudata(L, index, VEC_METATABLE);
    /* debug.setmetatable (--trust) can give any userdata a vec's metatable. */
    return v != NULL && lua_rawlen(L, index) == sizeof *v ? v : NULL;
}

void lmlua_push_vec(lua_State *L, lm_vec3 v) {
    lm_vec3 *u = lua_newuserdatauv(L, sizeof *u, 0);
    *u = v;
    luaL_setmetatable(L, VEC_METATABLE);
}

static const char *type_name(lua_State *L, int index) {
    return lmlua_test_vec(L, index) != NULL ? "vec" : luaL_typename(L, index);
}

static lm_vec3 check_vec(lua_State *L, int arg) {
    lm_vec3 *v = lmlua_test_vec(L, arg);
    if (v == NULL) {
        luaL_typeerror(L, arg, "vec");
    }
    return *v;
}

static double finite_arg(lua_State *L, int arg, const char *name) {
    return lmlua_check_finite(L, lmlua_param(arg, name));
}

/* loom.vec(x, y [, z]) or loom.vec({x, y [, z]}) or loom.vec(v) (a copy) */
static int vec_new(lua_State *L) {
    if (lua_type(L, 1) == LUA_TTABLE || lmlua_test_vec(L, 1) != NULL) {
        lmlua_push_vec(L, lmlua_check_vec3(L, lmlua_param(1, "vector")));
        return 1;
    }
    lm_vec3 v = {finite_arg(L, 1, "x"), finite_arg(L, 2, "y"),
                 lua_isnoneornil(L, 3) ? 0.0 : finite_arg(L, 3, "z")};
    lmlua_push_vec(L, v);
    return 1;
}

/* The other operand of + or -: a vec or a {x, y, z} table. */
static lm_vec3 operand(lua_State *L, int arg, const char *op) {
    lm_vec3 *v = lmlua_test_vec(L, arg);
    if (v != NULL) {
        return *v;
    }
    if (lua_type(L, arg) == LUA_TTABLE) {
        return lmlua_check_vec3(L, lmlua_param(arg, "vector"));
    }
    return luaL_error(L, "cannot %s a vec and a %s (both sides must be vectors)", op,
                      luaL_typename(L, arg)),
           (lm_vec3){0, 0, 0};
}

static int vec_add(lua_State *L) {
    lm_vec3 a = operand(L, 1, "add"), b = operand(L, 2, "add");
    lmlua_push_vec(L, (lm_vec3){a.x + b.x, a.y + b.y, a.z + b.z});
    return 1;
}

static int vec_sub(lua_State *L) {
    lm_vec3 a = operand(L, 1, "subtract"), b = operand(L, 2, "subtract");
    lmlua_push_vec(L, (lm_vec3){a.x - b.x, a.y - b.y, a.z - b.z});
    return 1;
}

static int vec_mul(lua_State *L) {
    int vec_arg = lmlua_test_vec(L, 1) != NULL ? 1 : 2;
    int number_arg = 3 - vec_arg;
    if (lua_type(L, number_arg) != LUA_TNUMBER) {
        return luaL_error(L,
                          "a vec multiplies by a number, not by a %s (use a:dot(b) or "
                          "a:cross(b) for two vectors)",
                          type_name(L, number_arg));
    }
    double s = lua_tonumber(L, number_arg);
    lm_vec3 v = check_vec(L, vec_arg);
    lmlua_push_vec(L, (lm_vec3){v.x * s, v.y * s, v.z * s});
    return 1;
}

static int vec_div(lua_State *L) {
    lm_vec3 v = check_vec(L, 1);
    if (lua_type(L, 2) != LUA_TNUMBER) {
        return luaL_error(L, "a vec divides by a number, not by a %s", type_name(L, 2));
    }
    double s = lua_tonumber(L, 2);
    lmlua_push_vec(L, (lm_vec3){v.x / s, v.y / s, v.z / s});
    return 1;
}

static int vec_unm(lua_State *L) {
    lm_vec3 v = check_vec(L, 1);
    lmlua_push_vec(L, (lm_vec3){-v.x, -v.y, -v.z});
    return 1;
}

static int vec_eq(lua_State *L) {
    lm_vec3 *a = lmlua_test_vec(L, 1), *b = lmlua_test_vec(L, 2);
    lua_pushboolean(L, a != NULL && b != NULL && a->x == b->x && a->y == b->y && a->z == b->z);
    return 1;
}

static int vec_tostring(lua_State *L) {
    lm_vec3 v = check_vec(L, 1);
    char x[32], y[32], z[32];
    lmlua_format_number(v.x + 0.0, x); /* -0 reads as 0 */
    lmlua_format_number(v.y + 0.0, y);
    lmlua_format_number(v.z + 0.0, z);
    lua_pushfstring(L, "vec(%s, %s, %s)", x, y, z);
    return 1;
}

static int vec_dot(lua_State *L) {
    lm_vec3 a = check_vec(L, 1), b = lmlua_check_vec3(L, lmlua_param(2, "vector"));
    lua_pushnumber(L, a.x * b.x + a.y * b.y + a.z * b.z);
    return 1;
}

static int vec_cross(lua_State *L) {
    lm_vec3 a = check_vec(L, 1), b = lmlua_check_vec3(L, lmlua_param(2, "vector"));
    lmlua_push_vec(L,
                   (lm_vec3){a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x});
    return 1;
}

static int vec_len(lua_State *L) {
    lm_vec3 v = check_vec(L, 1);
    lua_pushnumber(L, sqrt(v.x * v.x + v.y * v.y + v.z * v.z));
    return 1;
}

/* The unit vector along v; the zero vector stays zero. */
static int vec_norm(lua_State *L) {
    lm_vec3 v = check_vec(L, 1);
    double length = sqrt(v.x * v.x + v.y * v.y + v.z * v.z);
    double s = length > 0 ? 1 / length : 0;
    lmlua_push_vec(L, (lm_vec3){v.x * s, v.y * s, v.z * s});
    return 1;
}

static int vec_unpack(lua_State *L) {
    lm_vec3 v = check_vec(L, 1);
    lua_pushnumber(L, v.x);
    lua_pushnumber(L, v.y);
    lua_pushnumber(L, v.z);
    return 3;
}

/* Which part a key names: 0, 1, 2 for x, y, z (or 1, 2, 3), else -1. */
static int part_of(lua_State *L, int key) {
    if (lua_type(L, key) == LUA_TSTRING) {
        const char *name = lua_tostring(L, key);
        if (name[0] >= 'x' && name[0] <= 'z' && name[1] == '\0') {
            return name[0] - 'x';
        }
    } else if (lua_isinteger(L, key)) {
        lua_Integer i = lua_tointeger(L, key);
        if (i >= 1 && i <= 3) {
            return (int)i - 1;
        }
    }
    return -1;
}

static int vec_index(lua_State *L) {
    /* Checked: a script can call the metamethod with anything. */
    lm_vec3 *v = lmlua_test_vec(L, 1);
    if (v == NULL) {
        return luaL_typeerror(L, 1, "vec");
    }
    int part = part_of(L, 2);
    if (part >= 0) {
        lua_pushnumber(L, part == 0 ? v->x : part == 1 ? v->y : v->z);
        return 1;
    }
    lua_pushvalue(L, 2);
    if (lua_rawget(L, lua_upvalueindex(1)) != LUA_TNIL) {
        return 1;
    }
    return lmlua_no_field_error(L, "vec", lua_upvalueindex(1),
                                lua_type(L, 2) == LUA_TSTRING ? lua_tostring(L, 2) : NULL);
}

static int vec_newindex(lua_State *L) {
    /* Checked: a script can call the metamethod with anything. */
    lm_vec3 *v = lmlua_test_vec(L, 1);
    if (v == NULL) {
        return luaL_typeerror(L, 1, "vec");
    }
    int part = part_of(L, 2);
    if (part < 0) {
        return luaL_error(L, "a vec has only x, y and z");
    }
    int isnum;
    double value = lua_tonumberx(L, 3, &isnum);
    if (!isnum || !isfinite(value)) {
        return luaL_error(L, "a vec's %s must be a finite number",
                          part == 0   ? "x"
                          : part == 1 ? "y"
                                      : "z");
    }
    *(part == 0 ? &v->x : part == 1 ? &v->y : &v->z) = value;
    return 0;
}

/* ------------------------------------------------------------ the hints -- */

/* Arithmetic on a particle handle: a:pos() - b. */
static int particle_arithmetic(lua_State *L) {
    return luaL_error(L, "attempt to perform arithmetic on a particle (use p:position() for its "
                         "position as a vector: a:position() - b:position())");
}

void lmlua_open_vec(lua_State *L) {
    static const luaL_Reg metamethods[] = {
        {"__add", vec_add}, {"__sub", vec_sub}, {"__mul", vec_mul},           {"__div", vec_div},
        {"__unm", vec_unm}, {"__eq", vec_eq},   {"__tostring", vec_tostring}, {NULL, NULL},
    };
    static const luaL_Reg methods[] = {
        {"dot", vec_dot},   {"cross", vec_cross},   {"len", vec_len},
        {"norm", vec_norm}, {"unpack", vec_unpack}, {NULL, NULL},
    };
    int loom = lua_gettop(L);
    luaL_newmetatable(L, VEC_METATABLE);
    lua_pushliteral(L, "vec");
    lua_setfield(L, -2, "__name");
    luaL_setfuncs(L, metamethods, 0);
    luaL_newlib(L, methods);
    lua_pushvalue(L, -1);
    lua_pushcclosure(L, vec_index, 1);
    lua_setfield(L, -3, "__index");
    lua_pop(L, 1);
    lua_pushcfunction(L, vec_newindex);
    lua_setfield(L, -2, "__newindex");
    lua_pushliteral(L, "vec");
    lua_setfield(L, -2, "__metatable");
    lua_pop(L, 1);

    lua_pushcfunction(L, vec_new);
    lua_setfield(L, loom, "vec");

    luaL_getmetatable(L, lmlua_kind_metatable(LMLUA_PARTICLE));
    static const char *const arithmetic[] = {"__add", "__sub", "__mul", "__div", "__unm"};
    for (int i = 0; i < 5; i++) {
        lua_pushcfunction(L, particle_arithmetic);
        lua_setfield(L, -2, arithmetic[i]);
    }
    lua_pop(L, 1);
}
