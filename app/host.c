/*
 * host.c - one Lua state for one script, under limits.
 *
 * The limits live with the state, not in globals: the allocator's user data
 * is the host, and the count hook finds it again through lua_getallocf.
 *   - memory: the allocator refuses to grow the heap past the limit, so Lua
 *     raises "not enough memory" as it would on a real shortage;
 *   - time: every HOOK_INSTRUCTIONS instructions the hook compares the clock
 *     with the deadline of the current call and raises an error once it has
 *     passed. A deadline is set before each call from the app (running the
 *     script, a callback; one frame's loom.update and world steps share one,
 *     app_host_deadline_begin) and cleared after it. Once
 *     past it, the hook of that thread runs at every instruction and raises
 *     again each time, so pcall, xpcall, a coroutine or a __close handler
 *     that catches the error cannot go on (coroutines get the hook of the
 *     thread that creates them). Worlds get a step interrupt asking the same
 *     deadline between sweeps, and the budgeted string functions
 *     (app/budget_string.c) ask it while they work. A watchdog
 *     (app/watchdog.h), when given, is told each deadline: it ends a run
 *     whose call does not stop (a trusted script removing the hook).
 */
#include "host.h"

#include <lauxlib.h>
#include <lua.h>
#include <limits.h>
#include <lualib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "../bindings/loom_lua.h"
#include "budget_string.h"
#include "sandbox.h"
#include "watchdog.h"

enum { HOOK_INSTRUCTIONS = 10000, LARGE_BLOCK = 1 << 20, CLOCK_ALLOCATIONS = 1024 };

struct app_host {
    lua_State *L;
    app_host_setup setup;

    size_t memory_used;
    bool memory_enforced; /* off while closing, so teardown never fails */
    bool memory_refused;  /* an allocation hit the limit */
    double deadline;      /* monotonic seconds; 0 while no call is running */
    bool timed_out;       /* the current call went past its deadline */
    unsigned allocations; /* counted to read the clock now and then */
    char time_limit[96];  /* "script ran for more than 2 s (raise it with --timeout)" */
    char timed_out_at[APP_HOST_WHERE_SIZE]; /* "file:line: " where the hook first raised */
    bool warnings_on;                       /* Lua's warn("@on") and warn("@off") */
    bool warning_continues;
};

double app_host_monotonic_seconds(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec + 1e-9 * (double)now.tv_nsec;
}

/* ---------------------------------------------------------------- limits -- */

static void *limited_alloc(void *context, void *block, size_t old_size, size_t new_size) {
    app_host *host = context;
    size_t old = block ? old_size : 0; /* without a block, old_size is a type tag */
    if (new_size == 0) {
        free(block);
        host->memory_used -= old;
        return NULL;
    }
    if (new_size > old && host->memory_enforced &&
        new_size - old > host->setup.memory_bytes - host->memory_used) {
        host->memory_refused = true;
        return NULL;
    }
    /* Past the deadline nothing more is allocated (time, not memory): C work
     * a loop repeats (s .. s, load of a long chunk) fails at once, so the
     * loop comes back to the hook. The clock is read for large blocks and
     * every CLOCK_ALLOCATIONS allocations; the hook, the step interrupt and
     * the string functions set timed_out. */
    if (new_size > old && host->memory_enforced && host->deadline != 0.0 &&
        (host->timed_out ||
         ((new_size - old >= LARGE_BLOCK || ++host->allocations % CLOCK_ALLOCATIONS == 0) &&
          app_host_over_time(host))))
        return NULL;
    void *grown = realloc(block, new_size);
    if (!grown)
        return NULL;
    host->memory_used = host->memory_used - old + new_size;
    return grown;
}

app_host *app_host_of(lua_State *L) {
    void *context;
    lua_getallocf(L, &context);
    return context;
}

void *app_host_context(lua_State *L) {
    return app_host_of(L)->setup.context;
}

lua_State *app_host_state(app_host *host) {
    return host->L;
}

const char *app_host_path(const app_host *host) {
    return host->setup.path;
}

bool app_host_over_time(app_host *host) {
    if (host->deadline == 0.0)
        return false;
    if (!host->timed_out && app_host_monotonic_seconds() >= host->deadline)
        host->timed_out = true;
    return host->timed_out;
}

bool app_host_timed_out(const app_host *host) {
    return host->timed_out;
}

const char *app_host_time_message(const app_host *host) {
    return host->time_limit;
}

/* Raises the time-limit error at where (a function's place, "file:line: "
 * or ""); the first one is kept for the call's message. */
static int raise_time_error(lua_State *L, app_host *host, const char *where) {
    if (!host->timed_out_at[0])
        snprintf(host->timed_out_at, sizeof host->timed_out_at, "%s", where);
    /* The message itself may be allocated (past the deadline nothing else is). */
    bool enforced = host->memory_enforced;
    host->memory_enforced = false;
    lua_pushfstring(L, "%s%s", where, host->time_limit);
    host->memory_enforced = enforced;
    return lua_error(L);
}

/* "file:line: " of the function at level of L's stack, or "". */
static void place(lua_State *L, lua_Debug *at, char *out, size_t size) {
    out[0] = '\0';
    if (lua_getinfo(L, "Sl", at) && at->currentline > 0)
        snprintf(out, size, "%s:%d: ", at->short_src, at->currentline);
}

int app_host_time_error(lua_State *L) {
    app_host *host = app_host_of(L);
    host->timed_out = true;
    char where[APP_HOST_WHERE_SIZE] = "";
    lua_Debug at;
    if (lua_getstack(L, 1, &at))
        place(L, &at, where, sizeof where);
    return raise_time_error(L, host, where);
}

static void time_hook(lua_State *L, lua_Debug *at) {
    app_host *host = app_host_of(L);
    if (!app_host_over_time(host)) {
        if (lua_gethookcount(L) != HOOK_INSTRUCTIONS) /* a thread re-armed in an earlier call */
            lua_sethook(L, time_hook, LUA_MASKCOUNT, HOOK_INSTRUCTIONS);
        return;
    }
    /* From now on every instruction of this thread raises again. */
    if (lua_gethookcount(L) != 1)
        lua_sethook(L, time_hook, LUA_MASKCOUNT, 1);
    char where[APP_HOST_WHERE_SIZE];
    place(L, at, where, sizeof where);
    raise_time_error(L, host, where);
}

/* The message handler xpcall is given, wrapped (upvalue 1): Lua runs a
 * handler for an error the hook raised with hooks off, so a looping handler
 * would never be stopped. Past the deadline the handler is not called and
 * the error goes on as it is. */
static int guarded_handler(lua_State *L) {
    if (app_host_over_time(app_host_of(L)))
        return 1;
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, 1);
    return 1;
}

/* xpcall(f, msgh, ...) with msgh guarded. Upvalue 1: Lua's xpcall. */
static int guarded_xpcall(lua_State *L) {
    luaL_checkany(L, 2);
    lua_pushvalue(L, 2);
    lua_pushcclosure(L, guarded_handler, 1);
    lua_replace(L, 2);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
    return lua_gettop(L);
}

/* The worlds' step interrupt: asked between relaxation sweeps. It leaves
 * timed_out alone: the step's error message must still be allocated (the
 * call's error is recognised by its text, in app_host_call). */
static int step_interrupt(void *context) {
    app_host *host = context;
    return host->deadline != 0.0 &&
           (host->timed_out || app_host_monotonic_seconds() >= host->deadline);
}

/* Lua's warn(): off until "@on", like the stand-alone interpreter. */
static void warning(void *context, const char *message, int continues) {
    app_host *host = context;
    if (!host->warning_continues && message[0] == '@') {
        if (strcmp(message, "@on") == 0)
            host->warnings_on = true;
        else if (strcmp(message, "@off") == 0)
            host->warnings_on = false;
        return;
    }
    if (host->warnings_on) {
        if (!host->warning_continues)
            fputs("Lua warning: ", stderr);
        fputs(message, stderr);
        if (!continues)
            fputc('\n', stderr);
    }
    host->warning_continues = continues;
}

static int panic(lua_State *L) {
    const char *message = lua_tostring(L, -1);
    fprintf(stderr, "loom: unprotected Lua error: %s\n", message ? message : "?");
    return 0; /* Lua aborts */
}

/* ----------------------------------------------------------- protected -- */

/* Adds a traceback to an error, as lua.c does. */
static int message_handler(lua_State *L) {
    /* Reporting must not fail for want of memory: the limit is lifted until
     * the call returns. */
    app_host *host = app_host_of(L);
    host->memory_enforced = false;
    /* Past the deadline the error may be another one (a large block refused
     * reads "not enough memory"): note where the script was. */
    if (host->timed_out && !host->timed_out_at[0]) {
        luaL_where(L, 1);
        snprintf(host->timed_out_at, sizeof host->timed_out_at, "%s", lua_tostring(L, -1));
        lua_pop(L, 1);
    }
    const char *message = lua_tostring(L, 1);
    if (!message) {
        if (luaL_callmeta(L, 1, "__tostring") && lua_type(L, -1) == LUA_TSTRING)
            message = lua_tostring(L, -1);
        else
            message = lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 1));
    }
    lmlua_push_traceback(L, L, message, 1); /* the script's own frames */
    return 1;
}

/* Writes the error of a call that went past its deadline: the time-limit
 * message word for word, with the place it was hit, whatever error the
 * script made of it on the way out (a __close handler's, "error in error
 * handling", a memory error). */
static void time_error(app_host *host, const char *message, char *err, size_t err_size) {
    const char *found = message ? strstr(message, host->time_limit) : NULL;
    if (found && found != message)
        snprintf(err, err_size, "%s", message); /* "file:line: script ran ..." and a traceback */
    else if (host->timed_out_at[0])
        snprintf(err, err_size, "%s%s", host->timed_out_at, host->time_limit);
    else
        snprintf(err, err_size, "%s: %s", host->setup.path,
                 host->time_limit); /* a step the app made */
}

void app_host_deadline_begin(app_host *host) {
    host->timed_out = false;
    host->timed_out_at[0] = '\0';
    host->deadline = app_host_monotonic_seconds() + host->setup.time_seconds;
    app_watchdog_arm(host->setup.watchdog, host->deadline);
}

void app_host_deadline_end(app_host *host) {
    app_watchdog_disarm(host->setup.watchdog);
    host->deadline = 0.0;
    host->timed_out = false;
}

bool app_host_call(app_host *host, int nargs, int nresults, char *err, size_t err_size) {
    lua_State *L = host->L;
    int base = lua_gettop(L) - nargs; /* the function's index */
    lua_pushcfunction(L, message_handler);
    lua_insert(L, base);
    /* Set again each call: a trusted script may have removed or changed it. */
    lua_sethook(L, time_hook, LUA_MASKCOUNT, HOOK_INSTRUCTIONS);
    bool outer = host->deadline == 0.0; /* else one deadline spans several calls */
    if (outer)
        app_host_deadline_begin(host);
    else if (app_host_over_time(host))
        lua_sethook(L, time_hook, LUA_MASKCOUNT, 1); /* raise at once */
    int status = lua_pcall(L, nargs, nresults, base);
    bool timed_out = host->timed_out;
    if (outer)
        app_host_deadline_end(host);
    host->memory_enforced = true;
    if (status == LUA_OK) {
        lua_remove(L, base);
        host->memory_refused = false;
        return true;
    }
    /* A memory error raised directly has no traceback; one re-raised by
     * world:step (from a force callback) does. */
    const char *message = lua_tostring(L, -1);
    if (message && strstr(message, host->time_limit))
        timed_out = true; /* a step the interrupt stopped */
    if (timed_out)
        time_error(host, message, err, err_size);
    else if (status == LUA_ERRMEM)
        snprintf(err, err_size, "%s: %s", host->setup.path,
                 message ? message : "not enough memory");
    else
        snprintf(err, err_size, "%s", message ? message : "(error without a message)");
    if (host->memory_refused && !timed_out) {
        size_t length = strlen(err);
        snprintf(err + length, err_size - length,
                 "\nloom: the script went over its memory limit of %zu MiB (raise it with "
                 "--memory)",
                 host->setup.memory_bytes >> 20);
    }
    host->memory_refused = false;
    lua_settop(L, base - 1);
    return false;
}

/* ----------------------------------------------------------- lifecycle -- */

/* Records a file the script reads, for hot reload. */
static void record_file(void *context, const char *path) {
    app_host *host = context;
    if (host->setup.file_read && path)
        host->setup.file_read(host->setup.context, path);
}

/* Opens the libraries (the sandbox's, or all of them when trusted), loom,
 * and the files the script may read (app/sandbox.h). */
static int open_state(lua_State *L) {
    app_host *host = app_host_of(L);
    char folder[PATH_MAX], modules[PATH_MAX], library[PATH_MAX];
    const char *slash = strrchr(host->setup.path, '/');
    if (slash == host->setup.path)
        snprintf(modules, sizeof modules, "/");
    else if (slash)
        snprintf(modules, sizeof modules, "%.*s", (int)(slash - host->setup.path),
                 host->setup.path);
    else
        snprintf(modules, sizeof modules, ".");
    snprintf(folder, sizeof folder, "%s", host->setup.folder ? host->setup.folder : modules);
    if (host->setup.library)
        snprintf(library, sizeof library, "%s", host->setup.library);
    else if (!app_sandbox_default_library(library, sizeof library))
        library[0] = '\0';
    app_sandbox_setup sandbox = {
        .folder = folder,
        .modules = modules,
        .library = library[0] ? library : NULL,
        .trust = host->setup.trust,
        .file_read = record_file,
        .context = host,
    };
    app_sandbox_open(L, &sandbox);
    app_budget_string_open(L);
    lua_getglobal(L, "xpcall");
    lua_pushcclosure(L, guarded_xpcall, 1);
    lua_setglobal(L, "xpcall");
    lmlua_set_step_interrupt(L, step_interrupt, host, host->time_limit);
    return 0;
}

/* The watchdog's nudge, on its thread at the deadline: the main thread's
 * hook runs at its next instruction (lua_sethook is safe to call
 * asynchronously; the hook itself reads the clock). */
static void nudge(void *context) {
    app_host *host = context;
    lua_sethook(host->L, time_hook, LUA_MASKCOUNT, 1);
}

app_host *app_host_create(const app_host_setup *setup, char *err, size_t err_size) {
    app_host *host = calloc(1, sizeof *host);
    if (!host) {
        snprintf(err, err_size, "out of memory");
        return NULL;
    }
    host->setup = *setup;
    host->memory_enforced = true;
    snprintf(host->time_limit, sizeof host->time_limit,
             "script ran for more than %g s (raise it with --timeout)", setup->time_seconds);
    lua_State *L = lua_newstate(limited_alloc, host);
    if (!L) {
        snprintf(err, err_size, "%s: not enough memory to start Lua", setup->path);
        free(host);
        return NULL;
    }
    host->L = L;
    lua_atpanic(L, panic);
    lua_setwarnf(L, warning, host);
    lua_sethook(L, time_hook, LUA_MASKCOUNT, HOOK_INSTRUCTIONS);
    app_watchdog_set_nudge(setup->watchdog, nudge, host);
    lua_pushcfunction(L, open_state);
    if (!app_host_call(host, 0, 0, err, err_size)) {
        app_host_destroy(host);
        return NULL;
    }
    return host;
}

void app_host_destroy(app_host *host) {
    if (!host)
        return;
    app_watchdog_clear_nudge(host->setup.watchdog, host);
    if (host->L) {
        host->memory_enforced = false;
        /* Finalizers run now, with Lua's hooks off: the watchdog (headless)
         * ends one that does not stop. */
        host->timed_out = false;
        host->deadline = app_host_monotonic_seconds() + host->setup.time_seconds;
        app_watchdog_arm(host->setup.watchdog, host->deadline);
        lua_close(host->L);
        app_watchdog_disarm(host->setup.watchdog);
    }
    free(host);
}

bool app_host_load_script(app_host *host, char *err, size_t err_size) {
    const char *path = host->setup.path;
    record_file(host, path);
    /* Text only: a precompiled chunk can crash the interpreter (Lua does not verify bytecode). */
    int status = luaL_loadfilex(host->L, path, "t");
    if (status == LUA_OK)
        return true;
    /* A syntax error reads "file:line: message"; a missing file "cannot open ...". */
    const char *message = lua_tostring(host->L, -1);
    if (message && strstr(message, "binary chunk"))
        snprintf(err, err_size, "loom: %s: %s", path, message); /* Lua names no file */
    else
        snprintf(err, err_size, "%s%s", status == LUA_ERRFILE ? "loom: " : "",
                 message ? message : "cannot load the scene");
    lua_pop(host->L, 1);
    return false;
}
