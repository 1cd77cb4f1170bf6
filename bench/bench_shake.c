/* bench_shake.c - what projection = "shake" (sticks solved exactly, nets
 * relaxed) costs against "jakobsen", at the world's own settings (no
 * iterations or sub-steps given):
 *
 *   hanging cloths of N x N particles (structural and shear sticks, two
 *   pinned corners), N = 32 ... 256: nets, relaxed under both, so the cost
 *   per step should be the same, plus the net's error measured after each
 *   step under "shake";
 *   the chains SHAKE solves exactly: a double and a quadruple pendulum (60 s)
 *   and a 60-link chain hanging between two points (30 s), with what the
 *   exact solve buys (the energy kept, the stretch);
 *   examples/cloth_hanging.lua run by loom sim for 600 frames: how many
 *   times faster than real time on one core (user + system CPU time).
 *
 * Prints processor seconds per step (best of three, after one untimed step
 * that sorts the sticks into groups), the ratio shake / jakobsen measured in
 * the same run (jakobsen is the reference), and per scene what each
 * projection leaves. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <time.h>

#include "../engine/loom.h"

/* Processor time of this process, not the wall clock: on a shared machine
 * another program taking the core does not count (the bench is one thread). */
static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static lm_world *world(lm_projection_method projection, double damping) {
    lm_world_def def = lm_world_default_def();
    def.projection = projection;
    def.substeps = 0; /* the integrator's own */
    def.damping = damping;
    return lm_world_create(&def);
}

static lm_particle add(lm_world *w, double x, double y, double z, double mass) {
    lm_particle_def pd = lm_particle_default_def();
    pd.position = (lm_vec3){x, y, z};
    pd.mass = mass;
    return lm_particle_create(w, &pd);
}

static void stick(lm_world *w, lm_particle a, lm_particle b, double rest) {
    lm_stick_def s = lm_stick_default_def();
    s.a = a;
    s.b = b;
    s.rest_length = rest;
    lm_stick_create(w, &s);
}

static lm_world *cloth(int n, lm_projection_method projection) {
    lm_world *w = world(projection, 0);
    lm_particle *p = malloc(sizeof *p * (size_t)n * (size_t)n);
    double spacing = 1.0 / (n - 1);
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < n; j++) {
            p[i * n + j] = add(w, j * spacing, 0, i * spacing, 1);
        }
    }
    int to[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < n; j++) {
            for (int t = 0; t < 4; t++) {
                int a = i + to[t][0], b = j + to[t][1];
                if (a < n && b >= 0 && b < n) {
                    stick(w, p[i * n + j], p[a * n + b], -1);
                }
            }
        }
    }
    lm_pin_create(w, p[0], lm_particle_position(w, p[0]));
    lm_pin_create(w, p[n - 1], lm_particle_position(w, p[n - 1]));
    free(p);
    return w;
}

/* links > 0: a pendulum of that many 1 m sticks released horizontal; 0: 60
 * links of 5 cm between two points 2 m apart, damped. */
static lm_world *chain(int links, lm_projection_method projection) {
    if (links > 0) {
        lm_world *w = world(projection, 0);
        lm_particle last = add(w, 0, 0, 0, 0);
        for (int k = 1; k <= links; k++) {
            lm_particle p = add(w, k, 0, 0, 1);
            stick(w, last, p, -1);
            last = p;
        }
        return w;
    }
    lm_world *w = world(projection, 0.02);
    double drop = sqrt(1.5 * 1.5 - 1);
    lm_particle last = add(w, -1, 0, 0, 0);
    for (int k = 1; k <= 60; k++) {
        lm_particle p =
            add(w, -1 + k / 30.0, -drop * (1 - fabs(k / 30.0 - 1)), 0, k == 60 ? 0 : 0.05);
        stick(w, last, p, 0.05);
        last = p;
    }
    return w;
}

typedef struct result {
    double seconds; /* per step */
    double measure; /* cloth: the net's error; pendulum: worst |E - E0| / swing; chain: stretch */
} result;

static double energy(const lm_world *w) {
    lm_energy e;
    lm_world_energy(w, NULL, 0, &e);
    return e.total;
}

static result run(int cloth_n, int links, lm_projection_method projection, int steps) {
    result best = {INFINITY, 0};
    for (int rep = 0; rep < 3; rep++) {
        lm_world *w = cloth_n > 0 ? cloth(cloth_n, projection) : chain(links, projection);
        double e0 = energy(w), worst = 0;
        lm_world_step(w); /* the first step sorts the sticks into groups: not timed */
        double start = now(), measuring = 0;
        for (int s = 0; s < steps; s++) {
            lm_world_step(w);
            if (cloth_n == 0 && links > 0) {
                double t = now();
                worst = fmax(worst, fabs(energy(w) - e0));
                measuring += now() - t;
            }
        }
        double seconds = (now() - start - measuring) / steps;
        if (seconds < best.seconds) {
            best.seconds = seconds;
            best.measure = cloth_n > 0 ? lm_world_max_error(w) * (cloth_n - 1)
                           : links > 0 ? worst / (9.81 * links * (links + 1) / 2)
                                       : lm_world_max_error(w);
        }
        lm_world_destroy(w);
    }
    return best;
}

static double cpu_of_children(void) {
    struct rusage u;
    getrusage(RUSAGE_CHILDREN, &u);
    return (double)u.ru_utime.tv_sec + 1e-6 * (double)u.ru_utime.tv_usec +
           (double)u.ru_stime.tv_sec + 1e-6 * (double)u.ru_stime.tv_usec;
}

int main(int argc, char **argv) {
    printf("shake (the sticks solved exactly, nets relaxed) vs jakobsen, at the world's own "
           "settings; processor ms per step, best of 3\n");
    printf("%-22s %11s %12s %11s %12s %8s\n", "scene", "jak ms/step", "jak leaves", "shake ms",
           "shake leaves", "ratio");
    int sizes[] = {32, 64, 128, 256};
    int cloth_steps[] = {40, 20, 8, 3};
    for (int k = 0; k < 4; k++) {
        int n = sizes[k];
        result j = run(n, 0, LM_PROJECT_JAKOBSEN, cloth_steps[k]);
        result s = run(n, 0, LM_PROJECT_SHAKE, cloth_steps[k]);
        char name[40];
        snprintf(name, sizeof name, "cloth %dx%d (stretch)", n, n);
        printf("%-22s %11.3f %11.1f%% %11.3f %11.1f%% %7.2fx\n", name, 1e3 * j.seconds,
               100 * j.measure, 1e3 * s.seconds, 100 * s.measure, s.seconds / j.seconds);
    }
    const char *names[] = {"double pendulum (dE)", "quad pendulum (dE)", "60-link chain (m)"};
    int links[] = {2, 4, 0}, steps[] = {3600, 3600, 1800};
    for (int k = 0; k < 3; k++) {
        result j = run(0, links[k], LM_PROJECT_JAKOBSEN, steps[k]);
        result s = run(0, links[k], LM_PROJECT_SHAKE, steps[k]);
        if (links[k] > 0) {
            printf("%-22s %11.4f %11.2f%% %11.4f %11.3f%% %7.2fx\n", names[k], 1e3 * j.seconds,
                   100 * j.measure, 1e3 * s.seconds, 100 * s.measure, s.seconds / j.seconds);
        } else {
            printf("%-22s %11.4f %12.3g %11.4f %12.3g %7.2fx\n", names[k], 1e3 * j.seconds,
                   j.measure, 1e3 * s.seconds, s.measure, s.seconds / j.seconds);
        }
    }
    if (argc > 1) {
        char command[1024];
        snprintf(command, sizeof command,
                 "%s sim examples/cloth_hanging.lua --frames 600 > /dev/null 2>&1", argv[1]);
        double best = INFINITY;
        for (int rep = 0; rep < 3; rep++) {
            double before = cpu_of_children();
            if (system(command) != 0) {
                printf("examples/cloth_hanging.lua did not run\n");
                return 1;
            }
            best = fmin(best, cpu_of_children() - before);
        }
        printf("examples/cloth_hanging.lua (its own cloth, wind in Lua): 10 s simulated in %.2f s "
               "of CPU: %.1fx real time on one core\n",
               best, 599.0 / 60 / best);
    }
    return 0;
}
