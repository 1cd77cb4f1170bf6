/*
 * picture.h - a scene's picture: what its script asked for (the world, its
 * drawing, labels, title and plots, its theme and scale) handed to the
 * renderer, which lays it out and draws it (render/compose.h).
 *
 * `loom render` and the window both draw a scene through here, so a label
 * sits in the same place on a PNG as on the screen. The window's own panels
 * (heads-up display, sliders, help, errors) come after, and only in the
 * window.
 */
#ifndef LOOM_APP_PICTURE_H
#define LOOM_APP_PICTURE_H

#include "scene.h"

/* The labels of the picture being made; kept between pictures. */
typedef struct app_picture app_picture;

/* NULL when out of memory. */
app_picture *app_picture_create(void);
void app_picture_destroy(app_picture *picture);

/* What the picture shows besides the scene's own choices. */
typedef struct app_picture_options {
    unsigned hidden; /* LR_HIDE_*: the window's toggles */
    double scale;    /* text, lines and markers times this, on top of the scene's
                      * loom.style{ scale }; 0 counts as 1 */
} app_picture_options;

/* Runs the scene's drawing for one frame (app_scene_draw: trails, arrows,
 * loom.draw) inside the scene's guard, as `loom render` does once per frame;
 * what it drew is what the next pictures show. False with a message in err
 * when loom.draw failed (the pictures then show the world without it). */
bool app_picture_script(app_picture *picture, app_scene *scene, char *err, size_t err_size);

/* Runs the scene's drawing (as app_picture_script, without a guard of its
 * own) and composes the scene's picture as seen by camera into the
 * renderer's display list (lr_renderer_compose); lr_renderer_draw_list then
 * draws it, on any thread. False with a message in err when the script's
 * loom.draw failed (the world is composed all the same). */
bool app_picture_compose(app_picture *picture, app_scene *scene, lr_renderer *renderer,
                         const lr_camera *camera, const app_picture_options *options, char *err,
                         size_t err_size);

/* Composes what the scene's drawing last gave (app_picture_script: it is not
 * run again, so a picture drawn again for a new camera or size shows the
 * same frame) and draws it, inside the scene's guard: one time limit. False
 * with a message in err when the picture ran out of time (then left
 * unfinished). */
bool app_picture_draw(app_picture *picture, app_scene *scene, lr_renderer *renderer,
                      const lr_camera *camera, const app_picture_options *options, char *err,
                      size_t err_size);

#endif
