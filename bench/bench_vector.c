/* bench_vector.c - the batched solver (engine/relax.c's kernels) on one
 * thread, for comparing builds of those kernels: make bench links this file
 * three times, with the kernels of the default build (run-time choice of
 * the vector width: engine/vector.h), of -march=native, and of the baseline
 * alone, and bench/vector.sh compares the three (the target: the
 * default build within 5% of -march=native).
 *
 * Workload: bench_solver's "cloth N" (an N x N unit square, two top corners
 * pinned, structural + shear sticks, Verlet, damping 0.01, 10 iterations,
 * steps of 1/60 s), batched order, one thread, timed warm in CPU seconds,
 * the best of RUNS. Prints one line per N: "case=vector N=.. steps=..
 * ns_per_projection=.. hash=.." (the hash of the final positions' bits:
 * every build must print the same). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../engine/loom.h"

enum { ITERATIONS = 10, RUNS = 5 };

static double cpu_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static lm_world *make_cloth(int n, lm_particle *p, int *sticks) {
    lm_world_def def = lm_world_default_def();
    def.iterations = ITERATIONS;
    def.damping = 0.01;
    def.order = LM_ORDER_BATCHED;
    def.threads = 1;
    lm_world *w = lm_world_create(&def);
    double spacing = 1.0 / (n - 1);
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < n; j++) {
            lm_particle_def pd = lm_particle_default_def();
            pd.position = (lm_vec3){j * spacing, 0, i * spacing};
            p[i * n + j] = lm_particle_create(w, &pd);
        }
    }
    *sticks = 0;
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < n; j++) {
            int k = i * n + j;
            int ends[4][2] = {{k, k + 1}, {k, k + n}, {k, k + n + 1}, {k + 1, k + n}};
            bool used[4] = {j + 1 < n, i + 1 < n, i + 1 < n && j + 1 < n, i + 1 < n && j + 1 < n};
            for (int e = 0; e < 4; e++) {
                if (used[e]) {
                    lm_stick_def s = lm_stick_default_def();
                    s.a = p[ends[e][0]];
                    s.b = p[ends[e][1]];
                    lm_stick_create(w, &s);
                    ++*sticks;
                }
            }
        }
    }
    lm_pin_create(w, p[0], lm_particle_position(w, p[0]));
    lm_pin_create(w, p[n - 1], lm_particle_position(w, p[n - 1]));
    return w;
}

/* FNV-1a over the bytes of every position. */
static uint64_t positions_hash(const lm_world *w, const lm_particle *p, int count) {
    uint64_t h = 1469598103934665603ull;
    for (int k = 0; k < count; k++) {
        lm_vec3 x = lm_particle_position(w, p[k]);
        unsigned char bytes[sizeof x];
        memcpy(bytes, &x, sizeof x);
        for (size_t b = 0; b < sizeof bytes; b++) {
            h = (h ^ bytes[b]) * 1099511628211ull;
        }
    }
    return h;
}

int main(void) {
    static const int sizes[] = {128, 256};
    static const int steps_for[] = {120, 40};
    for (int s = 0; s < 2; s++) {
        int n = sizes[s], steps = steps_for[s], sticks = 0;
        lm_particle *p = malloc(sizeof *p * (size_t)n * (size_t)n);
        double best = 1e30;
        uint64_t hash = 0;
        for (int run = 0; run < RUNS; run++) {
            lm_world *w = make_cloth(n, p, &sticks);
            for (int k = 0; k < steps; k++) { /* warm: the batches made, the caches filled */
                lm_world_step(w);
            }
            double start = cpu_seconds();
            for (int k = 0; k < steps; k++) {
                lm_world_step(w);
            }
            double seconds = cpu_seconds() - start;
            best = seconds < best ? seconds : best;
            hash = positions_hash(w, p, n * n);
            lm_world_destroy(w);
        }
        printf("case=vector N=%d steps=%d ns_per_projection=%.3f hash=%016llx\n", n, steps,
               best / ((double)sticks * ITERATIONS * steps) * 1e9, (unsigned long long)hash);
        free(p);
    }
    return 0;
}
