/*
 * view.h - the window's camera seen from the screen: where a world point
 * lands in the window, and which world points lie under a pixel.
 *
 * Same conventions as the renderer (render/render.c, make_view): the
 * camera looks along forward from yaw and pitch; orthographic pictures show
 * `height` metres over the window's height; perspective ones have the eye
 * 0.5 * height / tan(fov / 2) behind the target.
 */
#ifndef LOOM_APP_VIEW_H
#define LOOM_APP_VIEW_H

#include <stdbool.h>

#include "../render/render.h"

typedef struct app_view {
    bool perspective;
    lm_vec3 target, right, up, forward;
    lm_vec3 eye;             /* perspective only */
    double focal;            /* perspective: pixels at unit depth; orthographic: pixels per metre */
    double cx, cy;           /* the window's centre in pixels */
    double metres_per_pixel; /* at the target's depth */
} app_view;

/* camera->projection must be orthographic or perspective (not auto). */
app_view app_view_make(const lm_camera *camera, int width, int height);

/* Window pixel of a world point and its depth along forward; false when it
 * lies behind the eye. */
bool app_view_project(const app_view *view, lm_vec3 point, double *x, double *y, double *depth);

/* The point under pixel (x, y) on the plane through `on` facing the camera. */
lm_vec3 app_view_unproject(const app_view *view, double x, double y, lm_vec3 on);

#endif
