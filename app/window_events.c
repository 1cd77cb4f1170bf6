/*
 * window_events.c - keys and mouse: the script's callbacks first, then loom's
 * own keys, the sliders, grabbing, panning, orbiting and zooming.
 */
#include "window.h"

#include "keys.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

/* -------------------------------------------------------------- events -- */

/* F, F11: the window fills the screen (the desktop's size, no mode change)
 * or goes back to its own size. The picture follows at the next frame. */
void window_toggle_full_screen(window_state *state) {
    bool full = SDL_GetWindowFlags(state->window) & SDL_WINDOW_FULLSCREEN_DESKTOP;
    if (SDL_SetWindowFullscreen(state->window, full ? 0 : SDL_WINDOW_FULLSCREEN_DESKTOP) != 0) {
        fprintf(stderr, "loom: cannot %s full screen: %s\n", full ? "leave" : "go", SDL_GetError());
        window_notify(state, "no full screen: see the terminal");
        return;
    }
    /* The new size comes when the window manager gives it: window_present
     * says it then. */
    state->full_screen_said = false;
    state->full_screen_from_w = lr_renderer_width(state->renderer);
    state->full_screen_from_h = lr_renderer_height(state->renderer);
    window_notify(state, "%s", full ? "full screen off" : "full screen: F or F11 to leave");
}

/* Ctrl+= (or +) enlarges the window's text and panels, Ctrl+- shrinks
 * them, Ctrl+0 goes back to their size for the window's height. False for
 * another key (Ctrl+R is R). */
static bool text_size_key(window_state *state, SDL_Keycode sym) {
    double scale = state->text_scale;
    if (sym == SDLK_EQUALS || sym == SDLK_PLUS || sym == SDLK_KP_PLUS)
        scale *= TEXT_SCALE_STEP;
    else if (sym == SDLK_MINUS || sym == SDLK_KP_MINUS)
        scale /= TEXT_SCALE_STEP;
    else if (sym == SDLK_0 || sym == SDLK_KP_0)
        scale = 1.0;
    else
        return false;
    scale = scale < MIN_TEXT_SCALE   ? MIN_TEXT_SCALE
            : scale > MAX_TEXT_SCALE ? MAX_TEXT_SCALE
                                     : scale;
    state->text_scale = scale;
    window_notify(state, "text x%.2g", scale);
    state->dirty = true;
    return true;
}

/* loom's own keys, for a key the script did not take. */
static void builtin_key(window_state *state, const SDL_KeyboardEvent *key) {
    SDL_Keycode sym = key->keysym.sym;
    bool shift = key->keysym.mod & KMOD_SHIFT;
    if (key->repeat && sym != SDLK_n && sym != SDLK_RIGHT && sym != SDLK_LEFT)
        return;
    if ((key->keysym.mod & KMOD_CTRL) && text_size_key(state, sym))
        return;
    switch (sym) {
    case SDLK_ESCAPE:
        state->running = false;
        break;
    case SDLK_SPACE:
        state->paused = !state->paused;
        break;
    case SDLK_n:
    case SDLK_RIGHT: /* a frame (Shift: a second) forward; at the present the scene steps */
        window_timeline_step(state, shift && sym == SDLK_RIGHT ? lround(state->options->fps) : 1);
        break;
    case SDLK_LEFT: /* a frame (Shift: a second) back in the timeline */
        window_timeline_step(state, shift ? -lround(state->options->fps) : -1);
        break;
    case SDLK_END:
        window_timeline_live(state);
        break;
    case SDLK_LEFTBRACKET: /* the stopwatch's start and end: the moment shown */
        window_measure_mark(state, 0);
        break;
    case SDLK_RIGHTBRACKET:
        window_measure_mark(state, 1);
        break;
    case SDLK_BACKSPACE:
        window_measure_clear(state);
        break;
    case SDLK_r:
        window_reload(state, false);
        break;
    case SDLK_p:
    case SDLK_F12:
        state->screenshot_asked = true;
        break;
    case SDLK_v: {
        char note[300];
        app_recorder_toggle(state->recorder, lr_renderer_width(state->renderer),
                            lr_renderer_height(state->renderer), state->record_clock, note,
                            sizeof note);
        fprintf(stderr, "loom: %s\n", note);
        window_notify(state, "%s", note);
        break;
    }
    case SDLK_MINUS:
    case SDLK_KP_MINUS:
        state->speed = state->speed / 2.0 < MIN_SPEED ? MIN_SPEED : state->speed / 2.0;
        break;
    case SDLK_EQUALS:
    case SDLK_PLUS:
    case SDLK_KP_PLUS:
        state->speed = state->speed * 2.0 > MAX_SPEED ? MAX_SPEED : state->speed * 2.0;
        break;
    case SDLK_c:
        state->hidden ^= LR_HIDE_CONSTRAINTS;
        break;
    case SDLK_s:
        state->hidden ^= LR_HIDE_SPRINGS;
        break;
    case SDLK_b:
        state->hidden ^= LR_HIDE_COLLIDERS;
        break;
    case SDLK_f:
    case SDLK_F11:
        window_toggle_full_screen(state);
        break;
    case SDLK_HOME:
    case SDLK_0:
    case SDLK_KP_0:
        state->user_camera = false;
        if (state->scene)
            app_scene_refit_camera(state->scene);
        break;
    case SDLK_TAB:
        state->hud = !state->hud;
        break;
    case SDLK_h:
    case SDLK_F1:
        state->help = !state->help;
        break;
    case SDLK_SLASH:
        if (shift)
            state->help = !state->help;
        break;
    default:
        break;
    }
    state->dirty = true;
}

/* Passes a key to the script; true when the script took it. */
static bool script_key(window_state *state, const char *callback, SDL_Keycode sym) {
    char buffer[2];
    const char *name = app_key_name(sym, buffer);
    if (!name || !state->scene || state->frozen)
        return false;
    bool taken;
    if (!app_scene_key(state->scene, callback, name, &taken, state->scratch,
                       sizeof state->scratch)) {
        window_scene_failed(state, state->scratch);
        return true;
    }
    return taken;
}

/* LÖVE's button numbers: 1 left, 2 right, 3 middle. */
static int love_button(Uint8 button) {
    return button == SDL_BUTTON_LEFT     ? 1
           : button == SDL_BUTTON_RIGHT  ? 2
           : button == SDL_BUTTON_MIDDLE ? 3
                                         : button;
}

static bool script_mouse(window_state *state, const char *callback, Uint8 button) {
    if (!state->scene || state->frozen || !state->view_valid)
        return false;
    lm_vec3 world;
    window_input_mouse(state, &world);
    bool taken;
    if (!app_scene_mouse(state->scene, callback, world, love_button(button), &taken, state->scratch,
                         sizeof state->scratch)) {
        window_scene_failed(state, state->scratch);
        return true;
    }
    return taken;
}

/* The sliders' share of the mouse: true when the panel took the event. */
static bool slider_mouse(window_state *state, const SDL_Event *event) {
    app_slider_action action = APP_SLIDER_NOTHING;
    bool taken = false;
    if (event->type == SDL_MOUSEBUTTONDOWN && event->button.button == SDL_BUTTON_LEFT)
        taken = app_sliders_mouse(state->sliders, APP_SLIDER_PRESS, event->button.x,
                                  event->button.y, &action);
    else if (event->type == SDL_MOUSEBUTTONUP && event->button.button == SDL_BUTTON_LEFT)
        taken = app_sliders_mouse(state->sliders, APP_SLIDER_RELEASE, event->button.x,
                                  event->button.y, &action);
    else if (event->type == SDL_MOUSEMOTION && (event->motion.state & SDL_BUTTON_LMASK))
        taken = app_sliders_mouse(state->sliders, APP_SLIDER_MOVE, event->motion.x, event->motion.y,
                                  &action);
    if (taken)
        state->dirty = true;
    if (action == APP_SLIDER_RELOAD)
        window_reload(state, false); /* the camera and loom.keep are kept */
    else if (action == APP_SLIDER_LIVE && state->scene && !state->frozen &&
             !app_sliders_apply_live(state->sliders, state->scene))
        fprintf(stderr, "loom: the scene did not take the slider's value\n");
    return taken;
}

void window_handle_event(window_state *state, const SDL_Event *event) {
    bool mouse = event->type == SDL_MOUSEBUTTONDOWN || event->type == SDL_MOUSEBUTTONUP ||
                 event->type == SDL_MOUSEMOTION;
    /* Shift in the order of the events: SDL_GetModState says how the keys
     * are after every queued event, so a quick Shift+click would lose it. */
    if (event->type == SDL_KEYDOWN || event->type == SDL_KEYUP) {
        SDL_Keycode sym = event->key.keysym.sym;
        if (sym == SDLK_LSHIFT || sym == SDLK_RSHIFT)
            state->shift_down = event->type == SDL_KEYDOWN;
        else
            state->shift_down = event->key.keysym.mod & KMOD_SHIFT;
    }
    if (mouse && state->drag == DRAG_NONE &&
        (window_measure_mouse(state, event) || slider_mouse(state, event) ||
         window_timeline_mouse(state, event))) {
        state->dirty = true;
        return;
    }
    /* A script's key or click callback may change the scene between ticks:
     * the picture is drawn again. */
    if (event->type == SDL_KEYDOWN || event->type == SDL_KEYUP ||
        event->type == SDL_MOUSEBUTTONDOWN || event->type == SDL_MOUSEBUTTONUP) {
        state->fresh = false;
        state->scripted = false; /* loom.draw runs again for it */
    }
    switch (event->type) {
    case SDL_QUIT:
        state->running = false;
        break;
    case SDL_KEYDOWN:
        /* Esc is loom's alone: it quits whatever the scene does. */
        if (event->key.keysym.sym == SDLK_ESCAPE)
            state->running = false;
        else if (!(event->key.repeat == 0 &&
                   script_key(state, "keypressed", event->key.keysym.sym)))
            builtin_key(state, &event->key);
        break;
    case SDL_KEYUP:
        script_key(state, "keyreleased", event->key.keysym.sym);
        break;
    case SDL_MOUSEBUTTONDOWN:
        state->mouse_x = event->button.x;
        state->mouse_y = event->button.y;
        state->mouse_inside = true;
        if (script_mouse(state, "mousepressed", event->button.button) || state->drag != DRAG_NONE)
            break;
        state->drag_x = event->button.x;
        state->drag_y = event->button.y;
        if (event->button.button == SDL_BUTTON_LEFT) {
            /* On a particle: a click pins a probe, a drag pulls it (not in
             * the past, a picture: nothing to pull there). */
            lm_particle near;
            state->press_x = event->button.x;
            state->press_y = event->button.y;
            if (state->past ||
                window_grab_find(state, event->button.x, event->button.y, &near, NULL))
                state->drag = DRAG_PENDING;
            else
                state->drag = state->view.perspective ? DRAG_ORBIT : DRAG_PAN;
        } else if (event->button.button == SDL_BUTTON_RIGHT ||
                   event->button.button == SDL_BUTTON_MIDDLE) {
            state->drag = DRAG_PAN;
        }
        state->dirty = true;
        break;
    case SDL_MOUSEBUTTONUP:
        state->mouse_x = event->button.x;
        state->mouse_y = event->button.y;
        script_mouse(state, "mousereleased", event->button.button);
        if (state->drag == DRAG_PENDING && event->button.button == SDL_BUTTON_LEFT)
            window_probe_click(state, state->press_x, state->press_y);
        window_release_grab(state);
        state->dirty = true;
        break;
    case SDL_MOUSEMOTION: {
        state->mouse_x = event->motion.x;
        state->mouse_y = event->motion.y;
        state->mouse_inside = true;
        int dx = event->motion.x - state->drag_x, dy = event->motion.y - state->drag_y;
        state->drag_x = event->motion.x;
        state->drag_y = event->motion.y;
        if (state->drag == DRAG_PENDING &&
            abs(event->motion.x - state->press_x) + abs(event->motion.y - state->press_y) > 4) {
            state->drag = DRAG_NONE;
            if (!state->past && window_grab(state, state->press_x, state->press_y))
                window_move_grab(state);
        } else if (state->drag == DRAG_PARTICLE) {
            window_move_grab(state);
        }
        if (state->drag == DRAG_PAN)
            window_pan(state, dx, dy);
        else if (state->drag == DRAG_ORBIT)
            window_orbit(state, dx, dy);
        break;
    }
    case SDL_MOUSEWHEEL:
        window_zoom(state, event->wheel.y);
        break;
    case SDL_WINDOWEVENT:
        if (event->window.event == SDL_WINDOWEVENT_LEAVE)
            state->mouse_inside = false;
        else if (event->window.event == SDL_WINDOWEVENT_ENTER)
            state->mouse_inside = true;
        state->dirty = true;
        break;
    default:
        break;
    }
}
