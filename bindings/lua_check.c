/*
 * lua_check.c - the few generic checks every binding function goes through.
 *
 * Every value a script passes is checked for type, finiteness and range
 * before it reaches the engine, and every failure is an argument error that
 * names the function, the argument and the field: these messages are what a
 * learner reads, so they follow one pattern, "<subject> must be <rule>, got
 * <value>", documented in docs/lua-api.md.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "lua_internal.h"

lmlua_place lmlua_field(int arg, const char *name) {
    lmlua_place place = {arg, name, true};
    return place;
}

lmlua_place lmlua_param(int arg, const char *name) {
    lmlua_place place = {arg, name, false};
    return place;
}

void lmlua_format_number(double value, char out[32]) {
    if (isnan(value)) {
        strcpy(out, "nan"); /* glibc would print "-nan" for Lua's 0/0 */
    } else if (isinf(value)) {
        strcpy(out, value > 0 ? "inf" : "-inf");
    } else {
        snprintf(out, 32, "%.14g", value);
    }
}

void lmlua_format_seconds(double seconds, char out[32]) {
    if (!isfinite(seconds)) {
        lmlua_format_number(seconds, out);
        return;
    }
    snprintf(out, 32, "%.6f", seconds);
    char *end = out + strlen(out);
    while (end > out && end[-1] == '0')
        *--end = '\0';
    if (end > out && end[-1] == '.')
        *--end = '\0';
    if (strcmp(out, "-0") == 0)
        strcpy(out, "0");
}

int lmlua_place_error(lua_State *L, lmlua_place place, const char *message) {
    if (place.field) {
        lua_pushfstring(L, "field '%s' %s", place.name, message);
    } else {
        lua_pushfstring(L, "%s %s", place.name, message);
    }
    return luaL_argerror(L, place.arg, lua_tostring(L, -1));
}

/* "must be <rule>, got <value>" with the value formatted. */
static int rule_error(lua_State *L, lmlua_place place, const char *rule, double value) {
    char got[32];
    lmlua_format_number(value, got);
    lua_pushfstring(L, "must be %s, got %s", rule, got);
    return lmlua_place_error(L, place, lua_tostring(L, -1));
}

/* "must be <rule>, got <type>" for a value of the wrong type. */
static int type_rule_error(lua_State *L, int index, lmlua_place place, const char *rule) {
    lua_pushfstring(L, "must be %s, got %s", rule, luaL_typename(L, index));
    return lmlua_place_error(L, place, lua_tostring(L, -1));
}

/* ---------------------------------------------------------- options table -- */

static bool is_known_field(const char *key, const char *const fields[]) {
    for (int i = 0; fields[i] != NULL; i++) {
        if (strcmp(key, fields[i]) == 0) {
            return true;
        }
    }
    return false;
}

bool lmlua_check_options(lua_State *L, int arg, const char *const fields[]) {
    if (lua_isnoneornil(L, arg)) {
        return false;
    }
    luaL_checktype(L, arg, LUA_TTABLE);
    lua_pushnil(L);
    while (lua_next(L, arg) != 0) {
        lua_pop(L, 1); /* the value */
        if (lua_type(L, -1) == LUA_TSTRING) {
            const char *key = lua_tostring(L, -1);
            if (!is_known_field(key, fields)) {
                const char *closest = lmlua_closest_name(key, fields);
                luaL_argerror(L, arg,
                              closest != NULL
                                  ? lua_pushfstring(L, "unknown field '%s' (did you mean '%s'?)",
                                                    key, closest)
                                  : lua_pushfstring(L, "unknown field '%s'", key));
            }
        } else if (lua_isinteger(L, -1)) {
            luaL_argerror(L, arg, lua_pushfstring(L, "unknown field [%I]", lua_tointeger(L, -1)));
        } else {
            luaL_argerror(L, arg,
                          lua_pushfstring(L, "unknown field of type %s", luaL_typename(L, -1)));
        }
    }
    return true;
}

int lmlua_get_field(lua_State *L, int index, const char *name) {
    if (lua_type(L, index) != LUA_TTABLE) {
        return lua_getfield(L, index, name);
    }
    index = lua_absindex(L, index);
    lua_pushstring(L, name);
    return lua_rawget(L, index);
}

/* Pushes options[name] when it is not nil. */
static bool push_field(lua_State *L, int arg, const char *name) {
    if (lua_type(L, arg) != LUA_TTABLE) {
        return false;
    }
    if (lmlua_get_field(L, arg, name) == LUA_TNIL) {
        lua_pop(L, 1);
        return false;
    }
    return true;
}

bool lmlua_get_finite(lua_State *L, int arg, const char *name, double *out) {
    if (!push_field(L, arg, name)) {
        return false;
    }
    *out = lmlua_to_finite(L, -1, lmlua_field(arg, name));
    lua_pop(L, 1);
    return true;
}

bool lmlua_get_integer(lua_State *L, int arg, const char *name, lua_Integer *out) {
    if (!push_field(L, arg, name)) {
        return false;
    }
    lmlua_place place = lmlua_field(arg, name);
    if (lua_type(L, -1) != LUA_TNUMBER) {
        type_rule_error(L, -1, place, "an integer");
    }
    int is_integer = 0;
    lua_Integer value = lua_tointegerx(L, -1, &is_integer);
    if (!is_integer) {
        rule_error(L, place, "an integer", lua_tonumber(L, -1));
    }
    *out = value;
    lua_pop(L, 1);
    return true;
}

bool lmlua_get_boolean(lua_State *L, int arg, const char *name, bool *out) {
    if (!push_field(L, arg, name)) {
        return false;
    }
    if (lua_type(L, -1) != LUA_TBOOLEAN) {
        type_rule_error(L, -1, lmlua_field(arg, name), "a boolean");
    }
    *out = lua_toboolean(L, -1);
    lua_pop(L, 1);
    return true;
}

bool lmlua_get_vec3(lua_State *L, int arg, const char *name, lm_vec3 *out) {
    if (!push_field(L, arg, name)) {
        return false;
    }
    *out = lmlua_to_vec3(L, -1, lmlua_field(arg, name));
    lua_pop(L, 1);
    return true;
}

bool lmlua_get_option(lua_State *L, int arg, const char *name, const char *const options[],
                      int *out) {
    if (!push_field(L, arg, name)) {
        return false;
    }
    *out = lmlua_to_option(L, -1, lmlua_field(arg, name), options);
    lua_pop(L, 1);
    return true;
}

bool lmlua_get_color(lua_State *L, int arg, const char *name, uint32_t *out) {
    if (!push_field(L, arg, name)) {
        return false;
    }
    *out = lmlua_to_color(L, -1, lmlua_field(arg, name));
    lua_pop(L, 1);
    return true;
}

/* -------------------------------------------------------------- numbers -- */

double lmlua_to_finite(lua_State *L, int index, lmlua_place place) {
    /* lua_type, not lua_isnumber: the string "1" is not a number here. */
    if (lua_type(L, index) != LUA_TNUMBER) {
        if (!place.field) {
            luaL_typeerror(L, place.arg, "number");
        }
        type_rule_error(L, index, place, "a finite number");
    }
    double value = lua_tonumber(L, index);
    if (!isfinite(value)) {
        rule_error(L, place, "a finite number", value);
    }
    return value;
}

double lmlua_check_finite(lua_State *L, lmlua_place place) {
    return lmlua_to_finite(L, place.arg, place);
}

lm_vec3 lmlua_check_xyz(lua_State *L, int first) {
    if (lmlua_test_vec(L, first) != NULL) { /* p:set_pos(v) with a loom.vec */
        return lmlua_to_vec3(L, first, lmlua_param(first, "vector"));
    }
    lm_vec3 v;
    v.x = lmlua_check_finite(L, lmlua_param(first, "x"));
    v.y = lmlua_check_finite(L, lmlua_param(first + 1, "y"));
    v.z = lua_isnoneornil(L, first + 2) ? 0.0 : lmlua_check_finite(L, lmlua_param(first + 2, "z"));
    return v;
}

void lmlua_require_min(lua_State *L, lmlua_place place, double value, double min, bool inclusive) {
    if (inclusive ? value >= min : value > min) {
        return;
    }
    char bound[32], rule[48];
    lmlua_format_number(min, bound);
    snprintf(rule, sizeof rule, "%s %s", inclusive ? ">=" : ">", bound);
    rule_error(L, place, rule, value);
}

void lmlua_require_range(lua_State *L, lmlua_place place, double value, double low,
                         bool low_inclusive, double high, bool high_inclusive) {
    bool above = low_inclusive ? value >= low : value > low;
    bool below = high_inclusive ? value <= high : value < high;
    if (above && below) {
        return;
    }
    char lo[32], hi[32], rule[80];
    lmlua_format_number(low, lo);
    lmlua_format_number(high, hi);
    snprintf(rule, sizeof rule, "in %c%s, %s%c", low_inclusive ? '[' : '(', lo, hi,
             high_inclusive ? ']' : ')');
    rule_error(L, place, rule, value);
}

/* -------------------------------------------------------------- vectors -- */

static int vector_error(lua_State *L, lmlua_place place) {
    return lmlua_place_error(L, place, "must be a table of 2 or 3 numbers");
}

lm_vec3 lmlua_to_vec3(lua_State *L, int index, lmlua_place place) {
    index = lua_absindex(L, index);
    const lm_vec3 *vec = lmlua_test_vec(L, index);
    if (vec != NULL) { /* loom.vec; v / 0 can make it infinite */
        const double parts[3] = {vec->x, vec->y, vec->z};
        for (int i = 0; i < 3; i++) {
            if (!isfinite(parts[i])) {
                char got[32];
                lmlua_format_number(parts[i], got);
                lmlua_place_error(L, place,
                                  lua_pushfstring(L, "must contain finite numbers, got %s", got));
            }
        }
        return *vec;
    }
    if (lua_type(L, index) != LUA_TTABLE) {
        vector_error(L, place);
    }
    lua_Integer length = (lua_Integer)lua_rawlen(L, index);
    if (length != 2 && length != 3) {
        vector_error(L, place);
    }
    double xyz[3] = {0.0, 0.0, 0.0};
    for (lua_Integer i = 1; i <= length; i++) {
        if (lua_rawgeti(L, index, i) != LUA_TNUMBER) {
            vector_error(L, place);
        }
        xyz[i - 1] = lua_tonumber(L, -1);
        lua_pop(L, 1);
        if (!isfinite(xyz[i - 1])) {
            char got[32];
            lmlua_format_number(xyz[i - 1], got);
            lmlua_place_error(L, place,
                              lua_pushfstring(L, "must contain finite numbers, got %s", got));
        }
    }
    lm_vec3 v = {xyz[0], xyz[1], xyz[2]};
    return v;
}

lm_vec3 lmlua_check_vec3(lua_State *L, lmlua_place place) {
    return lmlua_to_vec3(L, place.arg, place);
}

void lmlua_push_vec3_table(lua_State *L, lm_vec3 v) {
    lua_createtable(L, 3, 0);
    lua_pushnumber(L, v.x);
    lua_rawseti(L, -2, 1);
    lua_pushnumber(L, v.y);
    lua_rawseti(L, -2, 2);
    lua_pushnumber(L, v.z);
    lua_rawseti(L, -2, 3);
}

/* -------------------------------------------------------------- options -- */

/* "a, b, c" into a buffer on the stack. */
static const char *push_option_list(lua_State *L, const char *const options[]) {
    luaL_Buffer list;
    luaL_buffinit(L, &list);
    for (int i = 0; options[i] != NULL; i++) {
        if (i > 0) {
            luaL_addstring(&list, ", ");
        }
        luaL_addstring(&list, options[i]);
    }
    luaL_pushresult(&list);
    return lua_tostring(L, -1);
}

int lmlua_to_option(lua_State *L, int index, lmlua_place place, const char *const options[]) {
    if (lua_type(L, index) != LUA_TSTRING) {
        if (!place.field) {
            luaL_typeerror(L, place.arg, "string");
        }
        type_rule_error(L, index, place, "a string");
    }
    const char *name = lua_tostring(L, index);
    for (int i = 0; options[i] != NULL; i++) {
        if (strcmp(name, options[i]) == 0) {
            return i;
        }
    }
    const char *list = push_option_list(L, options);
    if (place.field) {
        lua_pushfstring(L, "field '%s': invalid option '%s', expected one of: %s", place.name, name,
                        list);
    } else {
        lua_pushfstring(L, "invalid option '%s', expected one of: %s", name, list);
    }
    return luaL_argerror(L, place.arg, lua_tostring(L, -1));
}

/* --------------------------------------------------------------- colors -- */

/* The CSS values of the names, so they mean what a web page means by them. */
static const struct {
    const char *name;
    uint32_t rgba;
} color_names[] = {
    {"black", 0x000000ffu}, {"white", 0xffffffffu},   {"gray", 0x808080ffu},
    {"grey", 0x808080ffu},  {"red", 0xff0000ffu},     {"green", 0x008000ffu},
    {"blue", 0x0000ffffu},  {"yellow", 0xffff00ffu},  {"orange", 0xffa500ffu},
    {"cyan", 0x00ffffffu},  {"magenta", 0xff00ffffu}, {"purple", 0x800080ffu},
    {"pink", 0xffc0cbffu},  {"brown", 0xa52a2affu},
};
enum { COLOR_NAME_COUNT = sizeof color_names / sizeof color_names[0] };

static int hex_digit(char c) {
    if (c >= '0' && c <= '9') {
        return c - '0';
    }
    if (c >= 'a' && c <= 'f') {
        return c - 'a' + 10;
    }
    if (c >= 'A' && c <= 'F') {
        return c - 'A' + 10;
    }
    return -1;
}

/* "#rrggbb" or "#rrggbbaa" into 0xRRGGBBAA; false if malformed. */
static bool parse_hex_color(const char *text, size_t length, uint32_t *out) {
    if (text[0] != '#' || (length != 7 && length != 9)) {
        return false;
    }
    uint32_t value = 0;
    for (size_t i = 1; i < length; i++) {
        int digit = hex_digit(text[i]);
        if (digit < 0) {
            return false;
        }
        value = value << 4 | (uint32_t)digit;
    }
    *out = length == 7 ? value << 8 | 0xffu : value;
    return true;
}

static int color_string_error(lua_State *L, lmlua_place place, const char *text) {
    luaL_Buffer names;
    luaL_buffinit(L, &names);
    for (int i = 0; i < COLOR_NAME_COUNT; i++) {
        if (i > 0) {
            luaL_addstring(&names, ", ");
        }
        luaL_addstring(&names, color_names[i].name);
    }
    luaL_pushresult(&names);
    const char *list = lua_tostring(L, -1);
    const char *prefix = place.field ? lua_pushfstring(L, "field '%s': ", place.name) : "";
    lua_pushfstring(L, "%sinvalid color '%s', expected \"#rrggbb\", \"#rrggbbaa\" or one of: %s",
                    prefix, text, list);
    return luaL_argerror(L, place.arg, lua_tostring(L, -1));
}

static uint32_t color_component(lua_State *L, int table, int i, lmlua_place place) {
    lua_rawgeti(L, table, i);
    double c = lua_type(L, -1) == LUA_TNUMBER ? lua_tonumber(L, -1) : -1.0;
    lua_pop(L, 1);
    if (!(c >= 0.0 && c <= 1.0)) { /* also catches nan */
        lmlua_place_error(L, place, "must be a table of 3 or 4 numbers in [0, 1]");
    }
    return (uint32_t)lround(c * 255.0);
}

uint32_t lmlua_to_color(lua_State *L, int index, lmlua_place place) {
    index = lua_absindex(L, index);
    int type = lua_type(L, index);
    if (type == LUA_TSTRING) {
        size_t length;
        const char *text = lua_tolstring(L, index, &length);
        uint32_t rgba;
        if (parse_hex_color(text, length, &rgba)) {
            return rgba;
        }
        for (int i = 0; i < COLOR_NAME_COUNT; i++) {
            if (strcmp(text, color_names[i].name) == 0) {
                return color_names[i].rgba;
            }
        }
        color_string_error(L, place, text);
    } else if (type == LUA_TTABLE) {
        size_t length = lua_rawlen(L, index);
        if (length != 3 && length != 4) {
            lmlua_place_error(L, place, "must be a table of 3 or 4 numbers in [0, 1]");
        }
        uint32_t r = color_component(L, index, 1, place);
        uint32_t g = color_component(L, index, 2, place);
        uint32_t b = color_component(L, index, 3, place);
        uint32_t a = length == 4 ? color_component(L, index, 4, place) : 0xffu;
        return r << 24 | g << 16 | b << 8 | a;
    }
    type_rule_error(L, index, place, "a color string or a table {r, g, b[, a]}");
    return 0;
}

uint32_t lmlua_check_color(lua_State *L, lmlua_place place) {
    return lmlua_to_color(L, place.arg, place);
}

void lmlua_push_color(lua_State *L, uint32_t rgba) {
    for (int shift = 24; shift >= 0; shift -= 8) {
        lua_pushnumber(L, (double)((rgba >> shift) & 0xffu) / 255.0);
    }
}
