/* engine_handles.c - handles, removal, stats, determinism and drawing order. */
#include <stdint.h>
#include <string.h>

#include "../engine/loom.h"
#include "check.h"

static lm_particle add(lm_world *w, double x, double y) {
    lm_particle_def def = lm_particle_default_def();
    def.position = (lm_vec3){x, y, 0};
    return lm_particle_create(w, &def);
}

static void test_handles(void) {
    lm_world *w = lm_world_create(NULL);
    lm_particle null = {0, 0, 0};
    CHECK(!lm_particle_is_valid(w, null), "the zero handle is never valid");
    lm_particle a = add(w, 0, 0), b = add(w, 1, 0), c = add(w, 2, 0);
    lm_stick_def s = lm_stick_default_def();
    s.a = a;
    s.b = b;
    lm_constraint ab = lm_stick_create(w, &s);
    s.a = b;
    s.b = c;
    lm_constraint bc = lm_stick_create(w, &s);
    lm_spring_def sp = lm_spring_default_def();
    sp.a = a;
    sp.b = b;
    lm_force spring = lm_force_create_spring(w, &sp);
    lm_constraint pin = lm_pin_create(w, a, (lm_vec3){0, 0, 0});
    lm_world_stats st = lm_world_get_stats(w);
    CHECK(st.particles == 3 && st.constraints == 3 && st.forces == 1, "stats count what was made");

    lm_particle_destroy(w, a);
    CHECK(!lm_particle_is_valid(w, a), "a removed particle's handle is stale");
    CHECK(!lm_constraint_is_valid(w, ab), "removing a particle removes its sticks");
    CHECK(!lm_constraint_is_valid(w, pin), "removing a particle removes its pins");
    CHECK(!lm_force_is_valid(w, spring), "removing a particle removes its springs");
    CHECK(lm_constraint_is_valid(w, bc), "other constraints survive");
    st = lm_world_get_stats(w);
    CHECK(st.particles == 2 && st.constraints == 1 && st.forces == 0, "stats follow removals");

    lm_particle d = add(w, 5, 5);
    CHECK(d.index1 == a.index1 && d.generation != a.generation,
          "a reused slot gets a new generation");
    CHECK(!lm_particle_is_valid(w, a) && lm_particle_is_valid(w, d),
          "the old handle stays stale after reuse");
    lm_world_step(w);
    CHECK(lm_constraint_is_valid(w, bc), "a surviving handle stays valid after compaction");
    CHECK_NEAR(lm_constraint_error(w, bc), 0, 1e-9, "and still refers to the same stick");
    lm_particle out[4];
    CHECK(lm_constraint_particles(w, bc, out) == 2 && out[0].index1 == b.index1 &&
              out[1].index1 == c.index1,
          "constraint reports its particles");
    lm_constraint_destroy(w, bc);
    CHECK(!lm_constraint_is_valid(w, bc), "a removed constraint's handle is stale");

    lm_world *other = lm_world_create(NULL);
    CHECK(!lm_particle_is_valid(other, d), "a handle from another (empty) world is not valid");
    /* The same slots and generations exist in both worlds: only the world
     * in the handle tells them apart. */
    lm_particle oa = add(other, 0, 0), ob = add(other, 1, 0), oc = add(other, 2, 0),
                od = add(other, 3, 0);
    s.a = oa;
    s.b = ob;
    lm_constraint other_stick = lm_stick_create(other, &s);
    lm_collider_def cd = lm_collider_default_def();
    cd.kind = LM_COLLIDER_PLANE;
    lm_collider here_plane = lm_collider_create(w, &cd),
                there_plane = lm_collider_create(other, &cd);
    lm_force here_drag = lm_force_create_drag(w, 1), there_drag = lm_force_create_drag(other, 1);
    CHECK(lm_particle_is_valid(other, oc) && lm_particle_is_valid(w, b) && b.index1 == ob.index1 &&
              b.generation == ob.generation,
          "two worlds hand out the same slot and generation");
    CHECK(!lm_particle_is_valid(w, ob) && !lm_particle_is_valid(other, b) &&
              !lm_particle_is_valid(w, od),
          "a particle of world A is invalid in world B (lm_particle_is_valid)");
    CHECK(!lm_constraint_is_valid(w, other_stick) && lm_constraint_is_valid(other, other_stick),
          "a constraint of world A is invalid in world B");
    CHECK(!lm_collider_is_valid(w, there_plane) && !lm_collider_is_valid(other, here_plane) &&
              lm_collider_is_valid(w, here_plane),
          "a collider of world A is invalid in world B");
    CHECK(!lm_force_is_valid(w, there_drag) && !lm_force_is_valid(other, here_drag) &&
              lm_force_is_valid(other, there_drag),
          "a force of world A is invalid in world B");
    CHECK(b.world == lm_world_id(w) && ob.world == lm_world_id(other) &&
              lm_world_id(w) != lm_world_id(other) && lm_world_id(w) != 0,
          "every handle carries its world's id, one per world alive");
    lm_world_destroy(other);
    lm_world_destroy(w);
}

/* FNV-1a over the raw bits of every position and velocity. */
static uint64_t hash_world(const lm_world *w) {
    uint64_t h = 1469598103934665603ull;
    for (uint32_t i = 0; i < lm_world_particle_slots(w); i++) {
        lm_particle p = lm_world_particle_in_slot(w, i);
        if (!p.index1) {
            continue;
        }
        lm_vec3 v[2] = {lm_particle_position(w, p), lm_particle_velocity(w, p)};
        const unsigned char *bytes = (const unsigned char *)v;
        for (size_t k = 0; k < sizeof v; k++) {
            h = (h ^ bytes[k]) * 1099511628211ull;
        }
    }
    return h;
}

static uint64_t run_cloth(int integrator) {
    lm_world_def def = lm_world_default_def();
    def.integrator = integrator;
    def.substeps = 2;
    lm_world *w = lm_world_create(&def);
    enum { N = 12 };
    lm_particle grid[N][N];
    for (int i = 0; i < N; i++) {
        for (int j = 0; j < N; j++) {
            lm_particle_def p = lm_particle_default_def();
            p.position = (lm_vec3){i * 0.1, 0, j * 0.1};
            p.radius = 0.02;
            grid[i][j] = lm_particle_create(w, &p);
            lm_stick_def s = lm_stick_default_def();
            s.b = grid[i][j];
            if (i > 0) {
                s.a = grid[i - 1][j];
                lm_stick_create(w, &s);
            }
            if (j > 0) {
                s.a = grid[i][j - 1];
                lm_stick_create(w, &s);
            }
        }
    }
    lm_pin_create(w, grid[0][0], lm_particle_position(w, grid[0][0]));
    lm_force_create_drag(w, 0.01);
    lm_collider_def box = lm_collider_default_def();
    box.min = (lm_vec3){-2, -0.8, -2};
    box.max = (lm_vec3){2, 2, 2};
    lm_collider_create(w, &box);
    for (int i = 0; i < 240; i++) {
        lm_world_step(w);
    }
    uint64_t h = hash_world(w);
    lm_world_destroy(w);
    return h;
}

static void test_determinism(void) {
    for (int integrator = 0; integrator < LM_INTEGRATOR_COUNT; integrator++) {
        uint64_t first = run_cloth(integrator), second = run_cloth(integrator);
        char name[96];
        snprintf(name, sizeof name, "%s: the same scene twice gives identical bits",
                 lm_integrator_name(integrator));
        CHECK(first == second, name);
    }
}

typedef struct draw_log {
    const lm_world *world;
    int handles_bad; /* reported handles that are not the object's live handle */
    int colliders, sticks, springs, pins, particles, immovable, pinned;
    int order_ok, phase; /* colliders, then links, then particles */
} draw_log;

static void draw_collider(void *ctx, lm_collider collider, const lm_collider_def *c) {
    draw_log *log = ctx;
    (void)c;
    log->handles_bad += !lm_collider_is_valid(log->world, collider);
    log->colliders++;
    if (log->phase > 0) {
        log->order_ok = 0;
    }
}
static void draw_link(void *ctx, lm_vec3 a, lm_vec3 b, lm_link_style style,
                      lm_constraint constraint, lm_force force) {
    draw_log *log = ctx;
    (void)a;
    (void)b;
    if (style == LM_LINK_SPRING) {
        log->handles_bad += !lm_force_is_valid(log->world, force) || constraint.index1 != 0;
    } else {
        log->handles_bad += !lm_constraint_is_valid(log->world, constraint) || force.index1 != 0;
    }
    if (log->phase > 1) {
        log->order_ok = 0;
    }
    log->phase = 1;
    log->sticks += style == LM_LINK_STICK;
    log->springs += style == LM_LINK_SPRING;
    log->pins += style == LM_LINK_PIN;
}
static void draw_particle(void *ctx, lm_particle particle, lm_vec3 x, double r, unsigned flags) {
    draw_log *log = ctx;
    (void)r;
    lm_vec3 at = lm_particle_is_valid(log->world, particle)
                     ? lm_particle_position(log->world, particle)
                     : (lm_vec3){NAN, NAN, NAN};
    log->handles_bad += at.x != x.x || at.y != x.y || at.z != x.z;
    log->phase = 2;
    log->particles++;
    log->immovable += (flags & LM_DRAW_IMMOVABLE) != 0;
    log->pinned += (flags & LM_DRAW_PINNED) != 0;
}

static void test_draw_and_bounds(void) {
    lm_world *w = lm_world_create(NULL);
    lm_vec3 lo, hi;
    CHECK(!lm_world_bounds(w, &lo, &hi), "an empty world has no bounds");
    lm_particle a = add(w, -1, 0), b = add(w, 1, 2);
    lm_particle_set_mass(w, b, 0);
    lm_stick_def s = lm_stick_default_def();
    s.a = a;
    s.b = b;
    lm_stick_create(w, &s);
    lm_spring_def sp = lm_spring_default_def();
    sp.a = a;
    sp.b = b;
    lm_force_create_spring(w, &sp);
    lm_pin_create(w, a, (lm_vec3){-1, 0, 0});
    lm_collider_def box = lm_collider_default_def();
    lm_collider_create(w, &box);
    CHECK(lm_world_bounds(w, &lo, &hi) && lo.x == -1 && hi.y == 2 && lo.z == -1,
          "bounds cover particles and colliders");
    lm_draw_fns fns = {draw_collider, draw_link, draw_particle, NULL};
    draw_log log;
    memset(&log, 0, sizeof log);
    log.world = w;
    log.order_ok = 1;
    lm_world_draw(w, &fns, &log);
    CHECK(log.colliders == 1 && log.sticks == 1 && log.springs == 1 && log.pins == 1,
          "draw reports every collider and link with its style");
    CHECK(log.particles == 2 && log.immovable == 1 && log.pinned == 1,
          "draw flags immovable and pinned particles");
    CHECK(log.order_ok, "draw order: colliders, links, particles");
    CHECK(log.handles_bad == 0, "draw reports each object's live handle (renderer styles by it)");
    lm_world_destroy(w);
}

static void test_configure(void) {
    lm_world *w = lm_world_create(NULL);
    lm_world_def def = lm_world_settings(w);
    CHECK(def.integrator == LM_INTEGRATOR_VERLET && def.iterations == 10 && def.substeps == 0 &&
              lm_world_substeps(w) == 2 && def.projection == LM_PROJECT_SHAKE,
          "defaults: verlet, 10 iterations, the integrator's own sub-steps (2), shake");
    CHECK(lm_integrator_substeps(LM_INTEGRATOR_VERLET) == 2 &&
              lm_integrator_substeps(LM_INTEGRATOR_EULER) == 4 &&
              lm_integrator_substeps(LM_INTEGRATOR_SEMI_IMPLICIT_EULER) == 4 &&
              lm_integrator_substeps(LM_INTEGRATOR_RK4) == 2,
          "the integrators' own sub-steps: 2, and 4 for the Euler integrators");
    lm_particle p = add(w, 0, 0);
    lm_particle_set_velocity(w, p, (lm_vec3){1, 0, 0});
    def.time_step = 1.0 / 120;
    def.gravity = (lm_vec3){0, 0, 0};
    lm_world_configure(w, &def);
    for (int i = 0; i < 120; i++) {
        lm_world_step(w);
    }
    CHECK_NEAR(lm_particle_position(w, p).x, 1.0, 1e-12,
               "changing the time step keeps Verlet velocities");
    def.substeps = 0;
    lm_world_configure(w, &def);
    CHECK(lm_world_substeps(w) == 2 && lm_world_settings(w).substeps == 0,
          "substeps 0: the integrator's own");
    def.integrator = LM_INTEGRATOR_EULER;
    lm_world_configure(w, &def);
    CHECK(lm_world_substeps(w) == 4 && lm_world_settings(w).substeps == 0,
          "a world left at the integrator's sub-steps follows a change of integrator");
    def.substeps = 3;
    lm_world_configure(w, &def);
    CHECK(lm_world_substeps(w) == 3 && lm_world_settings(w).substeps == 3,
          "sub-steps asked for are kept");
    CHECK(!strcmp(lm_integrator_names()[LM_INTEGRATOR_RK4], "rk4") &&
              lm_integrator_names()[LM_INTEGRATOR_COUNT] == NULL,
          "integrator names are listed in enum order and end with NULL");
    lm_world_destroy(w);
}

int main(void) {
    test_handles();
    test_determinism();
    test_draw_and_bounds();
    test_configure();
    return check_summary();
}
