/* engine_shapes.c - area and volume constraints made and removed many times:
 * memory stays bounded and the shapes that remain keep acting on their own
 * particles. White-box: it reads the world's shape index (internal.h). */
#include <math.h>

#include "../engine/world.h"
#include "check.h"

#define PI 3.14159265358979323846

enum { N = 12 };

/* A ring of N particles around (cx, 0) with sticks between neighbours. */
static void ring(lm_world *w, double cx, lm_particle out[N]) {
    for (int i = 0; i < N; i++) {
        lm_particle_def def = lm_particle_default_def();
        double a = 2 * PI * i / N;
        def.position = (lm_vec3){cx + cos(a), sin(a), 0};
        out[i] = lm_particle_create(w, &def);
    }
    for (int i = 0; i < N; i++) {
        lm_stick_def def = lm_stick_default_def();
        def.a = out[i];
        def.b = out[(i + 1) % N];
        lm_stick_create(w, &def);
    }
}

static lm_constraint area(lm_world *w, lm_particle p[N]) {
    lm_shape_def def = lm_shape_default_def();
    def.particles = p;
    def.particle_count = N;
    return lm_area_create(w, &def);
}

int main(void) {
    lm_world_def wd = lm_world_default_def();
    wd.gravity = (lm_vec3){0, 0, 0};
    lm_world *w = lm_world_create(&wd);
    lm_particle kept[N], churn[N], first[N];
    ring(w, -3, first);
    ring(w, 0, kept);
    ring(w, 3, churn);

    /* The kept area is made after one that is removed, so compaction has to
     * move its entries forward. */
    lm_constraint gone = area(w, first);
    lm_constraint stays = area(w, kept);
    double rest = lm_constraint_value(w, stays);
    lm_constraint_destroy(w, gone);
    uint32_t capacity_after_two = 0;
    for (int round = 0; round < 2000; round++) {
        lm_constraint c = area(w, churn);
        lm_world_step(w);
        lm_constraint_destroy(w, c);
        if (round == 1)
            capacity_after_two = w->shape_index_capacity;
    }
    lm_world_step(w);
    printf("# shape index: %u entries in use, capacity %u (after two rounds %u)\n",
           w->shape_index_count, w->shape_index_capacity, capacity_after_two);
    CHECK(w->shape_index_capacity <= capacity_after_two,
          "2000 areas made and removed: the shape index does not grow");
    CHECK(w->shape_index_count <= 3 * N, "... and holds little more than the area that stays");
    CHECK_NEAR(lm_constraint_value(w, stays), rest, 1e-9,
               "the area that stays still measures its own ring after its entries moved");

    /* It still acts on its own particles: squash its ring and it recovers,
     * while the churned ring (no area any more) is left as squashed. */
    for (int i = 0; i < N; i++) {
        lm_vec3 x = lm_particle_position(w, kept[i]);
        lm_particle_set_position(w, kept[i], (lm_vec3){x.x, 0.3 * x.y, 0});
        x = lm_particle_position(w, churn[i]);
        lm_particle_set_position(w, churn[i], (lm_vec3){x.x, 0.3 * x.y, 0});
    }
    for (int step = 0; step < 120; step++)
        lm_world_step(w);
    CHECK(fabs(lm_constraint_value(w, stays) - rest) <= 0.05 * rest,
          "the area that stays recovers its ring's area within 5%");
    double churn_area = 0;
    for (int i = 0; i < N; i++) {
        lm_vec3 a = lm_particle_position(w, churn[i]),
                b = lm_particle_position(w, churn[(i + 1) % N]);
        churn_area += 0.5 * (a.x * b.y - b.x * a.y);
    }
    CHECK(fabs(churn_area) < 0.5 * rest, "the ring whose areas were all removed stays squashed");
    lm_world_destroy(w);
    return check_summary();
}
