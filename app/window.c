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
 * Hot reload: the files the scene read are polled a few times a second; a
 * change that has settled loads the scene again in a new Lua state. If that
 * fails, the old scene keeps running and the error is shown. If it loads but
 * fails within its first PROBATION_TICKS ticks (in loom.update, a force, or a
 * callback), the old scene comes back. Only then is the old one destroyed,
 * world, Lua state, callbacks and all.
 */
#include "app.h"
#include "recorder.h"
#include "sliders.h"
#include "keys.h"
#include "labels.h"
#include "screenshot.h"
#include "view.h"
#include "watch.h"

#include "../render/text.h"

#include <SDL.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum {
    MAX_TICKS = 8,        /* per displayed frame */
    PROBATION_TICKS = 30, /* a reloaded scene's ticks before the old one is dropped */
    GRAB_POINTS = 40,     /* how near (in points) a click must be to grab a particle */
    ERROR_LINES = 14,     /* lines of an error shown on screen */
};

#define POLL_SECONDS         0.1  /* between two looks at the files */
#define SETTLE_SECONDS       0.12 /* a changed file must keep its new state this long */
#define MIN_SPEED            (1.0 / 16.0)
#define MAX_SPEED            4.0
#define ORBIT_DEGREES        0.4 /* per pixel dragged */
#define NOTICE_SECONDS       2.0
#define FRAME_BUDGET_SECONDS 0.05 /* wall-clock time for ticks in one frame */

/* Overlay colours, 0xRRGGBBAA, and sizes in points (pixels of a 720-line window). */
#define PANEL_COLOR    0x202327D8u
#define TEXT_COLOR     0xF4F4F0FFu
#define DIM_TEXT_COLOR 0xB8BCC4FFu
#define KEY_COLOR      0xFFD166FFu
#define HELP_PANEL     0x202327F2u
#define ERROR_PANEL    0x7A1712E8u
#define TEXT_POINTS    20.0
#define TITLE_POINTS   24.0
#define MARGIN_POINTS  12.0
#define PADDING_POINTS 10.0

typedef enum drag_mode { DRAG_NONE, DRAG_PARTICLE, DRAG_PAN, DRAG_ORBIT } drag_mode;

typedef struct window_state {
    const app_options *options;
    SDL_Window *window;
    lr_renderer *renderer;
    lm_font *font, *bold;   /* NULL without a font: no text, everything else works */
    lm_world *empty;        /* drawn while there is no scene */
    app_labels *labels;     /* the script's labels, drawn as `loom render` draws them */
    app_sliders *sliders;   /* the parameters' sliders (app/sliders.h) */
    app_recorder *recorder; /* V: recording the window (app/recorder.h) */

    /* The scene and hot reload. */
    app_watch *watch;
    app_scene_setup setup;
    app_input input;
    app_scene *scene;    /* NULL while the first load fails */
    app_scene *fallback; /* the last good scene, while `scene` is on probation */
    int probation;
    bool frozen; /* the scene failed and nothing older was there to go back to */
    bool has_error;
    char error[APP_ERROR_SIZE];
    char scratch[APP_ERROR_SIZE];
    double next_poll;
    int test_reloads; /* LOOM_TEST_RELOADS: reloads still to do, one per frame */
    int test_reloads_total;
    long test_resident_before;

    /* Time. */
    bool paused;
    double speed;
    int steps_asked; /* single steps asked for while paused */
    double step_ms;  /* recent cost of one tick, in wall-clock ms */

    /* Camera: the scene's (fitted, then loom.camera{}) until the user moves it. */
    bool user_camera;
    lr_camera camera;
    bool have_request;
    lr_camera request; /* the script's loom.camera{} seen last */
    app_view view;
    bool view_valid;

    /* Mouse. */
    int mouse_x, mouse_y;
    bool mouse_inside;
    drag_mode drag;
    int drag_x, drag_y;
    lm_constraint grab_pin;
    lm_particle grabbed;
    lm_vec3 grab_point; /* the plane the grabbed particle moves in */

    /* Display. */
    unsigned hidden; /* LR_HIDE_* */
    bool hud, help;
    bool screenshot_asked;
    char notice[160]; /* "reloaded ...", "saved ...": shown under the HUD for a moment */
    double notice_until;
    double fps;
    int frames_counted;
    double fps_since;
    double last_present;

    bool running;
    bool dirty;
    int status;
} window_state;

/* ------------------------------------------------------------- helpers -- */

static double points(const window_state *state, double value) {
    int height = lr_renderer_height(state->renderer);
    return value * (height < 504 ? 504 : height) / 720.0;
}

static void set_error(window_state *state, const char *message) {
    snprintf(state->error, sizeof state->error, "%s", message);
    state->has_error = true;
    state->dirty = true;
}

__attribute__((format(printf, 2, 3))) static void notify(window_state *state, const char *format,
                                                         ...) {
    va_list args;
    va_start(args, format);
    vsnprintf(state->notice, sizeof state->notice, format, args);
    va_end(args);
    state->notice_until = app_seconds() + NOTICE_SECONDS;
    state->dirty = true;
}

static void clear_error(window_state *state) {
    state->has_error = false;
    state->dirty = true;
}

static const char *scene_name(const window_state *state) {
    const char *slash = strrchr(state->options->scene, '/');
    return slash ? slash + 1 : state->options->scene;
}

/* Resident memory in KiB, for the reload test hook; -1 if unknown. */
static long resident_kib(void) {
    FILE *file = fopen("/proc/self/statm", "r");
    long size, resident = -1;
    if (file) {
        if (fscanf(file, "%ld %ld", &size, &resident) != 2)
            resident = -1;
        fclose(file);
    }
    return resident < 0 ? -1 : resident * (sysconf(_SC_PAGESIZE) / 1024);
}

/* --------------------------------------------------------------- input -- */

static bool input_key_down(void *context, int keycode) {
    (void)context;
    const Uint8 *keys = SDL_GetKeyboardState(NULL);
    return keys[SDL_GetScancodeFromKey(keycode)] != 0;
}

static bool input_mouse(void *context, lm_vec3 *world) {
    const window_state *state = context;
    if (!state->mouse_inside || !state->view_valid)
        return false;
    *world = app_view_unproject(&state->view, state->mouse_x, state->mouse_y, state->camera.target);
    return true;
}

/* --------------------------------------------------------------- grab -- */

static void release_grab(window_state *state) {
    if (state->drag == DRAG_PARTICLE && state->scene) {
        lm_world *world = app_scene_world_mutable(state->scene);
        if (world && lm_constraint_is_valid(world, state->grab_pin))
            lm_constraint_destroy(world, state->grab_pin);
    }
    state->drag = DRAG_NONE;
}

/* Grabs the movable particle nearest to the pixel, if one is near enough. */
static bool grab(window_state *state, int x, int y) {
    if (!state->scene || state->frozen || !state->view_valid)
        return false;
    lm_world *world = app_scene_world_mutable(state->scene);
    if (!world)
        return false;
    double best = points(state, GRAB_POINTS);
    lm_particle chosen = {0, 0};
    uint32_t slots = lm_world_particle_slots(world);
    for (uint32_t slot = 0; slot < slots; slot++) {
        lm_particle particle = lm_world_particle_in_slot(world, slot);
        if (particle.index1 == 0 || !(lm_particle_mass(world, particle) > 0.0))
            continue;
        double px, py, depth;
        if (!app_view_project(&state->view, lm_particle_position(world, particle), &px, &py,
                              &depth))
            continue;
        double scale = state->view.perspective ? state->view.focal / depth : state->view.focal;
        double distance = hypot(px - x, py - y) - lm_particle_radius(world, particle) * scale;
        if (distance < best) {
            best = distance;
            chosen = particle;
        }
    }
    if (chosen.index1 == 0)
        return false;
    state->grab_point = lm_particle_position(world, chosen);
    state->grab_pin = lm_pin_create(world, chosen, state->grab_point);
    state->grabbed = chosen;
    state->drag = DRAG_PARTICLE;
    return true;
}

static void move_grab(window_state *state) {
    lm_world *world = state->scene ? app_scene_world_mutable(state->scene) : NULL;
    if (!world || !lm_constraint_is_valid(world, state->grab_pin)) {
        state->drag = DRAG_NONE;
        return;
    }
    lm_vec3 target =
        app_view_unproject(&state->view, state->mouse_x, state->mouse_y, state->grab_point);
    lm_pin_set_target(world, state->grab_pin, target);
    if (state->paused && lm_particle_is_valid(world, state->grabbed))
        lm_particle_set_position(world, state->grabbed, target);
    state->dirty = true;
}

/* -------------------------------------------------------------- camera -- */

static bool same_number(double a, double b) {
    return a == b || (isnan(a) && isnan(b));
}

static bool same_camera(const lr_camera *a, const lr_camera *b) {
    return a->projection == b->projection && same_number(a->target.x, b->target.x) &&
           same_number(a->target.y, b->target.y) && same_number(a->target.z, b->target.z) &&
           same_number(a->yaw, b->yaw) && same_number(a->pitch, b->pitch) &&
           same_number(a->height, b->height) && same_number(a->fov, b->fov);
}

/* The camera for this frame: the user's once they moved it, unless the script
 * asked for a different view since; else the scene's. */
static void choose_camera(window_state *state, double aspect) {
    if (!state->scene)
        return;
    lr_camera scene_camera = app_scene_camera(state->scene, aspect);
    lr_camera request = app_scene_camera_request(state->scene);
    if (state->have_request && !same_camera(&request, &state->request))
        state->user_camera = false;
    state->request = request;
    state->have_request = true;
    if (!state->user_camera)
        state->camera = scene_camera;
    if (state->camera.projection == LR_PROJECTION_AUTO)
        state->camera.projection = lr_camera_fit(app_scene_world(state->scene), aspect).projection;
}

static void take_camera(window_state *state) {
    state->user_camera = true;
    state->dirty = true;
}

static void pan(window_state *state, int dx, int dy) {
    double metres = state->view.metres_per_pixel;
    lm_vec3 *t = &state->camera.target;
    t->x += (-dx * state->view.right.x + dy * state->view.up.x) * metres;
    t->y += (-dx * state->view.right.y + dy * state->view.up.y) * metres;
    t->z += (-dx * state->view.right.z + dy * state->view.up.z) * metres;
    take_camera(state);
}

static void orbit(window_state *state, int dx, int dy) {
    state->camera.yaw -= dx * ORBIT_DEGREES;
    state->camera.pitch += dy * ORBIT_DEGREES;
    if (state->camera.pitch > 89.0)
        state->camera.pitch = 89.0;
    if (state->camera.pitch < -89.0)
        state->camera.pitch = -89.0;
    take_camera(state);
}

/* Wheel: orthographic zooms about the point under the mouse, perspective
 * moves the eye nearer the target. */
static void zoom(window_state *state, double clicks) {
    if (!state->view_valid)
        return;
    double factor = pow(0.85, clicks);
    if (!state->view.perspective && state->mouse_inside) {
        lm_vec3 under =
            app_view_unproject(&state->view, state->mouse_x, state->mouse_y, state->camera.target);
        lm_vec3 *t = &state->camera.target;
        t->x = under.x + (t->x - under.x) * factor;
        t->y = under.y + (t->y - under.y) * factor;
        t->z = under.z + (t->z - under.z) * factor;
    }
    state->camera.height *= factor;
    take_camera(state);
}

/* ------------------------------------------------------- scene changes -- */

/* The running scene failed: back to the last good one if there is one, else
 * stop it where it is. Either way the error stays on screen until a reload
 * succeeds. */
static void scene_failed(window_state *state, const char *message) {
    fprintf(stderr, "%s\n", message);
    release_grab(state);
    if (state->fallback) {
        app_scene_destroy(state->scene);
        state->scene = state->fallback;
        state->fallback = NULL;
        fprintf(stderr, "loom: back to the last good scene\n");
    } else {
        state->frozen = true;
    }
    set_error(state, message);
}

/* Loads the scene file again. Returns whether it loaded. */
static bool reload(window_state *state, bool quiet) {
    release_grab(state);
    app_watch_clear(state->watch);
    state->setup.keep_from = state->scene;
    app_scene *fresh = app_scene_load_setup(&state->setup, state->scratch, sizeof state->scratch);
    state->setup.keep_from = NULL;
    if (!fresh) {
        fprintf(stderr, "%s\n", state->scratch);
        if (state->scene)
            fprintf(stderr, "loom: the last good scene keeps running; fix the file and save\n");
        set_error(state, state->scratch);
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
    app_sliders_refresh(state->sliders, fresh);
    state->frozen = false;
    state->probation = 0;
    if (!quiet) {
        fprintf(stderr, "loom: reloaded %s\n", state->options->scene);
        notify(state, "reloaded %s", scene_name(state));
    }
    clear_error(state);
    return true;
}

/* One tick of 1/fps seconds of simulated time. */
static void tick(window_state *state) {
    if (!state->scene || state->frozen)
        return;
    double start = app_seconds();
    bool ok = app_scene_advance(state->scene, 1.0 / state->options->fps, state->scratch,
                                sizeof state->scratch);
    double ms = 1000.0 * (app_seconds() - start);
    state->step_ms = state->step_ms > 0.0 ? 0.9 * state->step_ms + 0.1 * ms : ms;
    if (!ok) {
        scene_failed(state, state->scratch);
        return;
    }
    if (state->fallback && ++state->probation >= PROBATION_TICKS) {
        app_scene_destroy(state->fallback);
        state->fallback = NULL;
    }
    if (state->drag == DRAG_PARTICLE)
        move_grab(state);
    state->dirty = true;
}

/* ---------------------------------------------------------- screenshot -- */

/* The scene's picture, before the window's panels are drawn on it. */
static void save_screenshot(window_state *state) {
    char path[4200], err[4400];
    if (app_screenshot_save(state->renderer, state->options->scene, path, sizeof path, err,
                            sizeof err)) {
        printf("loom: saved screenshot %s\n", path);
        notify(state, "saved %s", path);
    } else {
        fprintf(stderr, "loom: %s\n", err);
        notify(state, "no screenshot: see the terminal");
    }
    fflush(stdout);
}

/* ------------------------------------------------------------- overlays -- */

typedef struct text_line {
    const char *key; /* drawn in the key colour before the text; may be NULL */
    const char *text;
} text_line;

/* A panel of lines at (x, y); width 0 fits the text. Returns its height. */
static int draw_panel(window_state *state, void *surface, int x, int y, int width,
                      const text_line *lines, int count, int key_width, uint32_t panel) {
    lm_font *font = state->font;
    int pad = (int)points(state, PADDING_POINTS);
    int line = lm_font_line_height(font);
    if (width == 0) {
        for (int i = 0; i < count; i++) {
            int w = key_width + lm_text_width(font, lines[i].text);
            if (lines[i].key && key_width == 0)
                w += lm_text_width(state->bold, lines[i].key);
            if (w > width)
                width = w;
        }
        width += 2 * pad;
    }
    int height = count * line + 2 * pad;
    lm_fill_rect(surface, x, y, width, height, panel);
    for (int i = 0; i < count; i++) {
        int ty = y + pad + i * line;
        if (lines[i].key)
            lm_text_draw(state->bold, surface, x + pad, ty, lines[i].key, KEY_COLOR);
        lm_text_draw(font, surface, x + pad + key_width, ty, lines[i].text,
                     lines[i].key ? TEXT_COLOR
                     : i == 0     ? TEXT_COLOR
                                  : DIM_TEXT_COLOR);
    }
    return height;
}

static void draw_hud(window_state *state, void *surface) {
    char time_line[128], cost_line[128], count_line[160];
    const lm_world *world = state->scene ? app_scene_world(state->scene) : NULL;
    double t = world ? lm_world_time(world) : 0.0;
    char speed[32] = "";
    if (state->speed != 1.0)
        snprintf(speed, sizeof speed, "   speed x%g", state->speed);
    snprintf(time_line, sizeof time_line, "t = %.2f s%s%s", t,
             state->frozen   ? "   STOPPED"
             : state->paused ? "   PAUSED"
                             : "",
             speed);
    /* While nothing runs the window redraws only now and then: no fps then. */
    if (state->paused || state->frozen || !state->scene)
        snprintf(cost_line, sizeof cost_line, "step %.2f ms", state->step_ms);
    else
        snprintf(cost_line, sizeof cost_line, "step %.2f ms   %.0f fps", state->step_ms,
                 state->fps);
    lm_world_stats stats = {0};
    if (world)
        stats = lm_world_get_stats(world);
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
    int margin = (int)points(state, MARGIN_POINTS), pad = (int)points(state, PADDING_POINTS);
    int line = lm_font_line_height(state->font);
    int width = 0;
    for (int i = 0; i < 4; i++)
        if (lm_text_width(state->font, lines[i].text) > width)
            width = lm_text_width(state->font, lines[i].text);
    if (warning && lm_text_width(state->bold, warning_text) > width)
        width = lm_text_width(state->bold, warning_text);
    if (noticed && lm_text_width(state->bold, state->notice) > width)
        width = lm_text_width(state->bold, state->notice);
    width += 2 * pad;
    int height = 4 * line + 2 * pad + (warning ? line + 2 * pad + margin / 2 : 0) +
                 (noticed ? line + 2 * pad + margin / 2 : 0);
    int x, y;
    app_labels_free_corner(state->labels, lr_renderer_width(state->renderer),
                           lr_renderer_height(state->renderer), width, height, margin, &x, &y);
    y += draw_panel(state, surface, x, y, 0, lines, 4, 0, PANEL_COLOR) + margin / 2;
    if (warning)
        y += draw_panel(state, surface, x, y, 0, &warning_line, 1, 0, PANEL_COLOR) + margin / 2;
    if (noticed)
        draw_panel(state, surface, x, y, 0, &notice, 1, 0, PANEL_COLOR);
}

static const text_line help_lines[] = {
    {"Space", "pause / run"},
    {"N  Right", "one step (pauses)"},
    {"R", "restart the scene from its file"},
    {"P  F12", "picture to screenshots/SCENE-001.png"},
    {"V", "record / stop: SCENE-rec-001.mp4 (or PNGs)"},
    {"-  =", "slower / faster (x1/16 to x4)"},
    {"C", "show / hide constraints (sticks, pins)"},
    {"S", "show / hide springs"},
    {"B", "show / hide colliders"},
    {"F", "fit the camera to the scene"},
    {"Tab", "show / hide the numbers (HUD)"},
    {"H  F1  ?", "show / hide this help"},
    {"Esc", "quit"},
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
    int key_width = lm_text_width(state->bold, "right drag") + (int)points(state, 20);
    int width = 0;
    for (int i = 0; i < COUNT + keys.count; i++) {
        const text_line *line = i < COUNT ? &help_lines[i] : &keys.lines[i - COUNT];
        int w = lm_text_width(state->font, line->text);
        if (i >= COUNT &&
            lm_text_width(state->bold, line->key) + (int)points(state, 20) > key_width)
            key_width = lm_text_width(state->bold, line->key) + (int)points(state, 20);
        if (w > width)
            width = w;
    }
    int pad = (int)points(state, PADDING_POINTS), line = lm_font_line_height(state->font);
    width += key_width + 2 * pad;
    int height = (COUNT + 2) * line + 2 * pad + (keys.count ? (keys.count + 2) * line : 0);
    int w = lr_renderer_width(state->renderer), h = lr_renderer_height(state->renderer);
    int x = (w - width) / 2, y = (h - height) / 2;
    if (y < 0)
        y = 0;
    lm_fill_rect(surface, x, y, width, height, HELP_PANEL);
    lm_text_draw(state->bold, surface, x + pad, y + pad, "loom - keys and mouse", TEXT_COLOR);
    draw_panel(state, surface, x, y + 2 * line, width, help_lines, COUNT, key_width, 0x00000000u);
    if (keys.count) {
        int top = y + (COUNT + 2) * line + pad;
        lm_text_draw(state->bold, surface, x + pad, top + pad, "this scene", TEXT_COLOR);
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
    int pad = (int)points(state, PADDING_POINTS);
    int char_width = lm_text_width(state->bold, "M");
    int max_chars = char_width > 0 ? (w - 2 * pad) / char_width : 80;
    if (max_chars < 10)
        max_chars = 10;
    int count = wrap_text(state->error, max_chars, pieces, ERROR_LINES);
    snprintf(pieces[count++], WRAP_BYTES, "%s",
             !state->scene   ? "waiting for a fix: save the file to try again (Esc quits)"
             : state->frozen ? "the scene is stopped: save a fix to reload, or press R to restart"
                             : "the last good scene keeps running: save a fix to reload");
    int line = lm_font_line_height(state->font);
    int height = count * line + 2 * pad;
    int y = h - height;
    lm_fill_rect(surface, 0, y, w, height, ERROR_PANEL);
    for (int i = 0; i < count; i++)
        lm_text_draw(i == 0 || i == count - 1 ? state->bold : state->font, surface, pad,
                     y + pad + i * line, pieces[i], i == count - 1 ? KEY_COLOR : TEXT_COLOR);
}

static void draw_overlays(window_state *state) {
    if (!state->font || !state->bold)
        return;
    void *surface = lr_renderer_surface(state->renderer);
    lm_font_set_size(state->font, (int)lround(points(state, TEXT_POINTS)));
    lm_font_set_size(state->bold, (int)lround(points(state, TEXT_POINTS)));
    if (state->hud)
        draw_hud(state, surface);
    if (state->has_error)
        draw_error(state, surface);
    if (state->help)
        draw_help(state, surface);
}

/* ---------------------------------------------------------------- draw -- */

static bool present(window_state *state) {
    SDL_Surface *screen = SDL_GetWindowSurface(state->window);
    if (!screen) {
        fprintf(stderr, "loom: cannot draw into the window: %s\n", SDL_GetError());
        return false;
    }
    if (!lr_renderer_resize(state->renderer, screen->w, screen->h)) {
        fprintf(stderr, "loom: cannot make a %dx%d picture\n", screen->w, screen->h);
        return false;
    }
    double aspect = (double)screen->w / screen->h;
    choose_camera(state, aspect);
    lr_renderer_set_hidden(state->renderer, state->hidden);
    if (state->scene) {
        state->view = app_view_make(&state->camera, screen->w, screen->h);
        state->view_valid = true;
        if (!app_draw_scene(state->labels, state->scene, state->renderer, &state->camera,
                            state->scratch, sizeof state->scratch) &&
            !state->frozen)
            scene_failed(state, state->scratch); /* its loom.draw failed */
    } else {
        lr_camera camera = lr_camera_fit(state->empty, aspect);
        lr_renderer_draw(state->renderer, state->empty, &camera);
    }
    if (state->screenshot_asked) { /* the scene's picture, without the window's panels */
        state->screenshot_asked = false;
        save_screenshot(state);
    }
    char note[300];
    app_recorder_frame(state->recorder, state->renderer, note, sizeof note);
    if (note[0]) {
        fprintf(stderr, "loom: %s\n", note);
        notify(state, "%s", note);
    }
    draw_overlays(state);
    app_sliders_draw(state->sliders, lr_renderer_surface(state->renderer), screen->h, state->font,
                     points(state, 1.0));
    SDL_Surface *picture = lr_renderer_surface(state->renderer);
    if (SDL_BlitSurface(picture, NULL, screen, NULL) != 0 ||
        SDL_UpdateWindowSurface(state->window) != 0) {
        fprintf(stderr, "loom: cannot show the picture: %s\n", SDL_GetError());
        return false;
    }
    state->dirty = false;

    double now = app_seconds();
    state->last_present = now;
    state->frames_counted++;
    if (now - state->fps_since >= 0.5) {
        state->fps = state->frames_counted / (now - state->fps_since);
        state->frames_counted = 0;
        state->fps_since = now;
    }
    return true;
}

/* -------------------------------------------------------------- events -- */

/* loom's own keys, for a key the script did not take. */
static void builtin_key(window_state *state, const SDL_KeyboardEvent *key) {
    SDL_Keycode sym = key->keysym.sym;
    bool shift = key->keysym.mod & KMOD_SHIFT;
    if (key->repeat && sym != SDLK_n && sym != SDLK_RIGHT)
        return;
    switch (sym) {
    case SDLK_ESCAPE:
        state->running = false;
        break;
    case SDLK_SPACE:
        state->paused = !state->paused;
        break;
    case SDLK_n:
    case SDLK_RIGHT:
        state->paused = true;
        state->steps_asked++;
        break;
    case SDLK_r:
        reload(state, false);
        break;
    case SDLK_p:
    case SDLK_F12:
        state->screenshot_asked = true;
        break;
    case SDLK_v: {
        char note[300];
        app_recorder_toggle(state->recorder, lr_renderer_width(state->renderer),
                            lr_renderer_height(state->renderer), note, sizeof note);
        fprintf(stderr, "loom: %s\n", note);
        notify(state, "%s", note);
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
        scene_failed(state, state->scratch);
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
    input_mouse(state, &world);
    bool taken;
    if (!app_scene_mouse(state->scene, callback, world, love_button(button), &taken, state->scratch,
                         sizeof state->scratch)) {
        scene_failed(state, state->scratch);
        return true;
    }
    return taken;
}

/* The sliders' share of the mouse: true when the panel took the event. */
static bool slider_mouse(window_state *state, const SDL_Event *event) {
    bool commit = false, taken = false;
    if (event->type == SDL_MOUSEBUTTONDOWN && event->button.button == SDL_BUTTON_LEFT)
        taken = app_sliders_mouse(state->sliders, APP_SLIDER_PRESS, event->button.x,
                                  event->button.y, &commit);
    else if (event->type == SDL_MOUSEBUTTONUP && event->button.button == SDL_BUTTON_LEFT)
        taken = app_sliders_mouse(state->sliders, APP_SLIDER_RELEASE, event->button.x,
                                  event->button.y, &commit);
    else if (event->type == SDL_MOUSEMOTION && (event->motion.state & SDL_BUTTON_LMASK))
        taken = app_sliders_mouse(state->sliders, APP_SLIDER_MOVE, event->motion.x, event->motion.y,
                                  &commit);
    if (taken)
        state->dirty = true;
    if (commit)
        reload(state, false); /* the camera and loom.keep are kept */
    return taken;
}

static void handle_event(window_state *state, const SDL_Event *event) {
    if ((event->type == SDL_MOUSEBUTTONDOWN || event->type == SDL_MOUSEBUTTONUP ||
         event->type == SDL_MOUSEMOTION) &&
        state->drag == DRAG_NONE && slider_mouse(state, event))
        return;
    switch (event->type) {
    case SDL_QUIT:
        state->running = false;
        break;
    case SDL_KEYDOWN:
        if (!(event->key.repeat == 0 && script_key(state, "keypressed", event->key.keysym.sym)))
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
            if (!grab(state, event->button.x, event->button.y))
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
        release_grab(state);
        state->dirty = true;
        break;
    case SDL_MOUSEMOTION: {
        state->mouse_x = event->motion.x;
        state->mouse_y = event->motion.y;
        state->mouse_inside = true;
        int dx = event->motion.x - state->drag_x, dy = event->motion.y - state->drag_y;
        state->drag_x = event->motion.x;
        state->drag_y = event->motion.y;
        if (state->drag == DRAG_PARTICLE)
            move_grab(state);
        else if (state->drag == DRAG_PAN)
            pan(state, dx, dy);
        else if (state->drag == DRAG_ORBIT)
            orbit(state, dx, dy);
        break;
    }
    case SDL_MOUSEWHEEL:
        zoom(state, event->wheel.y);
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

/* ---------------------------------------------------------------- loop -- */

static void run(window_state *state) {
    double tick_seconds = 1.0 / state->options->fps;
    double behind = 0.0; /* simulated time owed to the wall clock */
    double last = app_seconds();
    while (state->running) {
        SDL_Event event;
        /* Sleep until the next tick is due (or the next look at the files),
         * waking for events. */
        double wait = state->paused || !state->scene || state->frozen
                          ? POLL_SECONDS
                          : (tick_seconds - behind) / state->speed;
        if (wait > POLL_SECONDS)
            wait = POLL_SECONDS;
        int wait_ms = (int)(wait * 1000.0);
        if (state->test_reloads == 0 && !state->dirty && wait_ms > 0 &&
            SDL_WaitEventTimeout(&event, wait_ms))
            handle_event(state, &event);
        while (state->running && SDL_PollEvent(&event))
            handle_event(state, &event);
        if (!state->running)
            break;

        double now = app_seconds();
        double elapsed = now - last > 0.25 ? 0.25 : now - last;
        last = now;
        if (!state->paused && state->scene && !state->frozen) {
            behind += elapsed * state->speed;
            int ticks = 0;
            /* At most MAX_TICKS, and no more once the frame has used its
             * budget of wall-clock time, so the window answers even when a
             * tick is slow. */
            while (behind >= tick_seconds && ticks < MAX_TICKS && !state->frozen &&
                   (ticks == 0 || app_seconds() - now < FRAME_BUDGET_SECONDS)) {
                tick(state);
                behind -= tick_seconds;
                ticks++;
            }
            if (behind >= tick_seconds)
                behind = 0.0; /* too slow for real time: drop the backlog */
        } else {
            behind = 0.0;
        }
        for (; state->steps_asked > 0; state->steps_asked--)
            tick(state);

        if (now >= state->next_poll) {
            state->next_poll = now + POLL_SECONDS;
            const char *changed = app_watch_poll(state->watch, now, SETTLE_SECONDS);
            if (changed)
                reload(state, false);
        }
        if (state->test_reloads > 0) {
            reload(state, true);
            if (--state->test_reloads == 0)
                fprintf(stderr, "loom: test: %d reloads, resident %ld KiB -> %ld KiB\n",
                        state->test_reloads_total, state->test_resident_before, resident_kib());
        }
        /* The HUD's numbers change even while nothing moves. */
        if (state->hud && now - state->last_present > 0.5)
            state->dirty = true;
        if (state->dirty && !present(state)) {
            state->status = APP_EXIT_FAILURE;
            return;
        }
    }
}

static void load_fonts(window_state *state) {
    const char *regular = lm_font_default_path(false), *bold = lm_font_default_path(true);
    char err[256];
    if (regular && bold) {
        state->font = lm_font_load(regular, err, sizeof err);
        state->bold = state->font ? lm_font_load(bold, err, sizeof err) : NULL;
    }
    if (!state->font || !state->bold)
        fprintf(stderr, "loom: no font for the on-screen text (install fonts-dejavu-core); "
                        "the scene runs without it\n");
}

int app_window(const app_options *options) {
    window_state *state = calloc(1, sizeof *state);
    if (!state) {
        fprintf(stderr, "loom: out of memory\n");
        return APP_EXIT_FAILURE;
    }
    state->options = options;
    state->status = APP_EXIT_OK;
    state->speed = 1.0;
    state->hud = true;
    state->input = (app_input){input_key_down, input_mouse, state};
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
    state->setup = (app_scene_setup){.path = options->scene,
                                     .limits = options->limits,
                                     .watch = state->watch,
                                     .input = &state->input,
                                     .params = options->params};
    state->sliders = app_sliders_create(options->params);
    state->recorder = app_recorder_create(options->scene, options->fps);
    if (!state->sliders || !state->recorder) {
        fprintf(stderr, "loom: out of memory\n");
        app_sliders_destroy(state->sliders);
        app_recorder_destroy(state->recorder);
        app_watch_destroy(state->watch);
        lm_world_destroy(state->empty);
        free(state);
        return APP_EXIT_FAILURE;
    }
    state->setup.params = app_sliders_params(state->sliders);
    const char *reloads = getenv("LOOM_TEST_RELOADS");
    if (reloads && atoi(reloads) > 0)
        state->test_reloads_total = atoi(reloads);

    /* The picture is drawn in software already: blit it with plain X11 (or the
     * platform's equivalent) rather than through OpenGL, which would also make
     * SDL recreate the window once it is open. */
    SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0");
    if (!app_open_display(options->scene)) {
        app_sliders_destroy(state->sliders);
        app_recorder_destroy(state->recorder);
        app_watch_destroy(state->watch);
        lm_world_destroy(state->empty);
        free(state);
        return APP_EXIT_FAILURE;
    }

    char title[256];
    const char *slash = strrchr(options->scene, '/');
    snprintf(title, sizeof title, "loom - %s", slash ? slash + 1 : options->scene);
    state->window = SDL_CreateWindow(title, SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED,
                                     options->width, options->height, SDL_WINDOW_RESIZABLE);
    char err[256];
    if (!state->window) {
        fprintf(stderr, "loom: cannot open a window: %s\n", SDL_GetError());
        state->status = APP_EXIT_FAILURE;
    } else if (!(state->renderer =
                     lr_renderer_create(options->width, options->height, err, sizeof err))) {
        fprintf(stderr, "loom: %s\n", err);
        state->status = APP_EXIT_FAILURE;
    } else {
        load_fonts(state);
        state->labels = app_labels_create();
        /* A scene that fails to load shows its error and waits for a fix. */
        state->scene = app_scene_load_setup(&state->setup, state->scratch, sizeof state->scratch);
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
            set_error(state, state->scratch);
        }
        state->fps_since = app_seconds();
        state->running = state->status == APP_EXIT_OK && present(state);
        if (!state->running && state->status == APP_EXIT_OK)
            state->status = APP_EXIT_FAILURE;
        state->test_resident_before = resident_kib();
        state->test_reloads = state->test_reloads_total;
        run(state);
    }

    int status = state->status;
    release_grab(state);
    app_recorder_destroy(state->recorder);
    app_sliders_destroy(state->sliders);
    lm_font_destroy(state->font);
    lm_font_destroy(state->bold);
    app_labels_destroy(state->labels);
    lr_renderer_destroy(state->renderer);
    if (state->window)
        SDL_DestroyWindow(state->window);
    SDL_Quit();
    app_scene_destroy(state->fallback);
    app_scene_destroy(state->scene);
    app_watch_destroy(state->watch);
    lm_world_destroy(state->empty);
    free(state);
    return status;
}
