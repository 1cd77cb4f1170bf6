/*
 * sandbox.c - the libraries a scene gets, and the files it may read.
 *
 * Files: a name a scene gives (dofile, loadfile, loom.read) is relative to
 * the scene's folder, may not be absolute or contain "..", and must resolve
 * (symbolic links followed, by realpath) to a file inside that folder. A
 * module require finds on package.path must resolve inside the scene's folder
 * or loom's library. Everything is loaded as text (mode "t"): Lua does not
 * verify bytecode, and a crafted chunk crashes the interpreter.
 *
 * The rules live in a userdata that is an upvalue of each function that
 * needs them (never in a global), checked by its metatable's name.
 */
#define _XOPEN_SOURCE 700 /* realpath */
#include "sandbox.h"

#include <errno.h>
#include <lauxlib.h>
#include <limits.h>
#include <lua.h>
#include <lualib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../bindings/loom_lua.h"

#define RULES_METATABLE "loom.sandbox"

typedef struct rules {
    char folder[PATH_MAX];  /* realpath of the scene's folder */
    char shown[PATH_MAX];   /* the scene's folder as given, for names in messages */
    char library[PATH_MAX]; /* realpath of loom's library, or "" */
    bool trust;
    void (*file_read)(void *context, const char *path);
    void *context;
} rules;

static rules *rules_of(lua_State *L) {
    rules *r = luaL_testudata(L, lua_upvalueindex(1), RULES_METATABLE);
    if (!r)
        luaL_error(L, "loom: the sandbox's rules are gone");
    return r;
}

static void record(const rules *r, const char *path) {
    if (r->file_read)
        r->file_read(r->context, path);
}

/* ---------------------------------------------------------------- paths -- */

/* Whether path (a realpath) is root or inside it. */
static bool inside(const char *path, const char *root) {
    size_t length = strlen(root);
    if (length == 0 || strncmp(path, root, length) != 0)
        return false;
    return path[length] == '\0' || path[length] == '/' || root[length - 1] == '/';
}

static bool has_parent_step(const char *name) {
    for (const char *p = name; (p = strstr(p, "..")) != NULL; p += 2) {
        bool starts = p == name || p[-1] == '/';
        bool ends = p[2] == '\0' || p[2] == '/';
        if (starts && ends)
            return true;
    }
    return false;
}

/* Checks the name argument arg of a file function and resolves it under the
 * scene's folder: shown gets "<folder>/<name>" (to load and to name in
 * messages), real its realpath. Raises for a name the rules refuse; returns
 * false (errno set) when the file does not exist. */
static bool resolve(lua_State *L, const rules *r, int arg, char shown[PATH_MAX],
                    char real[PATH_MAX]) {
    const char *name = luaL_checkstring(L, arg);
    if (name[0] == '\0')
        luaL_argerror(L, arg, "empty file name");
    if (name[0] == '/')
        luaL_argerror(L, arg,
                      lua_pushfstring(L,
                                      "absolute path '%s' not allowed: name a file in the "
                                      "scene's folder",
                                      name));
    if (has_parent_step(name))
        luaL_argerror(L, arg,
                      lua_pushfstring(
                          L, "'..' not allowed in '%s': name a file in the scene's folder", name));
    int length = strcmp(r->shown, ".") == 0 ? snprintf(shown, PATH_MAX, "%s", name)
                                            : snprintf(shown, PATH_MAX, "%s/%s", r->shown, name);
    if (length < 0 || length >= PATH_MAX)
        luaL_argerror(L, arg, "file name too long");
    if (!realpath(shown, real))
        return false;
    if (!inside(real, r->folder))
        luaL_argerror(L, arg, lua_pushfstring(L, "'%s' is not in the scene's folder", name));
    return true;
}

/* ----------------------------------------------------------- loom.read -- */

/* loom.read(name): the text of a file in the scene's folder. */
static int sandbox_read(lua_State *L) {
    const rules *r = rules_of(L);
    char shown[PATH_MAX], real[PATH_MAX];
    const char *name = luaL_checkstring(L, 1);
    if (!resolve(L, r, 1, shown, real))
        return luaL_argerror(L, 1, lua_pushfstring(L, "no file '%s' in the scene's folder", name));
    FILE *file = fopen(real, "rb");
    struct stat info;
    if (!file)
        return luaL_argerror(L, 1,
                             lua_pushfstring(L, "cannot read '%s': %s", name, strerror(errno)));
    if (fstat(fileno(file), &info) != 0 || !S_ISREG(info.st_mode)) {
        fclose(file);
        return luaL_argerror(L, 1, lua_pushfstring(L, "'%s' is not a file", name));
    }
    if (info.st_size > (off_t)APP_READ_MAX_MIB << 20) {
        fclose(file);
        return luaL_argerror(
            L, 1, lua_pushfstring(L, "'%s' is larger than %d MiB", name, APP_READ_MAX_MIB));
    }
    /* The buffer may raise (the memory limit): the file is closed first. */
    size_t size = (size_t)info.st_size;
    char *text = malloc(size ? size : 1);
    size_t got = text ? fread(text, 1, size, file) : 0;
    bool failed = !text || ferror(file);
    fclose(file);
    if (failed) {
        free(text);
        return luaL_argerror(L, 1, lua_pushfstring(L, "cannot read '%s'", name));
    }
    lua_pushlstring(L, text, got); /* Lua's allocator, under the limit */
    free(text);
    return 1;
}

/* --------------------------------------------------- dofile, loadfile -- */

/* Pushes the chunk of file name (argument 1), text only, or raises. */
static void load_scene_file(lua_State *L, const rules *r, const char *function) {
    char shown[PATH_MAX], real[PATH_MAX];
    if (lua_isnoneornil(L, 1))
        luaL_argerror(L, 1, "file name expected (loom reads no standard input)");
    const char *name = luaL_checkstring(L, 1);
    if (!resolve(L, r, 1, shown, real))
        luaL_error(L, "%s: cannot open '%s' (no such file in the scene's folder)", function, name);
    record(r, shown);
    if (luaL_loadfilex(L, shown, "t") != LUA_OK)
        lua_error(L);
}

/* dofile(name): runs a Lua text file from the scene's folder. */
static int sandbox_dofile(lua_State *L) {
    load_scene_file(L, rules_of(L), "dofile");
    lua_replace(L, 1);
    lua_settop(L, 1);
    lua_call(L, 0, LUA_MULTRET);
    return lua_gettop(L);
}

/* loadfile(name [, mode [, env]]): the chunk of a Lua text file from the
 * scene's folder (mode is always "t"), or nil and the message. */
static int sandbox_loadfile(lua_State *L) {
    int arguments = lua_gettop(L);
    const rules *r = rules_of(L);
    char shown[PATH_MAX], real[PATH_MAX];
    if (lua_isnoneornil(L, 1))
        luaL_argerror(L, 1, "file name expected (loom reads no standard input)");
    const char *name = luaL_checkstring(L, 1);
    if (!resolve(L, r, 1, shown, real)) {
        luaL_pushfail(L);
        lua_pushfstring(L, "cannot open %s", name);
        return 2;
    }
    record(r, shown);
    if (luaL_loadfilex(L, shown, "t") != LUA_OK) {
        luaL_pushfail(L);
        lua_insert(L, -2);
        return 2;
    }
    if (arguments >= 3) { /* env, as the standard loadfile takes it */
        lua_pushvalue(L, 3);
        if (!lua_setupvalue(L, -2, 1))
            lua_pop(L, 1);
    }
    return 1;
}

/* load(chunk [, name [, mode [, env]]]), always with mode "t". Upvalue 1 is
 * the standard load. */
static int sandbox_load(lua_State *L) {
    int arguments = lua_gettop(L);
    lua_settop(L, 4); /* arguments counts whether env was given, even as nil */
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_pushvalue(L, 1);
    lua_pushvalue(L, 2);
    lua_pushliteral(L, "t");
    if (arguments >= 4)
        lua_pushvalue(L, 4);
    lua_call(L, arguments >= 4 ? 4 : 3, 2);
    return 2;
}

/* collectgarbage(opt): "count" only. Upvalue 1 is the standard one. */
static int sandbox_collectgarbage(lua_State *L) {
    const char *option = luaL_optstring(L, 1, "collect");
    if (strcmp(option, "count") != 0)
        return luaL_argerror(
            L, 1,
            lua_pushfstring(L, "'%s' is not allowed: a scene may only ask for \"count\"", option));
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_pushliteral(L, "count");
    lua_call(L, 1, 1);
    return 1;
}

/* setmetatable(t, mt), as the standard one, but refusing a metatable with a
 * __gc field (even false: Lua marks the table for finalization when the
 * field is present, and calls whatever is there when it is collected). Lua
 * runs finalizers with hooks off, so neither the time limit nor any error
 * can stop a looping one (in a collection, or when the state closes); loom
 * frees its own objects from C. */
static int sandbox_setmetatable(lua_State *L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    int type = lua_type(L, 2);
    luaL_argexpected(L, type == LUA_TNIL || type == LUA_TTABLE, 2, "nil or table");
    if (type == LUA_TTABLE) {
        lua_pushliteral(L, "__gc");
        if (lua_rawget(L, 2) != LUA_TNIL)
            return luaL_argerror(L, 2,
                                 "__gc is not available to a scene: finalizers run out of reach "
                                 "of the time limit; --trust allows them");
        lua_pop(L, 1);
    }
    if (luaL_getmetafield(L, 1, "__metatable") != LUA_TNIL)
        return luaL_error(L, "cannot change a protected metatable");
    lua_settop(L, 2);
    lua_setmetatable(L, 1);
    return 1;
}

/* Trusted debug.sethook: refused. The hook is what enforces --timeout: a
 * script replacing or removing it could run forever. */
static int trusted_sethook(lua_State *L) {
    return luaL_error(L, "debug.sethook is not available: loom's hook enforces --timeout");
}

/* ------------------------------------------------------------- require -- */

/* require's searcher for Lua files: package.searchpath over package.path,
 * the file found kept to the scene's folder and loom's library unless
 * trusted, recorded, and loaded as text. A module from loom's library sees
 * debug.getinfo (loom.args finds the line that called a builder with it).
 * Upvalues: the rules, package.searchpath, the library's environment. */
static int sandbox_searcher(lua_State *L) {
    const rules *r = rules_of(L);
    const char *name = luaL_checkstring(L, 1);
    lua_getfield(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE);
    lua_getfield(L, -1, LUA_LOADLIBNAME);
    if (!lua_istable(L, -1) || lua_getfield(L, -1, "path") != LUA_TSTRING)
        return luaL_error(L, "'package.path' must be a string");
    const char *path_list = lua_tostring(L, -1);
    lua_pushvalue(L, lua_upvalueindex(2));
    lua_pushstring(L, name);
    lua_pushstring(L, path_list);
    lua_call(L, 2, 2);
    if (lua_isnil(L, -2))
        return 1; /* the list of files tried */
    const char *file = lua_tostring(L, -2);
    char real[PATH_MAX];
    bool in_library = false;
    if (!r->trust) {
        if (!realpath(file, real))
            return 0;
        in_library = inside(real, r->library);
        if (!in_library && !inside(real, r->folder)) {
            lua_pushfstring(L, "no file '%s' in the scene's folder or loom's library (found %s)",
                            name, file);
            return 1;
        }
    }
    record(r, file);
    if (luaL_loadfilex(L, file, "t") != LUA_OK)
        return luaL_error(L, "error loading module '%s' from file '%s':\n\t%s", name, file,
                          lua_tostring(L, -1));
    if (in_library) {
        lua_pushvalue(L, lua_upvalueindex(3));
        if (!lua_setupvalue(L, -2, 1))
            lua_pop(L, 1);
    }
    lua_pushstring(L, file);
    return 2;
}

/* ---------------------------------------------------------- libraries -- */

static void open_standard(lua_State *L, bool trust) {
    if (trust) {
        /* Everything, but still no binary chunks: Lua does not verify
         * bytecode, and a crafted chunk crashes the interpreter. */
        luaL_openlibs(L);
        lua_getglobal(L, "load");
        lua_pushcclosure(L, sandbox_load, 1);
        lua_setglobal(L, "load");
        lua_getglobal(L, LUA_DBLIBNAME);
        lua_pushcfunction(L, trusted_sethook);
        lua_setfield(L, -2, "sethook");
        lua_pop(L, 1);
        return;
    }
    static const luaL_Reg libraries[] = {
        {LUA_GNAME, luaopen_base},          {LUA_LOADLIBNAME, luaopen_package},
        {LUA_COLIBNAME, luaopen_coroutine}, {LUA_TABLIBNAME, luaopen_table},
        {LUA_STRLIBNAME, luaopen_string},   {LUA_MATHLIBNAME, luaopen_math},
        {LUA_UTF8LIBNAME, luaopen_utf8},    {NULL, NULL},
    };
    for (const luaL_Reg *library = libraries; library->func; library++) {
        luaL_requiref(L, library->name, library->func, 1);
        lua_pop(L, 1);
    }
    /* os: clock, time and date only, taken from a private copy. */
    luaopen_os(L);
    lua_createtable(L, 0, 3);
    static const char *const os_kept[] = {"clock", "time", "date", NULL};
    for (int i = 0; os_kept[i]; i++) {
        lua_getfield(L, -2, os_kept[i]);
        lua_setfield(L, -2, os_kept[i]);
    }
    lua_getfield(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE);
    lua_pushvalue(L, -2);
    lua_setfield(L, -2, LUA_OSLIBNAME);
    lua_pop(L, 1);
    lua_setglobal(L, LUA_OSLIBNAME);
    lua_pop(L, 1);

    lua_getglobal(L, LUA_STRLIBNAME);
    lua_pushnil(L);
    lua_setfield(L, -2, "dump");
    lua_pop(L, 1);

    lua_getglobal(L, "load");
    lua_pushcclosure(L, sandbox_load, 1);
    lua_setglobal(L, "load");
    lua_getglobal(L, "collectgarbage");
    lua_pushcclosure(L, sandbox_collectgarbage, 1);
    lua_setglobal(L, "collectgarbage");
    lua_pushcfunction(L, sandbox_setmetatable);
    lua_setglobal(L, "setmetatable");
}

/* The environment of loom's library modules: the globals, and
 * debug.getinfo, which a scene does not get. */
static void push_library_env(lua_State *L) {
    lua_createtable(L, 0, 1);
    lua_createtable(L, 0, 1);
    luaopen_debug(L);
    lua_getfield(L, -1, "getinfo");
    lua_setfield(L, -3, "getinfo");
    lua_pop(L, 1);
    lua_setfield(L, -2, "debug");
    lua_createtable(L, 0, 3);
    lua_pushglobaltable(L);
    lua_setfield(L, -2, "__index");
    lua_pushglobaltable(L);
    lua_setfield(L, -2, "__newindex");
    lua_pushboolean(L, 0);
    lua_setfield(L, -2, "__metatable");
    lua_setmetatable(L, -2);
}

/* package.path: the scene's folder, then loom's library. */
static void set_package_path(lua_State *L, const rules *r, const char *modules, bool keep_default) {
    lua_getglobal(L, LUA_LOADLIBNAME);
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    lua_pushfstring(L, "%s/?.lua;", modules);
    luaL_addvalue(&b);
    if (r->library[0]) {
        lua_pushfstring(L, "%s/?.lua;%s/?/init.lua;", r->library, r->library);
        luaL_addvalue(&b);
    }
    if (keep_default) {
        lua_getfield(L, -2, "path");
        luaL_addvalue(&b);
    }
    luaL_pushresult(&b);
    size_t length;
    const char *text = lua_tolstring(L, -1, &length);
    if (length > 0 && text[length - 1] == ';') {
        lua_pushlstring(L, text, length - 1);
        lua_remove(L, -2);
    }
    lua_setfield(L, -2, "path");
    lua_pop(L, 1);
}

/* Trusted loadfile: the standard one, text only, recording its file for hot
 * reload. Upvalues: the rules, the standard function. */
static int trusted_loadfile(lua_State *L) {
    const rules *r = rules_of(L);
    if (lua_type(L, 1) == LUA_TSTRING)
        record(r, lua_tostring(L, 1));
    int given = lua_gettop(L) >= 3 ? 3 : 2; /* an env given as nil is an env */
    lua_settop(L, given);
    lua_pushliteral(L, "t");
    lua_replace(L, 2);
    lua_pushvalue(L, lua_upvalueindex(2));
    lua_insert(L, 1);
    lua_call(L, given, LUA_MULTRET);
    return lua_gettop(L);
}

/* Trusted dofile([name]): any file (or standard input), text only. */
static int trusted_dofile(lua_State *L) {
    const char *name = luaL_optstring(L, 1, NULL);
    if (name)
        record(rules_of(L), name);
    lua_settop(L, 1);
    if (luaL_loadfilex(L, name, "t") != LUA_OK)
        return lua_error(L);
    lua_call(L, 0, LUA_MULTRET);
    return lua_gettop(L) - 1;
}

static void install_files(lua_State *L, int rules_index, bool trust) {
    lua_getglobal(L, LUA_LOADLIBNAME);
    int package = lua_gettop(L);
    lua_getfield(L, package, "searchers");
    int searchers = lua_gettop(L);
    lua_pushvalue(L, rules_index);
    lua_getfield(L, package, "searchpath");
    if (trust)
        lua_pushnil(L);
    else
        push_library_env(L);
    lua_pushcclosure(L, sandbox_searcher, 3);
    lua_rawseti(L, searchers, 2);
    if (!trust) {
        lua_pushnil(L);
        lua_rawseti(L, searchers, 4);
        lua_pushnil(L);
        lua_rawseti(L, searchers, 3); /* C modules: none */
        lua_pushliteral(L, "");
        lua_setfield(L, package, "cpath");
        lua_pushnil(L);
        lua_setfield(L, package, "loadlib");
        lua_pushnil(L);
        lua_setfield(L, package, "searchpath"); /* it probes any file */
    }
    static const struct {
        const char *name;
        lua_CFunction function;
    } loaders[] = {{"dofile", sandbox_dofile}, {"loadfile", sandbox_loadfile}};
    for (int i = 0; i < 2; i++) {
        lua_pushvalue(L, rules_index);
        if (trust) {
            lua_getglobal(L, loaders[i].name);
            lua_pushcclosure(L, i == 0 ? trusted_dofile : trusted_loadfile, 2);
        } else {
            lua_pushcclosure(L, loaders[i].function, 1);
        }
        lua_setglobal(L, loaders[i].name);
    }
    lua_settop(L, package - 1);
}

/* getmetatable("") answers "string" (loom's own types answer their names:
 * bindings/lua_module.c). */
static void protect_string_metatable(lua_State *L) {
    lua_pushliteral(L, "");
    lua_getmetatable(L, -1);
    lua_pushliteral(L, "string");
    lua_setfield(L, -2, "__metatable");
    lua_pop(L, 2);
}

void app_sandbox_open(lua_State *L, const app_sandbox_setup *setup) {
    open_standard(L, setup->trust);
    luaL_requiref(L, "loom", luaopen_loom, 1);
    int loom = lua_gettop(L);

    rules *r = lua_newuserdatauv(L, sizeof *r, 0);
    memset(r, 0, sizeof *r);
    int rules_index = lua_gettop(L);
    luaL_newmetatable(L, RULES_METATABLE);
    lua_pushboolean(L, 0);
    lua_setfield(L, -2, "__metatable");
    lua_setmetatable(L, rules_index);
    r->trust = setup->trust;
    r->file_read = setup->file_read;
    r->context = setup->context;
    snprintf(r->shown, sizeof r->shown, "%s", setup->folder);
    if (!realpath(setup->folder, r->folder))
        luaL_error(L, "loom: cannot find the scene's folder '%s': %s", setup->folder,
                   strerror(errno));
    if (setup->library && !realpath(setup->library, r->library))
        r->library[0] = '\0'; /* no library: require finds the scene's files only */

    set_package_path(L, r, setup->modules ? setup->modules : setup->folder, setup->trust);
    install_files(L, rules_index, setup->trust);
    lua_pushliteral(L, "read");
    lua_pushvalue(L, rules_index);
    lua_pushcclosure(L, sandbox_read, 1);
    lua_rawset(L, loom);
    protect_string_metatable(L);
    lua_settop(L, loom - 1);
}
