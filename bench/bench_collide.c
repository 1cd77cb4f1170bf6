/* bench_collide.c - the cost of contact.
 *
 * 1. Particle-particle collisions: N balls (radius 5 cm) start on a loose
 *    lattice in a world box sized for them (the density is the same for
 *    every N) and fall into a pile; 60 steps, 10 iterations. The time per
 *    particle per step should stay flat as N grows: the uniform grid makes
 *    the pair search linear.
 * 2. A cloth of N x N particles (structural and shear sticks) falling onto a
 *    sphere, 120 steps, with and without edge collisions (Jakobsen 5), and
 *    with collision faces instead (two per cell).
 * 3. The impacts inside the sub-step (engine/impact.c, impact_pairs.c): the
 *    pile of 1 with restitution 0.8 on the balls and the box, against the
 *    same pile without (restitution 0: no impact is looked for), 60 steps.
 *
 * Best of three runs each. */
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

enum { PILE_STEPS = 60, CLOTH_STEPS = 120, RUNS = 3 };

static double run_pile(int n, double restitution, double *lowest) {
    const double r = 0.05, spacing = 0.11;
    int side = (int)ceil(cbrt((double)n));
    lm_world_def def = lm_world_default_def();
    def.collide_particles = true;
    def.iterations = 10;
    lm_world *w = lm_world_create(&def);
    lm_collider_def box = lm_collider_default_def();
    box.min = (lm_vec3){-0.01, 0, -0.01};
    box.max = (lm_vec3){side * spacing + 0.01, 2 * side * spacing, side * spacing + 0.01};
    box.restitution = restitution;
    lm_collider_create(w, &box);
    for (int i = 0; i < n; i++) {
        lm_particle_def pd = lm_particle_default_def();
        int x = i % side, z = (i / side) % side, y = i / (side * side);
        pd.position = (lm_vec3){(x + 0.5) * spacing + 0.001 * (y % 3), (y + 0.5) * spacing,
                                (z + 0.5) * spacing};
        pd.radius = r;
        lm_particle p = lm_particle_create(w, &pd);
        if (restitution > 0) {
            lm_particle_set_contact_material(w, p, -1, restitution);
        }
    }
    double start = now();
    for (int s = 0; s < PILE_STEPS; s++) {
        lm_world_step(w);
    }
    double seconds = now() - start;
    *lowest = INFINITY;
    for (uint32_t slot = 0; slot < lm_world_particle_slots(w); slot++) {
        lm_particle p = lm_world_particle_in_slot(w, slot);
        *lowest = fmin(*lowest, lm_particle_position(w, p).y);
    }
    lm_world_destroy(w);
    return seconds;
}

/* faces: two collision faces per cell as well (Jakobsen 5 for triangles). */
static double run_cloth(int n, bool edges, bool faces) {
    lm_world_def def = lm_world_default_def();
    def.collide_edges = edges;
    def.iterations = 10;
    lm_world *w = lm_world_create(&def);
    lm_collider_def sphere = lm_collider_default_def();
    sphere.kind = LM_COLLIDER_SPHERE;
    sphere.radius = 0.5;
    sphere.friction = 0.3;
    lm_collider_create(w, &sphere);
    lm_particle *p = malloc(sizeof *p * (size_t)n * (size_t)n);
    double spacing = 1.6 / (n - 1);
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < n; j++) {
            lm_particle_def pd = lm_particle_default_def();
            pd.position = (lm_vec3){-0.8 + j * spacing, 0.6, -0.8 + i * spacing};
            pd.radius = 0.01;
            p[i * n + j] = lm_particle_create(w, &pd);
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
                    s.a = p[k];
                    s.b = p[others[o]];
                    lm_stick_create(w, &s);
                }
            }
        }
    }
    for (int i = 0; faces && i + 1 < n; i++) {
        for (int j = 0; j + 1 < n; j++) {
            int k = i * n + j;
            lm_face_create(w, p[k], p[k + 1], p[k + n + 1]);
            lm_face_create(w, p[k], p[k + n + 1], p[k + n]);
        }
    }
    double start = now();
    for (int s = 0; s < CLOTH_STEPS; s++) {
        lm_world_step(w);
    }
    double seconds = now() - start;
    free(p);
    lm_world_destroy(w);
    return seconds;
}

int main(void) {
    printf("bench_collide: particle-particle contacts, %d steps, 10 iterations, best of %d\n",
           PILE_STEPS, RUNS);
    printf("%10s %12s %14s %20s %12s\n", "balls", "seconds", "ms/step", "ns/particle/step",
           "lowest y");
    static const int sizes[] = {1000, 10000, 50000};
    for (int k = 0; k < 3; k++) {
        double best = INFINITY, lowest = 0;
        for (int run = 0; run < RUNS; run++) {
            best = fmin(best, run_pile(sizes[k], 0, &lowest));
        }
        printf("%10d %12.3f %14.3f %20.1f %12.4f\n", sizes[k], best, 1e3 * best / PILE_STEPS,
               1e9 * best / PILE_STEPS / sizes[k], lowest);
        if (!(lowest >= 0.05 - 1e-9)) {
            printf("bench_collide: a ball sank below the floor\n");
            return 1;
        }
    }
    printf("\nbench_collide: cloth over a sphere, %d steps, 10 iterations, best of %d\n",
           CLOTH_STEPS, RUNS);
    printf("%10s %10s %16s %16s %16s\n", "cloth", "sticks", "ms/step", "ms/step (edges)",
           "ms/step (faces)");
    static const int cloths[] = {32, 64};
    for (int k = 0; k < 2; k++) {
        int n = cloths[k];
        double plain = INFINITY, edges = INFINITY, faces = INFINITY;
        for (int run = 0; run < RUNS; run++) {
            plain = fmin(plain, run_cloth(n, false, false));
            edges = fmin(edges, run_cloth(n, true, false));
            faces = fmin(faces, run_cloth(n, false, true));
        }
        int sticks = 2 * n * (n - 1) + 2 * (n - 1) * (n - 1);
        printf("%7dx%-2d %10d %16.3f %16.3f %16.3f\n", n, n, sticks, 1e3 * plain / CLOTH_STEPS,
               1e3 * edges / CLOTH_STEPS, 1e3 * faces / CLOTH_STEPS);
    }
    printf("\nbench_collide: the same pile bouncing (restitution 0.8 on balls and box) against "
           "restitution 0, %d steps, best of %d\n",
           PILE_STEPS, RUNS);
    printf("%10s %16s %16s %10s\n", "balls", "ms/step e=0", "ms/step e=0.8", "ratio");
    static const int bouncing[] = {1000, 10000};
    for (int k = 0; k < 2; k++) {
        double still = INFINITY, bouncy = INFINITY, lowest = 0;
        for (int run = 0; run < RUNS; run++) {
            still = fmin(still, run_pile(bouncing[k], 0, &lowest));
            bouncy = fmin(bouncy, run_pile(bouncing[k], 0.8, &lowest));
            if (!(lowest >= 0.05 - 1e-9)) {
                printf("bench_collide: a bouncing ball sank below the floor\n");
                return 1;
            }
        }
        printf("%10d %16.3f %16.3f %10.2f\n", bouncing[k], 1e3 * still / PILE_STEPS,
               1e3 * bouncy / PILE_STEPS, bouncy / still);
    }
    return 0;
}
