/* engine_friction.c - Coulomb friction against colliders is exact with every
 * integrator: static friction holds without creep, kinetic friction stops a
 * sliding particle after v^2 / (2 mu g). */
#include <math.h>
#include <stdbool.h>
#include <stdio.h>

#include "../engine/loom.h"
#include "check.h"

#define PI 3.14159265358979323846
static const double G = 9.81;

static lm_world *make_world(lm_integrator integrator, int substeps) {
    lm_world_def def = lm_world_default_def();
    def.gravity = (lm_vec3){0, -G, 0};
    def.integrator = integrator;
    def.substeps = substeps;
    return lm_world_create(&def);
}

static lm_particle ball(lm_world *w, lm_vec3 pos, lm_vec3 vel, double radius) {
    lm_particle_def def = lm_particle_default_def();
    def.position = pos;
    def.velocity = vel;
    def.radius = radius;
    return lm_particle_create(w, &def);
}

/* A plane through the origin turned by angle about +z, friction mu. */
static void slope(lm_world *w, double angle, double mu_s, double mu_k) {
    lm_collider_def def = lm_collider_default_def();
    def.kind = LM_COLLIDER_PLANE;
    def.rotation = lm_quat_from_axis_angle((lm_vec3){0, 0, 1}, angle);
    def.friction = mu_k;
    def.static_friction = mu_s;
    lm_collider_create(w, &def);
}

/* A particle resting on a 30 degree slope with mu_s = mu_k = 0.8
 * (tan 30 = 0.58) stays where it was put, for 10 s. */
static void test_static(lm_integrator integrator) {
    const double r = 0.1, angle = PI / 6;
    lm_world *w = make_world(integrator, 1);
    slope(w, angle, 0.8, 0.8);
    lm_vec3 n = {-sin(angle), cos(angle), 0};
    lm_vec3 start = {n.x * r, n.y * r, 0};
    lm_particle p = ball(w, start, (lm_vec3){0, 0, 0}, r);
    for (int i = 0; i < 600; i++) {
        lm_world_step(w);
    }
    lm_vec3 x = lm_particle_position(w, p);
    char name[160];
    snprintf(name, sizeof name,
             "%s: static friction 0.8 holds a particle on a 30 degree slope for 10 s (< 1 mm)",
             lm_integrator_name(integrator));
    CHECK_NEAR(hypot(x.x - start.x, x.y - start.y), 0, 1e-3, name);
    lm_world_destroy(w);
}

/* Sliding at v on a level floor (mu = 0.3), and down a 20 degree slope from
 * rest with mu = 0.2: s = g (sin - mu cos) t^2 / 2. */
static void test_kinetic(lm_integrator integrator) {
    const double r = 0.05, v = 3, mu = 0.3;
    char name[160];
    lm_world *w = make_world(integrator, 1);
    slope(w, 0, mu, mu);
    lm_particle p = ball(w, (lm_vec3){0, r, 0}, (lm_vec3){v, 0, 0}, r);
    for (int i = 0; i < 180; i++) {
        lm_world_step(w);
    }
    double expected = v * v / (2 * mu * G);
    snprintf(name, sizeof name, "%s: sliding at 3 m/s with mu 0.3 stops at v^2 / (2 mu g) +- 2%%",
             lm_integrator_name(integrator));
    CHECK_NEAR(lm_particle_position(w, p).x, expected, 0.02 * expected, name);
    lm_world_destroy(w);

    const double angle = 20 * PI / 180, mu_k = 0.2;
    w = make_world(integrator, 1);
    slope(w, angle, mu_k, mu_k);
    lm_vec3 n = {-sin(angle), cos(angle), 0};
    p = ball(w, (lm_vec3){n.x * r, n.y * r, 0}, (lm_vec3){0, 0, 0}, r);
    for (int i = 0; i < 60; i++) {
        lm_world_step(w);
    }
    lm_vec3 x = lm_particle_position(w, p);
    double a = G * (sin(angle) - mu_k * cos(angle));
    snprintf(name, sizeof name,
             "%s: down a 20 degree slope, mu 0.2, 1 s: g (sin - mu cos) t^2 / 2 +- 3%%",
             lm_integrator_name(integrator));
    CHECK_NEAR(hypot(x.x - n.x * r, x.y - n.y * r), 0.5 * a, 0.03 * 0.5 * a, name);
    lm_world_destroy(w);
}

/* Dropped from 1 m onto a floor with restitution 0.8, the first rebound
 * peaks at e^2 h = 0.64 m. */
static void test_restitution(lm_integrator integrator) {
    const double r = 0.05, e = 0.8;
    lm_world *w = make_world(integrator, 4);
    lm_collider_def def = lm_collider_default_def();
    def.kind = LM_COLLIDER_PLANE;
    def.restitution = e;
    lm_collider_create(w, &def);
    lm_particle p = ball(w, (lm_vec3){0, 1 + r, 0}, (lm_vec3){0, 0, 0}, r);
    double peak = 0;
    bool bounced = false;
    for (int i = 0; i < 150; i++) {
        lm_world_step(w);
        double vy = lm_particle_velocity(w, p).y;
        bounced = bounced || vy > 0;
        if (bounced) {
            peak = fmax(peak, lm_particle_position(w, p).y - r);
        }
    }
    char name[160];
    snprintf(name, sizeof name, "%s: restitution 0.8 from 1 m rebounds to e^2 h = 0.64 m +- 3%%",
             lm_integrator_name(integrator));
    CHECK_NEAR(peak, e * e, 0.03 * e * e, name);
    lm_world_destroy(w);
}

int main(void) {
    for (int k = 0; k < LM_INTEGRATOR_COUNT; k++) {
        test_static((lm_integrator)k);
        test_kinetic((lm_integrator)k);
        test_restitution((lm_integrator)k);
    }
    return check_summary();
}
