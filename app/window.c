/*
 * window.c - `loom SCENE.lua`: the running scene in a window.
 *
 * The window shows the renderer's picture, blitted as is, so it is exactly
 * the frame `loom render` would write at that size. The simulation runs in
 * ticks of 1/fps seconds of simulated time (the same ticks as `loom render`),
 * as many per displayed frame as the wall clock asks for, up to MAX_TICKS:
 * a scene too heavy for real time slows down instead of freezing.
 *
 * The loop is split into handle_event / tick / present so that interaction
 * and hot reload can slot in as more events and a scene swap.
 */
#include "app.h"

#include <SDL.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_TICKS = 4 };

typedef struct window_state {
    const app_options *options;
    SDL_Window *window;
    lm_renderer *renderer;
    app_scene *scene;
    bool running;
    bool dirty; /* the picture needs drawing */
    int status; /* exit status once running is false */
    char error[APP_ERROR_SIZE];
} window_state;

static void handle_event(window_state *state, const SDL_Event *event) {
    switch (event->type) {
    case SDL_QUIT:
        state->running = false;
        break;
    case SDL_KEYDOWN:
        if (event->key.keysym.sym == SDLK_ESCAPE)
            state->running = false;
        break;
    case SDL_WINDOWEVENT:
        if (event->window.event == SDL_WINDOWEVENT_SIZE_CHANGED ||
            event->window.event == SDL_WINDOWEVENT_EXPOSED)
            state->dirty = true;
        break;
    default:
        break;
    }
}

static bool tick(window_state *state) {
    if (app_scene_advance(state->scene, 1.0 / state->options->fps, state->error,
                          sizeof state->error))
        return true;
    fprintf(stderr, "%s\n", state->error);
    state->status = APP_EXIT_FAILURE;
    state->running = false;
    return false;
}

static bool present(window_state *state) {
    SDL_Surface *screen = SDL_GetWindowSurface(state->window);
    if (!screen) {
        fprintf(stderr, "loom: cannot draw into the window: %s\n", SDL_GetError());
        return false;
    }
    if (!lm_renderer_resize(state->renderer, screen->w, screen->h)) {
        fprintf(stderr, "loom: cannot make a %dx%d picture\n", screen->w, screen->h);
        return false;
    }
    lm_camera camera = app_scene_camera(state->scene, (double)screen->w / screen->h);
    lm_renderer_draw(state->renderer, app_scene_world(state->scene), &camera);
    SDL_Surface *picture = lm_renderer_surface(state->renderer);
    if (SDL_BlitSurface(picture, NULL, screen, NULL) != 0 ||
        SDL_UpdateWindowSurface(state->window) != 0) {
        fprintf(stderr, "loom: cannot show the picture: %s\n", SDL_GetError());
        return false;
    }
    state->dirty = false;
    return true;
}

static void run(window_state *state) {
    double tick_seconds = 1.0 / state->options->fps;
    double behind = 0.0; /* wall-clock time not yet simulated */
    double last = app_seconds();
    while (state->running) {
        SDL_Event event;
        /* Sleep until the next tick is due, waking for events. */
        int wait_ms = (int)((tick_seconds - behind) * 1000.0);
        if (wait_ms > 0 && SDL_WaitEventTimeout(&event, wait_ms))
            handle_event(state, &event);
        while (SDL_PollEvent(&event))
            handle_event(state, &event);
        if (!state->running)
            break;

        double now = app_seconds();
        behind += now - last > 0.25 ? 0.25 : now - last;
        last = now;
        int ticks = 0;
        while (behind >= tick_seconds && ticks < MAX_TICKS) {
            if (!tick(state))
                return;
            behind -= tick_seconds;
            ticks++;
        }
        if (ticks == MAX_TICKS && behind >= tick_seconds)
            behind = 0.0; /* too slow for real time: drop the backlog */
        if ((ticks > 0 || state->dirty) && !present(state)) {
            state->status = APP_EXIT_FAILURE;
            return;
        }
    }
}

int app_window(const app_options *options) {
    window_state *state = calloc(1, sizeof *state);
    if (!state) {
        fprintf(stderr, "loom: out of memory\n");
        return APP_EXIT_FAILURE;
    }
    state->options = options;
    state->status = APP_EXIT_OK;

    state->scene =
        app_scene_load(options->scene, &options->limits, state->error, sizeof state->error);
    if (!state->scene) {
        fprintf(stderr, "%s\n", state->error);
        free(state);
        return APP_EXIT_FAILURE;
    }
    if (SDL_Init(SDL_INIT_VIDEO) != 0) {
        fprintf(stderr,
                "loom: cannot open a window: %s\n"
                "loom: without a display, write frames with: loom render %s --frames N --out "
                "DIR\n",
                SDL_GetError(), options->scene);
        app_scene_destroy(state->scene);
        free(state);
        return APP_EXIT_FAILURE;
    }

    const char *name = strrchr(options->scene, '/');
    char title[256];
    snprintf(title, sizeof title, "loom - %s", name ? name + 1 : options->scene);
    state->window = SDL_CreateWindow(title, SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED,
                                     options->width, options->height, SDL_WINDOW_RESIZABLE);
    char err[256];
    if (!state->window) {
        fprintf(stderr, "loom: cannot open a window: %s\n", SDL_GetError());
        state->status = APP_EXIT_FAILURE;
    } else if (!(state->renderer =
                     lm_renderer_create(options->width, options->height, err, sizeof err))) {
        fprintf(stderr, "loom: %s\n", err);
        state->status = APP_EXIT_FAILURE;
    } else {
        state->running = present(state);
        if (!state->running)
            state->status = APP_EXIT_FAILURE;
        run(state);
    }

    int status = state->status;
    lm_renderer_destroy(state->renderer);
    if (state->window)
        SDL_DestroyWindow(state->window);
    SDL_Quit();
    app_scene_destroy(state->scene);
    free(state);
    return status;
}
