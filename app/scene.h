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
#include "../engine/render/render.h"

typedef struct app_limits {
    size_t memory_bytes; /* the Lua heap may not grow past this */
    double time_seconds; /* wall-clock limit for one call into the script */
} app_limits;

#define APP_DEFAULT_MEMORY_MIB 1024
#define APP_DEFAULT_TIMEOUT_S  10.0

typedef struct app_scene app_scene;

/* Runs the script at path. NULL with a message in err on failure (a script
 * error, no world, out of memory). */
app_scene *app_scene_load(const char *path, const app_limits *limits, char *err, size_t err_size);
void app_scene_destroy(app_scene *scene);

/* Moves the scene on by dt seconds: loom.update(dt) if the script defines it,
 * then world:step() while a whole time_step of dt is left (the remainder is
 * kept for the next call). False with a message in err on a script error. */
bool app_scene_advance(app_scene *scene, double dt, char *err, size_t err_size);

/* The scene's world (owned by its Lua state). */
const lm_world *app_scene_world(app_scene *scene);

/* The camera for a picture of the given aspect: fitted to the world when
 * first asked, widened for narrower pictures, then whatever the script set
 * with loom.camera{}. */
lm_camera app_scene_camera(app_scene *scene, double aspect);

#endif
