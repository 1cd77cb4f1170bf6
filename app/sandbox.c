/*
 * sandbox.c - the libraries a scene gets, and the files it may read.
 *
 * Files: a name a scene gives (dofile, loadfile, loom.read) is relative to
 * the scene's folder, may not be absolute or contain "..", and is opened
 * beneath that folder only, and only if it is a regular file (app/files.h:
 * decided before any open, so nothing outside is looked at and no FIFO
 * blocks). A module require finds on package.path is opened the same way
 * beneath the scene's folder or loom's library; a template pointing
 * elsewhere is not looked at. Everything is loaded as text (mode "t"), in
 * pieces under the time limit: Lua does not verify bytecode, and a crafted
 * chunk crashes the interpreter.
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
#include "files.h"
#include "lua_load.h"

#define RULES_METATABLE "loom.sandbox"

typedef struct rules {
    char folder[PATH_MAX];        /* realpath of the scene's folder */
    char shown[PATH_MAX];         /* the scene's folder as given, for names in messages */
    char library[PATH_MAX];       /* realpath of loom's library, or "" */
    char library_given[PATH_MAX]; /* loom's library as given, or "" */
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

static bool has_parent_step(const char *name) {
    for (const char *p = name; (p = strstr(p, "..")) != NULL; p += 2) {
        bool starts = p == name || p[-1] == '/';
        bool ends = p[2] == '\0' || p[2] == '/';
        if (starts && ends)
            return true;
    }
    return false;
}

/* Opens the file named by argument arg of a file function beneath the
 * scene's folder (app/files.h: decided before any open, a regular file
 * only). shown gets "<folder>/<name>" (to name in messages and chunks).
 * Raises for a name the rules refuse; returns -1 when there is no such
 * file. */
static int open_name(lua_State *L, const rules *r, int arg, char shown[PATH_MAX], size_t *size) {
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
    app_file_status status;
    int fd = app_files_open_beneath(r->folder, name, &status, size);
    switch (status) {
    case APP_FILE_OPEN:
        return fd;
    case APP_FILE_MISSING:
        return -1;
    case APP_FILE_OUTSIDE:
        luaL_argerror(L, arg, lua_pushfstring(L, "'%s' is not in the scene's folder", name));
        break;
    case APP_FILE_NOT_REGULAR:
        luaL_argerror(L, arg, lua_pushfstring(L, "'%s' is not a file", name));
        break;
    case APP_FILE_FAILED:
        luaL_argerror(L, arg, lua_pushfstring(L, "cannot read '%s': %s", name, strerror(errno)));
        break;
    }
    return -1;
}

/* Whether path (a real path) is root or inside it. */
static bool inside(const char *path, const char *root) {
    size_t length = strlen(root);
    if (length == 0 || strncmp(path, root, length) != 0)
        return false;
    return path[length] == '\0' || path[length] == '/' || root[length - 1] == '/';
}

/* ----------------------------------------------------------- loom.read -- */

/* loom.read(name): the text of a file in the scene's folder. */
static int sandbox_read(lua_State *L) {
    const rules *r = rules_of(L);
    char shown[PATH_MAX];
    const char *name = luaL_checkstring(L, 1);
    size_t size = 0;
    int fd = open_name(L, r, 1, shown, &size);
    if (fd < 0)
        return luaL_argerror(L, 1, lua_pushfstring(L, "no file '%s' in the scene's folder", name));
    if (size > (size_t)APP_READ_MAX_MIB << 20) {
        close(fd);
        return luaL_argerror(
            L, 1, lua_pushfstring(L, "'%s' is larger than %d MiB", name, APP_READ_MAX_MIB));
    }
    /* The buffer may raise (the memory limit): the file is closed first. */
    char *text = malloc(size ? size : 1);
    size_t got = 0;
    while (text && got < size) {
        ssize_t n = read(fd, text + got, size - got);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            break;
        got += (size_t)n;
    }
    bool failed = !text;
    close(fd);
    if (failed) {
        free(text);
        return luaL_argerror(L, 1, lua_pushfstring(L, "cannot read '%s'", name));
    }
    lua_pushlstring(L, text, got); /* Lua's allocator, under the limit */
    free(text);
    return 1;
}

/* --------------------------------------------------- dofile, loadfile -- */

/* Compiles the open file fd (closed here), named shown, through loom's
 * loader (app/lua_load.h: text only, Lua 5.4.4's bugs refused, read in
 * pieces under the deadline); mode as Lua's. Lua's status, the function or
 * the message pushed. */
static int load_open(lua_State *L, int fd, const char *shown, const char *mode) {
    lua_pushfstring(L, "@%s", shown);
    int status = app_files_load(L, fd, lua_tostring(L, -1), mode);
    close(fd);
    lua_remove(L, -2);
    return status;
}

/* Pushes the chunk of file name (argument 1), or raises Lua's message. */
static void load_scene_file(lua_State *L, const rules *r) {
    char shown[PATH_MAX];
    if (lua_isnoneornil(L, 1))
        luaL_argerror(L, 1, "file name expected (loom reads no standard input)");
    const char *name = luaL_checkstring(L, 1);
    int fd = open_name(L, r, 1, shown, NULL);
    if (fd < 0) {
        lua_pushfstring(L, "cannot open %s: %s", name, strerror(ENOENT));
        lua_error(L);
    }
    record(r, shown);
    if (load_open(L, fd, shown, NULL) != LUA_OK)
        lua_error(L);
}

/* Returns what the chunk dofile ran returned (its continuation too: a
 * chunk may yield, as with Lua's dofile). */
static int dofile_results(lua_State *L, int status, lua_KContext context) {
    (void)status;
    (void)context;
    return lua_gettop(L) - 1;
}

/* dofile(name): runs a Lua text file from the scene's folder. */
static int sandbox_dofile(lua_State *L) {
    lua_settop(L, 1);
    load_scene_file(L, rules_of(L));
    lua_callk(L, 0, LUA_MULTRET, 0, dofile_results);
    return dofile_results(L, LUA_OK, 0);
}

/* loadfile(name [, mode [, env]]): the chunk of a Lua text file from the
 * scene's folder, or fail and the message. */
static int sandbox_loadfile(lua_State *L) {
    const rules *r = rules_of(L);
    char shown[PATH_MAX];
    if (lua_isnoneornil(L, 1))
        luaL_argerror(L, 1, "file name expected (loom reads no standard input)");
    const char *name = luaL_checkstring(L, 1);
    const char *mode = luaL_optstring(L, 2, NULL);
    int env = lua_isnone(L, 3) ? 0 : 3;
    int fd = open_name(L, r, 1, shown, NULL);
    if (fd < 0) {
        luaL_pushfail(L);
        lua_pushfstring(L, "cannot open %s: %s", name, strerror(ENOENT));
        return 2;
    }
    record(r, shown);
    return app_lua_loaded(L, load_open(L, fd, shown, mode), env);
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
 * frees its own objects from C. A __concat field is refused too: with
 * Debian's Lua 5.4.4 a __concat metamethod during which the thread's stack
 * moves corrupts memory (app/lua_stacks.h stops one added later). */
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
        lua_pushliteral(L, "__concat");
        if (lua_rawget(L, 2) != LUA_TNIL)
            return luaL_argerror(L, 2,
                                 "__concat is not available to a scene: Debian's Lua 5.4.4 "
                                 "uses freed memory after a __concat metamethod (a bug); write "
                                 "tostring(x) .. s instead");
        lua_pop(L, 2);
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

/* The chunk of the module file open as fd (closed here), found as file:
 * loaded as text, recorded, and given the library's environment when it is
 * one of loom's (upvalue 2). Pushes the loader and the file name. */
static int load_module(lua_State *L, const rules *r, const char *name, const char *file, int fd,
                       bool in_library) {
    record(r, file);
    if (load_open(L, fd, file, NULL) != LUA_OK)
        return luaL_error(L, "error loading module '%s' from file '%s':\n\t%s", name, file,
                          lua_tostring(L, -1));
    if (in_library && !lua_isnil(L, lua_upvalueindex(2))) {
        lua_pushvalue(L, lua_upvalueindex(2));
        if (!lua_setupvalue(L, -2, 1))
            lua_pop(L, 1);
    }
    lua_pushstring(L, file);
    return 2;
}

/* require's searcher for Lua files: each template of package.path, '?' the
 * module's name with dots as slashes, in turn. Sandboxed, a file is opened
 * only if its path lies beneath the scene's folder or loom's library by its
 * spelling, and then only as app/files.h opens a name beneath a folder: a
 * template elsewhere is never looked at, so package.path can neither
 * probe the file system nor block on a FIFO. Trusted, any regular file.
 * A module from loom's library sees debug.getinfo (loom.args finds the line
 * that called a builder with it). Upvalues: the rules, the library's
 * environment (nil when trusted). */
static int sandbox_searcher(lua_State *L) {
    const rules *r = rules_of(L);
    const char *name = luaL_checkstring(L, 1);
    lua_getfield(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE);
    lua_pushliteral(L, LUA_LOADLIBNAME);
    if (lua_rawget(L, -2) != LUA_TTABLE)
        return luaL_error(L, "'package.path' must be a string");
    lua_pushliteral(L, "path");
    if (lua_rawget(L, -2) != LUA_TSTRING)
        return luaL_error(L, "'package.path' must be a string");
    const char *templates = lua_tostring(L, -1);
    const char *module = luaL_gsub(L, name, ".", "/");
    const char *const roots[] = {r->folder, r->shown, r->library, r->library_given};
    luaL_Buffer tried;
    luaL_buffinit(L, &tried);
    for (const char *t = templates; *t;) {
        const char *end = strchr(t, ';');
        size_t length = end ? (size_t)(end - t) : strlen(t);
        if (length > 0) {
            lua_pushlstring(L, t, length);
            const char *file = luaL_gsub(L, lua_tostring(L, -1), "?", module);
            lua_remove(L, -2);
            app_file_status status;
            int fd = -1;
            if (r->trust) {
                fd = app_files_open_user(file);
                status = fd >= 0 ? APP_FILE_OPEN : APP_FILE_MISSING;
            } else {
                fd = app_files_open_within(roots, 4, file, &status, NULL);
            }
            if (status == APP_FILE_OPEN) {
                char real[PATH_MAX];
                bool in_library = r->library[0] && realpath(file, real) && inside(real, r->library);
                return load_module(L, r, name, file, fd, in_library);
            }
            /* luaL_Buffer keeps its box on the stack: the text is added last. */
            lua_pushfstring(L, "\n\tno file '%s'%s", file,
                            status == APP_FILE_OUTSIDE
                                ? " (not in the scene's folder or loom's library)"
                            : status == APP_FILE_NOT_REGULAR ? " (not a regular file)"
                                                             : "");
            lua_remove(L, -2);
            luaL_addvalue(&tried);
        }
        t += length;
        if (*t == ';')
            t++;
    }
    luaL_pushresult(&tried);
    size_t length;
    const char *text = lua_tolstring(L, -1, &length);
    lua_pushlstring(L, length >= 2 ? text + 2 : text, length >= 2 ? length - 2 : length);
    return 1;
}

/* ---------------------------------------------------------- libraries -- */

static void open_standard(lua_State *L, bool trust) {
    if (trust) {
        /* Everything, but still no binary chunks: Lua does not verify
         * bytecode, and a crafted chunk crashes the interpreter. */
        luaL_openlibs(L);
        app_lua_load_open(L);
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

    app_lua_load_open(L);
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

/* Trusted loadfile([name [, mode [, env]]]): Lua's, through loom's loader,
 * recording its file for hot reload. Upvalue 1: the rules. */
static int trusted_loadfile(lua_State *L) {
    const char *name = luaL_optstring(L, 1, NULL);
    const char *mode = luaL_optstring(L, 2, NULL);
    int env = lua_isnone(L, 3) ? 0 : 3;
    if (name)
        record(rules_of(L), name);
    return app_lua_loaded(L, app_lua_load_path(L, name, mode), env);
}

/* Trusted dofile([name]): any file (or standard input). */
static int trusted_dofile(lua_State *L) {
    const char *name = luaL_optstring(L, 1, NULL);
    if (name)
        record(rules_of(L), name);
    lua_settop(L, 1);
    if (app_lua_load_path(L, name, NULL) != LUA_OK)
        return lua_error(L);
    lua_callk(L, 0, LUA_MULTRET, 0, dofile_results);
    return dofile_results(L, LUA_OK, 0);
}

static void install_files(lua_State *L, int rules_index, bool trust) {
    lua_getglobal(L, LUA_LOADLIBNAME);
    int package = lua_gettop(L);
    lua_getfield(L, package, "searchers");
    int searchers = lua_gettop(L);
    lua_pushvalue(L, rules_index);
    if (trust)
        lua_pushnil(L);
    else
        push_library_env(L);
    lua_pushcclosure(L, sandbox_searcher, 2);
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
            lua_pushcclosure(L, i == 0 ? trusted_dofile : trusted_loadfile, 1);
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
    if (r->library[0])
        snprintf(r->library_given, sizeof r->library_given, "%s", setup->library);

    set_package_path(L, r, setup->modules ? setup->modules : setup->folder, setup->trust);
    install_files(L, rules_index, setup->trust);
    lua_pushliteral(L, "read");
    lua_pushvalue(L, rules_index);
    lua_pushcclosure(L, sandbox_read, 1);
    lua_rawset(L, loom);
    if (!setup->trust)
        protect_string_metatable(L);
    lua_settop(L, loom - 1);
}
