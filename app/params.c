/*
 * params.c - --set values and their check against the scene's loom.param
 * declarations.
 */
#include "params.h"
#include "scene.h"

#include <lua.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../bindings/loom_lua.h"

static char *copy_text(const char *text, size_t length) {
    char *copy = malloc(length + 1);
    if (copy) {
        memcpy(copy, text, length);
        copy[length] = '\0';
    }
    return copy;
}

bool app_params_set(app_params *params, const char *name, const char *value) {
    char *value_copy = copy_text(value, strlen(value));
    if (!value_copy)
        return false;
    for (int i = 0; i < params->count; i++) {
        if (strcmp(params->names[i], name) == 0) {
            free(params->values[i]);
            params->values[i] = value_copy;
            return true;
        }
    }
    if (params->count == params->capacity) {
        int capacity = params->capacity ? 2 * params->capacity : 8;
        char **names = realloc(params->names, (size_t)capacity * sizeof *names);
        if (names)
            params->names = names;
        char **values = names ? realloc(params->values, (size_t)capacity * sizeof *values) : NULL;
        if (values)
            params->values = values;
        if (!names || !values) {
            free(value_copy);
            return false;
        }
        params->capacity = capacity;
    }
    char *name_copy = copy_text(name, strlen(name));
    if (!name_copy) {
        free(value_copy);
        return false;
    }
    params->names[params->count] = name_copy;
    params->values[params->count] = value_copy;
    params->count++;
    return true;
}

bool app_params_set_arg(app_params *params, const char *arg, char *err, size_t err_size) {
    const char *equals = strchr(arg, '=');
    if (!equals || equals == arg) {
        snprintf(err, err_size, "--set needs name=value, not '%s'", arg);
        return false;
    }
    char *name = copy_text(arg, (size_t)(equals - arg));
    bool ok = name && app_params_set(params, name, equals + 1);
    free(name);
    if (!ok)
        snprintf(err, err_size, "out of memory");
    return ok;
}

void app_params_free(app_params *params) {
    for (int i = 0; i < params->count; i++) {
        free(params->names[i]);
        free(params->values[i]);
    }
    free(params->names);
    free(params->values);
    *params = (app_params){0};
}

void app_params_give(const app_params *params, struct lua_State *L) {
    if (params && params->count > 0)
        lmlua_params_give(L, (const char *const *)params->names,
                          (const char *const *)params->values, params->count);
}

typedef struct params_check {
    const app_params *params;
    char *err;
    size_t err_size;
    bool ok;
} params_check;

static bool check_in(const app_params *params, lua_State *L, char *err, size_t err_size) {
    const char *problem = lmlua_params_problem(L);
    if (problem) {
        snprintf(err, err_size, "%s", problem);
        return false;
    }
    size_t count = lmlua_params_count(L);
    for (int i = 0; params && i < params->count; i++) {
        bool found = false;
        for (size_t k = 0; k < count && !found; k++) {
            lmlua_parameter p;
            found = lmlua_params_at(L, k, &p) && strcmp(p.name, params->names[i]) == 0;
        }
        if (found)
            continue;
        int used = snprintf(err, err_size, "--set %s: the scene has no parameter '%s' ",
                            params->names[i], params->names[i]);
        if (count == 0) {
            snprintf(err + used, err_size - (size_t)used,
                     "(it declares none; a scene declares one with loom.param(name, default))");
            return false;
        }
        used += snprintf(err + used, err_size - (size_t)used, "(its parameters:");
        for (size_t k = 0; k < count && (size_t)used < err_size; k++) {
            lmlua_parameter p;
            if (lmlua_params_at(L, k, &p))
                used +=
                    snprintf(err + used, err_size - (size_t)used, "%s %s", k ? "," : "", p.name);
        }
        if ((size_t)used < err_size)
            snprintf(err + used, err_size - (size_t)used, ")");
        return false;
    }
    return true;
}

static void run_check(lua_State *L, void *context) {
    params_check *check = context;
    check->ok = check_in(check->params, L, check->err, check->err_size);
}

bool app_params_check(const app_params *params, app_scene *scene, char *err, size_t err_size) {
    params_check check = {params, err, err_size, false};
    if (!app_scene_protected(scene, run_check, &check)) {
        snprintf(err, err_size, "loom: cannot read the scene's parameters");
        return false;
    }
    return check.ok;
}
