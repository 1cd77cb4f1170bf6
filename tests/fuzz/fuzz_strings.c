/*
 * fuzz_strings.c - libFuzzer harness (make fuzz): loom's string functions
 * and load against Lua 5.4's own.
 *
 * loom replaces string.find, match, gmatch, gsub and rep (app/budget_string.c,
 * written to stop at the time limit) and load (app/lua_load.c: text only,
 * read in pieces, checked for Lua 5.4.4's bugs). The reference is the
 * liblua5.4 this harness links: a plain state with Lua's own libraries. Each
 * input is one call (its first byte chooses which, the next ones its small
 * arguments, then a pattern and a subject, or a chunk), made in a loom host
 * (app/host.h, sandboxed, as a scene gets it) and in the plain state; what
 * they return or raise must be the same, byte for byte, or the harness
 * aborts with both answers (a finding). Where loom differs by design it
 * checks that instead: a binary chunk is refused (and never given to the
 * reference, whose undump trusts its input), and a chunk loom refuses for a
 * bug of Lua 5.4.4 must be one the reference compiles.
 *
 * Subjects and patterns are short (48 and 16 bytes): Lua's matcher has no
 * limit of its own, and a backtracking pattern over a long subject would
 * run the reference for hours.
 */
#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../app/host.h"

enum {
    MAX_PATTERN = 16,
    MAX_SUBJECT = 48,
    MAX_CHUNK = 1024,
    ANSWER_SIZE = 8192,
};

typedef enum op { FIND, MATCH, GMATCH, GSUB, REP, LOAD, OP_COUNT } op;

/* A call's arguments, decoded from the input. */
typedef struct call {
    op what;
    int init;  /* find, match, gmatch: the start; rep: the count */
    int flags; /* find: plain; gsub: the replacement's kind and count; load: the mode */
    const char *pattern;
    size_t pattern_size;
    const char *subject; /* or the chunk */
    size_t subject_size;
} call;

typedef struct states {
    app_host *host;
    lua_State *loom, *lua;
} states;

/* Lua source run in both states: the replacement function and table gsub
 * gets, and gmatch collected into a list. */
static const char helpers[] =
    "local function replace(...)\n"
    "  local n = select('#', ...)\n"
    "  if n % 2 == 0 then return nil end\n"
    "  local t = {}\n"
    "  for i = 1, n do t[i] = tostring((select(i, ...))) end\n"
    "  return table.concat(t, '|')\n"
    "end\n"
    "local table_ = { a = 'A', b = false, ['1'] = 1, x = {}, [' '] = '_' }\n"
    "local function collect(s, p, init)\n"
    "  local out = {}\n"
    "  for a, b, c in string.gmatch(s, p, init) do\n"
    "    out[#out + 1] = tostring(a) .. '/' .. tostring(b) .. '/' .. tostring(c)\n"
    "    if #out > 100 then break end\n"
    "  end\n"
    "  return table.concat(out, ',')\n"
    "end\n"
    "return replace, table_, collect\n";

static void keep_helpers(lua_State *L) {
    if (luaL_loadstring(L, helpers) != LUA_OK || lua_pcall(L, 0, 3, 0) != LUA_OK) {
        fprintf(stderr, "fuzz_strings: helpers: %s\n", lua_tostring(L, -1));
        abort();
    }
    lua_setfield(L, LUA_REGISTRYINDEX, "fuzz.collect");
    lua_setfield(L, LUA_REGISTRYINDEX, "fuzz.table");
    lua_setfield(L, LUA_REGISTRYINDEX, "fuzz.replace");
}

static states *get_states(void) {
    static states s;
    if (s.host)
        return &s;
    char err[512];
    app_host_setup setup = {
        .path = "fuzz.lua",
        .folder = ".",
        .memory_bytes = (size_t)256 << 20,
        .time_seconds = 60,
    };
    s.host = app_host_create(&setup, err, sizeof err);
    if (!s.host) {
        fprintf(stderr, "fuzz_strings: no host: %s\n", err);
        abort();
    }
    s.loom = app_host_state(s.host);
    lua_sethook(s.loom, NULL, 0, 0); /* no deadline here: the host's hook has nothing to do */
    s.lua = luaL_newstate();
    luaL_openlibs(s.lua);
    keep_helpers(s.loom);
    keep_helpers(s.lua);
    return &s;
}

/* ------------------------------------------------------------- calling -- */

/* Pushes the function the call runs, and its arguments; returns their count. */
static int push_call(lua_State *L, const call *c) {
    static const char *const replacements[] = {"<%0>", "%1", "%2%1", "", "%%", "x%0y", "%9", "%z"};
    static const char *const modes[] = {NULL, "t", "b", "bt", "", "tb", "q", "t"};
    const char *library = "string", *name = NULL;
    switch (c->what) {
    case FIND:
        name = "find";
        break;
    case MATCH:
        name = "match";
        break;
    case GMATCH:
        lua_getfield(L, LUA_REGISTRYINDEX, "fuzz.collect");
        lua_pushlstring(L, c->subject, c->subject_size);
        lua_pushlstring(L, c->pattern, c->pattern_size);
        lua_pushinteger(L, c->init);
        return 3;
    case GSUB:
        name = "gsub";
        break;
    case REP:
        name = "rep";
        break;
    case LOAD:
        library = NULL;
        name = "load";
        break;
    default:
        abort();
    }
    if (library) {
        lua_getglobal(L, library);
        lua_getfield(L, -1, name);
        lua_remove(L, -2);
    } else {
        lua_getglobal(L, name);
    }
    switch (c->what) {
    case FIND:
    case MATCH:
        lua_pushlstring(L, c->subject, c->subject_size);
        lua_pushlstring(L, c->pattern, c->pattern_size);
        lua_pushinteger(L, c->init);
        if (c->what == FIND && (c->flags & 1)) {
            lua_pushboolean(L, 1);
            return 4;
        }
        return 3;
    case GSUB: {
        lua_pushlstring(L, c->subject, c->subject_size);
        lua_pushlstring(L, c->pattern, c->pattern_size);
        int kind = c->flags & 15;
        if (kind < 8)
            lua_pushstring(L, replacements[kind]);
        else if (kind < 11)
            lua_getfield(L, LUA_REGISTRYINDEX, "fuzz.replace");
        else if (kind < 14)
            lua_getfield(L, LUA_REGISTRYINDEX, "fuzz.table");
        else
            lua_pushinteger(L, c->init);
        if (c->flags & 16) {
            lua_pushinteger(L, c->init);
            return 4;
        }
        return 3;
    }
    case REP:
        lua_pushlstring(L, c->pattern, c->pattern_size);
        lua_pushinteger(L, c->init);
        if (c->flags & 1) {
            lua_pushlstring(L, c->subject, c->subject_size < 8 ? c->subject_size : 8);
            return 3;
        }
        return 2;
    case LOAD:
        lua_pushlstring(L, c->subject, c->subject_size);
        lua_pushlstring(L, c->pattern, c->pattern_size);
        if (modes[c->flags & 7]) {
            lua_pushstring(L, modes[c->flags & 7]);
            return 3;
        }
        return 2;
    default:
        abort();
    }
}

/* Appends the value at index to answer (its type, then its contents). */
static void describe(lua_State *L, int index, luaL_Buffer *answer) {
    int type = lua_type(L, index);
    luaL_addstring(answer, lua_typename(L, type));
    luaL_addchar(answer, ':');
    if (type == LUA_TSTRING) {
        size_t length;
        const char *s = lua_tolstring(L, index, &length);
        luaL_addlstring(answer, s, length);
    } else if (type == LUA_TBOOLEAN) {
        luaL_addstring(answer, lua_toboolean(L, index) ? "true" : "false");
    } else if (type == LUA_TNUMBER) {
        if (lua_isinteger(L, index))
            lua_pushfstring(L, "%I", (LUAI_UACINT)lua_tointeger(L, index));
        else
            lua_pushfstring(L, "%f", lua_tonumber(L, index));
        luaL_addvalue(answer);
    }
    luaL_addchar(answer, ';');
}

/* Makes the call in L; copies what it returned or raised into out. */
static void answer_of(lua_State *L, const call *c, char *out, size_t out_size) {
    int top = lua_gettop(L);
    int n = push_call(L, c);
    int status = lua_pcall(L, n, LUA_MULTRET, 0);
    luaL_Buffer answer;
    int results = lua_gettop(L) - top;
    luaL_buffinit(L, &answer);
    luaL_addstring(&answer, status == LUA_OK ? "ok " : "error ");
    for (int i = top + 1; i <= top + results; i++)
        describe(L, i, &answer);
    luaL_pushresult(&answer);
    size_t length;
    const char *text = lua_tolstring(L, -1, &length);
    snprintf(out, out_size, "%.*s", (int)(length < out_size ? length : out_size - 1), text);
    lua_settop(L, top);
}

static int mismatch(const call *c, const char *loom, const char *lua) {
    fprintf(stderr,
            "fuzz_strings: loom and Lua 5.4 differ (op %d, init %d, flags %d)\n"
            "  pattern: %.*s\n  subject: %.*s\n  loom: %s\n  Lua:  %s\n",
            (int)c->what, c->init, c->flags, (int)c->pattern_size, c->pattern, (int)c->subject_size,
            c->subject, loom, lua);
    abort();
}

/* The refusals loom adds to Lua's load (app/lua_load.c, app/lua_bugs.c). */
static bool refused_by_design(const char *answer) {
    return strstr(answer, "(loom loads Lua text only") ||
           strstr(answer, "would leave the loop's to-be-closed value open") ||
           strstr(answer, "is compiled wrongly by Lua 5.4.4") ||
           strstr(answer, "field accesses ('a.b.c...')");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 4)
        return 0;
    states *s = get_states();
    call c;
    c.what = (op)(data[0] % OP_COUNT);
    c.init = (int8_t)data[1] / 8; /* -16 .. 15 */
    c.flags = data[2];
    c.pattern_size = data[3] % (MAX_PATTERN + 1);
    if (c.pattern_size > size - 4)
        c.pattern_size = size - 4;
    c.pattern = (const char *)data + 4;
    c.subject = c.pattern + c.pattern_size;
    c.subject_size = size - 4 - c.pattern_size;
    size_t most = c.what == LOAD ? MAX_CHUNK : MAX_SUBJECT;
    if (c.subject_size > most)
        c.subject_size = most;
    if (c.what == REP && c.init > 8)
        c.init = 8;
    static char loom[ANSWER_SIZE], lua[ANSWER_SIZE];
    answer_of(s->loom, &c, loom, sizeof loom);
    if (c.what == LOAD) {
        const char *mode_ok = strstr(loom, "(loom loads Lua text only");
        bool binary = c.subject_size > 0 && c.subject[0] == LUA_SIGNATURE[0];
        if (binary && !mode_ok &&
            strncmp(loom, "ok nil:;string:attempt to load a binary chunk (mode is", 54) != 0)
            mismatch(&c, loom, "(a binary chunk: refused)");
        if (binary)
            return 0; /* never given to Lua's undump */
        if (refused_by_design(loom)) {
            /* The same words may be quoted by a syntax error (the chunk
             * holds them): then the answers must simply be equal. */
            answer_of(s->lua, &c, lua, sizeof lua);
            if (strcmp(loom, lua) != 0 && strncmp(lua, "ok function:", 12) != 0)
                mismatch(&c, loom, lua);
            return 0;
        }
    }
    answer_of(s->lua, &c, lua, sizeof lua);
    if (strcmp(loom, lua) != 0)
        mismatch(&c, loom, lua);
    return 0;
}
