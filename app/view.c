/*
 * view.c - projecting to and from window pixels, with the renderer's view.
 */
#include "view.h"

app_view app_view_make(const lr_camera *camera, int width, int height) {
    return lr_view_make(camera, camera->projection == LR_PROJECTION_PERSPECTIVE, width, height);
}

app_view app_view_make_part(const lr_camera *camera, int left, int width, int height) {
    app_view view = app_view_make(camera, width, height);
    view.cx += left;
    return view;
}

bool app_view_project(const app_view *view, lm_vec3 point, double *x, double *y, double *depth) {
    return lr_view_project(view, point, x, y, depth);
}

lm_vec3 app_view_unproject(const app_view *view, double x, double y, lm_vec3 on) {
    return lr_view_unproject(view, x, y, on);
}
