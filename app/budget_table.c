/*
 * budget_table.c - the table functions whose loops a script's arguments size,
 * asking the time limit as they go (budget_table.h says why).
 *
 * Each follows Lua 5.4's manual: the same arguments, the same results, the
 * same order of reads and writes through metamethods, and Lua's messages
 * word for word ("position out of bounds", "too many elements to move",
 * "invalid value (table) at index 1 in table for 'concat'", ...). Elements are read
 * and written with lua_geti and lua_seti, so __index and __newindex work as
 * in Lua's; a Lua metamethod is Lua code, stopped by the hook as usual.
 */
#include "budget_table.h"

#include <lauxlib.h>
#include <limits.h>
#include <lua.h>
#include <lualib.h>
#include <stdbool.h>

#include "guard.h"

enum { TAB_R = 1, TAB_W = 2, TAB_L = 4, TAB_RW = TAB_R | TAB_W };

/* Counts one iteration; every APP_BUDGET_TABLE_STEPS, asks the guard and
 * raises the error that ends the call once it must stop. */
static void tick(lua_State *L, unsigned *steps) {
    if (++*steps < APP_BUDGET_TABLE_STEPS)
        return;
    *steps = 0;
    if (app_guard_over(app_guard_of(L)))
        app_guard_raise(L);
}

/* Whether the metatable on top has field key (raw), pushing it. */
static int has_field(lua_State *L, const char *key, int n) {
    lua_pushstring(L, key);
    return lua_rawget(L, -n) != LUA_TNIL;
}

/* Argument arg must be a table, or have the metamethods what needs. */
static void check_table(lua_State *L, int arg, int what) {
    if (lua_type(L, arg) == LUA_TTABLE)
        return;
    int n = 1;
    if (lua_getmetatable(L, arg) && (!(what & TAB_R) || has_field(L, "__index", ++n)) &&
        (!(what & TAB_W) || has_field(L, "__newindex", ++n)) &&
        (!(what & TAB_L) || has_field(L, "__len", ++n)))
        lua_pop(L, n);
    else
        luaL_checktype(L, arg, LUA_TTABLE); /* raises */
}

static lua_Integer length_of(lua_State *L, int arg, int what) {
    check_table(L, arg, what | TAB_L);
    return luaL_len(L, arg);
}

/* table.insert(list, [pos,] value) */
static int insert(lua_State *L) {
    lua_Integer end = length_of(L, 1, TAB_RW);
    end = (lua_Integer)((lua_Unsigned)end + 1u); /* the first empty slot */
    lua_Integer pos;
    switch (lua_gettop(L)) {
    case 2:
        pos = end;
        break;
    case 3: {
        pos = luaL_checkinteger(L, 2);
        luaL_argcheck(L, (lua_Unsigned)pos - 1u < (lua_Unsigned)end, 2, "position out of bounds");
        unsigned steps = 0;
        for (lua_Integer i = end; i > pos; i--) { /* t[i] = t[i - 1] */
            lua_geti(L, 1, i - 1);
            lua_seti(L, 1, i);
            tick(L, &steps);
        }
        break;
    }
    default:
        return luaL_error(L, "wrong number of arguments to 'insert'");
    }
    lua_seti(L, 1, pos);
    return 0;
}

/* table.remove(list [, pos]) */
static int remove_(lua_State *L) {
    lua_Integer size = length_of(L, 1, TAB_RW);
    lua_Integer pos = luaL_optinteger(L, 2, size);
    if (pos != size)
        luaL_argcheck(L, (lua_Unsigned)pos - 1u <= (lua_Unsigned)size, 2, "position out of bounds");
    lua_geti(L, 1, pos); /* the result */
    unsigned steps = 0;
    for (; pos < size; pos++) { /* t[pos] = t[pos + 1] */
        lua_geti(L, 1, pos + 1);
        lua_seti(L, 1, pos);
        tick(L, &steps);
    }
    lua_pushnil(L);
    lua_seti(L, 1, pos);
    return 1;
}

/* table.move(a1, f, e, t [, a2]) */
static int move(lua_State *L) {
    lua_Integer first = luaL_checkinteger(L, 2);
    lua_Integer last = luaL_checkinteger(L, 3);
    lua_Integer to = luaL_checkinteger(L, 4);
    int target = !lua_isnoneornil(L, 5) ? 5 : 1;
    check_table(L, 1, TAB_R);
    check_table(L, target, TAB_W);
    if (last >= first) {
        luaL_argcheck(L, first > 0 || last < LUA_MAXINTEGER + first, 3,
                      "too many elements to move");
        lua_Integer n = last - first + 1;
        luaL_argcheck(L, to <= LUA_MAXINTEGER - n + 1, 4, "destination wrap around");
        unsigned steps = 0;
        /* Forward unless the ranges overlap with the destination above. */
        if (to > last || to <= first || (target != 1 && !lua_compare(L, 1, target, LUA_OPEQ))) {
            for (lua_Integer i = 0; i < n; i++) {
                lua_geti(L, 1, first + i);
                lua_seti(L, target, to + i);
                tick(L, &steps);
            }
        } else {
            for (lua_Integer i = n - 1; i >= 0; i--) {
                lua_geti(L, 1, first + i);
                lua_seti(L, target, to + i);
                tick(L, &steps);
            }
        }
    }
    lua_pushvalue(L, target);
    return 1;
}

static void add_field(lua_State *L, luaL_Buffer *buffer, lua_Integer i) {
    lua_geti(L, 1, i);
    if (!lua_isstring(L, -1))
        luaL_error(L, "invalid value (%s) at index %I in table for 'concat'", luaL_typename(L, -1),
                   (LUAI_UACINT)i);
    luaL_addvalue(buffer);
}

/* table.concat(list [, sep [, i [, j]]]) */
static int concat(lua_State *L) {
    lua_Integer last = length_of(L, 1, TAB_R);
    size_t separator_length;
    const char *separator = luaL_optlstring(L, 2, "", &separator_length);
    lua_Integer i = luaL_optinteger(L, 3, 1);
    last = luaL_optinteger(L, 4, last);
    luaL_Buffer buffer;
    luaL_buffinit(L, &buffer);
    unsigned steps = 0;
    for (; i < last; i++) {
        add_field(L, &buffer, i);
        luaL_addlstring(&buffer, separator, separator_length);
        tick(L, &steps);
    }
    if (i == last)
        add_field(L, &buffer, i);
    luaL_pushresult(&buffer);
    return 1;
}

/* table.unpack(list [, i [, j]]) */
static int unpack(lua_State *L) {
    lua_Integer i = luaL_optinteger(L, 2, 1);
    lua_Integer e = lua_isnoneornil(L, 3) ? luaL_len(L, 1) : luaL_checkinteger(L, 3);
    if (i > e)
        return 0;
    lua_Unsigned n = (lua_Unsigned)e - (lua_Unsigned)i; /* elements minus one */
    if (n >= (unsigned int)INT_MAX || !lua_checkstack(L, (int)(++n)))
        return luaL_error(L, "too many results to unpack");
    unsigned steps = 0;
    for (; i < e; i++) {
        lua_geti(L, 1, i);
        tick(L, &steps);
    }
    lua_geti(L, 1, e);
    return (int)n;
}

/* ----------------------------------------------------------------- sort -- */

typedef struct sorter {
    lua_State *L;
    bool compare; /* a function at index 2 */
    unsigned steps;
} sorter;

/* Whether t[i] < t[j], as the order function (or <) says. */
static bool less(sorter *s, lua_Integer i, lua_Integer j) {
    lua_State *L = s->L;
    bool result;
    if (s->compare) {
        lua_pushvalue(L, 2);
        lua_geti(L, 1, i);
        lua_geti(L, 1, j);
        lua_call(L, 2, 1);
        result = lua_toboolean(L, -1);
        lua_pop(L, 1);
    } else {
        lua_geti(L, 1, i);
        lua_geti(L, 1, j);
        result = lua_compare(L, -2, -1, LUA_OPLT);
        lua_pop(L, 2);
    }
    tick(L, &s->steps);
    return result;
}

static void swap(lua_State *L, lua_Integer i, lua_Integer j) {
    lua_geti(L, 1, i);
    lua_geti(L, 1, j);
    lua_seti(L, 1, i);
    lua_seti(L, 1, j);
}

/* Lets t[root] sink in the heap t[1..end] (children of k: 2k, 2k + 1). */
static void sink(sorter *s, lua_Integer root, lua_Integer end) {
    for (lua_Integer child; (child = 2 * root) <= end; root = child) {
        if (child < end && less(s, child, child + 1))
            child++;
        if (!less(s, root, child))
            return;
        swap(s->L, root, child);
    }
}

/* table.sort(list [, comp]). Upvalue 1: Lua's own. */
static int sort(lua_State *L) {
    bool direct = lua_type(L, 1) == LUA_TTABLE && lua_rawlen(L, 1) <= APP_BUDGET_TABLE_SORT_DIRECT;
    if (direct && luaL_getmetafield(L, 1, "__len") != LUA_TNIL) {
        lua_pop(L, 1); /* a __len is called once, below */
        direct = false;
    }
    if (direct) {
        lua_pushvalue(L, lua_upvalueindex(1));
        lua_insert(L, 1);
        lua_call(L, lua_gettop(L) - 1, 0);
        return 0;
    }
    lua_settop(L, lua_gettop(L) < 2 ? lua_gettop(L) : 2);
    lua_Integer n = length_of(L, 1, TAB_RW);
    if (n > 1) {
        luaL_argcheck(L, n < INT_MAX, 1, "array too big");
        if (!lua_isnoneornil(L, 2))
            luaL_checktype(L, 2, LUA_TFUNCTION);
        lua_settop(L, 2);
        sorter s = {L, !lua_isnil(L, 2), 0};
        for (lua_Integer root = n / 2; root >= 1; root--)
            sink(&s, root, n);
        for (lua_Integer end = n; end > 1; end--) {
            swap(L, 1, end);
            sink(&s, 1, end - 1);
        }
    }
    return 0;
}

void app_budget_table_open(lua_State *L) {
    lua_getglobal(L, LUA_TABLIBNAME);
    if (!lua_istable(L, -1)) {
        lua_pop(L, 1);
        return;
    }
    static const luaL_Reg functions[] = {
        {"insert", insert}, {"remove", remove_}, {"move", move},
        {"concat", concat}, {"unpack", unpack},  {NULL, NULL},
    };
    luaL_setfuncs(L, functions, 0);
    lua_getfield(L, -1, "sort");
    lua_pushcclosure(L, sort, 1);
    lua_setfield(L, -2, "sort");
    lua_pop(L, 1);
}
