/*
 * labels.h - drawing a scene's picture: the world, then the script's labels.
 *
 * `loom render` and the window both draw a scene through app_draw_scene, so a
 * label sits in the same place on a PNG as on the screen. The window's own
 * text (heads-up display, help, errors) comes after, and only in the window.
 */
#ifndef LOOM_APP_LABELS_H
#define LOOM_APP_LABELS_H

#include "scene.h"

/* The fonts labels are drawn with, loaded on first use. */
typedef struct app_labels app_labels;

/* NULL when out of memory. */
app_labels *app_labels_create(void);
void app_labels_destroy(app_labels *labels);

/* Draws the scene's world as seen by camera, with the script's own drawing
 * on top (app_scene_draw: trails, arrows, loom.draw, plot panels), then its
 * labels and text. Without a font the text is left out, with one warning on
 * stderr. An auto projection is resolved as lr_renderer_draw resolves it.
 * False with a message in err when the script's loom.draw failed (the world
 * is drawn all the same). */
bool app_draw_scene(app_labels *labels, app_scene *scene, lr_renderer *renderer,
                    const lr_camera *camera, char *err, size_t err_size);

/* A rectangle of the picture, in pixels. */
typedef struct app_box {
    int x, y, width, height;
} app_box;

/* Where the last app_draw_scene put the scene's text (labels, the title,
 * loom.text, plot text) and the plot panels' strip. */
int app_labels_boxes(const app_labels *labels, const app_box **boxes);

/* Places a box of width x height margin pixels from a corner of the picture
 * where it covers none of those boxes: at a corner, or slid along the
 * picture's side from it (down from a top corner, up from a bottom one), the
 * shortest slide winning (top left, top right, bottom left, bottom right,
 * the first of equals). Where every place covers some, at the corner that
 * covers the least. */
void app_labels_free_corner(const app_labels *labels, int picture_width, int picture_height,
                            int width, int height, int margin, int *x, int *y);

#endif
