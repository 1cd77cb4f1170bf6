/* engine_look.c - a link's drawing hint: stored as given, reported by
 * lm_world_draw's link_look callback, and no part of the physics. */
#include <string.h>

#include "../engine/loom.h"
#include "check.h"

static lm_particle add(lm_world *w, double x, double y) {
    lm_particle_def def = lm_particle_default_def();
    def.position = (lm_vec3){x, y, 0};
    return lm_particle_create(w, &def);
}

enum { MAX_LINKS = 8 };
typedef struct link_log {
    int count, plain;
    lm_link_style style[MAX_LINKS];
    lm_link_look look[MAX_LINKS];
    uint32_t color[MAX_LINKS];
} link_log;

static void log_look(void *ctx, lm_vec3 a, lm_vec3 b, lm_link_style style, lm_link_look look,
                     uint32_t color) {
    link_log *log = ctx;
    (void)a;
    (void)b;
    if (log->count < MAX_LINKS) {
        log->style[log->count] = style;
        log->look[log->count] = look;
        log->color[log->count] = color;
    }
    log->count++;
}

static void log_plain(void *ctx, lm_vec3 a, lm_vec3 b, lm_link_style style) {
    link_log *log = ctx;
    (void)a;
    (void)b;
    (void)style;
    log->plain++;
}

static link_log draw(const lm_world *w, bool with_look) {
    link_log log;
    memset(&log, 0, sizeof log);
    lm_draw_fns fns = {NULL, log_plain, NULL, with_look ? log_look : NULL};
    lm_world_draw(w, &fns, &log);
    return log;
}

static void test_names(void) {
    const char *const *names = lm_link_look_names();
    int n = 0;
    while (names[n]) {
        n++;
    }
    CHECK(n == LM_LOOK_COUNT, "one name per look");
    CHECK(strcmp(lm_link_look_name(LM_LOOK_CHAIN), "chain") == 0 &&
              strcmp(lm_link_look_name(LM_LOOK_CHAIN_EDGE), "chain_edge") == 0 &&
              strcmp(lm_link_look_name(LM_LOOK_DEFAULT), "default") == 0,
          "look names");
}

static void test_reported(void) {
    lm_world *w = lm_world_create(NULL);
    lm_particle a = add(w, 0, 0), b = add(w, 1, 0), c = add(w, 2, 0);
    lm_stick_def s = lm_stick_default_def();
    CHECK(s.look == LM_LOOK_DEFAULT && s.color == 0, "a stick's default look is the default");
    s.a = a;
    s.b = b;
    s.look = LM_LOOK_CHAIN;
    s.color = 0x112233FFu;
    lm_constraint ring = lm_stick_create(w, &s);
    s.a = b;
    s.b = c;
    s.look = LM_LOOK_CHAIN_EDGE;
    s.color = 0;
    s.compliance = 1e-4; /* a distance-solver stick keeps its look too */
    lm_constraint edge = lm_stick_create(w, &s);
    lm_rope_def r = lm_rope_default_def();
    r.a = a;
    r.b = c;
    r.look = LM_LOOK_ROPE;
    r.color = 0xA0743CFFu;
    lm_constraint rope = lm_rope_create(w, &r);
    lm_spring_def sp = lm_spring_default_def();
    sp.a = a;
    sp.b = c;
    sp.look = LM_LOOK_HIDDEN;
    lm_force spring = lm_force_create_spring(w, &sp);
    lm_constraint pin = lm_pin_create(w, a, (lm_vec3){0, 0, 0});

    uint32_t color = 1;
    CHECK(lm_constraint_look(w, ring, &color) == LM_LOOK_CHAIN && color == 0x112233FFu,
          "a stick reports the look and colour it was given");
    CHECK(lm_constraint_look(w, edge, &color) == LM_LOOK_CHAIN_EDGE && color == 0,
          "no colour reads as 0 (the renderer's)");
    CHECK(lm_constraint_look(w, rope, &color) == LM_LOOK_ROPE && color == 0xA0743CFFu,
          "a rope constraint reports its look");
    CHECK(lm_force_look(w, spring, &color) == LM_LOOK_HIDDEN && color == 0,
          "a spring reports its look");
    CHECK(lm_constraint_look(w, pin, NULL) == LM_LOOK_DEFAULT, "a pin starts with the default");

    link_log log = draw(w, true);
    CHECK(log.count == 5 && log.plain == 0, "link_look replaces link: every link once");
    CHECK(log.style[0] == LM_LINK_STICK && log.look[0] == LM_LOOK_CHAIN &&
              log.color[0] == 0x112233FFu,
          "draw reports the ring's look and colour");
    CHECK(log.look[1] == LM_LOOK_CHAIN_EDGE && log.color[1] == 0, "draw reports the edge-on link");
    CHECK(log.style[2] == LM_LINK_ROPE && log.look[2] == LM_LOOK_ROPE &&
              log.color[2] == 0xA0743CFFu,
          "draw reports the rope's look");
    CHECK(log.style[3] == LM_LINK_PIN && log.look[3] == LM_LOOK_DEFAULT,
          "draw reports the pin's default");
    CHECK(log.style[4] == LM_LINK_SPRING && log.look[4] == LM_LOOK_HIDDEN,
          "draw reports a hidden spring (the renderer decides)");

    log = draw(w, false);
    CHECK(log.plain == 5 && log.count == 0, "without link_look, link sees every link as before");

    CHECK(lm_constraint_set_look(w, pin, LM_LOOK_HIDDEN, 0xFF0000FFu), "set_look succeeds");
    CHECK(lm_constraint_look(w, pin, &color) == LM_LOOK_HIDDEN && color == 0xFF0000FFu,
          "set_look changes look and colour");
    CHECK(lm_constraint_set_look(w, ring, LM_LOOK_DEFAULT, 0), "set_look back to the default");
    CHECK(lm_constraint_look(w, ring, &color) == LM_LOOK_DEFAULT && color == 0,
          "a colour of 0 clears the colour");
    lm_world_destroy(w);
}

/* A new constraint in a reused slot does not inherit the old one's colour. */
static void test_reused_slot(void) {
    lm_world *w = lm_world_create(NULL);
    lm_particle a = add(w, 0, 0), b = add(w, 1, 0);
    lm_stick_def s = lm_stick_default_def();
    s.a = a;
    s.b = b;
    s.look = LM_LOOK_CHAIN;
    s.color = 0x445566FFu;
    lm_constraint first = lm_stick_create(w, &s);
    lm_constraint_destroy(w, first);
    lm_world_step(w); /* compacts the store */
    lm_constraint second = lm_pin_create(w, a, (lm_vec3){0, 0, 0});
    CHECK(second.index1 == first.index1 && second.generation != first.generation,
          "the slot is reused");
    uint32_t color = 1;
    CHECK(lm_constraint_look(w, second, &color) == LM_LOOK_DEFAULT && color == 0,
          "a reused slot starts with the default look and no colour");
    lm_world_destroy(w);
}

/* The hint is for drawing only: the same chain with and without looks moves
 * identically, bit for bit. */
static void test_physics_unchanged(void) {
    lm_vec3 end[2];
    for (int looked = 0; looked < 2; looked++) {
        lm_world *w = lm_world_create(NULL);
        lm_particle prev = add(w, 0, 0);
        lm_pin_create(w, prev, (lm_vec3){0, 0, 0});
        for (int i = 1; i <= 6; i++) {
            lm_particle p = add(w, 0.3 * i, 0);
            lm_stick_def s = lm_stick_default_def();
            s.a = prev;
            s.b = p;
            if (looked) {
                s.look = i % 2 ? LM_LOOK_CHAIN : LM_LOOK_CHAIN_EDGE;
                s.color = 0x5D6673FFu;
            }
            lm_stick_create(w, &s);
            prev = p;
        }
        for (int k = 0; k < 120; k++) {
            lm_world_step(w);
        }
        end[looked] = lm_particle_position(w, prev);
        lm_world_destroy(w);
    }
    CHECK(memcmp(&end[0], &end[1], sizeof end[0]) == 0,
          "looks do not change the motion (bit for bit)");
    CHECK(end[0].y < -1.0, "and the chain did swing down");
}

int main(void) {
    test_names();
    test_reported();
    test_reused_slot();
    test_physics_unchanged();
    return check_summary();
}
