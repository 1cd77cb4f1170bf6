/*
 * scene.c - running a scene script under limits.
 *
 * The limits live with the state, not in globals: the allocator's user data
 * is the scene, and the count hook finds it again through lua_getallocf.
 *   - memory: the allocator refuses to grow the heap past the limit, so Lua
 *     raises "not enough memory" as it would on a real shortage;
 *   - time: every HOOK_INSTRUCTIONS instructions the hook compares the clock
 *     with the deadline of the current call and raises an error once it has
 *     passed. A deadline is set before each call from the app (running the
 *     script, one loom.update, one world:step) and cleared after it.
 */
#include "scene.h"

#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "../bindings/loom_lua.h"
#include "keys.h"
#include "params.h"

enum { HOOK_INSTRUCTIONS = 10000 };

struct app_scene {
    lua_State *L;
    const char *path;
    app_limits limits;
    app_scene_setup setup;

    size_t memory_used;
    bool memory_enforced; /* off while closing, so teardown never fails */
    bool memory_refused;  /* an allocation hit the limit */
    double deadline;      /* monotonic seconds; 0 while no call is running */
    bool warnings_on;     /* Lua's warn("@on") and warn("@off") */
    bool warning_continues;

    int world_ref;      /* registry reference to the world userdata */
    int module_ref;     /* registry reference to the loom module table */
    double unsimulated; /* seconds given to advance and not yet stepped */
    bool camera_fitted;
    lr_camera fitted;
    double fitted_aspect;
    bool blew_up;      /* the non-finite warning was given */
    char warning[120]; /* ... and its short form, for the window */
};

static double monotonic_seconds(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec + 1e-9 * (double)now.tv_nsec;
}

/* ---------------------------------------------------------------- limits -- */

static void *limited_alloc(void *context, void *block, size_t old_size, size_t new_size) {
    app_scene *scene = context;
    size_t old = block ? old_size : 0; /* without a block, old_size is a type tag */
    if (new_size == 0) {
        free(block);
        scene->memory_used -= old;
        return NULL;
    }
    if (new_size > old && scene->memory_enforced &&
        new_size - old > scene->limits.memory_bytes - scene->memory_used) {
        scene->memory_refused = true;
        return NULL;
    }
    void *grown = realloc(block, new_size);
    if (!grown)
        return NULL;
    scene->memory_used = scene->memory_used - old + new_size;
    return grown;
}

static app_scene *scene_of(lua_State *L) {
    void *context;
    lua_getallocf(L, &context);
    return context;
}

static void time_hook(lua_State *L, lua_Debug *where) {
    app_scene *scene = scene_of(L);
    if (scene->deadline == 0.0 || monotonic_seconds() < scene->deadline)
        return;
    if (lua_getinfo(L, "Sl", where) && where->currentline > 0)
        lua_pushfstring(L, "%s:%d: ", where->short_src, where->currentline);
    else
        lua_pushliteral(L, "");
    char limit[32];
    snprintf(limit, sizeof limit, "%g", scene->limits.time_seconds);
    lua_pushfstring(L, "script ran for more than %s s (an endless loop?)", limit);
    lua_concat(L, 2);
    lua_error(L);
}

/* Lua's warn(): off until "@on", like the stand-alone interpreter. */
static void warning(void *context, const char *message, int continues) {
    app_scene *scene = context;
    if (!scene->warning_continues && message[0] == '@') {
        if (strcmp(message, "@on") == 0)
            scene->warnings_on = true;
        else if (strcmp(message, "@off") == 0)
            scene->warnings_on = false;
        return;
    }
    if (scene->warnings_on) {
        if (!scene->warning_continues)
            fputs("Lua warning: ", stderr);
        fputs(message, stderr);
        if (!continues)
            fputc('\n', stderr);
    }
    scene->warning_continues = continues;
}

static int panic(lua_State *L) {
    const char *message = lua_tostring(L, -1);
    fprintf(stderr, "loom: unprotected Lua error: %s\n", message ? message : "?");
    return 0; /* Lua aborts */
}

/* ----------------------------------------------------------- protected -- */

/* Adds a traceback to an error, as lua.c does. */
static int message_handler(lua_State *L) {
    /* Reporting must not fail for want of memory: the limit is lifted until
     * the call returns. */
    scene_of(L)->memory_enforced = false;
    const char *message = lua_tostring(L, 1);
    if (!message) {
        if (luaL_callmeta(L, 1, "__tostring") && lua_type(L, -1) == LUA_TSTRING)
            message = lua_tostring(L, -1);
        else
            message = lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 1));
    }
    lmlua_push_traceback(L, L, message, 1); /* the scene's own frames */
    return 1;
}

/* Calls the function below nargs arguments on the stack under the time limit,
 * leaving nresults results. On failure writes the error to err and pops it. */
static bool call(app_scene *scene, int nargs, int nresults, char *err, size_t err_size) {
    lua_State *L = scene->L;
    int base = lua_gettop(L) - nargs; /* the function's index */
    lua_pushcfunction(L, message_handler);
    lua_insert(L, base);
    scene->deadline = monotonic_seconds() + scene->limits.time_seconds;
    int status = lua_pcall(L, nargs, nresults, base);
    scene->deadline = 0.0;
    scene->memory_enforced = true;
    if (status == LUA_OK) {
        lua_remove(L, base);
        scene->memory_refused = false;
        return true;
    }
    /* A memory error raised directly has no traceback; one re-raised by
     * world:step (from a force callback) does. */
    const char *message = lua_tostring(L, -1);
    if (status == LUA_ERRMEM)
        snprintf(err, err_size, "%s: %s", scene->path, message ? message : "not enough memory");
    else
        snprintf(err, err_size, "%s", message ? message : "(error without a message)");
    if (scene->memory_refused) {
        size_t length = strlen(err);
        snprintf(err + length, err_size - length,
                 "\nloom: the script went over its memory limit of %zu MiB (raise it with "
                 "--memory)",
                 scene->limits.memory_bytes >> 20);
    }
    scene->memory_refused = false;
    lua_settop(L, base - 1);
    return false;
}

/* package.path = "<scene dir>/?.lua;<exe dir>/../scripts/?.lua;...;" .. default */
static void set_package_path(lua_State *L, const char *scene_path) {
    const char *slash = strrchr(scene_path, '/');
    lua_getglobal(L, "package");
    int package = lua_gettop(L);
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    if (slash)
        luaL_addlstring(&b, scene_path, (size_t)(slash - scene_path) + 1);
    else
        luaL_addstring(&b, "./");
    luaL_addstring(&b, "?.lua;");

    char exe[4096];
    ssize_t length = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (length > 0) {
        exe[length] = '\0';
        char *exe_slash = strrchr(exe, '/');
        if (exe_slash) {
            exe_slash[1] = '\0';
            luaL_addstring(&b, exe);
            luaL_addstring(&b, "../scripts/?.lua;");
            luaL_addstring(&b, exe);
            luaL_addstring(&b, "../scripts/?/init.lua;");
        }
    }
    lua_getfield(L, package, "path");
    luaL_addvalue(&b);
    luaL_pushresult(&b);
    lua_setfield(L, package, "path");
    lua_pop(L, 1);
}

/* ---------------------------------------------------- files and input -- */

/* Records a file the script reads, for hot reload. */
static void record_file(app_scene *scene, const char *path) {
    if (scene->setup.watch && path)
        app_watch_add(scene->setup.watch, path);
}

/* dofile and loadfile, recording their file first. Upvalue 1: the original. */
static int recording_file_loader(lua_State *L) {
    if (lua_type(L, 1) == LUA_TSTRING)
        record_file(scene_of(L), lua_tostring(L, 1));
    int arguments = lua_gettop(L);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, arguments, LUA_MULTRET);
    return lua_gettop(L);
}

/* require's Lua-file searcher, recording the file it will load (before
 * loading it, so that a module with a syntax error is watched too).
 * Upvalue 1: the original searcher. */
static int recording_searcher(lua_State *L) {
    const char *name = luaL_checkstring(L, 1);
    lua_getfield(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE);
    if (lua_getfield(L, -1, "package") == LUA_TTABLE &&
        lua_getfield(L, -1, "searchpath") == LUA_TFUNCTION) {
        lua_pushstring(L, name);
        lua_getfield(L, -3, "path");
        if (lua_type(L, -1) == LUA_TSTRING) {
            lua_call(L, 2, 1);
            if (lua_type(L, -1) == LUA_TSTRING)
                record_file(scene_of(L), lua_tostring(L, -1));
        }
    }
    lua_settop(L, 1);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, 1, LUA_MULTRET);
    return lua_gettop(L);
}

static void wrap_file_loaders(lua_State *L) {
    static const char *const loaders[] = {"dofile", "loadfile"};
    for (int i = 0; i < 2; i++) {
        lua_getglobal(L, loaders[i]);
        lua_pushcclosure(L, recording_file_loader, 1);
        lua_setglobal(L, loaders[i]);
    }
    lua_getglobal(L, "package");
    lua_getfield(L, -1, "searchers");
    if (lua_rawgeti(L, -1, 2) == LUA_TFUNCTION) {
        lua_pushcclosure(L, recording_searcher, 1);
        lua_rawseti(L, -2, 2);
    } else {
        lua_pop(L, 1);
    }
    lua_pop(L, 2);
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

enum { KEEP_DEPTH = 32 };

/* Pushes onto L a copy of the value at index in from: numbers, strings,
 * booleans and tables of them (nested up to KEEP_DEPTH); anything else, and
 * tables seen before on the way down, as nil. */
static void copy_value(lua_State *from, int index, lua_State *L, int depth) {
    luaL_checkstack(L, 4, "loom.keep is too deep");
    switch (lua_type(from, index)) {
    case LUA_TBOOLEAN:
        lua_pushboolean(L, lua_toboolean(from, index));
        break;
    case LUA_TNUMBER:
        if (lua_isinteger(from, index))
            lua_pushinteger(L, lua_tointeger(from, index));
        else
            lua_pushnumber(L, lua_tonumber(from, index));
        break;
    case LUA_TSTRING: {
        size_t length;
        const char *text = lua_tolstring(from, index, &length);
        lua_pushlstring(L, text, length);
        break;
    }
    case LUA_TTABLE:
        if (depth >= KEEP_DEPTH || !lua_checkstack(from, 3)) {
            lua_pushnil(L);
            break;
        }
        index = lua_absindex(from, index);
        lua_newtable(L);
        lua_pushnil(from);
        while (lua_next(from, index)) {
            copy_value(from, -2, L, depth + 1);
            copy_value(from, -1, L, depth + 1);
            if (lua_isnil(L, -2))
                lua_pop(L, 2);
            else
                lua_rawset(L, -3);
            lua_pop(from, 1);
        }
        break;
    default:
        lua_pushnil(L);
        break;
    }
}

/* Pushes the new state's loom.keep: a copy of the old scene's, or {}. */
static void push_keep(lua_State *L, app_scene *keep_from) {
    if (keep_from && keep_from->L) {
        lua_State *from = keep_from->L;
        int top = lua_gettop(from);
        if (lua_checkstack(from, 4)) {
            lua_rawgeti(from, LUA_REGISTRYINDEX, keep_from->module_ref);
            if (lua_type(from, -1) == LUA_TTABLE && lua_getfield(from, -1, "keep") == LUA_TTABLE) {
                copy_value(from, -1, L, 0);
                lua_settop(from, top);
                return;
            }
        }
        lua_settop(from, top);
    }
    lua_newtable(L);
}

/* Opens the libraries and loom, sets package.path, adds the app's part of
 * loom (keep, key_down, mouse) and starts recording files. Arguments: the
 * scene path. */
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

static int open_state(lua_State *L) {
    const char *path = lua_tostring(L, 1);
    app_scene *scene = scene_of(L);
    luaL_openlibs(L);
    luaL_requiref(L, "loom", luaopen_loom, 1);
    lmlua_set_seed(L, scene->limits.seeded ? scene->limits.seed : hash_file(path));
    app_params_give(scene->setup.params, L);
    push_keep(L, scene->setup.keep_from);
    lua_setfield(L, -2, "keep");
    lua_pushcfunction(L, key_down);
    lua_setfield(L, -2, "key_down");
    lua_pushcfunction(L, mouse);
    lua_setfield(L, -2, "mouse");
    lua_pop(L, 1);
    set_package_path(L, path);
    wrap_file_loaders(L);
    return 0;
}

/* Takes the world: the chunk's first result if it is a world, else the last
 * world it made. Argument: the chunk's first result. Returns the world or nil. */
static int find_world(lua_State *L) {
    if (lmlua_toworld(L, 1))
        return 1;
    if (lmlua_world_count(L) > 1)
        lmlua_add_warning(L, lua_pushfstring(L,
                                             "%s: the scene returned no world and made %d: loom "
                                             "shows the last one made (end the scene with return "
                                             "world)",
                                             scene_of(L)->path, (int)lmlua_world_count(L)));
    lmlua_push_last_world(L);
    if (!lmlua_toworld(L, -1))
        lua_pushnil(L);
    return 1;
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

/* What the bindings noticed while the scene loaded (a misspelt callback,
 * several worlds and none returned), on stderr. */
static void print_warnings(app_scene *scene) {
    int count = lmlua_push_warnings(scene->L);
    for (int i = 1; i <= count; i++) {
        lua_rawgeti(scene->L, -1, i);
        const char *message = lua_tostring(scene->L, -1);
        fprintf(stderr, "loom: warning: %s\n", message ? message : "");
        lua_pop(scene->L, 1);
    }
    lua_pop(scene->L, 1);
}

/* ----------------------------------------------------------- lifecycle -- */

void app_scene_destroy(app_scene *scene) {
    if (!scene)
        return;
    if (scene->L) {
        scene->memory_enforced = false;
        lua_close(scene->L);
    }
    free(scene);
}

app_scene *app_scene_load(const char *path, const app_limits *limits, char *err, size_t err_size) {
    app_scene_setup setup = {.path = path, .limits = *limits};
    return app_scene_load_setup(&setup, err, err_size);
}

app_scene *app_scene_load_setup(const app_scene_setup *setup, char *err, size_t err_size) {
    const char *path = setup->path;
    app_scene *scene = calloc(1, sizeof *scene);
    if (!scene) {
        snprintf(err, err_size, "out of memory");
        return NULL;
    }
    scene->setup = *setup;
    scene->path = path;
    scene->limits = setup->limits;
    scene->memory_enforced = true;
    scene->world_ref = LUA_NOREF;
    scene->module_ref = LUA_NOREF;
    lua_State *L = lua_newstate(limited_alloc, scene);
    if (!L) {
        snprintf(err, err_size, "%s: not enough memory to start Lua", path);
        free(scene);
        return NULL;
    }
    scene->L = L;
    lua_atpanic(L, panic);
    lua_setwarnf(L, warning, scene);
    lua_sethook(L, time_hook, LUA_MASKCOUNT, HOOK_INSTRUCTIONS);

    /* A failed copy of loom.keep may leave the old state's stack unbalanced. */
    lua_State *keep_state = setup->keep_from ? setup->keep_from->L : NULL;
    int keep_top = keep_state ? lua_gettop(keep_state) : 0;
    lua_pushcfunction(L, open_state);
    lua_pushstring(L, path);
    bool opened = call(scene, 1, 0, err, err_size);
    if (keep_state)
        lua_settop(keep_state, keep_top);
    scene->setup.keep_from = NULL; /* only read while opening */
    if (!opened)
        goto fail;

    record_file(scene, path);
    /* Text only: a precompiled chunk can crash the interpreter (Lua does not verify bytecode). */
    int status = luaL_loadfilex(L, path, "t");
    if (status != LUA_OK) {
        /* A syntax error reads "file:line: message"; a missing file "cannot open ...". */
        const char *message = lua_tostring(L, -1);
        if (message && strstr(message, "binary chunk"))
            snprintf(err, err_size, "loom: %s: %s", path, message); /* Lua names no file */
        else
            snprintf(err, err_size, "%s%s", status == LUA_ERRFILE ? "loom: " : "",
                     message ? message : "cannot load the scene");
        goto fail;
    }
    if (!call(scene, 0, 1, err, err_size))
        goto fail;

    lua_pushcfunction(L, find_world);
    lua_insert(L, -2);
    if (!call(scene, 1, 1, err, err_size))
        goto fail;
    if (lua_isnil(L, -1)) {
        snprintf(err, err_size,
                 "%s: the scene made no world (create one with loom.world{} and return it)", path);
        goto fail;
    }
    scene->world_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    print_warnings(scene);
    lua_getfield(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE);
    lua_getfield(L, -1, "loom");
    scene->module_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    lua_pop(L, 1);
    if (scene->world_ref == LUA_REFNIL || scene->world_ref == LUA_NOREF) {
        snprintf(err, err_size, "%s: not enough memory", path);
        goto fail;
    }
    return scene;

fail:
    app_scene_destroy(scene);
    return NULL;
}

/* ---------------------------------------------------------------- frame -- */

const lm_world *app_scene_world(app_scene *scene) {
    lua_rawgeti(scene->L, LUA_REGISTRYINDEX, scene->world_ref);
    const lm_world *world = lmlua_toworld(scene->L, -1);
    lua_pop(scene->L, 1);
    return world;
}

const lr_styles *app_scene_styles(app_scene *scene) {
    lua_rawgeti(scene->L, LUA_REGISTRYINDEX, scene->world_ref);
    const lr_styles *styles = lmlua_tostyles(scene->L, -1);
    lua_pop(scene->L, 1);
    return styles;
}

lr_theme app_scene_theme(app_scene *scene) {
    lr_theme theme;
    lmlua_apply_theme(scene->L, &theme);
    return theme;
}

/* A scene whose numbers became NaN or infinite goes on (the picture shows
 * what is left), but the user is told once, with the likely causes, instead
 * of watching particles vanish without a word. */
static void warn_if_blown_up(app_scene *scene) {
    const lm_world *world = app_scene_world(scene);
    if (scene->blew_up || !world)
        return;
    lm_particle particle = lm_world_find_nonfinite(world);
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

bool app_scene_advance(app_scene *scene, double dt, char *err, size_t err_size) {
    lua_State *L = scene->L;

    lua_rawgeti(L, LUA_REGISTRYINDEX, scene->module_ref);
    if (lua_type(L, -1) == LUA_TTABLE && lua_getfield(L, -1, "update") == LUA_TFUNCTION) {
        lua_remove(L, -2);
        lua_pushnumber(L, dt);
        if (!call(scene, 1, 0, err, err_size))
            return false;
    } else {
        lua_pop(L, lua_type(L, -1) == LUA_TTABLE ? 2 : 1);
    }

    /* A small tolerance keeps rounding from skipping a step, e.g. when the
     * frame time is exactly twice the time step. */
    scene->unsimulated += dt;
    for (;;) {
        const lm_world *world = app_scene_world(scene);
        if (!world) {
            snprintf(err, err_size, "%s: the scene's world is gone", scene->path);
            return false;
        }
        double time_step = lm_world_settings(world).time_step;
        if (scene->unsimulated < time_step * (1.0 - 1e-9))
            break;
        scene->unsimulated -= time_step;
        lua_pushcfunction(L, step_world);
        lua_rawgeti(L, LUA_REGISTRYINDEX, scene->world_ref);
        if (!call(scene, 1, 0, err, err_size))
            return false;
    }
    if (scene->unsimulated < 0.0)
        scene->unsimulated = 0.0;
    print_warnings(scene); /* e.g. a diverging spring (bindings/lua_force.c) */
    warn_if_blown_up(scene);
    return true;
}

lr_camera app_scene_camera(app_scene *scene, double aspect) {
    /* Plot panels take a strip on the right: the scene is framed in the rest. */
    double strip = lm_plots_strip_width(lmlua_plots(scene->L), aspect);
    double full_aspect = aspect;
    aspect *= 1.0 - strip;
    if (!scene->camera_fitted) {
        scene->fitted = lr_camera_fit(app_scene_world(scene), aspect);
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

/* Pushes loom.<name> if it is a function and returns true; else pushes nothing. */
static bool push_callback(app_scene *scene, const char *name) {
    lua_State *L = scene->L;
    lua_rawgeti(L, LUA_REGISTRYINDEX, scene->module_ref);
    if (lua_type(L, -1) == LUA_TTABLE && lua_getfield(L, -1, name) == LUA_TFUNCTION) {
        lua_remove(L, -2);
        return true;
    }
    lua_pop(L, lua_type(L, -1) == LUA_TTABLE ? 2 : 1);
    return false;
}

static bool finish_callback(app_scene *scene, int nargs, bool *taken, char *err, size_t err_size) {
    if (!call(scene, nargs, 1, err, err_size))
        return false;
    *taken = lua_toboolean(scene->L, -1);
    lua_pop(scene->L, 1);
    return true;
}

bool app_scene_key(app_scene *scene, const char *callback, const char *key, bool *taken, char *err,
                   size_t err_size) {
    *taken = false;
    if (!push_callback(scene, callback))
        return true;
    lua_pushstring(scene->L, key);
    return finish_callback(scene, 1, taken, err, err_size);
}

bool app_scene_mouse(app_scene *scene, const char *callback, lm_vec3 world, int button, bool *taken,
                     char *err, size_t err_size) {
    *taken = false;
    if (!push_callback(scene, callback))
        return true;
    lua_pushnumber(scene->L, world.x);
    lua_pushnumber(scene->L, world.y);
    lua_pushinteger(scene->L, button);
    return finish_callback(scene, 3, taken, err, err_size);
}

/* --------------------------------------------------------------- camera -- */

lm_world *app_scene_world_mutable(app_scene *scene) {
    lua_rawgeti(scene->L, LUA_REGISTRYINDEX, scene->world_ref);
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

void app_scene_each_label(app_scene *scene,
                          void (*fn)(void *context, const struct lmlua_label *label),
                          void *context) {
    lmlua_each_label(scene->L, fn, context);
}

const char *app_scene_warning(const app_scene *scene) {
    return scene->blew_up ? scene->warning : NULL;
}

/* ---------------------------------------------------------- drawing -- */

bool app_scene_draw(app_scene *scene, double aspect, char *err, size_t err_size) {
    lua_pushcfunction(scene->L, lmlua_draw_frame);
    lua_pushnumber(scene->L, aspect);
    return call(scene, 1, 0, err, err_size);
}

void app_scene_each_key(app_scene *scene,
                        void (*fn)(void *context, const char *key, const char *text),
                        void *context) {
    lmlua_each_scene_key(scene->L, fn, context);
}

const lm_overlay *app_scene_overlay(app_scene *scene) {
    return lmlua_overlay(scene->L);
}

const lm_plots *app_scene_plots(app_scene *scene) {
    return lmlua_plots(scene->L);
}

/* ------------------------------------------------------------- the end -- */

bool app_scene_finish(app_scene *scene, char *err, size_t err_size) {
    if (!push_callback(scene, "finish"))
        return true;
    return call(scene, 0, 0, err, err_size);
}

struct lua_State *app_scene_state(app_scene *scene) {
    return scene->L;
}
