/* engine_collide.c - colliders, contact, friction, restitution, particle and
 * edge collisions, checked against closed forms with tolerances. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../engine/loom.h"
#include "check.h"

#define PI 3.14159265358979323846
static const double G = 9.81;

static lm_world *make_world(double dt, int substeps, int iterations) {
    lm_world_def def = lm_world_default_def();
    def.gravity = (lm_vec3){0, -G, 0};
    def.time_step = dt;
    def.substeps = substeps;
    def.iterations = iterations;
    return lm_world_create(&def);
}

static lm_particle ball(lm_world *w, lm_vec3 pos, lm_vec3 vel, double radius) {
    lm_particle_def def = lm_particle_default_def();
    def.position = pos;
    def.velocity = vel;
    def.radius = radius;
    return lm_particle_create(w, &def);
}

/* A floor: the plane y = height, solid below, normal +y. */
static lm_collider floor_plane(lm_world *w, double height, double friction, double restitution) {
    lm_collider_def def = lm_collider_default_def();
    def.kind = LM_COLLIDER_PLANE;
    def.position = (lm_vec3){0, height, 0};
    def.friction = friction;
    def.restitution = restitution;
    return lm_collider_create(w, &def);
}

static double length(lm_vec3 v) {
    return sqrt(v.x * v.x + v.y * v.y + v.z * v.z);
}

/* ------------------------------------------------------------- shapes -- */

static void test_distances(void) {
    lm_world *w = make_world(1.0 / 60, 1, 10);
    lm_collider_def def = lm_collider_default_def();
    def.kind = LM_COLLIDER_SPHERE;
    def.position = (lm_vec3){1, 2, 3};
    def.radius = 0.5;
    lm_collider sphere = lm_collider_create(w, &def);
    CHECK_NEAR(lm_collider_distance(w, sphere, (lm_vec3){1, 4, 3}), 1.5, 1e-12, "sphere distance");
    def.container = true;
    lm_collider shell = lm_collider_create(w, &def);
    CHECK_NEAR(lm_collider_distance(w, shell, (lm_vec3){1, 2.1, 3}), 0.4, 1e-12,
               "a container's distance is positive inside");

    def = lm_collider_default_def();
    def.kind = LM_COLLIDER_CAPSULE;
    def.radius = 0.25;
    def.half_length = 1;
    def.rotation = lm_quat_from_axis_angle((lm_vec3){0, 0, 1}, PI / 2); /* along y */
    lm_collider capsule = lm_collider_create(w, &def);
    CHECK_NEAR(lm_collider_distance(w, capsule, (lm_vec3){0, 3, 0}), 1.75, 1e-12,
               "capsule distance beyond its end");
    CHECK_NEAR(lm_collider_distance(w, capsule, (lm_vec3){2, 0.5, 0}), 1.75, 1e-12,
               "capsule distance beside its side");

    def = lm_collider_default_def();
    def.kind = LM_COLLIDER_BOX;
    def.half_extents = (lm_vec3){1, 0.5, 0.5};
    def.rotation = lm_quat_from_axis_angle((lm_vec3){0, 0, 1}, PI / 4);
    lm_collider box = lm_collider_create(w, &def);
    /* the box's local +x corner (1, 0.5) turned 45 degrees, then 1 m further along the diagonal */
    double c = cos(PI / 4), s = sin(PI / 4);
    lm_vec3 corner = {c * 1 - s * 0.5, s * 1 + c * 0.5, 0};
    lm_vec3 out = {corner.x + 0.6, corner.y + 0.8, 0};
    CHECK_NEAR(lm_collider_distance(w, box, out), 1.0, 1e-9,
               "turned box: distance from a corner region (0.6, 0.8) away is 1");
    CHECK_NEAR(lm_collider_distance(w, box, (lm_vec3){0, 0, 0}), -0.5, 1e-12,
               "turned box: the centre is half the smallest extent deep");
    lm_world_destroy(w);
}

/* ------------------------------------------------------------- resting -- */

static void test_resting(void) {
    const double r = 0.1;
    lm_world *w = make_world(1.0 / 60, 1, 10);
    lm_collider plane = floor_plane(w, 0, 0.5, 0);
    lm_particle p = ball(w, (lm_vec3){0.3, r, 0.2}, (lm_vec3){0, 0, 0}, r);
    double deepest = 0, drift = 0;
    for (int i = 0; i < 600; i++) {
        lm_world_step(w);
        lm_vec3 x = lm_particle_position(w, p);
        deepest = fmax(deepest, r - x.y);
        drift = fmax(drift, hypot(x.x - 0.3, x.z - 0.2));
    }
    CHECK(deepest < 1e-4 * r, "a particle resting on a plane sinks less than 1e-4 of its radius");
    CHECK(drift < 1e-12, "nor drifts sideways over 10 s");
    CHECK(fabs(lm_particle_velocity(w, p).y) < 1e-9, "and is at rest");
    lm_collider touched;
    lm_vec3 n;
    CHECK(lm_particle_contact(w, p, &touched, &n) && touched.index1 == plane.index1 &&
              fabs(n.y - 1) < 1e-12,
          "the contact query names the plane and its normal +y");
    lm_particle out[4];
    CHECK(lm_collider_contacts(w, plane, out, NULL, 4) == 1 && out[0].index1 == p.index1,
          "the plane lists the particle as touching it");

    /* Turned planes rest particles too: a 30 degree slope with enough friction holds. */
    lm_world_destroy(w);
    w = make_world(1.0 / 60, 2, 10);
    lm_collider_def def = lm_collider_default_def();
    def.kind = LM_COLLIDER_PLANE;
    def.rotation = lm_quat_from_axis_angle((lm_vec3){0, 0, 1}, PI / 6);
    def.friction = 0.7; /* tan 30 = 0.577 */
    lm_collider_create(w, &def);
    lm_vec3 n30 = {-sin(PI / 6), cos(PI / 6), 0};
    p = ball(w, (lm_vec3){n30.x * r, n30.y * r, 0}, (lm_vec3){0, 0, 0}, r);
    for (int i = 0; i < 600; i++) {
        lm_world_step(w);
    }
    lm_vec3 x = lm_particle_position(w, p);
    CHECK(length((lm_vec3){x.x - n30.x * r, x.y - n30.y * r, 0}) < 1e-6,
          "static friction 0.7 holds a particle on a 30 degree slope (tan 30 = 0.58)");
    lm_world_destroy(w);
}

/* Every integrator: at rest on a plane, and sliding to a stop. */
static void test_integrators(void) {
    for (int integrator = 0; integrator < LM_INTEGRATOR_COUNT; integrator++) {
        const double r = 0.1, v = 2, mu = 0.4;
        lm_world_def def = lm_world_default_def();
        def.integrator = (lm_integrator)integrator;
        def.substeps = 4;
        lm_world *w = lm_world_create(&def);
        floor_plane(w, 0, mu, 0);
        lm_particle resting = ball(w, (lm_vec3){-5, r, 0}, (lm_vec3){0, 0, 0}, r);
        lm_particle sliding = ball(w, (lm_vec3){0, r, 0}, (lm_vec3){v, 0, 0}, r);
        double deepest = 0;
        for (int i = 0; i < 300; i++) {
            lm_world_step(w);
            deepest = fmax(deepest, r - lm_particle_position(w, resting).y);
            deepest = fmax(deepest, r - lm_particle_position(w, sliding).y);
        }
        char name[128];
        snprintf(name, sizeof name, "%s: resting and sliding particles never sink",
                 lm_integrator_name(def.integrator));
        CHECK(deepest < 1e-4 * r, name);
        snprintf(name, sizeof name, "%s: the resting one does not drift",
                 lm_integrator_name(def.integrator));
        CHECK(fabs(lm_particle_position(w, resting).x + 5) < 1e-12, name);
        double expected = v * v / (2 * mu * G);
        snprintf(name, sizeof name, "%s: the sliding one stops within v^2 / (2 mu g) +- 5%%",
                 lm_integrator_name(def.integrator));
        CHECK_NEAR(lm_particle_position(w, sliding).x, expected, 0.05 * expected, name);
        lm_world_destroy(w);
    }
}

/* ------------------------------------------------------------- sliding -- */

/* A particle sliding at v on a floor with kinetic friction mu stops after
 * v^2 / (2 mu g). */
static void test_sliding(void) {
    const double v = 3, mu = 0.3, r = 0.05;
    lm_world *w = make_world(1.0 / 60, 4, 10);
    floor_plane(w, 0, mu, 0);
    lm_particle p = ball(w, (lm_vec3){0, r, 0}, (lm_vec3){v, 0, 0}, r);
    for (int i = 0; i < 300; i++) {
        lm_world_step(w);
    }
    double expected = v * v / (2 * mu * G);
    CHECK_NEAR(lm_particle_position(w, p).x, expected, 0.05 * expected,
               "sliding with mu = 0.3 stops within v^2 / (2 mu g) +- 5%");
    CHECK(length(lm_particle_velocity(w, p)) < 1e-9, "and stays stopped");
    lm_world_destroy(w);

    /* Per-particle friction combines as sqrt(collider * particle). */
    w = make_world(1.0 / 60, 4, 10);
    floor_plane(w, 0, 0.6, 0);
    p = ball(w, (lm_vec3){0, r, 0}, (lm_vec3){v, 0, 0}, r);
    lm_particle_set_contact_material(w, p, 0.15, -1);
    for (int i = 0; i < 300; i++) {
        lm_world_step(w);
    }
    CHECK_NEAR(lm_particle_position(w, p).x, expected, 0.05 * expected,
               "friction 0.6 (collider) with 0.15 (particle) acts as sqrt(0.6 * 0.15) = 0.3");
    lm_world_destroy(w);

    /* Down a 30 degree slope with mu = 0.2: a = g (sin 30 - mu cos 30). */
    w = make_world(1.0 / 60, 4, 10);
    lm_collider_def def = lm_collider_default_def();
    def.kind = LM_COLLIDER_PLANE;
    def.rotation = lm_quat_from_axis_angle((lm_vec3){0, 0, 1}, PI / 6);
    def.friction = 0.2;
    lm_collider_create(w, &def);
    lm_vec3 n30 = {-sin(PI / 6), cos(PI / 6), 0};
    p = ball(w, (lm_vec3){n30.x * r, n30.y * r, 0}, (lm_vec3){0, 0, 0}, r);
    for (int i = 0; i < 120; i++) {
        lm_world_step(w);
    }
    double a = G * (sin(PI / 6) - 0.2 * cos(PI / 6));
    lm_vec3 x = lm_particle_position(w, p);
    double travelled = hypot(x.x - n30.x * r, x.y - n30.y * r);
    CHECK_NEAR(travelled, 0.5 * a * 4, 0.05 * 0.5 * a * 4,
               "down a 30 degree slope with mu = 0.2: s = g (sin - mu cos) t^2 / 2 +- 5%");
    lm_world_destroy(w);
}

/* ------------------------------------------------------------- bouncing -- */

static void test_bouncing(void) {
    const double e = 0.7;
    lm_world *w = make_world(1.0 / 1000, 1, 1);
    floor_plane(w, 0, 0, e);
    lm_particle p = ball(w, (lm_vec3){0, 2, 0}, (lm_vec3){0, 0, 0}, 0);
    double peaks[4];
    int n = 0;
    double last_vy = 0;
    for (int i = 0; i < 8000 && n < 4; i++) {
        lm_world_step(w);
        double vy = lm_particle_velocity(w, p).y;
        if (last_vy > 0 && vy <= 0) {
            peaks[n++] = lm_particle_position(w, p).y;
        }
        last_vy = vy;
    }
    CHECK(n == 4, "the ball bounces at least four times");
    CHECK_NEAR(peaks[0] / 2.0, e * e, 0.05 * e * e, "the first bounce reaches e^2 of the drop");
    CHECK_NEAR(peaks[1] / peaks[0], e * e, 0.05 * e * e, "the second falls by e^2");
    CHECK_NEAR(peaks[3] / peaks[2], e * e, 0.05 * e * e, "the fourth falls by e^2");
    lm_world_destroy(w);

    /* Restitution combines as max(collider, particle). */
    w = make_world(1.0 / 1000, 1, 1);
    floor_plane(w, 0, 0, 0);
    p = ball(w, (lm_vec3){0, 1, 0}, (lm_vec3){0, 0, 0}, 0);
    lm_particle_set_contact_material(w, p, -1, 0.5);
    double top = 0;
    bool bounced = false;
    for (int i = 0; i < 1500; i++) {
        lm_world_step(w);
        double y = lm_particle_position(w, p).y;
        bounced = bounced || lm_particle_velocity(w, p).y > 0;
        if (bounced) {
            top = fmax(top, y);
        }
    }
    CHECK_NEAR(top, 0.25, 0.05 * 0.25, "a particle with e = 0.5 bounces to e^2 on a dead floor");
    lm_world_destroy(w);
}

/* ------------------------------------------------------ stick over bump -- */

/* Lowest signed distance along the segment, sampled finely. */
static double segment_clearance(lm_world *w, lm_collider c, lm_vec3 a, lm_vec3 b) {
    double lowest = INFINITY;
    for (int k = 0; k <= 1000; k++) {
        double t = k / 1000.0;
        lm_vec3 x = {a.x + t * (b.x - a.x), a.y + t * (b.y - a.y), a.z + t * (b.z - a.z)};
        lowest = fmin(lowest, lm_collider_distance(w, c, x));
    }
    return lowest;
}

/* Jakobsen figs. 4-5: a stick dropped across a thin bump between its ends. */
static double stick_over_bump(bool collide_edges, lm_collider_kind kind, double *final_height) {
    lm_world_def def = lm_world_default_def();
    def.collide_edges = collide_edges;
    def.substeps = 2;
    lm_world *w = lm_world_create(&def);
    floor_plane(w, 0, 0.5, 0);
    lm_collider_def bump = lm_collider_default_def();
    bump.kind = kind;
    bump.position = (lm_vec3){0.1, 0.1, 0};
    bump.radius = 0.1;
    bump.half_extents = (lm_vec3){0.05, 0.1, 0.5};
    bump.half_length = 0.5;
    bump.rotation = lm_quat_from_axis_angle((lm_vec3){0, 1, 0}, PI / 2); /* capsule along z */
    if (kind == LM_COLLIDER_BOX) {
        bump.rotation = lm_quat_from_axis_angle((lm_vec3){0, 0, 1}, 0.3);
    }
    lm_collider c = lm_collider_create(w, &bump);
    lm_particle a = ball(w, (lm_vec3){-0.5, 0.6, 0}, (lm_vec3){0, 0, 0}, 0.02);
    lm_particle b = ball(w, (lm_vec3){0.5, 0.7, 0}, (lm_vec3){0, 0, 0}, 0.02);
    lm_stick_def s = lm_stick_default_def();
    s.a = a;
    s.b = b;
    lm_stick_create(w, &s);
    double lowest = INFINITY;
    for (int i = 0; i < 240; i++) {
        lm_world_step(w);
        lowest = fmin(lowest, segment_clearance(w, c, lm_particle_position(w, a),
                                                lm_particle_position(w, b)));
    }
    *final_height = 0.5 * (lm_particle_position(w, a).y + lm_particle_position(w, b).y);
    lm_world_destroy(w);
    return lowest;
}

static void test_stick_over_bump(void) {
    double height;
    double lowest = stick_over_bump(true, LM_COLLIDER_CAPSULE, &height);
    CHECK(lowest > -1e-5,
          "a stick over a round bump never has a point below its surface (1e-4 of its radius)");
    CHECK(height > 0.05, "it rests on the bump instead of on the floor");
    lowest = stick_over_bump(true, LM_COLLIDER_BOX, &height);
    CHECK(lowest > -1e-5, "a stick over a turned box bump never has a point inside it");
    lowest = stick_over_bump(false, LM_COLLIDER_CAPSULE, &height);
    CHECK(lowest < -0.05, "without edge collisions the same stick sinks through the bump");
}

/* A stick leaning across a round rail, one end on a frictionless floor:
 * friction where the rail touches the stick's inside (not at a particle)
 * holds it where it lands; without it the stick slides down the rail until
 * its end rests on it. Returns how far its middle moved along x in 4 s. */
static double leaning_stick_drift(double friction) {
    lm_world_def def = lm_world_default_def();
    def.collide_edges = true;
    def.substeps = 2;
    lm_world *w = lm_world_create(&def);
    floor_plane(w, 0, 0, 0); /* a frictionless floor: only the rail can hold the stick */
    lm_collider_def rail = lm_collider_default_def();
    rail.kind = LM_COLLIDER_CAPSULE;
    rail.position = (lm_vec3){0, 0.2, 0};
    rail.radius = 0.2;
    rail.half_length = 0.5;
    rail.rotation = lm_quat_from_axis_angle((lm_vec3){0, 1, 0}, PI / 2);
    rail.friction = friction;
    lm_collider_create(w, &rail);
    lm_particle a = ball(w, (lm_vec3){-0.6, 0.02, 0}, (lm_vec3){0, 0, 0}, 0.02);
    lm_particle b = ball(w, (lm_vec3){0.3, 0.7, 0}, (lm_vec3){0, 0, 0}, 0.02); /* 2 cm clear */
    lm_stick_def s = lm_stick_default_def();
    s.a = a;
    s.b = b;
    lm_stick_create(w, &s);
    double start = lm_particle_position(w, a).x + lm_particle_position(w, b).x;
    for (int i = 0; i < 240; i++) {
        lm_world_step(w);
    }
    double end = lm_particle_position(w, a).x + lm_particle_position(w, b).x;
    lm_world_destroy(w);
    return fabs(end - start) / 2;
}

static void test_edge_friction(void) {
    /* Leaning at about 35 degrees on a frictionless floor, it needs mu > tan 35 = 0.7. */
    CHECK(leaning_stick_drift(1.5) < 0.03,
          "friction on a stick's inside holds it leaning on a rail where it lands (< 3 cm)");
    CHECK(leaning_stick_drift(0) > 0.3, "without friction the same stick slides down the rail");
}

/* --------------------------------------------------------- ball pile -- */

static uint32_t lcg(uint32_t *state) {
    *state = *state * 1664525u + 1013904223u;
    return *state >> 8;
}

typedef struct pile_result {
    double max_overlap, energy_start, energy_end, max_speed;
    uint64_t hash;
} pile_result;

static double energy(lm_world *w, const lm_particle *p, int n) {
    double e = 0;
    for (int i = 0; i < n; i++) {
        lm_vec3 v = lm_particle_velocity(w, p[i]);
        e += 0.5 * (v.x * v.x + v.y * v.y + v.z * v.z) + G * lm_particle_position(w, p[i]).y;
    }
    return e;
}

static pile_result ball_pile(int n, int steps) {
    const double r = 0.05;
    lm_world_def def = lm_world_default_def();
    def.collide_particles = true;
    def.substeps = 4;
    def.iterations = 10;
    def.damping = 0.01; /* Jakobsen's 1.99: frictionless balls would otherwise roll for long */
    lm_world *w = lm_world_create(&def);
    lm_collider_def box = lm_collider_default_def();
    box.min = (lm_vec3){-0.6, 0, -0.5};
    box.max = (lm_vec3){0.6, 10, 0.5};
    lm_collider_create(w, &box);
    lm_particle *p = malloc(sizeof *p * (size_t)n);
    uint32_t seed = 12345;
    for (int i = 0; i < n; i++) {
        int col = i % 10, row = (i / 10) % 10, layer = i / 100;
        double jitter_x = (lcg(&seed) % 1000) * 1e-5, jitter_z = (lcg(&seed) % 1000) * 1e-5;
        p[i] = ball(w,
                    (lm_vec3){-0.5 + 0.11 * col + jitter_x, 0.1 + 0.12 * layer,
                              -0.45 + 0.1 * row + jitter_z},
                    (lm_vec3){0, 0, 0}, r);
    }
    pile_result result = {0, energy(w, p, n), 0, 0, 0};
    for (int s = 0; s < steps; s++) {
        lm_world_step(w);
    }
    result.energy_end = energy(w, p, n);
    uint64_t hash = 1469598103934665603ull;
    for (int i = 0; i < n; i++) {
        lm_vec3 xi = lm_particle_position(w, p[i]);
        result.max_speed = fmax(result.max_speed, length(lm_particle_velocity(w, p[i])));
        const unsigned char *bytes = (const unsigned char *)&xi;
        for (size_t k = 0; k < sizeof xi; k++) {
            hash = (hash ^ bytes[k]) * 1099511628211ull;
        }
        for (int j = i + 1; j < n; j++) {
            lm_vec3 xj = lm_particle_position(w, p[j]);
            double d = length((lm_vec3){xj.x - xi.x, xj.y - xi.y, xj.z - xi.z});
            result.max_overlap = fmax(result.max_overlap, 2 * r - d);
        }
    }
    result.hash = hash;
    free(p);
    lm_world_destroy(w);
    return result;
}

static void test_ball_pile(void) {
    const double r = 0.05;
    pile_result a = ball_pile(1000, 300);
    printf("# pile: overlap %g, speed %g, energy %g -> %g\n", a.max_overlap, a.max_speed,
           a.energy_start, a.energy_end);
    CHECK(a.max_overlap < 0.05 * r, "1,000 balls in a box settle with overlaps under 5% of r");
    CHECK(a.energy_end <= a.energy_start, "the pile gains no energy");
    CHECK(a.max_speed < 0.1, "the pile is at rest (no ball faster than 0.1 m/s after 5 s)");
    pile_result b = ball_pile(300, 60), c = ball_pile(300, 60);
    CHECK(b.hash == c.hash, "the same pile twice gives the same bits");
}

/* ------------------------------------------------------------ cloth -- */

typedef struct cloth {
    int n;
    lm_particle *p;
} cloth;

static cloth make_cloth(lm_world *w, int n, double size, double y, double radius) {
    cloth c = {n, malloc(sizeof(lm_particle) * (size_t)n * (size_t)n)};
    double spacing = size / (n - 1);
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < n; j++) {
            lm_particle_def def = lm_particle_default_def();
            def.position = (lm_vec3){-size / 2 + j * spacing, y, -size / 2 + i * spacing};
            def.mass = 1.0 / (n * n);
            def.radius = radius;
            c.p[i * n + j] = lm_particle_create(w, &def);
        }
    }
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < n; j++) {
            int k = i * n + j;
            int others[4] = {j + 1 < n ? k + 1 : -1, i + 1 < n ? k + n : -1,
                             i + 1 < n && j + 1 < n ? k + n + 1 : -1,
                             i + 1 < n && j > 0 ? k + n - 1 : -1};
            for (int o = 0; o < 4; o++) {
                if (others[o] >= 0) {
                    lm_stick_def s = lm_stick_default_def();
                    s.a = c.p[k];
                    s.b = c.p[others[o]];
                    lm_stick_create(w, &s);
                }
            }
        }
    }
    return c;
}

static void test_cloth_over_sphere(void) {
    const double radius = 0.02;
    lm_world *w = make_world(1.0 / 60, 2, 10);
    lm_collider_def def = lm_collider_default_def();
    def.kind = LM_COLLIDER_SPHERE;
    def.radius = 0.5;
    def.friction = 0.3;
    lm_collider sphere = lm_collider_create(w, &def);
    cloth c = make_cloth(w, 20, 1.6, 0.7, radius);
    double closest = INFINITY;
    for (int s = 0; s < 180; s++) {
        lm_world_step(w);
        for (int k = 0; k < c.n * c.n; k++) {
            closest =
                fmin(closest, lm_collider_distance(w, sphere, lm_particle_position(w, c.p[k])));
        }
    }
    CHECK(closest >= radius - 1e-9, "a cloth over a sphere keeps every vertex outside it");
    size_t touching = lm_collider_contacts(w, sphere, NULL, NULL, 0);
    printf("# touching %zu\n", touching);
    CHECK(touching > 50, "and drapes over it (many vertices touch)");
    free(c.p);
    lm_world_destroy(w);
}

/* A box moving sideways under a resting cloth carries it along by friction. */
static double dragged_speed(double friction) {
    lm_world *w = make_world(1.0 / 60, 2, 10);
    lm_collider_def def = lm_collider_default_def();
    def.kind = LM_COLLIDER_BOX;
    def.half_extents = (lm_vec3){3, 0.1, 1};
    def.friction = friction;
    lm_collider table = lm_collider_create(w, &def);
    cloth c = make_cloth(w, 8, 0.6, 0.12, 0.01);
    for (int s = 0; s < 30; s++) {
        lm_world_step(w); /* let it settle */
    }
    const double speed = 0.5;
    for (int s = 0; s < 120; s++) {
        lm_collider_set_position(w, table, (lm_vec3){speed * (s + 1) / 60.0, 0, 0});
        lm_world_step(w);
    }
    double vx = 0;
    for (int k = 0; k < c.n * c.n; k++) {
        vx += lm_particle_velocity(w, c.p[k]).x / (c.n * c.n);
    }
    free(c.p);
    lm_world_destroy(w);
    return vx;
}

static void test_kinematic_drag(void) {
    CHECK_NEAR(dragged_speed(0.8), 0.5, 0.05 * 0.5,
               "a kinematic box moving at 0.5 m/s drags a cloth along through friction");
    CHECK_NEAR(dragged_speed(0), 0.0, 1e-9, "without friction the cloth stays behind");

    /* A turning sphere carries a particle resting on top round with its surface
     * while static friction (mu = 1) holds it (up to 45 degrees). */
    lm_world *w = make_world(1.0 / 60, 2, 10);
    lm_collider_def def = lm_collider_default_def();
    def.kind = LM_COLLIDER_SPHERE;
    def.radius = 1;
    def.friction = 1;
    lm_collider sphere = lm_collider_create(w, &def);
    lm_particle p = ball(w, (lm_vec3){0, 1.0, 0}, (lm_vec3){0, 0, 0}, 0);
    double omega = 0.5; /* rad/s about z */
    for (int s = 0; s < 60; s++) {
        lm_collider_set_rotation(w, sphere,
                                 lm_quat_from_axis_angle((lm_vec3){0, 0, 1}, omega * (s + 1) / 60));
        lm_world_step(w);
    }
    lm_vec3 x = lm_particle_position(w, p);
    CHECK_NEAR(atan2(-x.x, x.y), 0.5, 0.05 * 0.5,
               "a sphere turning 0.5 rad carries a particle on top round by 0.5 rad +- 5%");
    lm_world_destroy(w);
}

/* ----------------------------------------------------- groups and masks -- */

static void test_masks(void) {
    lm_world *w = make_world(1.0 / 60, 1, 10);
    lm_collider_def def = lm_collider_default_def();
    def.kind = LM_COLLIDER_PLANE;
    def.mask = ~(1u << 3); /* ignores group 3 */
    lm_collider_create(w, &def);
    lm_particle_def pd = lm_particle_default_def();
    pd.position = (lm_vec3){0, 0.5, 0};
    pd.group = 3;
    lm_particle ghost = lm_particle_create(w, &pd);
    pd.group = 0;
    lm_particle solid = lm_particle_create(w, &pd);
    pd.position = (lm_vec3){1, 0.5, 0};
    lm_particle ignoring = lm_particle_create(w, &pd);
    lm_particle_set_collision_mask(w, ignoring, 0); /* touches nothing */
    for (int s = 0; s < 60; s++) {
        lm_world_step(w);
    }
    CHECK(lm_particle_position(w, ghost).y < -1,
          "a collider's mask lets its ignored group through");
    CHECK_NEAR(lm_particle_position(w, solid).y, 0, 1e-12, "other groups still land");
    CHECK(lm_particle_position(w, ignoring).y < -1, "a particle's own mask is honoured too");
    CHECK(lm_particle_collision_mask(w, ignoring) == 0 &&
              lm_particle_collision_mask(w, solid) == UINT32_MAX,
          "masks read back");
    lm_world_destroy(w);

    /* Two balls of groups that ignore each other pass through each other. */
    lm_world_def wd = lm_world_default_def();
    wd.gravity = (lm_vec3){0, 0, 0};
    wd.collide_particles = true;
    w = lm_world_create(&wd);
    lm_particle a = ball(w, (lm_vec3){-1, 0, 0}, (lm_vec3){1, 0, 0}, 0.1);
    lm_particle b = ball(w, (lm_vec3){1, 0, 0}, (lm_vec3){-1, 0, 0}, 0.1);
    lm_particle_set_collision_mask(w, a, 0);
    for (int s = 0; s < 120; s++) {
        lm_world_step(w);
    }
    CHECK(lm_particle_position(w, a).x > 0.9, "particles whose masks exclude each other pass");
    (void)b;
    lm_world_destroy(w);
}

/* A ball resting on an immovable ball 20 degrees off the top: without
 * friction it slides off; with friction 1 on both (tan 20 = 0.36) it stays. */
static double ball_on_ball_drift(double friction) {
    lm_world_def def = lm_world_default_def();
    def.collide_particles = true;
    def.substeps = 2;
    lm_world *w = lm_world_create(&def);
    lm_particle_def pd = lm_particle_default_def();
    pd.radius = 0.1;
    pd.mass = 0;
    lm_particle base = lm_particle_create(w, &pd);
    double angle = 20 * PI / 180;
    lm_vec3 start = {0.2 * sin(angle), 0.2 * cos(angle), 0};
    lm_particle top = ball(w, start, (lm_vec3){0, 0, 0}, 0.1);
    if (friction > 0) {
        lm_particle_set_contact_material(w, base, friction, -1);
        lm_particle_set_contact_material(w, top, friction, -1);
    }
    for (int s = 0; s < 120; s++) {
        lm_world_step(w);
    }
    lm_vec3 x = lm_particle_position(w, top);
    lm_world_destroy(w);
    return length((lm_vec3){x.x - start.x, x.y - start.y, 0});
}

static void test_pair_friction(void) {
    CHECK(ball_on_ball_drift(1) < 1e-3, "friction between balls holds one on another 20 degrees "
                                        "off the top (moves < 1 mm in 2 s)");
    CHECK(ball_on_ball_drift(0) > 0.1, "without friction it slides off");
}

/* ------------------------------------------------------- head-on pair -- */

/* Two equal balls meeting head on stop at contact (projection is inelastic)
 * and never overlap; momentum is kept. */
static void test_pair(void) {
    lm_world_def wd = lm_world_default_def();
    wd.gravity = (lm_vec3){0, 0, 0};
    wd.collide_particles = true;
    lm_world *w = lm_world_create(&wd);
    lm_particle a = ball(w, (lm_vec3){-1, 0, 0}, (lm_vec3){1, 0, 0}, 0.1);
    lm_particle_def heavy = lm_particle_default_def();
    heavy.position = (lm_vec3){1, 0, 0};
    heavy.velocity = (lm_vec3){-1, 0, 0};
    heavy.radius = 0.1;
    heavy.mass = 3;
    lm_particle b = lm_particle_create(w, &heavy);
    double closest = INFINITY;
    for (int s = 0; s < 120; s++) {
        lm_world_step(w);
        closest = fmin(closest, lm_particle_position(w, b).x - lm_particle_position(w, a).x);
    }
    CHECK(closest >= 0.2 - 1e-9, "two balls never overlap");
    double momentum = lm_particle_velocity(w, a).x + 3 * lm_particle_velocity(w, b).x;
    CHECK_NEAR(momentum, 1 - 3, 1e-9, "mass-weighted projection keeps momentum");
    CHECK_NEAR(lm_particle_velocity(w, a).x, -0.5, 1e-6,
               "and they move on together at the common velocity (1 - 3) / 4");
    lm_world_destroy(w);
}

int main(void) {
    test_distances();
    test_resting();
    test_sliding();
    test_integrators();
    test_bouncing();
    test_stick_over_bump();
    test_edge_friction();
    test_ball_pile();
    test_cloth_over_sphere();
    test_kinematic_drag();
    test_masks();
    test_pair();
    test_pair_friction();
    return check_summary();
}
