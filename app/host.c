/*
 * host.c - one Lua state for one script, under limits.
 *
 * The limits live with the state, not in globals: the allocator's user data
 * is the host, and the guard (app/guard.h, the time limit's half) is found
 * from any thread through the state's extra space.
 *   - memory: the allocator refuses to grow the heap past the limit, so Lua
 *     raises "not enough memory" as it would on a real shortage. Once it has
 *     refused, it refuses every growth until the call ends, and the hook
 *     raises at every instruction, so a pcall cannot swallow the limit: the
 *     call ends with "file:line: the script went over its memory limit of N
 *     MiB (raise it with --memory)". Finalizers, __close handlers and an
 *     error object's __tostring run under the same limit, also while the
 *     state closes; only the report itself (message capped, traceback
 *     capped) may use a small reserve past it;
 *   - time: every call runs inside the host's guard, which owns the
 *     deadline, the count hook and the watchdog (app/guard.h). Past the
 *     deadline the allocator refuses too, so C work a loop repeats fails at
 *     once and the loop comes back to the hook.
 *
 * A call runs on the state's main thread, in lua_pcall with a message
 * handler (capture) that writes the report while the failed frames are
 * still there: where the script was, the message, the traceback. Being a
 * pcall, it turns Lua's hooks back on before the __close handlers of the
 * frames it unwinds run (an error raised from a hook leaves them off). A
 * memory error runs no message handler: the allocator notes where the
 * script was when it first refused (note_refusal).
 */
#define _XOPEN_SOURCE 700 /* realpath */

#include "host.h"

#include <errno.h>
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
#include "budget_table.h"
#include "files.h"
#include "guard.h"
#include "library_path.h"
#include "lua_bugs.h"
#include "lua_stacks.h"
#include "sandbox.h"
#include "threads.h"
#include "watchdog.h"

enum {
    LARGE_BLOCK = 1 << 20,
    CLOCK_ALLOCATIONS = 1024,
    REPORT_RESERVE = 1 << 20, /* bytes past the limit for writing the error */
    MESSAGE_CAP = 2000,       /* bytes of an error message kept */
    REPORT_SIZE = 8192,       /* bytes of a failed call's report kept */
    NOTE_LEVELS = 12,         /* levels of the traceback a memory refusal notes */
};

/* Output a scene may print (print()) or warn (warn()): past it, the text is
 * dropped and loom says so once on stderr. */
#define PRINT_CAP ((size_t)16 << 20)

struct app_host {
    lua_State *L;
    app_host_setup setup;
    app_guard guard;        /* the time limit (and the reason a call stops) */
    app_lua_stacks *stacks; /* stops a thread whose stack moves under __concat */

    size_t memory_used;
    bool memory_enforced; /* off only while the state is made */
    bool memory_over;     /* an allocation hit the limit: refuse all growth until the call ends */
    bool memory_refused;  /* an allocation was refused in this call */
    bool refusal_pending; /* the last refusal (Lua may collect and ask again): */
    void *refused_block;
    size_t refused_old, refused_new;
    unsigned allocations;   /* counted to read the clock now and then */
    size_t printed;         /* bytes print() wrote */
    size_t warned;          /* bytes warn() wrote */
    char library[PATH_MAX]; /* loom's library (scripts/): not the script's own lines */
    bool warnings_on;       /* Lua's warn("@on") and warn("@off") */
    bool warning_continues;

    /* The current call's failure, written where it failed: */
    int parsing;                       /* lua_load calls under way (app_host_parsing) */
    bool reported;                     /* report holds it (capture ran) */
    char report[REPORT_SIZE];          /* "file:line: message" and the traceback */
    bool noted;                        /* a refusal noted where the script was: */
    char noted_where[LUA_IDSIZE + 32]; /* "file:line" */
    char noted_trace[REPORT_SIZE / 2]; /* "\nstack traceback:..." */
};

double app_host_monotonic_seconds(void) {
    return app_guard_seconds_now();
}

/* ---------------------------------------------------------------- limits -- */

static void note_refusal(app_host *host);

static void *serve(app_host *host, void *block, size_t old_size, size_t new_size) {
    size_t old = block ? old_size : 0; /* without a block, old_size is a type tag */
    if (new_size == 0) {
        free(block);
        host->memory_used -= old;
        return NULL;
    }
    bool reporting = host->guard.reporting || host->guard.room;
    if (new_size > old && host->memory_enforced) {
        size_t limit = host->setup.memory_bytes + (reporting ? REPORT_RESERVE : 0);
        if ((host->memory_over && !reporting) || host->memory_used > limit ||
            new_size - old > limit - host->memory_used) {
            if (!reporting)
                note_refusal(host);
            if (!host->memory_over && !reporting) {
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
                /* The hook raises at the next instruction. */
                app_guard_memory_over(&host->guard);
            }
            return NULL;
        }
        host->refusal_pending = false;
    }
    /* Past the deadline nothing more is allocated (time, not memory): C work
     * a loop repeats (s .. s, load of a long chunk) fails at once, so the
     * loop comes back to the hook. The clock is read for large blocks and
     * every CLOCK_ALLOCATIONS allocations. */
    if (new_size > old && host->memory_enforced && !reporting && host->guard.deadline != 0.0 &&
        (host->guard.why == APP_GUARD_TIME || host->guard.why == APP_GUARD_INTERRUPTED ||
         ((new_size - old >= LARGE_BLOCK || ++host->allocations % CLOCK_ALLOCATIONS == 0) &&
          app_guard_past_deadline(&host->guard)))) {
        /* Lua raises "not enough memory" at once, with no message handler:
         * the place the time limit was hit is noted now, as for memory. */
        if (!host->noted)
            note_refusal(host);
        return NULL;
    }
    void *grown = realloc(block, new_size);
    if (!grown)
        return NULL;
    host->memory_used = host->memory_used - old + new_size;
    return grown;
}

/* The state's allocator: the limits (serve), and the stack guard watching
 * every request (app/lua_stacks.h). */
static void *limited_alloc(void *context, void *block, size_t old_size, size_t new_size) {
    app_host *host = context;
    if (!app_lua_stacks_before(host->stacks, block, old_size, new_size))
        return NULL;
    void *result = serve(host, block, old_size, new_size);
    app_lua_stacks_after(host->stacks, block, old_size, new_size, result);
    return result;
}

/* The guard's question before all others (app/guard.h): whether thread L
 * was stopped by the stack guard, and with which message. */
static const char *stack_stopped(void *context, lua_State *L) {
    app_host *host = context;
    return app_lua_stacks_stopped(host->stacks, L) ? app_lua_stacks_message() : NULL;
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

void app_host_parsing(app_host *host, bool parsing) {
    host->parsing += parsing ? 1 : -1;
}

app_guard *app_host_guard(app_host *host) {
    return &host->guard;
}

size_t app_host_memory_used(const app_host *host) {
    return host->memory_used;
}

bool app_host_over_time(app_host *host) {
    return app_guard_over(&host->guard);
}

bool app_host_timed_out(const app_host *host) {
    return app_guard_why(&host->guard) != APP_GUARD_GOING;
}

const char *app_host_time_message(const app_host *host) {
    return app_guard_message(&host->guard);
}

int app_host_time_error(lua_State *L) {
    return app_guard_raise(L);
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

/* xpcall's results, also when f yielded on the way. */
static int xpcall_results(lua_State *L, int status, lua_KContext context) {
    (void)status;
    (void)context;
    return lua_gettop(L);
}

/* xpcall(f, msgh, ...) with msgh guarded. Upvalue 1: Lua's xpcall, called
 * so that f may yield (as with Lua's own xpcall). */
static int guarded_xpcall(lua_State *L) {
    luaL_checktype(L, 2, LUA_TFUNCTION);
    lua_pushvalue(L, 2);
    lua_pushcclosure(L, guarded_handler, 1);
    lua_replace(L, 2);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_callk(L, lua_gettop(L) - 1, LUA_MULTRET, 0, xpcall_results);
    return xpcall_results(L, LUA_OK, 0);
}

/* Lua's warn(): off until "@on", like the stand-alone interpreter; capped
 * like print (a warning loop cannot fill the disk or the terminal). */
static void warning(void *context, const char *message, int continues) {
    app_host *host = context;
    if (!host->warning_continues && message[0] == '@') {
        if (strcmp(message, "@on") == 0)
            host->warnings_on = true;
        else if (strcmp(message, "@off") == 0)
            host->warnings_on = false;
        return;
    }
    if (host->warnings_on && host->warned < PRINT_CAP) {
        const char *prefix = host->warning_continues ? "" : "Lua warning: ";
        size_t length = strlen(prefix) + strlen(message) + (continues ? 0 : 1);
        size_t room = PRINT_CAP - host->warned;
        if (length <= room) {
            fputs(prefix, stderr);
            fputs(message, stderr);
            if (!continues)
                fputc('\n', stderr);
            host->warned += length;
        } else {
            host->warned = PRINT_CAP;
            fprintf(stderr,
                    "\nloom: %s warned %zu MiB; the rest of its warnings are dropped (warn is "
                    "capped at %zu MiB per run)\n",
                    host->setup.path, PRINT_CAP >> 20, PRINT_CAP >> 20);
        }
    }
    host->warning_continues = continues;
}

static int panic(lua_State *L) {
    const char *message = lua_tostring(L, -1);
    fprintf(stderr, "loom: unprotected Lua error: %s\n", message ? message : "?");
    return 0; /* Lua aborts */
}

/* ----------------------------------------------------------- protected -- */

/* Whether the frame is one of loom's library (scripts/): the scene's line
 * that called a builder is the one to show. */
static bool in_library(const app_host *host, const lua_Debug *ar) {
    size_t library = strlen(host->library);
    return library > 0 && ar->source[0] == '@' &&
           strncmp(ar->source + 1, host->library, library) == 0;
}

/* "file:line" of the innermost Lua frame of L from level on that is not in
 * loom's library, else of the innermost Lua frame, else the script's path.
 * Reads the stack only (lua_getstack, lua_getinfo "Sl"): nothing is pushed
 * or allocated, so the allocator may call it. */
static void locate(const app_host *host, lua_State *L, int level, char *where, size_t size) {
    lua_Debug ar;
    where[0] = '\0';
    for (; lua_getstack(L, level, &ar); level++) {
        if (!lua_getinfo(L, "Sl", &ar) || ar.currentline <= 0)
            continue;
        bool ours = in_library(host, &ar);
        if (!ours || !where[0])
            snprintf(where, size, "%s:%d", ar.short_src, ar.currentline);
        if (!ours)
            return;
    }
    if (!where[0])
        snprintf(where, size, "%s", host->setup.path);
}

/* The allocator refused: where the script was, and its traceback, noted
 * now (a memory error runs no message handler, and the pcall unwinds the
 * frames before loom sees the error). Only the main thread is read: a
 * coroutine's error reaches it where it resumed the coroutine. Reads the
 * stack without pushing or allocating, and no function names that would
 * need a push (a callback shows as its file and line). */
static void note_refusal(app_host *host) {
    lua_State *L = host->L;
    if (!L || host->reported || host->memory_over)
        return; /* reported already, or noted where the limit was hit (later
                   refusals come as the frames unwind) */
    host->noted = true;
    locate(host, L, 0, host->noted_where, sizeof host->noted_where);
    char *out = host->noted_trace;
    size_t size = sizeof host->noted_trace, used = 0;
    out[0] = '\0';
    lua_Debug ar;
    int shown = 0;
    for (int level = 0; lua_getstack(L, level, &ar) && shown < NOTE_LEVELS; level++) {
        if (!lua_getinfo(L, "Slnt", &ar) || ar.currentline <= 0 || strcmp(ar.what, "C") == 0)
            continue;
        int n = snprintf(out + used, size - used, "%s\n\t%s:%d: in ",
                         shown == 0 ? "\nstack traceback:" : "", ar.short_src, ar.currentline);
        if (n < 0 || (size_t)n >= size - used)
            break;
        used += (size_t)n;
        if (strcmp(ar.what, "main") == 0)
            n = snprintf(out + used, size - used, "main chunk");
        else if (ar.name && ar.namewhat[0])
            n = snprintf(out + used, size - used, "%s '%s'", ar.namewhat, ar.name);
        else
            n = snprintf(out + used, size - used, "function <%s:%d>", ar.short_src, ar.linedefined);
        if (n < 0 || (size_t)n >= size - used)
            break;
        used += (size_t)n;
        shown++;
    }
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
        host->guard.reporting = false; /* the script's code: no reserve, the hook on */
        int status = lua_pcall(L, 1, 1, 0);
        host->guard.reporting = true;
        if (status == LUA_OK && lua_type(L, -1) == LUA_TSTRING) {
            lua_remove(L, -2);
            message = lua_tolstring(L, -1, &length);
        } else {
            lua_pop(L, 1);
        }
    }
    if (placed && message && strcmp(message, "attempt to yield from outside a coroutine") == 0)
        placed = false; /* raised by coroutine.yield, a C function: no place of its own */
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

/* The memory limit's message at where. */
static void push_memory_message(app_host *host, lua_State *L, const char *where) {
    lua_pushfstring(L,
                    "%s: the script went over its memory limit of %d MiB (raise it with --memory)",
                    where, (int)(host->setup.memory_bytes >> 20));
}

/* Whether the error object at index is the memory limit's: "not enough
 * memory" after a refusal (Lua raises it for a refused allocation that it
 * does not try again, lauxlib's buffers raise it as a plain error). */
static bool is_memory_error(const app_host *host, lua_State *L, int index) {
    if (host->memory_over)
        return true;
    size_t length = 0;
    const char *message =
        lua_type(L, index) == LUA_TSTRING ? lua_tolstring(L, index, &length) : NULL;
    const char suffix[] = "not enough memory";
    return host->memory_refused && message && length >= sizeof suffix - 1 &&
           strcmp(message + length - (sizeof suffix - 1), suffix) == 0;
}

/* The hint a teacher's most common slip gets: p:pos().x indexes the number
 * p:pos() returns, and Lua's message names nothing to look at. */
static void add_hint(lua_State *L) {
    static const char indexed_number[] = "attempt to index a number value";
    size_t length;
    const char *message = lua_tolstring(L, -1, &length);
    size_t n = sizeof indexed_number - 1;
    if (message && length >= n && strcmp(message + length - n, indexed_number) == 0) {
        lua_pushliteral(L, " (p:pos() and p:vel() return numbers x, y, z; use p:position() or "
                           "p:velocity() for a vector)");
        lua_concat(L, 2);
    }
}

/* Runs protected inside capture: 1 = the error object, 2 = "file:line" (a
 * light userdata). Returns the report: the message (or the memory limit's)
 * and the traceback of L's frames above capture. */
static int report(lua_State *L) {
    app_host *host = app_host_of(L);
    const char *where = lua_touserdata(L, 2);
    lua_settop(L, 1);
    if (host->memory_over) {
        push_memory_message(host, L, where);
    } else {
        to_message(host, L, where);
        if (host->memory_over) { /* __tostring went over the limit */
            push_memory_message(host, L, where);
            lua_replace(L, -2);
        }
        add_hint(L);
    }
    /* From level 0: report and capture are C frames, which it leaves out. */
    lmlua_push_traceback(L, L, lua_tostring(L, -1), 0);
    return 1;
}

/* The message handler of every call: runs where the error was raised, with
 * the failed frames still on the stack (at level 1 and up), and keeps the
 * call's first report (a __close handler's later error does not replace
 * it). Returns the error object as it was. */
static int capture(lua_State *L) {
    app_host *host = app_host_of(L);
    host->guard.room = false;
    if (host->parsing > 0)
        return 1; /* raised in the parser's reader: lua_load catches it */
    if (host->reported || !lua_checkstack(L, 4))
        return 1; /* the call's first failure is reported already */
    if (is_memory_error(host, L, 1))
        host->memory_over = true;
    char where[LUA_IDSIZE + 32];
    locate(host, L, 0, where, sizeof where);
    bool reporting = host->guard.reporting;
    host->guard.reporting = true; /* the report may use the reserve, also past the deadline */
    lua_pushcfunction(L, report);
    lua_pushvalue(L, 1);
    lua_pushlightuserdata(L, where);
    if (lua_pcall(L, 2, 1, 0) == LUA_OK && lua_type(L, -1) == LUA_TSTRING) {
        snprintf(host->report, sizeof host->report, "%s", lua_tostring(L, -1));
        host->reported = true;
    }
    lua_pop(L, 1);
    host->guard.reporting = reporting;
    if (!host->reported) { /* no memory for the report: the place at least */
        snprintf(host->noted_where, sizeof host->noted_where, "%s", where);
        host->noted_trace[0] = '\0';
        host->noted = true;
    }
    lua_settop(L, 1);
    return 1;
}

/* Writes the error of a call that must stop (its deadline passed, or the
 * window interrupted it): the limit's message word for word, with the place
 * it was hit, whatever error the script made of it on the way out (a
 * __close handler's, "error in error handling", a memory error). */
static void stop_error(app_host *host, const char *report, char *err, size_t err_size) {
    const app_guard *guard = &host->guard;
    const char *message = app_guard_message(guard);
    const char *found = report ? strstr(report, message) : NULL;
    if (found && found != report)
        snprintf(err, err_size, "%s", report); /* "file:line: script ran ..." and a traceback */
    else if (guard->first_at[0])
        snprintf(err, err_size, "%s%s", guard->first_at, message);
    else if (host->noted) /* the allocator refused past the deadline */
        snprintf(err, err_size, "%s: %s%s", host->noted_where, message, host->noted_trace);
    else
        snprintf(err, err_size, "%s: %s", host->setup.path, message); /* a step the app made */
}

/* Writes the report of a failed call into err; the error object is on top
 * of the main thread. The report is the handler's (of the first error that
 * reached it), else for a memory error the place the allocator noted. */
static void failed(app_host *host, int status, char *err, size_t err_size) {
    lua_State *L = host->L;
    app_guard *guard = &host->guard;
    /* Refused once with no collection to try again (an engine allocation, a
     * state closing), the error is still the memory limit's. */
    const char *message = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : NULL;
    if (host->memory_refused && (status == LUA_ERRMEM || is_memory_error(host, L, -1)))
        host->memory_over = true;
    if (guard->step_stopped && guard->why == APP_GUARD_GOING)
        guard->why = APP_GUARD_TIME; /* a step the interrupt stopped */
    const char *report = host->reported ? host->report : NULL;
    const char *where = host->noted ? host->noted_where : host->setup.path;
    if (guard->why == APP_GUARD_TIME || guard->why == APP_GUARD_INTERRUPTED)
        stop_error(host, report, err, err_size);
    else if (report)
        snprintf(err, err_size, "%s", report);
    else if (host->memory_over)
        snprintf(err, err_size,
                 "%s: the script went over its memory limit of %zu MiB (raise it with --memory)%s",
                 where, host->setup.memory_bytes >> 20, host->noted ? host->noted_trace : "");
    else if (message) /* "error in error handling" */
        snprintf(err, err_size, "%s: %s", where, message);
    else
        snprintf(err, err_size, "%s: (the error could not be reported: not enough memory)", where);
}

bool app_host_call(app_host *host, int nargs, int nresults, char *err, size_t err_size) {
    lua_State *L = host->L;
    int base = lua_gettop(L) - nargs; /* the function's index */
    host->memory_over = false;
    host->memory_refused = false;
    host->refusal_pending = false;
    host->reported = false;
    host->noted = false;
    app_guard_enter(&host->guard);
    bool ok = false;
    if (!lua_checkstack(L, 2 + LUA_MINSTACK)) {
        snprintf(err, err_size,
                 "%s: the script went over its memory limit of %zu MiB (raise it with --memory)",
                 host->setup.path, host->setup.memory_bytes >> 20);
    } else {
        lua_pushcfunction(L, capture);
        lua_insert(L, base);
        int status = lua_pcall(L, nargs, nresults, base);
        ok = status == LUA_OK;
        if (ok)
            lua_remove(L, base);
        else
            failed(host, status, err, err_size);
    }
    if (!ok)
        lua_settop(L, base - 1);
    /* The memory limit is one call's; the deadline may span several. */
    if (host->guard.why == APP_GUARD_MEMORY)
        host->guard.why = APP_GUARD_GOING;
    host->memory_over = false;
    host->guard.reporting = false;
    host->guard.room = false;
    app_lua_stacks_release(host->stacks, L, APP_GUARD_HOOK_INSTRUCTIONS);
    app_guard_leave(&host->guard);
    return ok;
}

/* ----------------------------------------------------------- lifecycle -- */

/* Records a file the script reads, for hot reload. */
static void record_file(void *context, const char *path) {
    app_host *host = context;
    if (host->setup.file_read && path)
        host->setup.file_read(host->setup.context, path);
}

/* Writes text to stdout within PRINT_CAP bytes per run; says once on
 * stderr when the cap cuts it. */
static void write_capped(app_host *host, const char *text, size_t length) {
    if (host->printed >= PRINT_CAP)
        return;
    size_t room = PRINT_CAP - host->printed;
    size_t written = length < room ? length : room;
    fwrite(text, 1, written, stdout);
    host->printed += written;
    if (written < length) {
        fflush(stdout);
        fprintf(stderr,
                "loom: %s printed %zu MiB; the rest of its output is dropped (print is capped at "
                "%zu MiB per run)\n",
                host->setup.path, PRINT_CAP >> 20, PRINT_CAP >> 20);
    }
}

/* print(...): Lua's print (each value written as it is converted, so a
 * failing __tostring leaves the values before it written), but a scene's
 * output stops after PRINT_CAP bytes (a print loop cannot fill the disk or
 * the terminal), with one notice on stderr. */
static int print(lua_State *L) {
    app_host *host = app_host_of(L);
    if (host->printed >= PRINT_CAP)
        return 0;
    int n = lua_gettop(L);
    for (int i = 1; i <= n; i++) {
        size_t length;
        const char *text = luaL_tolstring(L, i, &length);
        if (i > 1)
            write_capped(host, "\t", 1);
        write_capped(host, text, length);
        lua_pop(L, 1);
    }
    write_capped(host, "\n", 1);
    fflush(stdout);
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
    app_budget_table_open(L);
    lua_pushcfunction(L, print);
    lua_setglobal(L, "print");
    lua_getglobal(L, "xpcall");
    lua_pushcclosure(L, guarded_xpcall, 1);
    lua_setglobal(L, "xpcall");
    lmlua_set_step_interrupt(L, app_guard_step_interrupt, &host->guard, host->guard.message);
    if (host->setup.threads)
        lmlua_set_thread_budget(L, app_threads_take, app_threads_give, host->setup.threads);
    app_lua_bugs_open(L);
    app_lua_stacks_exempt(host->stacks, guarded_handler);
    app_lua_stacks_exempt(host->stacks, capture);
    app_lua_stacks_verify(host->stacks, L);
    if (!app_lua_stacks_verified(host->stacks))
        fprintf(stderr, "loom: this liblua5.4 is not laid out as Lua 5.4.4: the guard against "
                        "its __concat bug is off\n");
    return 0;
}

app_host *app_host_create(const app_host_setup *setup, char *err, size_t err_size) {
    app_host *host = calloc(1, sizeof *host);
    if (!host) {
        snprintf(err, err_size, "out of memory");
        return NULL;
    }
    host->setup = *setup;
    host->memory_enforced = true;
    host->stacks = app_lua_stacks_create(app_guard_hook);
    if (!host->stacks) {
        snprintf(err, err_size, "out of memory");
        free(host);
        return NULL;
    }
    lua_State *L = lua_newstate(limited_alloc, host);
    if (!L) {
        snprintf(err, err_size, "%s: not enough memory to start Lua", setup->path);
        app_lua_stacks_destroy(host->stacks);
        free(host);
        return NULL;
    }
    host->L = L;
    lua_atpanic(L, panic);
    lua_setwarnf(L, warning, host);
    app_guard_init(&host->guard, L, setup->time_seconds, setup->watchdog);
    app_guard_set_interrupt(&host->guard, setup->interrupt, setup->interrupt_context);
    app_guard_set_stopped(&host->guard, stack_stopped, host);
    app_watchdog_set_nudge(setup->watchdog, app_guard_nudge, &host->guard);
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
    app_watchdog_clear_nudge(host->setup.watchdog, &host->guard);
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
        host->noted = true; /* the state is closing: no stack to note */
        host->guard.depth = 0;
        app_guard_enter(&host->guard);
        lua_close(host->L);
        host->L = NULL;
        app_guard_leave_closed(&host->guard);
        app_lua_stacks_destroy(host->stacks);
        host->stacks = NULL;
        if (host->memory_over || host->memory_refused) {
            ok = false;
            snprintf(err, err_size,
                     "%s: the script went over its memory limit of %zu MiB (raise it with "
                     "--memory) in a finalizer (__gc) as it closed",
                     host->setup.path, host->setup.memory_bytes >> 20);
        }
    }
    app_lua_stacks_destroy(host->stacks); /* when the state was never made */
    free(host);
    return ok;
}

void app_host_destroy(app_host *host) {
    char err[256];
    app_host_close(host, err, sizeof err);
}

/* Runs protected: compiles the script file as text (a precompiled chunk
 * is refused: Lua does not verify bytecode, and a crafted one crashes the
 * interpreter) and returns its chunk. The file is opened without blocking
 * and read in pieces under the call's deadline (app/files.h). */
static int compile_script(lua_State *L) {
    app_host *host = app_host_of(L);
    const char *path = host->setup.path;
    int fd = app_files_open_user(path);
    if (fd < 0)
        return luaL_error(L, "loom: cannot open %s: %s", path,
                          errno == EINVAL ? "not a regular file" : strerror(errno));
    lua_pushfstring(L, "@%s", path);
    int status = app_files_load(L, fd, lua_tostring(L, -1), "t");
    close(fd);
    if (status == LUA_OK)
        return 1;
    /* A syntax error reads "file:line: message". */
    const char *message = lua_tostring(L, -1);
    if (message && strstr(message, "binary chunk"))
        return luaL_error(L, "loom: %s: %s", path, message); /* Lua names no file */
    return lua_error(L);
}

bool app_host_load_script(app_host *host, char *err, size_t err_size) {
    record_file(host, host->setup.path);
    lua_pushcfunction(host->L, compile_script);
    return app_host_call(host, 0, 1, err, err_size);
}
