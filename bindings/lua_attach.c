/*
 * lua_attach.c - visuals that follow a particle by themselves:
 * p:trail{...} (a fading line along its recent path) and
 * p:arrow(kind, {...}) (its velocity, force or acceleration, as VPython's
 * attach_arrow).
 *
 * They are presentation, so they live here and not in the engine: a list of
 * attachments in the drawing state (lua_draw.c), each naming its particle by
 * its handle userdata, which the state's table of attached particles keeps
 * alive. After every world:step the world's attachments take a sample (the
 * position for a trail, the velocity for an arrow), so what is drawn depends
 * only on the steps taken, never on the wall clock: the window and
 * `loom render` draw the same trail. A trail keeps at most TRAIL_POINTS
 * samples over its time span; an arrow's acceleration is the change of
 * velocity over the last step (every force and constraint included), and
 * its force is that times the mass: the net force of Newton's second law.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lua_internal.h"

enum { ARROW_VELOCITY, ARROW_FORCE, ARROW_ACCELERATION, ARROW_KINDS };
enum {
    TRAIL_POINTS = 512,
    TRAIL_CAPACITY = TRAIL_POINTS + 2,
    MAX_ATTACHMENTS = 4096,
    MAX_COPIES = 10000, /* a strobe's copies over its seconds */
};

static const char *const arrow_kinds[] = {"velocity", "force", "acceleration", NULL};
static const uint32_t arrow_colors[ARROW_KINDS] = {0x2E9E4AFFu, 0xC8312BFFu, 0x8250C4FFu};
#define DEFAULT_SCALE       0.1
#define DEFAULT_ARROW_WIDTH 2.5
#define DEFAULT_TRAIL_COLOR 0x1F63D6FFu
#define DEFAULT_TRAIL_WIDTH 1.5
#define DEFAULT_SECONDS     2.0
#define MAX_SECONDS         3600.0
#define STROBE_DOT          3.0 /* points: a copy of a particle without a radius */

struct lmlua_attachment {
    lmlua_handle *particle; /* kept alive by the table of attached particles */

    bool trail;
    double seconds, width;
    uint32_t color;
    bool fade;
    lm_vec3 *points; /* ring of TRAIL_CAPACITY samples */
    double *times;
    size_t start, count;

    /* A strobe: a copy of the particle every `strobe` seconds since
     * strobe_origin, drawn instead of the line (ring of copy_capacity). */
    double strobe, strobe_origin;
    uint64_t next_copy; /* the index k of the next copy, at origin + k * strobe */
    bool color_given;   /* else the copies take the particle's colour */
    lm_vec3 *copies;
    double *copy_times;
    size_t copy_start, copy_count, copy_capacity;

    bool arrow[ARROW_KINDS];
    double scale[ARROW_KINDS], arrow_width[ARROW_KINDS];
    uint32_t arrow_color[ARROW_KINDS];
    lm_vec3 velocity; /* at velocity_time */
    double velocity_time;
    lm_vec3 acceleration; /* over the last step */
};

static lm_world *world_of(const lmlua_attachment *a) {
    return a->particle->owner->world;
}

static bool is_live(const lmlua_attachment *a) {
    return lmlua_handle_is_live(a->particle, LMLUA_PARTICLE);
}

static void free_copies(lmlua_attachment *a) {
    free(a->copies);
    free(a->copy_times);
    a->copies = NULL;
    a->copy_times = NULL;
    a->strobe = 0.0;
    a->copy_start = a->copy_count = a->copy_capacity = 0;
}

static void free_trail(lmlua_attachment *a) {
    free(a->points);
    free(a->times);
    a->points = NULL;
    a->times = NULL;
    a->trail = false;
    a->start = a->count = 0;
    free_copies(a);
}

void lmlua_attachments_free(lmlua_draw_state *state) {
    for (size_t i = 0; i < state->attachment_count; i++)
        free_trail(&state->attachments[i]);
    free(state->attachments);
    state->attachments = NULL;
    state->attachment_count = state->attachment_capacity = 0;
}

/* Forgets attachment i (its particle is no longer held). */
static void detach(lua_State *L, lmlua_draw_state *state, size_t i) {
    lmlua_attachment *a = &state->attachments[i];
    lmlua_push_attached(L);
    lua_pushnil(L);
    lua_rawsetp(L, -2, a->particle);
    lua_pop(L, 1);
    free_trail(a);
    state->attachments[i] = state->attachments[--state->attachment_count];
}

static bool nothing_attached(const lmlua_attachment *a) {
    if (a->trail)
        return false;
    for (int k = 0; k < ARROW_KINDS; k++)
        if (a->arrow[k])
            return false;
    return true;
}

/* The attachment of the particle at arg (live, checked), created when asked. */
static lmlua_attachment *find(lua_State *L, lmlua_draw_state *state, lmlua_handle *particle,
                              bool create) {
    for (size_t i = 0; i < state->attachment_count; i++)
        if (state->attachments[i].particle == particle)
            return &state->attachments[i];
    if (!create)
        return NULL;
    if (state->attachment_count >= MAX_ATTACHMENTS) {
        luaL_error(L, "too many trails and arrows (at most %d particles carry them)",
                   MAX_ATTACHMENTS);
    }
    if (state->attachment_count == state->attachment_capacity) {
        size_t capacity = state->attachment_capacity ? 2 * state->attachment_capacity : 16;
        lmlua_attachment *grown = realloc(state->attachments, capacity * sizeof *grown);
        if (!grown)
            luaL_error(L, "not enough memory");
        state->attachments = grown;
        state->attachment_capacity = capacity;
    }
    lmlua_attachment *a = &state->attachments[state->attachment_count];
    memset(a, 0, sizeof *a);
    a->particle = particle;
    lm_world *world = world_of(a);
    lm_particle p = lmlua_particle_of(particle);
    a->velocity = lm_particle_velocity(world, p);
    a->velocity_time = lm_world_time(world);
    /* Hold the particle (and so its world) while anything is attached. */
    lmlua_push_attached(L);
    lua_pushvalue(L, 1);
    lua_rawsetp(L, -2, particle);
    lua_pop(L, 1);
    state->attachment_count++;
    return a;
}

/* --------------------------------------------------------------- sampling -- */

static void push_sample(lmlua_attachment *a, lm_vec3 position, double time) {
    if (a->count == TRAIL_CAPACITY) {
        a->start = (a->start + 1) % TRAIL_CAPACITY;
        a->count--;
    }
    size_t at = (a->start + a->count) % TRAIL_CAPACITY;
    a->points[at] = position;
    a->times[at] = time;
    a->count++;
}

/* The strobe's copy k is taken at the first step at or after origin + k * strobe
 * (to a billionth of the interval, so that a strobe a whole number of steps
 * long lands on its steps however the times round). */
static void take_copy(lmlua_attachment *a, lm_vec3 position, double now) {
    double due = a->strobe_origin + (double)a->next_copy * a->strobe;
    if (now < due - 1e-9 * a->strobe)
        return;
    if (a->copy_count == a->copy_capacity) {
        a->copy_start = (a->copy_start + 1) % a->copy_capacity;
        a->copy_count--;
    }
    size_t at = (a->copy_start + a->copy_count) % a->copy_capacity;
    a->copies[at] = position;
    a->copy_times[at] = now;
    a->copy_count++;
    /* The next copy due after now: a step longer than the strobe skips some. */
    a->next_copy = (uint64_t)floor((now - a->strobe_origin) / a->strobe + 1e-9) + 1;
}

static void sample(lmlua_attachment *a) {
    lm_world *world = world_of(a);
    lm_particle p = lmlua_particle_of(a->particle);
    double now = lm_world_time(world);
    if (a->trail && a->strobe > 0.0)
        take_copy(a, lm_particle_position(world, p), now);
    if (a->trail) {
        double spacing = a->seconds / TRAIL_POINTS;
        double last = a->count ? a->times[(a->start + a->count - 1) % TRAIL_CAPACITY] : -INFINITY;
        if (now - last >= spacing * (1.0 - 1e-9))
            push_sample(a, lm_particle_position(world, p), now);
    }
    if (now > a->velocity_time) {
        lm_vec3 v = lm_particle_velocity(world, p);
        double dt = now - a->velocity_time;
        a->acceleration = (lm_vec3){(v.x - a->velocity.x) / dt, (v.y - a->velocity.y) / dt,
                                    (v.z - a->velocity.z) / dt};
        a->velocity = v;
        a->velocity_time = now;
    }
}

void lmlua_attachments_step(lua_State *L, const lm_world *world) {
    /* The state exists once anything was attached; never create it here. */
    lmlua_draw_state *state = lmlua_draw_state_if_any(L);
    if (!state)
        return;
    for (size_t i = 0; i < state->attachment_count; i++) {
        lmlua_attachment *a = &state->attachments[i];
        if (world_of(a) == world && is_live(a))
            sample(a);
    }
}

/* ---------------------------------------------------------------- drawing -- */

static void draw_trail(lmlua_draw_state *state, lmlua_attachment *a, lm_vec3 here, double now) {
    lm_vec3 points[TRAIL_CAPACITY + 1];
    size_t n = 0;
    for (size_t k = 0; k < a->count; k++) {
        size_t at = (a->start + k) % TRAIL_CAPACITY;
        if (a->times[at] >= now - a->seconds * (1.0 + 1e-9))
            points[n++] = a->points[at];
    }
    if (n == 0 || points[n - 1].x != here.x || points[n - 1].y != here.y ||
        points[n - 1].z != here.z)
        points[n++] = here;
    if (n < 2)
        return;
    lr_overlay_style style = lr_overlay_default_style();
    style.color = a->color;
    style.width = a->width;
    lr_overlay_faded_path(state->overlay, points, n, false, &style, a->fade ? 0.0 : 1.0);
}

/* A darker shade of an 0xRRGGBBAA colour, its alpha kept: the copies' rims,
 * as the renderer rims a particle. */
static uint32_t darker(uint32_t color, double factor) {
    uint32_t r = (uint32_t)(((color >> 24) & 0xFFu) * factor);
    uint32_t g = (uint32_t)(((color >> 16) & 0xFFu) * factor);
    uint32_t b = (uint32_t)(((color >> 8) & 0xFFu) * factor);
    return r << 24 | g << 16 | b << 8 | (color & 0xFFu);
}

static uint32_t with_alpha(uint32_t color, double alpha) {
    return (color & 0xFFFFFF00u) | (uint32_t)lround((color & 0xFFu) * alpha);
}

/* The strobe's copies of the last `seconds`, oldest first; with fade the
 * oldest is faintest. A particle without a radius gets copies of STROBE_DOT
 * points. */
static void draw_copies(lmlua_draw_state *state, lmlua_attachment *a, const lm_world *world,
                        lm_particle p, double now) {
    uint32_t color = a->color;
    if (!a->color_given) {
        uint32_t own = lr_styles_get(a->particle->owner->styles, LR_STYLE_PARTICLE,
                                     a->particle->index1, a->particle->generation)
                           .color;
        if (own)
            color = own;
    }
    double radius = lm_particle_radius(world, p);
    size_t first = 0;
    while (first < a->copy_count && a->copy_times[(a->copy_start + first) % a->copy_capacity] <
                                        now - a->seconds * (1.0 + 1e-9))
        first++;
    size_t shown = a->copy_count - first;
    for (size_t k = first; k < a->copy_count; k++) {
        size_t at = (a->copy_start + k) % a->copy_capacity;
        double alpha = a->fade ? (double)(k - first + 1) / (double)shown : 1.0;
        lr_overlay_style style = lr_overlay_default_style();
        style.fill = with_alpha(color, alpha);
        style.color = with_alpha(darker(color, 0.45), alpha);
        style.width = 1.0;
        lr_overlay_dot(state->overlay, a->copies[at], radius, STROBE_DOT, &style);
    }
}

void lmlua_attachments_draw(lua_State *L, lmlua_draw_state *state) {
    for (size_t i = 0; i < state->attachment_count;) {
        lmlua_attachment *a = &state->attachments[i];
        if (!is_live(a)) {
            detach(L, state, i); /* the last one moved into i */
            continue;
        }
        const lm_world *world = world_of(a);
        /* Drawn in its world's part of the picture; not at all when the
         * scene shows worlds and not this one. */
        int part = lmlua_shown_part(L, world);
        if (part < 0) {
            i++;
            continue;
        }
        lr_overlay_set_part(state->overlay, part);
        lm_particle p = lmlua_particle_of(a->particle);
        lm_vec3 here = lm_particle_position(world, p);
        if (a->trail && a->strobe > 0.0)
            draw_copies(state, a, world, p, lm_world_time(world));
        else if (a->trail)
            draw_trail(state, a, here, lm_world_time(world));
        double mass = lm_particle_mass(world, p);
        for (int k = 0; k < ARROW_KINDS; k++) {
            if (!a->arrow[k])
                continue;
            lm_vec3 v = k == ARROW_VELOCITY ? lm_particle_velocity(world, p)
                        : k == ARROW_ACCELERATION
                            ? a->acceleration
                            : (lm_vec3){a->acceleration.x * mass, a->acceleration.y * mass,
                                        a->acceleration.z * mass};
            lm_vec3 tip = {here.x + v.x * a->scale[k], here.y + v.y * a->scale[k],
                           here.z + v.z * a->scale[k]};
            if (!isfinite(tip.x) || !isfinite(tip.y) || !isfinite(tip.z))
                continue;
            lr_overlay_style style = lr_overlay_default_style();
            style.color = a->arrow_color[k];
            style.width = a->arrow_width[k];
            lr_overlay_arrow(state->overlay, here, tip, false, &style);
        }
        i++;
    }
    lr_overlay_set_part(state->overlay, 0);
}

/* ---------------------------------------------------------------- methods -- */

static const char *const trail_fields[] = {"seconds", "color", "width", "fade", "strobe", NULL};

/* Makes room for the strobe's copies over seconds (keeping the newest ones
 * it has when it is restyled). False when out of memory. */
static bool size_copies(lmlua_attachment *a, size_t capacity) {
    lm_vec3 *copies = malloc(capacity * sizeof *copies);
    double *times = malloc(capacity * sizeof *times);
    if (!copies || !times) {
        free(copies);
        free(times);
        return false;
    }
    size_t keep = a->copy_count < capacity ? a->copy_count : capacity;
    for (size_t k = 0; k < keep; k++) {
        size_t at = (a->copy_start + a->copy_count - keep + k) % a->copy_capacity;
        copies[k] = a->copies[at];
        times[k] = a->copy_times[at];
    }
    free(a->copies);
    free(a->copy_times);
    a->copies = copies;
    a->copy_times = times;
    a->copy_start = 0;
    a->copy_count = keep;
    a->copy_capacity = capacity;
    return true;
}

/* p:trail{ seconds =, color =, width =, fade =, strobe = } starts (or
 * restyles) the trail; p:trail(false) stops it. Returns p. */
static int particle_trail(lua_State *L) {
    lmlua_handle *particle = lmlua_check_live(L, 1, LMLUA_PARTICLE);
    lmlua_draw_state *state = lmlua_draw_state_of(L);
    if (lua_type(L, 2) == LUA_TBOOLEAN && !lua_toboolean(L, 2)) {
        lmlua_attachment *a = find(L, state, particle, false);
        if (a) {
            free_trail(a);
            if (nothing_attached(a))
                detach(L, state, (size_t)(a - state->attachments));
        }
        lua_settop(L, 1);
        return 1;
    }
    double seconds = DEFAULT_SECONDS, width = DEFAULT_TRAIL_WIDTH, strobe = 0.0;
    uint32_t color = DEFAULT_TRAIL_COLOR;
    bool fade = true, fade_given = false, color_given = false;
    if (!(lua_type(L, 2) == LUA_TBOOLEAN) && lmlua_check_options(L, 2, trail_fields)) {
        if (lmlua_get_finite(L, 2, "seconds", &seconds))
            lmlua_require_range(L, lmlua_field(2, "seconds"), seconds, 0, false, MAX_SECONDS, true);
        if (lmlua_get_finite(L, 2, "width", &width))
            lmlua_require_range(L, lmlua_field(2, "width"), width, 0, false, 200, true);
        color_given = lmlua_get_color(L, 2, "color", &color);
        fade_given = lmlua_get_boolean(L, 2, "fade", &fade);
        if (lmlua_get_finite(L, 2, "strobe", &strobe)) {
            lmlua_require_range(L, lmlua_field(2, "strobe"), strobe, 0, false, MAX_SECONDS, true);
            if (seconds / strobe >= MAX_COPIES) {
                char span[32];
                snprintf(span, sizeof span, "%g", seconds);
                return luaL_argerror(
                    L, 2,
                    lua_pushfstring(L,
                                    "field 'strobe' makes %d copies over %s seconds, at most %d "
                                    "(a longer strobe or fewer seconds)",
                                    (int)floor(seconds / strobe) + 1, span, MAX_COPIES));
            }
        }
    }
    if (strobe > 0.0 && !fade_given)
        fade = false; /* a textbook's strobe picture: every copy alike */
    lmlua_attachment *a = find(L, state, particle, true);
    if (!a->trail) {
        a->points = malloc(TRAIL_CAPACITY * sizeof(lm_vec3));
        a->times = malloc(TRAIL_CAPACITY * sizeof(double));
        if (!a->points || !a->times) {
            free_trail(a);
            if (nothing_attached(a))
                detach(L, state, (size_t)(a - state->attachments));
            return luaL_error(L, "not enough memory");
        }
        a->trail = true;
        a->start = a->count = 0;
    }
    lm_world *world = world_of(a);
    if (strobe > 0.0) {
        size_t capacity = (size_t)floor(seconds / strobe * (1.0 + 1e-9)) + 2;
        if (capacity != a->copy_capacity && !size_copies(a, capacity))
            return luaL_error(L, "not enough memory");
        if (strobe != a->strobe) { /* a new strobe starts now */
            a->copy_start = a->copy_count = 0;
            a->strobe_origin = lm_world_time(world);
            a->next_copy = 0;
            a->strobe = strobe;
            take_copy(a, lm_particle_position(world, lmlua_particle_of(particle)),
                      a->strobe_origin);
        }
    } else if (a->strobe > 0.0) {
        free_copies(a);
    }
    a->seconds = seconds;
    a->width = width;
    a->color = color;
    a->color_given = color_given;
    a->fade = fade;
    if (a->count == 0) {
        push_sample(a, lm_particle_position(world, lmlua_particle_of(particle)),
                    lm_world_time(world));
    }
    lua_settop(L, 1);
    return 1;
}

static const char *const arrow_fields[] = {"scale", "color", "width", NULL};

/* p:arrow(kind [, { scale =, color =, width = }]) shows the arrow;
 * p:arrow(kind, false) hides it. Returns p. */
static int particle_arrow(lua_State *L) {
    lmlua_handle *particle = lmlua_check_live(L, 1, LMLUA_PARTICLE);
    int kind = lmlua_to_option(L, 2, lmlua_param(2, "kind"), arrow_kinds);
    lmlua_draw_state *state = lmlua_draw_state_of(L);
    if (lua_type(L, 3) == LUA_TBOOLEAN && !lua_toboolean(L, 3)) {
        lmlua_attachment *a = find(L, state, particle, false);
        if (a) {
            a->arrow[kind] = false;
            if (nothing_attached(a))
                detach(L, state, (size_t)(a - state->attachments));
        }
        lua_settop(L, 1);
        return 1;
    }
    double scale = DEFAULT_SCALE, width = DEFAULT_ARROW_WIDTH;
    uint32_t color = arrow_colors[kind];
    if (!(lua_type(L, 3) == LUA_TBOOLEAN) && lmlua_check_options(L, 3, arrow_fields)) {
        lmlua_get_finite(L, 3, "scale", &scale);
        if (lmlua_get_finite(L, 3, "width", &width))
            lmlua_require_range(L, lmlua_field(3, "width"), width, 0, false, 200, true);
        lmlua_get_color(L, 3, "color", &color);
    }
    lmlua_attachment *a = find(L, state, particle, true);
    a->arrow[kind] = true;
    a->scale[kind] = scale;
    a->arrow_width[kind] = width;
    a->arrow_color[kind] = color;
    lua_settop(L, 1);
    return 1;
}

const luaL_Reg lmlua_particle_attach_methods[] = {
    {"trail", particle_trail},
    {"arrow", particle_arrow},
    {NULL, NULL},
};
