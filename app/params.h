/*
 * params.h - the values given to a scene's loom.param: --set name=value on
 * the command line, and the window's sliders, which override them and
 * survive reloads.
 */
#ifndef LOOM_APP_PARAMS_H
#define LOOM_APP_PARAMS_H

#include <stdbool.h>
#include <stddef.h>

struct lua_State;
typedef struct app_scene app_scene;

typedef struct app_params {
    int count, capacity;
    char **names, **values;
} app_params;

/* Sets name to value (replacing an earlier one). False when out of memory. */
bool app_params_set(app_params *params, const char *name, const char *value);
/* Parses "name=value"; false with a message in err when it is not that form. */
bool app_params_set_arg(app_params *params, const char *arg, char *err, size_t err_size);
void app_params_free(app_params *params);

/* Hands the values to a new Lua state (scene.c calls it while opening). */
void app_params_give(const app_params *params, struct lua_State *L);

/* After a load: false with a usage message in err when a given name is not a
 * parameter of the scene ("has no parameter 'kk' (its parameters: k,
 * damping)") or a value does not fit ("--set k=500: k must be between 1 and
 * 100"). */
bool app_params_check(const app_params *params, app_scene *scene, char *err, size_t err_size);

#endif
