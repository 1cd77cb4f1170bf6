/*
 * stage.c - a world into the display list: the stages of stage.h in order.
 */
#include "stage.h"

lr_stage *lr_stage_create(void) {
    return calloc(1, sizeof(lr_stage));
}

void lr_stage_destroy(lr_stage *stage) {
    if (!stage)
        return;
    lr_surface_free(stage);
    free(stage->prims);
    free(stage);
}

void lr_stage_draw_world(lr_stage *stage, const lm_world *world, const lr_view *view,
                         const lr_theme *theme, const lr_styles *styles, unsigned hidden,
                         lr_list *list) {
    lr_stage_draw_worlds(stage, &world, &styles, 1, view, theme, hidden, list);
}

void lr_stage_draw_worlds(lr_stage *stage, const lm_world *const *worlds,
                          const lr_styles *const *styles, int count, const lr_view *view,
                          const lr_theme *theme, unsigned hidden, lr_list *list) {
    stage->view = *view;
    stage->list = list;
    stage->theme = *theme;
    stage->hidden = hidden;
    stage->prim_count = 0;
    stage->next_order = 0;
    stage->grid_drawn = false;
    stage->particle_zmin = INFINITY;
    stage->particle_zmax = -INFINITY;

    /* Each world collected (and its surfaces found) with its own looks,
     * into one list of primitives: sorted together, as one world. */
    for (int i = 0; i < count; i++) {
        stage->styles = styles[i];
        stage->world = worlds[i];
        stage->has_floor = false;
        stage->link_count = stage->particle_count = 0;
        stage->face_count = stage->caster_count = 0;
        const lm_draw_fns fns = {hidden & LR_HIDE_COLLIDERS ? NULL : lr_collect_collider,
                                 lr_collect_link, lr_collect_particle, lr_collect_face};
        lm_world_draw(worlds[i], &fns, stage);
        if (!stage->view.straight)
            lr_surface_build(stage);
    }
    stage->world = NULL;
    lr_sort(stage, worlds, count);
    lr_expand(stage);
    stage->list = NULL;
    stage->styles = NULL;
}
