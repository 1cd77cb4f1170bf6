/*
 * guard.h - the time limit of a script's calls, kept in one place.
 *
 * Every host (app/host.h) has one guard. Whatever loom does for a script is
 * done inside it: a protected call, one frame's loom.update and world steps,
 * one picture (loom.draw, trails and the renderer's own work), loading a
 * scene (reading and compiling its file included), closing it. The
 * outermost entry starts a deadline (the limit from now) and tells the
 * watchdog; leaving it ends both and puts the hooks back. In between the
 * guard is the one answer to "must this work stop now?":
 *   - Lua code: the count hook, set on the main thread at every entry (and
 *     copied by every coroutine from the thread that creates it), asks every
 *     APP_GUARD_HOOK_INSTRUCTIONS instructions;
 *   - C work that a script's arguments can make long (the compiler reading
 *     its text, world steps, drawing, the budgeted string and table
 *     functions) asks app_guard_over;
 *   - C work that asks nothing: the watchdog's nudge (app_guard_nudge) makes
 *     the main thread's hook run at its next instruction.
 * Once the call must stop (its deadline passed, its memory limit was hit, or
 * the window asked), the hook raises at every instruction of the main
 * thread. A coroutine is not killed but suspended (the hook yields it when
 * it can): Lua runs a thread's hooks off after an error raised from a hook,
 * so a coroutine killed that way would run its pending __close handlers,
 * when closed later, out of reach of every limit. The main thread's errors
 * end in loom's protected call, which turns hooks back on before any
 * __close handler runs.
 */
#ifndef LOOM_APP_GUARD_H
#define LOOM_APP_GUARD_H

#include <stdbool.h>
#include <stddef.h>

struct lua_State;
struct app_watchdog;

/* Instructions between two looks at the clock. */
#define APP_GUARD_HOOK_INSTRUCTIONS 10000
/* The hook count of a coroutine the hook stopped with an error it could not
 * yield instead (inside a C call: a sort's order function, a metamethod
 * called from C): its mark (app_guard_killed). */
#define APP_GUARD_KILLED_COUNT 2
/* Room for "file:line: " in front of a limit's message. */
#define APP_GUARD_WHERE_SIZE 160

/* Why a call must stop. */
typedef enum app_guard_stop {
    APP_GUARD_GOING,       /* it need not */
    APP_GUARD_TIME,        /* past its deadline */
    APP_GUARD_MEMORY,      /* over its memory limit (app/host.c says so) */
    APP_GUARD_INTERRUPTED, /* the window wants it to (app_guard_set_interrupt) */
} app_guard_stop;

typedef struct app_guard {
    struct lua_State *L; /* the main thread; NULL once the state is closed */
    double seconds;      /* the limit of one call */
    struct app_watchdog *watchdog;
    /* Asked a few times a second while a call runs (the window: Esc, a save);
     * true with a few words in why stops the call. May be NULL. */
    bool (*interrupt)(void *context, char *why, size_t why_size);
    void *interrupt_context;
    /* Asked first at every hook: a message when thread L must stop at once
     * whatever the deadline (the stack guard, app/lua_stacks.h). May be
     * NULL. */
    const char *(*stopped)(void *context, struct lua_State *L);
    void *stopped_context;

    int depth;            /* entries not yet left; the outermost owns the deadline */
    double deadline;      /* monotonic seconds; 0 outside every entry */
    double next_poll;     /* when interrupt is asked next */
    app_guard_stop why;   /* once set, until the outermost entry is left */
    bool step_stopped;    /* a world's step was stopped by its interrupt */
    bool reporting;       /* the host writes a failed call's report: the hook lets it */
    bool room;            /* the limit's error is raised: the allocator lets its handler run */
    char message[96];     /* "script ran for more than 2 s (raise it with --timeout)" */
    char interrupted[96]; /* "stopped: the scene was saved again" */
    char first_at[APP_GUARD_WHERE_SIZE]; /* "file:line: " where the hook first raised */
} app_guard;

double app_guard_seconds_now(void); /* the monotonic clock */

/* Makes the guard of L's state (found again by app_guard_of from any of its
 * threads) and sets its hook. seconds is the limit of one call; watchdog may
 * be NULL. */
void app_guard_init(app_guard *guard, struct lua_State *L, double seconds,
                    struct app_watchdog *watchdog);
app_guard *app_guard_of(struct lua_State *L);

/* Enters and leaves the guard. The outermost enter starts the deadline and
 * arms the watchdog; its leave ends them and sets the main thread's hook
 * back to every APP_GUARD_HOOK_INSTRUCTIONS. Every enter sets the hook again
 * (a trusted script's debug library or an error may have changed it). */
void app_guard_enter(app_guard *guard);
void app_guard_leave(app_guard *guard);
/* Closing the state: enter before lua_close (finalizers run under the
 * deadline and the watchdog), this after it (the state is gone). */
void app_guard_leave_closed(app_guard *guard);

/* Whether the current work must stop: reads the clock (and asks the
 * interrupt when it is due). False outside every entry. */
bool app_guard_over(app_guard *guard);
/* The same from the allocator: the clock only, never the interrupt. */
bool app_guard_past_deadline(app_guard *guard);
/* Why the current call stopped, without reading the clock. */
app_guard_stop app_guard_why(const app_guard *guard);

/* The memory limit was hit: the call stops like one past its deadline. */
void app_guard_memory_over(app_guard *guard);
/* The world step interrupt (lm_interrupt_fn): whether a step must stop. */
int app_guard_step_interrupt(void *guard);

/* Raises the error that ends the current call at the calling Lua function's
 * line ("file:line: script ran for more than 2 s (raise it with
 * --timeout)", or the interruption's words). */
int app_guard_raise(struct lua_State *L);
/* The message of the reason the call stopped (without "file:line: "). */
const char *app_guard_message(const app_guard *guard);

/* Whether coroutine co died from an error the hook raised in it (the call
 * had to stop and co could not be suspended): Lua left co's hooks off, so
 * its pending __close handlers must not run (app/coroutines.h). */
bool app_guard_killed(struct lua_State *co);

/* Makes the main thread's hook run at its next instruction. Safe from
 * another thread (the watchdog's): lua_sethook only stores fields. */
void app_guard_nudge(void *guard);

/* The count hook every thread of the state runs (a lua_Hook). */
struct lua_Debug;
void app_guard_hook(struct lua_State *L, struct lua_Debug *at);

/* Sets the stopped question (see the struct); NULL removes it. */
void app_guard_set_stopped(app_guard *guard, const char *(*stopped)(void *, struct lua_State *),
                           void *context);

/* Sets the interrupt (see the struct); NULL removes it. */
void app_guard_set_interrupt(app_guard *guard, bool (*interrupt)(void *, char *, size_t),
                             void *context);

#endif
