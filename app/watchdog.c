/*
 * watchdog.c - a thread that ends a headless run whose script call overran.
 *
 * The deadline is an atomic the host stores before and after each call, so
 * arming costs no lock and no wake-up; the thread looks at it twenty times a
 * second (a condition variable on the monotonic clock, signalled only to
 * stop). At the deadline itself it nudges the host once (the host sets its
 * hook to run at the next instruction); GRACE later it ends the run, GRACE
 * of the host thread's own time: what the kernel made it wait for a
 * processor past the deadline (its run-queue delay, /proc/self/schedstat:
 * another program's, or the run's drawing threads') does not count, so a
 * script about to stop by itself is not ended first on a loaded machine,
 * while a call blocked or looping still is (at the latest BACKSTOP of wall
 * time past the deadline, whatever the machine). The
 * window's watchdog ends nothing and nudges at every look while a call
 * runs: the hook then asks the window whether to stop (app/guard.h), so
 * even a loop of C calls that run no instruction notices Esc and saves.
 */
#include "watchdog.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "cleanup.h"

enum { POLL_NANOSECONDS = 50 * 1000 * 1000 };
/* Wall-clock grace multiples past which the run ends however long the host
 * thread waited for a processor. */
enum { BACKSTOP = 20 };

struct app_watchdog {
    pthread_t thread;
    pthread_mutex_t lock;
    pthread_cond_t wake;
    bool stopping;                /* under lock */
    _Atomic uint64_t deadline;    /* monotonic nanoseconds; 0: no call running */
    void (*nudge)(void *context); /* at the deadline itself (app_watchdog_set_nudge) */
    void *nudge_context;
    uint64_t nudged; /* the deadline nudged last */
    bool ends_run;   /* false: only nudges (the window) */
    const char *path;
    double limit_seconds;
    struct app_cleanup *cleanup;
};

static uint64_t now_nanoseconds(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec;
}

/* How long the process's main thread (the host's: it makes every guarded
 * call) has waited for a processor, in nanoseconds; 0 where the kernel does
 * not say. /proc/self is the thread group's leader from any thread. */
static uint64_t main_thread_waited(void) {
    FILE *file = fopen("/proc/self/schedstat", "r");
    unsigned long long ran = 0, waited = 0;
    if (!file)
        return 0;
    if (fscanf(file, "%llu %llu", &ran, &waited) != 2)
        waited = 0;
    fclose(file);
    return (uint64_t)waited;
}

/* Whether the call armed with deadline is past its grace at now: GRACE of
 * wall time past the deadline less what the host thread waited for a
 * processor meanwhile (from waited_at_deadline, taken at the first look
 * past it), or BACKSTOP times GRACE of wall time. */
static bool past_grace(uint64_t deadline, uint64_t now, uint64_t waited_at_deadline) {
    uint64_t grace = (uint64_t)(APP_WATCHDOG_GRACE_S * 1e9);
    if (now <= deadline + grace)
        return false;
    if (now > deadline + BACKSTOP * grace)
        return true;
    uint64_t waited = main_thread_waited();
    waited = waited > waited_at_deadline ? waited - waited_at_deadline : 0;
    return now - deadline > grace + waited;
}

static void *watch(void *context) {
    app_watchdog *watchdog = context;
    uint64_t overrun = 0; /* the deadline last seen passed */
    uint64_t waited_at_overrun = 0;
    pthread_mutex_lock(&watchdog->lock);
    while (!watchdog->stopping) {
        struct timespec until;
        clock_gettime(CLOCK_MONOTONIC, &until);
        until.tv_nsec += POLL_NANOSECONDS;
        if (until.tv_nsec >= 1000000000) {
            until.tv_sec++;
            until.tv_nsec -= 1000000000;
        }
        pthread_cond_timedwait(&watchdog->wake, &watchdog->lock, &until);
        uint64_t deadline = atomic_load(&watchdog->deadline);
        uint64_t now = now_nanoseconds();
        /* The window's watchdog nudges all along a call (its hook asks
         * whether Esc was pressed or the scene saved); a headless one once,
         * at the deadline. */
        if (!watchdog->stopping && deadline != 0 && watchdog->nudge &&
            (watchdog->ends_run ? now > deadline && watchdog->nudged != deadline : true)) {
            watchdog->nudged = deadline;
            watchdog->nudge(watchdog->nudge_context);
        }
        if (watchdog->ends_run && deadline != 0 && now > deadline && overrun != deadline) {
            overrun = deadline;
            waited_at_overrun = main_thread_waited();
        }
        if (!watchdog->stopping && watchdog->ends_run && deadline != 0 &&
            past_grace(deadline, now, waited_at_overrun)) {
            char message[1200];
            snprintf(message, sizeof message,
                     "loom: %s: script ran for more than %g s and did not stop; the watchdog "
                     "ended the run %g s later\n",
                     watchdog->path, watchdog->limit_seconds, APP_WATCHDOG_GRACE_S);
            app_cleanup_end(watchdog->cleanup, message, 1); /* does not return */
        }
    }
    pthread_mutex_unlock(&watchdog->lock);
    return NULL;
}

app_watchdog *app_watchdog_start(const char *path, double limit_seconds,
                                 struct app_cleanup *cleanup) {
    app_watchdog *watchdog = calloc(1, sizeof *watchdog);
    if (!watchdog)
        return NULL;
    watchdog->ends_run = path != NULL;
    watchdog->path = path;
    watchdog->limit_seconds = limit_seconds;
    watchdog->cleanup = cleanup;
    atomic_init(&watchdog->deadline, 0);
    pthread_condattr_t attributes;
    pthread_condattr_init(&attributes);
    pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC);
    pthread_cond_init(&watchdog->wake, &attributes);
    pthread_condattr_destroy(&attributes);
    pthread_mutex_init(&watchdog->lock, NULL);
    if (pthread_create(&watchdog->thread, NULL, watch, watchdog) != 0) {
        pthread_cond_destroy(&watchdog->wake);
        pthread_mutex_destroy(&watchdog->lock);
        free(watchdog);
        return NULL;
    }
    return watchdog;
}

app_watchdog *app_watchdog_start_nudging(void) {
    return app_watchdog_start(NULL, 0.0, NULL);
}

void app_watchdog_stop(app_watchdog *watchdog) {
    if (!watchdog)
        return;
    pthread_mutex_lock(&watchdog->lock);
    watchdog->stopping = true;
    pthread_cond_signal(&watchdog->wake);
    pthread_mutex_unlock(&watchdog->lock);
    pthread_join(watchdog->thread, NULL);
    pthread_cond_destroy(&watchdog->wake);
    pthread_mutex_destroy(&watchdog->lock);
    free(watchdog);
}

void app_watchdog_set_nudge(app_watchdog *watchdog, void (*nudge)(void *context), void *context) {
    if (!watchdog)
        return;
    pthread_mutex_lock(&watchdog->lock);
    watchdog->nudge = nudge;
    watchdog->nudge_context = context;
    pthread_mutex_unlock(&watchdog->lock);
}

void app_watchdog_clear_nudge(app_watchdog *watchdog, void *context) {
    if (!watchdog)
        return;
    pthread_mutex_lock(&watchdog->lock);
    if (watchdog->nudge_context == context) {
        watchdog->nudge = NULL;
        watchdog->nudge_context = NULL;
    }
    pthread_mutex_unlock(&watchdog->lock);
}

void app_watchdog_arm(app_watchdog *watchdog, double deadline) {
    if (watchdog)
        atomic_store(&watchdog->deadline, deadline > 0.0 ? (uint64_t)(deadline * 1e9) : 1u);
}

void app_watchdog_disarm(app_watchdog *watchdog) {
    if (watchdog)
        atomic_store(&watchdog->deadline, 0);
}
