/*
 * view.c - projecting to and from window pixels.
 */
#include "view.h"

#include <math.h>

#define DEGREES (3.14159265358979323846 / 180.0)

static lm_vec3 add_scaled(lm_vec3 a, lm_vec3 b, double s) {
    return (lm_vec3){a.x + b.x * s, a.y + b.y * s, a.z + b.z * s};
}

static double dot(lm_vec3 a, lm_vec3 b) {
    return a.x * b.x + a.y * b.y + a.z * b.z;
}

static lm_vec3 sub(lm_vec3 a, lm_vec3 b) {
    return (lm_vec3){a.x - b.x, a.y - b.y, a.z - b.z};
}

app_view app_view_make(const lm_camera *camera, int width, int height) {
    /* The same frame, fallbacks included, as the renderer draws with. */
    lm_camera_frame frame = lm_camera_frame_of(camera);
    double h = frame.height, fov = frame.fov;
    app_view v;
    v.perspective = camera->projection == LM_PROJECTION_PERSPECTIVE;
    v.target = frame.target;
    v.forward = frame.forward;
    v.right = frame.right;
    v.up = frame.up;
    v.cx = 0.5 * width;
    v.cy = 0.5 * height;
    v.metres_per_pixel = h / (height > 0 ? height : 1);
    if (v.perspective) {
        double distance = 0.5 * h / tan(0.5 * fov * DEGREES);
        v.eye = add_scaled(v.target, v.forward, -distance);
        v.focal = height * distance / h;
    } else {
        v.eye = v.target;
        v.focal = height / h;
    }
    return v;
}

bool app_view_project(const app_view *view, lm_vec3 point, double *x, double *y, double *depth) {
    lm_vec3 q = sub(point, view->eye);
    double cx = dot(q, view->right), cy = dot(q, view->up), cz = dot(q, view->forward);
    double k = view->focal;
    if (view->perspective) {
        if (cz <= 1e-9)
            return false;
        k /= cz;
    }
    *x = view->cx + cx * k;
    *y = view->cy - cy * k;
    *depth = cz;
    return isfinite(*x) && isfinite(*y);
}

lm_vec3 app_view_unproject(const app_view *view, double x, double y, lm_vec3 on) {
    double sx = x - view->cx, sy = view->cy - y;
    if (!view->perspective) {
        /* Straight along forward from the picture plane to the plane through on. */
        lm_vec3 p = add_scaled(add_scaled(view->target, view->right, sx / view->focal), view->up,
                               sy / view->focal);
        return add_scaled(p, view->forward, dot(sub(on, p), view->forward));
    }
    lm_vec3 ray = add_scaled(add_scaled(view->forward, view->right, sx / view->focal), view->up,
                             sy / view->focal);
    double along = dot(ray, view->forward); /* 1 */
    double t = dot(sub(on, view->eye), view->forward) / along;
    return add_scaled(view->eye, ray, t);
}
