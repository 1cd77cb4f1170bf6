/* bench_cloth.c - a cloth of N x N particles with structural and shear
 * sticks, 10 iterations, 600 steps, no rendering.
 *
 * Prints, per N: seconds, steps per second, constraint projections per
 * second, and the same cloth run by a minimal hand-written Verlet + relaxation
 * loop (plain arrays, no handles, no kinds, no colliders) as the yardstick of
 * what this machine can do; "engine/ref" is the engine's time over it. Best
 * of three runs each. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../engine/loom.h"

enum { STEPS = 600, ITERATIONS = 10 };

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* The links of the cloth, as index pairs, in the order both runs use. */
typedef struct link {
    int a, b;
} link;

static int cloth_links(int n, link *out) {
    int count = 0;
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < n; j++) {
            int k = i * n + j;
            if (j + 1 < n) {
                out[count++] = (link){k, k + 1};
            }
            if (i + 1 < n) {
                out[count++] = (link){k, k + n};
            }
            if (i + 1 < n && j + 1 < n) {
                out[count++] = (link){k, k + n + 1};
                out[count++] = (link){k + 1, k + n};
            }
        }
    }
    return count;
}

static double run_engine(int n, const link *links, int link_count, lm_vec3 *final_corner) {
    lm_world_def def = lm_world_default_def();
    def.iterations = ITERATIONS;
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
    for (int k = 0; k < link_count; k++) {
        lm_stick_def s = lm_stick_default_def();
        s.a = p[links[k].a];
        s.b = p[links[k].b];
        lm_stick_create(w, &s);
    }
    lm_pin_create(w, p[0], lm_particle_position(w, p[0]));
    lm_pin_create(w, p[n - 1], lm_particle_position(w, p[n - 1]));
    double start = now();
    for (int s = 0; s < STEPS; s++) {
        lm_world_step(w);
    }
    double seconds = now() - start;
    *final_corner = lm_particle_position(w, p[n * n - 1]);
    free(p);
    lm_world_destroy(w);
    return seconds;
}

/* Jakobsen's loop, written as plainly as possible. Like the engine, a pinned
 * particle weighs nothing inside a stick (inverse mass 0), so the stick next to
 * a pin is corrected fully instead of half way and then undone by the pin. */
static double run_reference(int n, const link *links, int link_count, lm_vec3 *final_corner) {
    int count = n * n;
    lm_vec3 *x = malloc(sizeof *x * (size_t)count), *old = malloc(sizeof *old * (size_t)count);
    double *rest = malloc(sizeof *rest * (size_t)link_count);
    double *w = malloc(sizeof *w * (size_t)count);
    double spacing = 1.0 / (n - 1), h = 1.0 / 60, g = -9.81;
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < n; j++) {
            x[i * n + j] = old[i * n + j] = (lm_vec3){j * spacing, 0, i * spacing};
        }
    }
    for (int k = 0; k < link_count; k++) {
        lm_vec3 a = x[links[k].a], b = x[links[k].b];
        rest[k] =
            sqrt((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y) + (b.z - a.z) * (b.z - a.z));
    }
    for (int i = 0; i < count; i++) {
        w[i] = 1.0;
    }
    w[0] = w[n - 1] = 0.0;
    lm_vec3 pin0 = x[0], pin1 = x[n - 1];
    double start = now();
    for (int s = 0; s < STEPS; s++) {
        /* like the engine, the first step starts from the velocity (zero) */
        double a = s == 0 ? 0.5 * g : g;
        for (int i = 0; i < count; i++) {
            lm_vec3 cur = x[i];
            x[i].x = (cur.x + (cur.x - old[i].x)) + 0.0 * (h * h);
            x[i].y = (cur.y + (cur.y - old[i].y)) + a * (h * h);
            x[i].z = (cur.z + (cur.z - old[i].z)) + 0.0 * (h * h);
            old[i] = cur;
        }
        for (int it = 0; it < ITERATIONS; it++) {
            for (int k = 0; k < link_count; k++) {
                lm_vec3 *a = &x[links[k].a], *b = &x[links[k].b];
                double wa = w[links[k].a], wb = w[links[k].b];
                double dx = b->x - a->x, dy = b->y - a->y, dz = b->z - a->z;
                double len = sqrt(dx * dx + dy * dy + dz * dz);
                double diff = (len - rest[k]) / (len * (wa + wb));
                a->x += dx * (wa * diff), a->y += dy * (wa * diff), a->z += dz * (wa * diff);
                b->x += dx * (-wb * diff), b->y += dy * (-wb * diff), b->z += dz * (-wb * diff);
            }
            x[0] = pin0;
            x[n - 1] = pin1;
        }
    }
    double seconds = now() - start;
    *final_corner = x[count - 1];
    free(x);
    free(old);
    free(rest);
    free(w);
    return seconds;
}

int main(void) {
    static const int sizes[] = {32, 64, 128};
    printf("cloth: structural + shear sticks, %d iterations, %d steps, verlet, 2 pins\n",
           ITERATIONS, STEPS);
    printf("%5s %8s %9s %10s %12s %14s %9s %11s\n", "N", "particles", "sticks", "seconds",
           "steps/s", "projections/s", "ref s", "engine/ref");
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        int n = sizes[s];
        link *links = malloc(sizeof *links * (size_t)(4 * n * n));
        int link_count = cloth_links(n, links);
        double best = 1e9, best_ref = 1e9;
        lm_vec3 corner, ref_corner;
        for (int r = 0; r < 3; r++) {
            best = fmin(best, run_engine(n, links, link_count, &corner));
            best_ref = fmin(best_ref, run_reference(n, links, link_count, &ref_corner));
        }
        double projections = (double)link_count * ITERATIONS * STEPS;
        printf("%5d %8d %9d %10.3f %12.1f %14.3g %9.3f %10.2fx\n", n, n * n, link_count, best,
               STEPS / best, projections / best, best_ref, best / best_ref);
        /* Both runs do the same arithmetic, so they must agree to the bit. */
        if (memcmp(&corner, &ref_corner, sizeof corner) != 0) {
            printf("error: engine and reference disagree (%.17g vs %.17g)\n", corner.y,
                   ref_corner.y);
            return 1;
        }
        free(links);
    }
    return 0;
}
