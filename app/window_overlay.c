/*
 * window_overlay.c - what the window draws over the scene's picture: the
 * heads-up display, the help panel and the error panel.
 */
#include "window.h"

#include <math.h>
#include <stdio.h>

/* ------------------------------------------------------------- overlays -- */

typedef struct text_line {
    const char *key; /* drawn in the key colour before the text; may be NULL */
    const char *text;
} text_line;

/* A panel of lines at (x, y); width 0 fits the text. Returns its height. */
static int draw_panel(window_state *state, void *surface, int x, int y, int width,
                      const text_line *lines, int count, int key_width, uint32_t panel) {
    lr_font *font = state->font;
    int pad = (int)window_points(state, PADDING_POINTS);
    int line = lr_font_line_height(font);
    if (width == 0) {
        for (int i = 0; i < count; i++) {
            int w = key_width + lr_text_width(font, lines[i].text);
            if (lines[i].key && key_width == 0)
                w += lr_text_width(state->bold, lines[i].key);
            if (w > width)
                width = w;
        }
        width += 2 * pad;
    }
    int height = count * line + 2 * pad;
    lr_fill_rect(surface, x, y, width, height, panel);
    for (int i = 0; i < count; i++) {
        int ty = y + pad + i * line;
        if (lines[i].key)
            lr_text_draw(state->bold, surface, x + pad, ty, lines[i].key, KEY_COLOR);
        lr_text_draw(font, surface, x + pad + key_width, ty, lines[i].text,
                     lines[i].key ? TEXT_COLOR
                     : i == 0     ? TEXT_COLOR
                                  : DIM_TEXT_COLOR);
    }
    return height;
}

static void draw_hud(window_state *state, void *surface) {
    char time_line[128], cost_line[128], count_line[160];
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
    lm_world_stats stats = {0};
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
    text_line lines[] = {
        {NULL, time_line}, {NULL, cost_line}, {NULL, count_line}, {NULL, "H: help"}};
    const char *warning = state->scene ? app_scene_warning(state->scene) : NULL;
    char warning_text[160];
    /* The warning stays while the scene runs (the particles it lost do not
     * come back); both it and a notice are bold, in the key colour. */
    snprintf(warning_text, sizeof warning_text, "warning: %s", warning ? warning : "");
    text_line warning_line = {warning_text, ""}, notice = {state->notice, ""};
    bool noticed = app_seconds() < state->notice_until;

    /* The block's size, to place it in the corner that covers the least of
     * the scene's title, labels and plots. */
    int margin = (int)window_points(state, MARGIN_POINTS),
        pad = (int)window_points(state, PADDING_POINTS);
    int line = lr_font_line_height(state->font);
    int width = 0;
    for (int i = 0; i < 4; i++)
        if (lr_text_width(state->font, lines[i].text) > width)
            width = lr_text_width(state->font, lines[i].text);
    if (warning && lr_text_width(state->bold, warning_text) > width)
        width = lr_text_width(state->bold, warning_text);
    if (noticed && lr_text_width(state->bold, state->notice) > width)
        width = lr_text_width(state->bold, state->notice);
    width += 2 * pad;
    int height = 4 * line + 2 * pad + (warning ? line + 2 * pad + margin / 2 : 0) +
                 (noticed ? line + 2 * pad + margin / 2 : 0);
    int x, y;
    app_labels_free_corner(state->labels, lr_renderer_width(state->renderer),
                           lr_renderer_height(state->renderer), width, height, margin, &x, &y);
    /* Never under the sliders: above their panel, or else beside it. */
    int sx0, sy0, sx1, sy1;
    if (app_sliders_panel(state->sliders, &sx0, &sy0, &sx1, &sy1) && x < sx1 && x + width > sx0 &&
        y < sy1 && y + height > sy0) {
        if (sy0 - margin / 2 - height >= margin)
            y = sy0 - margin / 2 - height;
        else
            x = sx1 + margin / 2;
    }
    y += draw_panel(state, surface, x, y, 0, lines, 4, 0, PANEL_COLOR) + margin / 2;
    if (warning)
        y += draw_panel(state, surface, x, y, 0, &warning_line, 1, 0, PANEL_COLOR) + margin / 2;
    if (noticed)
        draw_panel(state, surface, x, y, 0, &notice, 1, 0, PANEL_COLOR);
}

static const text_line help_lines[] = {
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
    text_line lines[SCENE_KEYS];
    int count;
} scene_keys;

static void add_scene_key(void *context, const char *key, const char *text) {
    scene_keys *keys = context;
    if (keys->count < SCENE_KEYS)
        keys->lines[keys->count++] = (text_line){key, text};
}

/* loom's keys, then the scene's own (loom.keys{}), in the middle. */
static void draw_help(window_state *state, void *surface) {
    enum { COUNT = sizeof help_lines / sizeof help_lines[0] };
    scene_keys keys = {.count = 0};
    if (state->scene)
        app_scene_each_key(state->scene, add_scene_key, &keys);
    int key_width = lr_text_width(state->bold, "right drag") + (int)window_points(state, 20);
    int width = 0;
    for (int i = 0; i < COUNT + keys.count; i++) {
        const text_line *line = i < COUNT ? &help_lines[i] : &keys.lines[i - COUNT];
        int w = lr_text_width(state->font, line->text);
        if (i >= COUNT &&
            lr_text_width(state->bold, line->key) + (int)window_points(state, 20) > key_width)
            key_width = lr_text_width(state->bold, line->key) + (int)window_points(state, 20);
        if (w > width)
            width = w;
    }
    int pad = (int)window_points(state, PADDING_POINTS), line = lr_font_line_height(state->font);
    width += key_width + 2 * pad;
    int height = (COUNT + 2) * line + 2 * pad + (keys.count ? (keys.count + 2) * line : 0);
    int w = lr_renderer_width(state->renderer), h = lr_renderer_height(state->renderer);
    int x = (w - width) / 2, y = (h - height) / 2;
    if (y < 0)
        y = 0;
    lr_fill_rect(surface, x, y, width, height, HELP_PANEL);
    lr_text_draw(state->bold, surface, x + pad, y + pad, "loom - keys and mouse", TEXT_COLOR);
    draw_panel(state, surface, x, y + 2 * line, width, help_lines, COUNT, key_width, 0x00000000u);
    if (keys.count) {
        int top = y + (COUNT + 2) * line + pad;
        lr_text_draw(state->bold, surface, x + pad, top + pad, "this scene", TEXT_COLOR);
        draw_panel(state, surface, x, top + 2 * line, width, keys.lines, keys.count, key_width,
                   0x00000000u);
    }
}

enum { WRAP_BYTES = 512 };

/* Splits text at newlines and wraps it at max_chars characters (a tab counts
 * as four) into at most max_pieces lines; returns how many. */
static int wrap_text(const char *text, int max_chars, char pieces[][WRAP_BYTES], int max_pieces) {
    int count = 0;
    while (*text && count < max_pieces) {
        int used = 0, chars = 0;
        while (*text && *text != '\n' && used < WRAP_BYTES - 1) {
            unsigned char c = (unsigned char)*text;
            bool starts_character = (c & 0xC0) != 0x80;
            int width = c == '\t' ? 4 : 1;
            if (starts_character && chars + width > max_chars)
                break;
            if (starts_character)
                chars += width;
            pieces[count][used++] = *text++;
        }
        pieces[count++][used] = '\0';
        if (*text == '\n')
            text++;
    }
    return count;
}

/* The error, wrapped to the window's width and clipped to ERROR_LINES lines,
 * along the bottom of the window, with what to do about it below. */
static void draw_error(window_state *state, void *surface) {
    static char pieces[ERROR_LINES + 1][WRAP_BYTES];
    int h = lr_renderer_height(state->renderer), w = lr_renderer_width(state->renderer);
    int pad = (int)window_points(state, PADDING_POINTS);
    int char_width = lr_text_width(state->bold, "M");
    int max_chars = char_width > 0 ? (w - 2 * pad) / char_width : 80;
    if (max_chars < 10)
        max_chars = 10;
    int count = wrap_text(state->error, max_chars, pieces, ERROR_LINES);
    snprintf(pieces[count++], WRAP_BYTES, "%s",
             !state->scene   ? "waiting for a fix: save the file to try again (Esc quits)"
             : state->frozen ? "the scene is stopped: save a fix to reload, or press R to restart"
                             : "the last good scene keeps running: save a fix to reload");
    int line = lr_font_line_height(state->font);
    int height = count * line + 2 * pad;
    int y = h - height;
    lr_fill_rect(surface, 0, y, w, height, ERROR_PANEL);
    for (int i = 0; i < count; i++)
        lr_text_draw(i == 0 || i == count - 1 ? state->bold : state->font, surface, pad,
                     y + pad + i * line, pieces[i], i == count - 1 ? KEY_COLOR : TEXT_COLOR);
}

void window_draw_overlays(window_state *state) {
    if (!state->font || !state->bold)
        return;
    void *surface = lr_renderer_surface(state->renderer);
    lr_font_set_size(state->font, (int)lround(window_points(state, TEXT_POINTS)));
    lr_font_set_size(state->bold, (int)lround(window_points(state, TEXT_POINTS)));
    if (state->hud)
        draw_hud(state, surface);
    if (state->has_error)
        draw_error(state, surface);
    if (state->help)
        draw_help(state, surface);
}
