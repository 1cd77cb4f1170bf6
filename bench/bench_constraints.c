/* bench_constraints.c - what each constraint kind costs, and what sub-steps
 * buy against iterations for the same number of sweeps.
 *
 * Part 1: ns per projection of each kind. A world of many constraints of one
 * kind (zero gravity, slightly perturbed so they have work to do) is stepped
 * with 20 sweeps; the time of the same world without constraints is
 * subtracted, and the rest divided by the projections performed. Best of 3.
 *
 * Part 2: one sweep budget (20 per step) split as substeps x iterations:
 * a chain of 20 sticks released horizontally from a pin (largest relative
 * stretch during the fall, max error after the last step) and a 32 x 32
 * cloth hanging from two corners (max error after 120 steps). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../engine/loom.h"

enum { ITERATIONS = 20, STEPS = 50, RUNS = 3 };

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* A deterministic jitter in [-0.5, 0.5). */
static double jitter(uint32_t *state) {
    *state = *state * 1664525u + 1013904223u;
    return (double)(*state >> 8) / 16777216.0 - 0.5;
}

typedef enum kind {
    STICK,
    STICK_SQRT,
    STICK_XPBD,
    STICK_BREAKABLE,
    ROPE,
    PIN,
    ANGLE,
    ANGLE_SIGNED,
    AREA,
    VOLUME,
    KIND_COUNT
} kind;

static const char *const kind_names[KIND_COUNT] = {
    "stick", "stick sqrt_approx", "stick xpbd",    "stick breakable",     "rope", "pin",
    "angle", "angle signed",      "area (32-gon)", "volume (octahedron)",
};

/* Particles per constraint of the kind, for the table. */
static const int kind_particles[KIND_COUNT] = {2, 2, 2, 2, 2, 1, 3, 3, 32, 6};

enum { PARTICLES = 24000 };

static lm_particle add(lm_world *w, double x, double y, double z) {
    lm_particle_def def = lm_particle_default_def();
    def.position = (lm_vec3){x, y, z};
    return lm_particle_create(w, &def);
}

/* A world of PARTICLES particles and, unless bare, constraints of kind k. */
static lm_world *build(kind k, bool bare, size_t *constraints) {
    lm_world_def def = lm_world_default_def();
    def.gravity = (lm_vec3){0, 0, 0};
    def.iterations = ITERATIONS;
    lm_world *w = lm_world_create(&def);
    lm_particle *p = malloc(sizeof *p * PARTICLES);
    uint32_t seed = 12345;
    size_t count = 0;
    if (k == AREA || k == VOLUME) {
        int per = kind_particles[k];
        for (int s = 0; s + per <= PARTICLES; s += per) {
            double cx = 3.0 * (s / per);
            for (int i = 0; i < per; i++) {
                if (k == AREA) {
                    double a = 2 * 3.14159265358979 * i / per;
                    p[s + i] = add(w, cx + cos(a) + 0.05 * jitter(&seed), sin(a), 0);
                } else {
                    const double v[6][3] = {{1, 0, 0},  {-1, 0, 0}, {0, 1, 0},
                                            {0, -1, 0}, {0, 0, 1},  {0, 0, -1}};
                    p[s + i] = add(w, cx + v[i][0] + 0.05 * jitter(&seed), v[i][1], v[i][2]);
                }
            }
            if (!bare) {
                static const uint32_t tris[24] = {0, 2, 4, 2, 1, 4, 1, 3, 4, 3, 0, 4,
                                                  2, 0, 5, 1, 2, 5, 3, 1, 5, 0, 3, 5};
                lm_shape_def shape = lm_shape_default_def();
                shape.particles = &p[s];
                shape.particle_count = (uint32_t)per;
                shape.scale = 1.1; /* always pushing */
                if (k == AREA) {
                    lm_area_create(w, &shape);
                } else {
                    shape.triangles = tris;
                    shape.triangle_count = 8;
                    lm_volume_create(w, &shape);
                }
                count++;
            }
        }
    } else {
        for (int i = 0; i < PARTICLES; i++) {
            p[i] = add(w, 0.1 * i + 0.02 * jitter(&seed), 0.02 * jitter(&seed), 0);
        }
        for (int i = 0; !bare && i + 2 < PARTICLES;
             i += (k == ANGLE || k == ANGLE_SIGNED) ? 3 : 1) {
            lm_stick_def s = lm_stick_default_def();
            s.a = p[i];
            s.b = p[i + 1];
            s.rest_length = 0.1;
            switch (k) {
            case STICK:
                break;
            case STICK_SQRT:
                s.sqrt_approx = true;
                break;
            case STICK_XPBD:
                s.compliance = 1e-6;
                break;
            case STICK_BREAKABLE:
                s.break_strain = 10;
                break;
            case ROPE: {
                lm_rope_def r = lm_rope_default_def();
                r.a = p[i];
                r.b = p[i + 1];
                r.max_length = 0.09; /* taut: always active */
                lm_rope_create(w, &r);
                count++;
                continue;
            }
            case PIN:
                lm_pin_create(w, p[i], (lm_vec3){0.1 * i, 0, 0});
                count++;
                continue;
            case ANGLE:
            case ANGLE_SIGNED: {
                lm_angle_def a = lm_angle_default_def();
                a.a = p[i];
                a.b = p[i + 1];
                a.c = p[i + 2];
                a.signed_z = k == ANGLE_SIGNED;
                a.min_angle = a.max_angle = 2.5; /* a fixed bend: always active */
                lm_angle_create(w, &a);
                count++;
                continue;
            }
            default:
                break;
            }
            lm_stick_create(w, &s);
            count++;
        }
    }
    free(p);
    *constraints = count;
    return w;
}

static double time_steps(lm_world *w) {
    double start = now();
    for (int s = 0; s < STEPS; s++) {
        lm_world_step(w);
    }
    return now() - start;
}

static void cost_per_kind(void) {
    printf("cost per projection: %d particles, %d sweeps x %d steps, no gravity; best of %d\n",
           PARTICLES, ITERATIONS, STEPS, RUNS);
    printf("  %-20s %11s %12s %14s\n", "kind", "constraints", "ns/proj", "ns/proj/particle");
    for (int k = 0; k < KIND_COUNT; k++) {
        double best = INFINITY;
        size_t count = 0, none;
        for (int run = 0; run < RUNS; run++) {
            lm_world *bare = build((kind)k, true, &none);
            double base = time_steps(bare);
            lm_world_destroy(bare);
            lm_world *w = build((kind)k, false, &count);
            double t = time_steps(w) - base;
            lm_world_destroy(w);
            best = fmin(best, t);
        }
        double ns = 1e9 * best / ((double)count * ITERATIONS * STEPS);
        printf("  %-20s %11zu %12.2f %14.2f\n", kind_names[k], count, ns, ns / kind_particles[k]);
    }
}

/* ------------------------------------------------- substeps vs iterations -- */

static void chain_run(int substeps, int iterations, double *worst, double *final, double *secs) {
    lm_world_def def = lm_world_default_def();
    def.substeps = substeps;
    def.iterations = iterations;
    lm_world *w = lm_world_create(&def);
    enum { N = 21 };
    lm_particle p[N];
    for (int i = 0; i < N; i++) {
        lm_particle_def pd = lm_particle_default_def();
        pd.position = (lm_vec3){0.1 * i, 0, 0};
        pd.mass = i == 0 ? 0 : 1;
        p[i] = lm_particle_create(w, &pd);
    }
    lm_constraint s[N - 1];
    for (int i = 0; i + 1 < N; i++) {
        lm_stick_def sd = lm_stick_default_def();
        sd.a = p[i];
        sd.b = p[i + 1];
        s[i] = lm_stick_create(w, &sd);
    }
    *worst = 0;
    double start = now();
    for (int step = 0; step < 180; step++) {
        lm_world_step(w);
        for (int i = 0; i + 1 < N; i++) {
            *worst = fmax(*worst, lm_constraint_error(w, s[i]) / 0.1);
        }
    }
    *secs = now() - start;
    *final = lm_world_max_error(w);
    lm_world_destroy(w);
}

static void cloth_run(int substeps, int iterations, double *final, double *secs) {
    lm_world_def def = lm_world_default_def();
    def.substeps = substeps;
    def.iterations = iterations;
    lm_world *w = lm_world_create(&def);
    enum { N = 32 };
    lm_particle *p = malloc(sizeof *p * N * N);
    for (int i = 0; i < N; i++) {
        for (int j = 0; j < N; j++) {
            lm_particle_def pd = lm_particle_default_def();
            pd.position = (lm_vec3){j / (N - 1.0), 0, i / (N - 1.0)};
            p[i * N + j] = lm_particle_create(w, &pd);
        }
    }
    for (int i = 0; i < N; i++) {
        for (int j = 0; j < N; j++) {
            lm_stick_def sd = lm_stick_default_def();
            sd.a = p[i * N + j];
            if (j + 1 < N) {
                sd.b = p[i * N + j + 1];
                lm_stick_create(w, &sd);
            }
            if (i + 1 < N) {
                sd.b = p[(i + 1) * N + j];
                lm_stick_create(w, &sd);
            }
        }
    }
    lm_pin_create(w, p[0], lm_particle_position(w, p[0]));
    lm_pin_create(w, p[N - 1], lm_particle_position(w, p[N - 1]));
    double start = now();
    for (int step = 0; step < 120; step++) {
        lm_world_step(w);
    }
    *secs = now() - start;
    *final = lm_world_max_error(w);
    free(p);
    lm_world_destroy(w);
}

static void substeps_vs_iterations(void) {
    static const int splits[][2] = {{1, 20}, {2, 10}, {4, 5}, {10, 2}, {20, 1}};
    printf("\nsame budget, 20 sweeps per step: substeps x iterations\n");
    printf("  %-8s %22s %18s %10s %20s %10s\n", "split", "chain: worst stretch", "chain: end error",
           "chain s", "cloth: end max error", "cloth s");
    for (size_t i = 0; i < sizeof splits / sizeof splits[0]; i++) {
        double worst, chain_final, chain_secs, cloth_final, cloth_secs;
        chain_run(splits[i][0], splits[i][1], &worst, &chain_final, &chain_secs);
        cloth_run(splits[i][0], splits[i][1], &cloth_final, &cloth_secs);
        char split[16];
        snprintf(split, sizeof split, "%dx%d", splits[i][0], splits[i][1]);
        printf("  %-8s %21.3f%% %16.2e m %10.4f %18.2e m %10.3f\n", split, 100 * worst, chain_final,
               chain_secs, cloth_final, cloth_secs);
    }
}

int main(void) {
    cost_per_kind();
    substeps_vs_iterations();
    return 0;
}
