/*
 * lua_force.c - world:spring, world:force and the force handle's methods,
 * and how a Lua function becomes an engine force generator.
 *
 * The engine knows a Lua force only as a C function plus a context (a
 * lua_callback). The context names its world wrapper and a reference into
 * that world's callback table; it holds no lua_State. world:step puts its own
 * L into the wrapper for the duration of the step, so a callback runs on the
 * thread that stepped, and removes it afterwards.
 */
#include <stdlib.h>

#include <math.h>

#include "lua_internal.h"

typedef struct lua_callback {
    lmlua_world *owner;
    int ref; /* in the world's callback table (user value LMLUA_UV_CALLBACKS) */
} lua_callback;

/* Called by the engine inside lm_world_step, once per force evaluation. It
 * must not raise (a longjmp would cross the engine), so the function runs
 * under lua_pcall and nothing here can fail without being reported. */
static int call_lua_force(lm_world *engine_world, double time, void *context) {
    (void)engine_world;
    const lua_callback *callback = context;
    lmlua_world *world = callback->owner;
    lua_State *L = world->L;
    if (L == NULL || !lua_checkstack(L, 4)) {
        /* Stepped from C (lm_world_step) rather than world:step: no Lua to run on. */
        return 1;
    }
    lmlua_push_callback(L, world->self_index, callback->ref);
    lua_pushvalue(L, world->self_index);
    lua_pushnumber(L, time);
    if (lua_pcall(L, 2, 0, 0) != LUA_OK) {
        lua_replace(L, world->error_index); /* world:step raises it */
        return 1;
    }
    return 0;
}

/* Called once when the generator is removed or the world destroyed. During
 * world:remove the wrapper carries L and the callback's function is dropped
 * from the table; during __gc L is NULL and the table dies with the world. */
static void release_lua_force(void *context) {
    lua_callback *callback = context;
    lmlua_world *world = callback->owner;
    if (world->L != NULL) {
        lmlua_release_callback(world->L, world->self_index, callback->ref);
    }
    free(callback);
}

static void push_force(lua_State *L, lm_force force) {
    if (force.index1 == 0) {
        lmlua_memory_error(L);
    }
    lmlua_push_handle(L, 1, LMLUA_FORCE, force.index1, force.generation);
}

/* Lua allocations first (they may raise), then malloc, then the engine, so
 * a failure at any point leaves nothing behind. */
static int add_callback_force(lua_State *L, lmlua_world *world) {
    lmlua_push_world_table(L, 1, LMLUA_UV_CALLBACKS);
    lua_pushvalue(L, 2);
    int ref = luaL_ref(L, -2);
    lua_callback *callback = malloc(sizeof *callback);
    lm_force force = {0, 0, 0};
    if (callback != NULL) {
        callback->owner = world;
        callback->ref = ref;
        force = lm_force_create_callback(world->world, call_lua_force, callback, release_lua_force);
    }
    if (force.index1 == 0) {
        luaL_unref(L, -1, ref);
        free(callback);
        return lmlua_memory_error(L);
    }
    lua_pop(L, 1);
    push_force(L, force);
    return 1;
}

/* world:force(function(w, t) ... end), world:force("drag", k),
 * world:force("gravity", {x, y, z}) */
static int world_force(lua_State *L) {
    lmlua_world *world = lmlua_check_world_idle(L, 1, "add to a world");
    if (lua_type(L, 2) == LUA_TFUNCTION) {
        return add_callback_force(L, world);
    }
    if (lua_type(L, 2) != LUA_TSTRING) {
        return luaL_typeerror(L, 2, "function or string");
    }
    static const char *const kinds[] = {"gravity", "drag", NULL};
    int kind = lmlua_to_option(L, 2, lmlua_param(2, "kind"), kinds);
    if (kind == 0) {
        push_force(L, lm_force_create_gravity(world->world,
                                              lmlua_check_vec3(L, lmlua_param(3, "gravity"))));
    } else {
        lmlua_place place = lmlua_param(3, "drag coefficient");
        double coefficient = lmlua_check_finite(L, place);
        lmlua_require_min(L, place, coefficient, 0, true);
        push_force(L, lm_force_create_drag(world->world, coefficient));
    }
    return 1;
}

static const char *const spring_fields[] = {"k", "damping", "rest", "look", "color", NULL};

/* world:spring(a, b [, { k =, damping =, rest = }]) */
/* Once per world: a spring whose omega h is past the integrator's stability
 * limit (lm_integrator_stability_limit) is reported as a warning naming it,
 * the limit and the sub-steps that would bring it under. */
static void warn_if_stiff(lua_State *L, lmlua_world *world, lm_force spring,
                          const lm_spring_def *def) {
    if (world->spring_warned) {
        return;
    }
    lm_world_def settings = lm_world_settings(world->world);
    double omega_h = lm_spring_omega_h(world->world, spring);
    double limit = lm_spring_stability_limit(world->world, spring);
    if (!(omega_h > limit)) {
        return;
    }
    world->spring_warned = true;
    int substeps = lm_world_substeps(world->world);
    double needed = ceil(substeps * omega_h / limit);
    double h = settings.time_step / substeps;
    luaL_where(L, 1);
    lua_pushfstring(L,
                    "spring between particle#%d and particle#%d (k = %f N/m) has omega h = %f, "
                    "over %s's stability limit %f: it will gain energy and may blow up. ",
                    (int)def->a.index1, (int)def->b.index1, def->stiffness, omega_h,
                    lm_integrator_name(settings.integrator), limit);
    if (needed <= 1000) {
        lua_pushfstring(L, "Use substeps = %d or more (now %d), a smaller k or heavier particles",
                        (int)needed, substeps);
    } else {
        lua_pushfstring(L,
                        "It would need %f sub-steps: use a smaller k, heavier particles or "
                        "another integrator",
                        needed);
    }
    lua_pushstring(L, " (reported once per world; h = ");
    lua_pushfstring(L, "%f s)", h);
    lua_concat(L, 5);
    lmlua_add_warning(L, lua_tostring(L, -1));
    lua_pop(L, 1);
}

void lmlua_watch_divergence(lua_State *L, lmlua_world *world) {
    if (world->diverge_warned) {
        return;
    }
    double now = lm_world_time(world->world);
    if (world->watching && now - world->watch_time < 0.1) {
        return;
    }
    lm_energy measured;
    if (lm_world_energy(world->world, NULL, 0, &measured) != LM_OK) {
        return; /* a Lua potential cannot run here (no stepping L): nothing to watch */
    }
    double energy = measured.total;
    double before = world->watch_energy, since = world->watch_time;
    bool had = world->watching;
    world->watching = true;
    world->watch_energy = energy;
    world->watch_time = now;
    /* Growth an explosion shows and a lesson does not: more than 10 J and
     * more than doubling the size of what there was, in a tenth of a second. */
    if (!had || !(energy - before > 10.0 + 2.0 * fabs(before))) {
        return;
    }
    lm_world_def settings = lm_world_settings(world->world);
    double limit = lm_integrator_stability_limit(settings.integrator);
    double omega_h;
    lm_force spring = lm_world_stiffest_spring(world->world, &omega_h);
    if (spring.index1 != 0) {
        limit = lm_spring_stability_limit(world->world, spring);
    }
    if (spring.index1 != 0 && omega_h > limit) {
        lm_particle ends[2];
        lm_force_particles(world->world, spring, ends);
        world->diverge_warned = true;
        lua_pushfstring(L,
                        "the energy grew from %f J to %f J between t = %f s and %f s: the "
                        "simulation is diverging. Cause: the spring between particle#%d and "
                        "particle#%d has omega h = %f, over %s's stability limit %f; use "
                        "substeps = %d or more, a smaller k or heavier particles",
                        before, energy, since, now, (int)ends[0].index1, (int)ends[1].index1,
                        omega_h, lm_integrator_name(settings.integrator), limit,
                        (int)ceil(lm_world_substeps(world->world) * omega_h / limit));
        lmlua_add_warning(L, lua_tostring(L, -1));
        lua_pop(L, 1);
    } else if (settings.integrator == LM_INTEGRATOR_EULER) {
        world->diverge_warned = true;
        lua_pushfstring(L,
                        "the energy grew from %f J to %f J between t = %f s and %f s: the "
                        "simulation is diverging. Cause: explicit Euler gains energy at every "
                        "step; use semi_implicit_euler, verlet or rk4",
                        before, energy, since, now);
        lmlua_add_warning(L, lua_tostring(L, -1));
        lua_pop(L, 1);
    }
}

void lmlua_watch_tunnel(lua_State *L, lmlua_world *world) {
    lm_tunnel tunnel;
    if (world->tunnel_warned || !lm_world_find_tunnel(world->world, &tunnel)) {
        return;
    }
    world->tunnel_warned = true;
    lm_collider_def d = lm_collider_get_def(world->world, tunnel.collider);
    char when[32];
    lmlua_format_seconds(lm_world_time(world->world), when);
    lua_pushfstring(L,
                    "particle#%d went through a %s %f m thick at t = %s s (%f m/s, %f m per "
                    "sub-step): contacts are found once per sub-step. Use substeps = %d or more "
                    "(now %d), or a thicker collider",
                    (int)tunnel.particle.index1, lm_collider_kind_name(d.kind), tunnel.thickness,
                    when, tunnel.speed,
                    tunnel.speed * lm_world_settings(world->world).time_step /
                        lm_world_substeps(world->world),
                    tunnel.substeps, lm_world_substeps(world->world));
    lmlua_add_warning(L, lua_tostring(L, -1));
    lua_pop(L, 1);
}

static int world_spring(lua_State *L) {
    lmlua_world *world = lmlua_check_world_idle(L, 1, "add to a world");
    lm_spring_def def = lm_spring_default_def();
    lr_style style = {0, LR_LOOK_DEFAULT};
    def.a = lmlua_particle_of(lmlua_check_member(L, 2, LMLUA_PARTICLE, world));
    def.b = lmlua_particle_of(lmlua_check_member(L, 3, LMLUA_PARTICLE, world));
    if (def.a.index1 == def.b.index1) {
        return luaL_argerror(L, 3, "a spring needs two different particles");
    }
    if (lmlua_check_options(L, 4, spring_fields)) {
        if (lmlua_get_finite(L, 4, "k", &def.stiffness)) {
            lmlua_require_min(L, lmlua_field(4, "k"), def.stiffness, 0, true);
        }
        if (lmlua_get_finite(L, 4, "damping", &def.damping)) {
            lmlua_require_min(L, lmlua_field(4, "damping"), def.damping, 0, true);
        }
        if (lmlua_get_finite(L, 4, "rest", &def.rest_length)) {
            lmlua_require_min(L, lmlua_field(4, "rest"), def.rest_length, 0, true);
        }
        lmlua_get_look(L, 4, &style.look, &style.color);
    }
    lm_force spring = lm_force_create_spring(world->world, &def);
    if (spring.index1 != 0 && (style.color != 0 || style.look != LR_LOOK_DEFAULT)) {
        lmlua_set_style(L, world, LR_STYLE_FORCE, spring.index1, spring.generation, style);
    }
    push_force(L, spring);
    if (spring.index1 != 0) {
        warn_if_stiff(L, world, spring, &def);
    }
    return 1;
}

const luaL_Reg lmlua_world_force_methods[] = {
    {"force", world_force},
    {"spring", world_spring},
    {NULL, NULL},
};

/* ------------------------------------------------------------- handles -- */

static int force_kind(lua_State *L) {
    const lmlua_handle *handle = lmlua_check_live(L, 1, LMLUA_FORCE);
    lm_force_kind kind = lm_force_get_kind(handle->owner->world, lmlua_force_of(handle));
    lua_pushstring(L, lm_force_kind_name(kind));
    return 1;
}

/* A spring's two particles; nothing for the other kinds. */
static int force_particles(lua_State *L) {
    const lmlua_handle *handle = lmlua_check_live(L, 1, LMLUA_FORCE);
    lm_particle particles[2];
    int count = lm_force_particles(handle->owner->world, lmlua_force_of(handle), particles);
    lmlua_push_handle_world(L, 1);
    int world_index = lua_gettop(L);
    for (int i = 0; i < count; i++) {
        lmlua_push_particle(L, world_index, particles[i]);
    }
    return count;
}

static int force_tostring(lua_State *L) {
    const lmlua_handle *handle = lmlua_check_handle(L, 1, LMLUA_FORCE);
    if (!lmlua_handle_is_live(handle, LMLUA_FORCE)) {
        lua_pushliteral(L, "removed force");
    } else {
        lm_force_kind kind = lm_force_get_kind(handle->owner->world, lmlua_force_of(handle));
        lua_pushfstring(L, "%s#%I", lm_force_kind_name(kind), (lua_Integer)handle->index1);
    }
    return 1;
}

const luaL_Reg lmlua_force_methods[] = {
    {"kind", force_kind},           {"particles", force_particles}, {"valid", lmlua_handle_valid},
    {"__tostring", force_tostring}, {"__eq", lmlua_handle_eq},      {NULL, NULL},
};
