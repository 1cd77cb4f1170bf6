/* engine_batched.c - the batched order (world option order = "batched") and
 * its threads: the same arithmetic per projection as the creation order, the
 * same settled shape and constraint errors, the same bits for every thread
 * count and every vector width (stored hashes), colliders and contacts, and
 * topology changes (tearing, removal, new sticks) in the middle of a run. */
#include <stdlib.h>
#include <string.h>

#include "../engine/loom.h"
#include "check.h"

static lm_world *make_world(lm_order order, int threads, int iterations) {
    lm_world_def def = lm_world_default_def();
    def.order = order;
    def.threads = threads;
    def.iterations = iterations;
    return lm_world_create(&def);
}

static lm_particle point(lm_world *w, double x, double y, double z, double mass, double radius) {
    lm_particle_def def = lm_particle_default_def();
    def.position = (lm_vec3){x, y, z};
    def.mass = mass;
    def.radius = radius;
    return lm_particle_create(w, &def);
}

static void stick(lm_world *w, lm_particle a, lm_particle b, double stiffness,
                  double break_strain) {
    lm_stick_def s = lm_stick_default_def();
    s.a = a;
    s.b = b;
    s.stiffness = stiffness;
    s.break_strain = break_strain;
    lm_stick_create(w, &s);
}

/* An n x n cloth in the xz-plane, structural and shear sticks, pinned at
 * two corners; the particles in out (n * n) when out is not NULL. */
static void cloth(lm_world *w, int n, double break_strain, lm_particle *out) {
    lm_particle *p = malloc(sizeof *p * (size_t)n * (size_t)n);
    double spacing = 1.0 / (n - 1);
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < n; j++) {
            p[i * n + j] = point(w, j * spacing, 0, i * spacing, 1, 0);
        }
    }
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < n; j++) {
            int k = i * n + j;
            /* every 7th stick breakable (a distance, solved in creation order) */
            double strain = k % 7 == 3 ? break_strain : 0;
            if (j + 1 < n) {
                stick(w, p[k], p[k + 1], 1, strain);
            }
            if (i + 1 < n) {
                stick(w, p[k], p[k + n], 1, 0);
            }
            if (i + 1 < n && j + 1 < n) {
                stick(w, p[k], p[k + n + 1], 1, 0);
                stick(w, p[k + 1], p[k + n], 1, 0);
            }
        }
    }
    lm_pin_create(w, p[0], lm_particle_position(w, p[0]));
    lm_pin_create(w, p[n - 1], lm_particle_position(w, p[n - 1]));
    if (out) {
        memcpy(out, p, sizeof *p * (size_t)n * (size_t)n);
    }
    free(p);
}

static uint64_t fnv(uint64_t h, const void *data, size_t size) {
    const unsigned char *b = data;
    for (size_t i = 0; i < size; i++) {
        h ^= b[i];
        h *= 1099511628211ull;
    }
    return h;
}

/* The exact bits of every live particle's slot, position and velocity. */
static uint64_t world_hash(const lm_world *w) {
    uint64_t h = 14695981039346656037ull;
    for (uint32_t s = 0; s < lm_world_particle_slots(w); s++) {
        lm_particle p = lm_world_particle_in_slot(w, s);
        if (!lm_particle_is_valid(w, p)) {
            continue;
        }
        lm_vec3 x = lm_particle_position(w, p), v = lm_particle_velocity(w, p);
        double bits[6] = {x.x, x.y, x.z, v.x, v.y, v.z};
        h = fnv(h, &s, sizeof s);
        h = fnv(h, bits, sizeof bits);
    }
    return h;
}

/* ------------------------------------------------------------- scenes -- */

enum { SCENE_CLOTH, SCENE_COLLIDE, SCENE_TOPOLOGY, SCENE_COUNT };
static const char *const scene_names[SCENE_COUNT] = {"cloth", "cloth on a sphere with balls",
                                                     "tearing and removal"};

/* Runs a scene; the world is returned for inspection (the caller destroys it). */
static lm_world *run_scene(int scene, lm_order order, int threads, int steps) {
    lm_world *w = make_world(order, threads, 10);
    lm_particle p[48 * 48];
    if (scene == SCENE_CLOTH) {
        cloth(w, 48, 0, p);
        lm_force_create_drag(w, 0.05);
    } else if (scene == SCENE_COLLIDE) {
        lm_world_def def = lm_world_settings(w);
        def.collide_particles = true;
        lm_world_configure(w, &def);
        cloth(w, 48, 0, p);
        lm_collider_def c = lm_collider_default_def();
        c.kind = LM_COLLIDER_SPHERE;
        c.position = (lm_vec3){0.5, -0.6, 0.5};
        c.radius = 0.3;
        c.friction = 0.3;
        lm_collider_create(w, &c);
        for (int i = 0; i < 40; i++) {
            point(w, 0.3 + 0.011 * i, 0.3 + 0.05 * (i % 5), 0.4 + 0.013 * (i % 7), 0.5, 0.04);
        }
    } else {
        cloth(w, 48, 0.05, p);
    }
    for (int s = 0; s < steps; s++) {
        if (scene == SCENE_TOPOLOGY && s == 30) {
            for (int k = 600; k < 1200; k += 5) {
                lm_particle_destroy(w, p[k]); /* a band of holes */
            }
        }
        if (scene == SCENE_TOPOLOGY && s == 60) {
            lm_particle a = point(w, 0.5, 0.2, 0.5, 1, 0);
            lm_stick_def def = lm_stick_default_def(); /* a new stick mid-run */
            def.a = a;
            def.b = p[48 * 48 - 1];
            def.rest_length = 0.3;
            lm_stick_create(w, &def);
        }
        lm_world_step(w);
    }
    return w;
}

/* Regenerate with `build/tests/engine_batched --print` only when the batched
 * order's physics changes on purpose (see engine_determinism.c): rows are the
 * scenes above after 90 steps. The same values must come out of a build for
 * any vector width (make test runs this file with the kernels of each width:
 * engine_batched_baseline, _avx2, _v4) and any thread count. */
static const uint64_t EXPECTED_HASH[SCENE_COUNT] = {
    0x30127ee5983f5a25ull, /* cloth */
    0x263c1c5d1f152dfcull, /* cloth on a sphere with balls */
    0x9e2c47129c0d0a9aull, /* tearing and removal */
};

static void test_hashes(bool print) {
    for (int scene = 0; scene < SCENE_COUNT; scene++) {
        uint64_t first = 0;
        bool same = true;
        for (int threads = 1; threads <= 4; threads++) {
            lm_world *w = run_scene(scene, LM_ORDER_BATCHED, threads, 90);
            uint64_t h = world_hash(w);
            lm_world_destroy(w);
            if (threads == 1) {
                first = h;
            }
            same = same && h == first;
        }
        if (print) {
            printf("    0x%016llxull, /* %s */\n", (unsigned long long)first, scene_names[scene]);
            continue;
        }
        char name[160];
        snprintf(name, sizeof name, "batched %s: threads 1, 2, 3 and 4 give the same bits",
                 scene_names[scene]);
        CHECK(same, name);
        snprintf(name, sizeof name, "batched %s hashes to its stored value %016llx",
                 scene_names[scene], (unsigned long long)EXPECTED_HASH[scene]);
        CHECK(first == EXPECTED_HASH[scene], name);
    }
}

/* --------------------------------------------------------------- tests -- */

/* Sticks that share no particle form one batch: each projection is the same
 * arithmetic in both orders, so the bits agree (masses and stiffness vary). */
static void test_same_arithmetic(void) {
    uint64_t hashes[2];
    for (int order = 0; order < 2; order++) {
        lm_world *w = make_world((lm_order)order, 1, 10);
        for (int i = 0; i < 200; i++) {
            lm_particle a = point(w, 0.01 * i, 0.3 * (i % 3), 0, 1 + i % 4, 0);
            lm_particle b =
                point(w, 0.01 * i + 0.2, 0.1 * (i % 5), 0.05 * (i % 2), i % 9 ? 2 : 0, 0);
            stick(w, a, b, i % 2 ? 1.0 : 0.6, 0);
        }
        for (int s = 0; s < 30; s++) {
            lm_world_step(w);
        }
        hashes[order] = world_hash(w);
        lm_world_destroy(w);
    }
    CHECK(hashes[0] == hashes[1],
          "sticks without shared particles: batched gives the creation order's bits");
}

/* A chain of 64 independent sticks of equal masses is one run of one weight
 * (its kernel takes the weight as a constant). Changing a mass, pinning and
 * unpinning mid-run must switch runs to loaded weights and back: the bits
 * stay the creation order's. */
static void test_weight_changes(void) {
    uint64_t hashes[2];
    for (int order = 0; order < 2; order++) {
        lm_world *w = make_world((lm_order)order, 1, 10);
        lm_particle p[128];
        for (int i = 0; i < 128; i++) {
            p[i] = point(w, 0.05 * i + 0.01 * (i % 2), 0.02 * (i % 3), 0, 1, 0);
        }
        for (int i = 0; i < 64; i++) {
            stick(w, p[2 * i], p[2 * i + 1], 1.0, 0);
        }
        for (int s = 0; s < 10; s++) {
            lm_world_step(w);
        }
        lm_particle_set_mass(w, p[37], 3); /* the weights change, the sticks do not */
        for (int s = 0; s < 10; s++) {
            lm_world_step(w);
        }
        lm_particle_set_mass(w, p[37], 1);
        lm_particle_set_mass(w, p[5], 0.5);
        for (int s = 0; s < 10; s++) {
            lm_world_step(w);
        }
        lm_constraint pin = lm_pin_create(w, p[80], lm_particle_position(w, p[80]));
        for (int s = 0; s < 10; s++) {
            lm_world_step(w);
        }
        lm_constraint_destroy(w, pin);
        for (int s = 0; s < 10; s++) {
            lm_world_step(w);
        }
        hashes[order] = world_hash(w);
        lm_world_destroy(w);
    }
    CHECK(
        hashes[0] == hashes[1],
        "masses changed, a pin added and removed mid-run: batched gives the creation order's bits");
}

/* A run of 4096 independent sticks (one batch, split between threads) whose
 * ends mostly weigh the same: the exceptions (heavier and pinned particles,
 * alone, in clusters, at the run's ends and across the threads' cuts at
 * 1/4, 1/3, 1/2, 2/3, 3/4) are loaded where they are and the rest takes the
 * one weight; with exceptions everywhere (every third end) the whole run
 * loads its weights. Either way the bits are the creation order's, on 1 to
 * 4 threads. */
static void test_weight_exceptions(void) {
    enum { STICKS = 4096 };
    static lm_particle p[2 * STICKS];
    static const int heavy[] = {0,    1,    2,    9,    700,  701,  705,  1023, 1024, 1365,
                                1366, 2047, 2048, 2049, 2730, 2731, 3071, 3072, 4094, 4095};
    for (int spread = 0; spread < 2; spread++) {
        uint64_t hashes[5];
        for (int run = 0; run < 5; run++) {
            lm_world *w =
                make_world(run == 0 ? LM_ORDER_CREATION : LM_ORDER_BATCHED, run ? run : 1, 10);
            for (int i = 0; i < 2 * STICKS; i++) {
                p[i] = point(w, 0.05 * (i % 64) + 0.01 * (i % 2), 0.02 * (i % 3), 0.1 * (i / 64), 1,
                             0);
                lm_particle_set_velocity(w, p[i], (lm_vec3){0.1 * (i % 5), 0.3, -0.2 * (i % 3)});
            }
            for (int i = 0; i < STICKS; i++) {
                stick(w, p[2 * i], p[2 * i + 1], 1.0, 0);
            }
            for (size_t k = 0; k < sizeof heavy / sizeof heavy[0]; k++) {
                lm_particle_set_mass(w, p[2 * heavy[k] + (int)(k % 2)], 2.5);
            }
            for (int i = 0; spread && i < 2 * STICKS; i += 3) {
                lm_particle_set_mass(w, p[i], 0.5 + 0.25 * (i % 4));
            }
            lm_pin_create(w, p[2 * 1500], lm_particle_position(w, p[2 * 1500]));
            lm_pin_create(w, p[2 * 2048 + 1], lm_particle_position(w, p[2 * 2048 + 1]));
            for (int s = 0; s < 20; s++) {
                lm_world_step(w);
            }
            hashes[run] = world_hash(w);
            lm_world_destroy(w);
        }
        CHECK(hashes[1] == hashes[0],
              spread ? "a run with exceptions everywhere: batched gives the creation order's bits"
                     : "a run of one weight with exceptions: batched gives the creation order's "
                       "bits");
        CHECK(hashes[2] == hashes[1] && hashes[3] == hashes[1] && hashes[4] == hashes[1],
              spread ? "a run with exceptions everywhere: threads 2, 3 and 4 give one thread's "
                       "bits"
                     : "a run of one weight with exceptions: threads 2, 3 and 4 give one thread's "
                       "bits");
    }
}

/* A 130 x 130 cloth (16,900 particles: the per-particle stages, integration
 * included, are split between up to four threads) with drag and a spring
 * (force generators, evaluated on the calling thread) and some heavier
 * particles: every integrator gives the same bits on 1 to 4 threads. */
static void test_particle_stages(void) {
    enum { N = 130 };
    static lm_particle p[N * N];
    for (int integrator = 0; integrator < LM_INTEGRATOR_COUNT; integrator++) {
        uint64_t hashes[4];
        for (int threads = 1; threads <= 4; threads++) {
            lm_world *w = make_world(LM_ORDER_BATCHED, threads, 4);
            lm_world_def def = lm_world_settings(w);
            def.integrator = (lm_integrator)integrator;
            def.damping = 0.01;
            lm_world_configure(w, &def);
            cloth(w, N, 0, p);
            for (int k = 0; k < N * N; k += 97) {
                lm_particle_set_mass(w, p[k], 1.5);
                lm_particle_set_velocity(w, p[k], (lm_vec3){0.1, 0.2 * (k % 3), -0.1});
            }
            lm_force_create_drag(w, 0.05);
            lm_spring_def spring = lm_spring_default_def();
            spring.a = p[N * N - 1];
            spring.b = p[N * N / 2];
            spring.stiffness = 40;
            lm_force_create_spring(w, &spring);
            for (int s = 0; s < 6; s++) {
                lm_world_step(w);
            }
            hashes[threads - 1] = world_hash(w);
            lm_world_destroy(w);
        }
        char name[160];
        snprintf(name, sizeof name,
                 "%s on a 130 x 130 cloth: threads 2, 3 and 4 give one thread's bits",
                 lm_integrator_name((lm_integrator)integrator));
        CHECK(hashes[1] == hashes[0] && hashes[2] == hashes[0] && hashes[3] == hashes[0], name);
    }
}

/* Sticks 4i - 4i+1 sit at places 2i (even slots) and half + 2i (odd): one
 * run with a hole every other lane (the free particles 4i+2, 4i+3 between,
 * which no stick of the batch uses). A hole must move nothing: the free
 * particles fall exactly as in the creation order. */
static void test_holes(void) {
    uint64_t hashes[2];
    for (int order = 0; order < 2; order++) {
        lm_world *w = make_world((lm_order)order, 1, 10);
        lm_particle p[256];
        for (int i = 0; i < 256; i++) {
            p[i] = point(w, 0.05 * i + 0.01 * (i % 2), 0.02 * (i % 3), 0.001 * (i % 7), 1, 0);
            lm_particle_set_velocity(w, p[i], (lm_vec3){0.1 * (i % 5), 0.3, -0.2 * (i % 3)});
        }
        for (int i = 0; i < 64; i++) {
            stick(w, p[4 * i], p[4 * i + 1], 1.0, 0);
        }
        for (int s = 0; s < 30; s++) {
            lm_world_step(w);
        }
        hashes[order] = world_hash(w);
        lm_world_destroy(w);
    }
    CHECK(hashes[0] == hashes[1],
          "a run with holes (free particles between its sticks): batched gives the creation "
          "order's bits");
}

/* A grid of rows of 37 (odd: the layout's even and odd columns differ in
 * number) and a partial last row, sticks from each even row to the next:
 * one family of offset 37, so the layout takes rows of 37 (four regions,
 * batch.c), two batches big enough to be split between threads. The
 * sticks share no particle, so batched gives the creation
 * order's bits, on 1 to 4 threads, masses varied. */
static void test_odd_grid(void) {
    enum { COLUMNS = 37, ROWS = 240, EXTRA = 5 };
    static lm_particle p[COLUMNS * ROWS + EXTRA];
    /* floor 1: a plane the grid falls onto, so the sweeps are not pure
     * sticks and pins (each batch dispatched to the threads on its own) */
    for (int floor = 0; floor < 2; floor++) {
        uint64_t hashes[5];
        for (int run = 0; run < 5; run++) {
            lm_world *w =
                make_world(run == 0 ? LM_ORDER_CREATION : LM_ORDER_BATCHED, run ? run : 1, 10);
            for (int k = 0; k < COLUMNS * ROWS + EXTRA; k++) {
                int i = k / COLUMNS, j = k % COLUMNS;
                p[k] = point(w, 0.1 * j + 0.003 * (k % 5), 0.01 * (k % 3), 0.1 * i, 1 + k % 3, 0);
            }
            for (int i = 0; i + 1 < ROWS; i += 2) {
                for (int j = 0; j < COLUMNS; j++) {
                    stick(w, p[i * COLUMNS + j], p[(i + 1) * COLUMNS + j], j % 4 ? 1.0 : 0.7, 0);
                }
            }
            for (int j = 0; j < EXTRA; j++) { /* the partial row hangs from the last full one */
                stick(w, p[(ROWS - 1) * COLUMNS + j], p[ROWS * COLUMNS + j], 1.0, 0);
            }
            lm_pin_create(w, p[3], lm_particle_position(w, p[3]));
            if (floor) {
                lm_collider_def c = lm_collider_default_def();
                c.kind = LM_COLLIDER_PLANE;
                c.position = (lm_vec3){0, -0.3, 0};
                c.friction = 0.2;
                lm_collider_create(w, &c);
            }
            for (int s = 0; s < 30; s++) {
                lm_world_step(w);
            }
            hashes[run] = world_hash(w);
            lm_world_destroy(w);
        }
        CHECK(hashes[1] == hashes[0],
              floor ? "a grid of odd rows falling on a plane: batched gives the creation order's "
                      "bits"
                    : "a grid of odd rows with a partial last row: batched gives the creation "
                      "order's bits");
        CHECK(hashes[2] == hashes[1] && hashes[3] == hashes[1] && hashes[4] == hashes[1],
              floor ? "a grid of odd rows falling on a plane: threads 2, 3 and 4 give one "
                      "thread's bits"
                    : "a grid of odd rows: threads 2, 3 and 4 give one thread's bits");
    }
}

/* Both orders settle a hanging cloth to the same shape, with the same errors. */
enum { SETTLE_N = 12 };
static void test_settles_alike(void) {
    lm_world *w[2];
    lm_particle p[2][SETTLE_N * SETTLE_N];
    for (int order = 0; order < 2; order++) {
        w[order] = make_world((lm_order)order, order + 1, 100);
        cloth(w[order], SETTLE_N, 0, p[order]);
        lm_force_create_drag(w[order], 0.5);
        for (int s = 0; s < 600; s++) {
            lm_world_step(w[order]);
        }
    }
    double e0 = lm_world_max_error(w[0]), e1 = lm_world_max_error(w[1]);
    printf("# settled errors: creation %.3g m, batched %.3g m\n", e0, e1);
    CHECK(e0 < 2e-3 && e1 < 2e-3, "a settled cloth: both orders hold every stick within 2 mm");
    double farthest = 0;
    for (int k = 0; k < SETTLE_N * SETTLE_N; k++) {
        lm_vec3 a = lm_particle_position(w[0], p[0][k]), b = lm_particle_position(w[1], p[1][k]);
        double d =
            sqrt((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y) + (a.z - b.z) * (a.z - b.z));
        farthest = d > farthest ? d : farthest;
    }
    /* 1% of the cloth's size: the sag of 11 links that each keep under 1 mm of stretch */
    CHECK_NEAR(farthest, 0, 1e-2, "a settled cloth: both orders give the same shape within 1 cm");
    lm_world_destroy(w[0]);
    lm_world_destroy(w[1]);
}

/* More sweeps make a batched cloth stiffer, as they do in creation order. */
static void test_converges(void) {
    double error[2][2];
    int iterations[2] = {5, 60};
    for (int order = 0; order < 2; order++) {
        for (int it = 0; it < 2; it++) {
            lm_world *w = make_world((lm_order)order, 1, iterations[it]);
            cloth(w, 32, 0, NULL);
            for (int s = 0; s < 60; s++) {
                lm_world_step(w);
            }
            error[order][it] = lm_world_max_error(w);
            lm_world_destroy(w);
        }
    }
    CHECK(error[1][1] < 0.25 * error[1][0],
          "batched: 60 sweeps leave under a quarter of 5's error");
    CHECK(error[1][1] < 2 * error[0][1] + 1e-3,
          "batched at 60 sweeps is within twice the creation order's error");
}

/* Colliders and contacts act in the batched order: nothing ends inside the
 * sphere, no two balls overlap by more than 1 mm. */
static void test_collisions(void) {
    lm_world *w = run_scene(SCENE_COLLIDE, LM_ORDER_BATCHED, 2, 150);
    double deepest = 0, overlap = 0;
    uint32_t slots = lm_world_particle_slots(w);
    for (uint32_t s = 0; s < slots; s++) {
        lm_particle p = lm_world_particle_in_slot(w, s);
        lm_vec3 x = lm_particle_position(w, p);
        double r = lm_particle_radius(w, p);
        double d = sqrt((x.x - 0.5) * (x.x - 0.5) + (x.y + 0.6) * (x.y + 0.6) +
                        (x.z - 0.5) * (x.z - 0.5)) -
                   0.3 - r;
        deepest = d < deepest ? d : deepest;
        for (uint32_t t = s + 1; r > 0 && t < slots; t++) {
            lm_particle q = lm_world_particle_in_slot(w, t);
            double rq = lm_particle_radius(w, q);
            if (rq == 0) {
                continue;
            }
            lm_vec3 y = lm_particle_position(w, q);
            double gap = sqrt((x.x - y.x) * (x.x - y.x) + (x.y - y.y) * (x.y - y.y) +
                              (x.z - y.z) * (x.z - y.z)) -
                         r - rq;
            overlap = gap < overlap ? gap : overlap;
        }
    }
    CHECK(deepest > -1e-3, "batched: no particle ends more than 1 mm inside the sphere");
    CHECK(overlap > -1e-3, "batched: no two balls overlap by more than 1 mm");
    /* the cloth rests on the sphere: its middle is held above the sphere's bottom */
    lm_vec3 middle = lm_particle_position(w, lm_world_particle_in_slot(w, 24 * 48 + 24));
    CHECK(middle.y > -0.6, "batched: the cloth drapes over the sphere instead of falling through");
    lm_world_destroy(w);
}

/* Tearing, removing particles and adding a stick mid-run regroup the batches. */
static void test_topology(void) {
    lm_world *w = run_scene(SCENE_TOPOLOGY, LM_ORDER_BATCHED, 3, 90);
    lm_world_stats stats = lm_world_get_stats(w);
    CHECK(stats.particles == 48 * 48 - 120 + 1, "batched: 120 particles removed, 1 added");
    size_t broken = 0;
    for (uint32_t i = 0; i < 20000; i++) {
        lm_constraint c = {i + 1, 1, lm_world_id(w)};
        if (lm_constraint_is_valid(w, c) && lm_constraint_get_kind(w, c) == LM_CONSTRAINT_STICK &&
            lm_constraint_is_broken(w, c)) {
            broken++;
        }
    }
    CHECK(broken > 0, "batched: breakable sticks tear");
    /* the stick added at step 60 holds its length: the batches took it in */
    lm_particle added = lm_world_particle_in_slot(w, 1195); /* the last freed slot, reused */
    lm_vec3 a = lm_particle_position(w, added);
    lm_vec3 b = lm_particle_position(w, lm_world_particle_in_slot(w, 48 * 48 - 1));
    double length =
        sqrt((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y) + (a.z - b.z) * (a.z - b.z));
    double rest = 0.3;
    CHECK_NEAR(length, rest, 0.05 * rest, "batched: a stick added mid-run holds its length");
    CHECK(!lm_particle_is_valid(w, lm_world_find_nonfinite(w)), "batched: everything stays finite");
    lm_world_destroy(w);
}

/* Switching the order mid-run, and the thread count, is allowed. */
static void test_switching(void) {
    lm_world *w = make_world(LM_ORDER_CREATION, 1, 10);
    cloth(w, 20, 0, NULL);
    for (int s = 0; s < 120; s++) {
        if (s % 30 == 10) {
            lm_world_def def = lm_world_settings(w);
            def.order = def.order == LM_ORDER_CREATION ? LM_ORDER_BATCHED : LM_ORDER_CREATION;
            def.threads = 1 + s % 4;
            lm_world_configure(w, &def);
        }
        lm_world_step(w);
    }
    CHECK(lm_world_max_error(w) < 0.05, "orders and thread counts switched mid-run: cloth holds");
    lm_world_destroy(w);
}

int main(int argc, char **argv) {
    if (argc > 1 && strcmp(argv[1], "--print") == 0) {
        test_hashes(true);
        return 0;
    }
    test_same_arithmetic();
    test_weight_changes();
    test_weight_exceptions();
    test_particle_stages();
    test_holes();
    test_odd_grid();
    test_settles_alike();
    test_converges();
    test_collisions();
    test_topology();
    test_switching();
    test_hashes(false);
    return check_summary();
}
