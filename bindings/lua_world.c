/*
 * lua_world.c - loom.world{...} and the world's own methods: settings,
 * stepping, statistics, listing and removing.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "lua_internal.h"

#define LAST_WORLD_KEY  "loom.last_world"
#define WORLD_COUNT_KEY "loom.world_count"
#define INTERRUPT_KEY   "loom.step_interrupt"
#define THREADS_KEY     "loom.thread_budget"

/* The step interrupt worlds get (lmlua_set_step_interrupt), kept in the
 * registry as a userdata whose user value is the message. */
typedef struct step_interrupt {
    lm_interrupt_fn fn;
    void *context;
} step_interrupt;

void lmlua_set_step_interrupt(lua_State *L, lm_interrupt_fn fn, void *context,
                              const char *message) {
    if (fn == NULL) {
        lua_pushnil(L);
    } else {
        step_interrupt *interrupt = lua_newuserdatauv(L, sizeof *interrupt, 1);
        interrupt->fn = fn;
        interrupt->context = context;
        lua_pushstring(L, message ? message : "the step was interrupted");
        lua_setiuservalue(L, -2, 1);
    }
    lua_setfield(L, LUA_REGISTRYINDEX, INTERRUPT_KEY);
}

/* The budget of worker threads (lmlua_set_thread_budget), kept in the
 * registry as a userdata. */
typedef struct thread_budget {
    int (*take)(void *context, int wanted);
    void (*give)(void *context, int count);
    void *context;
} thread_budget;

void lmlua_set_thread_budget(lua_State *L, int (*take)(void *context, int wanted),
                             void (*give)(void *context, int count), void *context) {
    if (take == NULL) {
        lua_pushnil(L);
    } else {
        thread_budget *budget = lua_newuserdatauv(L, sizeof *budget, 0);
        budget->take = take;
        budget->give = give;
        budget->context = context;
    }
    lua_setfield(L, LUA_REGISTRYINDEX, THREADS_KEY);
}

static const thread_budget *current_budget(lua_State *L) {
    lua_getfield(L, LUA_REGISTRYINDEX, THREADS_KEY);
    const thread_budget *budget = lua_touserdata(L, -1);
    lua_pop(L, 1);
    return budget;
}

/* The step interrupt new worlds get, or NULL. */
static const step_interrupt *current_interrupt(lua_State *L) {
    lua_getfield(L, LUA_REGISTRYINDEX, INTERRUPT_KEY);
    const step_interrupt *interrupt = lua_touserdata(L, -1);
    lua_pop(L, 1);
    return interrupt;
}

int lmlua_memory_error(lua_State *L) {
    return luaL_error(L, "not enough memory");
}

/* The world userdata at arg, live or collected. */
/* The world userdata at index, or NULL. debug.setmetatable (--trust) can give
 * any userdata a world's metatable: the size tells them apart. */
static lmlua_world *test_world(lua_State *L, int index) {
    lmlua_world *world = luaL_testudata(L, index, LMLUA_WORLD_METATABLE);
    return world != NULL && lua_rawlen(L, index) == sizeof *world ? world : NULL;
}

static lmlua_world *check_world_userdata(lua_State *L, int arg) {
    lmlua_world *world = test_world(L, arg);
    if (world == NULL) {
        luaL_typeerror(L, arg, "world"); /* not luaL_checkudata: it names "loom.world" */
    }
    return world;
}

lmlua_world *lmlua_check_world(lua_State *L, int arg) {
    lmlua_world *world = check_world_userdata(L, arg);
    if (world->world == NULL) {
        /* Only reachable from a finalizer that runs after the world's own. */
        luaL_argerror(L, arg, "attempt to use a destroyed world");
    }
    return world;
}

lmlua_world *lmlua_check_world_idle(lua_State *L, int arg, const char *refusal) {
    lmlua_world *world = lmlua_check_world(L, arg);
    if (world->stepping) {
        luaL_error(L, "cannot %s from inside its own force callback", refusal);
    }
    return world;
}

void lmlua_hold_world(lua_State *L, int index, bool held) {
    lmlua_world *world = test_world(L, index);
    if (world != NULL) {
        world->held = held;
    }
}

lm_world *lmlua_toworld(lua_State *L, int index) {
    lmlua_world *world = test_world(L, index);
    return world != NULL ? world->world : NULL;
}

const lr_styles *lmlua_tostyles(lua_State *L, int index) {
    lmlua_world *world = test_world(L, index);
    return world && world->world ? world->styles : NULL;
}

void lmlua_push_last_world(lua_State *L) {
    lua_getfield(L, LUA_REGISTRYINDEX, LAST_WORLD_KEY);
}

/* ------------------------------------------------------------- settings -- */

static const char *const world_fields[] = {
    "gravity", "integrator", "iterations",  "substeps",          "damping",
    "dt",      "tolerance",  "sqrt_approx", "collide_particles", "collide_edges",
    "order",   "threads",    "projection",  "collide_bodies",    "name",
    NULL};

/* Reads name = "..." from the options table at arg into world->name. */
static void read_world_name(lua_State *L, int arg, lmlua_world *world) {
    if (lmlua_get_field(L, arg, "name") != LUA_TNIL) {
        size_t length = 0;
        const char *name = lua_type(L, -1) == LUA_TSTRING ? lua_tolstring(L, -1, &length) : NULL;
        if (!name)
            lmlua_place_error(L, lmlua_field(arg, "name"),
                              lua_pushfstring(L, "must be a string, got %s", luaL_typename(L, -1)));
        if (length == 0 || length >= LMLUA_WORLD_NAME_SIZE || strlen(name) != length)
            lmlua_place_error(
                L, lmlua_field(arg, "name"),
                lua_pushfstring(L, "must be 1 to %d characters", LMLUA_WORLD_NAME_SIZE - 1));
        memcpy(world->name, name, length + 1);
    }
    lua_pop(L, 1);
}

/* Reads the fields present in the options table at arg into def. */
static void read_world_def(lua_State *L, int arg, lm_world_def *def) {
    if (!lmlua_check_options(L, arg, world_fields)) {
        return;
    }
    lmlua_get_vec3(L, arg, "gravity", &def->gravity);

    int integrator;
    if (lmlua_get_option(L, arg, "integrator", lm_integrator_names(), &integrator)) {
        def->integrator = (lm_integrator)integrator;
    }
    int projection;
    if (lmlua_get_option(L, arg, "projection", lm_projection_method_names(), &projection)) {
        def->projection = (lm_projection_method)projection;
    }

    lua_Integer count;
    if (lmlua_get_integer(L, arg, "iterations", &count)) {
        lmlua_require_range(L, lmlua_field(arg, "iterations"), (double)count, 1, true, 10000, true);
        def->iterations = (int)count;
    }
    if (lmlua_get_integer(L, arg, "substeps", &count)) {
        lmlua_require_range(L, lmlua_field(arg, "substeps"), (double)count, 1, true, 1000, true);
        def->substeps = (int)count;
    }
    if (lmlua_get_finite(L, arg, "damping", &def->damping)) {
        lmlua_require_range(L, lmlua_field(arg, "damping"), def->damping, 0, true, 1, false);
    }
    if (lmlua_get_finite(L, arg, "dt", &def->time_step)) {
        lmlua_require_range(L, lmlua_field(arg, "dt"), def->time_step, 0, false, 1, true);
    }
    if (lmlua_get_finite(L, arg, "tolerance", &def->tolerance)) {
        lmlua_require_min(L, lmlua_field(arg, "tolerance"), def->tolerance, 0, true);
    }
    lmlua_get_boolean(L, arg, "sqrt_approx", &def->sqrt_approx);
    lmlua_get_boolean(L, arg, "collide_particles", &def->collide_particles);
    lmlua_get_boolean(L, arg, "collide_edges", &def->collide_edges);
    lmlua_get_boolean(L, arg, "collide_bodies", &def->collide_bodies);
    int order;
    if (lmlua_get_option(L, arg, "order", lm_order_names(), &order)) {
        def->order = (lm_order)order;
    }
    if (lmlua_get_integer(L, arg, "threads", &count)) {
        lmlua_require_range(L, lmlua_field(arg, "threads"), (double)count, 1, true, LM_MAX_THREADS,
                            true);
        def->threads = (int)count;
    }
}

/* loom.world{ gravity =, integrator =, iterations =, substeps =, damping =, dt = } */
int lmlua_world_new(lua_State *L) {
    lm_world_def def = lm_world_default_def();
    read_world_def(L, 1, &def);

    lmlua_world *world = lua_newuserdatauv(L, sizeof *world, LMLUA_WORLD_USER_VALUES);
    world->world = NULL;
    world->workers = 0;
    world->give_workers = NULL;
    world->budget = NULL;
    world->L = NULL;
    world->self_index = 0;
    world->error_index = 0;
    world->stepping = false;
    world->held = false;
    world->spring_warned = false;
    world->watching = false;
    world->diverge_warned = false;
    world->tunnel_warned = false;
    world->name[0] = '\0';
    world->number = (int)lmlua_world_count(L) + 1;
    world->unmet_warned = false;
    world->net_warned = false;
    world->net_first = world->net_worst = world->net_worst_time = -1;
    world->watch_energy = world->watch_time = 0;
    world->styles = NULL;
    world->world = NULL;
    luaL_setmetatable(L, LMLUA_WORLD_METATABLE);
    for (int kind = 0; kind < LMLUA_KIND_COUNT; kind++) {
        lua_newtable(L);
        luaL_setmetatable(L, "loom.weak_values");
        lua_setiuservalue(L, -2, kind + 1);
    }
    lua_newtable(L);
    lua_setiuservalue(L, -2, LMLUA_UV_CALLBACKS);

    if (lua_type(L, 1) == LUA_TTABLE)
        read_world_name(L, 1, world);
    world->styles = lr_styles_create();
    /* The engine allocates through L's allocator: a host's memory limit
     * counts the world's particles and constraints too. */
    void *alloc_context;
    lua_Alloc alloc = lua_getallocf(L, &alloc_context);
    /* Worker threads come from the process's budget: fewer when it is low. */
    const thread_budget *budget = current_budget(L);
    if (budget && def.threads > 1) {
        world->workers = budget->take(budget->context, def.threads - 1);
        world->give_workers = budget->give;
        world->budget = budget->context;
        def.threads = 1 + world->workers;
    }
    world->world =
        world->styles ? lm_world_create_with_allocator(&def, alloc, alloc_context) : NULL;
    if (world->world == NULL) {
        return lmlua_memory_error(L); /* __gc gives the workers back */
    }
    const step_interrupt *interrupt = current_interrupt(L);
    if (interrupt) {
        lm_world_set_interrupt(world->world, interrupt->fn, interrupt->context);
    }
    lua_pushvalue(L, -1);
    lua_setfield(L, LUA_REGISTRYINDEX, LAST_WORLD_KEY);
    lua_pushinteger(L, lmlua_world_count(L) + 1);
    lua_setfield(L, LUA_REGISTRYINDEX, WORLD_COUNT_KEY);
    return 1;
}

lua_Integer lmlua_world_count(lua_State *L) {
    lua_getfield(L, LUA_REGISTRYINDEX, WORLD_COUNT_KEY);
    lua_Integer count = lua_tointeger(L, -1);
    lua_pop(L, 1);
    return count;
}

static int world_settings(lua_State *L) {
    lmlua_world *world = lmlua_check_world(L, 1);
    lm_world_def def = lm_world_settings(world->world);
    lua_createtable(L, 0, 6);
    lmlua_push_vec3_table(L, def.gravity);
    lua_setfield(L, -2, "gravity");
    lua_pushstring(L, lm_integrator_name(def.integrator));
    lua_setfield(L, -2, "integrator");
    lua_pushinteger(L, def.iterations);
    lua_setfield(L, -2, "iterations");
    lua_pushinteger(L, lm_world_substeps(world->world));
    lua_setfield(L, -2, "substeps");
    lua_pushnumber(L, def.damping);
    lua_setfield(L, -2, "damping");
    lua_pushnumber(L, def.time_step);
    lua_setfield(L, -2, "dt");
    lua_pushnumber(L, def.tolerance);
    lua_setfield(L, -2, "tolerance");
    lua_pushboolean(L, def.sqrt_approx);
    lua_setfield(L, -2, "sqrt_approx");
    lua_pushboolean(L, def.collide_particles);
    lua_setfield(L, -2, "collide_particles");
    lua_pushboolean(L, def.collide_edges);
    lua_setfield(L, -2, "collide_edges");
    lua_pushstring(L, lm_projection_method_name(def.projection));
    lua_setfield(L, -2, "projection");
    lua_pushboolean(L, def.collide_bodies);
    lua_setfield(L, -2, "collide_bodies");
    lua_pushstring(L, lm_order_name(def.order));
    lua_setfield(L, -2, "order");
    lua_pushinteger(L, def.threads);
    lua_setfield(L, -2, "threads");
    if (world->name[0]) {
        lua_pushstring(L, world->name);
        lua_setfield(L, -2, "name");
    }
    return 1;
}

static int world_set(lua_State *L) {
    lmlua_world *world = lmlua_check_world_idle(L, 1, "change a world's settings");
    luaL_checktype(L, 2, LUA_TTABLE);
    lm_world_def def = lm_world_settings(world->world);
    read_world_def(L, 2, &def);
    read_world_name(L, 2, world);
    lm_world_configure(world->world, &def);
    return 0;
}

const char *lmlua_world_name(lua_State *L, int index, char out[64]) {
    const lmlua_world *world = test_world(L, index);
    if (!world) {
        snprintf(out, 64, "world");
        return out;
    }
    if (world->name[0]) {
        snprintf(out, 64, "%s", world->name);
        return out;
    }
    int number = world->number;
    int shown = lmlua_shown_count(L);
    for (int i = 0; i < shown && lua_checkstack(L, 1); i++) {
        lmlua_push_shown(L, i);
        if (lua_touserdata(L, -1) == world)
            number = i + 1;
        lua_pop(L, 1);
    }
    snprintf(out, 64, "world %d", number);
    return out;
}

/* ------------------------------------------------------------- stepping -- */

/* Once per world each: projection = "shake" could not keep its promise.
 * The exact sticks of a sub-step found no solution even cut in 16 parts
 * (they were relaxed for it), or a net relaxed because it is too costly to
 * solve exactly was left off its length by more than 1% (the worst over the
 * second after it first was: a cloth falling from rest passes 1% early and
 * stretches more as it swings). Each message says which setting fixes it.
 * Relaxation's error falls nearly with the square of the sub-step once it
 * is small (hanging 24 x 24 cloths, 8 sweeps: 7.6%, 2.0%, 0.5% at 3, 6, 12
 * sub-steps), more slowly when it is large (10 sweeps: 98% at 1, 2% at 10):
 * the sub-steps asked for assume the power 1.5. */
static void watch_solver(lua_State *L, lmlua_world *world) {
    lm_world_stats stats = lm_world_get_stats(world->world);
    int substeps = lm_world_substeps(world->world);
    char text[512];
    if (stats.unmet && !world->unmet_warned) {
        world->unmet_warned = true;
        snprintf(text, sizeof text,
                 "the sticks could not be solved exactly at t = %.3f s: SHAKE found no solution "
                 "from the start of a sub-step even cut in %d, so they were relaxed there "
                 "(Jakobsen's projection, which loses energy). Something turns too far within a "
                 "sub-step: use substeps = %d or more (now %d)",
                 stats.unmet_time, 1 << LM_SHAKE_SPLITS, substeps << (LM_SHAKE_SPLITS + 1),
                 substeps);
        lmlua_add_warning(L, text);
    }
    double now = lm_world_time(world->world);
    if (world->net_warned ||
        (world->net_first < 0 && !(stats.net_error > LM_SHAKE_NET_TOLERANCE))) {
        return;
    }
    if (world->net_first < 0) {
        world->net_first = now;
    }
    if (stats.net_error > world->net_worst) {
        world->net_worst = stats.net_error;
        world->net_worst_time = now;
        world->net_sticks = stats.net_sticks;
    }
    if (now - world->net_first < 1.0) {
        return;
    }
    world->net_warned = true;
    int needed = (int)ceil(substeps * pow(world->net_worst / LM_SHAKE_NET_TOLERANCE, 2.0 / 3));
    snprintf(text, sizeof text,
             "a net of %u sticks with closed loops (a cloth?) is relaxed, not solved exactly "
             "(too costly for its size): at t = %.2f s its sticks were up to %.1f%% off their "
             "length after %d sweeps x %d sub-steps. substeps = %d brings them within about 1%% "
             "(projection = \"jakobsen\" relaxes every stick on purpose and says nothing)",
             (unsigned)world->net_sticks, world->net_worst_time, 100 * world->net_worst,
             lm_world_settings(world->world).iterations, substeps, needed);
    lmlua_add_warning(L, text);
}

static int world_step(lua_State *L) {
    lmlua_world *world = lmlua_check_world_idle(L, 1, "step a world");
    lua_Integer steps = luaL_optinteger(L, 2, 1);
    lmlua_require_min(L, lmlua_param(2, "step count"), (double)steps, 0, true);

    lua_settop(L, 2);
    lua_pushliteral(L, "a force callback failed"); /* replaced by the callback's error */
    world->L = L;
    world->self_index = 1;
    world->error_index = 3;
    world->stepping = true;
    lm_status status = LM_OK;
    for (lua_Integer i = 0; i < steps && status == LM_OK; i++) {
        status = lm_world_step(world->world);
        if (status == LM_OK) {
            lmlua_attachments_step(L, world->world);
            lmlua_watch_tunnel(L, world);
            watch_solver(L, world);
        }
    }
    if (status == LM_OK) {
        lmlua_watch_divergence(L, world); /* its energy may run a field's Lua potential */
    }
    world->stepping = false;
    world->L = NULL;

    if (status == LM_ERROR_CALLBACK) {
        lua_pushvalue(L, 3);
        return lua_error(L);
    }
    if (status == LM_ERROR_MEMORY) {
        return lmlua_memory_error(L);
    }
    if (status == LM_ERROR_INTERRUPTED) {
        lua_getfield(L, LUA_REGISTRYINDEX, INTERRUPT_KEY);
        lua_getiuservalue(L, -1, 1);
        const char *message = lua_tostring(L, -1);
        return luaL_error(L, "%s", message ? message : "the step was interrupted");
    }
    return 0;
}

static int world_time(lua_State *L) {
    lmlua_world *world = lmlua_check_world(L, 1);
    lua_pushnumber(L, lm_world_time(world->world));
    return 1;
}

static int world_stats(lua_State *L) {
    lmlua_world *world = lmlua_check_world(L, 1);
    lm_world_stats stats = lm_world_get_stats(world->world);
    lua_createtable(L, 0, 13);
    lua_pushinteger(L, (lua_Integer)stats.particles);
    lua_setfield(L, -2, "particles");
    lua_pushinteger(L, (lua_Integer)stats.constraints);
    lua_setfield(L, -2, "constraints");
    lua_pushinteger(L, (lua_Integer)stats.forces);
    lua_setfield(L, -2, "forces");
    lua_pushinteger(L, (lua_Integer)stats.colliders);
    lua_setfield(L, -2, "colliders");
    lua_pushinteger(L, (lua_Integer)stats.projections);
    lua_setfield(L, -2, "projections");
    lua_pushinteger(L, (lua_Integer)stats.sweeps);
    lua_setfield(L, -2, "sweeps");
    lua_pushnumber(L, stats.last_correction);
    lua_setfield(L, -2, "last_correction");
    lua_pushnumber(L, lm_world_max_error(world->world));
    lua_setfield(L, -2, "max_error");
    lua_pushinteger(L, stats.exact);
    lua_setfield(L, -2, "exact");
    lua_pushinteger(L, stats.relaxed);
    lua_setfield(L, -2, "relaxed");
    lua_pushinteger(L, stats.newton);
    lua_setfield(L, -2, "newton");
    lua_pushinteger(L, stats.parts);
    lua_setfield(L, -2, "parts");
    return 1;
}

static int world_particles(lua_State *L) {
    lmlua_world *world = lmlua_check_world(L, 1);
    uint32_t slots = lm_world_particle_slots(world->world);
    lua_createtable(L, (int)lm_world_get_stats(world->world).particles, 0);
    lua_Integer n = 0;
    for (uint32_t slot = 0; slot < slots; slot++) {
        lm_particle particle = lm_world_particle_in_slot(world->world, slot);
        if (particle.index1 != 0) {
            lmlua_push_particle(L, 1, particle);
            lua_rawseti(L, -2, ++n);
        }
    }
    return 1;
}

/* ------------------------------------------------------------- removing -- */

/* world:remove(x) for a particle (with its constraints and springs), a
 * constraint, a force generator or a collider. */
static int world_remove(lua_State *L) {
    lmlua_world *world = lmlua_check_world_idle(L, 1, "remove from a world");
    lmlua_kind kind = LMLUA_KIND_COUNT;
    for (int k = 0; k < LMLUA_KIND_COUNT && kind == LMLUA_KIND_COUNT; k++) {
        if (lmlua_test_handle(L, 2, (lmlua_kind)k) != NULL) {
            kind = (lmlua_kind)k;
        }
    }
    if (kind == LMLUA_KIND_COUNT) {
        return luaL_typeerror(L, 2, "particle, constraint, force or collider");
    }
    const lmlua_handle *handle = lmlua_check_member(L, 2, kind, world);

    /* The engine may release Lua force callbacks (lua_force.c): give it L. */
    world->L = L;
    world->self_index = 1;
    switch (kind) {
    case LMLUA_PARTICLE:
        lm_particle_destroy(world->world, lmlua_particle_of(handle));
        break;
    case LMLUA_CONSTRAINT:
        lm_constraint_destroy(world->world, lmlua_constraint_of(handle));
        break;
    case LMLUA_FORCE:
        lm_force_destroy(world->world, lmlua_force_of(handle));
        break;
    case LMLUA_COLLIDER:
        lm_collider_destroy(world->world, lmlua_collider_of(handle));
        break;
    case LMLUA_KIND_COUNT:
        break;
    }
    world->L = NULL;
    return 0;
}

/* --------------------------------------------------------- metamethods -- */

/* Lua calls it once, when the world is collected or the state closes; a
 * trusted scene can call it too (debug.getmetatable(world).__gc): then it is
 * refused while the world steps or while the host shows it (a world the
 * host holds is never collected: only a script can call this then), and
 * harmless twice: every use of a world checks that it is still there. */
static int world_gc(lua_State *L) {
    lmlua_world *world = check_world_userdata(L, 1);
    if (world->stepping) {
        return luaL_error(L, "cannot destroy a world while it steps");
    }
    if (world->held) {
        return luaL_error(L, "cannot destroy the world loom shows");
    }
    if (world->world != NULL) {
        /* With L NULL, releasing a callback only frees its context: the
         * callback table dies with this userdata anyway. */
        world->L = NULL;
        lm_world_destroy(world->world);
        world->world = NULL;
    }
    if (world->workers > 0) { /* its pool's threads are joined: back to the budget */
        world->give_workers(world->budget, world->workers);
        world->workers = 0;
    }
    lr_styles_destroy(world->styles);
    world->styles = NULL;
    return 0;
}

static int world_tostring(lua_State *L) {
    lmlua_world *world = check_world_userdata(L, 1);
    if (world->world == NULL) {
        lua_pushliteral(L, "destroyed world");
        return 1;
    }
    size_t count = lm_world_get_stats(world->world).particles;
    lua_pushfstring(L, "world (%I %s)", (lua_Integer)count, count == 1 ? "particle" : "particles");
    return 1;
}

const luaL_Reg lmlua_world_methods[] = {
    {"settings", world_settings},   {"set", world_set},
    {"step", world_step},           {"time", world_time},
    {"stats", world_stats},         {"particles", world_particles},
    {"remove", world_remove},       {"__gc", world_gc},
    {"__tostring", world_tostring}, {NULL, NULL},
};
