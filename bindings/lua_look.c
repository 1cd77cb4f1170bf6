/*
 * lua_look.c - how a link is drawn: the `look` and `color` options of
 * world:stick, world:rope and world:spring, and c:look(), c:set_look(),
 * f:look(). They live in the world's render-side styles (render/style.h),
 * keyed by handle; the engine keeps nothing of them.
 */
#include "lua_internal.h"

void lmlua_get_look(lua_State *L, int arg, lr_look *look, uint32_t *color) {
    int index;
    if (lmlua_get_option(L, arg, "look", lr_look_names(), &index)) {
        *look = (lr_look)index;
    }
    lmlua_get_color(L, arg, "color", color);
}

void lmlua_set_style(lua_State *L, lmlua_world *world, lr_style_kind kind, uint32_t index1,
                     uint32_t generation, lr_style style) {
    if (!lr_styles_set(world->styles, kind, index1, generation, style)) {
        luaL_error(L, "not enough memory");
    }
}

/* The look's name, then r, g, b, a when the link has a colour of its own. */
static int push_look(lua_State *L, lr_style style) {
    lua_pushstring(L, lr_look_name(style.look));
    if (style.color == 0) {
        return 1;
    }
    lmlua_push_color(L, style.color);
    return 5;
}

/* The live stick, rope or pin at arg 1 (the kinds drawn as links). */
static const lmlua_handle *check_link(lua_State *L) {
    const lmlua_handle *handle = lmlua_check_live(L, 1, LMLUA_CONSTRAINT);
    lm_constraint_kind kind =
        lm_constraint_get_kind(handle->owner->world, lmlua_constraint_of(handle));
    if (kind != LM_CONSTRAINT_STICK && kind != LM_CONSTRAINT_ROPE && kind != LM_CONSTRAINT_PIN) {
        luaL_argerror(L, 1,
                      lua_pushfstring(L, "stick, rope or pin expected, got %s",
                                      lm_constraint_kind_name(kind)));
    }
    return handle;
}

/* c:look() -> name [, r, g, b, a] */
static int constraint_look(lua_State *L) {
    const lmlua_handle *handle = check_link(L);
    return push_look(L, lr_styles_get(handle->owner->styles, LR_STYLE_CONSTRAINT, handle->index1,
                                      handle->generation));
}

/* c:set_look(look [, color]); no color goes back to the renderer's colour. */
static int constraint_set_look(lua_State *L) {
    const lmlua_handle *handle = check_link(L);
    int look = lmlua_to_option(L, 2, lmlua_param(2, "look"), lr_look_names());
    uint32_t color = lua_isnoneornil(L, 3) ? 0 : lmlua_check_color(L, lmlua_param(3, "color"));
    lmlua_set_style(L, handle->owner, LR_STYLE_CONSTRAINT, handle->index1, handle->generation,
                    (lr_style){color, (lr_look)look});
    return 0;
}

/* f:look() -> name [, r, g, b, a]: a spring's look ("default" for other kinds). */
static int force_look(lua_State *L) {
    const lmlua_handle *handle = lmlua_check_live(L, 1, LMLUA_FORCE);
    lr_style style = {0, LR_LOOK_DEFAULT};
    if (lm_force_get_kind(handle->owner->world, lmlua_force_of(handle)) == LM_FORCE_SPRING) {
        style = lr_styles_get(handle->owner->styles, LR_STYLE_FORCE, handle->index1,
                              handle->generation);
    }
    return push_look(L, style);
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
