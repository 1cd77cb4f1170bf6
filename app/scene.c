/*
 * scene.c - a scene: the world a script made, run in a Lua host.
 *
 * The host (app/host.c) holds the Lua state, its limits and protected calls;
 * a scene adds what loom's commands need on top: the world the script
 * returned, loom.keep, the keyboard and mouse, the time not yet simulated,
 * the fitted camera, and the callbacks (loom.update, loom.draw, keys, ...).
 */
#include "scene.h"

#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../bindings/loom_lua.h"
#include "guard.h"
#include "host.h"
#include "keep.h"
#include "keys.h"
#include "params.h"

struct app_scene {
    app_host *host;
    lua_State *L; /* the host's */
    const char *path;
    app_limits limits;
    app_scene_setup setup;

    int world_ref;  /* registry reference to the (first) world userdata */
    int module_ref; /* registry reference to the loom module table */
    int worlds;     /* how many it shows: 1, or the shown worlds (bindings/lua_show.c) */
    double
        unsimulated[LMLUA_MAX_SHOWN]; /* seconds given to advance and not yet stepped, per world */
    bool camera_fitted;
    lr_camera fitted;
    double fitted_aspect;
    bool copying_keep; /* inside the copy of the old scene's loom.keep */
    bool blew_up;      /* the non-finite warning was given */
    char warning[120]; /* ... and its short form, for the window */
};

static app_scene *scene_of(lua_State *L) {
    return app_host_context(L);
}

static bool call(app_scene *scene, int nargs, int nresults, char *err, size_t err_size) {
    return app_host_call(scene->host, nargs, nresults, err, err_size);
}

/* ---------------------------------------------------- files and input -- */

/* Records a file the script reads, for hot reload. */
static void record_file(void *context, const char *path) {
    app_scene *scene = context;
    if (scene->setup.watch)
        app_watch_add(scene->setup.watch, path);
}

/* loom.key_down(key): whether the key is held. */
static int key_down(lua_State *L) {
    const char *name = luaL_checkstring(L, 1);
    int code = app_key_code(name);
    if (code == 0)
        return luaL_argerror(L, 1, lua_pushfstring(L, "unknown key '%s'", name));
    const app_input *input = scene_of(L)->setup.input;
    lua_pushboolean(L, input && input->key_down(input->context, code));
    return 1;
}

/* loom.mouse(): x, y, z of the mouse in the world, or nil. */
static int mouse(lua_State *L) {
    const app_input *input = scene_of(L)->setup.input;
    lm_vec3 world;
    if (!input || !input->mouse(input->context, &world)) {
        lua_pushnil(L);
        return 1;
    }
    lua_pushnumber(L, world.x);
    lua_pushnumber(L, world.y);
    lua_pushnumber(L, world.z);
    return 3;
}

/* ----------------------------------------------------------- loom.keep -- */

/* Pushes the new state's loom.keep: a copy of the old scene's, or {}. */
static void push_keep(lua_State *L, app_scene *scene, app_scene *keep_from) {
    if (keep_from && keep_from->L) {
        lua_State *from = keep_from->L;
        int top = lua_gettop(from);
        if (lua_checkstack(from, 4)) {
            lua_rawgeti(from, LUA_REGISTRYINDEX, keep_from->module_ref);
            lua_pushliteral(from, "keep");
            if (lua_type(from, -2) == LUA_TTABLE && lua_rawget(from, -2) == LUA_TTABLE) {
                scene->copying_keep = true; /* still set if the copy raises */
                app_keep_copy(from, -1, L);
                scene->copying_keep = false;
                lua_settop(from, top);
                return;
            }
        }
        lua_settop(from, top);
    }
    lua_newtable(L);
}

/* FNV-1a of the scene file's bytes: a scene's own default seed, so the same
 * file gives the same frames and an edit gives other (equally fixed) ones. */
static uint64_t hash_file(const char *path) {
    uint64_t h = 0xcbf29ce484222325u;
    FILE *file = fopen(path, "rb");
    if (!file)
        return h;
    int c;
    while ((c = getc(file)) != EOF)
        h = (h ^ (uint64_t)(unsigned char)c) * 0x100000001b3u;
    fclose(file);
    return h;
}

/* Adds the scene's part of loom (the seed, the --set values, keep, key_down,
 * mouse) to the host's state. */
static int open_scene(lua_State *L) {
    app_scene *scene = scene_of(L);
    lmlua_set_seed(L, scene->limits.seeded ? scene->limits.seed : hash_file(scene->path));
    app_params_give(scene->setup.params, L);
    /* The host keeps the module table it made: a script replacing
     * package.loaded.loom changes nothing for it. */
    lua_getfield(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE);
    lua_getfield(L, -1, "loom");
    lua_pushliteral(L, "keep");
    push_keep(L, scene, scene->setup.keep_from);
    lua_rawset(L, -3);
    lua_pushliteral(L, "key_down");
    lua_pushcfunction(L, key_down);
    lua_rawset(L, -3);
    lua_pushliteral(L, "mouse");
    lua_pushcfunction(L, mouse);
    lua_rawset(L, -3);
    scene->module_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    return 0;
}

/* Takes the worlds: those loom.show named; else the chunk's results when
 * two or more are worlds (shown side by side); else its first result if it
 * is a world, else the last world it made. Arguments: the chunk's results.
 * Keeps the first in the registry (scene->world_ref), and holds every one
 * (lmlua_hold_world); loom.show refuses from now on. */
static int find_world(lua_State *L) {
    app_scene *scene = scene_of(L);
    int results = lua_gettop(L), returned = 0;
    for (int i = 1; i <= results; i++)
        returned += lmlua_toworld(L, i) != NULL;
    if (lmlua_shown_count(L) == 0 && returned >= 2) {
        lua_pushcfunction(L, lmlua_show_worlds);
        for (int i = 1; i <= results; i++)
            if (lmlua_toworld(L, i)) {
                for (int j = 1; j < i; j++)
                    if (lua_rawequal(L, i, j))
                        return luaL_error(L,
                                          "%s: the scene returned world %d twice (return each "
                                          "world once)",
                                          scene->path, j);
                lua_pushvalue(L, i);
            }
        lua_call(L, returned, 0);
    }
    lmlua_show_close(L);
    scene->worlds = lmlua_shown_count(L);
    if (scene->worlds > 0) {
        /* A trusted scene can destroy a world it showed (its __gc). */
        for (int i = 0; i < scene->worlds; i++) {
            lmlua_push_shown(L, i);
            if (!lmlua_toworld(L, -1))
                return luaL_error(L, "%s: loom.show's world %d was destroyed", scene->path, i + 1);
            lua_pop(L, 1);
        }
        for (int i = 0; i < scene->worlds; i++) {
            lmlua_push_shown(L, i);
            lmlua_hold_world(L, -1, true);
            lua_pop(L, 1);
        }
        lmlua_push_shown(L, 0);
        scene->world_ref = luaL_ref(L, LUA_REGISTRYINDEX);
        return 0;
    }
    scene->worlds = 1;
    if (!lmlua_toworld(L, 1)) {
        /* Something else returned where a world was expected: said, not
         * guessed at (with no world made at all, the message below). */
        if (results >= 1 && !lua_isnil(L, 1) && lmlua_world_count(L) > 0)
            return luaL_error(L,
                              "%s: the scene returned a %s where loom expects a world (end it "
                              "with return world, or return w1, w2 to show several)",
                              scene->path, luaL_typename(L, 1));
        if (lmlua_world_count(L) > 1)
            lmlua_add_warning(L,
                              lua_pushfstring(L,
                                              "%s: the scene returned no world and made %d: loom "
                                              "shows the last one made (end the scene with return "
                                              "world, or show several with return w1, w2 or "
                                              "loom.show)",
                                              scene->path, (int)lmlua_world_count(L)));
        lmlua_push_last_world(L);
        if (!lmlua_toworld(L, -1))
            return 0;
    } else {
        lua_settop(L, 1);
    }
    lmlua_hold_world(L, -1, true);
    lua_pushvalue(L, -1);
    scene->world_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    return 0;
}

/* Pushes the scene's index-th world (from 0). */
static void push_world(app_scene *scene, int index) {
    if (index == 0 || scene->worlds <= 1)
        lua_rawgeti(scene->L, LUA_REGISTRYINDEX, scene->world_ref);
    else
        lmlua_push_shown(scene->L, index);
}

/* Arguments: the world userdata. Calls world:step(). */
static int step_world(lua_State *L) {
    lua_getfield(L, 1, "step");
    lua_pushvalue(L, 1);
    lua_call(L, 1, 0);
    return 0;
}

/* Arguments: a light userdata pointing at an lr_camera. */
static int apply_camera(lua_State *L) {
    lmlua_apply_camera(L, lua_touserdata(L, 1));
    return 0;
}

/* Runs fn(L, context) in a protected call (the host's limits apply): the
 * host reads the state only this way or with raw accesses, which neither
 * allocate nor raise, so nothing a script does can make an error escape
 * ("unprotected Lua error" aborts). */
typedef struct protected_run {
    void (*fn)(lua_State *L, void *context);
    void *context;
} protected_run;

static int run_protected(lua_State *L) {
    const protected_run *run = lua_touserdata(L, 1);
    lua_settop(L, 0);
    run->fn(L, run->context);
    return 0;
}

bool app_scene_protected(app_scene *scene, void (*fn)(lua_State *L, void *context), void *context) {
    protected_run run = {fn, context};
    lua_pushcfunction(scene->L, run_protected);
    lua_pushlightuserdata(scene->L, &run);
    char err[512];
    if (call(scene, 1, 0, err, sizeof err))
        return true;
    fprintf(stderr, "loom: %s\n", err);
    return false;
}

/* What the bindings noticed while the scene loaded (a misspelt callback,
 * several worlds and none returned), on stderr. */
static void print_warnings_in(lua_State *L, void *context) {
    (void)context;
    int count = lmlua_push_warnings(L);
    for (int i = 1; i <= count; i++) {
        lua_rawgeti(L, -1, i);
        const char *message = lua_tostring(L, -1);
        fprintf(stderr, "loom: warning: %s\n", message ? message : "");
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
}

static void print_warnings(app_scene *scene) {
    app_scene_protected(scene, print_warnings_in, NULL);
}

/* ----------------------------------------------------------- lifecycle -- */

/* Closing the state finalizes the worlds: their __gc must not refuse, as it
 * does while the scene holds them (lmlua_hold_world). */
static void release_world(app_scene *scene) {
    if (!scene->L || scene->world_ref == LUA_NOREF || !lua_checkstack(scene->L, 2))
        return;
    for (int i = 0; i < scene->worlds; i++) {
        push_world(scene, i);
        lmlua_hold_world(scene->L, -1, false);
        lua_pop(scene->L, 1);
    }
}

bool app_scene_close(app_scene *scene, char *err, size_t err_size) {
    if (!scene)
        return true;
    release_world(scene);
    bool ok = app_host_close(scene->host, err, err_size);
    free(scene);
    return ok;
}

void app_scene_destroy(app_scene *scene) {
    if (!scene)
        return;
    release_world(scene);
    app_host_destroy(scene->host);
    free(scene);
}

size_t app_scene_memory_used(const app_scene *scene) {
    return app_host_memory_used(scene->host);
}

app_scene *app_scene_load(const char *path, const app_limits *limits, char *err, size_t err_size) {
    app_scene_setup setup = {.path = path, .limits = *limits};
    return app_scene_load_setup(&setup, err, err_size);
}

app_scene *app_scene_load_setup(const app_scene_setup *setup, char *err, size_t err_size) {
    const char *path = setup->path;
    /* Watched before anything can fail: a load that fails before reading
     * the file (loom.keep not copied, no memory) must still see its saves. */
    if (setup->watch)
        app_watch_add(setup->watch, path);
    app_scene *scene = calloc(1, sizeof *scene);
    if (!scene) {
        snprintf(err, err_size, "out of memory");
        return NULL;
    }
    scene->setup = *setup;
    scene->path = path;
    scene->limits = setup->limits;
    scene->world_ref = LUA_NOREF;
    scene->module_ref = LUA_NOREF;
    app_host_setup host_setup = {
        .path = path,
        .memory_bytes = setup->limits.memory_bytes,
        .time_seconds = setup->limits.time_seconds,
        .trust = setup->limits.trust,
        .threads = setup->limits.threads,
        .file_read = record_file,
        .context = scene,
        .watchdog = setup->watchdog,
        .interrupt = setup->interrupt,
        .interrupt_context = setup->interrupt_context,
        .library = setup->library,
    };
    scene->host = app_host_create(&host_setup, err, err_size);
    if (!scene->host) {
        free(scene);
        return NULL;
    }
    lua_State *L = scene->L = app_host_state(scene->host);
    /* Loading is one call with one deadline: opening, reading and compiling
     * the file, running it, taking its world. */
    app_guard *guard = app_host_guard(scene->host);
    app_guard_enter(guard);

    /* A failed copy of loom.keep may leave the old state's stack unbalanced. */
    lua_State *keep_state = setup->keep_from ? setup->keep_from->L : NULL;
    int keep_top = keep_state ? lua_gettop(keep_state) : 0;
    lua_pushcfunction(L, open_scene);
    bool opened = call(scene, 0, 0, err, err_size);
    if (keep_state)
        lua_settop(keep_state, keep_top);
    scene->setup.keep_from = NULL; /* only read while opening */
    scene->setup.keep_refused = NULL;
    if (!opened) {
        if (scene->copying_keep && setup->keep_refused)
            *setup->keep_refused = true;
        goto fail;
    }

    if (!app_host_load_script(scene->host, err, err_size))
        goto fail;
    int base = lua_gettop(L) - 1; /* below the chunk: its results come from base + 1 */
    if (!call(scene, 0, LUA_MULTRET, err, err_size))
        goto fail;

    lua_pushcfunction(L, find_world);
    lua_insert(L, base + 1);
    if (!call(scene, lua_gettop(L) - base - 1, 0, err, err_size))
        goto fail;
    if (scene->world_ref == LUA_NOREF) {
        snprintf(err, err_size,
                 "%s: the scene made no world (create one with loom.world{} and return it)", path);
        goto fail;
    }
    print_warnings(scene);
    app_guard_leave(guard);
    return scene;

fail:
    app_guard_leave(guard);
    app_scene_destroy(scene);
    return NULL;
}

/* ---------------------------------------------------------------- frame -- */

const lm_world *app_scene_world(app_scene *scene) {
    return app_scene_world_at(scene, 0);
}

const lr_styles *app_scene_styles(app_scene *scene) {
    return app_scene_styles_at(scene, 0);
}

int app_scene_world_count(const app_scene *scene) {
    return scene->worlds;
}

const lm_world *app_scene_world_at(app_scene *scene, int index) {
    if (index < 0 || index >= scene->worlds || !lua_checkstack(scene->L, 2))
        return NULL;
    push_world(scene, index);
    const lm_world *world = lmlua_toworld(scene->L, -1);
    lua_pop(scene->L, 1);
    return world;
}

const lr_styles *app_scene_styles_at(app_scene *scene, int index) {
    if (index < 0 || index >= scene->worlds || !lua_checkstack(scene->L, 2))
        return NULL;
    push_world(scene, index);
    const lr_styles *styles = lmlua_tostyles(scene->L, -1);
    lua_pop(scene->L, 1);
    return styles;
}

const char *app_scene_world_name(app_scene *scene, int index, char out[64]) {
    snprintf(out, 64, "world");
    if (index < 0 || index >= scene->worlds || !lua_checkstack(scene->L, 2))
        return out;
    push_world(scene, index);
    lmlua_world_name(scene->L, -1, out);
    lua_pop(scene->L, 1);
    return out;
}

bool app_scene_overlaid(app_scene *scene) {
    return scene->worlds > 1 && lmlua_shown_overlaid(scene->L);
}

/* Several worlds, each in its own columns. */
static bool side_by_side(app_scene *scene) {
    return scene->worlds > 1 && !lmlua_shown_overlaid(scene->L);
}

lr_camera app_scene_fit(app_scene *scene, double aspect) {
    const lm_world *worlds[LMLUA_MAX_SHOWN];
    int count = 0;
    for (int i = 0; i < scene->worlds; i++) {
        worlds[count] = app_scene_world_at(scene, i);
        count += worlds[count] != NULL;
    }
    return lr_camera_fit_worlds(worlds, count, aspect);
}

int app_scene_shown(app_scene *scene, lr_scene_world worlds[LR_MAX_WORLDS],
                    char names[LR_MAX_WORLDS][64], bool *side) {
    *side = side_by_side(scene);
    int count = 0;
    for (int i = 0; i < scene->worlds && count < LR_MAX_WORLDS; i++) {
        const lm_world *world = app_scene_world_at(scene, i);
        if (!world)
            continue;
        worlds[count].world = world;
        worlds[count].styles = app_scene_styles_at(scene, i);
        worlds[count].name = app_scene_world_name(scene, i, names[count]);
        count++;
    }
    return count;
}

static void theme_in(lua_State *L, void *context) {
    lmlua_apply_theme(L, context);
}

lr_theme app_scene_theme(app_scene *scene) {
    if (scene->setup.force_theme)
        return lr_theme_preset(scene->setup.theme);
    lr_theme theme = lr_theme_preset(LR_THEME_LIGHT);
    app_scene_protected(scene, theme_in, &theme);
    return theme;
}

/* A scene whose numbers became NaN or infinite goes on (the picture shows
 * what is left), but the user is told once, with the likely causes, instead
 * of watching particles vanish without a word. */
static void warn_if_blown_up(app_scene *scene) {
    if (scene->blew_up)
        return;
    const lm_world *world = NULL;
    lm_particle particle = {0};
    for (int i = 0; i < scene->worlds && particle.index1 == 0; i++) {
        world = app_scene_world_at(scene, i);
        if (world)
            particle = lm_world_find_nonfinite(world);
    }
    if (particle.index1 == 0)
        return;
    scene->blew_up = true;
    snprintf(scene->warning, sizeof scene->warning,
             "the simulation blew up at t = %.4g s: shorter dt, more substeps?",
             lm_world_time(world));
    fprintf(stderr,
            "loom: warning: %s: the simulation blew up at t = %.4g s (particle#%u is no longer "
            "finite); try a shorter time step (dt), more substeps, stiffer sticks instead of "
            "stiff springs, or a stabler integrator (verlet, rk4)\n",
            scene->path, lm_world_time(world), (unsigned)particle.index1);
}

/* One call of a callback, loom.<name>(...): its arguments, and what it
 * answered. */
typedef struct callback_call {
    const char *name;
    const char *key;    /* a first argument, or NULL */
    int numbers;        /* then this many numbers */
    double number[2];   /* ... */
    bool button_given;  /* then an integer */
    lua_Integer button; /* ... */
    bool found;         /* the script defines it */
    bool taken;         /* it returned true */
} callback_call;

/* Argument: a light userdata pointing at a callback_call. The callback's
 * name and arguments are pushed in here, inside the protected call: pushing
 * a string allocates, and an allocation may fail. */
static int call_callback(lua_State *L) {
    callback_call *c = lua_touserdata(L, 1);
    lua_rawgeti(L, LUA_REGISTRYINDEX, scene_of(L)->module_ref);
    lua_pushstring(L, c->name);
    if (lua_type(L, -2) != LUA_TTABLE || lua_rawget(L, -2) != LUA_TFUNCTION)
        return 0;
    c->found = true;
    int nargs = 0;
    if (c->key) {
        lua_pushstring(L, c->key);
        nargs++;
    }
    for (int i = 0; i < c->numbers; i++, nargs++)
        lua_pushnumber(L, c->number[i]);
    if (c->button_given) {
        lua_pushinteger(L, c->button);
        nargs++;
    }
    lua_call(L, nargs, 1);
    c->taken = lua_toboolean(L, -1);
    return 0;
}

static bool run_callback(app_scene *scene, callback_call *c, char *err, size_t err_size) {
    lua_pushcfunction(scene->L, call_callback);
    lua_pushlightuserdata(scene->L, c);
    return call(scene, 1, 0, err, err_size);
}

static bool advance(app_scene *scene, double dt, char *err, size_t err_size);

/* One frame's loom.update and steps share one deadline: a dt of 1e-300
 * makes endless steps, each short. */
bool app_scene_advance(app_scene *scene, double dt, char *err, size_t err_size) {
    app_guard_enter(app_host_guard(scene->host));
    bool ok = advance(scene, dt, err, err_size);
    app_guard_leave(app_host_guard(scene->host));
    return ok;
}

static bool advance(app_scene *scene, double dt, char *err, size_t err_size) {
    lua_State *L = scene->L;

    callback_call update = {.name = "update", .numbers = 1, .number = {dt}};
    if (!run_callback(scene, &update, err, err_size))
        return false;

    /* Each world steps at its own time step. A small tolerance keeps
     * rounding from skipping a step, e.g. when the frame time is exactly
     * twice the time step. */
    for (int i = 0; i < scene->worlds; i++) {
        scene->unsimulated[i] += dt;
        for (;;) {
            const lm_world *world = app_scene_world_at(scene, i);
            if (!world) {
                snprintf(err, err_size, "%s: the scene's world is gone", scene->path);
                return false;
            }
            double time_step = lm_world_settings(world).time_step;
            if (scene->unsimulated[i] < time_step * (1.0 - 1e-9))
                break;
            scene->unsimulated[i] -= time_step;
            if (app_host_over_time(scene->host)) {
                snprintf(err, err_size, "%s: %s", scene->path, app_host_time_message(scene->host));
                return false;
            }
            lua_pushcfunction(L, step_world);
            push_world(scene, i);
            if (!call(scene, 1, 0, err, err_size))
                return false;
        }
        if (scene->unsimulated[i] < 0.0)
            scene->unsimulated[i] = 0.0;
    }
    print_warnings(scene); /* e.g. a diverging spring (bindings/lua_force.c) */
    warn_if_blown_up(scene);
    return true;
}

lr_camera app_scene_camera(app_scene *scene, double aspect, double scale) {
    /* Plot panels take a strip on the right: the scene is framed in the rest
     * (worlds side by side: each in its part of the rest). */
    double strip = lr_plots_strip_width(lmlua_plots(scene->L), aspect,
                                        app_scene_theme(scene).scale * (scale > 0.0 ? scale : 1.0));
    double full_aspect = aspect;
    aspect *= 1.0 - strip;
    bool side = side_by_side(scene);
    if (side) {
        aspect /= scene->worlds;
        strip = 0.0;
    }
    if (!scene->camera_fitted) {
        scene->fitted = app_scene_fit(scene, aspect);
        scene->fitted_aspect = aspect;
        scene->camera_fitted = true;
    }
    lr_camera camera = scene->fitted;
    /* A narrower picture than the one fitted shows more height, not less width. */
    if (aspect > 0.0 && aspect < scene->fitted_aspect)
        camera.height *= scene->fitted_aspect / aspect;
    lua_pushcfunction(scene->L, apply_camera);
    lua_pushlightuserdata(scene->L, &camera);
    char err[256];
    if (!call(scene, 1, 0, err, sizeof err))
        fprintf(stderr, "loom: %s\n", err);
    if (strip > 0.0) {
        /* A height the script chose was for the whole width: the free part
         * shows as much width, so it is taller. */
        lr_camera request = {(lr_projection)-1, {NAN, NAN, NAN}, NAN, NAN, NAN, NAN};
        lua_pushcfunction(scene->L, apply_camera);
        lua_pushlightuserdata(scene->L, &request);
        if (call(scene, 1, 0, err, sizeof err) && !isnan(request.height))
            camera.height /= 1.0 - strip;
        /* The target moves to the middle of what the strip leaves free. */
        lr_camera_frame frame = lr_camera_frame_of(&camera);
        double shift = 0.5 * strip * frame.height * full_aspect;
        camera.target.x = frame.target.x + frame.right.x * shift;
        camera.target.y = frame.target.y + frame.right.y * shift;
        camera.target.z = frame.target.z + frame.right.z * shift;
    }
    return camera;
}

/* ----------------------------------------------------------- callbacks -- */

bool app_scene_key(app_scene *scene, const char *callback, const char *key, bool *taken, char *err,
                   size_t err_size) {
    callback_call c = {.name = callback, .key = key};
    bool ok = run_callback(scene, &c, err, err_size);
    *taken = ok && c.taken;
    return ok;
}

bool app_scene_mouse(app_scene *scene, const char *callback, lm_vec3 world, int button, bool *taken,
                     char *err, size_t err_size) {
    callback_call c = {.name = callback,
                       .numbers = 2,
                       .number = {world.x, world.y},
                       .button_given = true,
                       .button = button};
    bool ok = run_callback(scene, &c, err, err_size);
    *taken = ok && c.taken;
    return ok;
}

/* --------------------------------------------------------------- camera -- */

lm_world *app_scene_world_mutable(app_scene *scene, int index) {
    if (index < 0 || index >= scene->worlds || !lua_checkstack(scene->L, 2))
        return NULL;
    push_world(scene, index);
    lm_world *world = lmlua_toworld(scene->L, -1);
    lua_pop(scene->L, 1);
    return world;
}

bool app_scene_fitted_camera(app_scene *scene, lr_camera *camera, double *aspect) {
    if (!scene->camera_fitted)
        return false;
    *camera = scene->fitted;
    *aspect = scene->fitted_aspect;
    return true;
}

void app_scene_set_fitted_camera(app_scene *scene, const lr_camera *camera, double aspect) {
    scene->fitted = *camera;
    scene->fitted_aspect = aspect;
    scene->camera_fitted = true;
}

void app_scene_refit_camera(app_scene *scene) {
    scene->camera_fitted = false;
}

lr_camera app_scene_camera_request(app_scene *scene) {
    lr_camera camera = {(lr_projection)-1, {NAN, NAN, NAN}, NAN, NAN, NAN, NAN};
    lua_pushcfunction(scene->L, apply_camera);
    lua_pushlightuserdata(scene->L, &camera);
    char err[256];
    if (!call(scene, 1, 0, err, sizeof err))
        fprintf(stderr, "loom: %s\n", err);
    return camera;
}

/* --------------------------------------------------------------- labels -- */

void app_scene_each_label(app_scene *scene, void (*fn)(void *context, const lr_label *label),
                          void *context) {
    lmlua_each_label(scene->L, fn, context);
}

const char *app_scene_warning(const app_scene *scene) {
    return scene->blew_up ? scene->warning : NULL;
}

/* ---------------------------------------------------------- drawing -- */

bool app_scene_draw(app_scene *scene, char *err, size_t err_size) {
    lua_pushcfunction(scene->L, lmlua_draw_frame);
    return call(scene, 0, 0, err, err_size);
}

void app_scene_each_key(app_scene *scene,
                        void (*fn)(void *context, const char *key, const char *text),
                        void *context) {
    lmlua_each_scene_key(scene->L, fn, context);
}

const lr_overlay *app_scene_overlay(app_scene *scene) {
    return lmlua_overlay(scene->L);
}

const lr_plots *app_scene_plots(app_scene *scene) {
    return lmlua_plots(scene->L);
}

bool app_scene_record(app_scene *scene, char *err, size_t err_size) {
    lua_pushcfunction(scene->L, lmlua_record_frame);
    return call(scene, 0, 0, err, err_size);
}

const lr_plots *app_scene_records(app_scene *scene) {
    return lmlua_records(scene->L);
}

/* ------------------------------------------------------------- the end -- */

bool app_scene_finish(app_scene *scene, char *err, size_t err_size) {
    callback_call c = {.name = "finish"};
    return run_callback(scene, &c, err, err_size);
}

struct lua_State *app_scene_state(app_scene *scene) {
    return scene->L;
}

app_guard *app_scene_guard(app_scene *scene) {
    return app_host_guard(scene->host);
}

const char *app_scene_path(const app_scene *scene) {
    return scene->path;
}
