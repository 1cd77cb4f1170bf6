/*
 * lua_label.c - loom.label{...} and loom.title(text): text in the picture.
 *
 * A label is text anchored at a world point, at a particle it follows, or at
 * a place on the picture given in fractions of its width and height. The
 * binding only keeps the list; the app draws it after the world (see
 * app/labels.c), so the engine stays physics only and never sees text.
 *
 * The list lives in this Lua state's registry, not in a global: a table of
 * label userdata in the order they were made, under the address of
 * labels_key. A label's text and the particle it follows are its user values.
 * Removing a label takes it out of the list and marks it removed, so a stale
 * label handle raises "attempt to use a removed label".
 */
#include <math.h>
#include <string.h>

#include "lua_internal.h"

#define LABEL_METATABLE "loom.label"

/* Registry keys: only their addresses are used. */
static const char labels_key = 'l';
static const char title_key = 't';

enum { UV_TEXT = 1, UV_PARTICLE = 2, LABEL_USER_VALUES = 2 };

#define DEFAULT_SIZE       22.0
#define DEFAULT_TITLE_SIZE 28.0
#define MAX_SIZE           200.0

/* What a scene may ask the renderer to draw as labels (hostile scenes: 200
 * labels of 100k characters took 1.8 s a picture): text per label, and labels
 * (the title included). */
enum { MAX_TEXT_BYTES = 1024, MAX_LABELS = 500 };
#define DEFAULT_COLOR 0x2B2D31FFu /* the renderer's ink */

typedef struct label {
    bool removed;
    bool on_screen;  /* screen_x, screen_y; else at (or the particle) */
    bool follows;    /* the particle in UV_PARTICLE */
    lm_vec3 at;      /* m */
    double screen_x; /* fractions of the picture from its left and top */
    double screen_y;
    double offset_x, offset_y; /* points, right and up */
    double size;               /* points */
    uint32_t color;
    bool panel, bold;
    bool mono; /* font = "mono" */
    lr_align align;
} label;

static const char *const label_fields[] = {"text",  "at",    "screen", "offset", "size", "color",
                                           "align", "panel", "bold",   "font",   NULL};
/* loom.title's options: everything but the text and a world anchor. */
static const char *const title_fields[] = {"screen", "offset", "size", "color", "align",
                                           "panel",  "bold",   "font", NULL};
static const char *const fonts[] = {"sans", "mono", NULL};
static const char *const aligns[] = {"left", "center", "right", NULL};

/* Pushes the list of labels, creating it the first time. */
static void push_list(lua_State *L) {
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &labels_key) != LUA_TTABLE) {
        lua_pop(L, 1);
        lua_newtable(L);
        lua_pushvalue(L, -1);
        lua_rawsetp(L, LUA_REGISTRYINDEX, &labels_key);
    }
}

/* The label at arg, live or removed, or a "label expected" error. */
static label *check_any_label(lua_State *L, int arg) {
    label *l = luaL_testudata(L, arg, LABEL_METATABLE);
    /* debug.setmetatable (--trust) can give any userdata a label's metatable. */
    if (l == NULL || lua_rawlen(L, arg) != sizeof *l) {
        luaL_typeerror(L, arg, "label");
    }
    return l;
}

static label *check_label(lua_State *L, int arg) {
    label *l = check_any_label(L, arg);
    if (l->removed) {
        luaL_argerror(L, arg, "attempt to use a removed label");
    }
    return l;
}

/* ------------------------------------------------------------ options -- */

/* A table of exactly two finite numbers into x, y; else raises "must be
 * <what>". */
static void to_pair(lua_State *L, int index, lmlua_place place, const char *what, double *x,
                    double *y) {
    index = lua_absindex(L, index);
    if (lua_type(L, index) != LUA_TTABLE || lua_rawlen(L, index) != 2) {
        lmlua_place_error(L, place, lua_pushfstring(L, "must be %s", what));
    }
    double xy[2];
    for (int i = 0; i < 2; i++) {
        bool number = lua_rawgeti(L, index, i + 1) == LUA_TNUMBER;
        xy[i] = lua_tonumber(L, -1);
        lua_pop(L, 1);
        if (!number || !isfinite(xy[i])) {
            lmlua_place_error(L, place, lua_pushfstring(L, "must be %s", what));
        }
    }
    *x = xy[0];
    *y = xy[1];
}

/* Pushes options[name] and returns true when present; else pushes nothing. */
static bool push_field(lua_State *L, int arg, const char *name) {
    if (lmlua_get_field(L, arg, name) == LUA_TNIL) {
        lua_pop(L, 1);
        return false;
    }
    return true;
}

/* Reads the options table at arg into *l (a copy: nothing changes if a
 * field is wrong). A new text is left in *text_index and a new anchor particle
 * (or false for "no particle") in *particle_index, as stack indices, or 0. */
static void read_options(lua_State *L, int arg, label *l, int *text_index, int *particle_index) {
    *text_index = 0;
    *particle_index = 0;
    if (push_field(L, arg, "text")) {
        if (lua_type(L, -1) != LUA_TSTRING) {
            lmlua_place_error(L, lmlua_field(arg, "text"),
                              lua_pushfstring(L, "must be a string, got %s", luaL_typename(L, -1)));
        }
        if (lua_rawlen(L, -1) > MAX_TEXT_BYTES) {
            lmlua_place_error(L, lmlua_field(arg, "text"),
                              lua_pushfstring(L, "must be at most %d bytes, got %I", MAX_TEXT_BYTES,
                                              (lua_Integer)lua_rawlen(L, -1)));
        }
        *text_index = lua_gettop(L);
    }

    bool has_at = push_field(L, arg, "at");
    bool has_screen = push_field(L, arg, "screen");
    if (has_at && has_screen) {
        luaL_argerror(L, arg, "fields 'at' and 'screen' cannot both be given");
    }
    if (has_at) {
        int at = lua_gettop(L);
        lmlua_place place = lmlua_field(arg, "at");
        lmlua_handle *particle = lmlua_test_handle(L, at, LMLUA_PARTICLE);
        if (particle != NULL) {
            if (!lmlua_handle_is_live(particle, LMLUA_PARTICLE)) {
                lmlua_place_error(L, place, "is a removed particle");
            }
            l->follows = true;
            *particle_index = at;
        } else if (lua_type(L, at) == LUA_TTABLE) {
            l->at = lmlua_to_vec3(L, at, place);
            l->follows = false;
            lua_pushboolean(L, false);
            *particle_index = lua_gettop(L);
        } else {
            /* "got world" rather than "got userdata", as lauxlib names types */
            const char *type = luaL_getmetafield(L, at, "__name") == LUA_TSTRING
                                   ? lua_tostring(L, -1)
                                   : luaL_typename(L, at);
            lmlua_place_error(
                L, place,
                lua_pushfstring(L, "must be a point {x, y[, z]} or a particle, got %s", type));
        }
        l->on_screen = false;
    }
    if (has_screen) {
        lmlua_place place = lmlua_field(arg, "screen");
        const char *what = "a table of 2 numbers in [0, 1] (x from the left, y from the top)";
        to_pair(L, -1, place, what, &l->screen_x, &l->screen_y);
        if (!(l->screen_x >= 0.0 && l->screen_x <= 1.0 && l->screen_y >= 0.0 &&
              l->screen_y <= 1.0)) {
            lmlua_place_error(L, place, lua_pushfstring(L, "must be %s", what));
        }
        l->on_screen = true;
        l->follows = false;
        lua_pushboolean(L, false);
        *particle_index = lua_gettop(L);
    }

    if (push_field(L, arg, "offset")) {
        to_pair(L, -1, lmlua_field(arg, "offset"), "a table of 2 finite numbers {right, up}",
                &l->offset_x, &l->offset_y);
        lua_pop(L, 1);
    }
    if (lmlua_get_finite(L, arg, "size", &l->size)) {
        lmlua_require_range(L, lmlua_field(arg, "size"), l->size, 0.0, false, MAX_SIZE, true);
    }
    lmlua_get_color(L, arg, "color", &l->color);
    int align;
    if (lmlua_get_option(L, arg, "align", aligns, &align)) {
        l->align = (lr_align)align;
    }
    lmlua_get_boolean(L, arg, "panel", &l->panel);
    lmlua_get_boolean(L, arg, "bold", &l->bold);
    int font;
    if (lmlua_get_option(L, arg, "font", fonts, &font)) {
        l->mono = font == 1;
    }
}

/* Stores what read_options found into the label userdata at self. */
static void commit(lua_State *L, int self, const label *settings, int text_index,
                   int particle_index) {
    label *l = lua_touserdata(L, self);
    *l = *settings;
    if (text_index != 0) {
        lua_pushvalue(L, text_index);
        lua_setiuservalue(L, self, UV_TEXT);
    }
    if (particle_index != 0) {
        lua_pushvalue(L, particle_index);
        lua_setiuservalue(L, self, UV_PARTICLE);
    }
}

/* Pushes a new label userdata with settings, and adds it to the list. */
static int push_new_label(lua_State *L, const label *settings, int text_index, int particle_index) {
    push_list(L);
    if (lua_rawlen(L, -1) >= MAX_LABELS) {
        luaL_error(L, "too many labels (at most %d): remove some, or change one with label:set",
                   MAX_LABELS);
    }
    lua_pop(L, 1);
    lua_newuserdatauv(L, sizeof(label), LABEL_USER_VALUES);
    luaL_setmetatable(L, LABEL_METATABLE);
    int self = lua_gettop(L);
    commit(L, self, settings, text_index, particle_index);
    push_list(L);
    lua_pushvalue(L, self);
    lua_rawseti(L, -2, (lua_Integer)lua_rawlen(L, -2) + 1);
    lua_pop(L, 1);
    return self;
}

static label default_label(void) {
    label l;
    memset(&l, 0, sizeof l);
    l.size = DEFAULT_SIZE;
    l.color = DEFAULT_COLOR;
    l.panel = true;
    l.align = LR_ALIGN_CENTER;
    return l;
}

/* ---------------------------------------------------------- functions -- */

/* loom.label{ text =, at = | screen =, offset =, size =, color =, align =,
 * panel =, bold = }: a new label, drawn until it is removed. */
static int label_new(lua_State *L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    lmlua_check_options(L, 1, label_fields);
    label settings = default_label();
    int text_index, particle_index;
    read_options(L, 1, &settings, &text_index, &particle_index);
    if (text_index == 0) {
        lmlua_place_error(L, lmlua_field(1, "text"), "must be a string, got nil");
    }
    lmlua_get_field(L, 1, "at");
    lmlua_get_field(L, 1, "screen");
    if (lua_isnil(L, -1) && lua_isnil(L, -2)) {
        luaL_argerror(L, 1, "needs field 'at' (a point or a particle) or field 'screen'");
    }
    lua_pop(L, 2);
    push_new_label(L, &settings, text_index, particle_index);
    return 1;
}

/* loom.title(text [, options]): the scene's one title, centred at the top;
 * a second call changes the same title. */
static int title(lua_State *L) {
    luaL_checktype(L, 1, LUA_TSTRING);
    if (lua_rawlen(L, 1) > MAX_TEXT_BYTES) {
        luaL_argerror(L, 1,
                      lua_pushfstring(L, "text must be at most %d bytes, got %I", MAX_TEXT_BYTES,
                                      (lua_Integer)lua_rawlen(L, 1)));
    }
    bool has_options = lmlua_check_options(L, 2, title_fields);
    lua_settop(L, 2);

    lua_rawgetp(L, LUA_REGISTRYINDEX, &title_key);
    label *existing = luaL_testudata(L, 3, LABEL_METATABLE);
    if (existing != NULL && lua_rawlen(L, 3) != sizeof *existing) {
        existing = NULL;
    }
    label settings = default_label();
    if (existing != NULL && !existing->removed) {
        settings = *existing;
    } else {
        settings.on_screen = true;
        settings.screen_x = 0.5;
        settings.screen_y = 0.05;
        settings.size = DEFAULT_TITLE_SIZE;
        settings.bold = true;
    }
    int text_index = 1, particle_index = 0;
    if (has_options) {
        int ignored_text;
        read_options(L, 2, &settings, &ignored_text, &particle_index);
    }
    if (existing != NULL && !existing->removed) {
        commit(L, 3, &settings, text_index, particle_index);
        lua_pushvalue(L, 3);
        return 1;
    }
    push_new_label(L, &settings, text_index, particle_index);
    lua_pushvalue(L, -1);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &title_key);
    return 1;
}

/* loom.labels(): the labels drawn now, in the order they were made. */
static int labels(lua_State *L) {
    push_list(L);
    lua_Integer count = (lua_Integer)lua_rawlen(L, -1);
    lua_createtable(L, (int)count, 0);
    for (lua_Integer i = 1; i <= count; i++) {
        lua_rawgeti(L, -2, i);
        lua_rawseti(L, -2, i);
    }
    return 1;
}

/* ------------------------------------------------------------ methods -- */

/* label:set{...}: changes the fields given; the rest stay. */
static int label_set(lua_State *L) {
    label settings = *check_label(L, 1);
    luaL_checktype(L, 2, LUA_TTABLE);
    lmlua_check_options(L, 2, label_fields);
    int text_index, particle_index;
    read_options(L, 2, &settings, &text_index, &particle_index);
    commit(L, 1, &settings, text_index, particle_index);
    lua_settop(L, 1);
    return 1;
}

/* label:remove(): the label is no longer drawn; the handle goes stale. */
static int label_remove(lua_State *L) {
    label *l = check_label(L, 1);
    l->removed = true;
    push_list(L);
    lua_Integer count = (lua_Integer)lua_rawlen(L, -1);
    lua_Integer kept = 0;
    for (lua_Integer i = 1; i <= count; i++) {
        lua_rawgeti(L, -1, i);
        if (lua_touserdata(L, -1) == l) {
            lua_pop(L, 1);
            continue;
        }
        lua_rawseti(L, -2, ++kept);
    }
    for (lua_Integer i = kept + 1; i <= count; i++) {
        lua_pushnil(L);
        lua_rawseti(L, -2, i);
    }
    return 0;
}

/* label:get(): a table of the label's settings, with the names of loom.label. */
static int label_get(lua_State *L) {
    const label *l = check_label(L, 1);
    lua_createtable(L, 0, 8);
    lua_getiuservalue(L, 1, UV_TEXT);
    lua_setfield(L, -2, "text");
    if (l->on_screen) {
        lua_createtable(L, 2, 0);
        lua_pushnumber(L, l->screen_x);
        lua_rawseti(L, -2, 1);
        lua_pushnumber(L, l->screen_y);
        lua_rawseti(L, -2, 2);
        lua_setfield(L, -2, "screen");
    } else if (l->follows) {
        lua_getiuservalue(L, 1, UV_PARTICLE);
        lua_setfield(L, -2, "at");
    } else {
        lmlua_push_vec3_table(L, l->at);
        lua_setfield(L, -2, "at");
    }
    lua_createtable(L, 2, 0);
    lua_pushnumber(L, l->offset_x);
    lua_rawseti(L, -2, 1);
    lua_pushnumber(L, l->offset_y);
    lua_rawseti(L, -2, 2);
    lua_setfield(L, -2, "offset");
    lua_pushnumber(L, l->size);
    lua_setfield(L, -2, "size");
    lua_createtable(L, 4, 0);
    lmlua_push_color(L, l->color);
    for (int i = 4; i >= 1; i--) {
        lua_rawseti(L, -1 - i, i);
    }
    lua_setfield(L, -2, "color");
    lua_pushstring(L, aligns[l->align]);
    lua_setfield(L, -2, "align");
    lua_pushboolean(L, l->panel);
    lua_setfield(L, -2, "panel");
    lua_pushboolean(L, l->bold);
    lua_setfield(L, -2, "bold");
    lua_pushstring(L, fonts[l->mono ? 1 : 0]);
    lua_setfield(L, -2, "font");
    return 1;
}

/* label:valid(): false once removed. */
static int label_valid(lua_State *L) {
    const label *l = check_any_label(L, 1);
    lua_pushboolean(L, !l->removed);
    return 1;
}

static int label_tostring(lua_State *L) {
    const label *l = check_any_label(L, 1);
    if (l->removed) {
        lua_pushliteral(L, "removed label");
        return 1;
    }
    lua_getiuservalue(L, 1, UV_TEXT);
    lua_pushfstring(L, "label \"%s\"", lua_tostring(L, -1));
    return 1;
}

/* ---------------------------------------------------------- the list -- */

void lmlua_each_label(lua_State *L, lmlua_label_fn fn, void *context) {
    /* Called from outside any Lua call: raw accesses only, which neither
     * allocate nor raise. */
    if (!lua_checkstack(L, 4)) {
        return;
    }
    int top = lua_gettop(L);
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &labels_key) != LUA_TTABLE) {
        lua_settop(L, top);
        return;
    }
    lua_Integer count = (lua_Integer)lua_rawlen(L, -1);
    lua_rawgetp(L, LUA_REGISTRYINDEX, &title_key);
    const label *title = lua_touserdata(L, -1);
    lua_pop(L, 1);
    for (lua_Integer i = 1; i <= count; i++) {
        lua_rawgeti(L, top + 1, i);
        const label *l = lua_touserdata(L, -1);
        if (l == NULL || l->removed || lua_getiuservalue(L, -1, UV_TEXT) != LUA_TSTRING) {
            lua_settop(L, top + 1);
            continue;
        }
        lmlua_label out;
        memset(&out, 0, sizeof out);
        out.text = lua_tostring(L, -1);
        out.on_screen = l->on_screen;
        out.position = l->on_screen ? (lm_vec3){l->screen_x, l->screen_y, 0.0} : l->at;
        out.offset_x = l->offset_x;
        out.offset_y = l->offset_y;
        out.size = l->size;
        out.color = l->color == DEFAULT_COLOR ? 0u : l->color; /* the theme's ink */
        out.panel = l->panel;
        out.bold = l->bold;
        out.mono = l->mono;
        out.align = l->align;
        out.world = NULL;
        out.title = l == title;
        bool shown = true;
        if (!l->on_screen && l->follows) {
            lua_getiuservalue(L, -2, UV_PARTICLE);
            const lmlua_handle *particle = lua_touserdata(L, -1);
            /* A label whose particle was removed is not drawn, nor one whose
             * particle a trusted scene changed with the debug library. */
            shown = particle != NULL && lmlua_handle_intact(L, -1) &&
                    lmlua_handle_is_live(particle, LMLUA_PARTICLE);
            if (shown) {
                out.world = particle->owner->world;
                out.position =
                    lm_particle_position(particle->owner->world, lmlua_particle_of(particle));
            }
        }
        if (shown) {
            fn(context, &out);
        }
        lua_settop(L, top + 1);
    }
    lua_settop(L, top);
}

/* ------------------------------------------------------------- module -- */

static const luaL_Reg label_methods[] = {
    {"set", label_set}, {"remove", label_remove}, {"get", label_get}, {"valid", label_valid},
    {NULL, NULL},
};

void lmlua_open_labels(lua_State *L) {
    luaL_newmetatable(L, LABEL_METATABLE);
    lua_pushliteral(L, "label");
    lua_setfield(L, -2, "__name");
    lua_pushcfunction(L, label_tostring);
    lua_setfield(L, -2, "__tostring");
    luaL_newlib(L, label_methods);
    lmlua_guard_methods(L, -1, "label"); /* "did you mean" for misspelt methods */
    lua_setfield(L, -2, "__index");
    lua_pop(L, 1);

    lua_pushcfunction(L, label_new);
    lua_setfield(L, -2, "label");
    lua_pushcfunction(L, title);
    lua_setfield(L, -2, "title");
    lua_pushcfunction(L, labels);
    lua_setfield(L, -2, "labels");
}
