/*
 * lua_random.c - loom.random and loom.noise: a scene's randomness, the same
 * on every run.
 *
 * One xoshiro256** generator per Lua state (a userdata in the registry),
 * seeded by the host (lmlua_set_seed: --seed N, or a hash of the scene file)
 * and, until then, with seed 0. loom.noise is the engine's gradient noise
 * (lm_noise3) under the same seed. lmlua_set_seed also seeds math.random, so
 * a scene written with math.random repeats too.
 */
#include <math.h>

#include "lua_internal.h"

#define RANDOM_KEY "loom.random"

typedef struct random_state {
    uint64_t s[4];
    uint64_t seed;
} random_state;

static uint64_t rotl(uint64_t x, int k) {
    return (x << k) | (x >> (64 - k));
}

static uint64_t next(random_state *r) {
    uint64_t result = rotl(r->s[1] * 5, 7) * 9;
    uint64_t t = r->s[1] << 17;
    r->s[2] ^= r->s[0];
    r->s[3] ^= r->s[1];
    r->s[1] ^= r->s[2];
    r->s[0] ^= r->s[3];
    r->s[2] ^= t;
    r->s[3] = rotl(r->s[3], 45);
    return result;
}

/* splitmix64 spreads the seed over the four words (never all zero). */
static void reseed(random_state *r, uint64_t seed) {
    r->seed = seed;
    uint64_t x = seed;
    for (int i = 0; i < 4; i++) {
        uint64_t z = (x += 0x9E3779B97F4A7C15u);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
        r->s[i] = z ^ (z >> 31);
    }
}

static random_state *state_of(lua_State *L) {
    if (lua_getfield(L, LUA_REGISTRYINDEX, RANDOM_KEY) == LUA_TUSERDATA) {
        random_state *r = lua_touserdata(L, -1);
        lua_pop(L, 1);
        return r;
    }
    lua_pop(L, 1);
    random_state *r = lua_newuserdatauv(L, sizeof *r, 0);
    reseed(r, 0);
    lua_setfield(L, LUA_REGISTRYINDEX, RANDOM_KEY);
    return r;
}

void lmlua_set_seed(lua_State *L, uint64_t seed) {
    reseed(state_of(L), seed);
    if (lua_getglobal(L, "math") == LUA_TTABLE &&
        lua_getfield(L, -1, "randomseed") == LUA_TFUNCTION) {
        lua_pushinteger(L, (lua_Integer)seed);
        lua_call(L, 1, 0);
    } else {
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
}

uint64_t lmlua_seed(lua_State *L) {
    return state_of(L)->seed;
}

/* A uniform integer in [0, n] (n + 1 values), without modulo bias. */
static uint64_t below_or_equal(random_state *r, uint64_t n) {
    if ((n & (n + 1)) == 0) {
        return next(r) & n; /* n + 1 is a power of two (or n is all ones) */
    }
    uint64_t mask = n;
    for (int shift = 1; shift < 64; shift <<= 1) {
        mask |= mask >> shift;
    }
    uint64_t x;
    while ((x = next(r) & mask) > n) {
    }
    return x;
}

/* loom.random([m [, n]]): math.random's contract. */
static int loom_random(lua_State *L) {
    random_state *r = state_of(L);
    lua_Integer low, high;
    switch (lua_gettop(L)) {
    case 0:
        lua_pushnumber(L, (double)(next(r) >> 11) * 0x1.0p-53);
        return 1;
    case 1:
        low = 1;
        high = luaL_checkinteger(L, 1);
        if (high == 0) { /* math.random(0): a whole random integer */
            lua_pushinteger(L, (lua_Integer)next(r));
            return 1;
        }
        break;
    case 2:
        low = luaL_checkinteger(L, 1);
        high = luaL_checkinteger(L, 2);
        break;
    default:
        return luaL_error(L, "wrong number of arguments");
    }
    luaL_argcheck(L, low <= high, lua_gettop(L) == 1 ? 1 : 2, "interval is empty");
    uint64_t offset = below_or_equal(r, (uint64_t)high - (uint64_t)low);
    lua_pushinteger(L, (lua_Integer)(offset + (uint64_t)low));
    return 1;
}

/* loom.noise(x [, y [, z]]): smooth gradient noise in [-1, 1]. */
static int loom_noise(lua_State *L) {
    double x = lmlua_check_finite(L, lmlua_param(1, "x"));
    double y = lua_isnoneornil(L, 2) ? 0.0 : lmlua_check_finite(L, lmlua_param(2, "y"));
    double z = lua_isnoneornil(L, 3) ? 0.0 : lmlua_check_finite(L, lmlua_param(3, "z"));
    lua_pushnumber(L, lm_noise3(state_of(L)->seed, x, y, z));
    return 1;
}

void lmlua_open_random(lua_State *L) {
    static const luaL_Reg functions[] = {
        {"random", loom_random}, {"noise", loom_noise}, {NULL, NULL}};
    luaL_setfuncs(L, functions, 0);
}
