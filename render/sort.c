/*
 * sort.c - stage 2: the painter's order.
 */
#include "stage.h"

static int compare_back_to_front(const void *a, const void *b) {
    const prim *pa = a, *pb = b;
    if (pa->depth != pb->depth)
        return pa->depth > pb->depth ? -1 : 1;
    return pa->order < pb->order ? -1 : pa->order > pb->order;
}

void lr_sort(lr_stage *stage, const lm_world *const *worlds, int count) {
    /* A flat scene seen straight on keeps the engine's order: colliders,
     * links, particles (world after world, when several are overlaid).
     * Anything else is drawn back to front. */
    bool flat = false;
    lm_vec3 min = {INFINITY, INFINITY, INFINITY}, max = {-INFINITY, -INFINITY, -INFINITY};
    for (int i = 0; i < count; i++) {
        lm_vec3 low, high;
        if (lm_world_bounds(worlds[i], &low, &high)) {
            min = (lm_vec3){fmin(min.x, low.x), fmin(min.y, low.y), fmin(min.z, low.z)};
            max = (lm_vec3){fmax(max.x, high.x), fmax(max.y, high.y), fmax(max.z, high.z)};
        }
    }
    if (stage->view.straight && min.x <= max.x) {
        double z_extent = stage->particle_zmax >= stage->particle_zmin
                              ? stage->particle_zmax - stage->particle_zmin
                              : 0.0;
        flat = z_extent <= FLAT_TOLERANCE * max2(max.x - min.x, max.y - min.y);
    }
    if (!flat && stage->prim_count > 1) /* qsort may not be given a NULL array */
        qsort(stage->prims, stage->prim_count, sizeof(prim), compare_back_to_front);
}
