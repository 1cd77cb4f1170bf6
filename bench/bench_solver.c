/* bench_solver.c - the solver against a naive C reference built in the same
 * run, on the workload "cloth N": an N x N unit square, two top
 * corners pinned, structural + shear sticks, Verlet with damping 0.01, 10
 * iterations, steps of 1/60 s.
 *
 * The reference is Jakobsen's loop as plainly as C says it (array of
 * structs, double). The engine's default order must match it to the last
 * bit: the bench fails otherwise. The batched order is timed on 1 and 2
 * threads (which must agree to the bit). Every time is the best of RUNS runs
 * (the machine is shared: ratios are measured in the same run).
 *
 * Also: 10,000 balls with particle contacts (ns per ball per step), and the
 * peak resident memory of `loom sim` loading a Lua scene with a 256 x 256
 * cloth (argv[1] is the loom executable).
 *
 * Output: one machine-readable line per case ("case=... key=value ..."),
 * then a table. Exit status 1 when a bit-for-bit check fails. */
#define _DEFAULT_SOURCE /* wait4 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "../engine/loom.h"

/* THREAD_RUNS: the one- and two-thread wall times, short and the most
 * exposed to other programs taking a core for a moment, are taken in turns
 * THREAD_RUNS times per run. */
enum { ITERATIONS = 10, RUNS = 3, THREAD_RUNS = 3 };
static const double DAMPING = 0.01, H = 1.0 / 60;

/* Wall-clock seconds, or with cpu the process's CPU seconds (all threads):
 * single-threaded cases are timed in CPU seconds, so another program taking
 * the core away does not count; the thread comparison is wall-clock. */
static double clock_now(bool cpu) {
    struct timespec ts;
    clock_gettime(cpu ? CLOCK_PROCESS_CPUTIME_ID : CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static double now(void) {
    return clock_now(true);
}

typedef struct edge {
    int a, b;
} edge;

static int cloth_links(int n, edge *out) {
    int count = 0;
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < n; j++) {
            int k = i * n + j;
            if (j + 1 < n) {
                out[count++] = (edge){k, k + 1};
            }
            if (i + 1 < n) {
                out[count++] = (edge){k, k + n};
            }
            if (i + 1 < n && j + 1 < n) {
                out[count++] = (edge){k, k + n + 1};
                out[count++] = (edge){k + 1, k + n};
            }
        }
    }
    return count;
}

/* The engine: seconds for `steps` steps; final positions in out (n * n). */
static double run_engine(int n, const edge *links, int link_count, int steps, lm_order order,
                         int threads, bool wall, lm_vec3 *out) {
    lm_world_def def = lm_world_default_def();
    def.iterations = ITERATIONS;
    def.damping = DAMPING;
    def.order = order;
    def.threads = threads;
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
    lm_world_step(w); /* the first step groups the batches: not timed */
    /* The batched order, with its short runs, is timed warm: as many untimed
     * steps first, on every thread count (so the bits still compare). A new
     * world's first ~100 steps run slower on this VM, the more so with a
     * new worker thread (two threads, 119 steps at N = 128: 0.082-0.11 s
     * cold, 0.055-0.062 s after 100 steps; one thread 0.10-0.16 s cold,
     * 0.10-0.13 s warm): a scene that runs for minutes runs warm. */
    for (int s = 0; order == LM_ORDER_BATCHED && s < steps; s++) {
        lm_world_step(w);
    }
    double start = clock_now(!wall);
    for (int s = 1; s < steps; s++) {
        lm_world_step(w);
    }
    double seconds = clock_now(!wall) - start;
    for (int k = 0; k < n * n; k++) {
        out[k] = lm_particle_position(w, p[k]);
    }
    free(p);
    lm_world_destroy(w);
    return seconds;
}

/* Jakobsen's loop, written as plainly as possible, doing the engine's
 * arithmetic: Verlet with drag (x' = x + (1 - d)(x - x*) + a h^2, the first
 * step from the velocity), sticks in creation order, a pinned particle
 * weighing nothing inside a stick, pins re-applied after each sweep. */
static double run_reference(int n, const edge *links, int link_count, int steps, lm_vec3 *out) {
    typedef struct particle {
        double x, y, z, ox, oy, oz, w;
    } particle;
    int count = n * n;
    particle *p = malloc(sizeof *p * (size_t)count);
    double *rest = malloc(sizeof *rest * (size_t)link_count);
    double spacing = 1.0 / (n - 1), g = -9.81, keep = 1.0 - DAMPING, h2 = H * H;
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < n; j++) {
            p[i * n + j] = (particle){j * spacing, 0, i * spacing, j * spacing, 0, i * spacing, 1};
        }
    }
    for (int k = 0; k < link_count; k++) {
        particle a = p[links[k].a], b = p[links[k].b];
        rest[k] =
            sqrt((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y) + (b.z - a.z) * (b.z - a.z));
    }
    p[0].w = p[n - 1].w = 0.0;
    particle pin0 = p[0], pin1 = p[n - 1];
    double start = 0;
    for (int s = 0; s < steps; s++) {
        if (s == 1) {
            start = now();
        }
        for (int i = 0; i < count; i++) {
            particle *q = &p[i];
            double x = q->x, y = q->y, z = q->z;
            if (s == 0) { /* from the velocity (zero): x + 0 + a h^2 / 2 */
                q->x = (x + 0.0 * (keep * H)) + 0.0 * (0.5 * h2);
                q->y = (y + 0.0 * (keep * H)) + g * (0.5 * h2);
                q->z = (z + 0.0 * (keep * H)) + 0.0 * (0.5 * h2);
            } else {
                q->x = (x + (x - q->ox) * keep) + 0.0 * h2;
                q->y = (y + (y - q->oy) * keep) + g * h2;
                q->z = (z + (z - q->oz) * keep) + 0.0 * h2;
            }
            q->ox = x, q->oy = y, q->oz = z;
        }
        for (int it = 0; it < ITERATIONS; it++) {
            for (int k = 0; k < link_count; k++) {
                particle *a = &p[links[k].a], *b = &p[links[k].b];
                double dx = b->x - a->x, dy = b->y - a->y, dz = b->z - a->z;
                double len = sqrt(dx * dx + dy * dy + dz * dz);
                double diff = (len - rest[k]) / (len * (a->w + b->w));
                a->x += dx * (a->w * diff), a->y += dy * (a->w * diff), a->z += dz * (a->w * diff);
                b->x += dx * (-b->w * diff), b->y += dy * (-b->w * diff),
                    b->z += dz * (-b->w * diff);
            }
            p[0].x = pin0.x, p[0].y = pin0.y, p[0].z = pin0.z;
            p[n - 1].x = pin1.x, p[n - 1].y = pin1.y, p[n - 1].z = pin1.z;
        }
    }
    double seconds = now() - start;
    for (int k = 0; k < count; k++) {
        out[k] = (lm_vec3){p[k].x, p[k].y, p[k].z};
    }
    free(p);
    free(rest);
    return seconds;
}

/* 10,000 balls (radius 5 cm) dropped in a box with particle contacts:
 * ns per ball per step, best of RUNS. */
static double run_balls(int count, int steps) {
    double best = 1e30;
    for (int r = 0; r < RUNS; r++) {
        lm_world_def def = lm_world_default_def();
        def.collide_particles = true;
        def.iterations = ITERATIONS;
        lm_world *w = lm_world_create(&def);
        lm_collider_def box = lm_collider_default_def();
        box.kind = LM_COLLIDER_WORLD_BOX;
        box.min = (lm_vec3){-2.5, 0, -2.5};
        box.max = (lm_vec3){2.5, 20, 2.5};
        lm_collider_create(w, &box);
        int side = 40;
        for (int k = 0; k < count; k++) {
            lm_particle_def pd = lm_particle_default_def();
            pd.radius = 0.05;
            pd.position = (lm_vec3){-2 + 0.11 * (k % side), 0.1 + 0.11 * (k / (side * side)),
                                    -2 + 0.11 * ((k / side) % side)};
            lm_particle_create(w, &pd);
        }
        for (int s = 0; s < 60; s++) { /* let the pile form */
            lm_world_step(w);
        }
        double start = now();
        for (int s = 0; s < steps; s++) {
            lm_world_step(w);
        }
        best = fmin(best, (now() - start) / steps / count * 1e9);
        lm_world_destroy(w);
    }
    return best;
}

/* Seconds to remove every particle of an n x n cloth (and with them every
 * stick): each particle lists what uses it, so this costs the degrees. */
static double run_removal(int n) {
    lm_world *w = lm_world_create(NULL);
    edge *links = malloc(sizeof *links * (size_t)(4 * n * n));
    int link_count = cloth_links(n, links);
    lm_particle *p = malloc(sizeof *p * (size_t)n * (size_t)n);
    for (int k = 0; k < n * n; k++) {
        lm_particle_def pd = lm_particle_default_def();
        pd.position = (lm_vec3){k % n, 0, k / n};
        p[k] = lm_particle_create(w, &pd);
    }
    for (int k = 0; k < link_count; k++) {
        lm_stick_def s = lm_stick_default_def();
        s.a = p[links[k].a];
        s.b = p[links[k].b];
        lm_stick_create(w, &s);
    }
    double start = clock_now(true);
    for (int k = 0; k < n * n; k++) {
        lm_particle_destroy(w, p[k]);
    }
    double seconds = clock_now(true) - start;
    free(links);
    free(p);
    lm_world_destroy(w);
    return seconds;
}

/* Peak resident memory (MiB) of a child running argv (wait4: this child's
 * own figure, not the largest of all children so far), or -1. */
static double child_peak_mib(char *const argv[]) {
    fflush(stdout); /* or the child prints what is still buffered again */
    pid_t pid = fork();
    if (pid == 0) {
        freopen("/dev/null", "w", stdout);
        freopen("/dev/null", "w", stderr);
        execv(argv[0], argv);
        _exit(127);
    }
    int status;
    struct rusage usage;
    if (pid < 0 || wait4(pid, &status, 0, &usage) != pid || !WIFEXITED(status) ||
        WEXITSTATUS(status) != 0) {
        return -1;
    }
    return usage.ru_maxrss / 1024.0; /* KiB on Linux */
}

/* `bench_solver --reference-memory`: the naive reference alone on the N = 256
 * cloth for a few steps, so its peak memory can be measured beside loom's. */
static int reference_memory(void) {
    enum { N = 256 };
    edge *links = malloc(sizeof *links * (size_t)(4 * N * N));
    lm_vec3 *out = malloc(sizeof *out * (size_t)(N * N));
    run_reference(N, links, cloth_links(N, links), 3, out);
    free(links);
    free(out);
    return 0;
}

typedef struct row {
    int n, sticks, steps;
    double naive, creation, batched1, batched1_wall, batched2_wall;
} row;

static double best_of(double a, double b) {
    return a < b ? a : b;
}

int main(int argc, char **argv) {
    if (argc > 1 && strcmp(argv[1], "--reference-memory") == 0) {
        return reference_memory();
    }
    static const int sizes[] = {32, 64, 128, 256};
    static const int steps_for[] = {600, 300, 120, 40};
    /* --quick (after the loom path): N = 32 and 64 only, no balls, no memory */
    bool quick = argc > 2 && strcmp(argv[2], "--quick") == 0;
    int SIZES = quick ? 2 : (int)(sizeof sizes / sizeof sizes[0]);
    row rows[sizeof sizes / sizeof sizes[0]];
    int failed = 0;
    printf("bench_solver: cloth N, %d iterations, damping %.2f, best of %d\n", ITERATIONS, DAMPING,
           RUNS);
    for (int s = 0; s < SIZES; s++) {
        int n = sizes[s], steps = steps_for[s];
        edge *links = malloc(sizeof *links * (size_t)(4 * n * n));
        int link_count = cloth_links(n, links);
        size_t bytes = sizeof(lm_vec3) * (size_t)n * (size_t)n;
        lm_vec3 *ref = malloc(bytes), *got = malloc(bytes), *one = malloc(bytes);
        row r = {n, link_count, steps, 1e30, 1e30, 1e30, 1e30, 1e30};
        bool same_ref = true, same_threads = true;
        for (int k = 0; k < RUNS; k++) {
            r.naive = best_of(r.naive, run_reference(n, links, link_count, steps, ref));
            r.creation = best_of(r.creation, run_engine(n, links, link_count, steps,
                                                        LM_ORDER_CREATION, 1, false, got));
            same_ref = same_ref && memcmp(ref, got, bytes) == 0;
            r.batched1 = best_of(r.batched1, run_engine(n, links, link_count, steps,
                                                        LM_ORDER_BATCHED, 1, false, one));
            for (int t = 0; t < THREAD_RUNS; t++) {
                r.batched1_wall =
                    best_of(r.batched1_wall, run_engine(n, links, link_count, steps,
                                                        LM_ORDER_BATCHED, 1, true, got));
                same_threads = same_threads && memcmp(one, got, bytes) == 0;
                r.batched2_wall =
                    best_of(r.batched2_wall, run_engine(n, links, link_count, steps,
                                                        LM_ORDER_BATCHED, 2, true, got));
                same_threads = same_threads && memcmp(one, got, bytes) == 0;
            }
        }
        double projections = (double)link_count * ITERATIONS * (steps - 1);
        printf("case=cloth N=%d sticks=%d steps=%d naive_cpu_s=%.4f creation_cpu_s=%.4f "
               "batched1_cpu_s=%.4f batched1_wall_s=%.4f batched2_wall_s=%.4f "
               "creation_over_naive=%.3f naive_over_batched1=%.2f "
               "batched1_over_batched2=%.2f ns_per_projection_batched1=%.3f "
               "ns_per_projection_creation=%.3f creation_matches_reference=%s "
               "threads_match=%s\n",
               n, link_count, steps, r.naive, r.creation, r.batched1, r.batched1_wall,
               r.batched2_wall, r.creation / r.naive, r.naive / r.batched1,
               r.batched1_wall / r.batched2_wall, r.batched1 / projections * 1e9,
               r.creation / projections * 1e9, same_ref ? "yes" : "NO",
               same_threads ? "yes" : "NO");
        if (!same_ref) {
            printf("error: the default order no longer matches the reference to the bit (N=%d)\n",
                   n);
            failed = 1;
        }
        if (!same_threads) {
            printf("error: the batched order differs between 1 and 2 threads (N=%d)\n", n);
            failed = 1;
        }
        rows[s] = r;
        free(links);
        free(ref);
        free(got);
        free(one);
    }
    double removal = run_removal(100);
    printf("case=removal cloth=100x100 seconds=%.4f\n", removal);
    double balls = quick ? -1 : run_balls(10000, 30);
    printf("case=balls count=10000 iterations=%d ns_per_ball_step=%.1f\n", ITERATIONS, balls);
    /* loom loading the Lua cloth (handles included), then after 3 steps; the
     * naive reference (its own process: a C program with just its arrays) */
    double peak = -1, peak_stepped = -1, peak_reference = -1;
    if (argc > 1 && !quick) {
        char *load[] = {argv[1], "sim", "bench/cloth256.lua", "--frames", "1", NULL};
        char *stepped[] = {argv[1], "sim", "bench/cloth256.lua", "--frames", "4", NULL};
        char *reference[] = {argv[0], "--reference-memory", NULL};
        peak = child_peak_mib(load);
        peak_stepped = child_peak_mib(stepped);
        peak_reference = child_peak_mib(reference);
    }
    printf("case=memory scene=bench/cloth256.lua peak_rss_mib=%.1f peak_rss_3_steps_mib=%.1f "
           "reference_peak_rss_mib=%.1f\n",
           peak, peak_stepped, peak_reference);

    printf("\n%5s %8s %9s %9s %9s %9s %11s %10s %10s %12s\n", "N", "sticks", "naive", "creation",
           "batched", "2 threads", "creation/", "naive/", "1 thr/", "ns/proj");
    printf("%5s %8s %9s %9s %9s %9s %11s %10s %10s %12s\n", "", "", "cpu s", "cpu s", "cpu s",
           "wall s", "naive", "batched", "2 thr wall", "batched");
    for (int s = 0; s < SIZES; s++) {
        const row *r = &rows[s];
        double projections = (double)r->sticks * ITERATIONS * (r->steps - 1);
        printf("%5d %8d %9.3f %9.3f %9.3f %9.3f %10.2fx %9.1fx %9.2fx %12.3f\n", r->n, r->sticks,
               r->naive, r->creation, r->batched1, r->batched2_wall, r->creation / r->naive,
               r->naive / r->batched1, r->batched1_wall / r->batched2_wall,
               r->batched1 / projections * 1e9);
    }
    if (!quick) {
        double small =
            rows[0].batched1 / ((double)rows[0].sticks * ITERATIONS * (rows[0].steps - 1));
        double big = rows[SIZES - 1].batched1 /
                     ((double)rows[SIZES - 1].sticks * ITERATIONS * (rows[SIZES - 1].steps - 1));
        printf("batched cost per projection, N=256 over N=32: %.2fx\n", big / small);
        printf("removing every particle of a 100 x 100 cloth: %.4f s\n", removal);
        printf("10,000 balls with contacts: %.0f ns per ball per step\n", balls);
        printf(
            "peak memory, 256 x 256 cloth from Lua (loom sim): %.1f MiB loaded, %.1f MiB after 3 "
            "steps; the naive reference: %.1f MiB\n",
            peak, peak_stepped, peak_reference);
    } else {
        printf("removing every particle of a 100 x 100 cloth: %.4f s\n", removal);
    }
    return failed;
}
