/*
 * picture.c - a scene's picture handed to the renderer: its labels gathered
 * from the script (with followed particles' positions resolved), its
 * drawing, plots, theme and styles.
 */
#include "picture.h"

#include "guard.h"

#include <stdio.h>
#include <stdlib.h>

#include "../bindings/loom_lua.h"

struct app_picture {
    lr_label *labels;
    size_t count, capacity;
    lr_scene_world worlds[LR_MAX_WORLDS]; /* the scene's, when it shows several */
    char names[LR_MAX_WORLDS][64];
    bool drawn; /* the last run of the scene's drawing succeeded */
};

app_picture *app_picture_create(void) {
    return calloc(1, sizeof(app_picture));
}

void app_picture_destroy(app_picture *picture) {
    if (!picture)
        return;
    free(picture->labels);
    free(picture);
}

static void gather(void *context, const lmlua_label *label) {
    app_picture *picture = context;
    if (picture->count == picture->capacity) {
        size_t capacity = picture->capacity ? 2 * picture->capacity : 16;
        lr_label *grown = realloc(picture->labels, capacity * sizeof *grown);
        if (!grown)
            return; /* out of memory: the picture lacks this label */
        picture->labels = grown;
        picture->capacity = capacity;
    }
    picture->labels[picture->count++] = *label;
}

bool app_picture_script(app_picture *picture, app_scene *scene, char *err, size_t err_size) {
    app_guard *guard = app_scene_guard(scene);
    app_guard_enter(guard);
    picture->drawn = app_scene_draw(scene, err, err_size);
    app_guard_leave(guard);
    return picture->drawn;
}

/* The picture of what the scene's drawing last gave, into the renderer's
 * display list. */
static void lay_out(app_picture *picture, app_scene *scene, lr_renderer *renderer,
                    const lr_camera *camera, const app_picture_options *options) {
    picture->count = 0;
    app_scene_each_label(scene, gather, picture);
    lr_scene frame = {0};
    frame.world = app_scene_world(scene);
    frame.camera = *camera;
    frame.styles = app_scene_styles(scene);
    if (app_scene_world_count(scene) > 1) {
        frame.world_count =
            app_scene_shown(scene, picture->worlds, picture->names, &frame.side_by_side);
        frame.worlds = picture->worlds;
    }
    frame.theme = app_scene_theme(scene);
    frame.hidden = options ? options->hidden : 0u;
    frame.scale = frame.theme.scale * (options && options->scale > 0.0 ? options->scale : 1.0);
    frame.overlay = picture->drawn ? app_scene_overlay(scene) : NULL;
    frame.plots = app_scene_plots(scene);
    frame.labels = picture->labels;
    frame.label_count = picture->count;
    lr_renderer_compose(renderer, &frame);
}

bool app_picture_compose(app_picture *picture, app_scene *scene, lr_renderer *renderer,
                         const lr_camera *camera, const app_picture_options *options, char *err,
                         size_t err_size) {
    picture->drawn = app_scene_draw(scene, err, err_size);
    lay_out(picture, scene, renderer, camera, options);
    return picture->drawn;
}

/* The renderer's interrupt: the picture's deadline. */
static bool past_deadline(void *guard) {
    return app_guard_over(guard);
}

bool app_picture_draw(app_picture *picture, app_scene *scene, lr_renderer *renderer,
                      const lr_camera *camera, const app_picture_options *options, char *err,
                      size_t err_size) {
    /* One deadline for the picture: the layout and the renderer's work. */
    app_guard *guard = app_scene_guard(scene);
    app_guard_enter(guard);
    lay_out(picture, scene, renderer, camera, options);
    lr_renderer_set_interrupt(renderer, past_deadline, guard);
    lr_renderer_draw_list(renderer);
    lr_renderer_set_interrupt(renderer, NULL, NULL);
    bool stopped = lr_renderer_stopped(renderer);
    if (stopped)
        snprintf(err, err_size, "%s: %s", app_scene_path(scene), app_guard_message(guard));
    app_guard_leave(guard);
    return !stopped;
}
