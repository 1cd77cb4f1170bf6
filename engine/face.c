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

lm_constraint lm_face_create(lm_world *world, lm_particle a, lm_particle b, lm_particle c) {
    uint32_t sa = lm_particle_slot(world, a), sb = lm_particle_slot(world, b);
    uint32_t sc = lm_particle_slot(world, c);
    assert(sa != sb && sb != sc && sa != sc && "a face needs three different particles");
    lm_constraint_item *item;
    lm_constraint handle = lm_constraint_add(world, &item, LM_CONSTRAINT_FACE, LM_SOLVER_FACE, 3);
    if (!item) {
        return handle;
    }
    item->particle[0] = sa;
    item->particle[1] = sb;
    item->particle[2] = sc;
    item->stiffness = 1;
    lm_constraint_link(world, &lm_face_class, item, handle);
    return handle;
}

/* Reported to the drawing as a face, among the links. */
static void draw_face(const lm_world *world, const lm_constraint_item *c, lm_constraint handle,
                      const lm_draw_fns *fns, void *context) {
    if (fns->face) {
        const lm_vec3 *x = world->particles.x;
        fns->face(context, handle, x[c->particle[0]], x[c->particle[1]], x[c->particle[2]]);
    }
}

const lm_constraint_class lm_face_class = {
    .name = "face",
    .phase = 0,
    .particle_count = 3,
    .solve = solve_faces,
    .error = face_error,
    .value = face_area,
    .draw = draw_face,
};
