/*
 * sandbox.h - what a scene's Lua can reach: the libraries, the files.
 *
 * By default a scene runs in a sandbox (docs/untrusted.md): the base
 * functions (load only of text), string without dump, table, math, utf8,
 * coroutine, os reduced to clock, time and date, collectgarbage("count"), and
 * dofile, loadfile and require limited to Lua text files under the scene's
 * folder and loom's own library; no io, no debug, no C modules. The shared
 * metatables (strings', loom's types') answer getmetatable with their name.
 * Trusted (--trust), a scene gets the whole standard library.
 *
 * Either way loom.read(name) returns the text of a file under the scene's
 * folder, and every Lua file the script loads is reported for hot reload.
 */
#ifndef LOOM_APP_SANDBOX_H
#define LOOM_APP_SANDBOX_H

#include <stdbool.h>

struct lua_State;

/* The largest file loom.read returns. */
#define APP_READ_MAX_MIB 16

typedef struct app_sandbox_setup {
    const char *folder;  /* the scene's folder: the files it may read */
    const char *modules; /* where require looks first (the script's own folder) */
    const char *library; /* loom's library (scripts/) */
    bool trust;          /* the whole standard library */
    void (*file_read)(void *context, const char *path); /* may be NULL */
    void *context;
} app_sandbox_setup;

/* Opens the libraries and loom into a new state, as the setup says. Raises
 * errors: call it in a protected call. The strings are copied. */
void app_sandbox_open(struct lua_State *L, const app_sandbox_setup *setup);

#endif
