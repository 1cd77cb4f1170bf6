/* bench_shake.c - what projection = "shake" costs against "jakobsen": a
 * hanging cloth of N x N particles (structural and shear sticks, two pinned
 * corners, 10 iterations, verlet, 100 steps) and the 60 Hz double pendulum
 * (60 s). Prints seconds (best of three), sweeps per sub-step and the ratio
 * shake / jakobsen measured in the same run, and the stretch left (largest
 * stick error at the end), which is what the sweeps buy. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "../engine/loom.h"

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

typedef struct result {
    double seconds, sweeps, stretch;
} result;

static lm_world *cloth(int n, lm_projection_method projection) {
    lm_world_def def = lm_world_default_def();
    def.projection = projection;
    lm_world *w = lm_world_create(&def);
    lm_particle *p = malloc(sizeof *p * (size_t)n * (size_t)n);
    double spacing = 1.0 / (n - 1);
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < n; j++) {
            lm_particle_def pd = lm_particle_default_def();
            pd.position = (lm_vec3){j * spacing, 0, i * spacing};
            p[i * n + j] = lm_particle_create(w, &pd);
        }
    }
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < n; j++) {
            int k = i * n + j;
            int to[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};
            for (int t = 0; t < 4; t++) {
                int a = i + to[t][0], b = j + to[t][1];
                if (a < n && b >= 0 && b < n) {
                    lm_stick_def s = lm_stick_default_def();
                    s.a = p[k];
                    s.b = p[a * n + b];
                    lm_stick_create(w, &s);
                }
            }
        }
    }
    lm_pin_create(w, p[0], lm_particle_position(w, p[0]));
    lm_pin_create(w, p[n - 1], lm_particle_position(w, p[n - 1]));
    free(p);
    return w;
}

static lm_world *pendulum(lm_projection_method projection) {
    lm_world_def def = lm_world_default_def();
    def.projection = projection;
    lm_world *w = lm_world_create(&def);
    lm_particle_def pd = lm_particle_default_def();
    pd.mass = 0;
    lm_particle last = lm_particle_create(w, &pd);
    pd.mass = 1;
    for (int k = 0; k < 2; k++) {
        pd.position = (lm_vec3){k + 1.0, 0, 0};
        lm_stick_def s = lm_stick_default_def();
        s.a = last;
        s.b = last = lm_particle_create(w, &pd);
        lm_stick_create(w, &s);
    }
    return w;
}

static result run(int n, lm_projection_method projection, int steps) {
    result best = {INFINITY, 0, 0};
    for (int rep = 0; rep < 3; rep++) {
        lm_world *w = n > 0 ? cloth(n, projection) : pendulum(projection);
        double sweeps = 0, start = now();
        for (int s = 0; s < steps; s++) {
            lm_world_step(w);
            sweeps += (double)lm_world_get_stats(w).sweeps;
        }
        double seconds = now() - start;
        if (seconds < best.seconds) {
            best.seconds = seconds;
            best.sweeps = sweeps / steps;
            best.stretch = lm_world_max_error(w);
        }
        lm_world_destroy(w);
    }
    return best;
}

int main(void) {
    printf("shake vs jakobsen: hanging cloth (structural + shear, 2 pins, 10 iterations, "
           "verlet, 100 steps) and the double pendulum (3600 steps); best of 3\n");
    printf("%-14s %10s %8s %12s %10s %8s %12s %8s\n", "scene", "jak s", "sweeps", "stretch m",
           "shake s", "sweeps", "stretch m", "ratio");
    int sizes[] = {16, 32, 0};
    for (int k = 0; k < 3; k++) {
        int n = sizes[k], steps = n > 0 ? 100 : 3600;
        result j = run(n, LM_PROJECT_JAKOBSEN, steps);
        result s = run(n, LM_PROJECT_SHAKE, steps);
        char name[32];
        if (n > 0) {
            snprintf(name, sizeof name, "cloth %dx%d", n, n);
        } else {
            snprintf(name, sizeof name, "pendulum");
        }
        printf("%-14s %10.3f %8.1f %12.3g %10.3f %8.1f %12.3g %7.2fx\n", name, j.seconds, j.sweeps,
               j.stretch, s.seconds, s.sweeps, s.stretch, s.seconds / j.seconds);
    }
    return 0;
}
