/*
 * lua_style.c - loom.style{ theme, background, ink, ... }: the colours every
 * kind of object gets when the scene gives it none, and how heavy lines are
 * (render/theme.h). The last call wins; the renderer draws with it.
 */
#include "lua_internal.h"

#define STYLE_KEY "loom.style"

static const char *const style_fields[] = {"theme", "background", "ink",    "stick",    "spring",
                                           "pin",   "rope",       "chain",  "particle", "grid",
                                           "solid", "surface",    "weight", "scale",    NULL};

/* loom.style{ theme = "light" | "dark" | "print", background =, ink =,
 * stick =, spring =, pin =, rope =, chain =, particle =, grid =, solid =,
 * surface =, weight =, scale = }: a theme, then the colours given over it. */
int lmlua_style(lua_State *L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    lmlua_check_options(L, 1, style_fields);
    int name = LR_THEME_LIGHT;
    lmlua_get_option(L, 1, "theme", lr_theme_names(), &name);
    lr_theme theme = lr_theme_preset((lr_theme_name)name);
    struct {
        const char *field;
        uint32_t *color;
    } colors[] = {
        {"background", &theme.background}, {"ink", &theme.ink},           {"stick", &theme.stick},
        {"spring", &theme.spring},         {"pin", &theme.pin},           {"rope", &theme.rope},
        {"chain", &theme.chain},           {"particle", &theme.particle}, {"grid", &theme.grid},
        {"solid", &theme.solid},           {"surface", &theme.surface},
    };
    for (size_t i = 0; i < sizeof colors / sizeof colors[0]; i++) {
        lmlua_get_color(L, 1, colors[i].field, colors[i].color);
    }
    theme.background |= 0xFFu; /* the picture is opaque */
    uint32_t solid_given = 0;
    if (lmlua_get_color(L, 1, "solid", &solid_given)) {
        theme.solid_3d = (theme.solid & 0xFFFFFF00u) | 0x55u;
    }
    if (lmlua_get_finite(L, 1, "weight", &theme.weight)) {
        lmlua_require_range(L, lmlua_field(1, "weight"), theme.weight, 0.25, true, 4, true);
    }
    if (lmlua_get_finite(L, 1, "scale", &theme.scale)) {
        lmlua_require_range(L, lmlua_field(1, "scale"), theme.scale, 0.5, true, 4, true);
    }
    lr_theme *stored = lua_newuserdatauv(L, sizeof *stored, 0);
    *stored = theme;
    lua_setfield(L, LUA_REGISTRYINDEX, STYLE_KEY);
    return 0;
}

void lmlua_apply_theme(lua_State *L, lr_theme *theme) {
    lua_getfield(L, LUA_REGISTRYINDEX, STYLE_KEY);
    const lr_theme *stored = lua_touserdata(L, -1);
    *theme = stored ? *stored : lr_theme_preset(LR_THEME_LIGHT);
    lua_pop(L, 1);
}
