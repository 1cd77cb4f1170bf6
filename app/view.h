/*
 * view.h - the window's camera seen from the screen: where a world point
 * lands in the window, and which world points lie under a pixel.
 *
 * The renderer's own projection (lr_view, render/project.c), at window
 * pixels: there is one projection in loom.
 */
#ifndef LOOM_APP_VIEW_H
#define LOOM_APP_VIEW_H

#include <stdbool.h>

#include "../render/render.h"

typedef lr_view app_view;

/* camera->projection must be orthographic or perspective (not auto). */
app_view app_view_make(const lr_camera *camera, int width, int height);
/* The view of one world of several side by side: its columns from left,
 * width pixels wide, in a picture height pixels high (lr_layout.parts). */
app_view app_view_make_part(const lr_camera *camera, int left, int width, int height);

/* Window pixel of a world point and its depth along forward; false when it
 * lies behind the eye. */
bool app_view_project(const app_view *view, lm_vec3 point, double *x, double *y, double *depth);

/* The point under pixel (x, y) on the plane through `on` facing the camera. */
lm_vec3 app_view_unproject(const app_view *view, double x, double y, lm_vec3 on);

#endif
