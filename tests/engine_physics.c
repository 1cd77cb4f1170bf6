/* engine_physics.c - the engine against closed forms, with tolerances. */
#include <string.h>

#include "../engine/loom.h"
#include "check.h"

static const double PI = 3.14159265358979323846;

/* One sub-step of dt and Jakobsen's relaxation: the closed forms below are
 * those of each integrator's own step and of the relaxation (the defaults
 * are tested in engine_exact.c and tests/lua/test_defaults.lua). */
static lm_world *world_with(lm_integrator integrator, lm_vec3 gravity, double dt) {
    lm_world_def def = lm_world_default_def();
    def.substeps = 1;
    def.projection = LM_PROJECT_JAKOBSEN;
    def.integrator = integrator;
    def.gravity = gravity;
    def.time_step = dt;
    return lm_world_create(&def);
}

static lm_particle add(lm_world *w, double x, double y, double z, double mass) {
    lm_particle_def def = lm_particle_default_def();
    def.position = (lm_vec3){x, y, z};
    def.mass = mass;
    return lm_particle_create(w, &def);
}

/* Verlet is exact for constant acceleration once started from the velocity. */
static void test_free_fall(void) {
    for (int integrator = 0; integrator < LM_INTEGRATOR_COUNT; integrator++) {
        if (integrator == LM_INTEGRATOR_EULER || integrator == LM_INTEGRATOR_SEMI_IMPLICIT_EULER) {
            continue; /* first order: not exact, checked below with a looser bound */
        }
        lm_world *w = world_with(integrator, (lm_vec3){0, -9.81, 0}, 1.0 / 60);
        lm_particle_def def = lm_particle_default_def();
        def.position = (lm_vec3){0, 100, 0};
        def.velocity = (lm_vec3){2, 5, 0};
        lm_particle p = lm_particle_create(w, &def);
        for (int i = 0; i < 120; i++) {
            lm_world_step(w);
        }
        double t = lm_world_time(w);
        lm_vec3 x = lm_particle_position(w, p);
        char name[96];
        snprintf(name, sizeof name, "free fall under %s matches y0 + v0 t - g t^2/2",
                 lm_integrator_name(integrator));
        CHECK_NEAR(x.y, 100 + 5 * t - 0.5 * 9.81 * t * t, 1e-9, name);
        snprintf(name, sizeof name, "free fall under %s keeps x = x0 + vx t",
                 lm_integrator_name(integrator));
        CHECK_NEAR(x.x, 2 * t, 1e-9, name);
        lm_world_destroy(w);
    }
    lm_world *w = world_with(LM_INTEGRATOR_EULER, (lm_vec3){0, -9.81, 0}, 1.0 / 60);
    lm_particle p = add(w, 0, 100, 0, 1);
    for (int i = 0; i < 60; i++) {
        lm_world_step(w);
    }
    /* Explicit Euler moves with the old velocity, so it lags by g t h / 2. */
    CHECK_NEAR(lm_particle_position(w, p).y, 100 - 0.5 * 9.81 + 0.5 * 9.81 / 60, 1e-9,
               "free fall under euler lags the closed form by exactly g t h / 2");
    lm_world_destroy(w);
}

/* A mass on a spring to an immovable anchor: returns the relative energy
 * drift after `periods` periods, and the measured period. */
static double oscillator(lm_integrator integrator, double periods, double *period_out) {
    const double k = 40, m = 0.5, amplitude = 0.2, dt = 1.0 / 60;
    lm_world *w = world_with(integrator, (lm_vec3){0, 0, 0}, dt);
    lm_particle anchor = add(w, 0, 0, 0, 0);
    lm_particle bob = add(w, 1 + amplitude, 0, 0, m);
    lm_spring_def spring = lm_spring_default_def();
    spring.a = anchor;
    spring.b = bob;
    spring.stiffness = k;
    spring.rest_length = 1;
    lm_force_create_spring(w, &spring);
    double period = 2 * PI * sqrt(m / k);
    int steps = (int)(periods * period / dt);
    double e0 = 0.5 * k * amplitude * amplitude;
    double last_x = amplitude, first_cross = -1, last_cross = -1;
    int crossings = 0;
    for (int i = 0; i < steps; i++) {
        lm_world_step(w);
        double x = lm_particle_position(w, bob).x - 1;
        if (last_x > 0 && x <= 0) { /* downward zero crossing, interpolated */
            double t = lm_world_time(w) - dt * x / (x - last_x);
            if (first_cross < 0) {
                first_cross = t;
            } else {
                crossings++;
            }
            last_cross = t;
        }
        last_x = x;
    }
    if (period_out) {
        *period_out = crossings > 0 ? (last_cross - first_cross) / crossings : 0;
    }
    double x = lm_particle_position(w, bob).x - 1;
    lm_vec3 v = lm_particle_velocity(w, bob);
    double e = 0.5 * m * (v.x * v.x) + 0.5 * k * x * x;
    lm_world_destroy(w);
    return fabs(e - e0) / e0;
}

static void test_oscillator(void) {
    double period = 0, theory = 2 * PI * sqrt(0.5 / 40.0);
    double drift_rk4 = oscillator(LM_INTEGRATOR_RK4, 10, &period);
    CHECK_NEAR(period, theory, 0.01 * theory, "rk4 oscillator period within 1% of 2 pi sqrt(m/k)");
    double drift_euler = oscillator(LM_INTEGRATOR_EULER, 10, NULL);
    double drift_midpoint = oscillator(LM_INTEGRATOR_MIDPOINT, 10, NULL);
    printf("# energy drift over 10 periods: euler %.3g, midpoint %.3g, rk4 %.3g\n", drift_euler,
           drift_midpoint, drift_rk4);
    CHECK(drift_euler > drift_midpoint, "energy drift: euler > midpoint");
    CHECK(drift_midpoint > drift_rk4, "energy drift: midpoint > rk4");
    CHECK(drift_rk4 < 1e-3, "rk4 energy drift under 0.1% over 10 periods");
    double drift_symplectic = oscillator(LM_INTEGRATOR_SEMI_IMPLICIT_EULER, 10, NULL);
    CHECK(drift_symplectic < 0.2, "semi-implicit euler energy stays bounded (< 20%)");
    double drift_vv = oscillator(LM_INTEGRATOR_VELOCITY_VERLET, 10, &period);
    CHECK(drift_vv < 0.05, "velocity verlet energy stays within 5%");
    CHECK_NEAR(period, theory, 0.01 * theory, "velocity verlet period within 1%");
}

/* A stick pendulum under Verlet: the small-angle period 2 pi sqrt(L/g). */
static void test_pendulum(void) {
    lm_world *w = world_with(LM_INTEGRATOR_VERLET, (lm_vec3){0, -9.81, 0}, 1.0 / 600);
    const double length = 1, angle = 0.05;
    lm_particle pivot = add(w, 0, 0, 0, 0);
    lm_particle bob = add(w, length * sin(angle), -length * cos(angle), 0, 1);
    lm_stick_def stick = lm_stick_default_def();
    stick.a = pivot;
    stick.b = bob;
    lm_stick_create(w, &stick);
    double last_x = lm_particle_position(w, bob).x, first = -1, last = -1;
    int crossings = 0;
    for (int i = 0; i < 6000; i++) {
        lm_world_step(w);
        double x = lm_particle_position(w, bob).x;
        if (last_x > 0 && x <= 0) {
            double t = lm_world_time(w) - (1.0 / 600) * x / (x - last_x);
            if (first < 0) {
                first = t;
            } else {
                crossings++;
            }
            last = t;
        }
        last_x = x;
    }
    double theory = 2 * PI * sqrt(length / 9.81) * (1 + angle * angle / 16);
    CHECK(crossings >= 3, "pendulum swings");
    CHECK_NEAR((last - first) / crossings, theory, 0.01 * theory,
               "stick pendulum period within 1% of 2 pi sqrt(L/g)");
    lm_vec3 d = lm_particle_position(w, bob);
    CHECK_NEAR(sqrt(d.x * d.x + d.y * d.y), length, 1e-9, "pendulum keeps its length");
    lm_world_destroy(w);
}

/* A chain of sticks hanging from a pin: relaxation converges as iterations
 * grow, and with enough of them every length is within 1e-3 of its rest. */
static double hanging_chain(int iterations, bool check_details) {
    lm_world_def def = lm_world_default_def();
    def.substeps = 1; /* Jakobsen's relaxation, one sub-step a step */
    def.projection = LM_PROJECT_JAKOBSEN;
    def.iterations = iterations;
    lm_world *w = lm_world_create(&def);
    lm_particle prev = add(w, 0, 0, 0, 1);
    lm_constraint pin = lm_pin_create(w, prev, (lm_vec3){0, 0, 0});
    lm_constraint sticks[10];
    for (int i = 0; i < 10; i++) {
        lm_particle next = add(w, 0.1 * (i + 1), 0, 0, 1);
        lm_stick_def s = lm_stick_default_def();
        s.a = prev;
        s.b = next;
        sticks[i] = lm_stick_create(w, &s);
        prev = next;
    }
    for (int i = 0; i < 300; i++) {
        lm_world_step(w);
    }
    double worst = 0;
    for (int i = 0; i < 10; i++) {
        worst = fmax(worst, lm_constraint_error(w, sticks[i]) / lm_stick_rest_length(w, sticks[i]));
    }
    if (check_details) {
        CHECK_NEAR(lm_stick_rest_length(w, sticks[3]), 0.1, 1e-12,
                   "rest length = initial distance");
        CHECK(lm_constraint_error(w, pin) == 0.0, "pinned end exactly at its target");
        lm_vec3 end = lm_particle_position(w, prev);
        CHECK(end.y < -0.9 && fabs(end.x) < 0.1, "chain hangs straight down after 5 s");
    }
    lm_world_destroy(w);
    return worst;
}

static void test_chain(void) {
    double e20 = hanging_chain(20, false), e40 = hanging_chain(40, false);
    double e80 = hanging_chain(80, false), e160 = hanging_chain(160, true);
    printf("# hanging chain, worst relative stretch: 20 it %.3g, 40 it %.3g, 80 it %.3g, "
           "160 it %.3g\n",
           e20, e40, e80, e160);
    CHECK(e20 > e40 && e40 > e80 && e80 > e160, "relaxation converges as iterations grow");
    CHECK(e160 < 1e-3, "hanging chain: every stick within 1e-3 of its length at 160 iterations");
}

static void test_pins_and_immovable(void) {
    lm_world *w = world_with(LM_INTEGRATOR_RK4, (lm_vec3){0, -9.81, 0}, 1.0 / 60);
    lm_particle pinned = add(w, 1, 2, 3, 1);
    lm_particle fixed = add(w, -1, 0, 0, 0);
    lm_pin_create(w, pinned, (lm_vec3){1, 2, 3});
    lm_particle free_end = add(w, 1.5, 2, 3, 1);
    lm_stick_def s = lm_stick_default_def();
    s.a = pinned;
    s.b = free_end;
    lm_stick_create(w, &s);
    for (int i = 0; i < 200; i++) {
        lm_world_step(w);
    }
    lm_vec3 x = lm_particle_position(w, pinned);
    CHECK(x.x == 1 && x.y == 2 && x.z == 3, "pinned particle stays exactly at its pin (rk4)");
    lm_vec3 v = lm_particle_velocity(w, pinned);
    CHECK(v.x == 0 && v.y == 0 && v.z == 0, "pinned particle has zero velocity");
    x = lm_particle_position(w, fixed);
    CHECK(x.x == -1 && x.y == 0 && x.z == 0, "mass 0 particle never moves");
    lm_world_destroy(w);
}

/* Jakobsen's mass-weighted projection: the lighter end moves more, in the
 * ratio of the inverse masses, and one projection satisfies the stick. */
static void test_mass_weighting(void) {
    lm_world_def def = lm_world_default_def();
    def.substeps = 1; /* Jakobsen's relaxation, one sub-step a step */
    def.projection = LM_PROJECT_JAKOBSEN;
    def.gravity = (lm_vec3){0, 0, 0};
    def.iterations = 1;
    lm_world *w = lm_world_create(&def);
    lm_particle light = add(w, 0, 0, 0, 1);
    lm_particle heavy = add(w, 2, 0, 0, 3);
    lm_stick_def s = lm_stick_default_def();
    s.a = light;
    s.b = heavy;
    s.rest_length = 1;
    lm_constraint c = lm_stick_create(w, &s);
    lm_world_step(w);
    double moved_light = lm_particle_position(w, light).x;
    double moved_heavy = 2 - lm_particle_position(w, heavy).x;
    CHECK_NEAR(moved_light, 0.75, 1e-12, "light end (1 kg) moves 3/4 of the error");
    CHECK_NEAR(moved_heavy, 0.25, 1e-12, "heavy end (3 kg) moves 1/4 of the error");
    CHECK(lm_constraint_error(w, c) < 1e-12, "one projection satisfies a lone stick");
    lm_world_destroy(w);

    w = lm_world_create(&def);
    lm_particle wall = add(w, 0, 0, 0, 0);
    lm_particle end = add(w, 2, 0, 0, 1);
    s.a = wall;
    s.b = end;
    s.stiffness = 0.5;
    lm_stick_create(w, &s);
    lm_world_step(w);
    CHECK(lm_particle_position(w, wall).x == 0, "immovable end of a stick does not move");
    CHECK_NEAR(lm_particle_position(w, end).x, 1.5, 1e-12, "stiffness 0.5 removes half the error");
    lm_world_destroy(w);

    /* A pinned end weighs as immovable: one projection fixes the whole error. */
    w = lm_world_create(&def);
    lm_particle held = add(w, 0, 0, 0, 1);
    end = add(w, 2, 0, 0, 1);
    lm_pin_create(w, held, (lm_vec3){0, 0, 0});
    s = lm_stick_default_def();
    s.a = held;
    s.b = end;
    s.rest_length = 1;
    lm_constraint next_to_pin = lm_stick_create(w, &s);
    lm_world_step(w);
    CHECK(lm_constraint_error(w, next_to_pin) < 1e-12,
          "a stick next to a pin is fully corrected in one sweep (pinned = immovable)");
    lm_world_destroy(w);
}

static lm_collider floor_box(lm_world *w, double restitution, double friction) {
    lm_collider_def box = lm_collider_default_def();
    box.min = (lm_vec3){-10, 0, -10};
    box.max = (lm_vec3){10, 20, 10};
    box.restitution = restitution;
    box.friction = friction;
    return lm_collider_create(w, &box);
}

static void test_world_box(void) {
    for (int integrator = 0; integrator < LM_INTEGRATOR_COUNT; integrator++) {
        lm_world *w = world_with(integrator, (lm_vec3){0, -9.81, 0}, 1.0 / 60);
        floor_box(w, 0, 0);
        lm_particle_def def = lm_particle_default_def();
        def.position = (lm_vec3){3, 1, 0};
        def.radius = 0.1;
        lm_particle p = lm_particle_create(w, &def);
        double lowest = 1e9;
        for (int i = 0; i < 600; i++) {
            lm_world_step(w);
            lowest = fmin(lowest, lm_particle_position(w, p).y);
        }
        lm_vec3 x = lm_particle_position(w, p);
        char name[96];
        snprintf(name, sizeof name, "%s: a resting particle never sinks below the floor",
                 lm_integrator_name(integrator));
        CHECK(lowest >= 0.1 - 1e-12, name);
        snprintf(name, sizeof name, "%s: it rests on the floor without drifting",
                 lm_integrator_name(integrator));
        CHECK(fabs(x.y - 0.1) < 1e-9 && fabs(x.x - 3) < 1e-12, name);
        lm_world_destroy(w);
    }
}

/* Bounce heights fall by e^2 per bounce. */
static void test_restitution(void) {
    const double e = 0.8;
    lm_world *w = world_with(LM_INTEGRATOR_VERLET, (lm_vec3){0, -9.81, 0}, 1.0 / 1000);
    floor_box(w, e, 0);
    lm_particle p = add(w, 0, 2, 0, 1);
    double peaks[4];
    int n = 0;
    double last_vy = 0;
    for (int i = 0; i < 6000 && n < 4; i++) {
        lm_world_step(w);
        double vy = lm_particle_velocity(w, p).y;
        if (last_vy > 0 && vy <= 0) {
            peaks[n++] = lm_particle_position(w, p).y;
        }
        last_vy = vy;
    }
    CHECK(n == 4, "the ball bounces at least four times");
    CHECK_NEAR(peaks[0] / 2.0, e * e, 0.05 * e * e, "first bounce reaches e^2 of the drop height");
    CHECK_NEAR(peaks[2] / peaks[1], e * e, 0.05 * e * e, "later bounces fall by e^2 too");
    lm_world_destroy(w);
}

static void test_drag(void) {
    lm_world *w = world_with(LM_INTEGRATOR_RK4, (lm_vec3){0, -9.81, 0}, 1.0 / 60);
    lm_particle p = add(w, 0, 0, 0, 2);
    lm_force_create_drag(w, 4);
    for (int i = 0; i < 600; i++) {
        lm_world_step(w);
    }
    CHECK_NEAR(lm_particle_velocity(w, p).y, -2 * 9.81 / 4, 1e-6,
               "drag: terminal velocity m g / k");
    lm_world_destroy(w);
}

static int calls;
static int count_calls(lm_world *w, double t, void *context) {
    (void)w;
    (void)t;
    (void)context;
    calls++;
    return 0;
}

static int push_up(lm_world *w, double t, void *context) {
    (void)t;
    lm_particle *p = context;
    lm_particle_add_force(w, *p, (lm_vec3){0, 9.81 * lm_particle_mass(w, *p), 0});
    return 0;
}

static int fail_after_one(lm_world *w, double t, void *context) {
    (void)w;
    (void)context;
    return t > 0.02; /* fails from the second step on */
}

static int released;
static void release_count(void *context) {
    (void)context;
    released++;
}

static void test_callbacks(void) {
    static const int expected[LM_INTEGRATOR_COUNT] = {1, 1, 1, 2, 2, 4};
    for (int integrator = 0; integrator < LM_INTEGRATOR_COUNT; integrator++) {
        lm_world *w = world_with(integrator, (lm_vec3){0, -9.81, 0}, 1.0 / 60);
        add(w, 0, 0, 0, 1);
        lm_force_create_callback(w, count_calls, NULL, release_count);
        calls = 0;
        released = 0;
        lm_world_step(w);
        char name[96];
        snprintf(name, sizeof name, "%s evaluates a callback force %d time(s) per sub-step",
                 lm_integrator_name(integrator), expected[integrator]);
        CHECK(calls == expected[integrator] * lm_world_substeps(w), name);
        lm_world_destroy(w);
        CHECK(released == 1, "destroying the world releases the callback's context once");
    }
    lm_world *w = world_with(LM_INTEGRATOR_MIDPOINT, (lm_vec3){0, -9.81, 0}, 1.0 / 60);
    lm_particle p = add(w, 0, 5, 0, 2);
    lm_force_create_callback(w, push_up, &p, NULL);
    for (int i = 0; i < 60; i++) {
        lm_world_step(w);
    }
    CHECK_NEAR(lm_particle_position(w, p).y, 5, 1e-12, "a callback force m g cancels gravity");
    lm_world_destroy(w);

    w = world_with(LM_INTEGRATOR_RK4, (lm_vec3){0, -9.81, 0}, 1.0 / 60);
    p = add(w, 0, 5, 0, 1);
    lm_force_create_callback(w, fail_after_one, NULL, NULL);
    CHECK(lm_world_step(w) == LM_OK, "callback returning 0: step succeeds");
    lm_vec3 before = lm_particle_position(w, p);
    double t = lm_world_time(w);
    CHECK(lm_world_step(w) == LM_ERROR_CALLBACK, "callback returning 1: step reports the error");
    lm_vec3 after = lm_particle_position(w, p);
    CHECK(memcmp(&before, &after, sizeof before) == 0 && lm_world_time(w) == t,
          "a failed step leaves the world as it was");
    CHECK(!lm_world_is_stepping(w), "the world is not left mid-step");
    lm_world_destroy(w);
}

/* Fails when its counter says so (counts down every evaluation). */
static int fail_when_told(lm_world *w, double t, void *context) {
    (void)w;
    (void)t;
    int *fail = context;
    return *fail > 0 && --*fail == 0;
}

/* For every integrator: a step whose force callback fails leaves every
 * particle as it was (position, velocity, and with Verlet the position it
 * came from), so the steps after it give the bits of a world in which the
 * failure never happened. */
static void test_failed_step_changes_nothing(void) {
    for (int integrator = 0; integrator < LM_INTEGRATOR_COUNT; integrator++) {
        lm_vec3 end[2][2];
        for (int failing = 0; failing < 2; failing++) {
            lm_world *w = world_with((lm_integrator)integrator, (lm_vec3){0, -9.81, 0}, 1.0 / 60);
            lm_particle_def def = lm_particle_default_def();
            def.velocity = (lm_vec3){1.5, 2, -0.5};
            lm_particle p = lm_particle_create(w, &def);
            lm_particle anchor = add(w, 0, 1, 0, 0);
            lm_stick_def stick = lm_stick_default_def();
            stick.a = anchor;
            stick.b = p;
            lm_stick_create(w, &stick);
            int fail = 0;
            lm_force_create_callback(w, fail_when_told, &fail, NULL);
            bool ok = true;
            for (int s = 0; s < 20; s++) {
                if (failing && s == 9) {
                    fail = 1; /* the next evaluation fails */
                    lm_vec3 x = lm_particle_position(w, p), v = lm_particle_velocity(w, p);
                    ok = ok && lm_world_step(w) == LM_ERROR_CALLBACK;
                    lm_vec3 x2 = lm_particle_position(w, p), v2 = lm_particle_velocity(w, p);
                    ok = ok && memcmp(&x, &x2, sizeof x) == 0 && memcmp(&v, &v2, sizeof v) == 0;
                }
                ok = ok && lm_world_step(w) == LM_OK;
            }
            end[failing][0] = lm_particle_position(w, p);
            end[failing][1] = lm_particle_velocity(w, p);
            lm_world_destroy(w);
            if (failing) {
                char name[160];
                snprintf(name, sizeof name,
                         "%s: a failed step changes nothing, the next steps give the bits of a run "
                         "without it",
                         lm_integrator_name((lm_integrator)integrator));
                CHECK(ok && memcmp(end[0], end[1], sizeof end[0]) == 0, name);
            }
        }
    }
}

int main(void) {
    test_free_fall();
    test_oscillator();
    test_pendulum();
    test_chain();
    test_pins_and_immovable();
    test_mass_weighting();
    test_world_box();
    test_restitution();
    test_drag();
    test_callbacks();
    test_failed_step_changes_nothing();
    return check_summary();
}
