/* engine_poses.c - a moving collider is seen at one pose per sub-step by
 * every collision pass ("pose the colliders", engine/collider.c): an
 * embedded point and a plain particle at the same place are pushed in the
 * same sub-step, by the same pose. */
#include <math.h>
#include <stdio.h>

#include "../engine/loom.h"
#include "check.h"

enum { SUBSTEPS = 4 };

/* Where the watched point was at the start of each sub-step (the force
 * callback runs once per sub-step with Verlet, before anything moves). */
typedef struct watch {
    lm_particle corner[4]; /* an embedded point's four particles, or corner[0] alone */
    int count;
    int calls;
    double x[SUBSTEPS + 1];
} watch;

static double watched_x(lm_world *w, const watch *m) {
    double x = 0;
    for (int i = 0; i < m->count; i++) {
        x += lm_particle_position(w, m->corner[i]).x / m->count;
    }
    return x;
}

static int record(lm_world *w, double time, void *context) {
    (void)time;
    watch *m = context;
    if (m->calls <= SUBSTEPS) {
        m->x[m->calls] = watched_x(w, m);
    }
    m->calls++;
    return 0;
}

/* A sphere of radius 0.5 swept in one step from x = -2 to x = 0.2 past a
 * point at the origin: sub-steps 0 and 1 see it 0.95 and 0.4 m short of the
 * point, sub-step 2 reaches it. embedded: the point is the centroid of four
 * particles that touch no collider themselves (mask 0); otherwise a plain
 * particle of radius 0. Returns the point's x at the start of every
 * sub-step and after the step. */
static void sweep(bool embedded, double x_at[SUBSTEPS + 1]) {
    lm_world_def def = lm_world_default_def();
    def.gravity = (lm_vec3){0, 0, 0};
    def.substeps = SUBSTEPS;
    lm_world *w = lm_world_create(&def);
    lm_collider_def cd = lm_collider_default_def();
    cd.kind = LM_COLLIDER_SPHERE;
    cd.radius = 0.5;
    cd.position = (lm_vec3){-2, 3, 0}; /* its path is the line y = 3 */
    lm_collider sphere = lm_collider_create(w, &cd);
    watch m = {.count = embedded ? 4 : 1};
    if (embedded) {
        /* a tetrahedron 2 m across around the origin: its corners stay
         * clear of the sphere's path, its centroid is in it */
        const lm_vec3 corners[4] = {{1, 1, 1}, {1, -1, -1}, {-1, 1, -1}, {-1, -1, 1}};
        for (int i = 0; i < 4; i++) {
            lm_particle_def pd = lm_particle_default_def();
            pd.position = (lm_vec3){corners[i].x, corners[i].y + 3, corners[i].z};
            m.corner[i] = lm_particle_create(w, &pd);
            lm_particle_set_collision_mask(w, m.corner[i], 0);
        }
        const double quarter[4] = {0.25, 0.25, 0.25, 0.25};
        lm_embedded_create(w, m.corner, quarter, 0);
    } else {
        lm_particle_def pd = lm_particle_default_def();
        pd.position = (lm_vec3){0, 3, 0};
        m.corner[0] = lm_particle_create(w, &pd);
    }
    m.calls = 0;
    lm_force_create_callback(w, record, &m, NULL);
    lm_collider_set_position(w, sphere, (lm_vec3){0.2, 3, 0});
    lm_world_step(w);
    for (int k = 0; k < SUBSTEPS; k++) {
        x_at[k] = m.x[k];
    }
    x_at[SUBSTEPS] = watched_x(w, &m);
    lm_world_destroy(w);
}

static void test_embedded_sees_the_substep_pose(void) {
    double plain[SUBSTEPS + 1], point[SUBSTEPS + 1];
    sweep(false, plain);
    sweep(true, point);
    CHECK_NEAR(point[1], 0, 1e-12,
               "a sphere sweeping past is 0.95 m short at sub-step 0 of 4: the embedded point "
               "stays put");
    CHECK_NEAR(point[2], 0, 1e-12, "... and at sub-step 1 (0.4 m short)");
    CHECK_NEAR(plain[2], 0, 1e-12, "... as a plain particle at the same place does");
    /* sub-step 2 sees the centre at -2 + 2.2 x 3/4 = -0.35: the surface at 0.15 */
    CHECK_NEAR(plain[3], 0.15, 1e-9, "sub-step 2 reaches the plain particle: on the surface");
    CHECK_NEAR(point[3], 0.15, 1e-9,
               "... and the embedded point, to the same place (the end-of-step pose would "
               "have pushed it the other way, to -0.3)");
}

int main(void) {
    test_embedded_sees_the_substep_pose();
    return check_summary();
}
