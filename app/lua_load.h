/*
 * lua_load.h - the one way loom turns Lua text into a function: the scene
 * file, load, loadfile, dofile and require's files all come through here.
 *
 * What it adds to Lua's own lua_load and luaL_loadfilex, and nothing else
 * (same chunk names, same messages, the mode argument meaning what Lua's
 * manual says):
 *   - binary chunks are never loaded, whatever the mode (Lua does not verify
 *     bytecode: a crafted chunk crashes the interpreter). A chunk whose mode
 *     forbids binary gets Lua's own message ("attempt to load a binary chunk
 *     (mode is 't')"); one whose mode allows it gets "attempt to load a
 *     binary chunk (loom loads Lua text only)";
 *   - the compiled function is checked for code that trips a bug of Lua
 *     5.4.4 (app/lua_bugs.h), refused like a syntax error;
 *   - the text is read in pieces, asking the host's time limit before each
 *     (the parser is C: compiling runs no instruction the hook could count).
 */
#ifndef LOOM_APP_LUA_LOAD_H
#define LOOM_APP_LUA_LOAD_H

#include <stdio.h>

#include <lua.h>

/* lua_load(L, reader, data, chunkname, mode) as described above. Leaves
 * the function or the message and returns Lua's status. May raise on
 * memory errors: call it from a protected call. */
int app_lua_load(lua_State *L, lua_Reader reader, void *data, const char *chunkname,
                 const char *mode);

/* luaL_loadfilex(L, path, mode) as described above: path NULL reads
 * standard input; "cannot open NAME: reason" as Lua says it. */
int app_lua_load_path(lua_State *L, const char *path, const char *mode);

/* The same for a file already open for reading (closed by the caller),
 * named chunkname ("@NAME" for a file, as Lua names them). */
int app_lua_load_stream(lua_State *L, FILE *file, const char *chunkname, const char *mode);

/* The end of load, loadfile and dofile's loading, as Lua's: given the
 * status of one of the calls above, leaves the function (with the value at
 * stack index env as its first upvalue when env is not 0) and returns 1, or
 * fail and the message and returns 2. */
int app_lua_loaded(lua_State *L, int status, int env);

/* Sets the global load to loom's: Lua 5.4's load(chunk [, chunkname [,
 * mode [, env]]]) (a string, or a function returning pieces) through
 * app_lua_load. */
void app_lua_load_open(lua_State *L);

#endif
