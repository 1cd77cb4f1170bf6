/*
 * window.c - `loom SCENE.lua`: the running scene in a window, with the mouse,
 * keys, a heads-up display and hot reload.
 *
 * The picture is the renderer's, the same frame `loom render` writes at that
 * size; the heads-up display, the help and any error are drawn over it
 * afterwards, into the same surface, just before it is shown (and a
 * screenshot saves what was shown).
 *
 * Time: the simulation runs in ticks of 1/fps seconds of simulated time (the
 * ticks of `loom render`), as many per displayed frame as the wall clock,
 * times the speed factor, asks for, at most MAX_TICKS and FRAME_BUDGET_SECONDS
 * of work: a scene too heavy for real time slows down instead of freezing.
 *
 * Hot reload and what happens when a scene fails: app/window_reload.c; the
 * other parts of the window: app/window.h.
 */
#include "window.h"
#include "frame_clock.h"
#include "watchdog.h"
#include "screenshot.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* ------------------------------------------------------------- helpers -- */

double window_points(const window_state *state, double value) {
    int height = lr_renderer_height(state->renderer);
    return value * (height < 504 ? 504 : height) / 720.0 * state->text_scale;
}

void window_set_error(window_state *state, const char *message) {
    snprintf(state->error, sizeof state->error, "%s", message);
    state->has_error = true;
    state->dirty = true;
}

void window_notify(window_state *state, const char *format, ...) {
    va_list args;
    va_start(args, format);
    vsnprintf(state->notice, sizeof state->notice, format, args);
    va_end(args);
    state->notice_until = app_seconds() + NOTICE_SECONDS;
    state->dirty = true;
}

void window_clear_error(window_state *state) {
    state->has_error = false;
    state->dirty = true;
}

const char *window_scene_name(const window_state *state) {
    const char *slash = strrchr(state->options->scene, '/');
    return slash ? slash + 1 : state->options->scene;
}

/* --------------------------------------------------------------- input -- */

bool window_input_key_down(void *context, int keycode) {
    (void)context;
    const Uint8 *keys = SDL_GetKeyboardState(NULL);
    return keys[SDL_GetScancodeFromKey(keycode)] != 0;
}

bool window_input_mouse(void *context, lm_vec3 *world) {
    const window_state *state = context;
    if (!state->mouse_inside || !state->view_valid)
        return false;
    *world = app_view_unproject(window_view_at(state, state->mouse_x), state->mouse_x,
                                state->mouse_y, state->camera.target);
    return true;
}
/* ---------------------------------------------------------- screenshot -- */

/* The scene's picture, before the window's panels are drawn on it. */
static void save_screenshot(window_state *state) {
    char path[4200], err[4400];
    if (app_screenshot_save(state->renderer, state->options->scene, path, sizeof path, err,
                            sizeof err)) {
        printf("loom: saved screenshot %s\n", path);
        window_notify(state, "saved %s", path);
    } else {
        fprintf(stderr, "loom: %s\n", err);
        window_notify(state, "no screenshot: see the terminal");
    }
    fflush(stdout);
}
/* ---------------------------------------------------------------- draw -- */

void window_script_frame(window_state *state) {
    state->scripted = true;
    state->fresh = false;
    if (!state->scene || state->frozen)
        return;
    if (!app_picture_script(state->picture, state->scene, state->scratch, sizeof state->scratch))
        window_scene_failed(state, state->scratch); /* its loom.draw failed */
}

void window_draw_scene(window_state *state) {
    int width = lr_renderer_width(state->renderer), height = lr_renderer_height(state->renderer);
    double aspect = (double)width / height;
    window_choose_camera(state, aspect);
    if (state->scene && !state->scripted)
        window_script_frame(state); /* the first picture since a (re)load or a key */
    if (state->scene) {
        app_picture_options look = {state->hidden, state->options->scale};
        if (!app_picture_draw(state->picture, state->scene, state->renderer, &state->camera, &look,
                              state->scratch, sizeof state->scratch) &&
            !state->frozen)
            window_scene_failed(state, state->scratch); /* out of time */
    } else {
        lr_renderer_draw(state->renderer, state->empty, NULL, NULL);
    }
}

/* Worlds side by side: how each is seen in its column, from where the
 * picture just composed put them (the timeline's pictures are the same
 * size: their columns are the same). */
static void take_parts(window_state *state, int height) {
    const lr_layout *layout = lr_renderer_layout(state->renderer);
    state->part_count = state->scene ? layout->part_count : 0;
    for (int i = 0; i < state->part_count; i++) {
        int left = (int)layout->parts[i].x, width = (int)layout->parts[i].width;
        state->part_views[i] = app_view_make_part(&state->camera, left, width, height);
        state->part_lefts[i] = left;
    }
}

/* A picture of the running scene was shown at now, drawn in draw seconds. */
static void count_frame(window_state *state, double now, double draw, double to_screen) {
    bool running = state->scene && !state->paused && !state->frozen;
    if (!running) {
        state->stat_last = 0.0;
        return;
    }
    if (state->stat_last > 0.0) {
        double frame = now - state->stat_last;
        state->stat_frames++;
        state->frame_sum += frame;
        state->frame_worst = frame > state->frame_worst ? frame : state->frame_worst;
        state->draw_sum += draw;
        state->draw_worst = draw > state->draw_worst ? draw : state->draw_worst;
        state->screen_sum += to_screen;
    } else if (state->stat_since == 0.0) {
        state->stat_since = now;
    }
    state->stat_last = now;
}

/* What the window says as it closes, so that its frame rate can be checked. */
static void print_frame_statistics(const window_state *state) {
    if (state->stat_frames == 0) {
        fprintf(stderr, "loom: window: no frames of the running scene\n");
        return;
    }
    double mean = state->frame_sum / state->stat_frames;
    fprintf(stderr,
            "loom: window: %ld frames at %dx%d, %.1f fps; frame time mean %.1f ms, worst %.1f "
            "ms; drawing mean %.1f ms, worst %.1f ms (of which copying to the screen %.1f ms)\n",
            state->stat_frames, lr_renderer_width(state->renderer),
            lr_renderer_height(state->renderer), 1.0 / mean, 1000.0 * mean,
            1000.0 * state->frame_worst, 1000.0 * state->draw_sum / state->stat_frames,
            1000.0 * state->draw_worst, 1000.0 * state->screen_sum / state->stat_frames);
}

bool window_present(window_state *state) {
    double began = app_seconds();
    SDL_Surface *screen = SDL_GetWindowSurface(state->window);
    if (!screen) {
        fprintf(stderr, "loom: cannot draw into the window: %s\n", SDL_GetError());
        return false;
    }
    if (!lr_renderer_resize(state->renderer, screen->w, screen->h)) {
        fprintf(stderr, "loom: cannot make a %dx%d picture\n", screen->w, screen->h);
        return false;
    }
    if (!state->full_screen_said &&
        (screen->w != state->full_screen_from_w || screen->h != state->full_screen_from_h)) {
        bool full = SDL_GetWindowFlags(state->window) & SDL_WINDOW_FULLSCREEN_DESKTOP;
        fprintf(stderr, "loom: %s (%dx%d)\n", full ? "full screen" : "full screen off", screen->w,
                screen->h);
        state->full_screen_said = true;
    }
    window_choose_camera(state, (double)screen->w / screen->h);
    if (state->scene)
        state->view = app_view_make(&state->camera, screen->w, screen->h);
    state->view_valid = state->scene != NULL;
    /* Looking back: the timeline's picture; else the running scene's,
     * drawn again only when what it shows changed since the last tick's. */
    if (!(state->past && window_timeline_show(state))) {
        bool same = state->fresh && state->scene && state->fresh_width == screen->w &&
                    state->fresh_height == screen->h && state->fresh_hidden == state->hidden &&
                    memcmp(&state->fresh_camera, &state->camera, sizeof state->camera) == 0;
        if (!same)
            window_timeline_record(state);
    }
    take_parts(state, screen->h);
    /* Probes, rulers and the stopwatch go into the picture P and V take. */
    window_marks marks = {.count = 0};
    window_probe_draw(state, &marks);
    window_measure_draw(state, &marks);
    if (marks.count > 0) {
        lr_ui ui = {.scale = state->options->scale * state->text_scale,
                    .marks = marks.marks,
                    .mark_count = marks.count};
        lr_renderer_draw_ui(state->renderer, &ui, NULL);
    }
    if (state->screenshot_asked) { /* the scene's picture, without the window's panels */
        state->screenshot_asked = false;
        save_screenshot(state);
        window_probe_print(state);
        window_measure_print(state);
    }
    char note[300];
    app_recorder_frame(state->recorder, state->renderer, state->record_clock, note, sizeof note);
    if (note[0]) {
        fprintf(stderr, "loom: %s\n", note);
        window_notify(state, "%s", note);
    }
    /* The window's panels go over the picture from here on: the next
     * picture is drawn again unless a tick draws it first. */
    state->fresh = false;
    window_draw_overlays(state);
    SDL_Surface *picture = lr_renderer_surface(state->renderer);
    /* The scene's calls pump events (app/guard.h: Esc, saves): a resize
     * meanwhile gave the window a new surface, and this picture is drawn
     * again at its size next time round. */
    screen = SDL_GetWindowSurface(state->window);
    if (screen && (screen->w != picture->w || screen->h != picture->h))
        return true;
    double copying = app_seconds();
    /* The picture is opaque: copied (and converted to the screen's format),
     * not blended over the window's surface pixel by pixel. */
    SDL_SetSurfaceBlendMode(picture, SDL_BLENDMODE_NONE);
    if (!screen || SDL_BlitSurface(picture, NULL, screen, NULL) != 0 ||
        SDL_UpdateWindowSurface(state->window) != 0) {
        fprintf(stderr, "loom: cannot show the picture: %s\n", SDL_GetError());
        return false;
    }
    state->dirty = false;
    if (state->saved_at > 0.0) {
        /* The save's time is the file's, on the real-time clock. */
        struct timespec real;
        clock_gettime(CLOCK_REALTIME, &real);
        double after = (double)real.tv_sec + 1e-9 * (double)real.tv_nsec - state->saved_at;
        fprintf(stderr, "loom: on screen %.0f ms after the save\n", 1000.0 * after);
        state->saved_at = 0.0;
    }

    double now = app_seconds();
    count_frame(state, now, now - began, now - copying);
    state->last_present = now;
    state->frames_counted++;
    if (now - state->fps_since >= 0.5) {
        state->fps = state->frames_counted / (now - state->fps_since);
        state->frames_counted = 0;
        state->fps_since = now;
    }
    return true;
}
/* ---------------------------------------------------------------- loop -- */

/* Waits up to ms milliseconds for an event, polling every 2 ms. Not
 * SDL_WaitEventTimeout: on X11, SDL 2.26 wakes its own wait with an event
 * sent to the window on a second connection, which the server may handle
 * after the window was destroyed when a key quits at once (Esc): a BadWindow
 * error that Xlib turns into exit(1) at SDL_Quit, about one quit in twenty
 * under Xvfb (found by the hostile-script battery). */
static bool wait_event(window_state *state, SDL_Event *event, int ms) {
    double until = app_seconds() + ms / 1000.0;
    for (;;) {
        if (SDL_PollEvent(event))
            return true;
        if (app_watch_pending(state->watch))
            return false; /* a file changed: look at once */
        double left = until - app_seconds();
        if (left <= 0.0)
            return false;
        SDL_Delay(left < 0.002 ? 1 : 2);
    }
}

static void run(window_state *state) {
    double tick_seconds = 1.0 / state->options->fps;
    app_frame_clock clock = app_frame_clock_make(tick_seconds, app_seconds());
    while (state->running) {
        SDL_Event event;
        /* Sleep until the next tick is due (or the next look at the files),
         * waking for events: less the time the last frame took since the
         * clock moved (app/frame_clock.h), so a frame that ran late is
         * followed by one that does not sleep. */
        double since = app_seconds() - clock.last, wait;
        if (state->past && !state->paused)
            wait = (1.0 - state->replay_owed) * tick_seconds / state->speed - since;
        else if (state->paused || !state->scene || state->frozen)
            wait = POLL_SECONDS;
        else
            wait = app_frame_clock_wait(&clock, clock.last + since, state->speed);
        if (wait > POLL_SECONDS)
            wait = POLL_SECONDS;
        if (wait > WATCH_SECONDS && app_watch_waiting(state->watch))
            wait = WATCH_SECONDS; /* a save is on its way: look again soon */
        int wait_ms = (int)lround(wait * 1000.0);
        if (state->test_reloads == 0 && !state->dirty && wait_ms > 0 &&
            wait_event(state, &event, wait_ms))
            window_handle_event(state, &event);
        while (state->running && SDL_PollEvent(&event))
            window_handle_event(state, &event);
        if (!state->running)
            break;

        double now = app_seconds();
        bool running = !state->paused && state->scene && !state->frozen;
        if (running)
            state->record_clock += now - clock.last; /* wall time, however slow the frame */
        double elapsed =
            app_frame_clock_advance(&clock, now, state->speed, running && !state->past);
        if (state->past && !state->paused) {
            window_timeline_play(state, elapsed); /* the recording, up to the present */
        } else if (running) {
            int ticks = 0;
            /* At most MAX_TICKS, and no more once the frame has used its
             * budget of wall-clock time, so the window answers even when a
             * tick is slow. */
            while (app_frame_clock_due(&clock) && ticks < MAX_TICKS && !state->frozen &&
                   (ticks == 0 || app_seconds() - now < FRAME_BUDGET_SECONDS)) {
                window_tick(state);
                app_frame_clock_tick(&clock);
                ticks++;
                /* A tick another one follows before the picture is shown:
                 * its picture is drawn and kept for the timeline only while
                 * the frame has time (a light scene keeps every tick even
                 * when the window woke late; a heavy one falling behind
                 * keeps the ticks it shows and draws no picture unseen). */
                if (app_frame_clock_due(&clock) &&
                    app_seconds() - now + state->keep_seconds < KEEP_BUDGET_SECONDS)
                    window_timeline_record(state);
            }
            if (app_frame_clock_due(&clock))
                app_frame_clock_forgive(&clock); /* too slow for real time: drop the backlog */
        }
        for (; state->steps_asked > 0; state->steps_asked--) {
            window_tick(state);
            if (state->steps_asked > 1) /* stepped through: every frame kept */
                window_timeline_record(state);
        }

        window_poll_files(state, now);
        /* The HUD's numbers change even while nothing moves. */
        if (state->hud && now - state->last_present > 0.5)
            state->dirty = true;
        if (state->dirty && !window_present(state)) {
            state->status = APP_EXIT_FAILURE;
            return;
        }
    }
}

static void load_fonts(window_state *state) {
    char err[256];
    state->fonts = lr_fonts_load(err, sizeof err);
    if (!state->fonts)
        fprintf(stderr, "loom: %s: the scene runs without text\n", err);
}

int app_window(const app_options *options) {
    window_state *state = calloc(1, sizeof *state);
    if (!state) {
        fprintf(stderr, "loom: out of memory\n");
        return APP_EXIT_FAILURE;
    }
    /* What the scene prints shows as it happens, even through a pipe (a
     * sandboxed scene has no io.stdout:setvbuf). */
    setvbuf(stdout, NULL, _IOLBF, 0);
    state->options = options;
    state->status = APP_EXIT_OK;
    state->speed = 1.0;
    state->text_scale = 1.0;
    state->hud = true;
    state->full_screen_said = true;
    state->input = (app_input){window_input_key_down, window_input_mouse, state};
    state->watch = app_watch_create();
    lm_world_def empty_def = lm_world_default_def();
    state->empty = lm_world_create(&empty_def);
    if (!state->watch || !state->empty) {
        fprintf(stderr, "loom: out of memory\n");
        app_watch_destroy(state->watch);
        lm_world_destroy(state->empty);
        free(state);
        return APP_EXIT_FAILURE;
    }
    state->watchdog = app_watchdog_start_nudging(); /* NULL: none (the hook alone) */
    state->setup = (app_scene_setup){.path = options->scene,
                                     .limits = options->limits,
                                     .watch = state->watch,
                                     .input = &state->input,
                                     .params = options->params,
                                     .watchdog = state->watchdog,
                                     .interrupt = window_interrupt,
                                     .interrupt_context = state};
    state->sliders = app_sliders_create(options->params);
    state->recorder = app_recorder_create(options->scene, options->fps);
    /* With a second processor the timeline compresses what the window
     * shows on a thread of its own, while the next tick is simulated. */
    state->timeline = app_timeline_create(options->limits.memory_bytes / 4, options->threads > 1);
    if (!state->sliders || !state->recorder || !state->timeline) {
        fprintf(stderr, "loom: out of memory\n");
        app_timeline_destroy(state->timeline);
        app_sliders_destroy(state->sliders);
        app_recorder_destroy(state->recorder);
        app_watchdog_stop(state->watchdog);
        app_watch_destroy(state->watch);
        lm_world_destroy(state->empty);
        free(state);
        return APP_EXIT_FAILURE;
    }
    state->setup.params = app_sliders_params(state->sliders);
    const char *reloads = getenv("LOOM_TEST_RELOADS");
    if (reloads && atoi(reloads) > 0)
        state->test_reloads_total = atoi(reloads);

    if (!app_open_display(options->scene)) {
        app_timeline_destroy(state->timeline);
        app_sliders_destroy(state->sliders);
        app_recorder_destroy(state->recorder);
        app_watchdog_stop(state->watchdog);
        app_watch_destroy(state->watch);
        lm_world_destroy(state->empty);
        free(state);
        return APP_EXIT_FAILURE;
    }
    /* The picture is drawn in software already: blit it with plain X11 (or the
     * platform's equivalent) rather than through OpenGL, which would also make
     * SDL recreate the window once it is open. Set once SDL is open (its
     * SDL_Quit between two tries clears the hints). */
    SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0");

    char title[256];
    const char *slash = strrchr(options->scene, '/');
    snprintf(title, sizeof title, "loom - %s", slash ? slash + 1 : options->scene);
    state->window = SDL_CreateWindow(title, SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED,
                                     options->width, options->height, SDL_WINDOW_RESIZABLE);
    char err[256];
    if (state->window)
        load_fonts(state);
    if (!state->window) {
        fprintf(stderr, "loom: cannot open a window: %s\n", SDL_GetError());
        state->status = APP_EXIT_FAILURE;
    } else if (!(state->renderer = lr_renderer_create(options->width, options->height, state->fonts,
                                                      err, sizeof err)) ||
               !(state->picture = app_picture_create())) {
        fprintf(stderr, "loom: %s\n", state->renderer ? "out of memory" : err);
        state->status = APP_EXIT_FAILURE;
    } else {
        /* Every processor (--threads) draws a part of each picture (the
         * same bytes as one drawing it all). */
        lr_renderer_set_threads(state->renderer, options->threads);
        /* A scene that fails to load shows its error and waits for a fix. */
        state->scene = app_scene_load_setup(&state->setup, state->scratch, sizeof state->scratch);
        window_timeline_start(state);
        if (state->scene)
            app_sliders_refresh(state->sliders, state->scene);
        /* A --set the scene cannot take is a usage error, as in loom render,
         * found once the script has run (the window has not been drawn yet). */
        if (state->scene && !app_params_check(options->params, state->scene, state->scratch,
                                              sizeof state->scratch)) {
            fprintf(stderr, "loom: %s\n", state->scratch);
            state->status = APP_EXIT_USAGE;
        } else if (!state->scene) {
            fprintf(stderr, "%s\nloom: waiting for a fix: save the file to try again\n",
                    state->scratch);
            window_set_error(state, state->scratch);
        }
        state->fps_since = app_seconds();
        state->running = state->status == APP_EXIT_OK && window_present(state);
        if (!state->running && state->status == APP_EXIT_OK)
            state->status = APP_EXIT_FAILURE;
        state->test_resident_before = window_resident_kib();
        state->test_threads_before = window_threads();
        state->test_reloads = state->test_reloads_total;
        run(state);
        if (state->renderer) {
            print_frame_statistics(state);
            window_timeline_report(state);
        }
    }

    int status = state->status;
    window_release_grab(state);
    window_probe_clear(state);
    app_timeline_destroy(state->timeline);
    app_recorder_destroy(state->recorder);
    app_sliders_destroy(state->sliders);
    app_picture_destroy(state->picture);
    lr_renderer_destroy(state->renderer);
    lr_fonts_destroy(state->fonts);
    if (state->window)
        SDL_DestroyWindow(state->window);
    SDL_Quit();
    app_scene_destroy(state->fallback);
    app_scene_destroy(state->scene);
    app_watchdog_stop(state->watchdog);
    app_watch_destroy(state->watch);
    lm_world_destroy(state->empty);
    free(state);
    return status;
}
