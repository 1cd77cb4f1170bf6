/* bench_fields.c - what a force field costs per particle per evaluation.
 *
 * 10,000 free particles (Verlet: one force evaluation per step), the same
 * vortex written four ways, timed in the same run against the world with no
 * field (the reference, subtracted):
 *   C       world:field("vortex", ...)            (engine/field.c)
 *   Lua     world:field(function(x, y, z, ...) ... end)  (bindings/lua_field.c)
 *   handles world:force(function) reading p:pos() and calling p:add_force,
 *           the way scenes wrote fields before world:field.
 * Best of RUNS rounds of STEPS steps. */
#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>
#include <stdio.h>
#include <time.h>

#include "../bindings/loom_lua.h"

enum { PARTICLES = 10000, STEPS = 20, RUNS = 5 };

static const char *const script =
    "local n, kind = ...\n"
    "local w = loom.world{ gravity = {0, 0, 0} }\n"
    "local ps = {}\n"
    "for i = 1, n do\n"
    "  local a = i * 0.618\n"
    "  ps[i] = w:particle{ pos = {math.cos(a) * (1 + i / n), math.sin(a) * (1 + i / n), 0} }\n"
    "end\n"
    "if kind == 'C' then w:field('vortex', { strength = 2, radius = 0.5 })\n"
    "elseif kind == 'Lua' then\n"
    "  w:field(function(x, y, z, vx, vy, vz, t, i)\n"
    "    local c = 2 * 2 * 0.5 / (x * x + y * y + 0.25)\n"
    "    return -y * c, x * c, 0\n"
    "  end)\n"
    "elseif kind == 'handles' then\n"
    "  w:force(function()\n"
    "    for i = 1, #ps do\n"
    "      local p = ps[i]\n"
    "      local x, y = p:pos()\n"
    "      local c = 2 * 2 * 0.5 / (x * x + y * y + 0.25)\n"
    "      p:add_force(-y * c, x * c, 0)\n"
    "    end\n"
    "  end)\n"
    "end\n"
    "return w\n";

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* Seconds per step of the world made for kind, best of RUNS. */
static double time_kind(lua_State *L, const char *kind) {
    if (luaL_loadstring(L, script) != LUA_OK) {
        fprintf(stderr, "bench_fields: %s\n", lua_tostring(L, -1));
        return -1;
    }
    lua_pushinteger(L, PARTICLES);
    lua_pushstring(L, kind);
    if (lua_pcall(L, 2, 1, 0) != LUA_OK) {
        fprintf(stderr, "bench_fields: %s\n", lua_tostring(L, -1));
        return -1;
    }
    int world = lua_gettop(L);
    double best = 1e9;
    for (int run = 0; run < RUNS; run++) {
        lua_getfield(L, world, "step");
        lua_pushvalue(L, world);
        lua_pushinteger(L, STEPS);
        double t0 = now();
        if (lua_pcall(L, 2, 0, 0) != LUA_OK) {
            fprintf(stderr, "bench_fields: %s\n", lua_tostring(L, -1));
            return -1;
        }
        double t = (now() - t0) / STEPS;
        best = t < best ? t : best;
    }
    lua_settop(L, world - 1);
    lua_gc(L, LUA_GCCOLLECT);
    return best;
}

int main(void) {
    lua_State *L = luaL_newstate();
    luaL_openlibs(L);
    luaL_requiref(L, "loom", luaopen_loom, 1);
    lua_pop(L, 1);
    static const char *const kinds[] = {"none", "C", "Lua", "handles"};
    double seconds[4];
    for (int k = 0; k < 4; k++) {
        seconds[k] = time_kind(L, kinds[k]);
        if (seconds[k] < 0) {
            return 1;
        }
    }
    printf("bench_fields: a vortex over %d particles, ns per particle per evaluation "
           "(step time minus the same world's without a field, best of %d x %d steps)\n",
           PARTICLES, RUNS, STEPS);
    double c_cost = (seconds[1] - seconds[0]) * 1e9 / PARTICLES;
    printf("| field | ns/particle | vs C |\n|---|---:|---:|\n");
    for (int k = 1; k < 4; k++) {
        double ns = (seconds[k] - seconds[0]) * 1e9 / PARTICLES;
        printf("| %s | %.1f | %.1fx |\n", kinds[k], ns, c_cost > 0 ? ns / c_cost : 0);
    }
    printf("| (step without a field) | %.1f | |\n", seconds[0] * 1e9 / PARTICLES);
    lua_close(L);
    return 0;
}
