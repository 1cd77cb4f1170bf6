/*
 * guard.c - the deadline, the count hook and the watchdog of a script's calls.
 *
 * The guard is found from any thread of its state through the state's extra
 * space (lua_getextraspace: a pointer-sized area Lua copies from the main
 * thread into every thread it creates), so no global and no registry lookup
 * is needed in the hook, which must not allocate.
 *
 * The hook compares the clock with the deadline every
 * APP_GUARD_HOOK_INSTRUCTIONS instructions. Once the call must stop it runs
 * at every instruction of its thread and raises again each time, so a
 * pcall, an xpcall handler or a __close handler that catches the error
 * cannot go on. In a coroutine it yields instead when it can: an error
 * raised from a hook leaves Lua's "hooks allowed" flag of its thread off
 * (lua_resume does not restore it; luaD_pcall does), so a coroutine killed
 * by the hook would later run its pending __close handlers (coroutine.close,
 * coroutine.wrap) with no hook at all. Suspended, it keeps its hooks, and
 * the thread that resumed it stops at its own next instruction (its hook is
 * set to run at once). The main thread's error ends in loom's own lua_pcall
 * (app/host.c), which turns hooks back on before the __close handlers of
 * the frames it unwinds run.
 */
#include "guard.h"

#include <lua.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "watchdog.h"

/* How often the interrupt (the window's) is asked while a call runs. */
#define POLL_SECONDS 0.1

double app_guard_seconds_now(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec + 1e-9 * (double)now.tv_nsec;
}

app_guard *app_guard_of(lua_State *L) {
    app_guard *guard;
    memcpy(&guard, lua_getextraspace(L), sizeof guard);
    return guard;
}

static void set_hook(lua_State *L, int instructions) {
    if (L)
        lua_sethook(L, app_guard_hook, LUA_MASKCOUNT, instructions);
}

void app_guard_init(app_guard *guard, lua_State *L, double seconds, struct app_watchdog *watchdog) {
    memset(guard, 0, sizeof *guard);
    guard->L = L;
    guard->seconds = seconds;
    guard->watchdog = watchdog;
    snprintf(guard->message, sizeof guard->message,
             "script ran for more than %g s (raise it with --timeout)", seconds);
    memcpy(lua_getextraspace(L), &guard, sizeof guard);
    set_hook(L, APP_GUARD_HOOK_INSTRUCTIONS);
}

void app_guard_enter(app_guard *guard) {
    if (guard->depth++ == 0) {
        double now = app_guard_seconds_now();
        guard->why = APP_GUARD_GOING;
        guard->step_stopped = false;
        guard->first_at[0] = '\0';
        guard->deadline = now + guard->seconds;
        guard->next_poll = now + POLL_SECONDS;
        app_watchdog_arm(guard->watchdog, guard->deadline);
    }
    set_hook(guard->L, guard->why == APP_GUARD_GOING ? APP_GUARD_HOOK_INSTRUCTIONS : 1);
}

void app_guard_leave(app_guard *guard) {
    if (guard->depth > 0 && --guard->depth > 0)
        return;
    app_watchdog_disarm(guard->watchdog);
    guard->deadline = 0.0;
    guard->why = APP_GUARD_GOING;
    guard->step_stopped = false;
    set_hook(guard->L, APP_GUARD_HOOK_INSTRUCTIONS);
}

void app_guard_leave_closed(app_guard *guard) {
    guard->L = NULL;
    guard->depth = 1;
    app_guard_leave(guard);
}

/* Asks the interrupt when it is due; true when it wants the call stopped. */
static bool interrupted(app_guard *guard, double now) {
    if (!guard->interrupt || now < guard->next_poll)
        return false;
    guard->next_poll = now + POLL_SECONDS;
    if (!guard->interrupt(guard->interrupt_context, guard->interrupted, sizeof guard->interrupted))
        return false;
    guard->why = APP_GUARD_INTERRUPTED;
    return true;
}

bool app_guard_past_deadline(app_guard *guard) {
    if (guard->deadline == 0.0)
        return false;
    if (guard->why == APP_GUARD_GOING && app_guard_seconds_now() >= guard->deadline)
        guard->why = APP_GUARD_TIME;
    return guard->why != APP_GUARD_GOING;
}

bool app_guard_over(app_guard *guard) {
    if (guard->deadline == 0.0)
        return false;
    if (guard->why != APP_GUARD_GOING)
        return true;
    double now = app_guard_seconds_now();
    if (now >= guard->deadline) {
        guard->why = APP_GUARD_TIME;
        return true;
    }
    return interrupted(guard, now);
}

app_guard_stop app_guard_why(const app_guard *guard) {
    return guard->why;
}

void app_guard_memory_over(app_guard *guard) {
    if (guard->why == APP_GUARD_GOING)
        guard->why = APP_GUARD_MEMORY;
    set_hook(guard->L, 1);
}

/* It leaves the reason alone when only the clock says stop: the step's
 * error message must still be allocated (past the deadline the allocator
 * refuses); the host reads step_stopped. */
int app_guard_step_interrupt(void *context) {
    app_guard *guard = context;
    if (guard->deadline == 0.0)
        return 0;
    double now = app_guard_seconds_now();
    bool stop = guard->why != APP_GUARD_GOING || now >= guard->deadline || interrupted(guard, now);
    if (stop)
        guard->step_stopped = true;
    return stop;
}

const char *app_guard_message(const app_guard *guard) {
    return guard->why == APP_GUARD_INTERRUPTED ? guard->interrupted : guard->message;
}

/* Raises the call's error at where ("file:line: " or ""); the first place
 * is kept for the call's message. */
static int raise_at(lua_State *L, app_guard *guard, const char *where) {
    /* Calling the message handler may allocate (a call frame), which past
     * the deadline or over the memory limit is refused: the allocator
     * gives it the report's reserve until the handler or the next
     * instruction runs. */
    guard->room = true;
    if (guard->why == APP_GUARD_MEMORY) {
        /* app/host.c writes the memory limit's message. Not Lua's own
         * "not enough memory", which lua_error raises as a memory error,
         * with no message handler. */
        lua_pushliteral(L, "not enough memory (over the memory limit)");
        return lua_error(L);
    }
    if (!guard->first_at[0])
        snprintf(guard->first_at, sizeof guard->first_at, "%s", where);
    lua_pushfstring(L, "%s%s", where, app_guard_message(guard));
    return lua_error(L);
}

/* "file:line: " of the function at `at` of L's stack, or "". */
static void place(lua_State *L, lua_Debug *at, char *out, size_t size) {
    out[0] = '\0';
    if (lua_getinfo(L, "Sl", at) && at->currentline > 0)
        snprintf(out, size, "%s:%d: ", at->short_src, at->currentline);
}

int app_guard_raise(lua_State *L) {
    app_guard *guard = app_guard_of(L);
    if (guard->why == APP_GUARD_GOING)
        guard->why = APP_GUARD_TIME;
    char where[APP_GUARD_WHERE_SIZE] = "";
    lua_Debug at;
    if (lua_getstack(L, 1, &at))
        place(L, &at, where, sizeof where);
    return raise_at(L, guard, where);
}

void app_guard_hook(lua_State *L, lua_Debug *at) {
    app_guard *guard = app_guard_of(L);
    const char *stopped = guard->stopped ? guard->stopped(guard->stopped_context, L) : NULL;
    if (stopped) {
        /* Every instruction and return raises until the thread is let go,
         * at the innermost line of Lua (a return may be a C function's). */
        char where[APP_GUARD_WHERE_SIZE] = "";
        lua_Debug frame;
        for (int level = 0; !where[0] && lua_getstack(L, level, &frame); level++)
            place(L, &frame, where, sizeof where);
        guard->room = true;
        lua_pushfstring(L, "%s%s", where, stopped);
        lua_error(L);
    }
    if (guard->reporting)
        return; /* loom is writing a failed call's report */
    guard->room = false;
    if (!app_guard_over(guard)) {
        if (lua_gethookcount(L) != APP_GUARD_HOOK_INSTRUCTIONS) /* nudged, or set for a stop */
            set_hook(L, APP_GUARD_HOOK_INSTRUCTIONS);
        return;
    }
    /* From now on every instruction of this thread stops again. */
    if (lua_gethookcount(L) != 1)
        set_hook(L, 1);
    if (L != guard->L) {
        set_hook(guard->L, 1); /* the main thread stops at its next instruction */
        if (lua_isyieldable(L)) {
            lua_yield(L, 0); /* suspended, hooks on; returns to Lua's hook caller */
            return;
        }
        /* Marked: if the error ends the coroutine, its hooks stay off. The
         * mark goes at the coroutine's next hook if something caught it. */
        set_hook(L, APP_GUARD_KILLED_COUNT);
    }
    char where[APP_GUARD_WHERE_SIZE];
    place(L, at, where, sizeof where);
    raise_at(L, guard, where);
}

bool app_guard_killed(lua_State *co) {
    int status = lua_status(co);
    return status != LUA_OK && status != LUA_YIELD &&
           lua_gethookcount(co) == APP_GUARD_KILLED_COUNT;
}

void app_guard_nudge(void *context) {
    app_guard *guard = context;
    set_hook(guard->L, 1);
}

void app_guard_set_stopped(app_guard *guard, const char *(*stopped)(void *, struct lua_State *),
                           void *context) {
    guard->stopped = stopped;
    guard->stopped_context = context;
}

void app_guard_set_interrupt(app_guard *guard, bool (*interrupt)(void *, char *, size_t),
                             void *context) {
    guard->interrupt = interrupt;
    guard->interrupt_context = context;
}
