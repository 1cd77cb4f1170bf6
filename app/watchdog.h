/*
 * watchdog.h - the last line of defence of a headless run's time limit.
 *
 * The host's count hook, step interrupt and budgeted string functions stop a
 * script that runs past its deadline from inside. What they cannot stop (a
 * trusted script that removed the hook with debug.sethook, a finalizer
 * looping while Lua runs no hooks, C work nothing checks) the watchdog
 * does: a thread with the monotonic clock, told each call's deadline by the
 * host (app/host.h), ends the process when a call is still running GRACE
 * seconds after its deadline (seconds the host thread had a processor or
 * slept: its waits for a processor on a loaded machine do not count, up to
 * twenty times GRACE of wall time). It says so on stderr ("loom: FILE: script ran
 * for more than 2 s and did not stop; the watchdog ended the run 1 s
 * later") and exits with status 1 after removing the run's temporary files
 * and stopping its children (app_cleanup_end). Only headless commands
 * (render, sim) start one: the window must never end itself.
 */
#ifndef LOOM_APP_WATCHDOG_H
#define LOOM_APP_WATCHDOG_H

#include <stdbool.h>

struct app_cleanup;

/* Seconds past a deadline before the watchdog ends the run. */
#define APP_WATCHDOG_GRACE_S 1.0

typedef struct app_watchdog app_watchdog;

/* Starts the thread. path names the scene in the message, limit_seconds is
 * the --timeout it quotes; cleanup (may be NULL) is what the run leaves
 * behind. Both strings and cleanup must outlive the watchdog. NULL when the
 * thread cannot start (the run goes on without one). */
app_watchdog *app_watchdog_start(const char *path, double limit_seconds,
                                 struct app_cleanup *cleanup);
/* A watchdog that only nudges (below) and never ends the run: the window's.
 * It nudges twenty times a second while a call runs, not only at the
 * deadline. */
app_watchdog *app_watchdog_start_nudging(void);
/* Stops the thread. */
void app_watchdog_stop(app_watchdog *watchdog);

/* nudge(context) is called on the watchdog's thread once per deadline, as
 * soon as it has passed (within 0.05 s): the host makes its Lua state stop at
 * its next instruction (lua_sethook may be called asynchronously), so a loop
 * of C calls that run no instruction and allocate nothing (table.insert at
 * the front of a large table) ends after the call under way. */
void app_watchdog_set_nudge(app_watchdog *watchdog, void (*nudge)(void *context), void *context);
/* Removes the nudge if context is still the one set (a window holds two
 * scenes while it reloads); when it returns, the nudge is not running. */
void app_watchdog_clear_nudge(app_watchdog *watchdog, void *context);

/* A call runs until deadline (monotonic seconds, app_host_monotonic_seconds),
 * and has ended. Lock-free (an atomic store); watchdog may be NULL. */
void app_watchdog_arm(app_watchdog *watchdog, double deadline);
void app_watchdog_disarm(app_watchdog *watchdog);

#endif
