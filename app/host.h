/*
 * host.h - the Lua host: one Lua state for one script, under limits.
 *
 * Every command runs its scene in a host, and so does the Lua test runner
 * (tests/lua_runner.c), so tests see the state a scene sees. A host is a Lua
 * state with the libraries and loom opened, a memory limit (its allocator
 * refuses to grow the heap past it), a time limit (a count hook raises an
 * error once the deadline of the current call has passed), dofile, loadfile
 * and require looking for Lua files next to the script and in loom's own
 * library (scripts/), and protected calls that turn any error into
 * "file:line: message" plus a traceback. The host knows nothing of worlds or
 * windows: app/scene.c builds a scene on top of it.
 */
#ifndef LOOM_APP_HOST_H
#define LOOM_APP_HOST_H

#include <stdbool.h>
#include <stddef.h>

struct lua_State;
struct app_watchdog;

typedef struct app_host_setup {
    const char *path;    /* the script: names errors; its folder roots the files it may read */
    const char *folder;  /* that root instead of the script's folder; may be NULL */
    const char *library; /* loom's library (scripts/); NULL: app_library_find's */
    size_t memory_bytes; /* the Lua heap may not grow past this */
    double time_seconds; /* wall-clock limit for one call into the script */
    bool trust;          /* the full standard library (--trust) instead of the sandbox */
    struct app_threads *threads; /* the process's worker threads (app/threads.h); may be NULL */
    /* Called with each Lua file the script loads (dofile, loadfile, require)
     * before it is loaded, for hot reload; may be NULL. */
    void (*file_read)(void *context, const char *path);
    void *context; /* for file_read, and what app_host_context returns */
    /* Told the deadline of every call (and of closing); may be NULL. */
    struct app_watchdog *watchdog;
    /* Asked a few times a second while a call runs: true (with a few words
     * in why) stops the call (app/guard.h; the window's Esc and saves). May
     * be NULL. */
    bool (*interrupt)(void *context, char *why, size_t why_size);
    void *interrupt_context;
} app_host_setup;

typedef struct app_host app_host;

/* A new state with the libraries and loom opened. NULL with a message in err
 * on failure (out of memory). The setup is copied; the strings it points to
 * must outlive the host. */
app_host *app_host_create(const app_host_setup *setup, char *err, size_t err_size);
/* Closes the state, running every __gc under the memory limit, and frees the
 * host. False with a message in err if a finalizer went over the limit (the
 * rest of its allocations were refused). NULL is closed already. */
bool app_host_close(app_host *host, char *err, size_t err_size);
/* app_host_close, ignoring what it says. */
void app_host_destroy(app_host *host);

struct lua_State *app_host_state(app_host *host);
/* Bytes the Lua heap holds now (the world's engine memory included). */
size_t app_host_memory_used(const app_host *host);
/* The host whose state L is (or is a thread of). */
app_host *app_host_of(struct lua_State *L);
/* setup->context of the host whose state L is. */
void *app_host_context(struct lua_State *L);
const char *app_host_path(const app_host *host);

/* Calls the function below nargs arguments on the stack under the time and
 * memory limits, leaving nresults results. On failure writes the error (with
 * a traceback) to err, pops it and returns false: "file:line: message", the
 * message capped at 2000 bytes, or "file:line: the script went over its
 * memory limit of N MiB (raise it with --memory)". The call runs in the
 * state's main thread, inside the host's guard, as a stand-alone Lua runs a
 * script (coroutine.running says so, a yield is "from outside a
 * coroutine"); a message handler writes the report where the error
 * happened, before the stack unwinds. */
bool app_host_call(app_host *host, int nargs, int nresults, char *err, size_t err_size);

/* ---------------------------------------------------------- time limit --
 * The host's guard (app/guard.h) owns the time limit: a call that runs past
 * its deadline fails with "file:line: script ran for more than 2 s (raise
 * it with --timeout)" (app_host_time_message is the text after
 * "file:line: "). Entering the guard around several calls gives them one
 * deadline (one frame's loom.update and its steps; one picture). */
struct app_guard *app_host_guard(app_host *host);
double app_host_monotonic_seconds(void);
/* True once the current call must stop (past its deadline, over its memory
 * limit, interrupted), and from then on until it returns; false outside
 * calls. C functions doing long work ask it. */
bool app_host_over_time(app_host *host);
/* The same without reading the clock: true once something noticed. */
bool app_host_timed_out(const app_host *host);
const char *app_host_time_message(const app_host *host);
/* Lua's parser is running (app/lua_load.c): errors raised meanwhile are
 * caught by lua_load, not failures of the call (nests). */
void app_host_parsing(app_host *host, bool parsing);
/* Raises the error that stops the call at the calling Lua function's line. */
int app_host_time_error(struct lua_State *L);

/* Pushes the script file's main chunk, compiled from text only: a
 * precompiled chunk is refused (Lua does not verify bytecode, and a crafted
 * one crashes the interpreter). False with a message in err. */
bool app_host_load_script(app_host *host, char *err, size_t err_size);

#endif
