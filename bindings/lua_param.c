/*
 * lua_param.c - loom.param(name, default [, {min, max, step, label, live}]):
 * values a scene takes from the command line (--set name=value) or from the
 * window's sliders.
 *
 * The values given are strings in the registry table "loom.param.given",
 * put there by the host before the script runs (lmlua_params_give). Each
 * declaration is recorded, in order, in "loom.param.declared", so the host
 * can list the parameters (sliders, error messages). A given value that does
 * not fit its parameter (not a number, out of range) is not a script error:
 * the default is used and the first such problem is kept under
 * "loom.param.problem" for the host, which reports it as a usage error.
 *
 * A live parameter (live = true) is one the window changes in the running
 * scene instead of loading the scene again: lmlua_params_set writes the
 * slider's value into its declaration, and loom.param(name), called again
 * (in loom.update, say), returns it.
 */
#include "lua_internal.h"
#include "loom_lua.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define GIVEN_KEY    "loom.param.given"
#define DECLARED_KEY "loom.param.declared"
#define PROBLEM_KEY  "loom.param.problem"

void lmlua_params_give(lua_State *L, const char *const *names, const char *const *values,
                       int count) {
    lua_newtable(L);
    for (int i = 0; i < count; i++) {
        lua_pushstring(L, values[i]);
        lua_setfield(L, -2, names[i]);
    }
    lua_setfield(L, LUA_REGISTRYINDEX, GIVEN_KEY);
}

/* Sets the problem unless there is one already. */
static void set_problem(lua_State *L, const char *message) {
    if (lua_getfield(L, LUA_REGISTRYINDEX, PROBLEM_KEY) == LUA_TNIL) {
        lua_pushstring(L, message);
        lua_setfield(L, LUA_REGISTRYINDEX, PROBLEM_KEY);
    }
    lua_pop(L, 1);
}

static bool parse_number(const char *text, double *out) {
    char *end;
    errno = 0;
    double value = strtod(text, &end);
    if (errno || end == text || *end != '\0' || !isfinite(value))
        return false;
    *out = value;
    return true;
}

static bool parse_boolean(const char *text, bool *out) {
    static const char *const yes[] = {"true", "1", "yes", "on", NULL};
    static const char *const no[] = {"false", "0", "no", "off", NULL};
    for (int i = 0; yes[i]; i++) {
        if (strcmp(text, yes[i]) == 0) {
            *out = true;
            return true;
        }
        if (strcmp(text, no[i]) == 0) {
            *out = false;
            return true;
        }
    }
    return false;
}

/* Pushes the declaration table of name, or nil. */
static int push_declared(lua_State *L, const char *name) {
    if (lua_getfield(L, LUA_REGISTRYINDEX, DECLARED_KEY) != LUA_TTABLE) {
        lua_pop(L, 1);
        lua_pushnil(L);
        return LUA_TNIL;
    }
    lua_Integer count = (lua_Integer)lua_rawlen(L, -1);
    for (lua_Integer i = 1; i <= count; i++) {
        lua_rawgeti(L, -1, i);
        lua_getfield(L, -1, "name");
        bool same = strcmp(lua_tostring(L, -1), name) == 0;
        lua_pop(L, 1);
        if (same) {
            lua_remove(L, -2);
            return LUA_TTABLE;
        }
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    lua_pushnil(L);
    return LUA_TNIL;
}

static const char *const param_fields[] = {"min", "max", "step", "label", "live", NULL};

static int param(lua_State *L) {
    size_t name_length;
    const char *name = luaL_checklstring(L, 1, &name_length);
    if (name_length == 0 || name_length > 64 ||
        strspn(name, "abcdefghijklmnopqrstuvwxyz"
                     "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
                     "0123456789_.") != name_length)
        return luaL_argerror(L, 1, "a name of letters, digits, '_' and '.' expected");
    /* loom.param(name) alone reads a declared parameter's value now (a live
     * one changes while the scene runs). */
    if (lua_isnone(L, 2)) {
        if (push_declared(L, name) == LUA_TTABLE) {
            lua_getfield(L, -1, "value");
            return 1;
        }
        lua_pop(L, 1);
    }
    int kind = lua_type(L, 2);
    if (kind != LUA_TNUMBER && kind != LUA_TBOOLEAN && kind != LUA_TSTRING)
        return luaL_typeerror(L, 2, "number, boolean or string");
    if (kind == LUA_TNUMBER)
        lmlua_check_finite(L, lmlua_param(2, "default"));
    bool has_options = lmlua_check_options(L, 3, param_fields);
    double low = -HUGE_VAL, high = HUGE_VAL, step = 0;
    bool ranged = false, live = false;
    const char *label = name;
    if (has_options) {
        bool has_low = lmlua_get_finite(L, 3, "min", &low);
        bool has_high = lmlua_get_finite(L, 3, "max", &high);
        bool has_step = lmlua_get_finite(L, 3, "step", &step);
        if ((has_low || has_high || has_step) && kind != LUA_TNUMBER)
            return luaL_argerror(L, 3, "min, max and step are for a number parameter");
        if (has_low != has_high)
            return luaL_argerror(L, 3, "give both min and max, or neither");
        ranged = has_low;
        if (ranged && !(low < high))
            return luaL_argerror(L, 3, "min must be less than max");
        if (has_step && !(step > 0))
            lmlua_place_error(L, lmlua_field(3, "step"), "must be > 0");
        if (ranged) {
            double value = lua_tonumber(L, 2);
            if (value < low || value > high)
                return luaL_argerror(L, 2, "the default must be between min and max");
        }
        if (lmlua_get_field(L, 3, "label") != LUA_TNIL) { /* raw: it stays referenced */
            if (!lua_isstring(L, -1) || lua_type(L, -1) == LUA_TNUMBER)
                lmlua_place_error(L, lmlua_field(3, "label"), "must be a string");
            label = lua_tostring(L, -1);
        }
        lua_pop(L, 1);
        lmlua_get_boolean(L, 3, "live", &live);
        if (live && !ranged)
            return luaL_argerror(L, 3, "live is for a number parameter with min and max");
    }

    /* Declared before (a scene may ask twice): the same value again. */
    if (push_declared(L, name) == LUA_TTABLE) {
        lua_getfield(L, -1, "value");
        return 1;
    }
    lua_pop(L, 1);

    /* The value: the given one if it fits, else the default. */
    lua_pushvalue(L, 2);
    int value_index = lua_gettop(L);
    if (lua_getfield(L, LUA_REGISTRYINDEX, GIVEN_KEY) == LUA_TTABLE &&
        lua_getfield(L, -1, name) == LUA_TSTRING) {
        const char *text = lua_tostring(L, -1);
        char problem[512];
        problem[0] = '\0';
        if (kind == LUA_TNUMBER) {
            double value;
            if (!parse_number(text, &value))
                snprintf(problem, sizeof problem, "--set %s=%s: %s is a number (default %s)", name,
                         text, name, lua_tostring(L, 2));
            else if (ranged && (value < low || value > high)) {
                char l[32], h[32];
                lmlua_format_number(low, l);
                lmlua_format_number(high, h);
                snprintf(problem, sizeof problem, "--set %s=%s: %s must be between %s and %s", name,
                         text, name, l, h);
            } else {
                if (lua_isinteger(L, 2) && value == floor(value) && fabs(value) < 9e15)
                    lua_pushinteger(L, (lua_Integer)value);
                else
                    lua_pushnumber(L, value);
                lua_replace(L, value_index);
            }
        } else if (kind == LUA_TBOOLEAN) {
            bool value;
            if (!parse_boolean(text, &value))
                snprintf(problem, sizeof problem,
                         "--set %s=%s: %s is true or false (or 1, 0, yes, no, on, off)", name, text,
                         name);
            else {
                lua_pushboolean(L, value);
                lua_replace(L, value_index);
            }
        } else {
            lua_pushvalue(L, -1);
            lua_replace(L, value_index);
        }
        if (problem[0])
            set_problem(L, problem);
        lua_pop(L, 1);
    }
    lua_pop(L, 1);

    /* Record the declaration. */
    if (lua_getfield(L, LUA_REGISTRYINDEX, DECLARED_KEY) != LUA_TTABLE) {
        lua_pop(L, 1);
        lua_newtable(L);
        lua_pushvalue(L, -1);
        lua_setfield(L, LUA_REGISTRYINDEX, DECLARED_KEY);
    }
    lua_createtable(L, 0, 8);
    lua_pushstring(L, name);
    lua_setfield(L, -2, "name");
    lua_pushstring(L, label);
    lua_setfield(L, -2, "label");
    lua_pushvalue(L, 2);
    lua_setfield(L, -2, "default");
    lua_pushvalue(L, value_index);
    lua_setfield(L, -2, "value");
    if (ranged) {
        lua_pushnumber(L, low);
        lua_setfield(L, -2, "min");
        lua_pushnumber(L, high);
        lua_setfield(L, -2, "max");
    }
    if (step > 0) {
        lua_pushnumber(L, step);
        lua_setfield(L, -2, "step");
    }
    if (live) {
        lua_pushboolean(L, true);
        lua_setfield(L, -2, "live");
    }
    lua_rawseti(L, -2, (lua_Integer)lua_rawlen(L, -2) + 1);
    lua_pop(L, 1);
    lua_pushvalue(L, value_index);
    return 1;
}

void lmlua_open_param(lua_State *L) {
    lua_pushcfunction(L, param);
    lua_setfield(L, -2, "param");
}

/* ------------------------------------------------------------- C side -- */

size_t lmlua_params_count(lua_State *L) {
    size_t count = 0;
    if (lua_getfield(L, LUA_REGISTRYINDEX, DECLARED_KEY) == LUA_TTABLE)
        count = lua_rawlen(L, -1);
    lua_pop(L, 1);
    return count;
}

static double number_field(lua_State *L, const char *name, double fallback) {
    lua_pushstring(L, name);
    lua_rawget(L, -2);
    double value = lua_type(L, -1) == LUA_TNUMBER ? lua_tonumber(L, -1) : fallback;
    lua_pop(L, 1);
    return value;
}

static const char *string_field(lua_State *L, const char *name) {
    lua_pushstring(L, name);
    lua_rawget(L, -2);
    const char *text = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "";
    lua_pop(L, 1); /* still referenced by the declaration table */
    return text;
}

bool lmlua_params_at(lua_State *L, size_t index, lmlua_parameter *out) {
    memset(out, 0, sizeof *out);
    int top = lua_gettop(L);
    bool found = false;
    if (lua_getfield(L, LUA_REGISTRYINDEX, DECLARED_KEY) == LUA_TTABLE &&
        lua_rawgeti(L, -1, (lua_Integer)index + 1) == LUA_TTABLE) {
        out->name = string_field(L, "name");
        out->label = string_field(L, "label");
        lua_pushliteral(L, "value");
        lua_rawget(L, -2);
        int kind = lua_type(L, -1);
        out->kind = kind == LUA_TNUMBER    ? LMLUA_PARAM_NUMBER
                    : kind == LUA_TBOOLEAN ? LMLUA_PARAM_BOOLEAN
                                           : LMLUA_PARAM_STRING;
        out->number = lua_type(L, -1) == LUA_TNUMBER ? lua_tonumber(L, -1) : 0;
        out->boolean = lua_toboolean(L, -1);
        lua_pop(L, 1);
        out->text = out->kind == LMLUA_PARAM_STRING ? string_field(L, "value") : "";
        lua_pushliteral(L, "min");
        out->ranged = lua_rawget(L, -2) == LUA_TNUMBER; /* recorded only with a range */
        lua_pop(L, 1);
        out->low = number_field(L, "min", 0);
        out->high = number_field(L, "max", 0);
        out->step = number_field(L, "step", 0);
        lua_pushliteral(L, "live");
        out->live = lua_rawget(L, -2) == LUA_TBOOLEAN;
        lua_pop(L, 1);
        found = true;
    }
    lua_settop(L, top);
    return found;
}

const char *lmlua_params_problem(lua_State *L) {
    lua_getfield(L, LUA_REGISTRYINDEX, PROBLEM_KEY);
    const char *problem = lua_tostring(L, -1); /* kept alive by the registry */
    lua_pop(L, 1);
    return problem;
}

bool lmlua_params_set(lua_State *L, const char *name, double value) {
    if (push_declared(L, name) != LUA_TTABLE) {
        lua_pop(L, 1);
        return false;
    }
    lmlua_parameter p;
    bool ok = false;
    for (size_t i = 0; i < lmlua_params_count(L) && !ok; i++)
        ok = lmlua_params_at(L, i, &p) && strcmp(p.name, name) == 0;
    ok = ok && p.kind == LMLUA_PARAM_NUMBER && p.ranged && isfinite(value);
    if (ok) {
        value = value < p.low ? p.low : value > p.high ? p.high : value;
        /* As --set gives it: an integer for an integer default and a whole value. */
        lua_getfield(L, -1, "default");
        bool integer = lua_isinteger(L, -1);
        lua_pop(L, 1);
        if (integer && value == floor(value) && fabs(value) < 9e15)
            lua_pushinteger(L, (lua_Integer)value);
        else
            lua_pushnumber(L, value);
        lua_setfield(L, -2, "value");
    }
    lua_pop(L, 1);
    return ok;
}
