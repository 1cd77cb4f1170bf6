/* engine_impact.c - collisions right at the frame rate (engine/impact.c,
 * engine/impact_pairs.c, the slide in engine/collider_respond.c): with the
 * defaults (60 steps a second, every integrator) a ball dropped on a plane,
 * a large ball, a box or a capsule comes back to e^2 of its height, bounce
 * after bounce; a block sliding on a floor stops after v^2 / (2 mu g); two
 * balls that meet off-centre leave as the closed form says. */
#include <math.h>
#include <stdio.h>

#include "../engine/loom.h"
#include "check.h"

static const double G = 9.81, R = 0.05;

/* The surface the ball is dropped on: its top at y = 0, under x = 0. */
typedef enum surface { PLANE, BALL, BOX, CAPSULE, WORLD_BOX, SURFACES } surface;
static const char *const surface_names[SURFACES] = {"a plane", "a large ball", "a box", "a capsule",
                                                    "the world box"};

static lm_world *make_world(lm_integrator integrator) {
    lm_world_def def = lm_world_default_def(); /* 60 Hz, one sub-step, 10 iterations */
    def.integrator = integrator;
    return lm_world_create(&def);
}

static void add_surface(lm_world *w, surface s, double restitution, double friction) {
    lm_collider_def d = lm_collider_default_def();
    d.restitution = restitution;
    d.friction = friction;
    switch (s) {
    case PLANE:
        d.kind = LM_COLLIDER_PLANE;
        break;
    case BALL:
        d.kind = LM_COLLIDER_SPHERE;
        d.radius = 5;
        d.position = (lm_vec3){0, -5, 0};
        break;
    case BOX:
        d.kind = LM_COLLIDER_BOX;
        d.half_extents = (lm_vec3){1, 0.25, 1};
        d.position = (lm_vec3){0, -0.25, 0};
        break;
    case CAPSULE:
        d.kind = LM_COLLIDER_CAPSULE;
        d.radius = 0.5;
        d.half_length = 1;
        d.position = (lm_vec3){0, -0.5, 0};
        d.rotation = lm_quat_from_axis_angle((lm_vec3){0, 1, 0}, 1.5707963267948966);
        break;
    case WORLD_BOX:
        d.kind = LM_COLLIDER_WORLD_BOX;
        d.min = (lm_vec3){-2, 0, -2};
        d.max = (lm_vec3){2, 4, 2};
        break;
    case SURFACES:
        break;
    }
    lm_collider_create(w, &d);
}

/* Drops a ball of radius R from 1 m (its bottom above the surface) and
 * records the heights of its bottom at the top of each rebound, as a
 * teacher reads them off the frames: the highest of the positions after
 * each step. apex[0] is the drop height. Returns how many it recorded. */
static int bounce_apexes(lm_integrator integrator, surface s, double e, double apex[], int max) {
    lm_world *w = make_world(integrator);
    add_surface(w, s, e, 0);
    lm_particle_def pd = lm_particle_default_def();
    pd.radius = R;
    pd.position = (lm_vec3){0, 1 + R, 0};
    lm_particle p = lm_particle_create(w, &pd);
    int n = 0;
    apex[n++] = 1.0;
    double highest = -1, previous_vy = 0;
    bool rising = false;
    for (int step = 0; step < 60 * 20 && n < max; step++) {
        lm_world_step(w);
        double y = lm_particle_position(w, p).y - R, vy = lm_particle_velocity(w, p).y;
        rising = rising || vy > 0;
        if (rising) {
            highest = fmax(highest, y);
            if (vy <= 0 && previous_vy > 0) {
                apex[n++] = highest;
                highest = -1;
                rising = false;
            }
        }
        previous_vy = vy;
    }
    lm_world_destroy(w);
    return n;
}

/* e = 0.5 and 0.8: each rebound reaches e^2 of the one before, within 3%,
 * while it is over 5 cm (below, the frames' spacing alone, g h^2 / 8 =
 * 0.3 mm, is 0.6% of it); e = 1: five rebounds within 3% of the first. */
static void test_bounces(lm_integrator integrator, surface s) {
    const char *name = lm_integrator_name(integrator);
    char what[200];
    const double es[2] = {0.5, 0.8};
    for (int k = 0; k < 2; k++) {
        double apex[8], e2 = es[k] * es[k], worst = 0;
        int n = bounce_apexes(integrator, s, es[k], apex, 8), ratios = 0;
        for (int i = 1; i < n && apex[i] > 0.05; i++, ratios++) {
            worst = fmax(worst, fabs(apex[i] / apex[i - 1] / e2 - 1));
        }
        snprintf(what, sizeof what, "%s, e = %g on %s: %d rebounds each at e^2 of the last +- 3%%",
                 name, es[k], surface_names[s], ratios);
        CHECK(ratios >= (k == 0 ? 2 : 4) && worst <= 0.03, what);
        if (worst > 0.03) {
            printf("#   worst %.2f%%\n", 100 * worst);
        }
    }
    double apex[7], worst = 0;
    int n = bounce_apexes(integrator, s, 1.0, apex, 7);
    for (int i = 2; i < n; i++) {
        worst = fmax(worst, fabs(apex[i] / apex[1] - 1));
    }
    snprintf(what, sizeof what, "%s, e = 1 on %s: five rebounds within 3%% of the first", name,
             surface_names[s]);
    CHECK(n == 7 && worst <= 0.03 && fabs(apex[1] - 1) <= 0.03, what);
    if (worst > 0.03) {
        printf("#   worst %.2f%%\n", 100 * worst);
    }
}

/* A block (a particle) sliding at v on a level floor with mu stops after
 * v^2 / (2 mu g), within 1%. */
static void test_braking(lm_integrator integrator, double v, double mu) {
    lm_world *w = make_world(integrator);
    add_surface(w, PLANE, 0, mu);
    lm_particle_def pd = lm_particle_default_def();
    pd.radius = R;
    pd.position = (lm_vec3){0, R, 0};
    pd.velocity = (lm_vec3){v, 0, 0};
    lm_particle p = lm_particle_create(w, &pd);
    for (int step = 0; step < 60 * 4; step++) {
        lm_world_step(w);
    }
    double expected = v * v / (2 * mu * G);
    char what[200];
    snprintf(what, sizeof what, "%s: braking from %g m/s with mu %g stops at v^2 / (2 mu g) +- 1%%",
             lm_integrator_name(integrator), v, mu);
    CHECK_NEAR(lm_particle_position(w, p).x, expected, 0.01 * expected, what);
    snprintf(what, sizeof what, "%s: ... and stays stopped", lm_integrator_name(integrator));
    CHECK(lm_particle_velocity(w, p).x == 0, what);
    lm_world_destroy(w);
}

/* A ball at v along +x strikes an equal one at rest whose centre is b (2R)
 * off its line, in zero gravity (pool balls seen from above). At the touch
 * the line of centres is n = (sqrt(1 - b^2), b): the normal parts of the
 * velocities exchange by (1 + e) / 2, the tangential ones stay. Directions
 * within 2 degrees, speeds within 4%. */
static void test_glancing(lm_integrator integrator, double e, double b) {
    lm_world_def def = lm_world_default_def();
    def.integrator = integrator;
    def.collide_particles = true;
    def.gravity = (lm_vec3){0, 0, 0};
    lm_world *w = lm_world_create(&def);
    const double r = 0.1, v = 2;
    lm_particle_def pd = lm_particle_default_def();
    pd.radius = r;
    pd.position = (lm_vec3){-0.5, 0, 0};
    pd.velocity = (lm_vec3){v, 0, 0};
    lm_particle ball[2];
    ball[0] = lm_particle_create(w, &pd);
    pd.position = (lm_vec3){0, b * 2 * r, 0};
    pd.velocity = (lm_vec3){0, 0, 0};
    ball[1] = lm_particle_create(w, &pd);
    for (int k = 0; k < 2; k++) {
        lm_particle_set_contact_material(w, ball[k], -1, e);
    }
    for (int step = 0; step < 60; step++) {
        lm_world_step(w);
    }
    lm_vec3 n = {sqrt(1 - b * b), b, 0}, t = {-b, sqrt(1 - b * b), 0};
    double vn = v * n.x, vt = v * t.x;
    double kept = (1 - e) / 2 * vn, given = (1 + e) / 2 * vn;
    lm_vec3 expected[2] = {{kept * n.x + vt * t.x, kept * n.y + vt * t.y, 0},
                           {given * n.x, given * n.y, 0}};
    double worst_angle = 0, worst_speed = 0;
    for (int k = 0; k < 2; k++) {
        lm_vec3 got = lm_particle_velocity(w, ball[k]);
        double angle = fabs(atan2(got.y, got.x) - atan2(expected[k].y, expected[k].x));
        worst_angle = fmax(worst_angle, fmin(angle, 2 * 3.14159265358979 - angle) * 57.29578);
        double speed = hypot(got.x, got.y) / hypot(expected[k].x, expected[k].y) - 1;
        worst_speed = fmax(worst_speed, fabs(speed));
    }
    char what[200];
    snprintf(what, sizeof what,
             "%s: a glancing hit (offset %g of a diameter, e = %g) leaves within 2 degrees",
             lm_integrator_name(integrator), b, e);
    CHECK(worst_angle <= 2, what);
    snprintf(what, sizeof what, "%s: ... and 4%% of the closed form's speeds (offset %g, e = %g)",
             lm_integrator_name(integrator), b, e);
    CHECK(worst_speed <= 0.04, what);
    lm_world_destroy(w);
}

int main(void) {
    for (int k = 0; k < LM_INTEGRATOR_COUNT; k++) {
        for (int s = 0; s < SURFACES; s++) {
            test_bounces((lm_integrator)k, (surface)s);
        }
        test_braking((lm_integrator)k, 3, 0.5);
        test_braking((lm_integrator)k, 1, 0.5);
        test_braking((lm_integrator)k, 0.5, 0.5);
        test_braking((lm_integrator)k, 2, 0.3);
        test_braking((lm_integrator)k, 5, 0.8);
        for (int e = 0; e < 2; e++) {
            test_glancing((lm_integrator)k, e ? 0.5 : 1.0, 0.3);
            test_glancing((lm_integrator)k, e ? 0.5 : 1.0, 0.5);
            test_glancing((lm_integrator)k, e ? 0.5 : 1.0, 0.8);
        }
    }
    return check_summary();
}
