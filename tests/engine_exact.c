/* engine_exact.c - projection = "shake" solves chains, trees and small
 * closed bodies exactly (groups.c, sparse.c, shake.c): what swings, spins or
 * hangs through sticks keeps its energy and its length, with every
 * integrator at its own sub-steps; a net too costly to solve is relaxed and
 * says so; a stick's tension comes from its multiplier. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "../engine/loom.h"
#include "check.h"

static const double G = 9.81;

static lm_world *make_world(lm_integrator integrator, double gravity) {
    lm_world_def def = lm_world_default_def();
    def.gravity = (lm_vec3){0, -gravity, 0};
    def.integrator = integrator;
    def.projection = LM_PROJECT_SHAKE;
    def.substeps = 0; /* the integrator's own */
    return lm_world_create(&def);
}

static lm_particle add(lm_world *w, double x, double y, double z, double mass) {
    lm_particle_def pd = lm_particle_default_def();
    pd.position = (lm_vec3){x, y, z};
    pd.mass = mass;
    return lm_particle_create(w, &pd);
}

static lm_constraint stick(lm_world *w, lm_particle a, lm_particle b) {
    lm_stick_def s = lm_stick_default_def();
    s.a = a;
    s.b = b;
    return lm_stick_create(w, &s);
}

static lm_vec3 sub(lm_vec3 a, lm_vec3 b) {
    return (lm_vec3){a.x - b.x, a.y - b.y, a.z - b.z};
}

static double total_energy(const lm_world *w) {
    lm_energy e;
    lm_world_energy(w, NULL, 0, &e);
    return e.total;
}

/* An n-link pendulum of 1 m sticks and 1 kg bobs released horizontal: the
 * worst 1-second mean of |E - E0| over 60 s, as a fraction of the swing (g
 * n (n + 1) / 2), and the largest stick error seen (m). */
static double chain_swing(lm_integrator integrator, int n, double *stretch) {
    lm_world *w = make_world(integrator, G);
    lm_particle last = add(w, 0, 0, 0, 0);
    for (int k = 1; k <= n; k++) {
        lm_particle p = add(w, k, 0, 0, 1);
        stick(w, last, p);
        last = p;
    }
    double e0 = total_energy(w), worst = 0, sum = 0;
    *stretch = 0;
    for (int s = 1; s <= 3600; s++) {
        lm_world_step(w);
        sum += total_energy(w) - e0;
        *stretch = fmax(*stretch, lm_world_max_error(w));
        if (s % 60 == 0) {
            worst = fmax(worst, fabs(sum / 60));
            sum = 0;
        }
    }
    lm_world_stats stats = lm_world_get_stats(w);
    if (stats.exact != (uint32_t)n || stats.relaxed != 0) {
        worst = INFINITY; /* the chain was not solved exactly */
    }
    lm_world_destroy(w);
    return worst / (G * n * (n + 1) / 2);
}

static void check_chains(void) {
    for (int k = 0; k < LM_INTEGRATOR_COUNT; k++) {
        for (int n = 3; n <= 4; n++) {
            double stretch;
            double off = chain_swing((lm_integrator)k, n, &stretch);
            char name[200];
            snprintf(name, sizeof name,
                     "%s: a %d-link pendulum's 1 s mean energy within 2%% of its swing for 60 s "
                     "(%.3f%%), solved exactly",
                     lm_integrator_name((lm_integrator)k), n, 100 * off);
            CHECK(off < 0.02, name);
            snprintf(name, sizeof name, "%s: its sticks stay at their length (%.1g m)",
                     lm_integrator_name((lm_integrator)k), stretch);
            CHECK(stretch < 1e-9, name);
        }
    }
}

/* A ball on a 1 m stick whirled at 2 m/s in zero gravity. */
static void check_whirl(void) {
    for (int k = 0; k < LM_INTEGRATOR_COUNT; k++) {
        lm_world *w = make_world((lm_integrator)k, 0);
        lm_particle pivot = add(w, 0, 0, 0, 0), ball = add(w, 1, 0, 0, 1);
        lm_particle_set_velocity(w, ball, (lm_vec3){0, 2, 0});
        stick(w, pivot, ball);
        for (int s = 0; s < 600; s++) {
            lm_world_step(w);
        }
        lm_vec3 v = lm_particle_velocity(w, ball);
        char name[160];
        snprintf(name, sizeof name, "%s: a ball whirled on a stick keeps its 2 m/s for 10 s (1%%)",
                 lm_integrator_name((lm_integrator)k));
        CHECK_NEAR(sqrt(v.x * v.x + v.y * v.y + v.z * v.z), 2.0, 0.02, name);
        lm_world_destroy(w);
    }
}

/* A free tetrahedron (4 x 0.25 kg, edges 0.5 m) spun at 7 rad/s about z in
 * zero gravity: angular momentum about its centre and kinetic energy. */
static void check_spin(void) {
    const double s = 0.5 / sqrt(2.0) / 2; /* half the side of the cube */
    const double corner[4][3] = {{s, s, s}, {s, -s, -s}, {-s, s, -s}, {-s, -s, s}};
    for (int k = 0; k < LM_INTEGRATOR_COUNT; k++) {
        lm_world *w = make_world((lm_integrator)k, 0);
        lm_particle p[4];
        for (int i = 0; i < 4; i++) {
            p[i] = add(w, corner[i][0], corner[i][1], corner[i][2], 0.25);
            lm_particle_set_velocity(w, p[i], (lm_vec3){-7 * corner[i][1], 7 * corner[i][0], 0});
        }
        for (int i = 0; i < 4; i++) {
            for (int j = i + 1; j < 4; j++) {
                stick(w, p[i], p[j]);
            }
        }
        lm_energy e;
        lm_world_energy(w, NULL, 0, &e);
        double ke0 = e.kinetic, l0 = lm_world_angular_momentum(w, NULL, 0, (lm_vec3){0, 0, 0}).z;
        double worst_l = 0, worst_ke = 0;
        for (int step = 0; step < 600; step++) {
            lm_world_step(w);
            lm_vec3 c;
            lm_world_center_of_mass(w, NULL, 0, &c);
            lm_vec3 l = lm_world_angular_momentum(w, NULL, 0, c);
            lm_world_energy(w, NULL, 0, &e);
            worst_l = fmax(worst_l, fabs(sqrt(l.x * l.x + l.y * l.y + l.z * l.z) / l0 - 1));
            worst_ke = fmax(worst_ke, fabs(e.kinetic / ke0 - 1));
        }
        lm_world_stats stats = lm_world_get_stats(w);
        char name[200];
        snprintf(name, sizeof name,
                 "%s: a spinning tetrahedron keeps its angular momentum (%.2g) and kinetic "
                 "energy (%.2g) within 2%% for 10 s",
                 lm_integrator_name((lm_integrator)k), worst_l, worst_ke);
        CHECK(worst_l < 0.02 && worst_ke < 0.02 && stats.exact == 6, name);
        lm_world_destroy(w);
    }
}

/* 60 links of 5 cm (3 m) between two fixed points 2 m apart, damped to
 * rest: every link at its length, the shape on the catenary y = a cosh(x /
 * a) + c with 2 a sinh(1 / a) = 3. */
static double chain_hang(int substeps, double *length, int *parts) {
    lm_world_def def = lm_world_default_def();
    def.projection = LM_PROJECT_SHAKE;
    def.substeps = substeps;
    def.damping = 0.02;
    lm_world *w = lm_world_create(&def);
    enum { N = 60 };
    double drop = sqrt(1.5 * 1.5 - 1);
    lm_particle p[N + 1];
    for (int k = 0; k <= N; k++) {
        p[k] = add(w, -1 + 2.0 * k / N, -drop * (1 - fabs(2.0 * k / N - 1)), 0,
                   k == 0 || k == N ? 0 : 0.05);
        if (k > 0) {
            lm_stick_def s = lm_stick_default_def();
            s.a = p[k - 1];
            s.b = p[k];
            s.rest_length = 3.0 / N;
            lm_stick_create(w, &s);
        }
    }
    *parts = 1;
    for (int s = 0; s < 60 * 30; s++) {
        lm_world_step(w);
        int cut = lm_world_get_stats(w).parts;
        *parts = cut > *parts ? cut : *parts;
    }
    double lo = 0.1, hi = 10;
    for (int i = 0; i < 100; i++) {
        double a = (lo + hi) / 2;
        if (2 * a * sinh(1 / a) > 3) {
            lo = a;
        } else {
            hi = a;
        }
    }
    double a = (lo + hi) / 2, worst = 0;
    *length = 0;
    for (int k = 0; k <= N; k++) {
        lm_vec3 x = lm_particle_position(w, p[k]);
        worst = fmax(worst, fabs(x.y - (a * cosh(x.x / a) - a * cosh(1 / a))));
        if (k > 0) {
            lm_vec3 d = sub(x, lm_particle_position(w, p[k - 1]));
            *length += sqrt(d.x * d.x + d.y * d.y + d.z * d.z);
        }
    }
    lm_world_destroy(w);
    return worst;
}

static void check_hanging_chain(void) {
    double length;
    int parts;
    double off = chain_hang(0, &length, &parts);
    char name[200];
    snprintf(name, sizeof name,
             "a 60-link chain between two points hangs on the catenary (%.2g m off, 2 cm "
             "allowed) at its length (%.2g m off 3 m)",
             off, length - 3);
    CHECK(off < 0.02 && fabs(length - 3) < 1e-8, name);
    double off1 = chain_hang(1, &length, &parts);
    snprintf(name, sizeof name,
             "at one sub-step SHAKE finds no solution for the whole sub-step once the chain "
             "hangs taut: the step cuts it (%d parts) and the chain is as exact (%.2g m off)",
             parts, off1);
    CHECK(parts >= 2 && off1 < 0.02 && fabs(length - 3) < 1e-8, name);
}

/* The tension of a pendulum's stick, m (v^2 / L + g cos theta), from its
 * multiplier; a slack rope's is 0, a rope holding a weight carries it. */
static void check_tension(void) {
    for (int k = 0; k < LM_INTEGRATOR_COUNT; k++) {
        lm_world *w = make_world((lm_integrator)k, G);
        lm_particle pivot = add(w, 0, 0, 0, 0), bob = add(w, 1, 0, 0, 2);
        lm_constraint s = stick(w, pivot, bob);
        double tension;
        bool before = lm_constraint_force(w, s, &tension);
        double worst = 0;
        for (int step = 0; step < 300; step++) {
            lm_world_step(w);
            lm_vec3 x = lm_particle_position(w, bob), v = lm_particle_velocity(w, bob);
            double expected = 2 * (v.x * v.x + v.y * v.y + G * -x.y);
            lm_constraint_force(w, s, &tension);
            worst = fmax(worst, fabs(tension - expected));
        }
        char name[200];
        snprintf(name, sizeof name,
                 "%s: a pendulum stick's tension is m (v^2/L + g cos theta) within 2%% of its "
                 "most, 6 m g (%.3g N off)",
                 lm_integrator_name((lm_integrator)k), worst);
        CHECK(!before && worst < 0.02 * 6 * 2 * G, name);
        lm_world_destroy(w);
    }
    lm_world *w = make_world(LM_INTEGRATOR_VERLET, G);
    lm_particle top = add(w, 0, 0, 0, 0), weight = add(w, 0, -0.5, 0, 3);
    lm_rope_def r = lm_rope_default_def();
    r.a = top;
    r.b = weight;
    r.max_length = 1;
    lm_constraint rope = lm_rope_create(w, &r);
    lm_world_step(w);
    double slack = -1, taut = 0;
    lm_constraint_force(w, rope, &slack);
    for (int s = 0; s < 120; s++) {
        lm_world_step(w);
    }
    lm_constraint_force(w, rope, &taut);
    CHECK(slack == 0, "a slack rope pulls with 0 N");
    CHECK_NEAR(taut, 3 * G, 1e-6, "a rope holding 3 kg still pulls with m g");
    lm_world_destroy(w);

    lm_world_def def = lm_world_default_def();
    def.projection = LM_PROJECT_JAKOBSEN;
    w = lm_world_create(&def);
    top = add(w, 0, 0, 0, 0);
    weight = add(w, 0, -1, 0, 1);
    lm_constraint relaxed = stick(w, top, weight);
    lm_stick_def soft = lm_stick_default_def();
    soft.a = top;
    soft.b = add(w, 1, 0, 0, 1);
    soft.compliance = 1e-4;
    lm_constraint xpbd = lm_stick_create(w, &soft);
    for (int s = 0; s < 600; s++) {
        lm_world_step(w);
    }
    CHECK(!lm_constraint_force(w, relaxed, &taut),
          "Jakobsen's projection keeps no multiplier: no tension");
    lm_constraint_force(w, xpbd, &taut);
    CHECK(taut > 0 && taut < 40, "an XPBD stick's tension comes from its multiplier");
    lm_world_destroy(w);
}

/* A grid cloth with shear sticks of n x n particles, two corners pinned. */
static lm_world *cloth(int n, lm_projection_method projection, lm_particle *corner) {
    lm_world_def def = lm_world_default_def();
    def.projection = projection;
    lm_world *w = lm_world_create(&def);
    lm_particle p[32 * 32];
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < n; j++) {
            p[i * n + j] = add(w, j * 2.0 / (n - 1), 0, i * 2.0 / (n - 1), 1);
        }
    }
    int to[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < n; j++) {
            for (int t = 0; t < 4; t++) {
                int a = i + to[t][0], b = j + to[t][1];
                if (a < n && b >= 0 && b < n) {
                    stick(w, p[i * n + j], p[a * n + b]);
                }
            }
        }
    }
    lm_pin_create(w, p[0], lm_particle_position(w, p[0]));
    lm_pin_create(w, p[n - 1], lm_particle_position(w, p[n - 1]));
    *corner = p[n * n - 1];
    return w;
}

static void check_nets(void) {
    lm_particle a, b;
    lm_world *exact = cloth(24, LM_PROJECT_SHAKE, &a),
             *jakobsen = cloth(24, LM_PROJECT_JAKOBSEN, &b);
    for (int s = 0; s < 60; s++) {
        lm_world_step(exact);
        lm_world_step(jakobsen);
    }
    lm_world_stats stats = lm_world_get_stats(exact);
    lm_vec3 xa = lm_particle_position(exact, a), xb = lm_particle_position(jakobsen, b);
    uint32_t sticks = 2 * 24 * 23 + 2 * 23 * 23;
    CHECK(stats.exact == 0 && stats.relaxed == sticks && stats.net_sticks == sticks,
          "a 24 x 24 cloth with shear sticks is a net too costly to solve exactly: relaxed");
    CHECK(memcmp(&xa, &xb, sizeof xa) == 0,
          "a relaxed net moves as under projection = jakobsen, bit for bit");
    char name[240];
    snprintf(name, sizeof name, "and the step reports how far off it is (%.1f%%)",
             100 * stats.net_error);
    CHECK(stats.net_error > LM_SHAKE_NET_TOLERANCE, name);
    CHECK(lm_world_get_stats(jakobsen).net_error == 0 && lm_world_get_stats(jakobsen).exact == 0,
          "projection = jakobsen reports nothing");
    lm_world_destroy(exact);
    lm_world_destroy(jakobsen);

    lm_world *small = cloth(4, LM_PROJECT_SHAKE, &a);
    double worst = 0;
    for (int s = 0; s < 120; s++) {
        lm_world_step(small);
        worst = fmax(worst, lm_world_max_error(small));
    }
    stats = lm_world_get_stats(small);
    snprintf(name, sizeof name,
             "a 4 x 4 cloth is small enough to solve exactly: its 42 sticks stay at their "
             "length (%.2g m; %d Newton iterations at most: a flat net bends out of its plane at "
             "second order)",
             worst, stats.newton);
    CHECK(stats.exact == 42 && stats.relaxed == 0 && worst < 1e-8, name);
    lm_world_destroy(small);
}

/* A stick turned by more than 90 degrees per sub-step even cut in 16: the
 * step says so and stays finite. */
static void check_unmet(void) {
    lm_world *w = make_world(LM_INTEGRATOR_VERLET, 0);
    lm_particle pivot = add(w, 0, 0, 0, 0), ball = add(w, 1, 0, 0, 1);
    lm_particle_set_velocity(w, ball, (lm_vec3){0, 4000, 0});
    stick(w, pivot, ball);
    lm_world_step(w);
    lm_world_stats stats = lm_world_get_stats(w);
    lm_vec3 x = lm_particle_position(w, ball);
    CHECK(stats.unmet && stats.parts == 1 << LM_SHAKE_SPLITS && isfinite(x.x) && isfinite(x.y),
          "a stick turning 33 radians a sub-step cannot be solved: the step says so, finite");
    lm_world_step(w);
    CHECK(lm_world_get_stats(w).unmet, "and says it again for the next step");
    lm_world_destroy(w);
}

int main(void) {
    check_chains();
    check_whirl();
    check_spin();
    check_hanging_chain();
    check_tension();
    check_nets();
    check_unmet();
    return check_summary();
}
