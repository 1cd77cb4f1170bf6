/* face.c - a collision face keeps nothing by itself: its particles are held together
 * by whatever sticks the scene gave them. The collision pass
 * (lm_faces_project in collider.c) finds the faces through their runs. */
#include "constraint.h"

static void solve_faces(lm_world *world, const lm_step *step, lm_constraint_item *items,
                        uint32_t count) {
    (void)world;
    (void)step;
    (void)items;
    (void)count;
}

static double face_area(const lm_world *world, const lm_constraint_item *c) {
    const lm_vec3 *x = world->particles.x;
    lm_vec3 a = x[c->particle[0]];
    lm_vec3 n = lm_cross(lm_sub(x[c->particle[1]], a), lm_sub(x[c->particle[2]], a));
    return 0.5 * sqrt(lm_dot(n, n));
}

static double face_error(const lm_world *world, const lm_constraint_item *c) {
    (void)world;
    (void)c;
    return 0;
}

const lm_constraint_class lm_face_class = {
    .name = "face",
    .phase = 0,
    .particle_count = 3,
    .solve = solve_faces,
    .error = face_error,
    .value = face_area,
};
