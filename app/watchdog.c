/*
 * watchdog.c - a thread that ends a headless run whose script call overran.
 *
 * The deadline is an atomic the host stores before and after each call, so
 * arming costs no lock and no wake-up; the thread looks at it twenty times a
 * second (a condition variable on the monotonic clock, signalled only to
 * stop). At the deadline itself it nudges the host once (the host sets its
 * hook to run at the next instruction); GRACE later it ends the run. The
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

static void *watch(void *context) {
    app_watchdog *watchdog = context;
    uint64_t grace = (uint64_t)(APP_WATCHDOG_GRACE_S * 1e9);
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
        if (!watchdog->stopping && watchdog->ends_run && deadline != 0 && now > deadline + grace) {
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
