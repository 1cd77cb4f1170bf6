/*
 * lua_draw.c - loom.draw(): the scene's own drawing on top of its world.
 *
 * Once per picture the app calls lmlua_draw_frame, which clears the overlay
 * (render/overlay.h), adds attached trails and arrows and runs the script's
 * loom.draw(). Inside loom.draw, loom.line,
 * loom.arrow, loom.circle, loom.polygon, loom.polyline and loom.text append
 * to the overlay; outside it they raise "loom.line can only be called inside
 * loom.draw". The renderer rasterises the overlay with the world, so the
 * window and `loom render` show the same pixels.
 *
 * Points are tables {x, y [, z]}, anything with numeric fields x, y [, z]
 * (a vector), or particles (their current position). With screen = true
 * they are fractions of the picture, x from the left and y from the top.
 *
 * The state lives in the registry under the address of state_key, as a
 * full userdata whose __close ends loom.draw (so an error inside the
 * callback cannot leave the primitives enabled) and whose __gc frees it.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "lua_internal.h"

#define STATE_METATABLE "loom.draw_state"

/* Registry key: only its address is used. */
static const char state_key = 'd';

/* Per picture, so that a runaway loop in loom.draw cannot exhaust memory
 * outside the Lua heap. */
enum { MAX_ITEMS = 10000, MAX_POINTS = 200000, MAX_TEXT_BYTES = 1 << 20, MAX_FILLED = 4096 };

#define DEFAULT_TEXT_SIZE 18.0
#define MAX_SIZE          200.0
#define MAX_WIDTH         200.0

/* ---------------------------------------------------------------- state -- */

/* Lua calls it when the state closes; a trusted scene can reach it too
 * (debug.getregistry): refused inside loom.draw, harmless twice, and the
 * state is made again when next needed. */
static int state_gc(lua_State *L) {
    lmlua_draw_state *state = luaL_checkudata(L, 1, STATE_METATABLE);
    if (state->inside_draw) {
        return luaL_error(L, "cannot free the drawing state inside loom.draw");
    }
    lr_overlay_destroy(state->overlay);
    lr_plots_destroy(state->plots);
    lmlua_attachments_free(state);
    state->overlay = NULL;
    state->plots = NULL;
    return 0;
}

static int state_close(lua_State *L) {
    lmlua_draw_state *state = luaL_checkudata(L, 1, STATE_METATABLE);
    state->inside_draw = false;
    return 0;
}

/* Pushes the state userdata, creating it the first time. */
static lmlua_draw_state *push_state(lua_State *L) {
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &state_key) == LUA_TUSERDATA)
        return lua_touserdata(L, -1);
    lua_pop(L, 1);
    lmlua_draw_state *state = lua_newuserdatauv(L, sizeof *state, 1);
    memset(state, 0, sizeof *state);
    if (luaL_newmetatable(L, STATE_METATABLE)) {
        lua_pushcfunction(L, state_gc);
        lua_setfield(L, -2, "__gc");
        lua_pushcfunction(L, state_close);
        lua_setfield(L, -2, "__close");
    }
    lua_setmetatable(L, -2);
    lua_newtable(L);
    lua_setiuservalue(L, -2, 1);
    lua_pushvalue(L, -1);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &state_key);
    return state;
}

lmlua_draw_state *lmlua_draw_state_of(lua_State *L) {
    lmlua_draw_state *state = push_state(L);
    lua_pop(L, 1);
    return state;
}

void lmlua_push_attached(lua_State *L) {
    push_state(L);
    lua_getiuservalue(L, -1, 1);
    lua_remove(L, -2);
}

lmlua_draw_state *lmlua_draw_state_if_any(lua_State *L) {
    if (!lua_checkstack(L, 1))
        return NULL;
    lmlua_draw_state *state = NULL;
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &state_key) == LUA_TUSERDATA)
        state = lua_touserdata(L, -1);
    lua_pop(L, 1);
    return state;
}

const lr_overlay *lmlua_overlay(lua_State *L) {
    lmlua_draw_state *state = lmlua_draw_state_if_any(L);
    return state ? state->overlay : NULL;
}

const lr_plots *lmlua_plots(lua_State *L) {
    lmlua_draw_state *state = lmlua_draw_state_if_any(L);
    return state ? state->plots : NULL;
}

/* --------------------------------------------------------------- checks -- */

/* The state, or the error for a primitive called outside loom.draw. */
static lmlua_draw_state *check_inside(lua_State *L, const char *name) {
    lmlua_draw_state *state = lmlua_draw_state_of(L);
    if (!state->inside_draw || !state->overlay) {
        luaL_error(L, "loom.%s can only be called inside loom.draw", name);
    }
    return state;
}

/* Counts an item of `points` points against the per-picture limits. */
static void count_item(lua_State *L, lmlua_draw_state *state, size_t points) {
    state->user_items++;
    state->user_points += points;
    if (state->user_items > MAX_ITEMS || state->user_points > MAX_POINTS) {
        luaL_error(L,
                   "loom.draw drew too much in one picture (at most %d shapes and %d points): "
                   "draw less, or plot it with loom.plot",
                   MAX_ITEMS, MAX_POINTS);
    }
}

static void added(lua_State *L, bool ok) {
    if (!ok) {
        luaL_error(L, "not enough memory");
    }
}

/* "must be a point {x, y [, z]}, a vector or a particle, got <type>" */
static int point_error(lua_State *L, int index, lmlua_place place, bool screen) {
    const char *got = luaL_typename(L, index);
    return lmlua_place_error(L, place,
                             lua_pushfstring(L, "must be %s, got %s",
                                             screen
                                                 ? "a point {x, y} (fractions of the picture)"
                                                 : "a point {x, y [, z]}, a vector or a particle",
                                             got));
}

/* Reads one coordinate: the field `name` (with metamethods, for vectors and
 * vector-like tables: a particle's position is copied as soon as it is read,
 * so script code running here cannot pull it away; a number is copied at
 * once, anything else is not kept) or else the array item i. Returns false
 * when neither is a number. */
static bool read_coordinate(lua_State *L, int index, const char *name, int i, double *out) {
    if (lua_getfield(L, index, name) == LUA_TNUMBER) {
        *out = lua_tonumber(L, -1);
        lua_pop(L, 1);
        return true;
    }
    lua_pop(L, 1);
    if (lua_type(L, index) == LUA_TTABLE && lua_rawgeti(L, index, i) == LUA_TNUMBER) {
        *out = lua_tonumber(L, -1);
        lua_pop(L, 1);
        return true;
    }
    if (lua_type(L, index) == LUA_TTABLE)
        lua_pop(L, 1);
    return false;
}

/* A point or a vector at index. Particles are points only (vector false). */
static lm_vec3 to_point(lua_State *L, int index, lmlua_place place, bool screen, bool vector) {
    index = lua_absindex(L, index);
    lmlua_handle *particle = lmlua_test_handle(L, index, LMLUA_PARTICLE);
    if (particle != NULL) {
        if (screen || vector) {
            lmlua_place_error(L, place,
                              screen ? "cannot be a particle with screen = true"
                                     : "must be a vector {x, y [, z]}, got particle");
        }
        if (!lmlua_handle_is_live(particle, LMLUA_PARTICLE)) {
            lmlua_place_error(L, place, "is a removed particle");
        }
        return lm_particle_position(particle->owner->world, lmlua_particle_of(particle));
    }
    int type = lua_type(L, index);
    if (type != LUA_TTABLE && type != LUA_TUSERDATA) {
        if (vector) {
            lmlua_place_error(L, place,
                              lua_pushfstring(L, "must be a vector {x, y [, z]}, got %s",
                                              luaL_typename(L, index)));
        }
        point_error(L, index, place, screen);
    }
    lm_vec3 p = {0.0, 0.0, 0.0};
    if (!read_coordinate(L, index, "x", 1, &p.x) || !read_coordinate(L, index, "y", 2, &p.y)) {
        lmlua_place_error(L, place, "must have numbers x, y (or [1], [2])");
    }
    if (!screen)
        read_coordinate(L, index, "z", 3, &p.z);
    if (!isfinite(p.x) || !isfinite(p.y) || !isfinite(p.z)) {
        lmlua_place_error(L, place, "must have finite coordinates");
    }
    return p;
}

/* ---------------------------------------------------------------- style -- */

static const char *const style_fields[] = {"color",  "width", "fill",  "dash", "head",  "scale",
                                           "screen", "size",  "align", "bold", "panel", NULL};
static const char *const aligns[] = {"left", "center", "right", NULL};

typedef struct style {
    lr_overlay_style shape;
    bool screen;
    double scale;
    double size;
    int align;
    bool bold, panel;
} style;

/* The style table at arg (nil for the defaults). */
static style read_style(lua_State *L, int arg) {
    style s = {lr_overlay_default_style(), false, 1.0, DEFAULT_TEXT_SIZE, 0, false, false};
    if (!lmlua_check_options(L, arg, style_fields))
        return s;
    lmlua_get_color(L, arg, "color", &s.shape.color);
    if (lmlua_get_finite(L, arg, "width", &s.shape.width))
        lmlua_require_range(L, lmlua_field(arg, "width"), s.shape.width, 0, true, MAX_WIDTH, true);
    if (lmlua_get_finite(L, arg, "dash", &s.shape.dash) && s.shape.dash != 0.0 &&
        !(s.shape.dash >= 1.0 && s.shape.dash <= 1000.0)) {
        char got[32];
        lmlua_format_number(s.shape.dash, got);
        lmlua_place_error(L, lmlua_field(arg, "dash"),
                          lua_pushfstring(L, "must be 0 (solid) or in [1, 1000], got %s", got));
    }
    if (lmlua_get_finite(L, arg, "head", &s.shape.head))
        lmlua_require_range(L, lmlua_field(arg, "head"), s.shape.head, 0, false, MAX_SIZE, true);
    lmlua_get_finite(L, arg, "scale", &s.scale);
    lmlua_get_boolean(L, arg, "screen", &s.screen);
    if (lmlua_get_finite(L, arg, "size", &s.size))
        lmlua_require_range(L, lmlua_field(arg, "size"), s.size, 0, false, MAX_SIZE, true);
    lmlua_get_option(L, arg, "align", aligns, &s.align);
    lmlua_get_boolean(L, arg, "bold", &s.bold);
    lmlua_get_boolean(L, arg, "panel", &s.panel);
    /* fill: true (the line colour) or a colour; false or nil: not filled. */
    int type = lmlua_get_field(L, arg, "fill");
    if (type == LUA_TBOOLEAN) {
        s.shape.fill = lua_toboolean(L, -1) ? s.shape.color : 0;
    } else if (type != LUA_TNIL) {
        s.shape.fill = lmlua_to_color(L, -1, lmlua_field(arg, "fill"));
        if (s.shape.fill == 0)
            s.shape.fill = 0x00000001u; /* fully transparent, but filled */
    }
    lua_pop(L, 1);
    return s;
}

/* A list of points at arg into a new array the caller frees (count in *n). */
static lm_vec3 *read_points(lua_State *L, int arg, bool screen, size_t least, size_t *n) {
    if (lua_type(L, arg) != LUA_TTABLE) {
        lmlua_place_error(
            L, lmlua_param(arg, "points"),
            lua_pushfstring(L, "must be a list of points, got %s", luaL_typename(L, arg)));
    }
    size_t count = (size_t)lmlua_list_len(L, arg); /* a list of particles may be loom.handles */
    if (count < least) {
        lmlua_place_error(
            L, lmlua_param(arg, "points"),
            lua_pushfstring(L, "must hold at least %d points, got %d", (int)least, (int)count));
    }
    if (count > MAX_POINTS) {
        lmlua_place_error(L, lmlua_param(arg, "points"),
                          lua_pushfstring(L, "must hold at most %d points, got %I", MAX_POINTS,
                                          (lua_Integer)count));
    }
    /* A userdata owns the array, so an error in a point frees it. */
    lm_vec3 *points = lua_newuserdatauv(L, count * sizeof(lm_vec3) + 1, 0);
    for (size_t i = 0; i < count; i++) {
        lmlua_list_geti(L, arg, (lua_Integer)i + 1);
        const char *name = lua_pushfstring(L, "point %d", (int)i + 1);
        points[i] = to_point(L, -2, lmlua_param(arg, name), screen, false);
        lua_pop(L, 2);
    }
    *n = count;
    return points;
}

/* ----------------------------------------------------------- primitives -- */

/* loom.line(a, b [, style]) */
static int draw_line(lua_State *L) {
    lmlua_draw_state *state = check_inside(L, "line");
    style s = read_style(L, 3);
    lm_vec3 ends[2] = {to_point(L, 1, lmlua_param(1, "start"), s.screen, false),
                       to_point(L, 2, lmlua_param(2, "end"), s.screen, false)};
    count_item(L, state, 2);
    added(L, lr_overlay_path(state->overlay, ends, 2, false, s.screen, &s.shape));
    return 0;
}

/* loom.arrow(from, vector [, style]): from the point along vector * scale. */
static int draw_arrow(lua_State *L) {
    lmlua_draw_state *state = check_inside(L, "arrow");
    style s = read_style(L, 3);
    lm_vec3 from = to_point(L, 1, lmlua_param(1, "from"), s.screen, false);
    lm_vec3 v = to_point(L, 2, lmlua_param(2, "vector"), s.screen, true);
    lm_vec3 tip = {from.x + v.x * s.scale, from.y + v.y * s.scale, from.z + v.z * s.scale};
    if (!isfinite(tip.x) || !isfinite(tip.y) || !isfinite(tip.z)) {
        lmlua_place_error(L, lmlua_param(2, "vector"), "times scale must be finite");
    }
    count_item(L, state, 2);
    added(L, lr_overlay_arrow(state->overlay, from, tip, s.screen, &s.shape));
    return 0;
}

/* loom.circle(center, radius [, style]) */
static int draw_circle(lua_State *L) {
    lmlua_draw_state *state = check_inside(L, "circle");
    style s = read_style(L, 3);
    lm_vec3 centre = to_point(L, 1, lmlua_param(1, "center"), s.screen, false);
    double radius = lmlua_check_finite(L, lmlua_param(2, "radius"));
    lmlua_require_min(L, lmlua_param(2, "radius"), radius, 0, true);
    count_item(L, state, 1);
    added(L, lr_overlay_circle(state->overlay, centre, radius, s.screen, &s.shape));
    return 0;
}

static int draw_path(lua_State *L, const char *name, bool closed) {
    lmlua_draw_state *state = check_inside(L, name);
    style s = read_style(L, 2);
    size_t n;
    lm_vec3 *points = read_points(L, 1, s.screen, closed ? 3 : 2, &n);
    if (closed && s.shape.fill && n > MAX_FILLED) {
        lmlua_place_error(L, lmlua_param(1, "points"),
                          lua_pushfstring(L, "of a filled polygon must be at most %d, got %d",
                                          MAX_FILLED, (int)n));
    }
    if (!closed)
        s.shape.fill = 0;
    count_item(L, state, n);
    added(L, lr_overlay_path(state->overlay, points, n, closed, s.screen, &s.shape));
    return 0;
}

/* loom.polygon(points [, style]): closed, filled when style.fill says so. */
static int draw_polygon(lua_State *L) {
    return draw_path(L, "polygon", true);
}

/* loom.polyline(points [, style]) */
static int draw_polyline(lua_State *L) {
    return draw_path(L, "polyline", false);
}

/* loom.text(at, text [, style]) */
static int draw_text(lua_State *L) {
    lmlua_draw_state *state = check_inside(L, "text");
    style s = read_style(L, 3);
    lm_vec3 at = to_point(L, 1, lmlua_param(1, "at"), s.screen, false);
    int type = lua_type(L, 2);
    if (type != LUA_TSTRING && type != LUA_TNUMBER) {
        luaL_typeerror(L, 2, "string");
    }
    size_t length;
    const char *text = lua_tolstring(L, 2, &length);
    if (strlen(text) != length) {
        luaL_argerror(L, 2, "text must not contain zero bytes");
    }
    count_item(L, state, 1);
    state->user_text_bytes += length;
    if (state->user_text_bytes > MAX_TEXT_BYTES) {
        luaL_error(L, "loom.draw drew too much text in one picture (at most %d bytes)",
                   MAX_TEXT_BYTES);
    }
    lr_overlay_text t = {text,   s.screen, at, s.size, s.shape.color, (lr_overlay_align)s.align,
                         s.bold, s.panel};
    added(L, lr_overlay_add_text(state->overlay, &t));
    return 0;
}

/* ---------------------------------------------------------------- frame -- */

int lmlua_draw_frame(lua_State *L) {
    lmlua_draw_state *state = push_state(L);
    int state_index = lua_gettop(L);
    if (!state->overlay) {
        state->overlay = lr_overlay_create();
        if (!state->overlay)
            return luaL_error(L, "not enough memory");
    }
    lr_overlay_clear(state->overlay);
    state->user_items = 0;
    state->user_points = 0;
    state->user_text_bytes = 0;

    /* Every world's trails and arrows: the scene's own, a second world it
     * steps by hand, or the worlds it shows, each in its part. */
    lmlua_attachments_draw(L, state);

    if (lua_getfield(L, LUA_REGISTRYINDEX, LMLUA_MODULE_KEY) == LUA_TTABLE &&
        lmlua_get_field(L, -1, "draw") == LUA_TFUNCTION) {
        /* The state's __close clears inside_draw however the call ends. */
        lua_pushvalue(L, state_index);
        lua_toclose(L, -1);
        state->inside_draw = true;
        lua_pushvalue(L, -2);
        lua_call(L, 0, 0);
        lua_closeslot(L, -1);
    }
    state->inside_draw = false;
    lua_settop(L, state_index);
    if (!state->overlay)
        return luaL_error(L, "the drawing state was freed");
    return 0;
}

void lmlua_open_draw(lua_State *L) {
    static const luaL_Reg functions[] = {
        {"line", draw_line},
        {"arrow", draw_arrow},
        {"circle", draw_circle},
        {"polygon", draw_polygon},
        {"polyline", draw_polyline},
        {"text", draw_text},
        {NULL, NULL},
    };
    luaL_setfuncs(L, functions, 0);
}
