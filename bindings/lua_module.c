/*
 * lua_module.c - luaopen_loom: the metatables, the `loom` table, and
 * loom.camera{...}, which a scene uses to ask the renderer for a view.
 */
#include <string.h>

#include "lua_internal.h"

#define CAMERA_KEY "loom.camera"

/* Fills the metatable on top of the stack from regs: "__name"-style entries
 * go into the metatable itself, the rest into its __index table. */
static void add_functions(lua_State *L, const luaL_Reg *regs) {
    lua_getfield(L, -1, "__index");
    for (; regs->name != NULL; regs++) {
        lua_pushcfunction(L, regs->func);
        lua_setfield(L, strncmp(regs->name, "__", 2) == 0 ? -3 : -2, regs->name);
    }
    lua_pop(L, 1);
}

/* Creates the metatable registered as registry_name, with a bare __name so
 * lauxlib's messages say "particle expected, got nil". */
static void new_type(lua_State *L, const char *registry_name, const char *name) {
    luaL_newmetatable(L, registry_name);
    lua_pushstring(L, name);
    lua_setfield(L, -2, "__name");
    lua_newtable(L);
    lua_setfield(L, -2, "__index");
}

static void register_types(lua_State *L) {
    new_type(L, LMLUA_WORLD_METATABLE, "world");
    add_functions(L, lmlua_world_methods);
    add_functions(L, lmlua_world_particle_methods);
    add_functions(L, lmlua_world_constraint_methods);
    add_functions(L, lmlua_world_force_methods);
    add_functions(L, lmlua_world_field_methods);
    add_functions(L, lmlua_world_collider_methods);
    add_functions(L, lmlua_world_measure_methods);
    add_functions(L, lmlua_world_embed_methods);
    lua_getfield(L, -1, "__index");
    lmlua_guard_methods(L, -1, "world");
    lua_pop(L, 2);

    static const luaL_Reg *const handle_methods[LMLUA_KIND_COUNT] = {
        lmlua_particle_methods, lmlua_constraint_methods, lmlua_force_methods,
        lmlua_collider_methods};
    for (int kind = 0; kind < LMLUA_KIND_COUNT; kind++) {
        new_type(L, lmlua_kind_metatable((lmlua_kind)kind), lmlua_kind_name((lmlua_kind)kind));
        add_functions(L, handle_methods[kind]);
        lua_pop(L, 1);
    }
    luaL_getmetatable(L, lmlua_kind_metatable(LMLUA_PARTICLE));
    add_functions(L, lmlua_particle_contact_methods);
    lua_pop(L, 1);
    luaL_getmetatable(L, lmlua_kind_metatable(LMLUA_PARTICLE));
    add_functions(L, lmlua_particle_attach_methods);
    lua_pop(L, 1);
    luaL_getmetatable(L, lmlua_kind_metatable(LMLUA_CONSTRAINT));
    add_functions(L, lmlua_constraint_look_methods);
    lua_pop(L, 1);
    luaL_getmetatable(L, lmlua_kind_metatable(LMLUA_FORCE));
    add_functions(L, lmlua_force_look_methods);
    lua_pop(L, 1);

    for (int kind = 0; kind < LMLUA_KIND_COUNT; kind++) {
        luaL_getmetatable(L, lmlua_kind_metatable((lmlua_kind)kind));
        lua_getfield(L, -1, "__index");
        lmlua_guard_methods(L, -1, lmlua_kind_name((lmlua_kind)kind));
        lua_pop(L, 2);
    }

    luaL_newmetatable(L, "loom.weak_values"); /* for the handle caches */
    lua_pushliteral(L, "v");
    lua_setfield(L, -2, "__mode");
    lua_pop(L, 1);
}

/* --------------------------------------------------------------- camera -- */

/* What loom.camera{...} asked for: the camera and which fields were given. */
typedef struct camera_request {
    lr_camera camera;
    unsigned given;
} camera_request;

enum {
    GIVEN_PROJECTION = 1u << 0,
    GIVEN_TARGET = 1u << 1,
    GIVEN_YAW = 1u << 2,
    GIVEN_PITCH = 1u << 3,
    GIVEN_HEIGHT = 1u << 4,
    GIVEN_FOV = 1u << 5,
};

static const char *const camera_fields[] = {"projection", "target", "yaw", "pitch",
                                            "height",     "fov",    NULL};
static const char *const projections[] = {"auto", "orthographic", "perspective", NULL};

/* loom.camera{ projection =, target =, yaw =, pitch =, height =, fov = }:
 * replaces what an earlier call asked for; fields left out are chosen by the
 * caller (the app frames the scene). */
int lmlua_camera(lua_State *L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    lmlua_check_options(L, 1, camera_fields);
    camera_request *request = lua_newuserdatauv(L, sizeof *request, 0);
    memset(request, 0, sizeof *request);
    lr_camera *camera = &request->camera;

    int projection;
    if (lmlua_get_option(L, 1, "projection", projections, &projection)) {
        camera->projection = (lr_projection)projection;
        request->given |= GIVEN_PROJECTION;
    }
    if (lmlua_get_vec3(L, 1, "target", &camera->target)) {
        request->given |= GIVEN_TARGET;
    }
    if (lmlua_get_finite(L, 1, "yaw", &camera->yaw)) {
        request->given |= GIVEN_YAW;
    }
    if (lmlua_get_finite(L, 1, "pitch", &camera->pitch)) {
        lmlua_require_range(L, lmlua_field(1, "pitch"), camera->pitch, -90, true, 90, true);
        request->given |= GIVEN_PITCH;
    }
    if (lmlua_get_finite(L, 1, "height", &camera->height)) {
        lmlua_require_min(L, lmlua_field(1, "height"), camera->height, 0, false);
        request->given |= GIVEN_HEIGHT;
    }
    if (lmlua_get_finite(L, 1, "fov", &camera->fov)) {
        lmlua_require_range(L, lmlua_field(1, "fov"), camera->fov, 0, false, 180, false);
        request->given |= GIVEN_FOV;
    }
    lua_setfield(L, LUA_REGISTRYINDEX, CAMERA_KEY);
    return 0;
}

void lmlua_apply_camera(lua_State *L, lr_camera *camera) {
    lua_getfield(L, LUA_REGISTRYINDEX, CAMERA_KEY);
    const camera_request *request = lua_touserdata(L, -1);
    if (request != NULL) {
        const lr_camera *asked = &request->camera;
        if (request->given & GIVEN_PROJECTION) {
            camera->projection = asked->projection;
        }
        if (request->given & GIVEN_TARGET) {
            camera->target = asked->target;
        }
        if (request->given & GIVEN_YAW) {
            camera->yaw = asked->yaw;
        }
        if (request->given & GIVEN_PITCH) {
            camera->pitch = asked->pitch;
        }
        if (request->given & GIVEN_HEIGHT) {
            camera->height = asked->height;
        }
        if (request->given & GIVEN_FOV) {
            camera->fov = asked->fov;
        }
    }
    lua_pop(L, 1);
}

/* --------------------------------------------------------------- module -- */

/* The shared metatables answer getmetatable with their type's name and
 * cannot be replaced with setmetatable: a scene never holds the table whose
 * __gc and __index loom relies on. */
static void protect_metatables(lua_State *L) {
    static const struct {
        const char *registry_name, *name;
    } types[] = {
        {LMLUA_WORLD_METATABLE, "world"},  {"loom.label", "label"},       {"loom.vec", "vec"},
        {"loom.draw_state", "draw state"}, {"loom.weak_values", "cache"},
    };
    for (size_t i = 0; i < sizeof types / sizeof types[0]; i++) {
        if (luaL_getmetatable(L, types[i].registry_name) == LUA_TTABLE) {
            lua_pushstring(L, types[i].name);
            lua_setfield(L, -2, "__metatable");
        }
        lua_pop(L, 1);
    }
    for (int kind = 0; kind < LMLUA_KIND_COUNT; kind++) {
        luaL_getmetatable(L, lmlua_kind_metatable((lmlua_kind)kind));
        lua_pushstring(L, lmlua_kind_name((lmlua_kind)kind));
        lua_setfield(L, -2, "__metatable");
        lua_pop(L, 1);
    }
}

int luaopen_loom(lua_State *L) {
    register_types(L);

    static const luaL_Reg functions[] = {
        {"world", lmlua_world_new},
        {"camera", lmlua_camera},
        {"style", lmlua_style},
        {NULL, NULL},
    };
    luaL_newlib(L, functions);
    lua_pushliteral(L, LM_VERSION_STRING);
    lua_setfield(L, -2, "version");
    lmlua_open_labels(L);
    lmlua_open_draw(L);
    lmlua_open_plot(L);
    lmlua_open_record(L);
    lmlua_open_param(L);
    lmlua_open_show(L);
    lmlua_open_keys(L);
    lmlua_open_vec(L);
    lmlua_open_random(L);
    lmlua_open_handles(L);

    luaL_getsubtable(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE);
    lua_pushvalue(L, -2);
    lua_setfield(L, -2, "loom");
    lua_pop(L, 1);
    lua_pushvalue(L, -1);
    lua_setfield(L, LUA_REGISTRYINDEX, LMLUA_MODULE_KEY);
    lua_pushvalue(L, -1);
    lua_setglobal(L, "loom");
    protect_metatables(L);
    lmlua_guard_loom(L, -1); /* last: the functions above are loom's own */
    return 1;
}
