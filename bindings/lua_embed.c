/* lua_embed.c - world:embed_point: a point carried by four particles that
 * collides with the colliders (engine/embed.c; rigid.embed_box{collide}). */
#include <math.h>

#include "lua_internal.h"

/* world:embed_point({p1, p2, p3, p4}, {c1, c2, c3, c4} [, radius]) */
static int world_embed_point(lua_State *L) {
    lmlua_world *world = lmlua_check_world_idle(L, 1, "add to a world");
    lua_settop(L, 4); /* the particle list's scratch goes above the radius */
    uint32_t count;
    lm_particle *particles = lmlua_check_particle_list(L, 2, world, 4, &count);
    if (count != 4) {
        return luaL_argerror(L, 2, lua_pushfstring(L, "needs 4 particles, got %d", (int)count));
    }
    luaL_checktype(L, 3, LUA_TTABLE);
    if (lua_rawlen(L, 3) != 4) {
        return luaL_argerror(L, 3, "needs 4 weights");
    }
    double weights[4], sum = 0;
    for (int i = 0; i < 4; i++) {
        lua_rawgeti(L, 3, i + 1);
        int is_number = 0;
        weights[i] = lua_tonumberx(L, -1, &is_number);
        lua_pop(L, 1);
        if (!is_number || !isfinite(weights[i])) {
            return luaL_argerror(L, 3,
                                 lua_pushfstring(L, "weight [%d] must be a finite number", i + 1));
        }
        sum += weights[i];
    }
    if (fabs(sum - 1.0) > 1e-6) {
        return luaL_argerror(L, 3, lua_pushfstring(L, "weights must sum to 1, got %f", sum));
    }
    double radius = luaL_optnumber(L, 4, 0);
    if (!isfinite(radius) || radius < 0) {
        return luaL_argerror(L, 4, "radius must be a finite number >= 0");
    }
    if (!lm_embedded_create(world->world, particles, weights, radius)) {
        return lmlua_memory_error(L);
    }
    return 0;
}

const luaL_Reg lmlua_world_embed_methods[] = {
    {"embed_point", world_embed_point},
    {NULL, NULL},
};
