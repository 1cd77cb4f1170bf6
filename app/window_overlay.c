/*
 * window_overlay.c - what the window shows over the scene's picture: the
 * heads-up display, the sliders, the help and the error panel. The renderer
 * lays them out around the scene's title, labels and plots and draws them
 * (render/compose.h); this file says what they say.
 */
#include "window.h"

#include <math.h>
#include <stdio.h>

static const lr_ui_line help_lines[] = {
    {"Space", "pause / run (in the past: replay, then run on)"},
    {"N  Right", "one frame forward (pauses; at the present: one step)"},
    {"Left", "one frame back in the timeline (pauses)"},
    {"Shift Left/Right", "one second back / forward"},
    {"End", "back to the present"},
    {"drag the bar", "go to any moment of the timeline (bottom)"},
    {"R", "restart the scene from its file"},
    {"P  F12", "picture to screenshots/SCENE-001.png"},
    {"V", "record / stop: SCENE-rec-001.mp4 (or PNGs)"},
    {"-  =", "slower / faster, live or replay (x1/16 to x4)"},
    {"Ctrl = -", "larger / smaller text (Ctrl 0: as before)"},
    {"C", "show / hide constraints (sticks, pins)"},
    {"S", "show / hide springs"},
    {"B", "show / hide colliders"},
    {"F  F11", "full screen / back"},
    {"Home  0", "fit the camera to the scene"},
    {"Tab", "show / hide the numbers (HUD)"},
    {"H  F1  ?", "show / hide this help"},
    {"Esc", "quit"},
    {"click", "a probe on a particle: position, speed, energy"},
    {"Shift drag", "a ruler: metres and degrees"},
    {"[  ]", "stopwatch: mark a start and an end moment"},
    {"Backspace", "clear the rulers, the stopwatch and the probes"},
    {"drag", "pull the nearest particle"},
    {"", "(away from particles: pan, or orbit in 3D)"},
    {"right drag", "pan"},
    {"wheel", "zoom"},
    {"save", "the scene reloads when a file changes"},
};

enum { SCENE_KEYS = 24 };

typedef struct scene_keys {
    lr_ui_line lines[SCENE_KEYS];
    int count;
} scene_keys;

static void add_scene_key(void *context, const char *key, const char *text) {
    scene_keys *keys = context;
    if (keys->count < SCENE_KEYS)
        keys->lines[keys->count++] = (lr_ui_line){key, text};
}

void window_draw_overlays(window_state *state) {
    char time_line[128], cost_line[128], count_line[160], warning_text[160];
    const char *hud[4] = {time_line, cost_line, count_line, "H: help"};
    lr_ui ui = {.scale = state->options->scale * state->text_scale};
    if (state->hud) {
        const lm_world *world = state->scene ? app_scene_world(state->scene) : NULL;
        double t = window_timeline_time(state);
        char speed[32] = "";
        if (state->speed != 1.0)
            snprintf(speed, sizeof speed, "   speed x%g", state->speed);
        char back[48] = "";
        if (state->past)
            snprintf(back, sizeof back, "   REPLAY %.2f s back", lm_world_time(world) - t);
        snprintf(time_line, sizeof time_line, "t = %.3f s%s%s%s", t,
                 state->frozen   ? "   STOPPED"
                 : state->paused ? "   PAUSED"
                                 : "",
                 back, speed);
        /* While nothing runs the window redraws only now and then: no fps then. */
        if (state->paused || state->frozen || !state->scene)
            snprintf(cost_line, sizeof cost_line, "step %.2f ms", state->step_ms);
        else
            snprintf(cost_line, sizeof cost_line, "step %.2f ms   %.0f fps", state->step_ms,
                     state->fps);
        lm_world_stats stats = {0}; /* of every world the scene shows */
        for (int i = 0; state->scene && i < app_scene_world_count(state->scene); i++) {
            const lm_world *shown = app_scene_world_at(state->scene, i);
            lm_world_stats one = shown ? lm_world_get_stats(shown) : (lm_world_stats){0};
            stats.particles += one.particles;
            stats.constraints += one.constraints;
            stats.forces += one.forces;
        }
        snprintf(count_line, sizeof count_line, "%zu particle%s   %zu constraint%s   %zu force%s",
                 stats.particles, stats.particles == 1 ? "" : "s", stats.constraints,
                 stats.constraints == 1 ? "" : "s", stats.forces, stats.forces == 1 ? "" : "s");
        ui.hud = hud;
        ui.hud_count = 4;
        /* The warning stays while the scene runs (the particles it lost do not
         * come back); a notice for a moment. */
        const char *warning = state->scene ? app_scene_warning(state->scene) : NULL;
        if (warning) {
            snprintf(warning_text, sizeof warning_text, "warning: %s", warning);
            ui.warning = warning_text;
        }
        if (app_seconds() < state->notice_until)
            ui.notice = state->notice;
    }
    lr_ui_slider sliders[LR_UI_SLIDERS];
    ui.sliders = sliders;
    ui.slider_count = app_sliders_show(state->sliders, sliders);
    if (state->has_error) {
        ui.error = state->error;
        ui.error_hint = !state->scene ? "waiting for a fix: save the file to try again (Esc quits)"
                        : state->frozen
                            ? "the scene is stopped: save a fix to reload, or press R to restart"
                            : "the last good scene keeps running: save a fix to reload";
    }
    scene_keys keys = {.count = 0};
    if (state->help) {
        if (state->scene)
            app_scene_each_key(state->scene, add_scene_key, &keys);
        ui.help = help_lines;
        ui.help_count = (int)(sizeof help_lines / sizeof help_lines[0]);
        ui.scene_keys = keys.lines;
        ui.scene_key_count = keys.count;
    }
    window_marks bar = {.count = 0};
    window_timeline_draw_bar(state, &bar);
    ui.marks = bar.marks;
    ui.mark_count = bar.count;
    lr_ui_layout placed;
    lr_renderer_draw_ui(state->renderer, &ui, &placed);
    app_sliders_placed(state->sliders, &placed);
}
