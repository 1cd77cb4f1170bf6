/* engine_reach.c - lm_world_reach_bounds: where anchored bodies can get to,
 * against closed forms (the camera frames a scene by it before the first step). */
#include <math.h>

#include "../engine/loom.h"
#include "check.h"

static lm_particle add(lm_world *w, double x, double y, double mass, double radius) {
    lm_particle_def def = lm_particle_default_def();
    def.position = (lm_vec3){x, y, 0};
    def.mass = mass;
    def.radius = radius;
    return lm_particle_create(w, &def);
}

static lm_constraint stick(lm_world *w, lm_particle a, lm_particle b) {
    lm_stick_def def = lm_stick_default_def();
    def.a = a;
    def.b = b;
    return lm_stick_create(w, &def);
}

/* A pendulum released sideways: pivot (0, 0), bob (1, 0) of radius 0.1. The
 * bob can reach the circle of radius 1 around the pivot, but at rest it
 * cannot climb above where it starts. */
static void test_pendulum(void) {
    lm_world *w = lm_world_create(NULL);
    lm_particle pivot = add(w, 0, 0, 0, 0);
    lm_particle bob = add(w, 1, 0, 1, 0.1);
    stick(w, pivot, bob);
    lm_vec3 min, max, plain_min, plain_max;
    CHECK(lm_world_reach_bounds(w, &min, &max), "a world with particles has reach bounds");
    lm_world_bounds(w, &plain_min, &plain_max);
    CHECK_NEAR(min.x, -1.1, 1e-12, "pendulum: reaches 1 m (+ radius) left of the pivot");
    CHECK_NEAR(max.x, 1.1, 1e-12, "pendulum: and right of it");
    CHECK_NEAR(min.y, -1.1, 1e-12, "pendulum: and below it");
    CHECK_NEAR(max.y, 0.1, 1e-12, "pendulum: at rest, no higher than it starts (gravity cap)");
    CHECK_NEAR(plain_min.y, -0.1, 1e-12, "... where the plain bounds see only the start");

    /* Thrown upward at 2 m/s: it can climb v^2 / 2g higher. */
    lm_particle_set_velocity(w, bob, (lm_vec3){0, 2, 0});
    lm_world_reach_bounds(w, &min, &max);
    CHECK_NEAR(max.y, 0.1 + 4.0 / (2 * 9.81), 1e-12,
               "pendulum: thrown up, it reaches v^2/2g higher");

    /* No gravity: nothing caps the circle. */
    lm_world_def def = lm_world_settings(w);
    def.gravity = (lm_vec3){0, 0, 0};
    lm_world_configure(w, &def);
    lm_world_reach_bounds(w, &min, &max);
    CHECK_NEAR(max.y, 1.1, 1e-12, "pendulum: without gravity, the whole circle");
    lm_world_destroy(w);
}

/* A chain of three 0.5 m sticks hanging from a pin reaches 1.5 m. */
static void test_chain_from_pin(void) {
    lm_world *w = lm_world_create(NULL);
    lm_particle p[4];
    for (int i = 0; i < 4; i++)
        p[i] = add(w, 0.5 * i, 0, 1, 0);
    for (int i = 0; i < 3; i++)
        stick(w, p[i], p[i + 1]);
    lm_pin_create(w, p[0], (lm_vec3){0, 0, 0});
    lm_vec3 min, max;
    lm_world_reach_bounds(w, &min, &max);
    CHECK_NEAR(min.y, -1.5, 1e-12, "chain from a pin: reaches the sum of its links below");
    CHECK_NEAR(min.x, -1.5, 1e-12, "chain from a pin: and to either side");
    lm_world_destroy(w);
}

/* A particle held by two sticks of sqrt(2) from anchors at (-1, 0) and (1, 0):
 * each anchor alone allows x in [a - sqrt 2, a + sqrt 2]; together only
 * [1 - sqrt 2, sqrt 2 - 1], inside the anchors' own extent. */
static void test_two_anchors_intersect(void) {
    lm_world *w = lm_world_create(NULL);
    lm_particle left = add(w, -1, 0, 0, 0), right = add(w, 1, 0, 0, 0);
    lm_particle hanging = add(w, 0, -1, 1, 0);
    stick(w, left, hanging);
    stick(w, right, hanging);
    lm_vec3 min, max;
    lm_world_reach_bounds(w, &min, &max);
    CHECK_NEAR(min.x, -1.0, 1e-12, "two anchors: the boxes around both are intersected (left)");
    CHECK_NEAR(max.x, 1.0, 1e-12, "two anchors: the boxes around both are intersected (right)");
    CHECK_NEAR(min.y, -sqrt(2.0), 1e-12, "two anchors: it can swing down to sqrt 2 below them");
    lm_world_destroy(w);
}

/* Free bodies and springs. */
static void test_free_and_springs(void) {
    lm_world *w = lm_world_create(NULL);
    lm_particle a = add(w, 0, 0, 1, 0), b = add(w, 1, 0, 1, 0);
    stick(w, a, b);
    lm_vec3 min, max, plain_min, plain_max;
    lm_world_reach_bounds(w, &min, &max);
    lm_world_bounds(w, &plain_min, &plain_max);
    CHECK(min.x == plain_min.x && min.y == plain_min.y && max.x == plain_max.x &&
              max.y == plain_max.y,
          "no anchor: the reach bounds are the plain bounds");

    lm_particle anchor = add(w, 5, 0, 0, 0);
    lm_spring_def spring = lm_spring_default_def();
    spring.a = anchor;
    spring.b = add(w, 5, -2, 1, 0);
    spring.rest_length = 1;
    lm_force_create_spring(w, &spring);
    lm_world_reach_bounds(w, &min, &max);
    CHECK_NEAR(min.y, -3.0, 1e-12,
               "a spring reaches 1.5 x its current length (stretched past rest)");
    lm_world_destroy(w);
}

/* More anchors than are searched one by one: each particle's nearest one. */
static void test_many_anchors(void) {
    lm_world *w = lm_world_create(NULL);
    for (int i = 0; i < 12; i++) {
        lm_particle top = add(w, i, 0, 0, 0);
        lm_particle bob = add(w, i, -0.5, 1, 0);
        stick(w, top, bob);
    }
    lm_vec3 min, max;
    lm_world_reach_bounds(w, &min, &max);
    CHECK_NEAR(min.y, -0.5, 1e-12, "12 anchors: each bob stays within its own stick's reach");
    CHECK_NEAR(min.x, -0.5, 1e-12, "12 anchors: left end");
    CHECK_NEAR(max.x, 11.5, 1e-12, "12 anchors: right end");
    lm_world_destroy(w);
}

int main(void) {
    test_pendulum();
    test_chain_from_pin();
    test_two_anchors_intersect();
    test_free_and_springs();
    test_many_anchors();
    return check_summary();
}
