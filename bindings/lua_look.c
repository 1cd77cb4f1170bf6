/*
 * lua_look.c - how a link is drawn: the `look` and `color` options of
 * world:stick, world:rope and world:spring, and c:look(), c:set_look(),
 * f:look(). The engine only stores the hint; the renderer draws it.
 */
#include "lua_internal.h"

void lmlua_get_look(lua_State *L, int arg, lm_link_look *look, uint32_t *color) {
    int index;
    if (lmlua_get_option(L, arg, "look", lm_link_look_names(), &index)) {
        *look = (lm_link_look)index;
    }
    lmlua_get_color(L, arg, "color", color);
}

/* The look's name, then r, g, b, a when the link has a colour of its own. */
static int push_look(lua_State *L, lm_link_look look, uint32_t color) {
    lua_pushstring(L, lm_link_look_name(look));
    if (color == 0) {
        return 1;
    }
    lmlua_push_color(L, color);
    return 5;
}

/* The live stick, rope or pin at arg 1 (the kinds drawn as links). */
static lm_constraint check_link(lua_State *L, lm_world **world) {
    const lmlua_handle *handle = lmlua_check_live(L, 1, LMLUA_CONSTRAINT);
    *world = handle->owner->world;
    lm_constraint constraint = lmlua_constraint_of(handle);
    lm_constraint_kind kind = lm_constraint_get_kind(*world, constraint);
    if (kind != LM_CONSTRAINT_STICK && kind != LM_CONSTRAINT_ROPE && kind != LM_CONSTRAINT_PIN) {
        luaL_argerror(L, 1,
                      lua_pushfstring(L, "stick, rope or pin expected, got %s",
                                      lm_constraint_kind_name(kind)));
    }
    return constraint;
}

/* c:look() -> name [, r, g, b, a] */
static int constraint_look(lua_State *L) {
    lm_world *world;
    lm_constraint constraint = check_link(L, &world);
    uint32_t color;
    lm_link_look look = lm_constraint_look(world, constraint, &color);
    return push_look(L, look, color);
}

/* c:set_look(look [, color]); no color goes back to the renderer's colour. */
static int constraint_set_look(lua_State *L) {
    lm_world *world;
    lm_constraint constraint = check_link(L, &world);
    int look = lmlua_to_option(L, 2, lmlua_param(2, "look"), lm_link_look_names());
    uint32_t color = lua_isnoneornil(L, 3) ? 0 : lmlua_check_color(L, lmlua_param(3, "color"));
    if (!lm_constraint_set_look(world, constraint, (lm_link_look)look, color)) {
        return luaL_error(L, "not enough memory");
    }
    return 0;
}

/* f:look() -> name [, r, g, b, a]: a spring's look ("default" for other kinds). */
static int force_look(lua_State *L) {
    const lmlua_handle *handle = lmlua_check_live(L, 1, LMLUA_FORCE);
    uint32_t color;
    lm_link_look look = lm_force_look(handle->owner->world, lmlua_force_of(handle), &color);
    return push_look(L, look, color);
}

const luaL_Reg lmlua_constraint_look_methods[] = {
    {"look", constraint_look},
    {"set_look", constraint_set_look},
    {NULL, NULL},
};

const luaL_Reg lmlua_force_look_methods[] = {
    {"look", force_look},
    {NULL, NULL},
};
