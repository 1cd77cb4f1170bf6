/* engine_memory.c - a world's allocator and its step interrupt.
 *
 * A scene touching every kind of allocation (particles, sticks, ropes, pins,
 * angles, areas, faces, springs, fields, colliders, contacts, bouncing
 * pairs, bodies, embedded points, batches and their threads, removal, reach
 * bounds) is run
 * once to count its allocations, then again with an allocator that fails at
 * each allocation in turn (once, and from there on): nothing may crash, the
 * world must stay usable and finite, and after destroying it every byte must
 * be back (the allocator counts them). */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../engine/loom.h"
#include "check.h"

/* ------------------------------------------------------------ allocator -- */

typedef struct counting {
    size_t in_use;     /* bytes outstanding */
    long calls;        /* allocations and growths asked for (not frees) */
    long fail_at;      /* this call fails (-1: none) */
    bool fail_after;   /* ... and every later one */
    bool bad_old_size; /* a free or resize was told a size it did not hand out */
    long failures;
} counting;

/* Each block remembers its size in front, so the allocator can check the
 * old sizes the engine reports. */
#define PAD 16

static void *counting_alloc(void *context, void *block, size_t old_size, size_t new_size) {
    counting *c = context;
    unsigned char *raw = block ? (unsigned char *)block - PAD : NULL;
    if (raw) {
        size_t recorded;
        memcpy(&recorded, raw, sizeof recorded);
        c->bad_old_size |= recorded != old_size;
    } else {
        c->bad_old_size |= old_size != 0;
    }
    if (new_size == 0) {
        free(raw);
        c->in_use -= old_size;
        return NULL;
    }
    long call = c->calls++;
    if (call == c->fail_at || (c->fail_after && c->fail_at >= 0 && call > c->fail_at)) {
        c->failures++;
        return NULL;
    }
    unsigned char *grown = realloc(raw, new_size + PAD);
    if (!grown) {
        return NULL;
    }
    memcpy(grown, &new_size, sizeof new_size);
    c->in_use = c->in_use - old_size + new_size;
    return grown + PAD;
}

/* ---------------------------------------------------------------- scene -- */

static int push_up(lm_world *world, double time, void *context) {
    (void)time;
    lm_particle *p = context;
    if (lm_particle_is_valid(world, *p)) {
        lm_particle_add_force(world, *p, (lm_vec3){0, 0.5, 0});
    }
    return 0;
}

static lm_particle add(lm_world *w, double x, double y, double radius) {
    lm_particle_def def = lm_particle_default_def();
    def.position = (lm_vec3){x, y, 0.1 * x * y};
    def.radius = radius;
    return lm_particle_create(w, &def);
}

static bool valid(const lm_particle *list, int n) {
    for (int i = 0; i < n; i++) {
        if (list[i].index1 == 0) {
            return false;
        }
    }
    return true;
}

static bool all_finite(const lm_world *w) {
    return lm_world_find_nonfinite(w).index1 == 0;
}

typedef struct outcome {
    bool finite;     /* every particle finite after every call */
    bool consistent; /* stats agree with what was made */
    int steps_ok;
} outcome;

/* Builds and runs the scene, tolerating any failed creation or step. */
static outcome run_scene(lm_world *w, lm_particle *watched) {
    outcome out = {true, true, 0};
    enum { N = 6 };
    lm_particle grid[N * N];
    for (int i = 0; i < N * N; i++) {
        grid[i] = add(w, i % N * 0.1, 1 + i / N * 0.1, 0.04);
    }
    lm_stick_def stick = lm_stick_default_def();
    for (int i = 0; i < N * N; i++) {
        if (i % N + 1 < N && grid[i].index1 && grid[i + 1].index1) {
            stick.a = grid[i];
            stick.b = grid[i + 1];
            lm_stick_create(w, &stick);
        }
        if (i + N < N * N && grid[i].index1 && grid[i + N].index1) {
            stick.a = grid[i];
            stick.b = grid[i + N];
            stick.break_strain = i % 3 == 0 ? 0.5 : 0;
            lm_stick_create(w, &stick);
            stick.break_strain = 0;
        }
    }
    if (grid[0].index1) {
        lm_pin_create(w, grid[0], (lm_vec3){0, 1, 0});
    }
    if (valid(grid, 3)) {
        lm_rope_def rope = lm_rope_default_def();
        rope.a = grid[0];
        rope.b = grid[2];
        lm_rope_create(w, &rope);
        lm_angle_def angle = lm_angle_default_def();
        angle.a = grid[0];
        angle.b = grid[1];
        angle.c = grid[2];
        lm_angle_create(w, &angle);
        lm_face_create(w, grid[0], grid[1], grid[2]);
    }
    lm_particle ring[5];
    for (int i = 0; i < 5; i++) {
        ring[i] = add(w, 2 + cos(i * 1.2566), 2 + sin(i * 1.2566), 0.05);
    }
    if (valid(ring, 5)) {
        lm_shape_def shape = lm_shape_default_def();
        shape.particles = ring;
        shape.particle_count = 5;
        lm_area_create(w, &shape);
        lm_spring_def spring = lm_spring_default_def();
        spring.a = ring[0];
        spring.b = ring[2];
        lm_force_create_spring(w, &spring);
        double weights[4] = {0.25, 0.25, 0.25, 0.25};
        lm_embedded_create(w, ring, weights, 0.01);
    }
    *watched = ring[1];
    /* two bouncing balls that meet within a sub-step (impact_pairs.c) */
    lm_particle balls[2] = {add(w, 5, 2, 0.1), add(w, 5.3, 2, 0.1)};
    for (int i = 0; i < 2; i++) {
        if (balls[i].index1) {
            lm_particle_set_velocity(w, balls[i], (lm_vec3){i ? -4 : 4, 0, 0});
            lm_particle_set_contact_material(w, balls[i], -1, 1);
        }
    }
    lm_force_create_drag(w, 0.01);
    lm_force_create_callback(w, push_up, watched, NULL);
    lm_field_def field = lm_field_default_def(LM_FIELD_WIND);
    field.velocity = (lm_vec3){1, 0, 0};
    field.turbulence = 0.5;
    field.particles = ring;
    field.particle_count = valid(ring, 5) ? 5 : 0;
    lm_force_create_field(w, &field);
    lm_collider_def floor = lm_collider_default_def();
    floor.kind = LM_COLLIDER_PLANE;
    floor.friction = 0.3;
    lm_collider_create(w, &floor);
    lm_collider_def ball = lm_collider_default_def();
    ball.kind = LM_COLLIDER_SPHERE;
    ball.position = (lm_vec3){0.2, 0.6, 0};
    ball.radius = 0.2;
    lm_collider_create(w, &ball);

    lm_vec3 lo, hi;
    lm_world_reach_bounds(w, &lo, &hi);
    for (int s = 0; s < 4; s++) {
        lm_status status = lm_world_step(w);
        out.steps_ok += status == LM_OK;
        out.finite &= all_finite(w);
    }
    /* removal mid-run, then more steps (the stores compact, batches regroup) */
    for (int i = 0; i < N * N; i += 4) {
        if (lm_particle_is_valid(w, grid[i])) {
            lm_particle_destroy(w, grid[i]);
        }
    }
    lm_particle late = add(w, 3, 3, 0.05);
    (void)late;
    for (int s = 0; s < 3; s++) {
        out.steps_ok += lm_world_step(w) == LM_OK;
        out.finite &= all_finite(w);
    }
    lm_world_reach_bounds(w, &lo, &hi);
    lm_world_stats stats = lm_world_get_stats(w);
    uint32_t live = 0;
    for (uint32_t s = 0; s < lm_world_particle_slots(w); s++) {
        live += lm_world_particle_in_slot(w, s).index1 != 0;
    }
    out.consistent = stats.particles == live;
    return out;
}

typedef struct config {
    const char *name;
    lm_world_def def;
} config;

static config configs(int k) {
    config c;
    c.def = lm_world_default_def();
    if (k == 0) {
        c.name = "verlet, creation order, contacts and bodies";
        c.def.collide_particles = true;
        c.def.collide_bodies = true;
        c.def.collide_edges = true;
        c.def.substeps = 2;
    } else {
        c.name = "rk4, batched on 2 threads, tolerance, shake";
        c.def.integrator = LM_INTEGRATOR_RK4;
        c.def.order = LM_ORDER_BATCHED;
        c.def.threads = 2;
        c.def.tolerance = 1e-9;
        c.def.collide_particles = true;
        c.def.projection = LM_PROJECT_SHAKE; /* the exact groups: groups.c, sparse.c */
    }
    return c;
}

static void test_failing_allocator(int k) {
    config cfg = configs(k);
    counting c = {0, 0, -1, false, false, 0};
    lm_world *w = lm_world_create_with_allocator(&cfg.def, counting_alloc, &c);
    lm_particle watched;
    outcome full = run_scene(w, &watched);
    long total = c.calls;
    char name[200];
    snprintf(name, sizeof name, "%s: the scene runs, finite (%ld allocations)", cfg.name, total);
    CHECK(w && full.finite && full.consistent && full.steps_ok == 7 && total > 40, name);
    CHECK(lm_world_memory(w) == c.in_use && c.in_use > 0,
          "lm_world_memory is what the allocator holds");
    lm_world_destroy(w);
    CHECK(c.in_use == 0 && !c.bad_old_size,
          "destroying gives every byte back, each free told its size");

    int crashed_or_leaked = 0, inconsistent = 0, bad_sizes = 0, nonfinite = 0, reported = 0;
    for (int after = 0; after < 2; after++) {
        for (long at = 0; at <= total; at++) {
            counting f = {0, 0, at, after == 1, false, 0};
            lm_world *fw = lm_world_create_with_allocator(&cfg.def, counting_alloc, &f);
            if (fw) {
                outcome o = run_scene(fw, &watched);
                nonfinite += !o.finite;
                inconsistent += !o.consistent || lm_world_memory(fw) != f.in_use;
                reported += o.steps_ok < 7;
                lm_world_destroy(fw);
            }
            crashed_or_leaked += f.in_use != 0;
            bad_sizes += f.bad_old_size;
        }
    }
    snprintf(name, sizeof name, "%s: failing at each of the %ld allocations leaks nothing",
             cfg.name, total);
    CHECK(crashed_or_leaked == 0 && bad_sizes == 0, name);
    CHECK(inconsistent == 0, "after a failure the world's counts and memory stay consistent");
    CHECK(nonfinite == 0, "after a failure every particle stays finite");
    CHECK(reported > 0, "some failures reach a step, which reports LM_ERROR_MEMORY");
}

static void test_memory_counts(void) {
    counting c = {0, 0, -1, false, false, 0};
    lm_world *w = lm_world_create_with_allocator(NULL, counting_alloc, &c);
    size_t empty = lm_world_memory(w);
    for (int i = 0; i < 1000; i++) {
        add(w, i, 0, 0);
    }
    size_t full = lm_world_memory(w);
    CHECK(empty > 0 && full > empty + 1000 * 48, "memory grows with the particles");
    lm_world_destroy(w);
    CHECK(c.in_use == 0, "and is all given back");

    lm_world *plain = lm_world_create(NULL);
    add(plain, 0, 0, 0);
    CHECK(lm_world_memory(plain) > sizeof(double) * 6,
          "a world without an allocator counts its memory too");
    lm_world_destroy(plain);
}

/* -------------------------------------------------------------- uses lists --
 * The lists of what uses each particle are built on demand: on the first
 * removal of a particle (or the first spring). A world built that way, one
 * whose lists could not be built (the removal scans instead) and one whose
 * lists were kept from the start (a spring came first) must remove the same
 * constraints in the same order: the slots freed, handed out again to new
 * sticks, come back in the same order. */
enum { CHAIN = 50 };

/* A chain with sticks to the next and the one after; 4 constraints use
 * particle 10. Returns the world's memory just before the removal. */
static size_t chain_and_remove(lm_world *w, counting *c, int mode, lm_constraint *fresh) {
    lm_particle p[CHAIN];
    for (int i = 0; i < CHAIN; i++) {
        p[i] = add(w, i * 0.1, 0, 0);
    }
    if (mode == 2) {
        lm_spring_def spring = lm_spring_default_def();
        spring.a = p[40];
        spring.b = p[45];
        lm_force_create_spring(w, &spring);
    }
    lm_stick_def stick = lm_stick_default_def();
    for (int i = 0; i + 1 < CHAIN; i++) {
        stick.a = p[i];
        stick.b = p[i + 1];
        lm_stick_create(w, &stick);
        if (i + 2 < CHAIN) {
            stick.b = p[i + 2];
            lm_stick_create(w, &stick);
        }
    }
    size_t before = lm_world_memory(w);
    if (mode == 1) {
        c->fail_at = c->calls; /* every allocation from here on fails */
        c->fail_after = true;
    }
    lm_particle_destroy(w, p[10]);
    c->fail_at = -1;
    c->fail_after = false;
    for (int i = 0; i < 4; i++) { /* the freed slots, handed out again */
        stick.a = p[30];
        stick.b = p[31 + i];
        fresh[i] = lm_stick_create(w, &stick);
    }
    return before;
}

static void test_uses_on_demand(void) {
    const char *names[3] = {"built on the first removal", "not built (out of memory)",
                            "kept from the first spring"};
    lm_constraint fresh[3][4];
    size_t constraints[3];
    for (int mode = 0; mode < 3; mode++) {
        counting c = {0, 0, -1, false, false, 0};
        lm_world *w = lm_world_create_with_allocator(NULL, counting_alloc, &c);
        size_t empty = lm_world_memory(w);
        size_t before = chain_and_remove(w, &c, mode, fresh[mode]);
        size_t after = lm_world_memory(w);
        constraints[mode] = lm_world_get_stats(w).constraints;
        char name[160];
        snprintf(name, sizeof name, "uses lists %s: the removal takes its 4 constraints",
                 names[mode]);
        CHECK(constraints[mode] == 49 + 48 - 4 + 4, name);
        if (mode == 0) {
            /* the lists: 8 bytes per constraint end appear with the removal */
            CHECK(after >= before + 8 * 2 * (49 + 48 - 4), "the lists cost nothing until needed");
            (void)empty;
        }
        if (mode == 1) {
            CHECK(c.failures > 0 && after == before,
                  "without memory for the lists the removal still works (a scan)");
        }
        lm_world_destroy(w);
        CHECK(c.in_use == 0 && !c.bad_old_size, "every byte given back");
    }
    bool same = true;
    for (int i = 0; i < 4; i++) {
        same &=
            fresh[0][i].index1 == fresh[2][i].index1 && fresh[1][i].index1 == fresh[2][i].index1;
    }
    CHECK(same, "the freed slots come back in the same order in all three worlds");
}

/* ------------------------------------------------------------ interrupt -- */

typedef struct stopper {
    long calls, stop_at;
} stopper;

static int stop_at(void *context) {
    stopper *s = context;
    return ++s->calls >= s->stop_at;
}

static lm_world *heavy_cloth(lm_order order, int iterations, int substeps) {
    lm_world_def def = lm_world_default_def();
    def.iterations = iterations;
    def.substeps = substeps;
    def.order = order;
    lm_world *w = lm_world_create(&def);
    enum { N = 20 };
    lm_particle p[N * N];
    for (int i = 0; i < N * N; i++) {
        p[i] = add(w, i % N * 0.1, i / N * 0.1, 0);
    }
    lm_stick_def stick = lm_stick_default_def();
    for (int i = 0; i < N * N; i++) {
        if (i % N + 1 < N) {
            stick.a = p[i];
            stick.b = p[i + 1];
            lm_stick_create(w, &stick);
        }
        if (i + N < N * N) {
            stick.a = p[i];
            stick.b = p[i + N];
            lm_stick_create(w, &stick);
        }
    }
    lm_pin_create(w, p[N * N - 1], lm_particle_position(w, p[N * N - 1]));
    return w;
}

/* Creation order: asked before every sweep. Batched with sticks and pins
 * only: asked between chunks of about 4 million projections (this cloth:
 * 5,511 sweeps). */
static void test_interrupt(lm_order order, long stop, const char *label) {
    lm_world *w = heavy_cloth(order, 10000, 1000);
    stopper s = {0, stop};
    lm_world_set_interrupt(w, stop_at, &s);
    lm_status status = lm_world_step(w);
    lm_world_stats stats = lm_world_get_stats(w);
    char name[160];
    snprintf(name, sizeof name, "%s: a 10,000 x 1,000 step is interrupted (%llu sweeps)", label,
             (unsigned long long)stats.sweeps);
    CHECK(status == LM_ERROR_INTERRUPTED && stats.sweeps < 10000, name);
    CHECK(s.calls == stop, "the interrupt is not asked again once it said stop");
    CHECK_NEAR(lm_world_time(w), 1.0 / 60.0 / 1000.0, 1e-15,
               "the time advanced by the one sub-step done");
    CHECK(all_finite(w) && lm_world_step_count(w) == 0, "positions finite, the step not counted");

    lm_world_set_interrupt(w, NULL, NULL);
    lm_world_def def = lm_world_settings(w);
    def.iterations = 10;
    def.substeps = 1;
    lm_world_configure(w, &def);
    CHECK(lm_world_step(w) == LM_OK && all_finite(w) && lm_world_max_error(w) < 0.05,
          "without the interrupt the next step runs normally");
    lm_world_destroy(w);
}

/* The interrupt is asked between sub-steps too, and a step it never stops
 * gives the same bits as a step without one. */
static void test_interrupt_between_substeps(void) {
    lm_world_def def = lm_world_default_def();
    def.projection = LM_PROJECT_JAKOBSEN; /* iterations sweeps in every sub-step */
    def.substeps = 4;
    def.iterations = 2;
    lm_world *a = lm_world_create(&def), *b = lm_world_create(&def);
    lm_particle pa = add(a, 0, 0, 0), pb = add(b, 0, 0, 0);
    stopper never = {0, 1000000};
    lm_world_set_interrupt(b, stop_at, &never);
    for (int i = 0; i < 10; i++) {
        lm_world_step(a);
        lm_world_step(b);
    }
    lm_vec3 xa = lm_particle_position(a, pa), xb = lm_particle_position(b, pb);
    CHECK(memcmp(&xa, &xb, sizeof xa) == 0, "an interrupt that never stops changes no bit");
    CHECK(never.calls >= 10 * (4 * 2 + 3), "it was asked every sweep and between sub-steps");
    stopper third = {0, 3};
    lm_world_set_interrupt(b, stop_at, &third);
    double t = lm_world_time(b);
    CHECK(lm_world_step(b) == LM_ERROR_INTERRUPTED, "stopped mid-step");
    CHECK_NEAR(lm_world_time(b) - t, def.time_step / 4, 1e-12,
               "stopped between sub-steps (after two sweeps): one sub-step done");
    lm_world_destroy(a);
    lm_world_destroy(b);

    /* batched, pure: the sweeps in two chunks give the bits of one run */
    lm_world *c = heavy_cloth(LM_ORDER_BATCHED, 6000, 1);
    lm_world *d = heavy_cloth(LM_ORDER_BATCHED, 6000, 1);
    stopper counted = {0, 1000000};
    lm_world_set_interrupt(d, stop_at, &counted);
    lm_world_step(c);
    lm_world_step(d);
    bool same = true;
    for (uint32_t slot = 0; slot < lm_world_particle_slots(c); slot++) {
        lm_vec3 xc = lm_particle_position(c, lm_world_particle_in_slot(c, slot));
        lm_vec3 xd = lm_particle_position(d, lm_world_particle_in_slot(d, slot));
        same &= memcmp(&xc, &xd, sizeof xc) == 0;
    }
    CHECK(same && counted.calls == 2, "batched sweeps in chunks give the same bits");
    lm_world_destroy(c);
    lm_world_destroy(d);
}

int main(void) {
    test_failing_allocator(0);
    test_failing_allocator(1);
    test_memory_counts();
    test_uses_on_demand();
    test_interrupt(LM_ORDER_CREATION, 25, "creation order");
    test_interrupt(LM_ORDER_BATCHED, 2, "batched order");
    test_interrupt_between_substeps();
    return check_summary();
}
