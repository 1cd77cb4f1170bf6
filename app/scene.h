/*
 * scene.h - a scene script and its Lua state, as the executable runs it.
 *
 * A scene is one Lua state with loom opened, a memory limit and a time limit,
 * the world the script made, and the time not yet simulated. Loading runs the
 * script; advancing calls loom.update(dt) and steps the world as many times as
 * dt covers. Every call into Lua is protected: an error comes back as
 * "file:line: message" plus a traceback in the caller's buffer.
 */
#ifndef LOOM_APP_SCENE_H
#define LOOM_APP_SCENE_H

#include <stdbool.h>
#include <stddef.h>

#include "../engine/loom.h"
#include "../render/compose.h"
#include "../render/render.h"
#include "../render/overlay.h"
#include "../render/plot.h"
#include "watch.h"

typedef struct app_limits {
    size_t memory_bytes; /* the Lua heap may not grow past this */
    double time_seconds; /* wall-clock limit for one call into the script */
    /* Not a limit, but threaded the same way: --seed N for loom.random,
     * loom.noise and math.random; without it, a hash of the scene file. */
    bool seeded;
    uint64_t seed;
    /* --trust: the full standard library instead of the sandbox (app/sandbox.h). */
    bool trust;
    /* The process's worker threads, which every world's take from
     * (app/threads.h); NULL: no budget. */
    struct app_threads *threads;
} app_limits;

/* What loom says on stderr, once, when it runs a scene with --trust. */
#define APP_TRUST_MESSAGE                                                                          \
    "loom: --trust: this scene runs with the full Lua standard library (it can read and write "    \
    "files and run programs)"

#define APP_DEFAULT_MEMORY_MIB 1024
#define APP_DEFAULT_TIMEOUT_S  10.0

typedef struct app_scene app_scene;

/* Runs the script at path. NULL with a message in err on failure (a script
 * error, no world, out of memory). */
app_scene *app_scene_load(const char *path, const app_limits *limits, char *err, size_t err_size);

/* What the window tells a script about the keyboard and the mouse (through
 * loom.key_down and loom.mouse). Without one they answer false and nil. */
typedef struct app_input {
    bool (*key_down)(void *context, int keycode); /* an SDL keycode */
    bool (*mouse)(void *context, lm_vec3 *world); /* false when outside the window */
    void *context;
} app_input;

typedef struct app_scene_setup {
    const char *path;
    app_limits limits;
    app_watch *watch;     /* gets every Lua file the script reads; may be NULL */
    app_scene *keep_from; /* loom.keep starts as a copy of this scene's; may be NULL */
    bool
        *keep_refused; /* set when keep_from's loom.keep was too big or deep to copy; may be NULL */
    const app_input *input;
    /* --set values for loom.param (app/params.h); may be NULL. */
    const struct app_params *params;
    /* Told each script call's deadline (headless runs, app/watchdog.h); may be NULL. */
    struct app_watchdog *watchdog;
    /* Asked a few times a second while a script call runs; true stops it
     * (app/guard.h: the window's Esc and saves). May be NULL. */
    bool (*interrupt)(void *context, char *why, size_t why_size);
    void *interrupt_context;
    /* --theme: when force_theme, app_scene_theme is this preset, whatever
     * loom.style asked for. */
    bool force_theme;
    lr_theme_name theme;
    /* loom's library (scripts/); NULL: beside the executable (a bench built
     * elsewhere names it). */
    const char *library;
} app_scene_setup;

/* app_scene_load with everything the window adds. Files are recorded in
 * setup->watch even when the load fails (the scene's own file always). The setup is copied; the
 * path, the watch and the input it points to must outlive the scene (keep_from need only last
 * through the call). */
app_scene *app_scene_load_setup(const app_scene_setup *setup, char *err, size_t err_size);

/* Calls loom.<callback>(key) (keypressed, keyreleased) or
 * loom.<callback>(x, y, button) (mousepressed, mousereleased) when the script
 * defines it; *taken says whether it returned true (the key or click is the
 * script's, not loom's). False with a message in err on a script error. */
bool app_scene_key(app_scene *scene, const char *callback, const char *key, bool *taken, char *err,
                   size_t err_size);
bool app_scene_mouse(app_scene *scene, const char *callback, lm_vec3 world, int button, bool *taken,
                     char *err, size_t err_size);

/* The index-th world, for the window to add and remove its mouse pin
 * between steps; NULL when there is none. */
lm_world *app_scene_world_mutable(app_scene *scene, int index);

/* The fitted camera and the aspect it was fitted for (false before the first
 * app_scene_camera), and setting them: a reloaded scene keeps the old view. */
bool app_scene_fitted_camera(app_scene *scene, lr_camera *camera, double *aspect);
void app_scene_set_fitted_camera(app_scene *scene, const lr_camera *camera, double aspect);
/* Forgets the fitted camera: the next app_scene_camera fits again. */
void app_scene_refit_camera(app_scene *scene);
/* What the script asked for with loom.camera{}: the fields it set, the rest NaN
 * (projection -1), so that two requests can be compared. */
lr_camera app_scene_camera_request(app_scene *scene);

void app_scene_destroy(app_scene *scene);
/* Destroys the scene; false with a message in err if a finalizer went over
 * the memory limit as the state closed (app_host_close). */
bool app_scene_close(app_scene *scene, char *err, size_t err_size);

/* Moves the scene on by dt seconds: loom.update(dt) if the script defines it,
 * then world:step() of each world it shows while a whole time_step of dt is
 * left (the remainder is kept for the next call). False with a message in
 * err on a script error. */
bool app_scene_advance(app_scene *scene, double dt, char *err, size_t err_size);

/* A warning the scene earned while running (the simulation blew up: see
 * app_scene_advance), in a few words for a screen, or NULL. */
const char *app_scene_warning(const app_scene *scene);

/* Bytes the scene's Lua state holds (its worlds' engine memory included):
 * what counts against --memory. */
size_t app_scene_memory_used(const app_scene *scene);

/* The scene's world (owned by its Lua state): the first when it shows
 * several. */
const lm_world *app_scene_world(app_scene *scene);
/* The colours and looks of app_scene_world's objects (render/style.h), or NULL. */
const lr_styles *app_scene_styles(app_scene *scene);

/* How many worlds the scene shows (loom.show, or a scene that returned
 * several): 1 or more, each stepped by app_scene_advance at its own time
 * step. The index-th (from 0) and its looks, NULL when there is none. */
int app_scene_world_count(const app_scene *scene);
const lm_world *app_scene_world_at(app_scene *scene, int index);
const lr_styles *app_scene_styles_at(app_scene *scene, int index);
/* Its name for captions: loom.world{ name = }, else "world N". */
const char *app_scene_world_name(app_scene *scene, int index, char out[64]);
/* True when several worlds share one picture (loom.show's layout =
 * "overlay"), false when they are side by side. */
bool app_scene_overlaid(app_scene *scene);
/* A camera that frames every world the scene shows, for a picture (or a
 * part of one) of the given aspect: lr_camera_fit_worlds. */
lr_camera app_scene_fit(app_scene *scene, double aspect);
/* The worlds the scene shows, in order, as the picture takes them
 * (lr_scene.worlds, render/compose.h): each with its looks and its name
 * (kept in names[i]); *side when they are side by side, not overlaid.
 * Returns how many (0 when the worlds are gone). */
int app_scene_shown(app_scene *scene, lr_scene_world worlds[LR_MAX_WORLDS],
                    char names[LR_MAX_WORLDS][64], bool *side);
/* The scene's theme (loom.style), "light" when it asks for none; the
 * setup's forced theme instead when it has one. */
lr_theme app_scene_theme(app_scene *scene);

/* The camera for a picture of the given aspect: fitted to the world when
 * first asked, widened for narrower pictures, then whatever the script set
 * with loom.camera{}; centred in what the plot panels leave at the host's
 * scale (app_picture_options.scale; 0 counts as 1). */
lr_camera app_scene_camera(app_scene *scene, double aspect, double scale);

/* Calls fn with each label the script made with loom.label or loom.title, in
 * the order it made them (see bindings/loom_lua.h). */
void app_scene_each_label(app_scene *scene, void (*fn)(void *context, const lr_label *label),
                          void *context);

/* Calls fn with each key the script named with loom.keys{}, sorted by key. */
void app_scene_each_key(app_scene *scene,
                        void (*fn)(void *context, const char *key, const char *text),
                        void *context);

/* Runs the script's drawing for one picture (lmlua_draw_frame: attached
 * trails and arrows, loom.draw()). False with a message in err on a script
 * error. */
bool app_scene_draw(app_scene *scene, char *err, size_t err_size);
/* What the last app_scene_draw drew, or NULL. */
const lr_overlay *app_scene_overlay(app_scene *scene);
/* The series the script plotted with loom.plot (render/plot.h), or NULL
 * before its first loom.plot: what --csv writes. */
const lr_plots *app_scene_plots(app_scene *scene);
/* Calls the functions given to loom.record (lmlua_record_frame): once per
 * frame of `loom render` and `loom sim`, after the frame's steps. False with
 * a message in err on a script error. */
bool app_scene_record(app_scene *scene, char *err, size_t err_size);
/* What loom.record kept, read like the plots, or NULL: the rest of --csv. */
const lr_plots *app_scene_records(app_scene *scene);

/* Calls loom.finish() once, if the script defines it (the end of render and
 * sim). False with a message in err on a script error. */
bool app_scene_finish(app_scene *scene, char *err, size_t err_size);

/* The scene's Lua state, for the parameter list (bindings/loom_lua.h). */
struct lua_State *app_scene_state(app_scene *scene);

/* The guard of the scene's calls (app/guard.h): the caller enters it around
 * work that shares one deadline (one picture: loom.draw, trails and the
 * renderer's own work). */
struct app_guard *app_scene_guard(app_scene *scene);
/* The scene file's path, as given. */
const char *app_scene_path(const app_scene *scene);
/* Runs fn(L, context) on the scene's state in a protected call under its
 * limits: how the app reads the state beyond raw accesses (which neither
 * allocate nor raise), so that no Lua error ever escapes unprotected. An
 * error is printed; returns false then. */
bool app_scene_protected(app_scene *scene, void (*fn)(struct lua_State *L, void *context),
                         void *context);

#endif
