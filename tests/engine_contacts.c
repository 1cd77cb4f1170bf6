/* engine_contacts.c - the particle-contact pair search (contact.c) finds the
 * same pairs, in the same order, whichever grid it uses: a pile alone uses
 * the dense grid; the same pile with one particle far away (the box then
 * holds too many cells) uses the hashed one. Both must give the same bits. */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "../engine/loom.h"
#include "check.h"

static lm_world *pile(int n, bool far_away) {
    lm_world_def def = lm_world_default_def();
    def.collide_particles = true;
    def.iterations = 10;
    lm_world *w = lm_world_create(&def);
    lm_collider_def floor = lm_collider_default_def();
    floor.kind = LM_COLLIDER_PLANE;
    lm_collider_create(w, &floor);
    int side = (int)ceil(cbrt((double)n));
    for (int i = 0; i < n; i++) {
        lm_particle_def pd = lm_particle_default_def();
        int x = i % side, z = (i / side) % side, y = i / (side * side);
        pd.position = (lm_vec3){x * 0.09 + 0.003 * (y % 3), 0.05 + y * 0.09, z * 0.09 - 0.002 * x};
        pd.radius = i % 7 == 0 ? 0.06 : 0.05;
        pd.mass = i % 5 == 0 ? 2 : 1;
        lm_particle_create(w, &pd);
    }
    if (far_away) {
        lm_particle_def pd = lm_particle_default_def();
        pd.position = (lm_vec3){5e4, 3e4, -2e4};
        pd.radius = 0.05;
        pd.mass = 0;
        lm_particle_create(w, &pd);
    }
    return w;
}

int main(void) {
    enum { N = 400 };
    lm_world *dense = pile(N, false), *hashed = pile(N, true);
    for (int s = 0; s < 90; s++) {
        lm_world_step(dense);
        lm_world_step(hashed);
    }
    bool same = true, apart = true, above = true;
    for (uint32_t i = 0; i < N; i++) {
        lm_particle a = lm_world_particle_in_slot(dense, i),
                    b = lm_world_particle_in_slot(hashed, i);
        lm_vec3 xa = lm_particle_position(dense, a), xb = lm_particle_position(hashed, b);
        same &= memcmp(&xa, &xb, sizeof xa) == 0;
        above &= xa.y > lm_particle_radius(dense, a) - 1e-3;
        for (uint32_t j = i + 1; j < N; j++) {
            lm_particle c = lm_world_particle_in_slot(dense, j);
            lm_vec3 d = lm_particle_position(dense, c);
            double gap = sqrt((d.x - xa.x) * (d.x - xa.x) + (d.y - xa.y) * (d.y - xa.y) +
                              (d.z - xa.z) * (d.z - xa.z)) -
                         lm_particle_radius(dense, a) - lm_particle_radius(dense, c);
            apart &= gap > -0.01;
        }
    }
    CHECK(same, "the dense and the hashed grid give the same bits");
    CHECK(apart, "after 1.5 s the balls overlap by less than 1 cm (20% of a radius)");
    CHECK(above, "and rest on the floor");
    lm_world_destroy(dense);
    lm_world_destroy(hashed);
    return check_summary();
}
