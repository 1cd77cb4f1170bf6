/*
 * host.c - one Lua state for one script, under limits.
 *
 * The limits live with the state, not in globals: the allocator's user data
 * is the host, and the count hook finds it again through lua_getallocf.
 *   - memory: the allocator refuses to grow the heap past the limit, so Lua
 *     raises "not enough memory" as it would on a real shortage. Once it has
 *     refused, it refuses every growth until the call ends, and the hook
 *     raises at every instruction, so a pcall cannot swallow the limit: the
 *     call ends with "file:line: the script went over its memory limit of N
 *     MiB (raise it with --memory)". Finalizers, __close handlers and an
 *     error object's __tostring run under the same limit, also while the
 *     state closes; only the report itself (message capped, traceback
 *     capped) may use a small reserve past it;
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
#define _XOPEN_SOURCE 700 /* realpath */

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
#include "library_path.h"
#include "sandbox.h"
#include "watchdog.h"

enum {
    HOOK_INSTRUCTIONS = 10000,
    LARGE_BLOCK = 1 << 20,
    CLOCK_ALLOCATIONS = 1024,
    REPORT_RESERVE = 1 << 20, /* bytes past the limit for writing the error */
    MESSAGE_CAP = 2000,       /* bytes of an error message kept */
};

/* Output a scene may print (print()): past it, print drops its text and says
 * so once on stderr. */
#define PRINT_CAP ((size_t)16 << 20)

struct app_host {
    lua_State *L;
    app_host_setup setup;

    lua_State *thread; /* runs the calls (a failed call's stack stays readable) */
    int thread_ref;

    size_t memory_used;
    bool memory_enforced; /* off only while the state is made */
    bool memory_over;     /* an allocation hit the limit: refuse all growth until the call ends */
    bool memory_refused;  /* an allocation was refused in this call */
    bool refusal_pending; /* the last refusal (Lua may collect and ask again): */
    void *refused_block;
    size_t refused_old, refused_new;
    bool reporting;         /* writing an error: REPORT_RESERVE more allowed */
    size_t printed;         /* bytes print() wrote */
    char library[PATH_MAX]; /* loom's library (scripts/): not the script's own lines */
    double deadline;        /* monotonic seconds; 0 while no call is running */
    bool timed_out;         /* the current call went past its deadline */
    bool step_stopped;      /* the step interrupt stopped a world's step past the deadline */
    unsigned allocations;   /* counted to read the clock now and then */
    char time_limit[96];    /* "script ran for more than 2 s (raise it with --timeout)" */
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

static void time_hook(lua_State *L, lua_Debug *where);

/* Sets the count hook of L to run every `instructions` instructions.
 * lua_sethook only stores fields, so the allocator may call it. */
static void arm_hook(lua_State *L, int instructions) {
    if (L)
        lua_sethook(L, time_hook, lua_gethookmask(L) | LUA_MASKCOUNT, instructions);
}

static void *limited_alloc(void *context, void *block, size_t old_size, size_t new_size) {
    app_host *host = context;
    size_t old = block ? old_size : 0; /* without a block, old_size is a type tag */
    if (new_size == 0) {
        free(block);
        host->memory_used -= old;
        return NULL;
    }
    if (new_size > old && host->memory_enforced) {
        size_t limit = host->setup.memory_bytes + (host->reporting ? REPORT_RESERVE : 0);
        if ((host->memory_over && !host->reporting) || host->memory_used > limit ||
            new_size - old > limit - host->memory_used) {
            if (!host->memory_over && !host->reporting) {
                /* Lua answers a refusal with an emergency collection and asks
                 * again for the same block: refused twice, the script is over
                 * its limit. */
                host->memory_refused = true;
                if (!host->refusal_pending || host->refused_block != block ||
                    host->refused_old != old || host->refused_new != new_size) {
                    host->refusal_pending = true;
                    host->refused_block = block;
                    host->refused_old = old;
                    host->refused_new = new_size;
                    return NULL;
                }
                host->refusal_pending = false;
                host->memory_over = true;
                /* The hook raises at the next instruction (see time_hook). */
                arm_hook(host->L, 1);
                if (host->thread)
                    arm_hook(host->thread, 1);
            }
            return NULL;
        }
        host->refusal_pending = false;
    }
    /* Past the deadline nothing more is allocated (time, not memory): C work
     * a loop repeats (s .. s, load of a long chunk) fails at once, so the
     * loop comes back to the hook. The clock is read for large blocks and
     * every CLOCK_ALLOCATIONS allocations; the hook, the step interrupt and
     * the string functions set timed_out. */
    if (new_size > old && host->memory_enforced && host->deadline != 0.0 && !host->reporting &&
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
    if (host->memory_over && !host->reporting) {
        /* Over the memory limit: raise at every instruction until the call
         * ends (app_host_call writes the message). The literal may need no
         * allocation; if it does, the refusal raises instead. */
        arm_hook(L, 1);
        lua_pushliteral(L, "not enough memory");
        lua_error(L);
    }
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
 * timed_out alone: the step's error message must still be allocated; it
 * marks step_stopped, which app_host_call turns into timed_out. */
static int step_interrupt(void *context) {
    app_host *host = context;
    bool stop = host->deadline != 0.0 &&
                (host->timed_out || app_host_monotonic_seconds() >= host->deadline);
    if (stop)
        host->step_stopped = true;
    return stop;
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

/* Runs in the host's thread: calls the function below the arguments. Being a
 * C call, it keeps the thread from yielding (as the main thread cannot), and
 * pcall inside it works as on the main thread. */
static int trampoline(lua_State *L) {
    lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
    return lua_gettop(L);
}

/* "file:line" of the innermost Lua frame of the failed thread that is not
 * in loom's library (a builder's frames: the scene's line that called it is
 * the one to show), else of the innermost Lua frame, else the script's
 * path. */
static void locate(app_host *host, lua_State *thread, char *where, size_t size) {
    lua_Debug ar;
    size_t library = strlen(host->library);
    where[0] = '\0';
    for (int level = 0; lua_getstack(thread, level, &ar); level++) {
        if (!lua_getinfo(thread, "Sl", &ar) || ar.currentline <= 0)
            continue;
        bool ours = library > 0 && ar.source[0] == '@' &&
                    strncmp(ar.source + 1, host->library, library) == 0;
        if (!ours || !where[0])
            snprintf(where, size, "%s:%d", ar.short_src, ar.currentline);
        if (!ours)
            return;
    }
    if (!where[0])
        snprintf(where, size, "%s", host->setup.path);
}

/* Replaces the error object on top of L by a message of at most MESSAGE_CAP
 * bytes. An error object that is not a string or number is converted by its
 * __tostring, run protected under the limits (the time limit left to the
 * call and the memory limit), and is placed at `where` (Lua places only
 * strings). */
static void to_message(app_host *host, lua_State *L, const char *where) {
    size_t length = 0;
    const char *message = NULL;
    bool placed = lua_type(L, -1) == LUA_TSTRING || lua_type(L, -1) == LUA_TNUMBER;
    if (placed) {
        message = lua_tolstring(L, -1, &length);
    } else if (luaL_getmetafield(L, -1, "__tostring") != LUA_TNIL) {
        lua_pushvalue(L, -2);
        host->reporting = false; /* the script's code: no reserve */
        int status = lua_pcall(L, 1, 1, 0);
        host->reporting = true;
        if (status == LUA_OK && lua_type(L, -1) == LUA_TSTRING) {
            lua_remove(L, -2);
            message = lua_tolstring(L, -1, &length);
        } else {
            lua_pop(L, 1);
        }
    }
    host->reporting = true; /* what follows may use the reserve */
    if (placed && message && strcmp(message, "attempt to yield across a C-call boundary") == 0) {
        message = "attempt to yield from outside a coroutine"; /* what the main thread says */
        length = strlen(message);
        placed = false;
    }
    if (!placed)
        lua_pushfstring(L, "%s: ", where);
    if (!message) {
        lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, placed ? -1 : -2));
    } else if (length > MESSAGE_CAP) {
        lua_pushlstring(L, message, MESSAGE_CAP);
        lua_pushfstring(L, "... (%I more bytes)", (lua_Integer)(length - MESSAGE_CAP));
        lua_concat(L, 2);
    } else {
        lua_pushlstring(L, message, length);
    }
    if (!placed)
        lua_concat(L, 2);
    lua_remove(L, -2);
}

/* Runs protected on the main state after a call failed: 1 = the failed
 * thread, 2 = "file:line" where it stopped (light userdata both), 3 = the
 * status. Returns the report: the message (or the memory limit's) and the
 * traceback of the thread's frames. */
static int report(lua_State *L) {
    app_host *host = app_host_of(L);
    lua_State *thread = lua_touserdata(L, 1);
    const char *where = lua_touserdata(L, 2);
    int status = (int)lua_tointeger(L, 3);
    lua_settop(L, 0);
    if (host->memory_over && !host->timed_out) {
        host->reporting = true;
        lua_pushfstring(L,
                        "%s: the script went over its memory limit of %d MiB (raise it with "
                        "--memory)",
                        where, (int)(host->setup.memory_bytes >> 20));
    } else {
        if (status == LUA_OK || status == LUA_YIELD)
            lua_pushliteral(L, "attempt to yield across a C-call boundary"); /* not reached */
        else
            lua_xmove(thread, L, 1);
        to_message(host, L, where);
        if (host->memory_over && !host->timed_out) { /* __tostring went over the limit */
            lua_pushfstring(L,
                            "%s: the script went over its memory limit of %d MiB (raise it "
                            "with --memory)",
                            where, (int)(host->setup.memory_bytes >> 20));
            lua_replace(L, 1);
        }
    }
    lmlua_push_traceback(L, thread, lua_tostring(L, 1), 0);
    return 1;
}

/* The thread that runs calls: the host's own, or a new one (on L's stack,
 * *pushed set) if a call is running in it already. */
static lua_State *call_thread(app_host *host, bool *pushed) {
    *pushed = false;
    lua_State *thread = host->thread;
    if (thread && lua_status(thread) == LUA_OK && lua_gettop(thread) == 0)
        return thread;
    *pushed = true;
    return lua_newthread(host->L);
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
    host->step_stopped = false;
    host->timed_out_at[0] = '\0';
    host->deadline = app_host_monotonic_seconds() + host->setup.time_seconds;
    app_watchdog_arm(host->setup.watchdog, host->deadline);
}

void app_host_deadline_end(app_host *host) {
    app_watchdog_disarm(host->setup.watchdog);
    host->deadline = 0.0;
    host->timed_out = false;
    host->step_stopped = false;
}

/* Writes the report of a failed call into err. */
static void failed(app_host *host, lua_State *thread, int status, char *err, size_t err_size) {
    lua_State *L = host->L;
    char where[LUA_IDSIZE + 32];
    locate(host, thread, where, sizeof where);
    if (host->timed_out && !host->timed_out_at[0])
        snprintf(host->timed_out_at, sizeof host->timed_out_at, "%s: ", where);
    /* Refused once with no collection to try again (an engine allocation, a
     * state closing), the error is still the memory limit's. */
    size_t length = 0;
    const char *message =
        lua_type(thread, -1) == LUA_TSTRING ? lua_tolstring(thread, -1, &length) : NULL;
    const char suffix[] = "not enough memory";
    if (host->memory_refused &&
        (status == LUA_ERRMEM || (message && length >= sizeof suffix - 1 &&
                                  strcmp(message + length - (sizeof suffix - 1), suffix) == 0)))
        host->memory_over = true;
    const char *text = NULL;
    host->reporting = true; /* the report may use the reserve, also past the deadline */
    if (lua_checkstack(L, 5)) {
        lua_pushcfunction(L, report);
        lua_pushlightuserdata(L, thread);
        lua_pushlightuserdata(L, where);
        lua_pushinteger(L, status);
        if (lua_pcall(L, 3, 1, 0) == LUA_OK)
            text = lua_tostring(L, -1);
    }
    if (host->step_stopped)
        host->timed_out = true; /* a step the interrupt stopped */
    if (host->timed_out)
        time_error(host, text, err, err_size);
    else if (text)
        snprintf(err, err_size, "%s", text);
    else if (host->memory_over)
        snprintf(err, err_size,
                 "%s: the script went over its memory limit of %zu MiB (raise it with --memory)",
                 where, host->setup.memory_bytes >> 20);
    else
        snprintf(err, err_size, "%s: (the error could not be reported: not enough memory)", where);
    lua_pop(L, 1);
}

bool app_host_call(app_host *host, int nargs, int nresults, char *err, size_t err_size) {
    lua_State *L = host->L;
    int base = lua_gettop(L) - nargs; /* the function's index */
    bool pushed;
    lua_State *thread = call_thread(host, &pushed);
    if (pushed)
        lua_insert(L, base);
    int function = pushed ? base + 1 : base;
    if (!lua_checkstack(thread, nargs + 2 + LUA_MINSTACK)) {
        lua_settop(L, base - 1);
        snprintf(err, err_size,
                 "%s: the script went over its memory limit of %zu MiB (raise it with --memory)",
                 host->setup.path, host->setup.memory_bytes >> 20);
        return false;
    }
    lua_pushcfunction(thread, trampoline);
    lua_xmove(L, thread, nargs + 1);

    /* Set again each call: a trusted script may have removed or changed it. */
    lua_sethook(L, time_hook, LUA_MASKCOUNT, HOOK_INSTRUCTIONS);
    bool outer = host->deadline == 0.0; /* else one deadline spans several calls */
    if (outer)
        app_host_deadline_begin(host);
    else if (app_host_over_time(host))
        lua_sethook(L, time_hook, LUA_MASKCOUNT, 1); /* raise at once */
    lua_sethook(thread, lua_gethook(L), lua_gethookmask(L), lua_gethookcount(L));
    host->memory_over = false;
    host->memory_refused = false;
    host->refusal_pending = false;
    host->reporting = false;
    int results = 0;
    int status = lua_resume(thread, L, nargs + 1, &results);
    bool ok = status == LUA_OK;
    if (ok) {
        if (nresults == LUA_MULTRET)
            nresults = results;
        if (!lua_checkstack(L, nresults + LUA_MINSTACK)) {
            ok = false;
            host->memory_over = true;
        } else {
            lua_settop(L, function - 1); /* the function went to the thread */
            int moved = results < nresults ? results : nresults;
            lua_settop(thread, lua_gettop(thread) - results + moved);
            lua_xmove(thread, L, moved);
            for (int i = moved; i < nresults; i++)
                lua_pushnil(L);
            if (pushed)
                lua_remove(L, base);
        }
    }
    if (!ok)
        failed(host, thread, status, err, err_size);
    /* Close the thread's pending to-be-closed variables (under the limits)
     * and empty it for the next call. */
    host->reporting = false;
    lua_resetthread(thread);
    lua_settop(thread, 0);
    if (outer)
        app_host_deadline_end(host);
    host->memory_over = false;
    host->reporting = false;
    arm_hook(L, HOOK_INSTRUCTIONS);
    if (ok)
        return true;
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

/* print(...): Lua's print, but a scene's output stops after PRINT_CAP bytes
 * (a print loop cannot fill the disk or the terminal), with one notice on
 * stderr. */
static int print(lua_State *L) {
    app_host *host = app_host_of(L);
    if (host->printed >= PRINT_CAP)
        return 0;
    int n = lua_gettop(L);
    luaL_Buffer line;
    luaL_buffinit(L, &line);
    for (int i = 1; i <= n; i++) {
        /* The buffer may keep a box on the stack: a value is pushed only
         * right before luaL_addvalue takes it (a string left above the box
         * while the buffer grew corrupted the heap: a 10 kB print). */
        if (i > 1)
            luaL_addchar(&line, '\t');
        luaL_tolstring(L, i, NULL);
        luaL_addvalue(&line);
    }
    luaL_addchar(&line, '\n');
    luaL_pushresult(&line);
    size_t length;
    const char *text = lua_tolstring(L, -1, &length);
    size_t room = PRINT_CAP - host->printed;
    size_t written = length < room ? length : room;
    fwrite(text, 1, written, stdout);
    fflush(stdout);
    host->printed += written;
    if (written < length)
        fprintf(stderr,
                "loom: %s printed %zu MiB; the rest of its output is dropped (print is capped at "
                "%zu MiB per run)\n",
                host->setup.path, PRINT_CAP >> 20, PRINT_CAP >> 20);
    return 0;
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
    else if (!app_library_find(library, sizeof library))
        library[0] = '\0';
    app_sandbox_setup sandbox = {
        .folder = folder,
        .modules = modules,
        .library = library[0] ? library : NULL,
        .trust = host->setup.trust,
        .file_read = record_file,
        .context = host,
    };
    /* As the sandbox names the files it loads: the real path. */
    if (!library[0] || !realpath(library, host->library))
        snprintf(host->library, sizeof host->library, "%s", library);
    app_sandbox_open(L, &sandbox);
    if (!library[0])
        app_library_explain_missing(L);
    app_budget_string_open(L);
    lua_pushcfunction(L, print);
    lua_setglobal(L, "print");
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
    if (host->thread) /* where the calls run */
        lua_sethook(host->thread, time_hook, LUA_MASKCOUNT, 1);
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
    /* The thread that runs every call (app_host_call), made before the limit
     * can refuse it (a tiny state cannot be over it yet). */
    if (!lua_checkstack(L, 1) || !(host->thread = lua_newthread(L))) {
        snprintf(err, err_size, "%s: not enough memory to start Lua", setup->path);
        app_host_destroy(host);
        return NULL;
    }
    host->thread_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    app_watchdog_set_nudge(setup->watchdog, nudge, host);
    lua_pushcfunction(L, open_state);
    if (!app_host_call(host, 0, 0, err, err_size)) {
        app_host_destroy(host);
        return NULL;
    }
    return host;
}

bool app_host_close(app_host *host, char *err, size_t err_size) {
    if (!host)
        return true;
    app_watchdog_clear_nudge(host->setup.watchdog, host);
    bool ok = true;
    if (host->L) {
        /* Finalizers run under the memory limit: once one goes over it,
         * every growth is refused until the state is gone (their errors are
         * warnings, so closing itself never fails). They run with Lua's
         * hooks off: the watchdog (headless) ends one that does not stop. */
        host->memory_enforced = true;
        host->memory_over = false;
        host->memory_refused = false;
        host->refusal_pending = false;
        host->reporting = false;
        host->thread = NULL; /* closed with the state: the allocator must not touch it */
        host->timed_out = false;
        host->deadline = app_host_monotonic_seconds() + host->setup.time_seconds;
        app_watchdog_arm(host->setup.watchdog, host->deadline);
        lua_close(host->L);
        app_watchdog_disarm(host->setup.watchdog);
        host->deadline = 0.0;
        if (host->memory_over || host->memory_refused) {
            ok = false;
            snprintf(err, err_size,
                     "%s: the script went over its memory limit of %zu MiB (raise it with "
                     "--memory) in a finalizer (__gc) as it closed",
                     host->setup.path, host->setup.memory_bytes >> 20);
        }
    }
    free(host);
    return ok;
}

void app_host_destroy(app_host *host) {
    char err[256];
    app_host_close(host, err, sizeof err);
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
