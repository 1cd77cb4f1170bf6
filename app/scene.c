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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "../bindings/loom_lua.h"

enum { HOOK_INSTRUCTIONS = 10000 };

struct app_scene {
    lua_State *L;
    const char *path;
    app_limits limits;

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
    lm_camera fitted;
    double fitted_aspect;
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
    luaL_traceback(L, L, message, 1);
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

/* Opens the libraries and loom, sets package.path. Arguments: the scene path. */
static int open_state(lua_State *L) {
    const char *path = lua_tostring(L, 1);
    luaL_openlibs(L);
    luaL_requiref(L, "loom", luaopen_loom, 1);
    lua_pop(L, 1);
    set_package_path(L, path);
    return 0;
}

/* Takes the world: the chunk's first result if it is a world, else the last
 * world it made. Argument: the chunk's first result. Returns the world or nil. */
static int find_world(lua_State *L) {
    if (lmlua_toworld(L, 1))
        return 1;
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

/* Arguments: a light userdata pointing at an lm_camera. */
static int apply_camera(lua_State *L) {
    lmlua_apply_camera(L, lua_touserdata(L, 1));
    return 0;
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
    app_scene *scene = calloc(1, sizeof *scene);
    if (!scene) {
        snprintf(err, err_size, "out of memory");
        return NULL;
    }
    scene->path = path;
    scene->limits = *limits;
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

    lua_pushcfunction(L, open_state);
    lua_pushstring(L, path);
    if (!call(scene, 1, 0, err, err_size))
        goto fail;

    int status = luaL_loadfile(L, path);
    if (status != LUA_OK) {
        /* A syntax error reads "file:line: message"; a missing file "cannot open ...". */
        const char *message = lua_tostring(L, -1);
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
    return true;
}

lm_camera app_scene_camera(app_scene *scene, double aspect) {
    if (!scene->camera_fitted) {
        scene->fitted = lm_camera_fit(app_scene_world(scene), aspect);
        scene->fitted_aspect = aspect;
        scene->camera_fitted = true;
    }
    lm_camera camera = scene->fitted;
    /* A narrower picture than the one fitted shows more height, not less width. */
    if (aspect > 0.0 && aspect < scene->fitted_aspect)
        camera.height *= scene->fitted_aspect / aspect;
    lua_pushcfunction(scene->L, apply_camera);
    lua_pushlightuserdata(scene->L, &camera);
    char err[256];
    if (!call(scene, 1, 0, err, sizeof err))
        fprintf(stderr, "loom: %s\n", err);
    return camera;
}
