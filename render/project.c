/*
 * project.c - the one projection from the world to pixels: the renderer's
 * canvas, the window's mouse and the labels all go through lr_view.
 */
#include "stage.h"

#include <string.h>

#define DEGREES (3.14159265358979323846 / 180.0)

lr_view lr_view_make(const lr_camera *camera, bool perspective, double width, double height) {
    lr_camera_frame frame = lr_camera_frame_of(camera);
    double h = frame.height, fov = frame.fov;
    lm_vec3 target = frame.target;

    lr_view v;
    v.perspective = perspective;
    v.straight = !perspective && frame.yaw == 0.0 && frame.pitch == 0.0;
    v.forward = frame.forward;
    v.right = frame.right;
    v.up = frame.up;
    v.cx = 0.5 * width;
    v.cy = 0.5 * height;
    v.point = height / 720.0;
    v.target = target;
    v.height_m = h;
    v.metres_per_pixel = h / (height > 0.0 ? height : 1.0);
    if (perspective) {
        double distance = 0.5 * h / tan(0.5 * fov * DEGREES);
        v.origin = (lm_vec3){target.x - v.forward.x * distance, target.y - v.forward.y * distance,
                             target.z - v.forward.z * distance};
        v.focal = height * distance / h;
        v.near = 1e-3 * distance;
    } else {
        v.origin = target;
        v.focal = height / h;
        v.near = -INFINITY;
    }
    return v;
}

bool lr_view_project(const lr_view *v, lm_vec3 point, double *x, double *y, double *depth) {
    camera_point c = lr_to_camera(v, point);
    if (!isfinite(c.x) || !isfinite(c.y) || !isfinite(c.z) || c.z < v->near)
        return false;
    lr_to_canvas(v, c, x, y);
    *depth = c.z;
    return isfinite(*x) && isfinite(*y);
}

lm_vec3 lr_view_unproject(const lr_view *v, double x, double y, lm_vec3 on) {
    double sx = x - v->cx, sy = v->cy - y;
    if (!v->perspective) {
        /* Straight along forward from the picture plane to the plane through on. */
        lm_vec3 p = along(along(v->target, v->right, sx / v->focal), v->up, sy / v->focal);
        return along(p, v->forward, dot(sub(on, p), v->forward));
    }
    lm_vec3 ray = along(along(v->forward, v->right, sx / v->focal), v->up, sy / v->focal);
    double t = dot(sub(on, v->origin), v->forward) / dot(ray, v->forward);
    return along(v->origin, ray, t);
}

camera_point lr_to_camera(const lr_view *v, lm_vec3 p) {
    lm_vec3 q = sub(p, v->origin);
    return (camera_point){dot(q, v->right), dot(q, v->up), dot(q, v->forward)};
}

double lr_pixels_per_metre(const lr_view *v, double z) {
    return v->perspective ? v->focal / z : v->focal;
}

void lr_to_canvas(const lr_view *v, camera_point c, double *x, double *y) {
    double k = lr_pixels_per_metre(v, c.z);
    *x = v->cx + c.x * k;
    *y = v->cy - c.y * k;
}

bool lr_clip_segment(const lr_view *v, double *x0, double *y0, double *x1, double *y1) {
    double dx = *x1 - *x0, dy = *y1 - *y0;
    double p[4] = {-dx, dx, -dy, dy};
    double q[4] = {*x0 + FAR, 2.0 * v->cx + FAR - *x0, *y0 + FAR, 2.0 * v->cy + FAR - *y0};
    double t0 = 0.0, t1 = 1.0;
    for (int i = 0; i < 4; i++) {
        if (p[i] == 0.0) {
            if (q[i] < 0.0)
                return false;
        } else {
            double t = q[i] / p[i];
            if (p[i] < 0.0) {
                if (t > t1)
                    return false;
                if (t > t0)
                    t0 = t;
            } else {
                if (t < t0)
                    return false;
                if (t < t1)
                    t1 = t;
            }
        }
    }
    double sx = *x0, sy = *y0;
    *x0 = sx + t0 * dx;
    *y0 = sy + t0 * dy;
    *x1 = sx + t1 * dx;
    *y1 = sy + t1 * dy;
    return true;
}

int lr_clip_polygon(const lr_view *v, double *x, double *y, int n) {
    double bounds[4] = {-FAR, 2.0 * v->cx + FAR, -FAR, 2.0 * v->cy + FAR};
    for (int side = 0; side < 4 && n > 0; side++) {
        double ox[POLYGON_MAX], oy[POLYGON_MAX];
        int m = 0;
        for (int i = 0; i < n; i++) {
            int j = (i + 1) % n;
            double ci = side < 2 ? x[i] : y[i], cj = side < 2 ? x[j] : y[j];
            double limit = bounds[side];
            bool in_i = side % 2 == 0 ? ci >= limit : ci <= limit;
            bool in_j = side % 2 == 0 ? cj >= limit : cj <= limit;
            if (in_i && m < POLYGON_MAX) {
                ox[m] = x[i];
                oy[m++] = y[i];
            }
            if (in_i != in_j && m < POLYGON_MAX) {
                double t = (limit - ci) / (cj - ci);
                ox[m] = x[i] + t * (x[j] - x[i]);
                oy[m++] = y[i] + t * (y[j] - y[i]);
            }
        }
        n = m;
        memcpy(x, ox, sizeof(double) * (size_t)m);
        memcpy(y, oy, sizeof(double) * (size_t)m);
    }
    return n;
}
