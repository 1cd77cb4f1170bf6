/*
 * window_reload.c - hot reload: loading the scene again when its files change,
 * the probation of a reloaded scene, and what happens when a scene fails.
 *
 * Hot reload: the files the scene read are watched (app/watch.h: inotify,
 * and stat a few times a second); a change that is ready loads the scene
 * again in a new Lua state. If that
 * fails, the old scene keeps running and the error is shown. If it loads but
 * fails within its first PROBATION_TICKS ticks (in loom.update, a force, or a
 * callback), the old scene comes back. Only then is the old one destroyed,
 * world, Lua state, callbacks and all.
 */
#include "window.h"

#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

/* ------------------------------------------------------- scene changes -- */

/* The running scene failed: back to the last good one if there is one, else
 * stop it where it is. Either way the error stays on screen until a reload
 * succeeds. */
void window_scene_failed(window_state *state, const char *message) {
    fprintf(stderr, "%s\n", message);
    window_release_grab(state);
    if (state->fallback) {
        app_scene_destroy(state->scene);
        state->scene = state->fallback;
        state->fallback = NULL;
        window_timeline_start(state);
        fprintf(stderr, "loom: back to the last good scene\n");
    } else {
        state->frozen = true;
    }
    window_set_error(state, message);
}

/* Loads the scene file again. Returns whether it loaded. */
bool window_reload(window_state *state, bool quiet) {
    window_release_grab(state);
    app_watch_clear(state->watch);
    bool keep_refused = false;
    state->setup.keep_from = state->drop_keep ? NULL : state->scene;
    state->setup.keep_refused = &keep_refused;
    app_scene *fresh = app_scene_load_setup(&state->setup, state->scratch, sizeof state->scratch);
    state->setup.keep_from = NULL;
    state->setup.keep_refused = NULL;
    if (!fresh) {
        fprintf(stderr, "%s\n", state->scratch);
        if (state->scene)
            fprintf(stderr, "loom: the last good scene keeps running; fix the file and save\n");
        /* A loom.keep too big or too deep to copy would refuse every later
         * save too: the next one starts with an empty loom.keep. */
        if (keep_refused && !state->drop_keep) {
            state->drop_keep = true;
            fprintf(stderr, "loom: the next save starts with an empty loom.keep\n");
        }
        window_set_error(state, state->scratch);
        return false;
    }
    lr_camera fitted;
    double aspect;
    if (state->scene && app_scene_fitted_camera(state->scene, &fitted, &aspect))
        app_scene_set_fitted_camera(fresh, &fitted, aspect);
    app_scene_destroy(state->fallback);
    state->fallback = NULL;
    if (state->scene && !state->frozen)
        state->fallback = state->scene;
    else
        app_scene_destroy(state->scene);
    state->scene = fresh;
    window_timeline_start(state); /* a new run: its own past */
    app_sliders_refresh(state->sliders, fresh);
    state->frozen = false;
    state->drop_keep = false;
    state->probation = 0;
    if (!quiet) {
        fprintf(stderr, "loom: reloaded %s\n", state->options->scene);
        window_notify(state, "reloaded %s", window_scene_name(state));
    }
    window_clear_error(state);
    return true;
}

/* One tick of 1/fps seconds of simulated time. */
void window_tick(window_state *state) {
    if (!state->scene || state->frozen)
        return;
    double start = app_seconds();
    bool ok = app_scene_advance(state->scene, 1.0 / state->options->fps, state->scratch,
                                sizeof state->scratch);
    double ms = 1000.0 * (app_seconds() - start);
    state->step_ms = state->step_ms > 0.0 ? 0.9 * state->step_ms + 0.1 * ms : ms;
    if (!ok) {
        window_scene_failed(state, state->scratch);
        return;
    }
    if (state->fallback && ++state->probation >= PROBATION_TICKS) {
        app_scene_destroy(state->fallback);
        state->fallback = NULL;
    }
    if (state->drag == DRAG_PARTICLE)
        window_move_grab(state);
    state->tick++;
    window_script_frame(state); /* its picture is drawn when shown (window.c) */
    state->dirty = true;
}

/* Resident memory in KiB, for the reload test hook; -1 if unknown. */
long window_resident_kib(void) {
    FILE *file = fopen("/proc/self/statm", "r");
    long size, resident = -1;
    if (file) {
        if (fscanf(file, "%ld %ld", &size, &resident) != 2)
            resident = -1;
        fclose(file);
    }
    return resident < 0 ? -1 : resident * (sysconf(_SC_PAGESIZE) / 1024);
}

long window_threads(void) {
    FILE *file = fopen("/proc/self/status", "r");
    long threads = -1;
    char line[256];
    while (file && fgets(line, sizeof line, file))
        if (sscanf(line, "Threads: %ld", &threads) == 1)
            break;
    if (file)
        fclose(file);
    return threads;
}

/* Asked by the scene's guard a few times a second while a script call runs
 * (app/guard.h), from its hook, its checks in C work, or the watchdog's
 * nudges: the call stops when Esc was pressed, the window was closed, or
 * the scene's files changed (a save), so the window answers within a
 * fraction of a second whatever the scene does. The events stay queued for
 * the loop, which quits or reloads once the call has stopped. */
bool window_interrupt(void *context, char *why, size_t why_size) {
    window_state *state = context;
    SDL_PumpEvents();
    SDL_Event events[64];
    int count = SDL_PeepEvents(events, 64, SDL_PEEKEVENT, SDL_QUIT, SDL_KEYDOWN);
    for (int i = 0; i < count; i++) {
        if (events[i].type == SDL_QUIT ||
            (events[i].type == SDL_KEYDOWN && events[i].key.keysym.sym == SDLK_ESCAPE)) {
            snprintf(why, why_size, "stopped: the window is closing");
            return true;
        }
    }
    if (app_watch_poll(state->watch, app_seconds(), SETTLE_SECONDS, true)) {
        snprintf(why, why_size, "stopped: the scene's files changed (loom loads them again)");
        return true;
    }
    return false;
}

/* Looks at the files the system says changed (inotify) at every turn of
 * the loop, at all of them every POLL_SECONDS, and reloads the scene once a
 * change is ready (app/watch.h); LOOM_TEST_RELOADS' reloads, one per frame. */
void window_poll_files(window_state *state, double now) {
    bool all = now >= state->next_poll;
    if (all)
        state->next_poll = now + POLL_SECONDS;
    if (all || app_watch_pending(state->watch) || app_watch_waiting(state->watch)) {
        const char *changed = app_watch_poll(state->watch, now, SETTLE_SECONDS, all);
        struct stat info;
        double saved_at = changed && stat(changed, &info) == 0
                              ? (double)info.st_mtim.tv_sec + 1e-9 * (double)info.st_mtim.tv_nsec
                              : 0.0;
        if (changed && window_reload(state, false))
            state->saved_at = saved_at; /* window_present says how soon it was shown */
    }
    if (state->test_reloads > 0) {
        window_reload(state, true);
        if (--state->test_reloads == 0)
            fprintf(stderr,
                    "loom: test: %d reloads, resident %ld KiB -> %ld KiB, threads %ld -> %ld\n",
                    state->test_reloads_total, state->test_resident_before, window_resident_kib(),
                    state->test_threads_before, window_threads());
    }
}
